"""`petanque-game relay` and `petanque-game online host | join`: online play with no window.

    relay [--host H] [--port P]
    online host GAME --relay ws://H:P --players SEATS --as ai:LEVEL [--option K=V ...]
                     [--level BOARD] [--seed S] [--record DIR] [--name NAME] ...
    online join CODE --relay ws://H:P --as ai:LEVEL [--record DIR] [--name NAME] ...

SEATS, in turn order: `you` (this computer's seat), `remote` (a seat for whoever joins, in the
order they join) or `ai:LEVEL` (an AI seat, decided on the host's computer). `--as` is the AI that
plays this computer's seat (in the window a person plays it). docs/online.md says more.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path
from typing import Any

from petanque_game.cli_args import UsageError, check_level, check_option_lengths, parse_options
from petanque_game.files import ensure_folder, os_reason
from petanque_game.record import AI_LEVELS, MAX_SEED, name_problem
from petanque_game.rules.games import game_ids, spec_of


def add_parsers(sub: Any) -> None:
    relay = sub.add_parser("relay", help="run a relay that online games meet through")
    relay.add_argument("--host", default="127.0.0.1",
                       help="the address to listen on (127.0.0.1; 0.0.0.0 for every network)")
    relay.add_argument("--port", type=int, default=8765, help="the port (8765; 0: any free one)")
    online = sub.add_parser("online", help="play online with no window (an AI plays your seat)")
    steps = online.add_subparsers(dest="step", metavar="host|join", required=True)
    host = steps.add_parser("host", help="open a room and play a game in it")
    host.add_argument("game", help=", ".join(game_ids()))
    host.add_argument("--players", required=True, metavar="SEATS",
                      help="you, remote or ai:LEVEL for each seat, in turn order")
    host.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    host.add_argument("--level", metavar="NAME|FILE", help="Terningepetanque's board (classic)")
    host.add_argument("--seed", type=int, help="the game's seed (a random one if left out)")
    join = steps.add_parser("join", help="join a room by its code")
    join.add_argument("code", metavar="CODE")
    for step in (host, join):
        step.add_argument("--relay", required=True, metavar="ws://HOST:PORT")
        step.add_argument("--as", dest="as_ai", required=True, metavar="ai:LEVEL",
                          help="the AI that plays this computer's seat")
        step.add_argument("--name", help="this player's name")
        step.add_argument("--record", metavar="DIR", help="write the game's record into DIR")
        step.add_argument("--rejoin-time", type=float, default=60.0, metavar="SECONDS",
                          help="how long a player may be away before counting as gone (60)")
        step.add_argument("--hand-over", metavar="ai:LEVEL",
                          help="give a gone player's seat to this AI (without it: exit 1)")
        step.add_argument("--give-up", type=float, default=30.0, metavar="SECONDS",
                          help="how long to keep trying to reach the relay (30)")
        step.add_argument("--max-seconds", type=float, default=3600.0, metavar="SECONDS",
                          help="end with exit 1 if the game is not over by then (3600)")


def run_relay(args: argparse.Namespace) -> int:
    from petanque_game.online import relay

    if not 0 <= args.port <= 65535:
        raise UsageError(f"--port must be from 0 to 65535, not {args.port}")
    return relay.run(args.host, args.port)


def run_online(args: argparse.Namespace) -> int:
    from petanque_game.online import headless
    from petanque_game.online.link import check_url
    from petanque_game.online.rooms import read_code

    problem = check_url(args.relay)
    if problem:
        raise UsageError(f"--relay: {problem}")
    level = _ai_level(args.as_ai, "--as")
    opts = headless.Options(
        relay=args.relay, level=level, name=_name(args.name, level),
        record=_record_folder(args.record), rejoin_time=_seconds(args.rejoin_time, "--rejoin-time"),
        hand_over=_ai_level(args.hand_over, "--hand-over") if args.hand_over else None,
        give_up=_seconds(args.give_up, "--give-up"),
        max_seconds=_seconds(args.max_seconds, "--max-seconds"))
    if args.step == "join":
        code = read_code(args.code)
        if code is None:
            raise UsageError(f"{args.code[:20]!r} is not a room code (six letters and digits)")
        return headless.join(code, opts)
    game = args.game
    if game not in game_ids():
        raise UsageError(f"unknown game {game!r}; the games are {', '.join(game_ids())}")
    spec = spec_of(game)
    seats = _seats(args.players, spec)
    check_option_lengths(args.option)
    options = parse_options(args.option)
    from petanque_game.rules.options import OptionError

    try:
        spec.new_game(len(seats), options)
    except (OptionError, ValueError) as e:
        raise UsageError(str(e)) from None
    board = None
    if spec.board:
        board = check_level(args.level or "classic")
    elif args.level is not None:
        raise UsageError(f"--level is for the games played on a board, not {game}")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(MAX_SEED)
    if not 0 <= seed <= MAX_SEED:
        raise UsageError("--seed must be from 0 to 2^63-1")
    return headless.host(game, seats, options, seed, board, opts)


def _seats(text: str, spec: Any) -> list[str]:
    seats = [part.strip() for part in text.split(",")]
    for part in seats:
        kind, _, level = part.partition(":")
        if part not in ("you", "remote") and not (kind == "ai" and level in AI_LEVELS):
            raise UsageError(f"--players: {part[:30]!r} is not you, remote or one of ai:easy, "
                             f"ai:medium, ai:expert")
    if seats.count("you") != 1:
        raise UsageError("--players names 'you' once: the host's own seat")
    if "remote" not in seats:
        raise UsageError("--players names no 'remote' seat: no one could join")
    if not spec.min_players <= len(seats) <= spec.max_players:
        raise UsageError(f"{spec.title} is for {spec.min_players} to {spec.max_players} "
                         f"players, --players names {len(seats)}")
    return seats


def _ai_level(text: str, option: str) -> str:
    kind, _, level = text.partition(":")
    if kind != "ai" or level not in AI_LEVELS:
        raise UsageError(f"{option} must be one of ai:easy, ai:medium, ai:expert, not "
                         f"{text[:30]!r}")
    return level


def _name(text: str | None, level: str) -> str:
    if text is None:
        return f"AI ({level})"
    problem = name_problem(text)
    if problem:
        raise UsageError(f"--name {problem}")
    return text


def _seconds(value: float, option: str) -> float:
    if not 0 < value <= 86400:
        raise UsageError(f"{option} must be more than 0 and at most 86400 seconds")
    return value


def _record_folder(text: str | None) -> Path | None:
    if text is None:
        return None
    try:
        return ensure_folder(Path(text))
    except OSError as e:
        raise UsageError(f"--record {text}: cannot write there: {os_reason(e)}") from None
