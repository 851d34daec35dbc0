"""Benchmark: how fast the tray games' rules and AIs play whole games, this checkout beside a git
ref (e.g. main), for the rules' own cost (`apply`, the states it copies) as AI searches and hints
meet it.

    python benchmarks/bench_rules_apply.py [--against main] [--rounds 5]

Each case runs in a fresh Python process that imports petanque_game from the checkout it is
given (this one, or REF checked out in a temporary `git worktree`), plays one game first so the
AI's tables are built, then times whole games with `time.process_time` (CPU: the machine may be
shared). The two checkouts are run in turn, round after round, the order swapped every round; the
table gives each case's median CPU ms a game over the rounds and the ratio of the medians.
Cases: random legal play of Shut the Box, Ship, Captain and Crew and Ten Thousand (the rules
alone), and AI games of each (an expert against an easy player; Ship for a pot with the cargo
rerolled). Nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
from checkouts import checkout_of

CASES = {  # name: (game, options, seats or "random", games timed)
    "random Shut the Box": ("shut-the-box", {}, "random", 300),
    "random Ship, Captain and Crew": ("ship-captain-crew", {}, "random", 300),
    "random Ten Thousand": ("ten-thousand", {}, "random", 100),
    "AI Shut the Box": ("shut-the-box", {}, "ai", 100),
    "AI Ship, pot, cargo rerolled": ("ship-captain-crew", {"mode": "pot", "cargo_reroll": "any",
                                                            "chips": 3},
                                     "ai", 20),
    "AI Ten Thousand": ("ten-thousand", {}, "ai", 10),
}

WORKER = """
import json, random, sys, time
sys.path.insert(0, sys.argv[1])
from petanque_game.match import Match
from petanque_game.record import Seat
from petanque_game.rules.base import Dice
from petanque_game.rules.games import spec_of
game, options, kind, count = json.loads(sys.argv[2])

def once(seed):
    if kind == "random":
        rng = random.Random(seed)
        state = spec_of(game).new_game(2, options)
        while not state.is_terminal:
            if state.to_move == -1:  # fair dice drawn as the match draws them
                action = Dice(tuple(rng.randint(1, 6) for _ in range(state.dice_to_roll)))
            else:
                action = rng.choice(state.legal_actions())
            state = state.apply(action)
    else:
        seats = [Seat("A", "ai", "expert"), Seat("B", "ai", "easy")]
        Match.new(game, seats, options, seed).play_to_end()

once(10_000)
began = time.process_time()
for seed in range(count):
    once(seed)
print(json.dumps((time.process_time() - began) / count * 1000))
"""


def run(root: Path, case: tuple) -> float:
    out = subprocess.run([sys.executable, "-c", WORKER, str(root), json.dumps(case)],
                         capture_output=True, text=True, check=True)
    return float(out.stdout)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--against", metavar="REF", default="main")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--only", help="cases whose name contains this")
    args = ap.parse_args()
    cases = {k: v for k, v in CASES.items() if not args.only or args.only in k}
    with checkout_of(args.against) as old:
        load = os.getloadavg()
        print(f"{args.against} beside this checkout, {args.rounds} rounds, CPU ms a game "
              f"(load {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} at the start)")
        print(f"{'case':34} {args.against:>10} {'this':>10} {'ratio':>7}")
        for name, case in cases.items():
            times: dict[str, list[float]] = {"old": [], "new": []}
            for r in range(args.rounds):
                order = [("old", old), ("new", ROOT)]
                for who, root in order if r % 2 == 0 else order[::-1]:
                    times[who].append(run(root, case))
            o, n = statistics.median(times["old"]), statistics.median(times["new"])
            print(f"{name:34} {o:10.2f} {n:10.2f} {o / n:6.2f}x   "
                  f"(this: {min(times['new']):.2f}-{max(times['new']):.2f})", flush=True)

if __name__ == "__main__":
    main()
