"""Terningepetanque AI: aiming a throw, and choosing one at three levels of care.

`aim` (petanque_aim.py) inverts the physics for a lone body, so it comes to rest near a target.
An AI decides an aim only; the match throws it with the AI's hand (`HANDS`: large errors for
easy, small for expert) and draws the die's orientation, neither of which the AI sees
(docs/design.md#hidden-chance). Easy and medium aim honestly at the diamond (the board's centre
for the diamond throw). The expert weighs candidate aims on the real table: each thrown with
hands it samples from its own stream (`even_hands`, the same for every candidate), simulated with
`simulate_throw` and valued with the rules' own scoring, the thrown die's face at its expectation
(a uniformly random starting orientation stays uniform: `physics/cube.py`). The candidates race
(`_race`): the worse half drops out after the first hands, and so on, so only the best few meet
every hand (benchmarks/bench_expert.py: half the time, no strength lost). `search` returns the
chosen aim with what it is for; for a person's hint (`hints_petanque.py`) it searches for the
player's own hand, and `appraise` says what the aim is worth from hands the search never saw (its
own figure for its best is the luckiest of noisy estimates), the round played on to its end
(`petanque_round`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from petanque_game.ai.petanque_aim import aim
from petanque_game.ai.petanque_hands import (
    WOBBLES,  # noqa: F401 (ai.WOBBLES: hint benchmarks)
    even_hands,
    unseen_chance,
)
from petanque_game.ai.petanque_round import played_out
from petanque_game.ai.petanque_worth import (
    Situation,
    diamond_of,
    gap,
    points_worth,
    rest_worth,
    tie_break,
)
from petanque_game.physics.hand import Hand, wobble
from petanque_game.physics.level import Level
from petanque_game.physics.throw import check_aim, release_zone, simulate_throw
from petanque_game.rules.petanque_table import DIAMOND, Aim, DieRest, Table
from petanque_game.rules.terningepetanque import (
    Accept,
    TerningepetanqueState,
    Throw,
    closest_dice,
)

# The hand each level throws with (the match applies it: `physics.hand`).
HANDS = {
    "easy": Hand(direction=0.07, speed=0.10, elevation=0.08, lateral=30.0, spin=2.0),
    "medium": Hand(direction=0.03, speed=0.045, elevation=0.04, lateral=12.0, spin=2.0),
    "expert": Hand(direction=0.012, speed=0.018, elevation=0.015, lateral=5.0, spin=2.0),
}
# The expert's search: the candidate aims that last the race are thrown with SAMPLES hands sampled
# from its own stream; the REFINE best are then varied a little in speed and heading. Half as
# many hands again at every stage of the race as the search before (18, not 12): it won about
# half its games against three times as many; 1 decision in 20 takes 0.23-0.25 s of CPU on the
# test machine (benchmarks/RESULTS.md, "The expert's decision"). Cheaper races were weaker.
SAMPLES = 18
REFINE = 3
# the refinements of each: (its speed times, its heading plus, rad); not 3% faster (chosen
# least, no strength lost without it: benchmarks/RESULTS.md)
VARIATIONS = ((0.97, 0.0), (1.0, -0.012), (1.0, 0.012))
# The race (`_race`): the hands each stage's survivors have been thrown with, and the share of
# them kept for the next stage.
RACE = (3, 6, 12, 18)
KEEP = 0.5
# The dice a candidate aims to knock away (`_candidates`): those within KNOCK_NEAR mm of the
# diamond, the thrower's own too when KNOCK_OWN, at most the KNOCK_MOST nearest (None: all):
# fewer candidates on crowded tables, no strength lost (benchmarks/RESULTS.md, "The expert's
# decision": 0 of 36 candidates through one's own dice chosen in 90 decisions).
KNOCK_NEAR = 60.0
KNOCK_OWN = False
KNOCK_MOST: int | None = 1
# The hint's stated worth (`appraise`): how many of its hands play the round on to its end. All:
# a round played on varies far more than a table's worth (0.9 points between two 32-hand
# estimates against 0.1, 6 states).
ROLLOUTS = 64


def choose_throw(level: Level, situation: Situation, ai_level: str,
                 rng: random.Random) -> Aim:
    """The aim of the AI of `ai_level` (easy, medium, expert) for the throw of `situation`."""
    if ai_level not in HANDS:
        raise ValueError(f"unknown AI level {ai_level!r}")
    if ai_level == "easy":
        target = _diamond_spot(situation)
        return aim(level, situation.num_players, situation.thrower, target,
                   roll=rng.uniform(0.2, 0.7), obj=situation.obj)
    if ai_level == "medium":
        return _medium(level, situation, rng)
    return _expert(level, situation, rng)


def _diamond_spot(situation: Situation) -> tuple[float, float]:
    if situation.obj == DIAMOND:
        return 0.0, 0.0
    dm = diamond_of(situation.table)
    return dm.x, dm.y


def _medium(level: Level, situation: Situation, rng: random.Random) -> Aim:
    """A club player: lands short of the diamond, or knocks away an opponent's die that lies
    closest and touching-near when none of its own is closest."""
    n, seat = situation.num_players, situation.thrower
    if situation.obj != DIAMOND:
        near = closest_dice(situation.table)
        if near and all(d.player != seat for d in near) and gap(near[0]) < 8.0:
            target = _through(level, n, seat, (near[0].x, near[0].y), 40.0)
            return aim(level, n, seat, target, roll=0.9)
        target = _short_of(level, n, seat, _diamond_spot(situation), level.dice.side)
        return aim(level, n, seat, target, roll=rng.uniform(0.3, 0.6))
    return aim(level, n, seat, (0.0, 0.0), roll=rng.uniform(0.3, 0.6), obj=DIAMOND)


@dataclass(frozen=True)
class Label:
    """What an aim is for, as the hint's text key (`table.hint.label.<key>`: "short", "Aim short
    of the diamond"); `owner`: the seat whose die it knocks away, for "knock_player"."""

    key: str
    owner: int | None = None


