"""Benchmark: the Terningepetanque expert's search, raced against weighing every candidate in full.

    PYTHONPATH=. nice -n 10 python benchmarks/bench_expert.py [--configs 6/1,2:4:6/0.5]
        [--states 30] [--seeds 3] [--appraise 48] [--games 0] [--medium 0] [--seed 0]
        [--jobs 1] [--verbose]

A config is RACE/KEEP[/REFINE[/KNOCK[/VARIED]]] of `ai/petanque.py` (the hands each stage's
survivors have met, ':' between them, the share kept for the next stage, how many of the best
are refined, the dice near the diamond a candidate knocks away: `a` all of them, `o` only other
seats', either followed by N for at most the N nearest: KNOCK_OWN and KNOCK_MOST; and the
refinements of each, VARIATIONS, as letters: `s` slower, `f` faster, `m` and `p` the heading
turned either way; what is left out as today); `6/1` is the search as it was before the
race (every candidate thrown with all 6 hands: the same aims as 14ea06c, decision by decision,
though not its time: the worth and the hands were made cheaper for every config; time today's
expert with `bench_throw.py --against 14ea06c`).
The first config is the reference, the others are compared with it, all in one run:

- decisions: bench_throw.py's decision states (`throw_worker.states`: every board, 2-4 players,
  early and late in the round) x `--seeds` seeds, each config deciding in turn (the order
  rotating), CPU and wall time a decision (p50, p95, max), the share of decisions the same as
  the reference's;
- what the chosen aims are worth: each state's chosen aims thrown by the same `--appraise`
  fresh spread hands of the expert's hand (`ai.appraise`: `rest_worth`, common random numbers, a
  stream no search saw), the mean of (config's worth - reference's) over all decisions with its
  standard error: a direct measure of strength per decision;
- `--games N`: N two-player 15-round games on the classic board, config against the reference,
  the config in seat 0 in even games and seat 1 in odd ones, seeds S, S+1, ...: win rate (a
  shared win counts half) with its standard error, mean totals, mean margin with its standard
  error; `--medium N`: each config but the first against the medium AI in the same way. The
  games run on `--jobs` processes; `--verbose` prints each game as it ends.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from throw_worker import states as decision_states

from petanque_game.ai import petanque as ai
from petanque_game.ai.petanque_hands import spread_hands
from petanque_game.match import Match
from petanque_game.record import Seat

_TODAY = (ai.REFINE, ai.KNOCK_OWN, ai.KNOCK_MOST, ai.VARIATIONS,
          ai.even_hands)  # before any config sets them
_SPREAD = {"e": ai.even_hands, "l": spread_hands}
_VARIED = {"s": (0.97, 0.0), "f": (1.03, 0.0), "m": (1.0, -0.012), "p": (1.0, 0.012)}


def parse(config: str) -> tuple:
    race, keep, *more = config.split("/")
    refine, own, most, variations, hands = _TODAY
    if more:
        refine = int(more[0])
    if len(more) > 1:
        own, most = more[1][0] == "a", int(more[1][1:]) if more[1][1:] else None
    if len(more) > 2:
        variations = tuple(_VARIED[v] for v in more[2])
    if len(more) > 3:
        hands = _SPREAD[more[3]]
    return (tuple(int(x) for x in race.split(":")), float(keep), refine, own, most, variations,
            hands)


def use(config: tuple) -> None:
    ai.RACE, ai.KEEP, ai.REFINE, ai.KNOCK_OWN, ai.KNOCK_MOST, ai.VARIATIONS, ai.even_hands = config
    ai.SAMPLES = config[0][-1]


def quantile(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[round(q * 100) - 1]


def decisions(configs: list[str], count: int, seeds: int, appraise: int, first: int = 0,
              played: bool = False) -> None:
    found = decision_states(count)
    cpu = {c: [] for c in configs}
    wall = {c: [] for c in configs}
    aims = {c: [] for c in configs}
    k = 0
    for level, situation in found:
        for seed in range(first, first + seeds):
            order = configs[k % len(configs):] + configs[:k % len(configs)]
            k += 1
            for c in order:
                use(parse(c))
                c0, w0 = time.process_time(), time.perf_counter()
                aims[c].append(ai.choose_throw(level, situation, "expert", random.Random(seed)))
                cpu[c].append(time.process_time() - c0)
                wall[c].append(time.perf_counter() - w0)
    load = os.getloadavg()
    print(f"decisions: {len(found)} states x {seeds} seeds from {first} (load average "
          f"{load[0]:.1f} {load[1]:.1f} {load[2]:.1f} at the end)")
    print("| config | CPU s p50 | p95 | max | wall s p50 | p95 | same aim as the first |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    ref = configs[0]
    for c in configs:
        same = sum(a == b for a, b in zip(aims[c], aims[ref]))
        print(f"| {c} | {quantile(cpu[c], 0.5):.3f} | {quantile(cpu[c], 0.95):.3f} | "
              f"{max(cpu[c]):.3f} | {quantile(wall[c], 0.5):.3f} | {quantile(wall[c], 0.95):.3f}"
              f" | {same}/{len(aims[c])} |", flush=True)
    if not appraise:
        return
    expert = ai.HANDS["expert"]
    ai.even_hands = _TODAY[4]  # the fresh hands are the hint's, whatever the configs' were
    worth = {c: [] for c in configs}
    for j in range(len(aims[ref])):
        level, situation = found[j // seeds]
        memo = {}
        for c in configs:
            chosen = aims[c][j]
            if chosen not in memo:  # the same hands for every aim of a decision
                memo[chosen] = ai.appraise(level, situation, chosen, expert,
                                           random.Random(f"bench-expert:{j}"), appraise,
                                           rollouts=None if played else 0)
            worth[c].append(memo[chosen])
    print(f"what the chosen aims are worth (points, {appraise} fresh hands each, the same for "
          f"every aim of a decision): mean, and the mean difference from {ref} +- its standard "
          f"error")
    for c in configs:
        diff = [a - b for a, b in zip(worth[c], worth[ref])]
        se = statistics.stdev(diff) / math.sqrt(len(diff)) if len(diff) > 1 else 0.0
        print(f"  {c}: {statistics.mean(worth[c]):+.3f}   difference {statistics.mean(diff):+.3f}"
              f" +- {se:.3f}  (worst {min(diff):+.2f})", flush=True)


def play(first: str, second: str, seed: int, g: int) -> tuple[float, float, float, float]:
    """Game `g` of config `first` against `second` (a config or 'medium'), `first` in seat
    g % 2: its share of the win, its total, the other's total, the CPU seconds it took."""
    mine = g % 2
    configs = {mine: parse(first)}
    if second != "medium":
        configs[1 - mine] = parse(second)

    def expert(level, situation, rng):
        use(configs[situation.thrower])
        return ai.search(level, situation, rng).aim

    ai._expert = expert
    other = "medium" if second == "medium" else "expert"
    levels = ["expert", other] if mine == 0 else [other, "expert"]
    c0 = time.process_time()
    match = Match.new("terningepetanque",
                      [Seat(f"AI {i + 1}", "ai", lv) for i, lv in enumerate(levels)],
                      {"rounds": 15}, seed=seed + g, level="classic")
    while not match.over:
        match.play_ai_turn()
    winners = match.record.result["winners"]
    scores = match.record.result["scores"]
    share = 1.0 / len(winners) if mine in winners else 0.0
    return share, scores[mine], scores[1 - mine], time.process_time() - c0


