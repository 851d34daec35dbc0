"""Benchmark: the worth a Terningepetanque hint states against the lead the round really brings.

    PYTHONPATH=. nice -n 5 python benchmarks/bench_hint_lead.py --against medium --games 17
        [--rounds 15] [--seed 0] [--board classic] [--hand normal] --save FILE
    PYTHONPATH=. nice -n 5 python benchmarks/bench_hint_lead.py --load FILE [FILE ...]
        [--every K] [--part I]

Play: two-player games of `--rounds` rounds, a hint player (a human seat with the `--hand` hand
that throws exactly the hint's aim for that hand, keeps every throw, rolls when asked) against
the `--against` AI, seats alternated game by game (game g: seed `--seed` + g, the hint player in
seat g % 2). At each of its die throws the hint is asked (`ai.hints.hint`), its stated worth
noted; when the round ends, the hinted throw's **real lead** is noted: the round's points of the
hinted seat less the other seat's, as the rules scored the round (`last_points`: the faces, who
ended closest, the diamond's penalties of the round). The stated worth claims to be that real
lead's expectation, so over many hinted throws the two means should agree. Each game's throws
are appended to `--save` (a pickle: the state, the board, the aim, the stated worth, the real
lead) as the game ends, so a run stopped early keeps what it played.

Load: the saved throws' worth stated again by the code as it is now (`ai.appraise`, the hint's
seed and samples: the aims were the hint's and do not change with the worth), against the same
real leads: the mean stated, the mean real, their mean difference with its standard error
(paired by throw), for the worth as saved and as stated now, by opponent. `--every K --part I`
re-states only every K-th throw from the I-th (split a long run into parts to pool). The same
rounds are also played on without the learned edges (`petanque_edge`) and with the expert's
alone, to show what each moves; the error is also given by the throws left after the hinted
one (`m` the player's own, `o` the other's, in order).

The diamond's throws are left out: their stated worth is the penalty risked, not a lead.
"""

from __future__ import annotations

import argparse
import json
import math
import pickle
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from petanque_game.ai import hints
from petanque_game.ai import petanque as ai
from petanque_game.ai.hints_petanque import WORTH_SAMPLES, seed_of
from petanque_game.ai.petanque_edge import edge
from petanque_game.ai.petanque_hand_errors import spread_errors
from petanque_game.ai.petanque_hands import Drawn
from petanque_game.ai.petanque_round import Policy, played_out
from petanque_game.ai.petanque_worth import Situation, rest_worth
from petanque_game.match import Match
from petanque_game.physics.hand import PERSON_HANDS
from petanque_game.physics.level import Level
from petanque_game.record import Seat
from petanque_game.rules.petanque_table import DIE, Aim

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_hint_player import hinted_aim

GAME = "terningepetanque"
CLUB = True  # also the worth with the medium hand for an opponent that has another (--no-club)
SEARCHED = 0  # --searched R: also the worth with the other seat's own AI aims, over R rollouts


def play(against: str, seed: int, person: int, rounds: int, board: str, hand: str
         ) -> tuple[list[dict], float]:
    """One game; its hinted die throws (with their real leads) and the hint player's win share."""
    seats = [Seat(against, "ai", against), Seat(against, "ai", against)]
    seats[person] = Seat("Person", "human")
    match = Match.new(GAME, seats, {"rounds": rounds}, seed=seed, level=board,
                      hands=[hand if i == person else None for i in range(2)])
    throws, waiting = [], []
    while not match.over:
        state = match.state
        due = state.throw_due
        if match.ai_to_move:
            match.play_ai_turn()
        elif due is not None and not state.awaiting_accept:
            aim = hinted_aim(match)
            if due[0] == DIE:
                waiting.append({"state": state, "board": match.level, "hand": hand,
                                "aim": aim, "seat": person, "against": against, "seed": seed})
            match.decide(match.rules.Throw(*due, aim))
        else:
            match.decide(hints.hint(GAME, state, match.level).action)
        if match.state.round_number != state.round_number or (match.over and waiting):
            points = match.state.last_points  # the round just scored
            for t in waiting:
                t["real"] = points[person] - points[1 - person]
            throws += waiting
            waiting = []
    winners = match.state.winners()
    return throws, (1.0 / len(winners) if person in winners else 0.0)


def gather(args: argparse.Namespace) -> None:
    won, count, c0 = 0.0, 0, time.process_time()
    for g in range(args.games):
        person = g % 2
        throws, share = play(args.against, args.seed + g, person, args.rounds, args.board,
                             args.hand)
        won += share
        count += len(throws)
        with open(args.save, "ab") as out:
            pickle.dump(throws, out)
        print(f"game {g} (seed {args.seed + g}, hint player in seat {person}): win share "
              f"{share:g}, {len(throws)} hinted throws, real lead mean "
              f"{statistics.mean(t['real'] for t in throws):+.2f}", flush=True)
    print(f"{args.games} games against {args.against} (seeds {args.seed}-"
          f"{args.seed + args.games - 1}): hint player won {won:g}; {count} hinted throws; "
          f"{time.process_time() - c0:.0f} s CPU")


