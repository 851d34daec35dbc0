"""Learn a search's edge over a club player's throw and write the tree the hint's worth adds.

    PYTHONPATH=. nice -n 5 python tools/learn_expert_edge.py [--own] [--workers 2]
        [--scale 1.0] [--out assets/ai/expert-edge.json] [--rows FILE]

What it learns is said in `petanque_game/ai/petanque_edge.py`. The situations: games in which a
hint player (a person's normal hand throwing exactly the hint's aim) meets expert AIs (GAMES:
two players on every shipped board, three and four players on the classic board, a medium AI
among the four), seeds from SEED on, apart from those the benchmarks play. At each of the hint
player's die throws with throws still to come, HANDS of the hint's hands throw its aim, and the
round is played on as the hint plays it (the club rule, each seat's hand); at each expert
seat's throw on the way, that throw is thrown twice on the same streams, as the expert's search
aims it and as the club rule does, the rest of the round played on by the club rule in both: one
row of features (`petanque_edge.features`) and the difference of the hint player's end leads.

A regression tree is then grown on the rows (squared error, at most DEPTH splits deep, every
leaf holding at least LEAF rows: the edge of one throw varies by sd ~6.5 points, so a leaf's mean
is good to about +-0.3) and written with how it was made. `--rows FILE` appends the rows there
as well (JSON lines), and `--grow-from FILE` grows the tree from such rows without playing.
Two workers take about 26 minutes (5,088 rows).

`--own` learns the other tree the worth walks (`assets/ai/own-edge.json`): the edge of the hint
player's own later throws, thrown as the hint's search aims them (`petanque.search` with the
player's hand) and as the club rule does, in games against medium and expert AIs (OWN_GAMES,
seeds from OWN_SEED on), its first split OWN_FIRST; everything else as above. Two workers take
about 15 minutes on a quiet machine (2,184 rows).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from petanque_game.ai import petanque as ai
from petanque_game.ai import petanque_edge as learned
from petanque_game.ai.hints_petanque import seed_of
from petanque_game.ai.petanque_hand_errors import spread_errors
from petanque_game.ai.petanque_hands import Drawn
from petanque_game.ai.petanque_round import Policy, played_out
from petanque_game.ai.petanque_worth import Situation
from petanque_game.match import Match
from petanque_game.physics.hand import PERSON_HANDS
from petanque_game.physics.level import Level
from petanque_game.record import Seat
from petanque_game.rules.base import Roll
from petanque_game.rules.petanque_table import DIE, Aim

GAME = "terningepetanque"
HAND = "normal"
SEED = 7000
HANDS = 3
DEPTH, LEAF = 3, 300
# (board, the other seats' AI levels, games, rounds a game)
GAMES = (("classic", ("expert",), 40, 10), ("round-table", ("expert",), 12, 10),
         ("bumper-lane", ("expert",), 12, 10), ("classic", ("expert", "expert"), 12, 6),
         ("classic", ("expert", "medium", "expert"), 12, 5))
OWN_SEED = 8000
# the own tree splits first on whether any throw is left after the player's: one that comes
# after can undo what the player's own throw did (the edge of a round's last throw, +1.1 points
# on two players' rows, is about three times that of one with a throw left after it)
OWN_FIRST = ("rest", 0.5)
OWN_GAMES = (("classic", ("medium",), 20, 10), ("classic", ("expert",), 20, 10),
             ("round-table", ("medium",), 6, 10), ("round-table", ("expert",), 6, 10),
             ("bumper-lane", ("medium",), 6, 10), ("bumper-lane", ("expert",), 6, 10),
             ("classic", ("expert", "medium"), 8, 6),
             ("classic", ("expert", "medium", "expert"), 8, 5))
# what each kind of tree is learned from and written to: (first seed, games, first split, file)
KINDS = {False: (SEED, GAMES, None, learned.EXPERT),
         True: (OWN_SEED, OWN_GAMES, OWN_FIRST, learned.OWN)}


def rows_of_game(job: tuple[str, tuple[str, ...], int, int, bool]) -> list[dict]:
    """One game of the hint player (seat seed % seats) against `levels`: its rows, of the expert
    seats' throws or (`own`) of the player's own."""
    board, levels, seed, rounds, own = job
    n = len(levels) + 1
    person = seed % n
    others = iter(levels)
    seats = [Seat("Person", "human") if s == person else Seat(f"{lv} {s}", "ai", lv)
             for s, lv in ((s, "" if s == person else next(others)) for s in range(n))]
    match = Match.new(GAME, seats, {"rounds": rounds}, seed=seed, level=board,
                      hands=[HAND if s == person else None for s in range(n)])
    rows: list[dict] = []
    while not match.over:
        state = match.state
        due = state.throw_due
        if match.ai_to_move:
            match.play_ai_turn()
        elif due is not None and not state.awaiting_accept:
            situation = ai.situation_of(state)
            hand = PERSON_HANDS[HAND]
            aim = ai.search(match.level, situation, random.Random(seed_of(state)), hand=hand).aim
            if due[0] == DIE and situation.to_come:
                searched = [person] if own else [
                    s for s in range(n) if s != person and seats[s].level == "expert"]
                rows += _rows(match.level, situation, aim, person, searched,
                              [hand if s == person else ai.HANDS[seats[s].level or "medium"]
                               for s in range(n)], f"{board}:{n}:{seed}")
            match.decide(match.rules.Throw(*due, aim))
        elif state.awaiting_accept:
            match.decide(match.rules.Accept())  # the hint player keeps every throw
        else:
            match.decide(Roll(1))  # the roll for who starts
    return rows


def _rows(level: Level, situation: Situation, aim: Aim, me: int, searched: list[int],
          hands: list, game: str) -> list[dict]:
    rng = random.Random(f"edge:{game}:{situation.table.to_json()}")
    rows = []
    for h in [Drawn(rng.getrandbits(64), e) for e in spread_errors(rng, HANDS)]:
        table = ai.thrown_table(level, situation, aim, hands[me], h)
        stream = rng.getrandbits(64)
        for k, seat in enumerate(situation.to_come):
            if seat not in searched:
                continue
            seen: dict[str, float] = {}
            ends = [played_out(level, situation, table,
                               _policy(k, search, stream, seen, me, hands[seat]), hands,
                               random.Random(stream)) for search in (True, False)]
            rows.append({"game": game, "k": k, "edge": ends[0] - ends[1], **seen})
    return rows


def _policy(k: int, search: bool, stream: int, seen: dict, me: int, hand) -> Policy:
    """The club rule for every throw to come but the `k`-th: that one the search with the
    seat's `hand` (`search`) or the club rule, either drawing from a stream of its own so both
    leave the rollout's stream as it was; the features of that throw go into `seen`."""
    count = [0]

    def aimed(level: Level, now: Situation, r: random.Random) -> Aim:
        j, count[0] = count[0], count[0] + 1
        if j != k:
            return ai._medium(level, now, r)
        if not seen:  # the same table both ways: its features once
            seen.update(learned.features(now, me))
        own = random.Random(stream ^ (k + 1))
        return ai.search(level, now, own, hand=hand).aim if search else ai._medium(level, now,
                                                                                  own)
    return aimed


