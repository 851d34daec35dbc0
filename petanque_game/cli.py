"""The `petanque-game` command: play | replay | verify | simulate | challenge | relay | online
(docs/records.md#the-commands, docs/online.md)."""

from __future__ import annotations

import contextlib
import io
import json
import os
import sys
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from petanque_game import __version__
from petanque_game.cli_args import (  # parse_options: part of this module's API
    UsageError,
    parse_options,
)
from petanque_game.cli_args import check_level as _check_level
from petanque_game.cli_args import check_option_lengths as _check_option_lengths
from petanque_game.files import ensure_folder, os_reason, write_atomic, write_new

# The games' registry (every rules module), the records and argparse are imported by the commands
# that use them: the window's start, `petanque-game` with no arguments, waits for none of them.
if TYPE_CHECKING:
    import argparse

    from petanque_game.record import Seat


def main(argv: Sequence[str] | None = None) -> int:
    """The command. A mistake of the player's is one line and exit 2; a bug of ours is one line
    naming the log that holds its traceback (exit 2 for verify, whose codes are docs/records.md's,
    1 otherwise). Output nobody reads any more (a closed pipe: `verify FILE | head -0`) ends the
    command quietly, as the standard tools end, with 128 + SIGPIPE; output that cannot be written
    (a full disk) is one line on stderr, exit 2 for verify, 1 otherwise."""
    for stream in (sys.stdout, sys.stderr):  # a name or a path no terminal can show: escaped
        if isinstance(stream, io.TextIOWrapper):
            with contextlib.suppress(ValueError):
                stream.reconfigure(errors="backslashreplace")
    real = sys.stdout
    if real is not None:  # None: started with stdout closed, and print() writes nothing
        sys.stdout = _Output(real)
    command = "play"
    given = sys.argv[1:] if argv is None else list(argv)
    try:
        try:
            if not given:  # the game, as a player starts it: no command line to read
                return _run(command, SimpleNamespace(command=None))
            args = _parser().parse_args(given)
            command = args.command or "play"
            return _run(command, args)
        finally:
            if real is not None:
                sys.stdout.flush()  # what is still buffered fails here, if it fails
    except _OutputFailed as failed:
        _forget_output(real)
        if isinstance(failed.error, BrokenPipeError):
            return PIPE_CLOSED
        _say(f"petanque-game {command}: cannot write the output: {os_reason(failed.error)}")
        return 2 if command == "verify" else 1
    finally:
        sys.stdout = real


PIPE_CLOSED = 128 + 13  # the exit status of a tool that SIGPIPE ended (13 is SIGPIPE on POSIX)


class _OutputFailed(Exception):
    """Standard output could not be written (`error`): not a bug of ours, and not a mistake of
    the player's."""

    def __init__(self, error: OSError):
        super().__init__(str(error))
        self.error = error