@dataclass(frozen=True)
class Suggestion:
    """The expert search's aim, what it is for (`label`, e.g. Label("short")), its
    `worth` as the search weighs it (`petanque_worth.worth`) and its `points`: the thrower's
    expected lead in points (`points_worth`), both averaged over the sampled hands. For the aim
    chosen as the best of many, both are biased upwards: a figure to show comes from `appraise`."""

    aim: Aim
    label: Label
    worth: float
    points: float


def _expert(level: Level, situation: Situation, rng: random.Random) -> Aim:
    return search(level, situation, rng).aim


def search(level: Level, situation: Situation, rng: random.Random,
           hand: Hand | None = None) -> Suggestion:
    """Weigh candidate aims on the real table over hands drawn from `rng` (the same hands for
    every candidate, so they are compared on equal luck), then refine round the best few.
    `hand`: the hand that will throw the aim (None: the expert's own).

    The weighing is a race (`_race`): every candidate is thrown with the first hands of RACE,
    the better share KEEP goes on to the next hands, and so on until the last survivors have met
    all SAMPLES hands; the refinements race the same way. A survivor's worth is its mean over
    all SAMPLES hands, as if every candidate had been weighed in full; an aim weighed already
    (the same numbers from two candidates) is not weighed again."""
    hand = HANDS["expert"] if hand is None else hand
    hands = even_hands(rng, SAMPLES)
    states = [h.getstate() for h in hands]
    chances = [unseen_chance(h) for h in hands]  # the same for every candidate: worked out once
    n, seat = situation.num_players, situation.thrower
    t = level.throw
    weighed: dict[Aim, _Weighing] = {}

    def entries(found: list[tuple[Label, Aim]]) -> list[_Weighing]:
        fresh = []
        for label, candidate in found:
            if candidate not in weighed:  # the first label an aim is found with stays its own
                weighed[candidate] = _Weighing(label, candidate, len(weighed))
                fresh.append(weighed[candidate])
        return fresh

    def throw(entry: _Weighing, upto: int) -> None:
        for i in range(entry.thrown, upto):
            p, tie = _thrown(level, situation, entry.aim, hand, hands[i], chances[i])
            hands[i].again(states[i])  # every candidate meets the same hands
            entry.worth += p - tie  # = worth(result.table, situation)
            entry.points += p
        entry.thrown = max(entry.thrown, upto)

    ranked = _race(entries(_candidates(level, situation)), throw)
    best = ranked[0]
    variations = []
    for base in ranked[:REFINE]:
        for dspeed, ddir in VARIATIONS:
            inward = math.remainder(base.aim.direction + ddir, 2 * math.pi)
            candidate = Aim(base.aim.x, base.aim.y, inward,
                            min(t.max_speed, base.aim.speed * dspeed), base.aim.elevation,
                            base.aim.spin)
            try:
                check_aim(level, n, seat, candidate)
            except ValueError:
                continue
            variations.append((base.label, candidate))
    for refined in sorted(_race(entries(variations), throw), key=lambda e: e.index):
        if refined.worth > best.worth:  # the first found of the best, as they were made
            best = refined
    return Suggestion(best.aim, best.label, best.worth / SAMPLES, best.points / SAMPLES)