def grow(rows: list[dict], depth: int, leaf: int, first: tuple[str, float] | None = None,
         names: tuple[str, ...] = learned.FEATURES) -> dict:
    """A regression tree of `edge` over the features `names`: each split the one that lowers
    the squared error most with at least `leaf` rows either side (the first one `first`, a
    feature and the value it splits below, when given); a leaf's value the mean of its rows."""
    ys = [r["edge"] for r in rows]
    node: dict = {"value": round(statistics.fmean(ys), 4), "rows": len(rows)}
    if first is None:
        if depth == 0 or len(rows) < 2 * leaf:
            return node
        first = _best_split(rows, leaf, names)
        if first is None:
            return node
    name, below = first
    node.update(split=name, below=below,
                lo=grow([r for r in rows if r[name] < below], depth - 1, leaf, None, names),
                hi=grow([r for r in rows if r[name] >= below], depth - 1, leaf, None, names))
    return node


def _best_split(rows: list[dict], leaf: int, names: tuple[str, ...]) -> tuple[str, float] | None:
    """The feature and value (rounded) whose split lowers the squared error of `edge` most,
    with at least `leaf` rows either side; None when no split leaves that many."""
    ys = [r["edge"] for r in rows]
    total, squares = sum(ys), sum(y * y for y in ys)
    best = None
    for name in names:
        ordered = sorted(rows, key=lambda r: r[name])
        s = s2 = 0.0
        for i in range(len(ordered) - 1):
            y = ordered[i]["edge"]
            s, s2 = s + y, s2 + y * y
            lo, hi = i + 1, len(ordered) - i - 1
            if lo < leaf or hi < leaf or ordered[i][name] == ordered[i + 1][name]:
                continue
            error = (s2 - s * s / lo) + (squares - s2 - (total - s) ** 2 / hi)
            if best is None or error < best[0]:
                best = (error, name, (ordered[i][name] + ordered[i + 1][name]) / 2)
    return None if best is None else (best[1], round(best[2], 4))


