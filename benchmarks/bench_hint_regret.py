"""Benchmark: how good is the aim the Terningepetanque search chooses for a person's hand?

    PYTHONPATH=. nice -n 10 python benchmarks/bench_hint_regret.py [--states 10] [--seed 0]
        [--hand normal] [--hands 48]

On the mid-round states of bench_hint_worth.py it weighs every candidate aim of the search
(`ai.petanque._candidates`, before the refinement) and the aim the search chose, each thrown by
the same `--hands` spread hands of the person's hand from a fresh stream (common random numbers,
so they are compared on equal luck), and prints the regret: how much less the chosen aim is
worth than the best candidate, on average and at worst, with the share of states where the
search chose the best (or within 0.5 points of it) and the CPU time of the search itself. It also
prints the same for a steady hand, which throws each aim exactly (one hand is enough). A regret
below 0: the refinement found a better aim than every candidate. The best of many candidates weighed
over a finite sample is itself a little lucky, so a regret of a few tenths is within the measure's
own noise.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench_hint_worth import mid_round_states

from petanque_game.ai import petanque as ai
from petanque_game.ai.hints_petanque import seed_of
from petanque_game.physics.hand import PERSON_HANDS, STEADY


def regret(states, hand, samples: int) -> tuple[list[float], list[float]]:
    """Per state: the best candidate's worth less the chosen aim's; the search's CPU seconds."""
    regrets, cpu = [], []
    for i, (state, board) in enumerate(states):
        situation = ai.situation_of(state)
        start = time.process_time()
        chosen = ai.search(board, situation, random.Random(seed_of(state)), hand=hand).aim
        cpu.append(time.process_time() - start)

        def weigh(aim, i=i, board=board, situation=situation):  # the same hands for every aim
            return ai.appraise(board, situation, aim, hand, random.Random(f"regret:{i}"),
                               samples)

        best = max(weigh(aim) for _, aim in ai._candidates(board, situation))
        regrets.append(best - weigh(chosen))
    return regrets, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--hand", default="normal", choices=sorted(PERSON_HANDS))
    parser.add_argument("--hands", type=int, default=48)
    args = parser.parse_args()
    states = mid_round_states(args.states, args.seed)
    print(f"{len(states)} mid-round states (seeds {args.seed}-{args.seed + args.states - 1}); "
          f"the aims weighed over {args.hands} spread hands")
    print("| hand | mean regret | worst | chose the best | within 0.5 | search CPU ms p50 / max |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for name, hand, samples in ((args.hand, PERSON_HANDS[args.hand], args.hands),
                                ("steady (exact)", STEADY, 1)):
        r, cpu = regret(states, hand, samples)
        print(f"| {name} | {statistics.mean(r):+.2f} | {max(r):+.2f} | "
              f"{sum(x <= 1e-9 for x in r)}/{len(r)} | {sum(x <= 0.5 for x in r)}/{len(r)} | "
              f"{1000 * statistics.median(cpu):.0f} / {1000 * max(cpu):.0f} |", flush=True)


if __name__ == "__main__":
    main()
