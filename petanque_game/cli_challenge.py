"""`petanque-game challenge make | show | take`: challenges on the command line (challenge.py).

    challenge make OUT --game GAME [--players you,ai:expert] [--option K=V ...] [--seed S]
                       [--level NAME|FILE] [--hand steady|normal|shaky] [--force]
    challenge make OUT --from RECORD [--force]        a finished game, as the challenger's
    challenge make OUT --daily GAME [--date YYYY-MM-DD] [--force]
    challenge show FILE|CODE [--json]
    challenge take FILE|CODE --players ai:LEVEL [--record DIR [--force]] [--json]

`take` plays the challenge with an AI in the taker's seat: for tests, and for a "beat the expert"
challenge; its result is printed beside the challenger's and not kept among the player's own.
"""

from __future__ import annotations

import argparse
import json
import os
import random
from datetime import date
from pathlib import Path
from typing import Any

from petanque_game import challenge as challenges
from petanque_game.challenge import Board, Challenge, ChallengeError
from petanque_game.cli_args import UsageError, check_level, check_option_lengths, parse_options
from petanque_game.files import os_reason, write_atomic, write_new
from petanque_game.record import AI_LEVELS, MAX_SEED, RecordError, Seat, load_record
from petanque_game.rules.games import game_ids, spec_of


def add_parser(sub: Any) -> None:
    parser = sub.add_parser("challenge", help="make, show or take a challenge: the same game, "
                            "board and chance for a friend")
    steps = parser.add_subparsers(dest="step", metavar="make|show|take", required=True)
    make = steps.add_parser("make", help="write a challenge file")
    make.add_argument("out", metavar="OUT", help="the challenge file to write")
    make.add_argument("--game", help=", ".join(game_ids()))
    make.add_argument("--players", metavar="SEATS",
                      help="'you' for the taker's seat and ai:LEVEL for the others, in turn "
                           "order (you alone, or you,ai:expert)")
    make.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    make.add_argument("--seed", type=int, help="the chance (a random one if left out)")
    make.add_argument("--level", metavar="NAME|FILE", help="the board (classic)")
    make.add_argument("--hand", help="the taker's hand: steady, normal (the default) or shaky")
    make.add_argument("--from", dest="record", metavar="RECORD",
                      help="a finished game of one person: its setup, and it as theirs to beat")
    make.add_argument("--daily", metavar="GAME", help="the day's challenge of GAME")
    make.add_argument("--date", help="with --daily: the day (YYYY-MM-DD; today)")
    make.add_argument("--force", action="store_true", help="replace OUT if it is there")
    show = steps.add_parser("show", help="say what a challenge is")
    show.add_argument("file", metavar="FILE|CODE")
    show.add_argument("--json", action="store_true")
    take = steps.add_parser("take", help="play a challenge with an AI in the taker's seat")
    take.add_argument("file", metavar="FILE|CODE")
    take.add_argument("--players", required=True, metavar="ai:LEVEL")
    take.add_argument("--record", metavar="DIR", help="write the game's record to DIR")
    take.add_argument("--force", action="store_true", help="replace the record if it is there")
    take.add_argument("--json", action="store_true")


def run(args: argparse.Namespace) -> int:
    try:
        if args.step == "make":
            return _make(args)
        if args.step == "show":
            return _show(args)
        return _take(args)
    except ChallengeError as e:
        given = getattr(args, "file", None)
        raise UsageError(e.where(args.out if given is None else named(given))) from None


# --- make -----------------------------------------------------------------------------------------

def _make(args: argparse.Namespace) -> int:
    ways = [args.game is not None, args.record is not None, args.daily is not None]
    if sum(ways) != 1:
        raise UsageError("challenge make needs one of --game, --from or --daily")
    if args.daily is None and args.date is not None:
        raise UsageError("--date is for --daily only")
    if args.record is not None or args.daily is not None:
        extra = [n for n in ("players", "seed", "level", "hand") if getattr(args, n) is not None]
        if extra or args.option:
            raise UsageError(f"--{(extra or ['option'])[0]} is for --game only: the "
                             f"{'record' if args.record else 'day'} fixes it")
    if args.record is not None:
        made = _from_record(args.record)
    elif args.daily is not None:
        made = challenges.daily(_game(args.daily), _date(args.date))
    else:
        made = _from_options(args)
    _write(Path(args.out), made.dumps(), args.force)
    print(f"{args.out}: challenge {made.ident}, {spec_of(made.game).title}")
    code = made.code()
    if code:
        print(f"code: {code}")
    return 0


