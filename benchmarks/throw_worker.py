"""A process that times throws and expert decisions for `bench_throw.py --against`.

    python benchmarks/throw_worker.py ROOT

imports petanque_game from ROOT (this checkout, or a `git worktree` of main) and answers one
request a line on stdin with one JSON line on stdout, so that the benchmark can time two versions
of the physics turn by turn, on the same machine at the same moment. Requests:

- `throws N PATH`: the benchmark throw (`end_of_round_table`) N times, with the path or not
  (PATH 1 or 0): CPU seconds (time.process_time) and wall seconds for the N.
- `decide I SEED`: the expert's decision for decision state I (`states`): CPU and wall seconds,
  and the chosen aim (to check that both versions decide the same).
"""

from __future__ import annotations

import json
import sys
import time

if __name__ == "__main__":  # the checkout to time, before its game is imported
    sys.path.insert(0, sys.argv[1])

import random

from throw_corpus import throws

from petanque_game.ai.petanque import aim, choose_throw
from petanque_game.ai.petanque_worth import Situation
from petanque_game.physics import cube
from petanque_game.physics.level import load_named_level
from petanque_game.physics.throw import simulate_throw
from petanque_game.rules.petanque_table import DiamondRest, DieRest, Table

STATE_SOURCE = 400  # corpus throws the decision states are picked from (every board, 2-4 seats)


def end_of_round_table() -> Table:
    """The fullest table a throw can meet: the diamond and 7 dice at rest, the last die of a
    4-player round to come (see bench_throw.py)."""
    spots = [(0, 0, -30.0, -35.0, 0.3, 5), (1, 0, 28.0, 22.0, 1.1, 9), (2, 0, -45.0, 40.0, 0.7, 2),
             (3, 0, 55.0, -20.0, 2.0, 14), (0, 1, -10.0, -70.0, 0.1, 20),
             (1, 1, 80.0, 60.0, 0.9, 3), (2, 1, -85.0, -5.0, 1.7, 17)]
    dice = tuple(DieRest(p, d, x, y, a, cube.TOP_FACE[o], True, None, 1.0, o)
                 for p, d, x, y, a, o in spots)
    return Table(DiamondRest(5.0, 3.0, 0.4, True), dice)


def benchmark_throw():
    level = load_named_level("classic")
    launch = aim(level, 4, 3, (-150.0, -20.0), roll=0.8).launched(6)
    return (level, end_of_round_table(), 4, 3, "die", 1, launch)


def states(count: int) -> list[tuple]:
    """`count` decision states spread over the corpus's die throws (every board, 2 to 4 players,
    early and late in the round): (level, Situation)."""
    found = []
    for t in throws(STATE_SOURCE):
        if t.obj != "die":
            continue
        turn = t.die * t.players + t.seat
        to_come = tuple(k % t.players for k in range(turn + 1, 2 * t.players))
        found.append((t.level, Situation(t.table, t.players, t.seat, t.obj, t.die,
                                         (0,) * t.players, to_come)))
    step = max(1, len(found) // count)
    return found[::step][:count]


def main() -> None:
    args = benchmark_throw()
    simulate_throw(*args)
    decision_states = None
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "throws":
            n, path = int(words[1]), words[2] == "1"
            c0, w0 = time.process_time(), time.perf_counter()
            for _ in range(n):
                simulate_throw(*args, record_path=path)
            out = {"cpu": time.process_time() - c0, "wall": time.perf_counter() - w0}
        elif words[0] == "decide":
            if decision_states is None:
                decision_states = states(int(words[3]))
            level, situation = decision_states[int(words[1])]
            c0, w0 = time.process_time(), time.perf_counter()
            chosen = choose_throw(level, situation, "expert", random.Random(int(words[2])))
            out = {"cpu": time.process_time() - c0, "wall": time.perf_counter() - w0,
                   "aim": repr(chosen), "dice": len(situation.table.dice)}
        else:
            out = {"error": line.strip()}
        print(json.dumps(out), flush=True)


if __name__ == "__main__":
    main()