class _Output:
    """Standard output, whose write errors (a closed pipe, a full disk) are _OutputFailed."""

    def __init__(self, stream: Any):
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            written: int = self._stream.write(text)
        except OSError as e:
            raise _OutputFailed(e) from None
        return written

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError as e:
            raise _OutputFailed(e) from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _forget_output(stream: Any) -> None:
    """Point the standard output's file at the null device, so that what is left in its buffer
    does not fail again (with a message of Python's) when the process ends."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, stream.fileno())
        finally:
            os.close(null)
    except (OSError, AttributeError, ValueError):  # not a real file (captured by the tests)
        pass


def _say(line: str) -> None:
    """One line on stderr; nothing if stderr cannot be written either."""
    with contextlib.suppress(OSError, ValueError):
        print(line, file=sys.stderr, flush=True)


def _run(command: str, args: Any) -> int:
    """Run `command` with its parsed arguments (argparse's, or none for plain play: `main`)."""
    try:
        if command == "verify":
            return verify(args.file, as_json=args.json)
        if command == "simulate":
            return simulate(args)
        if command == "challenge":
            from petanque_game.cli_challenge import run as challenge

            return challenge(args)
        if command in ("relay", "online"):
            from petanque_game import cli_online

            return cli_online.run_relay(args) if command == "relay" else \
                cli_online.run_online(args)
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner on the terminal
        from petanque_game.ui.app import run  # the window: only now is pygame imported

        frames = getattr(args, "frames", None)
        if frames is not None and frames < 1:
            raise UsageError(f"--frames must be 1 or more, not {frames}")
        picture = getattr(args, "screenshot", None)
        return run(replay=getattr(args, "file", None), frames=frames,
                   picture=Path(picture) if picture else None)
    except UsageError as e:
        _say(f"petanque-game {command}: {e}")
        return 2
    except KeyboardInterrupt:
        return 130
    except _OutputFailed:
        raise
    except Exception as exc:  # the one handler of bugs on the command line
        from petanque_game.logs import report_bug

        _, line = report_bug(exc, f"petanque-game {command}")
        where = f"{args.file}: " if command == "verify" else ""
        _say(f"petanque-game {command}: {where}{line}")
        return 2 if command == "verify" else 1


def _parser() -> argparse.ArgumentParser:
    """The command line of every command (not read for plain `petanque-game`: `main`)."""
    import argparse

    from petanque_game.rules.games import game_ids

    parser = argparse.ArgumentParser(
        prog="petanque-game",
        description="Scandinavian dice games: Terningepetanque (dice petanque), Ship Captain "
                    "and Crew, Shut the Box, Ten Thousand and three games of chance. With no "
                    "command, opens the game.")
    parser.add_argument("--version", action="version", version=f"petanque-game {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    play = sub.add_parser("play", help="open the game at the main menu (the default)")
    play.add_argument("--frames", type=int, metavar="N",
                      help="close the window by itself after N frames (a check that it starts)")
    play.add_argument("--screenshot", metavar="PNG",
                      help="with --frames: save the last frame's picture to this file")
    replay = sub.add_parser("replay", help="open the window and play a record back")
    replay.add_argument("file", help="a game record (.json)")
    check = sub.add_parser("verify", help="check a game record with no window (exit 0 valid, "
                                          "1 an outcome disagrees, 2 unusable)")
    check.add_argument("file", help="a game record (.json)")
    check.add_argument("--json", action="store_true", help="print one JSON object")
    sim = sub.add_parser("simulate", help="play AI-only games with no window")
    sim.add_argument("game", help=", ".join(game_ids()))
    sim.add_argument("--players", required=True, metavar="SPEC[,SPEC...]",
                     help="one SPEC per seat: ai:easy, ai:medium or ai:expert")
    sim.add_argument("--games", type=int, default=1, metavar="N", help="how many games (1)")
    sim.add_argument("--seed", type=int, default=0, metavar="S",
                     help="games are seeded S, S+1, ... (0)")
    sim.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                     help="a rule option (repeatable); VALUE is read as YAML: rounds=15")
    sim.add_argument("--level", metavar="NAME|FILE",
                     help="Terningepetanque's board: a name (classic) or a level file's path")
    sim.add_argument("--record", metavar="DIR", help="write each game's record to DIR, as "
                                                    "GAME-SEED.json")
    sim.add_argument("--force", action="store_true",
                     help="with --record: replace records of the same game and seed already in "
                          "DIR (refused without it)")
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    from petanque_game.cli_challenge import add_parser as add_challenge

    add_challenge(sub)
    from petanque_game.cli_online import add_parsers as add_online

    add_online(sub)
    return parser


# --- verify ---------------------------------------------------------------------------------------


def verify(file: str, as_json: bool = False) -> int:
    from petanque_game.match import OutcomeMismatch, rebuild
    from petanque_game.record import RecordError, load_record

    try:
        record = load_record(file)
        events = len(record.events)
        _warn_level_hash(file, record)
        match = rebuild(record)
    except RecordError as e:
        print(e.where(file), file=sys.stderr)
        return 2
    except OutcomeMismatch as e:
        where = f"event {e.index}: " if e.index is not None else ""
        print(f"{file}: {where}{e.reason}", file=sys.stderr)
        return 1
    except (RecursionError, MemoryError):
        print(f"{file}: the record is too large or too deeply nested to check", file=sys.stderr)
        return 2
    state = match.state
    scores, winners = list(state.scores()), list(state.winners()) if match.over else []
    if as_json:
        print(json.dumps({"game": record.game, "complete": match.over, "scores": scores,
                          "winners": winners, "events": events}))
        return 0
    names = [p.name for p in record.players]
    status = "complete" if match.over else "not finished"
    print(f"{file}: valid {record.game} record, {events} events, {status}")
    print("scores:  " + ", ".join(f"{n} {s}" for n, s in zip(names, scores)))
    print("winners: " + (", ".join(names[w] for w in winners) if winners else "none yet"))
    return 0


def _warn_level_hash(file: str, record: Any) -> None:
    if record.level is None or record.level_sha256 is None:
        return
    from petanque_game.config import brief
    from petanque_game.physics import LevelError, level_sha256
    from petanque_game.record import RecordError

    try:
        actual = level_sha256(record.level, record.level_sha256)
    except (LevelError, OSError, KeyError, ValueError) as e:
        raise RecordError(f"level {brief(record.level)} cannot be loaded: {e}") from None
    if actual != record.level_sha256:
        print(f"{file}: warning: the level {brief(record.level)} differs from the one the game was "
              f"played on (sha256 mismatch)", file=sys.stderr)


# --- simulate -------------------------------------------------------------------------------------


def simulate(args: argparse.Namespace) -> int:
    from petanque_game.match import Match
    from petanque_game.record import MAX_BYTES, MAX_SEED
    from petanque_game.rules.games import game_ids, spec_of
    from petanque_game.rules.options import OptionError

    game = args.game
    if game not in game_ids():
        raise UsageError(f"unknown game {game!r}; the games are {', '.join(game_ids())}")
    spec = spec_of(game)
    players = parse_players(args.players)
    if not spec.min_players <= len(players) <= spec.max_players:
        raise UsageError(f"{spec.title} is for {spec.min_players} to {spec.max_players} "
                         f"players, --players names {len(players)}")
    _check_option_lengths(args.option)
    options = parse_options(args.option)
    try:
        spec.new_game(len(players), options)  # refuse bad options before playing anything
    except (OptionError, ValueError) as e:
        raise UsageError(str(e)) from None
    if not 1 <= args.games <= 1_000_000:
        raise UsageError("--games must be from 1 to 1000000")
    if not 0 <= args.seed <= MAX_SEED - args.games + 1:
        raise UsageError(f"--seed must be from 0 to 2^63-1 for every game: with --games "
                         f"{args.games}, at most {MAX_SEED - args.games + 1}")
    level = None
    if args.level is not None and (not args.level.strip() or not args.level.isprintable()):
        raise UsageError(f"--level needs a board's name (classic, ...), not {args.level[:64]!r}")
    if spec.board:
        level = _check_level(args.level or "classic", recording=args.record is not None)
    elif args.level is not None:
        raise UsageError(f"--level is for the games played on a board, not {game}")
    out_dir = None
    if args.record is not None:
        out_dir = _record_folder(args.record, game, range(args.seed, args.seed + args.games),
                                 args.force)
    elif args.force:
        raise UsageError("--force is for --record only")
    wins, totals = [0] * len(players), [0] * len(players)
    started = time.perf_counter()
    for seed in range(args.seed, args.seed + args.games):
        created = datetime.now(UTC).isoformat(timespec="seconds") if out_dir else None
        match = Match.new(game, players, options, seed, level, created=created)
        match.play_to_end()
        for w in match.state.winners():
            wins[w] += 1
        for seat, score in enumerate(match.state.scores()):
            totals[seat] += score
        if out_dir is not None:
            path = out_dir / f"{game}-{seed}.json"
            write = write_atomic if args.force else write_new
            try:
                write(path, match.record.dumps(), MAX_BYTES, "the record")
            except FileExistsError:
                raise UsageError(f"{path} appeared while playing; nothing replaced (use "
                                 f"--force to replace it)") from None
            except OSError as e:
                raise UsageError(f"cannot write {path}: {os_reason(e)}") from None
    seconds = time.perf_counter() - started
    means = [t / args.games for t in totals]
    if args.json:
        print(json.dumps({"game": game, "games": args.games, "wins": wins,
                          "mean_scores": means, "seconds": seconds}))
        return 0
    rate = args.games / seconds if seconds > 0 else float("inf")
    print(f"{spec.title}: {args.games} games in {seconds:.2f} s ({rate:.1f} games/s)")
    print(f"{'seat':<6}{'player':<18}{'wins':>8}{'mean score':>14}")
    for seat, p in enumerate(players):
        print(f"{seat:<6}{p.name:<18}{wins[seat]:>8}{means[seat]:>14.2f}")
    return 0


def parse_players(spec: str) -> list[Seat]:
    from petanque_game.record import AI_LEVELS, Seat

    players = []
    for i, part in enumerate(spec.split(",")):
        kind, _, level = part.strip().partition(":")
        if kind != "ai" or level not in AI_LEVELS:
            raise UsageError(f"player {part.strip()!r} is not one of ai:easy, ai:medium, "
                             f"ai:expert (simulate plays AI players only)")
        players.append(Seat(f"AI {i + 1} ({level})", "ai", level))
    return players


def _record_folder(text: str, game: str, seeds: range, force: bool) -> Path:
    """The --record folder, checked before any game is played: a folder (made if missing) that
    can be written, holding no record of these games unless --force."""
    if not text.strip():
        raise UsageError("--record needs a folder name")
    folder = Path(text)
    try:
        ensure_folder(folder)
        probe = folder / f".petanque-game-probe-{os.getpid()}.tmp"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as e:
        raise UsageError(f"--record {text}: cannot write there: {os_reason(e)}") from None
    if not force:
        for seed in seeds:
            path = folder / f"{game}-{seed}.json"
            if os.path.lexists(path):
                raise UsageError(f"{path} exists already; use --force to replace the records "
                                 f"of these seeds, or another folder")
    return folder


if __name__ == "__main__":  # `python -m petanque_game.cli` works like `python -m petanque_game`
    sys.exit(main())
