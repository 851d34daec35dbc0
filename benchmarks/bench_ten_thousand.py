"""Ten Thousand's AI: strength of the levels, the expert against the old expected-points play,
the cost of loading a win table and of a hint.

    python benchmarks/bench_ten_thousand.py [--levels N] [--versus N] [--hints N] [--startup]
                                            [--target T] [--carries] [--seeds S,S,S]
                                            [--pairs LOW-HIGH,...]

--levels N   N games for each pair of levels (easy-medium, medium-expert, easy-expert), played
             through `Match` like `petanque-game simulate`; each seed twice, seats swapped;
             `--seeds 0,100000,200000`: N games from each of these first seeds, then pooled;
             `--pairs medium-easy,...`: only these pairs.
--versus N   N games of the expert against the expected-points expert it replaced (each seed
             twice, seats swapped, the same dice stream for both games of a pair; from each of
             the `--seeds`, then pooled), and N games of
             the expert against itself: the first seat's share must match the table's S(0, 0).
--three N    N three-player games: the expert (against the best other score) with two
             expected-points players, seats rotated.
--hints N    the time of `hints.hint` on the decisions of N games between experts, first asked
             (the turn's values not yet worked out) and asked again.
--startup    the time to read and decode each shipped table, and to import the AI.
(Medium's end game against the win table: benchmarks/bench_ten_thousand_medium.py.)
Shares are given with their standard errors (over the pairs of games); nothing is asserted.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import subprocess
import sys
import time

from petanque_game.ai import ten_thousand as ai
from petanque_game.ai import ten_thousand_points as points
from petanque_game.ai import ten_thousand_win as win
from petanque_game.ai.hints import hint
from petanque_game.match import Match
from petanque_game.record import Seat
from petanque_game.rules import ten_thousand as tt
from petanque_game.rules.base import CHANCE, Dice

GAME = "ten-thousand"
PAIRS = (("easy", "medium"), ("medium", "expert"), ("easy", "expert"))


def share(pair_scores: list[float]) -> tuple[float, float]:
    """Mean and standard error of per-pair scores (each 0, 1/2 or 1)."""
    mean = statistics.fmean(pair_scores)
    return mean, statistics.stdev(pair_scores) / len(pair_scores) ** 0.5


def report(label: str, pair_scores: list[float], seconds: float) -> None:
    mean, se = share(pair_scores)
    z = (mean - 0.5) / se if se else float("inf")
    games = 2 * len(pair_scores)
    print(f"{label:<36}{games:>8}{100 * mean:>9.2f}%{100 * se:>7.2f}{z:>8.1f}{seconds:>9.1f} s",
          flush=True)


def header() -> None:
    print(f"{'':<36}{'games':>8}{'share':>10}{'s.e.':>7}{'z':>8}{'time':>11}")


def levels(games: int, options: dict, firsts: list[int], pairs=PAIRS) -> None:
    """Each pair of levels on `games` // 2 seeds from each first seed of `firsts` (each seed
    twice, seats swapped): each range's share, then all of them pooled (when more than one)."""
    header()
    for low, high in pairs:
        pooled, began = [], time.perf_counter()
        for first in firsts:
            scores, started = [], time.perf_counter()
            for seed in range(first, first + games // 2):
                score = 0.0
                for order in ((low, high), (high, low)):
                    seats = [Seat(f"AI {level}", "ai", level) for level in order]
                    match = Match.new(GAME, seats, options, seed)
                    match.play_to_end()
                    score += order[match.state.winners()[0]] == high
                scores.append(score / 2)
            report(f"{high} against {low}, seeds {first}-", scores,
                   time.perf_counter() - started)
            pooled += scores
        if len(firsts) > 1:
            report(f"{high} against {low}, pooled", pooled, time.perf_counter() - began)


def play(players, seed: int, options: dict) -> int:
    """A game between deciders (state, rng -> action) with the dice of `seed`; the winner."""
    state = tt.new_game(len(players), options)
    dice, rng = random.Random(seed), random.Random(-seed)
    while not state.is_terminal:
        if state.to_move == CHANCE:
            state = state.apply(Dice(tuple(dice.randint(1, 6) for _ in range(state.dice_to_roll))))
        else:
            state = state.apply(players[state.to_move](state, rng))
    return state.winners()[0]


def expert(state, rng):
    return ai.choose(state, "expert", rng)


def old(state, rng):
    return points.choose(state)


def three(games: int, options: dict) -> None:
    """The expert against two expected-points players, in each seat in turn: its share of wins
    (a third if it were no better)."""
    began, scores = time.perf_counter(), []
    for seed in range(games // 3):
        won = [play(seats, seed, options) == seats.index(expert)
               for seats in ((expert, old, old), (old, expert, old), (old, old, expert))]
        scores.append(sum(won) / 3)
    mean, se = statistics.fmean(scores), statistics.stdev(scores) / len(scores) ** 0.5
    print(f"three players, expert against two expected-points players: {3 * len(scores)} games, "
          f"share {100 * mean:.2f}% (s.e. {100 * se:.2f}; a third is 33.33%, "
          f"z = {(mean - 1 / 3) / se:.1f}), {time.perf_counter() - began:.1f} s", flush=True)


def versus(games: int, options: dict, firsts: list[int]) -> None:
    header()
    pooled, began = [], time.perf_counter()
    for first in firsts:
        scores, started = [], time.perf_counter()
        for seed in range(first, first + games // 2):
            scores.append(((play((old, expert), seed, options) == 1)
                           + (play((expert, old), seed, options) == 0)) / 2)
        report(f"expert against expected points, seeds {first}-", scores,
               time.perf_counter() - started)
        pooled += scores
    if len(firsts) > 1:
        report("expert against expected points, pooled", pooled, time.perf_counter() - began)
    began, first = time.perf_counter(), []
    for seed in range(games // 2):
        first.append(((play((expert, expert), 2 * seed, options) == 0)
                      + (play((expert, expert), 2 * seed + 1, options) == 0)) / 2)
    report("expert against itself: first seat", first, time.perf_counter() - began)
    table = win.load(options["target"], options["hot_dice_banks"])
    print(f"  the table's chance for the first seat, S(0, 0): {100 * table.start(0, 0):.2f}%")


def hints(games: int, options: dict) -> None:
    cold, warm = [], []
    for seed in range(games):
        state = tt.new_game(2, options)
        dice, rng = random.Random(seed), random.Random(0)
        while not state.is_terminal:
            if state.to_move == CHANCE:
                values = tuple(dice.randint(1, 6) for _ in range(state.dice_to_roll))
                state = state.apply(Dice(values))
                continue
            first = state.phase == tt.KEEPING and state.dice_in_hand == tt.DICE
            if first:
                win.pair_turn.cache_clear()  # the turn's first question: nothing known yet
            for times in (cold, warm):
                began = time.perf_counter()
                given = hint(GAME, state)
                times.append(time.perf_counter() - began)
            assert given.action == ai.choose(state, "expert", rng)
            state = state.apply(given.action)
    for label, times in (("first asked", cold), ("asked again", warm)):
        times.sort()
        print(f"hint, {label}: {len(times)} hints, median {1000 * times[len(times) // 2]:.2f} ms, "
              f"99th percentile {1000 * times[int(len(times) * 0.99)]:.2f} ms, "
              f"worst {1000 * times[-1]:.2f} ms")


def startup() -> None:
    for target in win.SHIPPED_TARGETS:
        for banks in (True, False):
            path = win.assets_dir() / "ai" / win.table_name(target, banks)
            blob = path.read_bytes()
            runs = []
            for _ in range(5):
                began = time.perf_counter()
                win.WinTable(blob)
                runs.append(time.perf_counter() - began)
            print(f"{win.table_name(target, banks):<34}{len(blob):>8} bytes, "
                  f"read and decoded in {1000 * min(runs):.1f} ms (best of 5)")
    code = "import petanque_game.ai.ten_thousand"
    runs = []
    for _ in range(3):
        began = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True)
        runs.append(time.perf_counter() - began)
    print(f"python -c '{code}': {1000 * min(runs):.0f} ms (best of 3, start-up of Python included)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", type=int, default=0, metavar="N")
    parser.add_argument("--versus", type=int, default=0, metavar="N")
    parser.add_argument("--hints", type=int, default=0, metavar="N")
    parser.add_argument("--three", type=int, default=0, metavar="N")
    parser.add_argument("--seeds", default="0",
                        help="first seed of each range (--levels, --versus)")
    parser.add_argument("--pairs", default="", help="low-high,... (--levels; all by default)")
    parser.add_argument("--startup", action="store_true")
    parser.add_argument("--target", type=int, default=10000)
    parser.add_argument("--carries", action="store_true", help="hot_dice_banks: false")
    args = parser.parse_args()
    options = {"target": args.target, "hot_dice_banks": not args.carries}
    print(f"machine: {platform.machine()}, {platform.python_implementation()} "
          f"{platform.python_version()}; options {options}")
    if args.startup:
        startup()
    if args.levels:
        pairs = [tuple(p.split("-")) for p in args.pairs.split(",")] if args.pairs else PAIRS
        levels(args.levels, options, [int(s) for s in args.seeds.split(",")], pairs)
    if args.versus:
        versus(args.versus, options, [int(s) for s in args.seeds.split(",")])
    if args.three:
        three(args.three, options)
    if args.hints:
        hints(args.hints, options)


if __name__ == "__main__":
    main()