def _play(args: tuple) -> tuple[float, float, float, float]:
    return play(*args)


def games(first: str, second: str, count: int, seed: int, jobs: int, verbose: bool) -> None:
    """`count` games of config `first` against `second` (a config or 'medium'), on `jobs`
    processes."""
    w0 = time.perf_counter()
    args = [(first, second, seed, g) for g in range(count)]
    results = []
    with multiprocessing.Pool(jobs) as pool:
        for g, r in zip(range(count), pool.imap(_play, args)):
            results.append(r)
            if verbose:  # each game as it ends: a run stopped early still tells
                print(f"  game {g} (seed {seed + g}, {first} in seat {g % 2}): win share "
                      f"{r[0]:g}, {r[1]} vs {r[2]}, {r[3]:.0f} s CPU", flush=True)
    shares = [r[0] for r in results]
    margins = [r[1] - r[2] for r in results]
    p = statistics.mean(shares)
    se = statistics.pstdev(shares) / math.sqrt(count)
    m_se = statistics.stdev(margins) / math.sqrt(count) if count > 1 else 0.0
    load = os.getloadavg()
    print(f"games: {first} against {second}, {count} games (seeds {seed}-{seed + count - 1}, "
          f"seats alternated): {first} wins {100 * p:.1f}% +- {100 * se:.1f}; mean totals "
          f"{statistics.mean(r[1] for r in results):.1f} vs "
          f"{statistics.mean(r[2] for r in results):.1f}; margin {statistics.mean(margins):+.1f}"
          f" +- {m_se:.1f}; {sum(r[3] for r in results):.0f} s CPU, "
          f"{time.perf_counter() - w0:.0f} s wall (load average {load[0]:.1f} at the end)",
          flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--configs", default=f"{ai.SAMPLES}/1,{':'.join(map(str, ai.RACE))}/"
                                         f"{ai.KEEP:g}")
    ap.add_argument("--states", type=int, default=30)
    ap.add_argument("--seeds", type=int, default=3)
    ap.add_argument("--appraise", type=int, default=48)
    ap.add_argument("--played", action="store_true",
                    help="appraise with the round played on to its end (ai.ROLLOUTS)")
    ap.add_argument("--games", type=int, default=0)
    ap.add_argument("--medium", type=int, default=0)
    ap.add_argument("--seed", type=int, default=0, help="the first seed of decisions and games")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--verbose", action="store_true", help="print each game as it ends")
    a = ap.parse_args()
    configs = a.configs.split(",")
    if a.states and a.seeds:
        decisions(configs, a.states, a.seeds, a.appraise, a.seed, a.played)
    for c in configs[1:]:
        if a.games:
            games(c, configs[0], a.games, a.seed, a.jobs, a.verbose)
    for c in configs[1:]:
        if a.medium:
            games(c, "medium", a.medium, a.seed, a.jobs, a.verbose)


if __name__ == "__main__":
    main()
