"""Taking a challenge (challenge.py): the game it starts, its board in the player's levels folder
so that the record can be replayed and verified later, and the results kept per challenge.

Results live in the user folder's `challenges/results.json`: per challenge (by its ident) the
game, the day of a daily challenge, the attempts, the best score and the challenger's score, if
the challenge carried their game. Scores are the rules' own (higher is better in every game:
Shut the Box counts its penalty as a negative score); the window and the command show them as
statistics do.
"""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from petanque_game import paths
from petanque_game.challenge import Board, Challenge, ChallengeError
from petanque_game.files import (
    ReadProblem,
    ensure_folder,
    os_reason,
    read_regular,
    write_atomic,
    write_new,
)
from petanque_game.record import Seat

RESULTS_VERSION = 1
MAX_RESULTS_BYTES = 4 * 1024 * 1024


def challenges_dir() -> Path:
    """Challenges made in the window, and the results of those taken."""
    return paths.user_dir() / "challenges"


def board_to_play(board: Board) -> Any:
    """The challenge's board as a Level that a record can name: the shipped board when it is the
    same file; else the player's copy in their levels folder, written there if it is not there
    yet, under a name of its own (NAME-<8 hex>) when another board already has its name."""
    from petanque_game.physics.level import (
        MAX_NAME,
        LevelError,
        board_text,
        load_named_level,
        name_problem,
        user_levels_dir,
    )

    for name in (board.name, f"{board.name[:MAX_NAME - 9]}-{board.sha256[:8]}"):
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
    path = challenges_dir() / f"challenge-{challenge.ident}.json"
    if not path.exists():
        ensure_folder(challenges_dir())
        # another window kept it at the same moment: the same challenge
        with contextlib.suppress(FileExistsError):
            write_new(path, challenge.dumps(), None, "the challenge")
    return path


def find(ident: Any) -> Challenge | None:
    """The kept challenge `ident` names, or None (not kept, or no longer readable)."""
    from petanque_game.challenge import load

    if not isinstance(ident, str) or not ident.isalnum():
        return None
    try:
        return load(str(challenges_dir() / f"challenge-{ident}.json"))
    except ChallengeError:
        return None


def kept_challenges() -> tuple[list[tuple[Path, Challenge]], list[str]]:
    """The challenges in the challenges folder, newest first, and one line for each file there
    that cannot be read as one."""
    from petanque_game.challenge import load

    try:
        files = sorted(challenges_dir().glob("*.json"), key=_mtime, reverse=True)
    except OSError:
        return [], []
    found, broken = [], []
    for path in files:
        if path.name == results_path().name:
            continue
        try:
            found.append((path, load(str(path))))
        except ChallengeError as e:
            broken.append(e.where(path.name))
    return found, broken


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


# --- results --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Result:
    """One challenge's results so far."""

    ident: str
    game: str
    daily: str | None
    attempts: int
    best: int  # the rules' score: higher is better
    challenger: str | None = None  # their name, when the challenge carried their game
    challenger_score: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "daily": self.daily, "attempts": self.attempts,
                "best": self.best, "challenger": self.challenger,
                "challenger_score": self.challenger_score}


def results_path() -> Path:
    return challenges_dir() / "results.json"


def results() -> dict[str, Result]:
    """Every challenge's results, by ident. A missing file is none; a broken file or entry is
    left out (the next result rewrites the file whole), never raised: a result is not a game."""
    try:
        data = json.loads(read_regular(results_path(), MAX_RESULTS_BYTES, "the results"))
    except (ReadProblem, OSError, ValueError, RecursionError):
        return {}
    found: dict[str, Result] = {}
    entries = data.get("challenges") if isinstance(data, dict) else None
    for ident, entry in (entries.items() if isinstance(entries, dict) else ()):
        try:
            found[ident] = Result(ident, str(entry["game"]), entry.get("daily"),
                                  _int(entry["attempts"]), _int(entry["best"]),
                                  entry.get("challenger"), entry.get("challenger_score"))
        except (KeyError, TypeError, ValueError, AttributeError):
            continue
    return found


def _int(value: Any) -> int:
    if type(value) is not int:
        raise ValueError(value)
    return value


def keep_result(challenge: Challenge, score: int) -> Result:
    """Count one finished attempt scoring `score` (the taker's seat's rules' score) and return
    the challenge's results; written whole, so a crash keeps the old file or the new one."""
    kept = results()
    old = kept.get(challenge.ident)
    theirs = challenge.challenger
    name = score_of = None
    if theirs is not None:
        name = theirs.players[challenge.you].name
        score_of = (theirs.result or {}).get("scores", [None] * len(theirs.players))[challenge.you]
    new = Result(challenge.ident, challenge.game, challenge.daily,
                 (old.attempts if old else 0) + 1,
                 score if old is None else max(old.best, score), name, score_of)
    kept[challenge.ident] = new
    body = {"version": RESULTS_VERSION,
            "challenges": {k: r.to_json() for k, r in sorted(kept.items())}}
    ensure_folder(challenges_dir())
    write_atomic(results_path(), json.dumps(body, indent=1, ensure_ascii=False) + "\n",
                 MAX_RESULTS_BYTES, "the challenge results")
    return new