def load(files: list[str]) -> list[dict]:
    found = []
    for name in files:
        with open(name, "rb") as f:
            while True:
                try:
                    found += pickle.load(f)
                except EOFError:
                    break
    return found


def mean_se(values: list[float]) -> str:
    values = [v for v in values if not math.isnan(v)]
    if not values:
        return "-"
    se = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return f"{statistics.mean(values):+.2f} +- {se:.2f}"


def worths(t: dict) -> tuple[float, float, float]:
    """The saved throw's worth three ways, from the hint's worth stream: the tables' worth as
    if the dice stayed (`rollouts=0`), the round played on with the hint's default hands for the
    other seat (the medium AI's: `ai.appraise` with no `hands`), and with the other seat's real
    hand (what the window gives the hint). The same hands and rollout streams as `ai.appraised`,
    the tables thrown once for all three."""
    state, board, hand = t["state"], t["board"], PERSON_HANDS[t["hand"]]
    situation = ai.situation_of(state)
    rng = random.Random(seed_of(state) + ":worth")
    drawn = [Drawn(rng.getrandbits(64), e) for e in spread_errors(rng, WORTH_SAMPLES)]
    tables = [ai.thrown_table(board, situation, t["aim"], hand, h) for h in drawn]
    rests = [rest_worth(table, situation) for table in tables]
    still = sum(rests) / WORTH_SAMPLES
    count = min(WORTH_SAMPLES, ai.ROLLOUTS)
    streams = [rng.getrandbits(64) for _ in range(count)]
    found, played = {}, {}
    others = [t["against"]] + (["medium"] if CLUB and t["against"] != "medium" else [])
    for other in others:
        hands = [hand if s == t["seat"] else ai.HANDS[other] for s in range(2)]
        searched = ai._searched(situation, hands)  # the hint's own seat, the expert's
        plain, played[other], expert_only = [], [], []
        for table, r, stream in zip(tables, rests, streams):
            # each round played on once: the edges do not touch the stream, so the worth with
            # them is the plain one plus the edges of the searched throws on the way, the same
            # sums in the same order as `played_out` adds them (the check in `restate`)
            noted: list[Situation] = []
            lead = played_out(board, situation, table, _noting(noted, searched), hands,
                              random.Random(stream))
            gained = theirs = 0.0
            for now in noted:
                e = edge(now, situation.thrower)
                gained += e
                if now.thrower != situation.thrower:
                    theirs += e
            plain.append(lead - r)
            played[other].append(lead + gained - r)
            expert_only.append(lead + theirs - r)
        found[other] = still + sum(played[other]) / count
        if other == t["against"]:  # the same rounds without the edges, and with the expert's
            t["no_edge"] = still + sum(plain) / count
            t["expert_only"] = still + sum(expert_only) / count
    if SEARCHED:  # the other seat's throws to come as its AI really aims them (the expert: its
        # search, ~0.17 s a throw), its first SEARCHED rollouts; the club model on the same ones
        hands = [hand if s == t["seat"] else ai.HANDS[t["against"]] for s in range(2)]

        def as_seated(level: Level, now: Situation, r: random.Random) -> Aim:
            return ai._medium(level, now, r) if now.thrower == t["seat"] else \
                ai.choose_throw(level, now, t["against"], r)

        t["club_few"] = still + sum(played[t["against"]][:SEARCHED]) / SEARCHED
        t["searched"] = still + sum(
            played_out(board, situation, table, as_seated, hands, random.Random(stream)) - r
            for table, r, stream in list(zip(tables, rests, streams))[:SEARCHED]) / SEARCHED
    return still, found.get("medium", math.nan), found[t["against"]]


def _noting(noted: list[Situation], searched: frozenset[int]) -> Policy:
    """The club rule (`ai._medium`, as the worth aims every throw to come), noting in `noted`
    each throw of a seat in `searched` as it is asked for."""
    def aimed(level: Level, now: Situation, r: random.Random) -> Aim:
        if now.thrower in searched:
            noted.append(now)
        return ai._medium(level, now, r)
    return aimed


def restate(args: argparse.Namespace) -> None:
    throws = load(args.load)[args.skip:][args.part::args.every]
    c0, cpu = time.process_time(), []
    for i, t in enumerate(throws):
        start = time.process_time()
        state = t["state"]
        t["still"], t["club"], t["now"] = worths(t)
        t["die"] = state.throw_due[1]
        t["after"] = "".join("m" if s == t["seat"] else "o"
                             for s in ai.situation_of(state).to_come)
        if i == 0:  # the way the hint states it, given the seats' real hands
            hands = [PERSON_HANDS[t["hand"]] if s == t["seat"] else ai.HANDS[t["against"]]
                     for s in range(2)]
            assert t["now"] == ai.appraise(t["board"], ai.situation_of(state), t["aim"],
                                           PERSON_HANDS[t["hand"]],
                                           random.Random(seed_of(state) + ":worth"),
                                           WORTH_SAMPLES, hands=hands)
        cpu.append(time.process_time() - start)
        if args.out:  # each throw as it is re-stated: a run stopped early still tells
            with open(args.out, "a") as out:
                out.write(json.dumps({k: t[k] for k in FIELDS if k in t}) + "\n")
        if args.progress and i % 50 == 49:
            print(f"  {i + 1} throws re-stated", flush=True)
    cpu_ms = sorted(1000 * c for c in cpu)
    print(f"{len(throws)} hinted throws (every {args.every} from {args.part}); worth re-stated "
          f"in {time.process_time() - c0:.0f} s CPU (ms a throw: p50 "
          f"{statistics.median(cpu_ms):.0f}, p95 {cpu_ms[int(0.95 * (len(cpu_ms) - 1))]:.0f})")
    table(throws)


