"""Benchmark: how long a hint takes (`ai.hints.hint`), for every game. Budget: 50 ms for the tray
games, 1 s for Terningepetanque.

    PYTHONPATH=. python benchmarks/bench_hints.py [--games 200] [--petanque-games 2]
        [--petanque-rounds 3] [--petanque-level medium] [--seed 0]

It plays two-player AI games (expert seats in the tray games, `--petanque-level` seats on the
classic board, also a four-player board game) and asks for a hint at every decision of every
seat, timing each; on the board the hint is given every seat's hand, as the window gives it (so
against expert seats its worth counts their learned edge). `--games 0` leaves the tray out.
"cold" is the first hint of each game with the game's AI caches cleared before it, so it pays for
building (or reading) the expert's tables, as the first hint of a session does; "all" is every
hint. Prints a Markdown table: hints, median, 99th percentile and worst, in milliseconds.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from petanque_game.ai import (
    hand_of,
    hints,
    ship_captain_crew,
    shut_the_box,
    ten_thousand_points,
    ten_thousand_win,
)
from petanque_game.match import Match
from petanque_game.record import Seat

TRAY = [  # (game, options, what it is)
    ("shut-the-box", {}, "seed rules"),
    ("shut-the-box", {"closing": "classic"}, "classic"),
    ("ship-captain-crew", {}, "points"),
    ("ship-captain-crew", {"mode": "pot", "cargo_reroll": "any"}, "pot, any"),
    ("ten-thousand", {}, "to 10,000"),
]
CACHED = {"shut-the-box": [shut_the_box], "ship-captain-crew": [ship_captain_crew],
          "ten-thousand": [ten_thousand_win, ten_thousand_points], "terningepetanque": []}


def clear_caches(game: str) -> None:
    for module in CACHED[game]:
        for value in vars(module).values():
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()


def timed_games(game: str, options: dict, games: int, seed: int, players: int, level: str,
                rounds: int | None = None) -> tuple[list[tuple[str, float]], list[float]]:
    """Every hint's (kind, milliseconds), kind "throw" for a throw on the board, else "move";
    and each game's first hint with the caches cleared."""
    every, cold = [], []
    if rounds is not None:
        options = {**options, "rounds": rounds}
    for g in range(games):
        seats = [Seat(f"AI {i + 1}", "ai", level) for i in range(players)]
        match = Match.new(game, seats, dict(options), seed=seed + g)
        board = match.level if match.spec.board else None
        hands = [hand_of(level)] * players if board is not None else None
        clear_caches(game)
        first = True
        while not match.over:
            kind = "throw" if board is not None and match.state.throw_due else "move"
            start = time.perf_counter()
            hints.hint(game, match.state, board, hands=hands)
            took = (time.perf_counter() - start) * 1000.0
            every.append((kind, took))
            if first:
                cold.append(took)
                first = False
            match.play_ai_turn()
    return every, cold


def row(name: str, times: list[float]) -> str:
    times = sorted(times)
    p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
    return (f"| {name} | {len(times):,} | {statistics.median(times):.2f} | {p99:.2f} | "
            f"{times[-1]:.2f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--petanque-games", type=int, default=2)
    parser.add_argument("--petanque-rounds", type=int, default=3)
    parser.add_argument("--petanque-level", default="medium", choices=("easy", "medium", "expert"))
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    # the imports, before anything is timed
    hints.hint("shut-the-box", Match.new("shut-the-box", [Seat("A", "ai", "easy")]).state)
    print("| game | hints | median ms | p99 ms | worst ms |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for game, options, said in TRAY if args.games else ():
        every, cold = timed_games(game, options, args.games, args.seed, 2, "expert")
        print(row(f"{game} ({said}), all", [t for _, t in every]))
        print(row(f"{game} ({said}), cold", cold))
    for players in (2, 4):
        every, _ = timed_games("terningepetanque", {}, args.petanque_games, args.seed, players,
                               args.petanque_level, args.petanque_rounds)
        for kind, said in (("throw", "throws"), ("move", "roll-off and keeping a throw")):
            times = [t for k, t in every if k == kind]
            print(row(f"terningepetanque ({players} players), {said}", times))


if __name__ == "__main__":
    main()
