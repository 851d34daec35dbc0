"""Benchmark: what the coach's lesson of one throw costs (ai/petanque_coach.py `lesson`), the CPU
the AI's thread spends on it after each of a person's throws.

    PYTHONPATH=. nice -n 10 python benchmarks/bench_coach.py [--states 16] [--seed 0]
        [--hand normal]

It gathers `--states` mid-round states (a die to throw, the diamond and a die or more lying:
bench_hint_worth.py `mid_round_states`, every shipped board, two to four players) and as many
rounds' first states (the diamond to throw). At each a person aims as the medium AI would, the
`--hand` person's hand releases it (its wobble drawn from a stream of the benchmark's own), the
throw is simulated, and the lesson of it is timed (CPU of this process) two ways: alone (the
expert's search, two aims' worths from WORTH_SAMPLES hands each, and the steady throws), and after
the hint for that throw was searched for ahead while the person aimed, as the table does with the
coach on (the lesson takes the hint's aim and worth as the expert's: only the person's aim's worth
and the steady throws are left; the lesson must come out the same, or the benchmark stops). Prints
the median, p95 and worst, for dice and diamonds apart.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

from petanque_game.ai import petanque as ai
from petanque_game.ai.hints import hint
from petanque_game.ai.petanque_coach import Expert, lesson
from petanque_game.match import Match
from petanque_game.physics.hand import PERSON_HANDS, release
from petanque_game.physics.level import level_names
from petanque_game.physics.throw import simulate_throw
from petanque_game.record import Seat

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_hint_worth import mid_round_states  # (after its folder is on the path)

GAME = "terningepetanque"


def diamond_states(count: int, seed: int) -> list[tuple[object, object]]:
    """`count` (state, board) pairs at a round's first throw, the diamond due."""
    boards = level_names()
    found = []
    for g in range(count):
        players = 2 + (g // len(boards)) % 3
        match = Match.new(GAME, [Seat(f"AI {i}", "ai", "medium") for i in range(players)],
                          {"rounds": 1}, seed=seed + g, level=boards[g % len(boards)])
        while match.state.throw_due is None or match.state.throw_due[0] != "diamond":
            match.play_ai_turn()
        found.append((match.state, match.level))
    return found


def timed(state, board, hand, rng: random.Random) -> tuple[float, float]:
    """CPU s of the lesson alone, and of the lesson after the hint searched ahead (the table's
    way while the coach is on: the expert's aim and worth are the hint's)."""
    situation = ai.situation_of(state)
    aim = ai.choose_throw(board, situation, "medium", rng)
    obj, die = state.throw_due
    launch = release(board, state.num_players, state.to_move, obj, aim, hand, rng, rng, rng)
    after = simulate_throw(board, state.table, state.num_players, state.to_move, obj, die,
                           launch, record_path=False).table
    start = time.process_time()
    alone = lesson(board, state, aim, launch, after, hand)
    spent = time.process_time() - start
    hinted = hint(GAME, state, board, hand=hand)
    start = time.process_time()
    ahead = lesson(board, state, aim, launch, after, hand,
                   expert=Expert(hinted.action, hinted.label, hinted.value))
    assert ahead == alone, "the hint's figures are not the lesson's own"
    return spent, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=int, default=16)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--hand", default="normal", choices=list(PERSON_HANDS))
    args = parser.parse_args()
    hand = PERSON_HANDS[args.hand]
    rng = random.Random(f"bench_coach:{args.seed}")
    for what, states in (("die", mid_round_states(args.states, args.seed)),
                         ("diamond", diamond_states(args.states, args.seed))):
        both = [timed(state, board, hand, rng) for state, board in states]
        for how, times in (("alone", sorted(a for a, _ in both)),
                           ("after the hint ahead", sorted(b for _, b in both))):
            p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
            print(f"{what:8s} n={len(times):3d}  median {1000 * statistics.median(times):6.0f} ms"
                  f"  p95 {1000 * p95:6.0f} ms  worst {1000 * times[-1]:6.0f} ms  ({how})")


if __name__ == "__main__":
    main()
