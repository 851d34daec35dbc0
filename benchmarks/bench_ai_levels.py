"""Benchmark: does each AI level beat the one below it? Head-to-head games with no window.

    PYTHONPATH=. python benchmarks/bench_ai_levels.py [--game terningepetanque]
        [--pairs medium:easy,expert:medium] [--games 100] [--option rounds=15] [--seed 0]

For each pair (stronger:weaker) it plays N two-player games, the stronger level in seat 0 in
even games and seat 1 in odd ones (so neither gains from the seat), seeded S, S+1, ...; a shared
win counts half. Prints the stronger level's win rate with its standard error (the standard
deviation of the games' results, 1, 1/2 or 0, over sqrt(N): with no shared wins that is
sqrt(p (1 - p) / N), and shared wins make it smaller), the z-score against an even match, the
share of shared wins, the mean final scores, and, for Terningepetanque, the AI's decisions per
second and the expert's simulated throws per decision. `--option key=value` sets a rule option
(whole numbers, true/false and words are read as such), e.g. `--option closing=classic`.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from petanque_game.ai import petanque as petanque_ai
from petanque_game.match import Match
from petanque_game.physics import throw as throw_module
from petanque_game.record import Seat


def head_to_head(game: str, strong: str, weak: str, games: int, seed: int,
                 options: dict) -> dict:
    wins = squares = shared = 0.0
    scores = {strong: 0.0, weak: 0.0}
    decisions = 0
    start = time.perf_counter()
    for g in range(games):
        levels = (strong, weak) if g % 2 == 0 else (weak, strong)
        seats = [Seat(f"AI {i + 1}", "ai", lv) for i, lv in enumerate(levels)]
        match = Match.new(game, seats, dict(options), seed=seed + g)
        while not match.over:
            match.play_ai_turn()
            decisions += 1
        winners = match.record.result["winners"]
        mine = levels.index(strong)
        if mine in winners:
            wins += 1.0 / len(winners)
            squares += 1.0 / len(winners) ** 2
        shared += len(winners) > 1
        for i, lv in enumerate(levels):
            scores[lv] += match.record.result["scores"][i] / games
    took = time.perf_counter() - start
    p = wins / games
    se = math.sqrt(max(squares / games - p * p, 1e-12) / games)
    return {"p": p, "se": se, "z": (p - 0.5) / se, "scores": scores, "seconds": took,
            "decisions": decisions, "shared": shared / games}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="terningepetanque")
    parser.add_argument("--pairs", default="medium:easy,expert:medium")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--option", action="append", default=[])
    args = parser.parse_args()
    options = {}
    for item in args.option:
        key, value = item.split("=", 1)
        words = {"true": True, "false": False}
        options[key] = int(value) if value.isdigit() else words.get(value, value)
    simulated = [0]
    real = throw_module.simulate_throw

    def counting(*a, **k):
        simulated[0] += 1
        return real(*a, **k)

    petanque_ai.simulate_throw = counting  # the expert's search calls it through its module
    for pair in args.pairs.split(","):
        strong, weak = pair.split(":")
        simulated[0] = 0
        r = head_to_head(args.game, strong, weak, args.games, args.seed, options)
        print(f"{args.game} {strong} vs {weak}: {args.games} games, {strong} wins "
              f"{100 * r['p']:.2f}% +- {100 * r['se']:.2f} (z = {r['z']:.1f}); "
              f"{100 * r['shared']:.1f}% shared; mean scores "
              f"{strong} {r['scores'][strong]:.1f}, {weak} {r['scores'][weak]:.1f}; "
              f"{r['decisions'] / r['seconds']:.1f} decisions/s; "
              f"{simulated[0]} simulated search throws in {r['seconds']:.0f} s")


if __name__ == "__main__":
    main()