@dataclass
class _Weighing:
    """A candidate aim in the search's race: the sums of its worth and points over the first
    `thrown` hands, and `index`, the order it was found in (the first of equals wins)."""

    label: Label
    aim: Aim
    index: int
    worth: float = 0.0
    points: float = 0.0
    thrown: int = 0


def _race(entries: list[_Weighing],
          throw: Callable[[_Weighing, int], None]) -> list[_Weighing]:
    """The entries that meet all SAMPLES hands, best first: each stage throws the survivors
    with the hands up to its number in RACE, then keeps the better share KEEP of them (at least
    REFINE: the refinement needs them) for the next stage. Entries are compared by their sums
    over the same hands, so by their means."""
    alive = list(entries)
    for stage, upto in enumerate(RACE):
        for entry in alive:
            throw(entry, upto)
        alive.sort(key=lambda e: (-e.worth, e.index))
        if stage < len(RACE) - 1:
            alive = alive[:max(REFINE, math.ceil(len(alive) * KEEP))]
    return alive


def _thrown(level: Level, situation: Situation, candidate: Aim, hand: Hand,
            h: random.Random, chance: tuple[int, int] | None = None) -> tuple[float, float]:
    """`candidate` thrown once by `hand` (its wobble drawn from `h`) on the situation's table:
    the table's `points_worth` and `tie_break`."""
    table = thrown_table(level, situation, candidate, hand, h, chance)
    return points_worth(table, situation), tie_break(table, situation)


def thrown_table(level: Level, situation: Situation, candidate: Aim, hand: Hand,
                 h: random.Random, chance: tuple[int, int] | None = None) -> Table:
    """The table at rest after `candidate` is thrown once by `hand` (its wobble and the chance
    after the decision drawn from `h`; `chance`: that `unseen_chance(h)`, worked out before)."""
    n, seat = situation.num_players, situation.thrower
    thrown = wobble(level, n, seat, candidate, hand, h)
    launch = thrown.launched(*(unseen_chance(h) if chance is None else chance))
    return simulate_throw(level, situation.table, n, seat, situation.obj, situation.die,
                          launch, record_path=False).table


def appraise(level: Level, situation: Situation, chosen: Aim, hand: Hand, rng: random.Random,
             samples: int, rollouts: int | None = None,
             hands: Sequence[Hand] | None = None) -> float:
    """`appraised`'s worth of the round as it will be played."""
    return appraised(level, situation, chosen, hand, rng, samples, rollouts, hands)[1]