def _game(text: str) -> str:
    if text not in game_ids():
        raise UsageError(f"unknown game {text!r}; the games are {', '.join(game_ids())}")
    return text


def _date(text: str | None) -> date:
    if text is None:
        return date.today()
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise UsageError(f"--date {text[:20]!r} is not a date such as 2026-12-01") from None


def _from_options(args: argparse.Namespace) -> Challenge:
    game = _game(args.game)
    spec = spec_of(game)
    seats = _seats(args.players, spec)
    check_option_lengths(args.option)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(MAX_SEED)
    board = None
    if spec.board:
        level = check_level(args.level or "classic")
        board = Board(level.name, _board_text(args.level or "classic", level.name))
    elif args.level is not None:
        raise UsageError(f"--level is for the games played on a board, not {game}")
    if args.hand is not None and not spec.board:
        raise UsageError(f"--hand is for the games thrown by hand, not {game}")
    hand = (args.hand or "normal") if spec.board else None
    return challenges.new(game, seats, parse_options(args.option), seed, board, hand)


def _seats(text: str | None, spec: Any) -> list[Seat]:
    if text is None:
        text = "you" if spec.min_players <= 1 else "you," + ",".join(
            ["ai:expert"] * (spec.min_players - 1))
    seats = []
    for i, part in enumerate(p.strip() for p in text.split(",")):
        kind, _, level = part.partition(":")
        if part == "you":
            seats.append(Seat(challenges.TAKER, "human"))
        elif kind == "ai" and level in AI_LEVELS:
            seats.append(Seat(f"AI {i + 1} ({level})", "ai", level))
        else:
            raise UsageError(f"--players: {part[:30]!r} is not 'you' or one of ai:easy, "
                             f"ai:medium, ai:expert")
    return seats


def _board_text(given: str, name: str) -> str:
    """The text of the board file --level names (a name, or a path)."""
    from petanque_game.files import ReadProblem, read_regular
    from petanque_game.physics.level import MAX_LEVEL_BYTES, LevelError, board_text

    try:
        if any(c in given for c in "/\\") or given.endswith(".yaml"):
            return read_regular(given, MAX_LEVEL_BYTES, "a board").decode("utf-8")
        return board_text(name)
    except ReadProblem as e:
        raise UsageError(f"level {given[:80]!r}: {e.reason}") from None
    except (UnicodeDecodeError, LevelError) as e:
        raise UsageError(f"level {given[:80]!r}: {e}") from None


def _from_record(path: str) -> Challenge:
    try:
        record = load_record(path)
    except RecordError as e:
        raise UsageError(e.where(path)) from None
    board = None
    if record.level is not None:
        from petanque_game.physics.level import LevelError, board_text

        try:
            board = Board(record.level, board_text(record.level))
        except LevelError as e:
            raise UsageError(f"{path}: the board {record.level!r} cannot be read: {e}") from None
        if board.sha256 != record.level_sha256:
            raise UsageError(f"{path}: the board {record.level!r} here is not the one the game "
                             "was played on")
    try:
        return challenges.from_record(record, board)
    except ChallengeError as e:
        raise UsageError(e.where(path)) from None


def _write(path: Path, text: str, force: bool) -> None:
    try:
        (write_atomic if force else write_new)(path, text, challenges.MAX_BYTES, "the challenge")
    except FileExistsError:
        raise UsageError(f"{path} exists already; use --force to replace it") from None
    except OSError as e:
        raise UsageError(f"cannot write {path}: {os_reason(e)}") from None


# --- show and take --------------------------------------------------------------------------------

def _read(source: str) -> Challenge:
    """The challenge in the file `source`, or of the code `source` (white space around it, as a
    chat or a terminal may add, left out)."""
    code = source.strip()
    if code.upper().startswith(challenges.CODE_PREFIX) and not os.path.lexists(source):
        return challenges.from_code(code)
    return challenges.load(source)