def gather(args: argparse.Namespace) -> list[dict]:
    seed, plan, _, _ = KINDS[args.own]
    jobs = [(board, levels, seed + 1000 * i + g, rounds, args.own)
            for i, (board, levels, games, rounds) in enumerate(plan)
            for g in range(max(1, round(games * args.scale)))]
    start, rows = time.time(), []
    with ProcessPoolExecutor(args.workers) as pool:
        for done, found in enumerate(pool.map(rows_of_game, jobs), 1):
            rows += found
            if args.rows:
                with open(args.rows, "a") as out:
                    out.writelines(json.dumps(r) + "\n" for r in found)
            print(f"{done}/{len(jobs)} games, {len(rows)} rows, {time.time() - start:.0f} s",
                  flush=True)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--own", action="store_true",
                        help="the player's own later throws, not the expert's")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--scale", type=float, default=1.0, help="games times this")
    parser.add_argument("--out", default=None, help="(default: the shipped tree's file)")
    parser.add_argument("--rows", default=None)
    parser.add_argument("--grow-from", default=None, metavar="ROWS",
                        help="grow the tree from rows a run wrote with --rows, playing nothing")
    args = parser.parse_args()
    if args.grow_from:
        with open(args.grow_from) as f:
            rows = [json.loads(line) for line in f if line.strip()]
    else:
        rows = gather(args)
    # rows written before a feature was added are grown over the features they have
    names = tuple(f for f in learned.FEATURES if all(f in r for r in rows))
    if names != learned.FEATURES:
        print(f"the rows have no {', '.join(sorted(set(learned.FEATURES) - set(names)))}: "
              "grown over the other features")
    seed, plan, first, name = KINDS[args.own]
    tree = grow(rows, DEPTH, LEAF, first, names)
    made = {"rows": len(rows), "mean": round(statistics.fmean(r["edge"] for r in rows), 4),
            "sd": round(statistics.stdev(r["edge"] for r in rows), 4), "depth": DEPTH,
            "leaf": LEAF, "hands": HANDS, "games": [list(map(str, g)) for g in plan],
            "seed": seed, "made_by": "tools/learn_expert_edge.py"}
    if first is not None:
        made["first"] = list(first)
    out = args.out or str(ROOT / "assets" / "ai" / name)
    Path(out).write_text(json.dumps({"made": made, "tree": tree}, indent=1) + "\n",
                         encoding="utf-8")
    learned.check(tree)
    print(f"{len(rows)} rows, mean edge {made['mean']:+.3f} (sd {made['sd']:.2f}); "
          f"written to {out}")


if __name__ == "__main__":
    main()