def appraised(level: Level, situation: Situation, chosen: Aim, hand: Hand, rng: random.Random,
              samples: int, rollouts: int | None = None,
              hands: Sequence[Hand] | None = None) -> tuple[float, float]:
    """What `chosen` is worth to the thrower (`points_worth`: its expected lead in points, or
    the diamond's penalty risked) when `hand` throws it: the mean over `samples` hands drawn
    from `rng` and spread evenly over the hand's errors (`petanque_hand_errors`), each hand's
    worth taken with the faces chance alone sets at their exact distribution (`rest_worth`).
    Given a stream the search never saw, this is an honest estimate of the aim the search chose,
    free of the search's bias for the luckiest of its noisy estimates.

    With throws still to come in the round, the first `rollouts` (None: ROLLOUTS) of those
    tables are played on to the round's end (`petanque_round.played_out`: every throw to come
    aimed by the medium AI's rule, thrown by `hand` for the thrower's own, by `hands[seat]` for
    each other seat's (None: the medium AI's hand), the thrower's own and an expert seat's with
    their learned edge), and the mean over them of the round's end lead less the table's
    `rest_worth` is added: the round's worth as it will be played (bench_hint_lead.py). Both:
    (the tables' mean `rest_worth`, as if the dice stayed; the worth of the round played on)."""
    drawn = even_hands(rng, samples)
    tables = [thrown_table(level, situation, chosen, hand, h) for h in drawn]
    worths = [rest_worth(table, situation) for table in tables]
    value = sum(worths) / samples
    count = min(samples, ROLLOUTS if rollouts is None else rollouts)
    if situation.obj == DIAMOND or not situation.to_come or count <= 0:
        return value, value
    streams = [random.Random(rng.getrandbits(64)) for _ in range(count)]
    others, searched = _seat_hands(situation, hand, hands), _searched(situation, hands)
    return value, value + sum(played_out(level, situation, table, _medium, others, stream,
                                         searched) - worth
                              for table, worth, stream in zip(tables, worths, streams)) / count


def kept_worth(level: Level, situation: Situation, hand: Hand, rng: random.Random,
               rollouts: int | None = None, hands: Sequence[Hand] | None = None) -> float:
    """What keeping the throw just made is worth to its thrower: `situation.table` is the
    table it left (its face seen), `situation.penalties` the round's before it; the mean over
    `rollouts` (None: ROLLOUTS) of the round played on to its end as `appraised` plays it."""
    others, searched = _seat_hands(situation, hand, hands), _searched(situation, hands)
    count = ROLLOUTS if rollouts is None else rollouts
    return sum(played_out(level, situation, situation.table, _medium, others,
                          random.Random(rng.getrandbits(64)), searched)
               for _ in range(count)) / count


def _seat_hands(situation: Situation, hand: Hand, hands: Sequence[Hand] | None) -> list[Hand]:
    """Each seat's hand: `hand` the thrower's, `hands` the others' (None: the medium AI's)."""
    return [hand if s == situation.thrower else HANDS["medium"] if hands is None else hands[s]
            for s in range(situation.num_players)]


def _searched(situation: Situation, hands: Sequence[Hand] | None) -> frozenset[int]:
    """The seats whose throws to come a search aims: the thrower's (the hint's again) and each
    expert AI's, known by its hand, which is no person's (tests/test_ai_petanque_edge.py)."""
    return frozenset(s for s, h in enumerate(hands or ()) if h == HANDS["expert"]) | {
        situation.thrower}