SHOWN_PATH, SHOWN_CODE = 240, 48  # characters of a file's name, or of what is not one, echoed


def named(source: str) -> str:
    """A FILE|CODE argument as a message names it: on one line, and of what is not a file only
    the first SHOWN_CODE characters (a pasted page is not echoed back whole)."""
    limit = SHOWN_PATH if os.path.lexists(source) else SHOWN_CODE
    shown = source if source.isprintable() else ascii(source)[1:-1]
    return shown if len(shown) <= limit else shown[:limit - 3] + "..."


def _show(args: argparse.Namespace) -> int:
    made = _read(args.file)
    from petanque_game.challenge_results import results

    mine = results().get(made.ident)
    theirs = made.challenger
    facts: dict[str, Any] = {
        "challenge": made.ident, "game": made.game, "options": dict(made.options),
        "seed": made.seed, "seats": [s.to_json() for s in made.seats], "you": made.you,
        "hand": made.hand, "board": None if made.board is None else made.board.name,
        "daily": made.daily, "code": made.code(),
        "challenger": None if theirs is None or theirs.result is None else {
            "name": theirs.players[made.you].name, "scores": theirs.result["scores"],
            "winners": theirs.result["winners"]},
        "yours": None if mine is None else {"attempts": mine.attempts, "best": mine.best}}
    if args.json:
        print(json.dumps(facts, ensure_ascii=False))
        return 0
    spec = spec_of(made.game)
    day = f" (the daily challenge of {made.daily})" if made.daily else ""
    print(f"{named(args.file)}: challenge {made.ident}: {spec.title}{day}")
    print("options: " + ", ".join(f"{k}={v}" for k, v in made.options.items()))
    print("seats:   " + ", ".join("you" if s.kind == "human" else f"{s.name} (ai {s.level})"
                                  for s in made.seats))
    if made.board is not None:
        print(f"board:   {made.board.name}; hand: {made.hand}")
    print(f"seed:    {made.seed}")
    if theirs is not None:
        c = facts["challenger"]
        print(f"to beat: {c['name']}, score {c['scores'][made.you]}"
              f"{' (won)' if made.you in c['winners'] else ''}")
    print(f"code:    {facts['code'] or 'none (the board is not a shipped one: share the file)'}")
    if mine is not None:
        print(f"yours:   {mine.attempts} attempts, best score {mine.best}")
    return 0


def _take(args: argparse.Namespace) -> int:
    kind, _, level = args.players.strip().partition(":")
    if kind != "ai" or level not in AI_LEVELS:
        raise UsageError("--players must be one of ai:easy, ai:medium, ai:expert: take plays "
                         "the taker's seat with an AI (play it yourself in the window)")
    made = _read(args.file)
    from petanque_game.challenge_play import start

    out = None
    if args.record is not None:
        out = Path(args.record) / f"challenge-{made.ident}-{level}.json"
        if os.path.lexists(out) and not args.force:
            raise UsageError(f"{out} exists already; use --force to replace it")
    elif args.force:
        raise UsageError("--force is for --record only")
    match = start(made, "AI", ai_level=level)
    match.play_to_end()
    scores, winners = list(match.state.scores()), list(match.state.winners())
    if out is not None:
        try:
            out.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise UsageError(f"--record {args.record}: {os_reason(e)}") from None
        _write(out, match.record.dumps(), args.force)
    theirs = made.challenger
    their_score = None if theirs is None or theirs.result is None else \
        theirs.result["scores"][made.you]
    if args.json:
        print(json.dumps({"challenge": made.ident, "game": made.game, "seat": made.you,
                          "score": scores[made.you], "scores": scores, "winners": winners,
                          "challenger_score": their_score}))
        return 0
    names = [s.name for s in match.record.players]
    print(f"{spec_of(made.game).title}, challenge {made.ident}: "
          + ", ".join(f"{n} {s}" for n, s in zip(names, scores)))
    if theirs is not None and their_score is not None:
        print(f"the challenger ({theirs.players[made.you].name}) scored {their_score}")
    return 0
