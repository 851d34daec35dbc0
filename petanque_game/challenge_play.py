"""Taking a challenge (challenge.py): the game it starts, its board in the player's levels folder
so that the record can be replayed and verified later, the challenges kept in the user folder's
`challenges/`, and a resumed game found to be one of them again. The results kept per challenge:
challenge_results.py.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from petanque_game import paths
from petanque_game.challenge import Board, Challenge, ChallengeError
from petanque_game.challenge_results import IDENT, results_path
from petanque_game.files import ReadProblem, ensure_folder, os_reason, write_new
from petanque_game.record import Record, Seat

# a challenger's game that earlier versions' "Side by side" left beside the challenges
OLD_SIDE_BY_SIDE = re.compile(r"challenger-[0-9a-f]{16}\.json")


def challenges_dir() -> Path:
    """Challenges made in the window, and the results of those taken."""
    return paths.user_dir() / "challenges"


def board_to_play(board: Board) -> Any:
    """The challenge's board as a Level that a record can name: the shipped board when it is the
    same file; else the player's copy in their levels folder, written there if it is not there
    yet, under a name of its own (NAME-<8 hex>) when another board already has its name."""
    from petanque_game.challenge_games import board_names
    from petanque_game.physics.level import (
        LevelError,
        board_text,
        load_named_level,
        name_problem,
        user_levels_dir,
    )

    for name in board_names(board):
        try:
            if board_text(name) == board.text:
                return load_named_level(name)
            continue  # a board of that name, with other contents
        except LevelError:
            pass
        path = user_levels_dir() / f"{name}.yaml"
        if name_problem(name) is not None or os.path.lexists(path):
            continue
        try:
            ensure_folder(user_levels_dir())
            write_new(path, board.text, None, "the board")
        except OSError as e:
            raise ChallengeError(f"the board cannot be put in {user_levels_dir()}: "
                                 f"{os_reason(e)}") from None
        return load_named_level(name)
    raise ChallengeError(f"the board {board.name!r} cannot be put in {user_levels_dir()}: "
                         "two other boards there have its names")


def start(challenge: Challenge, name: str = "You", *, ai_level: str | None = None,
          autosave: Path | None = None, created: str | None = None) -> Any:
    """The game of `challenge` for the player `name` (a Match). With `ai_level`, an AI of that
    level takes the taker's seat instead (`petanque-game challenge take`)."""
    from petanque_game.match import Match

    seats = challenge.seats_for(name)
    if ai_level is not None:
        seats[challenge.you] = Seat(f"{name} ({ai_level})", "ai", ai_level)
    level = board_to_play(challenge.board) if challenge.board is not None else None
    try:
        match = Match.new(challenge.game, seats, dict(challenge.options), challenge.seed, level,
                          autosave=autosave, created=created, hands=challenge.hands())
    except ValueError as e:  # a seat's name the record refuses
        raise ChallengeError(str(e)) from None
    match.record.extra["challenge"] = challenge.ident  # a resumed game is still this challenge
    return match


def keep(challenge: Challenge) -> Path:
    """The challenge's file in the challenges folder (written if it is not there): where a
    resumed game finds it again by its ident, and where the Challenges list reads it from."""
    from petanque_game import challenge_index

    path = challenges_dir() / f"challenge-{challenge.ident}.json"
    if not path.exists():
        ensure_folder(challenges_dir())
        text = challenge.dumps()
        # another window kept it at the same moment: the same challenge
        with contextlib.suppress(FileExistsError):
            write_new(path, text, None, "the challenge")
        if challenge.challenger is not None:  # re-played when it was made: not again
            challenge_index.remember({challenge_index.digest(text.encode("utf-8")): None})
    return path


def find(ident: Any) -> Challenge | None:
    """The kept challenge `ident` names, or None (not kept, or no longer readable)."""
    from petanque_game import challenge_index

    if not isinstance(ident, str) or not IDENT.fullmatch(ident):
        return None
    new: challenge_index.Verdicts = {}
    try:
        return challenge_index.load(challenges_dir() / f"challenge-{ident}.json",
                                    challenge_index.verdicts(), new)
    except (ChallengeError, ReadProblem):
        return None
    finally:
        challenge_index.remember(new)


def resumed(record: Record) -> Challenge | None:
    """The kept challenge a game in progress was started as (its "challenge" names it), if the
    game is still a game of it (challenge_games.game_problem: its game, options, seed, seats, board,
    hand and chance as the challenge makes them); else None, and the game is a game like any
    other: it is neither shown nor counted as the challenge's."""
    from petanque_game.challenge_games import game_problem

    ident = record.extra.get("challenge")
    made = find(ident)
    if made is None:
        return None
    problem = game_problem(record, made)
    if problem is not None:
        from petanque_game.logs import note

        note(f"a game names the challenge {ident} but is not one of it ({problem}): it is "
             "played as a game of its own")
        return None
    return made


def kept_challenges(progress: Callable[[int, int], None] | None = None,
                    ) -> tuple[list[tuple[Path, Challenge]], list[str]]:
    """The challenges in the challenges folder, newest first, and one line for each file there
    that cannot be read as one. A challenger's game is re-played the first time its file is read
    (`progress(done, total)` told after each file), not again while the file is the same
    (challenge_index.py). Slow the first time: off the window's thread."""
    from petanque_game import challenge_index

    try:
        files = sorted(challenges_dir().glob("*.json"), key=_mtime, reverse=True)
    except OSError:
        return [], []
    files = [p for p in files
             if p.name != results_path().name and not OLD_SIDE_BY_SIDE.fullmatch(p.name)]
    known = challenge_index.verdicts()
    found, broken = [], []
    new: challenge_index.Verdicts = {}
    for done, path in enumerate(files, 1):
        try:
            found.append((path, challenge_index.load(path, known, new)))
        except ReadProblem as e:
            broken.append(f"{path.name}: {e.reason}")
        except ChallengeError as e:
            broken.append(e.where(path.name))
        if progress is not None:
            progress(done, len(files))
    challenge_index.remember(new)
    return found, broken


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0
