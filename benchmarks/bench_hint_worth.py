"""Benchmark: is the worth a Terningepetanque hint states honest, and what does a hint cost?

    PYTHONPATH=. nice -n 10 python benchmarks/bench_hint_worth.py [--states 20] [--seed 0]
        [--hand normal] [--recheck 48] [--rechecks 5] [--reference 240] [--brief]
    PYTHONPATH=. nice -n 10 python benchmarks/bench_hint_worth.py --estimators 10 [--states 20]

It gathers `--states` varied mid-round states (a die to throw, the diamond and at least one die
already lying) from real games of medium AIs on every shipped board, two to four players, one
state a game at a throw drawn from the game's seed. At each it asks for the hint for the
`--hand` person's hand, timing its CPU, and re-estimates the hinted aim's worth with the hint's
own estimator (`ai.appraise`) from `--recheck` fresh hands of that hand (a stream neither the
search nor the hint saw; `--rechecks` such re-estimates, the first being the criterion's). It
prints the mean and worst absolute gap between the stated worth and the first re-estimate, the
mean gap over all, the same for the search's own estimate of its best candidate (the maximum of
noisy estimates the hint stated before), the gap to a re-estimate from as many independent
hands, the spread of one hand's worth, and the hint's CPU time at p50/p95/worst; then the
trade-off: the gap a stated worth of K fresh hands would have, for a few K, and its CPU time
(`--brief` leaves out the search's figure and the trade-off). Each figure is also compared with
a precise `--reference` (the hint's estimator with many more hands, each round played on):
the re-estimate itself is off by about 0.8 sd / sqrt(48) on average (sd: its effective sd per
hand, below), which the gap includes.

`--estimators R` measures instead how much each way of drawing a K-hand estimate's hands
(`--recheck` K) varies, on the same states and the hint's aim: R estimates per state and way, each
from a stream of its own; the spread of those R means, times sqrt(K), is the estimate's effective
sd per hand (the same as one hand's sd for independent hands; lower when the hands are spread
well). The ways: independent hands; the Latin hypercube the search and the hint used
before (`spread_hands`); Owen-scrambled Sobol points through the normal's inverse, the hint's
now (`ai.petanque_hand_errors`); antithetic pairs (each hand's errors and their negatives);
and for scale, how much of one hand's spread is the chance drawn after the aim (the die's
orientation and the tumble), the rest being the hand's errors.

Every figure weighs a hand with `rest_worth` (the faces chance alone sets at their exact
distribution). That it is the same expected worth as the plain one (`points_worth`, the faces as
they fell) is checked on the reference's hands, both taken from each throw: the mean of their
difference over all states and hands, with its standard error, and each one's spread.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from petanque_game.ai import hints
from petanque_game.ai import petanque as ai
from petanque_game.ai.hints_petanque import WORTH_SAMPLES, seed_of
from petanque_game.ai.petanque_hand_errors import spread_errors
from petanque_game.ai.petanque_hands import Drawn, spread_hands
from petanque_game.ai.petanque_worth import points_worth, rest_worth
from petanque_game.match import Match
from petanque_game.physics.hand import PERSON_HANDS, draw_orientation, draw_tumble, wobble
from petanque_game.physics.level import level_names
from petanque_game.physics.throw import simulate_throw
from petanque_game.record import Seat
from petanque_game.rules.petanque_table import DIE

GAME = "terningepetanque"


def mid_round_states(count: int, seed: int = 0) -> list[tuple[object, object]]:
    """`count` (state, board) pairs: one die throw from each of `count` medium-AI games, game g
    on shipped board g % 3 with 2 + (g // 3) % 3 players, the throw drawn from its seed among
    the game's first three rounds' throws with the diamond and a die already lying."""
    boards = level_names()
    found = []
    for g in range(count):
        players = 2 + (g // len(boards)) % 3
        match = Match.new(GAME, [Seat(f"AI {i}", "ai", "medium") for i in range(players)],
                          {"rounds": 3}, seed=seed + g, level=boards[g % len(boards)])
        candidates = []
        while not match.over:
            state = match.state
            due = state.throw_due
            if due is not None and due[0] == DIE and not state.awaiting_accept \
                    and state.throws_done >= 2:
                candidates.append(state)
            match.play_ai_turn()
        found.append((random.Random(seed + g).choice(candidates), match.level))
    return found


def independent(board, state, aim, hand, samples: int, stream: str) -> list[float]:
    """The worth of `aim` thrown by `hand`, one value for each of `samples` hands drawn
    independently from `stream` (a plain re-estimate, as anyone would make it)."""
    situation = ai.situation_of(state)
    rng = random.Random(stream)
    return [ai.appraise(board, situation, aim, hand, rng, 1) for _ in range(samples)]


def paired(board, state, aim, hand, samples: int, stream: str) -> list[tuple[float, float]]:
    """`independent`'s hands (the same stream gives the same throws), with both worths of each
    throw: (plain `points_worth`, `rest_worth`)."""
    situation = ai.situation_of(state)
    rng = random.Random(stream)
    found = []
    for _ in range(samples):
        table = ai.thrown_table(board, situation, aim, hand, spread_hands(rng, 1)[0])
        found.append((points_worth(table, situation), rest_worth(table, situation)))
    return found


def spread(board, state, aim, hand, samples: int, stream: str) -> tuple[float, float]:
    """The hint's estimator (`appraise`) with `samples` hands from `stream`: worth, CPU s."""
    start = time.process_time()
    value = ai.appraise(board, ai.situation_of(state), aim, hand, random.Random(stream), samples)
    return value, time.process_time() - start


# --- --estimators: ways of drawing the hands of one estimate -----------------------------------

def sobol_hands(rng: random.Random, count: int) -> list[random.Random]:
    """The hint's hands (`ai.appraise`): scrambled Sobol errors."""
    return [Drawn(rng.getrandbits(64), e) for e in spread_errors(rng, count)]


def antithetic_hands(rng: random.Random, count: int) -> list[random.Random]:
    """`count` hands in pairs: independent errors, then the same errors negated."""
    found = []
    for _ in range(count // 2):
        errors = [rng.gauss(0.0, 1.0) for _ in range(ai.WOBBLES)]
        found += [Drawn(rng.getrandbits(64), errors),
                  Drawn(rng.getrandbits(64), [-e for e in errors])]
    return found


WAYS = {"independent hands": lambda rng, k: [spread_hands(rng, 1)[0] for _ in range(k)],
        "Latin hypercube (the search's and the hint's before)": spread_hands,
        "scrambled Sobol (the hint's)": sobol_hands,
        "antithetic pairs": antithetic_hands}


def estimators(states, hand, k: int, repeats: int) -> None:
    """The --estimators table: each way's effective sd per hand, over the states."""
    variances: dict[str, list[float]] = {w: [] for w in WAYS}
    after, spread_all = [], []
    for i, (state, board) in enumerate(states):
        situation = ai.situation_of(state)
        aim = hints.hint(GAME, state, board, hand=hand).action
        for way, draw in WAYS.items():
            means = []
            for r in range(repeats):
                hands = draw(random.Random(f"estimators:{way}:{i}:{r}"), k)
                means.append(statistics.mean(
                    rest_worth(ai.thrown_table(board, situation, aim, hand, h), situation)
                    for h in hands))
            variances[way].append(statistics.variance(means))
        rng = random.Random(f"after the aim:{i}")  # 12 hands, each thrown with 6 such chances
        within, values = [], []
        for _ in range(12):
            errors = spread_hands(rng, 1)[0]
            thrown = wobble(board, situation.num_players, situation.thrower, aim, hand, errors)
            these = [rest_worth(simulate_throw(
                board, situation.table, situation.num_players, situation.thrower,
                situation.obj, situation.die, thrown.launched(draw_orientation(rng),
                                                              draw_tumble(rng)),
                record_path=False).table, situation) for _ in range(6)]
            within.append(statistics.pvariance(these))
            values += these
        after.append(statistics.mean(within))
        spread_all.append(statistics.pvariance(values))
        print(f"state {i}: " + ", ".join(f"{w} {(variances[w][-1] * k) ** 0.5:.2f}"
                                         for w in WAYS), flush=True)
    print(f"| way of drawing the {k} hands | effective sd per hand (rms over {len(states)} "
          f"states, {repeats} estimates each) | against independent hands |")
    print("| --- | ---: | ---: |")
    base = statistics.mean(variances["independent hands"])
    for way, found in variances.items():
        print(f"| {way} | {(statistics.mean(found) * k) ** 0.5:.2f} | "
              f"{(statistics.mean(found) / base) ** 0.5:.2f} |")
    print(f"one hand's sd {statistics.mean(spread_all) ** 0.5:.2f}, of which the chance drawn "
          f"after the aim (orientation, tumble) {statistics.mean(after) ** 0.5:.2f} "
          "(rms over the states)")


def row(name: str, stated: list[float], rechecks: list[list[float]], reference: list[float],
        cpu: list[float] | None = None) -> str:
    """One figure's line: its gap to the first 48-hand re-estimate (the criterion), mean and
    worst; that gap averaged over every re-estimate; its error and bias against the reference."""
    first = [abs(a - b[0]) for a, b in zip(stated, rechecks)]
    every = statistics.mean(abs(a - r) for a, b in zip(stated, rechecks) for r in b)
    errors = [abs(a - b) for a, b in zip(stated, reference)]
    bias = statistics.mean(a - b for a, b in zip(stated, reference))
    took = f"{1000 * statistics.mean(cpu):.0f}" if cpu else "-"
    return (f"| {name} | {statistics.mean(first):.2f} | {max(first):.2f} | {every:.2f} | "
            f"{statistics.mean(errors):.2f} | {bias:+.2f} | {took} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--hand", default="normal", choices=sorted(PERSON_HANDS))
    parser.add_argument("--recheck", type=int, default=48)
    parser.add_argument("--reference", type=int, default=240)
    parser.add_argument("--rechecks", type=int, default=5,
                        help="re-estimates per state (the first is the criterion)")
    parser.add_argument("--brief", action="store_true", help="leave out the search's own "
                        "figure and the stated worth's trade-off of hands against CPU")
    parser.add_argument("--estimators", type=int, default=0, metavar="R",
                        help="compare ways of drawing an estimate's hands, R estimates each")
    args = parser.parse_args()
    hand = PERSON_HANDS[args.hand]
    states = mid_round_states(args.states, args.seed)
    if args.estimators:
        estimators(states, hand, args.recheck, args.estimators)
        return
    cpu, stated, searched, recheck, plain, reference, sd = [], [], [], [], [], [], []
    differences, plain_sd, rest_sd = [], [], []
    by_k: dict[int, tuple[list[float], list[float]]] = {}
    for i, (state, board) in enumerate(states):
        start = time.process_time()
        given = hints.hint(GAME, state, board, hand=hand)
        cpu.append(time.process_time() - start)
        stated.append(given.value)
        recheck.append([spread(board, state, given.action, hand, args.recheck,
                               f"recheck:{i}:{r}")[0] for r in range(args.rechecks)])
        one_by_one = independent(board, state, given.action, hand, args.recheck, f"plain:{i}")
        plain.append([statistics.mean(one_by_one)])
        sd.append(statistics.pstdev(one_by_one))
        both = paired(board, state, given.action, hand, args.reference, f"reference:{i}")
        # the stated worth plays the round on after each hand (`ai.appraise`): so does the
        # reference, from all its hands
        reference.append(ai.appraise(board, ai.situation_of(state), given.action, hand,
                                     random.Random(f"reference:{i}"), args.reference,
                                     rollouts=args.reference))
        differences += [r - p for p, r in both]
        plain_sd.append(statistics.pstdev(p for p, _ in both))
        rest_sd.append(statistics.pstdev(r for _, r in both))
        if args.brief:
            continue
        searched.append(ai.search(board, ai.situation_of(state), random.Random(seed_of(state)),
                                  hand=hand).points)
        for k in (24, 48, 96, 128, 192):
            value, took = spread(board, state, given.action, hand, k, f"other:{i}")
            by_k.setdefault(k, ([], []))[0].append(value)
            by_k[k][1].append(took)
    cpu_ms = sorted(1000.0 * c for c in cpu)
    p95 = cpu_ms[min(len(cpu_ms) - 1, round(0.95 * (len(cpu_ms) - 1)))]
    print(f"{len(states)} mid-round states (seeds {args.seed}-{args.seed + args.states - 1}, "
          f"every shipped board, 2-4 players), {args.hand} hand; re-estimate: the hint's "
          f"estimator with {args.recheck} fresh hands; reference: {args.reference} independent "
          "hands")
    print(f"| worth | mean abs gap to re-estimate | worst gap | mean gap, {args.rechecks} "
          "re-estimates | mean abs error (reference) | mean bias (reference) | CPU ms |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    print(row(f"stated by the hint ({WORTH_SAMPLES} spread fresh hands)", stated, recheck,
              reference))
    if searched:
        print(row("the search's own figure for its best", searched, recheck, reference))
    print(row(f"a perfect figure (the {args.reference}-hand reference)", reference, recheck,
              reference))
    for k, (values, took) in by_k.items():
        print(row(f"{k} other spread fresh hands", values, recheck, reference, took))
    print(f"against a re-estimate from {args.recheck} independent hands instead: the hint "
          + row("", stated, plain, reference).split("|")[2].strip() + ", a perfect figure "
          + row("", reference, plain, reference).split("|")[2].strip() + " (mean abs gap)")
    print(f"one hand's worth: sd {statistics.mean(sd):.2f} points on average "
          f"(largest {max(sd):.2f})")
    print(f"rest_worth less the plain worth, same throws ({len(differences)}): mean "
          f"{statistics.mean(differences):+.3f} +- "
          f"{statistics.stdev(differences) / len(differences) ** 0.5:.3f} "
          f"(SE); one hand's sd {statistics.mean(plain_sd):.2f} plain, "
          f"{statistics.mean(rest_sd):.2f} rest_worth (over the reference's hands)")
    print(f"hint CPU ms: p50 {statistics.median(cpu_ms):.0f}, p95 {p95:.0f}, "
          f"worst {cpu_ms[-1]:.0f}")


if __name__ == "__main__":
    main()