def _candidates(level: Level, situation: Situation) -> list[tuple[Label, Aim]]:
    """Aims worth weighing, each with what it is for: at the diamond and round it at three
    heights, short of it, through the dice near it that are worth knocking away (`_to_knock`),
    and through the diamond (to push it)."""
    n, seat, obj = situation.num_players, situation.thrower, situation.obj
    if obj == DIAMOND:
        middle = Label("middle")
        spots = [((0.0, 0.0), r, middle) for r in (0.2, 0.5, 0.8)]
        spots += [((x, y), 0.5, Label("near_middle"))
                  for x, y in ((40.0, 0.0), (-40.0, 0.0), (0.0, 40.0), (0.0, -40.0))]
        return [(label, aim(level, n, seat, spot, roll=r, obj=obj)) for spot, r, label in spots]
    dm = diamond_of(situation.table)
    side = level.dice.side
    spots = [((dm.x, dm.y), r, Label("at_diamond")) for r in (0.15, 0.45, 0.75)]
    short = Label("short")
    spots.append((_short_of(level, n, seat, (dm.x, dm.y), side), 0.4, short))
    spots.append((_short_of(level, n, seat, (dm.x, dm.y), 2.5 * side), 0.8, short))
    zone = release_zone(level, n, seat)
    nx, ny = zone.normal  # out towards the thrower; across the approach is (-ny, nx)
    for sideways in (-1.2 * side, 1.2 * side):
        spots.append(((dm.x - ny * sideways, dm.y + nx * sideways), 0.5,
                      Label("beside")))
    for d in _to_knock(situation):
        label = _knock(d.player, seat, n)
        for beyond in (60.0, 120.0, 200.0):  # knock it away, gently or hard
            spots.append((_through(level, n, seat, (d.x, d.y), beyond), 0.95, label))
    for beyond in (40.0, 120.0):  # push the diamond on
        spots.append((_through(level, n, seat, (dm.x, dm.y), beyond), 0.95,
                      Label("push")))
    # lay-ups well clear of the crowd: safe when the round is won already
    for sideways in (-6.0 * side, 6.0 * side):
        spots.append(((dm.x - ny * sideways + nx * 3 * side,
                       dm.y + nx * sideways + ny * 3 * side), 0.3,
                      Label("safe")))
    return [(label, aim(level, n, seat, spot, roll=r)) for spot, r, label in spots]


def _to_knock(situation: Situation) -> list[DieRest]:
    """The dice worth a candidate that knocks them away, in table order (see KNOCK_NEAR)."""
    near = [d for d in situation.table.dice
            if d.on_board and d.distance is not None and d.distance < KNOCK_NEAR
            and (KNOCK_OWN or d.player != situation.thrower)]
    if KNOCK_MOST is not None and len(near) > KNOCK_MOST:
        kept = sorted(near, key=gap)[:KNOCK_MOST]
        near = [d for d in near if d in kept]
    return near


def _knock(owner: int, seat: int, num_players: int) -> Label:
    if owner == seat:
        return Label("own_die")
    if num_players == 2:
        return Label("knock_opponent")
    return Label("knock_player", owner)


def _short_of(level: Level, n: int, seat: int, spot: tuple[float, float],
              by: float) -> tuple[float, float]:
    """`by` mm before `spot`, seen from the seat's wall."""
    nx, ny = release_zone(level, n, seat).normal
    return spot[0] + nx * by, spot[1] + ny * by


def _through(level: Level, n: int, seat: int, spot: tuple[float, float],
             beyond: float) -> tuple[float, float]:
    """`beyond` mm past `spot`, seen from the seat's wall: an aim that reaches it still moving."""
    return _short_of(level, n, seat, spot, -beyond)


def situation_of(state: TerningepetanqueState) -> Situation:
    """The throw due in `state` as the search sees it."""
    due = state.throw_due
    if due is None:
        raise ValueError("no throw is due")
    obj, die = due
    return Situation(state.table, state.num_players, state.to_move, obj, die, state.penalties,
                     tuple(p for p, _, _ in state.throw_order[state.throws_done + 1:]))


def choose(state: TerningepetanqueState, level: str, rng: random.Random,
           board: Level) -> object:
    """The decision of the AI of `level` to move in `state`, played on `board`."""
    actions = state.legal_actions()
    if any(isinstance(a, Accept) for a in actions):
        return Accept()  # an AI never disputes its own throw
    if state.throw_due is None and actions:
        return actions[0]  # the roll for who starts
    situation = situation_of(state)
    return Throw(situation.obj, situation.die, choose_throw(board, situation, level, rng))
