"""The rest of a Terningepetanque round played out after a throw: what the hint's stated worth
expects of the throws still to come (ai/petanque.py `appraise`).

The worth of a table as the search weighs it (`petanque_worth`) takes every die as lying where
it lies until the round ends, each seat's throws to come only bettering its own best die. Real
rounds are not like that: a later throw knocks the leading die away, or pushes the diamond. Over
1,800 hinted throws in games against medium the round's real lead came out 1.1 points below that
worth (issue 32). So the stated worth plays the round on from where the hinted throw left the
table: each throw still to come, in the round's order, is aimed by a club player's rule (the
`Policy` given: the medium AI's, which knocks away another seat's die that touches the diamond
and otherwise lands short of it) and thrown with that seat's own hand (the thrower's, each AI
level's, a person's chosen one), simulated by the physics to rest, the diamond's penalty
charged to whoever knocks it off; the round is then scored as the rules score it, the faces
chance alone sets at their exact odds (`petanque_worth.end_lead`). A throw a search aims adds
what that search is learned to do beyond the club rule's aim (`petanque_edge`): the expert AI's
(against it the club rule alone left the worth a point above the real lead) and the thrower's
own later throws, thrown as the hint aims them (with the club rule for them, the worth of a
seat's first die came out 0.9 points below the real lead against medium).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Sequence

from petanque_game.ai.petanque_edge import edge
from petanque_game.ai.petanque_worth import Situation, end_lead, penalties_after
from petanque_game.physics.hand import Hand, draw_orientation, draw_tumble, wobble
from petanque_game.physics.level import Level
from petanque_game.physics.throw import simulate_throw
from petanque_game.rules.petanque_table import DIE, Aim, Table
from petanque_game.rules.terningepetanque import DIAMOND_PENALTY

# how a throw to come is aimed: (the board, the throw's situation, a stream) -> the aim
Policy = Callable[[Level, Situation, random.Random], Aim]


def played_out(level: Level, situation: Situation, table: Table, policy: Policy,
               hands: Sequence[Hand], rng: random.Random,
               searched: Collection[int] = ()) -> float:
    """The thrower's lead at the round's end (`end_lead`) when the situation's throw left
    `table` and every throw still to come (`situation.to_come`) is aimed by `policy` and thrown
    by `hands[seat]`, every draw (aims, wobbles, the dice's orientations and tumbles) from
    `rng`; each throw of a seat in `searched` (an expert AI's, or the thrower's own as the hint
    aims it) adds its learned edge over the policy's aim (`petanque_edge.edge`)."""
    n = situation.num_players
    penalties = list(penalties_after(table, situation))
    turned: dict[tuple[int, int], int] = {}
    _count_turns(situation.table, table, turned)
    gained = 0.0
    for k, seat in enumerate(situation.to_come):
        die = sum(1 for d in table.dice if d.player == seat)  # its dice thrown so far
        now = Situation(table, n, seat, DIE, die, tuple(penalties), situation.to_come[k + 1:])
        if seat in searched:
            gained += edge(now, situation.thrower)
        chosen = wobble(level, n, seat, policy(level, now, rng), hands[seat], rng)
        launch = chosen.launched(draw_orientation(rng), draw_tumble(rng))
        after = simulate_throw(level, table, n, seat, DIE, die, launch,
                               record_path=False).table
        _count_turns(table, after, turned)
        if after.diamond is not None and after.diamond.reset:
            penalties[seat] -= DIAMOND_PENALTY
        table = after
    return end_lead(table, situation, tuple(penalties), turned) + gained


def _count_turns(before: Table, after: Table, turned: dict[tuple[int, int], int]) -> None:
    """Add to `turned` each die of `before` that a throw turned into another orientation."""
    for d in before.dice:
        moved = after.die_of(d.player, d.die)
        if moved is not None and moved.orientation != d.orientation:
            turned[d.player, d.die] = turned.get((d.player, d.die), 0) + 1