def table(throws: list[dict]) -> None:
    """The re-stated throws' means by opponent."""
    print("| against | throws | games | real lead | worth, dice staying | its error | "
          "played on, medium hand | its error | played on, real hand (stated) | its error |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for against in [*sorted({t["against"] for t in throws}), "all"]:
        these = [t for t in throws if against in ("all", t["against"])]
        games = len({(t["against"], t["seed"]) for t in these})
        print(f"| {against} | {len(these)} | {games} | "
              f"{mean_se([t['real'] for t in these])} | "
              f"{mean_se([t['still'] for t in these])} | "
              f"{mean_se([t['still'] - t['real'] for t in these])} | "
              f"{mean_se([t['club'] for t in these])} | "
              f"{mean_se([t['club'] - t['real'] for t in these])} | "
              f"{mean_se([t['now'] for t in these])} | "
              f"{mean_se([t['now'] - t['real'] for t in these])} |", flush=True)
    for against in sorted({t["against"] for t in throws if "expert_only" in t}):
        these = [t for t in throws if t["against"] == against and "expert_only" in t]
        print(f"\nagainst {against} ({len(these)} throws), the same rounds played on without "
              f"the learned edges (`petanque_edge`): its error "
              f"{mean_se([t['no_edge'] - t['real'] for t in these])}; with the expert's edge "
              f"alone {mean_se([t['expert_only'] - t['real'] for t in these])}")
        groups = {a: [t["now"] - t["real"] for t in these if t["after"] == a]
                  for a in sorted({t["after"] for t in these})}
        print("  its error by the throws after it (m: the player's own, o: the other's): "
              + "; ".join(f"{a or '-'} {mean_se(e)} ({len(e)})" for a, e in groups.items()))
    searched = [t for t in throws if "searched" in t]
    if searched:  # --searched: the club model and each AI's own aims on the same rollouts
        print("\n| against | die | throws | played on, club model: its error | each AI as it "
              "aims: its error | the two apart (paired) |\n| --- | ---: | ---: | ---: | ---: "
              "| ---: |")
        for against in sorted({t["against"] for t in searched}):
            for die in (0, 1, "both"):
                these = [t for t in searched if t["against"] == against
                         and die in ("both", t["die"])]
                print(f"| {against} | {die} | {len(these)} | "
                      f"{mean_se([t['club_few'] - t['real'] for t in these])} | "
                      f"{mean_se([t['searched'] - t['real'] for t in these])} | "
                      f"{mean_se([t['searched'] - t['club_few'] for t in these])} |", flush=True)


FIELDS = ("against", "seed", "die", "after", "real", "still", "club", "now", "no_edge",
          "expert_only", "club_few", "searched")


def summary(files: list[str]) -> None:
    """The table of throws re-stated into `--out` files (several runs' parts pooled)."""
    throws = []
    for name in files:
        with open(name) as f:
            throws += [json.loads(line) for line in f if line.strip()]
    print(f"{len(throws)} re-stated hinted throws from {len(files)} files")
    table(throws)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", default="medium", choices=sorted(ai.HANDS))
    parser.add_argument("--games", type=int, default=17)
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--board", default="classic")
    parser.add_argument("--hand", default="normal", choices=sorted(PERSON_HANDS))
    parser.add_argument("--save", help="append the hinted throws to this file")
    parser.add_argument("--load", nargs="+", help="re-state the saved throws' worth")
    parser.add_argument("--out", help="append each re-stated throw to this file (JSON lines)")
    parser.add_argument("--summary", nargs="+", help="the table of --out files, pooled")
    parser.add_argument("--skip", type=int, default=0, help="leave out the first N throws")
    parser.add_argument("--every", type=int, default=1)
    parser.add_argument("--part", type=int, default=0)
    parser.add_argument("--progress", action="store_true")
    parser.add_argument("--no-club", action="store_true", help="leave out the worth with the "
                        "medium hand for an expert opponent (the hint's without the hands)")
    parser.add_argument("--searched", type=int, default=0, metavar="R",
                        help="also the worth whose other seat aims as its AI does (the expert: "
                        "its search), over the first R rollouts, beside the club model's on the "
                        "same R")
    args = parser.parse_args()
    global CLUB, SEARCHED
    CLUB = not args.no_club
    SEARCHED = args.searched
    if args.summary:
        summary(args.summary)
    elif args.load:
        restate(args)
    elif args.save:
        gather(args)
    else:
        parser.error("give --save FILE to play, or --load FILE ... to re-state")


if __name__ == "__main__":
    main()
