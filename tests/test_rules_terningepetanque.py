"""Terningepetanque rules (docs/rules.md#terningepetanque): each test names its rule or example.

The rules never simulate: these tests build the settled tables by hand (helpers below).
"""

from __future__ import annotations

import dataclasses
import math
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from petanque_game.rules import terningepetanque as tp
from petanque_game.rules.base import CHANCE, ENGINE, TERMINAL, Bank, Dice, IllegalAction, Keep, Roll
from petanque_game.rules.options import OptionError
from petanque_game.rules.petanque_table import DiamondRest, DieRest, Launch, Table
from petanque_game.rules.terningepetanque import Accept, Rethrow, RoundEnd, Settle, Throw

LAUNCH = Launch(0.0, -300.0, math.pi / 2, 1500.0, 0.6, 0.0, 0)


# --- table-building helpers -----------------------------------------------------------------------


def diamond(reset: bool = False) -> DiamondRest:
    return DiamondRest(0.0, 0.0, 0.0, True, reset)


def on(player: int, die: int, face: int, distance: float, x: float = 1.0) -> DieRest:
    return DieRest(player, die, x, 2.0, 0.0, face, True, None, float(distance), 0)


def off(player: int, die: int, face: int, during: int) -> DieRest:
    return DieRest(player, die, 400.0, 2.0, 0.0, face, False, during, None, 0)


def start(n: int = 2, starter: int = 0, **options) -> tp.TerningepetanqueState:
    """A game past the roll-off, `starter` having rolled the only 6."""
    s = tp.new_game(n, options)
    for seat in range(n):
        s = s.apply(Roll(1)).apply(Dice((6 if seat == starter else 1,)))
    assert s.starter == starter
    return s


def due(s: tp.TerningepetanqueState) -> tuple | None:
    """(seat, obj, die) of the throw due: the seat to move and `throw_due`."""
    return None if s.throw_due is None else (s.to_move, *s.throw_due)


def throw(s: tp.TerningepetanqueState, table: Table) -> tp.TerningepetanqueState:
    """The due throw, settling as `table`, accepted if it may be taken back."""
    obj, die = s.throw_due
    s = s.apply(Throw(obj, die, LAUNCH)).apply(Settle(table))
    return s.apply(Accept()) if s.awaiting_accept else s


def play_round(s, finals, resets=(), off_at=None):
    """Throw a whole round ending with the dice `finals` ({(player, die): DieRest}). A die off the
    board went off at throw `off_at[(player, die)]`, by default the first throw of its off_during
    seat from its own throw on (the die lies at 50 mm before). `resets`: indexes of the throws
    (0 = the diamond's) during which the diamond left the board."""
    order = s.throw_order
    own = {(p, i): k for k, (p, o, i) in enumerate(order) if o == "die"}
    off_at = dict(off_at or {})
    for key, d in finals.items():
        if not d.on_board and key not in off_at:
            off_at[key] = next(k for k in range(own[key], len(order))
                               if order[k][0] == d.off_during)
    for k in range(len(order)):
        dice = []
        for p, _, i in order[1:k + 1]:
            d = finals[(p, i)]
            dice.append(on(p, i, d.face, 50.0) if not d.on_board and off_at[(p, i)] > k else d)
        s = throw(s, Table(diamond(k in resets), tuple(dice)))
    assert s.to_move == ENGINE
    return s


def points_of(s, finals, resets=()):
    end = play_round(s, finals, resets).engine_action()
    return end.points, end.closest


# --- game, options, players -----------------------------------------------------------------------


def test_module_shape_ids_players_and_option_defaults():
    assert (tp.GAME_ID, tp.TITLE, tp.MIN_PLAYERS, tp.MAX_PLAYERS) == (
        "terningepetanque", "Terningepetanque", 2, 4)
    s = tp.new_game(3)
    assert dict(s.options) == {"rounds": 15, "allow_rethrow": True}
    assert s.scores() == (0, 0, 0) and s.winners() == () and not s.is_terminal


@pytest.mark.parametrize("value", [0, 100, -1, "15", True, 15.0, None])
def test_option_rounds_whole_number_1_to_99_refused_otherwise(value):
    with pytest.raises(OptionError, match="rounds"):
        tp.new_game(2, {"rounds": value})


@pytest.mark.parametrize("value", [1, 0, "true", None])
def test_option_allow_rethrow_boolean_refused_otherwise(value):
    with pytest.raises(OptionError, match="allow_rethrow"):
        tp.new_game(2, {"allow_rethrow": value})


def test_unknown_option_refused_naming_it():
    with pytest.raises(OptionError, match="target"):
        tp.new_game(2, {"target": 50})


@pytest.mark.parametrize("n", [0, 1, 5, "2", True, 2.0])
def test_two_to_four_players_refused_otherwise(n):
    with pytest.raises(ValueError, match="2 to 4 players"):
        tp.new_game(n)


def test_option_rounds_accepts_1_and_99():
    assert tp.new_game(2, {"rounds": 1}).rounds == 1
    assert tp.new_game(4, {"rounds": 99}).rounds == 99


# --- who starts -----------------------------------------------------------------------------------


def test_rolloff_every_player_rolls_one_die_highest_starts():
    s = tp.new_game(3)
    for seat, value in enumerate((2, 5, 3)):
        assert s.to_move == seat and s.legal_actions() == [Roll(1)]
        s = s.apply(Roll(1))
        assert s.to_move == CHANCE and s.dice_to_roll == 1 and s.roller == seat
        outcomes = s.chance_outcomes()
        assert [d.values for d, _ in outcomes] == [(v,) for v in range(1, 7)]
        assert sum(p for _, p in outcomes) == Fraction(1)
        s = s.apply(Dice((value,)))
    assert s.starter == 1 and s.to_move == 1 and due(s) == (1, "diamond", None)
    assert s.rolloff_passes == (((0, 2), (1, 5), (2, 3)),)


def test_rolloff_ties_for_highest_roll_again_only_among_themselves():
    s = tp.new_game(4)
    rolled = []
    for value in (5, 6, 2, 6, 4, 4, 3, 5):
        rolled.append(s.to_move)
        s = s.apply(Roll(1)).apply(Dice((value,)))
    assert rolled == [0, 1, 2, 3, 1, 3, 1, 3]
    assert s.starter == 3
    assert s.rolloff_passes[1:] == (((1, 4), (3, 4)), ((1, 3), (3, 5)))


def test_rolloff_a_tie_below_the_highest_does_not_roll_again():
    s = tp.new_game(3)
    for value in (6, 2, 2):
        s = s.apply(Roll(1)).apply(Dice((value,)))
    assert s.starter == 0


@pytest.mark.parametrize("action", [Roll(2), Roll(1, (3,)), Roll(True), Bank(), None,
                                    Throw("diamond", None, LAUNCH), Dice((3,))])
def test_rolloff_refuses_anything_but_rolling_one_die(action):
    with pytest.raises(IllegalAction):
        tp.new_game(2).apply(action)


@pytest.mark.parametrize("values", [(0,), (7,), (1, 2), (), (True,), (2.0,), 3, None])
def test_rolloff_die_value_must_be_one_die_1_to_6(values):
    s = tp.new_game(2).apply(Roll(1))
    with pytest.raises(IllegalAction):
        s.apply(Dice(values))
    with pytest.raises(IllegalAction):
        s.apply(Roll(1))


# --- throw order ----------------------------------------------------------------------------------


def test_throw_order_example_abc_starter_b():
    """Players A, B, C, starter B: diamond(B), B, C, A, B, C, A (A=0, B=1, C=2)."""
    s = start(3, starter=1)
    want = [(1, "diamond", None), (1, "die", 0), (2, "die", 0), (0, "die", 0),
            (1, "die", 1), (2, "die", 1), (0, "die", 1)]
    assert list(s.throw_order) == want
    assert s.turn_order == (1, 2, 0)
    seen = []
    dice: list[DieRest] = []
    while s.to_move >= 0:
        seen.append(due(s))
        assert s.throws_left == 7 - len(seen) + 1
        player, obj, die = due(s)
        if obj == "die":
            dice.append(on(player, die, 3, 10.0 + len(dice)))
        s = throw(s, Table(diamond(), tuple(dice)))
    assert seen == want and s.to_move == ENGINE and s.throws_left == 0


def test_throw_must_be_the_due_object_and_die():
    s = start(2)
    for bad in (Throw("die", 0, LAUNCH), Throw("diamond", 0, LAUNCH), Throw("jack", None, LAUNCH),
                Throw("diamond", None, None), Throw(["diamond"], None, LAUNCH), Roll(1),
                Accept(), Rethrow(), Keep((1,)), "throw", object()):
        with pytest.raises(IllegalAction):
            s.apply(bad)
    s = throw(s, Table(diamond()))
    assert due(s) == (0, "die", 0)
    for bad in (Throw("diamond", None, LAUNCH), Throw("die", 1, LAUNCH), Throw("die", None, LAUNCH),
                Throw("die", False, LAUNCH), Throw("die", 0, (1.0, 2.0)), Settle(Table())):
        with pytest.raises(IllegalAction):
            s.apply(bad)
    with pytest.raises(IllegalAction, match="die 0"):
        s.apply(Throw("die", 1, LAUNCH))


def test_throw_is_a_chance_node_settled_by_the_physics():
    s = start(2)
    before = s.table
    s = s.apply(Throw("diamond", None, LAUNCH))
    assert s.to_move == CHANCE and s.dice_to_roll == 0 and s.roller == 0
    assert s.chance_outcomes() == [] and s.legal_actions() == []
    assert s.pending_throw == (0, "diamond", None, LAUNCH, before)
    assert s.throw_due is None
    with pytest.raises(IllegalAction, match="settled table"):
        s.apply(Throw("diamond", None, LAUNCH))


def _at_die_throw():
    """Seat 1's die 0 in the air; on the table: the diamond and seat 0's die 0."""
    s = start(2)
    s = throw(s, Table(diamond()))
    s = throw(s, Table(diamond(), (on(0, 0, 4, 5.0),)))
    return s.apply(Throw("die", 0, LAUNCH))


@pytest.mark.parametrize("table", [
    Table(None, (on(0, 0, 4, 5.0), on(1, 0, 2, 3.0))),
    Table(diamond(), (on(0, 0, 4, 5.0),)),
    Table(diamond(), (on(1, 0, 2, 3.0), on(0, 0, 4, 5.0))),
    Table(diamond(), (on(0, 0, 4, 5.0), on(1, 0, 2, 3.0), on(0, 1, 2, 3.0))),
    Table(diamond(), (on(0, 0, 4, 5.0), on(1, 1, 2, 3.0))),
    Table(DiamondRest(0.0, 0.0, 0.0, False, False), (on(0, 0, 4, 5.0), on(1, 0, 2, 3.0))),
    Table(diamond(), (on(0, 0, 4, 5.0), dataclasses.replace(on(1, 0, 2, 3.0), distance=None))),
    Table(diamond(), (on(0, 0, 4, 5.0), dataclasses.replace(on(1, 0, 2, 3.0), distance=-1.0))),
    Table(diamond(), (on(0, 0, 4, 5.0), dataclasses.replace(on(1, 0, 2, 3.0), x=math.nan))),
    Table(diamond(), (on(0, 0, 4, 5.0), dataclasses.replace(on(1, 0, 2, 3.0), face=7))),
    Table(diamond(), (on(0, 0, 4, 5.0), dataclasses.replace(off(1, 0, 2, 1), distance=2.0))),
    Table(diamond(), (on(0, 0, 4, 5.0), off(1, 0, 2, 0))),
    Table(diamond(), (off(0, 0, 4, 0), on(1, 0, 2, 3.0))),
    Table(diamond(), [on(0, 0, 4, 5.0), on(1, 0, 2, 3.0)]),
    "table", None,
])
def test_settle_refuses_an_implausible_table(table):
    """The dice listed are the dice thrown so far in throw order (the thrown one last), the diamond
    lies on the board, numbers are finite, and a die off the board went off in this throw."""
    with pytest.raises(IllegalAction):
        _at_die_throw().apply(Settle(table))


def test_settle_accepts_a_plausible_table_and_a_die_knocked_off_by_the_thrower():
    s = _at_die_throw().apply(Settle(Table(diamond(), (off(0, 0, 4, 1), on(1, 0, 2, 3.0)))))
    assert s.awaiting_accept and s.to_move == 1


def test_die_off_the_board_never_comes_back():
    s = start(2)
    s = throw(s, Table(diamond()))
    s = throw(s, Table(diamond(), (off(0, 0, 4, 0),)))
    s = s.apply(Throw("die", 0, LAUNCH))
    with pytest.raises(IllegalAction, match="cannot come back"):
        s.apply(Settle(Table(diamond(), (on(0, 0, 4, 5.0), on(1, 0, 2, 3.0)))))
    with pytest.raises(IllegalAction, match="already off"):
        s.apply(Settle(Table(diamond(), (off(0, 0, 4, 1), on(1, 0, 2, 3.0)))))


# --- scoring a round (docs/rules.md#terningepetanque-scoring) ----------------------------------


def test_closest_scores_the_sum_of_their_dice_on_the_board():
    s = start(2)
    finals = {(0, 0): on(0, 0, 4, 5.0), (0, 1): on(0, 1, 2, 30.0),
              (1, 0): on(1, 0, 6, 8.0), (1, 1): on(1, 1, 5, 9.0)}
    assert points_of(s, finals) == ((6, 0), (0,))


def test_closest_die_off_the_board_adds_nothing_to_the_sum():
    """(reading) the closest player's other die off the board (knocked off by an opponent) adds
    nothing and costs nothing."""
    s = start(2)
    finals = {(0, 0): on(0, 0, 4, 5.0), (0, 1): off(0, 1, 6, 1),
              (1, 0): on(1, 0, 6, 8.0), (1, 1): on(1, 1, 5, 9.0)}
    assert points_of(s, finals) == ((4, 0), (0,))


def test_die_knocked_off_by_an_opponent_costs_nothing():
    s = start(2)
    finals = {(0, 0): off(0, 0, 6, 1), (0, 1): on(0, 1, 2, 30.0),
              (1, 0): on(1, 0, 3, 8.0), (1, 1): on(1, 1, 5, 9.0)}
    assert points_of(s, finals) == ((0, 8), (1,))


def test_die_knocked_off_by_own_throw_costs_its_face():
    """Seat 0's die 0 lies on the board until seat 0's own die 1 knocks it off."""
    s = start(2)
    finals = {(0, 0): off(0, 0, 6, 0), (0, 1): on(0, 1, 2, 30.0),
              (1, 0): on(1, 0, 3, 8.0), (1, 1): on(1, 1, 5, 9.0)}
    end = play_round(s, finals, off_at={(0, 0): 3}).engine_action()
    assert (end.points, end.closest) == ((-6, 8), (1,))


def test_die_that_never_reached_the_board_costs_its_face():
    s = start(2)
    finals = {(0, 0): on(0, 0, 1, 5.0), (0, 1): on(0, 1, 2, 30.0),
              (1, 0): off(1, 0, 4, 1), (1, 1): on(1, 1, 5, 9.0)}
    assert points_of(s, finals) == ((3, -4), (0,))


def test_both_dice_off_the_board_cost_both_faces():
    s = start(2)
    finals = {(0, 0): on(0, 0, 1, 5.0), (0, 1): on(0, 1, 2, 30.0),
              (1, 0): off(1, 0, 4, 1), (1, 1): off(1, 1, 3, 1)}
    assert points_of(s, finals) == ((3, -7), (0,))


def test_doubles_score_their_sum_without_being_closest():
    s = start(2)
    finals = {(0, 0): on(0, 0, 1, 5.0), (0, 1): on(0, 1, 2, 30.0),
              (1, 0): on(1, 0, 4, 8.0), (1, 1): on(1, 1, 4, 90.0)}
    assert points_of(s, finals) == ((3, 8), (0,))


def test_doubles_need_both_dice_on_the_board():
    s = start(2)
    finals = {(0, 0): on(0, 0, 1, 5.0), (0, 1): on(0, 1, 2, 30.0),
              (1, 0): on(1, 0, 4, 8.0), (1, 1): off(1, 1, 4, 1)}
    assert points_of(s, finals) == ((3, -4), (0,))


def test_closest_with_doubles_scores_the_sum_once():
    s = start(2)
    finals = {(0, 0): on(0, 0, 5, 5.0), (0, 1): on(0, 1, 5, 30.0),
              (1, 0): on(1, 0, 4, 8.0), (1, 1): on(1, 1, 2, 9.0)}
    assert points_of(s, finals) == ((10, 0), (0,))


def test_exact_distance_tie_both_players_score():
    s = start(3)
    finals = {(0, 0): on(0, 0, 1, 2.5), (0, 1): on(0, 1, 2, 30.0),
              (1, 0): on(1, 0, 4, 8.0), (1, 1): on(1, 1, 6, 2.5),
              (2, 0): on(2, 0, 3, 2.5 + 1e-12), (2, 1): on(2, 1, 5, 40.0)}
    assert points_of(s, finals) == ((3, 10, 0), (0, 1))


def test_touching_dice_distance_zero_tie():
    s = start(2)
    finals = {(0, 0): on(0, 0, 1, 0.0), (0, 1): on(0, 1, 2, 30.0),
              (1, 0): on(1, 0, 4, 0.0), (1, 1): on(1, 1, 6, 9.0)}
    assert points_of(s, finals) == ((3, 10), (0, 1))


def test_touching_means_within_the_contact_tolerance_which_counts_as_zero():
    """(reading) Touching is a distance within TOUCHING (the physics' contact tolerance, 0.1 mm):
    a die resting against the diamond at 0.004 mm and one at 0.03 mm both touch, so both share."""
    from petanque_game.rules.terningepetanque import TOUCHING

    assert TOUCHING == 0.1
    s = start(2)
    finals = {(0, 0): on(0, 0, 1, 0.004), (0, 1): on(0, 1, 2, 30.0),
              (1, 0): on(1, 0, 4, 0.03), (1, 1): on(1, 1, 6, 9.0)}
    assert points_of(s, finals) == ((3, 10), (0, 1))
    finals[1, 0] = on(1, 0, 4, TOUCHING)  # the tolerance itself still touches
    assert points_of(s, finals) == ((3, 10), (0, 1))
    finals[1, 0] = on(1, 0, 4, TOUCHING * 1.5)  # beyond it: an ordinary distance
    assert points_of(s, finals) == ((3, 0), (0,))


def test_diamond_off_the_board_on_its_own_throw_costs_the_starter_5():
    s = start(3, starter=2)
    finals = {(p, i): on(p, i, 1 + p, 10.0 + 3 * p + i) for p in range(3) for i in range(2)}
    # closest is seat 0 (1+1: also doubles), seat 1 has doubles 2+2, seat 2 has 3+3 doubles and -5
    assert points_of(s, finals, resets={0}) == ((2, 4, 1), (0,))


def test_diamond_pushed_off_by_a_die_costs_that_thrower_5_and_twice_10():
    s = start(2, starter=1)   # order: diamond(1), (1,0), (0,0), (1,1), (0,1)
    finals = {(0, 0): on(0, 0, 1, 5.0), (0, 1): on(0, 1, 2, 30.0),
              (1, 0): on(1, 0, 4, 8.0), (1, 1): on(1, 1, 6, 9.0)}
    assert points_of(s, finals, resets={2}) == ((-2, 0), (0,))
    assert points_of(s, finals, resets={2, 4}) == ((-7, 0), (0,))
    assert points_of(s, finals, resets={0, 1, 3}) == ((3, -15), (0,))


def test_no_die_on_the_board_nobody_is_closest():
    s = start(2)
    finals = {(p, i): off(p, i, 2, p) for p in range(2) for i in range(2)}
    assert points_of(s, finals) == ((-4, -4), ())


# --- next round's starter -------------------------------------------------------------------------


def _finish_round(s, finals):
    s = play_round(s, finals)
    return s.apply(s.engine_action())


def test_winner_of_the_round_starts_the_next():
    s = start(3, starter=0)
    finals = {(p, i): on(p, i, 2, 10.0 + p + 5 * i) for p in range(3) for i in range(2)}
    finals[(2, 1)] = on(2, 1, 3, 1.0)
    s = _finish_round(s, finals)
    assert s.starter == 2 and s.round_number == 2 and due(s) == (2, "diamond", None)
    assert s.last_points == (4, 4, 5) and s.last_closest == (2,) and s.scores() == (4, 4, 5)
    assert s.table == Table() and s.penalties == (0, 0, 0)


def test_tied_winners_first_in_seat_order_from_the_current_starter_starts():
    s = start(3, starter=2)
    finals = {(p, i): on(p, i, 1 + i, 10.0 + p + 5 * i) for p in range(3) for i in range(2)}
    finals[(0, 0)] = on(0, 0, 1, 1.0)
    finals[(1, 0)] = on(1, 0, 1, 1.0)
    assert _finish_round(s, finals).starter == 0
    s = start(3, starter=1)
    assert _finish_round(s, finals).starter == 1


def test_no_die_on_the_board_the_same_starter_starts_again():
    s = start(3, starter=1)
    finals = {(p, i): off(p, i, 2, p) for p in range(3) for i in range(2)}
    s = _finish_round(s, finals)
    assert s.starter == 1 and s.last_closest == ()


# --- disputes: rethrow ----------------------------------------------------------------------------


def test_rethrow_restores_the_table_exactly_and_the_same_throw_is_due():
    s = start(2, starter=1)
    s = throw(s, Table(diamond()))
    s = throw(s, Table(diamond(), (on(1, 0, 4, 5.0),)))
    before = s
    s = s.apply(Throw("die", 0, LAUNCH))
    s = s.apply(Settle(Table(diamond(True), (off(1, 0, 4, 0), on(0, 0, 6, 1.0)))))
    assert s.awaiting_accept and s.to_move == 0 and s.legal_actions() == [Accept(), Rethrow()]
    assert s.penalties == (-5, 0)
    with pytest.raises(IllegalAction, match="accept or rethrow"):
        s.apply(Throw("die", 1, LAUNCH))
    s = s.apply(Rethrow())
    assert s == dataclasses.replace(before, rethrowing=True)
    assert s.table == before.table and s.penalties == (0, 0) and due(s) == (0, "die", 0)


def test_rethrow_at_most_once_per_throw():
    s = start(2)
    s = throw(s, Table(diamond()))
    s = s.apply(Throw("die", 0, LAUNCH)).apply(Settle(Table(diamond(), (off(0, 0, 3, 0),))))
    s = s.apply(Rethrow())
    s = s.apply(Throw("die", 0, LAUNCH)).apply(Settle(Table(diamond(), (off(0, 0, 5, 0),))))
    assert not s.awaiting_accept and s.to_move == 1 and due(s) == (1, "die", 0)
    for bad in (Rethrow(), Accept()):
        with pytest.raises(IllegalAction):
            s.apply(bad)
    # the next throw may be taken back again
    s = s.apply(Throw("die", 0, LAUNCH))
    s = s.apply(Settle(Table(diamond(), (off(0, 0, 5, 0), on(1, 0, 2, 3.0)))))
    assert s.awaiting_accept


def test_rethrow_of_the_diamond_throw_takes_back_its_minus_5():
    s = start(2)
    s = s.apply(Throw("diamond", None, LAUNCH)).apply(Settle(Table(diamond(True))))
    assert s.penalties == (-5, 0) and s.awaiting_accept
    s = s.apply(Rethrow())
    assert due(s) == (0, "diamond", None) and s.table == Table() and s.penalties == (0, 0)
    s = s.apply(Throw("diamond", None, LAUNCH)).apply(Settle(Table(diamond())))
    assert due(s) == (0, "die", 0)


def test_accept_keeps_the_throw():
    s = start(2)
    s = s.apply(Throw("diamond", None, LAUNCH)).apply(Settle(Table(diamond(True))))
    s = s.apply(Accept())
    assert s.penalties == (-5, 0) and not s.awaiting_accept and due(s) == (0, "die", 0)


def test_allow_rethrow_false_has_no_accept_step():
    s = start(2, allow_rethrow=False)
    s = s.apply(Throw("diamond", None, LAUNCH)).apply(Settle(Table(diamond())))
    assert not s.awaiting_accept and s.to_move == 0 and due(s) == (0, "die", 0)
    for bad in (Rethrow(), Accept()):
        with pytest.raises(IllegalAction):
            s.apply(bad)


def test_last_throw_of_a_round_may_be_taken_back_before_scoring():
    s = start(2)
    finals = {(p, i): on(p, i, 2, 10.0 + p + i) for p in range(2) for i in range(2)}
    for _ in range(4):
        s = throw(s, _partial(s, finals))
    s = s.apply(Throw("die", 1, LAUNCH)).apply(Settle(_partial(s, finals)))
    assert s.awaiting_accept and s.to_move == 1
    with pytest.raises(IllegalAction):
        s.engine_action()
    assert due(s.apply(Rethrow())) == (1, "die", 1)
    assert s.apply(Accept()).to_move == ENGINE


def _partial(s, finals):
    """The table after the throw due (or in the air) in `s`, the dice from `finals`."""
    k = s.throws_done
    return Table(diamond(), tuple(finals[(p, i)] for p, _, i in s.throw_order[1:k + 1]))


# --- round_end and the end of the game ------------------------------------------------------------


def test_round_end_different_from_the_rules_is_refused_saying_what_differs():
    s = start(2)
    finals = {(0, 0): on(0, 0, 4, 5.0), (0, 1): on(0, 1, 2, 30.0),
              (1, 0): on(1, 0, 6, 8.0), (1, 1): on(1, 1, 5, 9.0)}
    s = play_round(s, finals)
    assert s.legal_actions() == [] and s.to_move == ENGINE
    assert s.engine_action() == RoundEnd(1, (6, 0), (0,))
    with pytest.raises(IllegalAction, match=r"its points should be \[6, 0\], not \(6, 1\)"):
        s.apply(RoundEnd(1, (6, 1), (0,)))
    with pytest.raises(IllegalAction, match=r"its closest should be \[0\]"):
        s.apply(RoundEnd(1, (6, 0), (1,)))
    with pytest.raises(IllegalAction, match="its round should be 1, not 2"):
        s.apply(RoundEnd(2, (6, 0), (0,)))
    for bad in (RoundEnd(1, (6, True), (0,)), RoundEnd(1, "60", (0,)), RoundEnd(1, None, (0,)),
                Accept(), Throw("diamond", None, LAUNCH), None):
        with pytest.raises(IllegalAction):
            s.apply(bad)
    assert s.apply(RoundEnd(1, [6, 0], [0])).scores() == (6, 0)  # as a record reader gives them


def test_engine_action_only_when_the_round_is_over():
    with pytest.raises(IllegalAction):
        start(2).engine_action()
    with pytest.raises(IllegalAction):
        start(2).apply(RoundEnd(1, (0, 0), ()))


def test_game_ends_after_the_agreed_rounds_highest_total_wins_ties_share():
    s = start(2, rounds=2)
    finals = {(0, 0): on(0, 0, 4, 5.0), (0, 1): on(0, 1, 2, 30.0),
              (1, 0): on(1, 0, 6, 8.0), (1, 1): on(1, 1, 5, 9.0)}
    s = _finish_round(s, finals)
    assert not s.is_terminal and s.winners() == ()
    swapped = {(0, 0): on(0, 0, 6, 8.0), (0, 1): on(0, 1, 5, 9.0),
               (1, 0): on(1, 0, 4, 5.0), (1, 1): on(1, 1, 2, 30.0)}
    end = _finish_round(s, swapped)
    assert end.is_terminal and end.to_move == TERMINAL and end.scores() == (6, 6)
    assert end.winners() == (0, 1) and end.legal_actions() == [] and end.throw_due is None
    with pytest.raises(IllegalAction, match="the game is over"):
        end.apply(Throw("diamond", None, LAUNCH))
    higher = {**swapped, (0, 1): on(0, 1, 6, 9.0)}  # seat 0's 6+6 doubles
    assert _finish_round(s, higher).winners() == (0,)


def test_equal_histories_give_equal_states_and_apply_never_mutates():
    def history():
        s = start(2)
        s = throw(s, Table(diamond()))
        return s.apply(Throw("die", 0, LAUNCH))
    a, b = history(), history()
    assert a == b and hash(a) == hash(b)
    frozen = hash(a)
    a.apply(Settle(Table(diamond(), (on(0, 0, 4, 5.0),))))
    assert hash(a) == frozen and a == b


# --- property tests -------------------------------------------------------------------------------


def _random_table(rng: random.Random, s) -> Table:
    """A settled table consistent with the throw in the air: dice off before stay off; dice may be
    knocked off (off_during = thrower), moved, turned; distances from a few values to make ties."""
    p = s.pending_throw
    dice = []
    for q, _, i in s.throw_order[1:s.throws_done + 1]:
        old = p.table_before.die_of(q, i)
        if old is not None and (not old.on_board or rng.random() < 0.6):
            dice.append(old)
        elif rng.random() < 0.2:
            dice.append(off(q, i, rng.randint(1, 6), p.player))
        else:
            dice.append(on(q, i, rng.randint(1, 6), rng.choice((0.0, 2.5, 2.5, 7.0, 31.0))))
    return Table(diamond(rng.random() < 0.15), tuple(dice))


def _reference_points(table: Table, resets: list[tuple[int, bool]], n: int):
    """docs/rules.md#terningepetanque-scoring, written again plainly."""
    points = [0] * n
    for thrower, reset in resets:
        points[thrower] -= 5 * reset
    on_board = [d for d in table.dice if d.on_board]
    best = min((d.distance for d in on_board), default=None)
    closest = sorted({d.player for d in on_board if d.distance == best})
    for seat in range(n):
        faces = [d.face for d in on_board if d.player == seat]
        if seat in closest or (len(faces) == 2 and faces[0] == faces[1]):
            points[seat] += sum(faces)
        points[seat] -= sum(d.face for d in table.dice
                            if d.player == seat and not d.on_board and d.off_during == seat)
    return tuple(points), tuple(closest)


def _play_random_game(rng: random.Random, n: int, options: dict) -> None:
    """Play a whole game with random roll-off dice, random settled tables and random rethrows,
    checking each round's scoring, the next starter and the end of the game."""
    s = tp.new_game(n, options)
    rounds, allow_rethrow = s.rounds, s.allow_rethrow
    round_points, resets, before_throw = [], [], None
    for _ in range(20_000):
        if s.is_terminal:
            break
        if s.starter is None:
            s = s.apply(Dice((rng.randint(1, 6),)) if s.to_move == CHANCE else Roll(1))
            if s.starter is not None:
                last = s.rolloff_passes[-1]
                assert max(v for _, v in last) == dict(last)[s.starter]
            continue
        if s.to_move == CHANCE:
            table = _random_table(rng, s)
            resets.append((s.pending_throw.player, table.diamond.reset))
            s = s.apply(Settle(table))
            assert s.awaiting_accept == (allow_rethrow and not before_throw.rethrowing)
        elif s.to_move == ENGINE:
            end = s.engine_action()
            assert (end.points, end.closest) == _reference_points(s.table, resets, n)
            assert end.round == len(round_points) + 1 == s.round_number
            nxt = s.apply(end)
            round_points.append(end.points)
            resets = []
            if not nxt.is_terminal:
                want = s.starter if not end.closest else next(
                    (s.starter + k) % n for k in range(n) if (s.starter + k) % n in end.closest)
                assert nxt.starter == want
            s = nxt
        elif s.awaiting_accept:
            assert s.legal_actions() == [Accept(), Rethrow()]
            if rng.random() < 0.3:
                s = s.apply(Rethrow())
                resets.pop()
                assert s == dataclasses.replace(before_throw, rethrowing=True)
            else:
                s = s.apply(Accept())
        else:
            obj, die = s.throw_due
            assert s.legal_actions() == []
            before_throw = s
            s = s.apply(Throw(obj, die, LAUNCH))
            assert before_throw.pending_throw is None  # apply made a new state
    assert s.is_terminal and len(round_points) == rounds
    assert s.scores() == tuple(map(sum, zip(*round_points)))
    best = max(s.scores())
    assert s.winners() == tuple(i for i in range(n) if s.scores()[i] == best)


def _random_games(allow_rethrow, seed, n, rounds, games=4):
    rng = random.Random(seed)
    for _ in range(games):
        _play_random_game(rng, n, {"rounds": rounds, "allow_rethrow": allow_rethrow})


@pytest.mark.parametrize("allow_rethrow", [True, False])
@settings(max_examples=50, deadline=None)
@given(seed=st.integers(0, 2**64), n=st.integers(2, 4), rounds=st.integers(1, 5))
def test_random_games_end_after_rounds_with_scores_the_sum_of_round_points(
        allow_rethrow, seed, n, rounds):
    """Random full games with random settled tables consistent with the throw order (random
    rethrows too): every round scored as docs/rules.md says, the next starter as it says, game over
    after `rounds` rounds with scores the sum of the round points and the best totals winning.
    100 games for each setting of allow_rethrow (the slow twin: 1,000). Traced line by line over
    200 games of each setting (docs/testing.md#the-default-runs-sizes), every line
    of the rules was met in a fifth of the games or more but those of a round with no die left on
    the board (one game in 100 to 200), which the two no-die tests above play on purpose."""
    _random_games(allow_rethrow, seed, n, rounds, games=2)


@pytest.mark.slow
@pytest.mark.parametrize("allow_rethrow", [True, False])
@settings(max_examples=250, deadline=None)
@given(seed=st.integers(0, 2**64), n=st.integers(2, 4), rounds=st.integers(1, 5))
def test_1000_random_games_end_after_rounds_with_scores_the_sum_of_round_points(
        allow_rethrow, seed, n, rounds):
    _random_games(allow_rethrow, seed, n, rounds)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_games_with_default_options_last_15_rounds(n):
    for seed in range(5):
        _play_random_game(random.Random(seed), n, {})


def _states_of_every_kind():
    s = tp.new_game(2, {"rounds": 1})
    yield s
    yield s.apply(Roll(1))
    s = start(2, rounds=1)
    yield s
    yield s.apply(Throw("diamond", None, LAUNCH))
    yield s.apply(Throw("diamond", None, LAUNCH)).apply(Settle(Table(diamond())))
    finals = {(p, i): on(p, i, 2, 10.0 + p + i) for p in range(2) for i in range(2)}
    s = play_round(s, finals)
    yield s
    yield s.apply(s.engine_action())


JUNK = [None, 3, "throw", object(), Roll(1), Roll("1"), Dice((3,)), Dice("3"), Keep((1,)), Bank(),
        Accept(), Rethrow(), Throw(None, None, None), Throw("die", "0", LAUNCH),
        Throw({}, [], LAUNCH), Throw("die", 0.0, LAUNCH), Throw("diamond", False, LAUNCH),
        Throw("diamond", None, LAUNCH), Throw("die", 0, LAUNCH), Settle(None), Settle(Table()),
        Settle(Table(diamond(), (None,))), Settle(Table(DiamondRest("a", 0.0, 0.0, True, False))),
        Settle(Table(DiamondRest(0.0, 0.0, 0.0, 1, False))),
        Settle(Table(diamond(), (DieRest("0", 0, 0.0, 0.0, 0.0, 3, True, None, 1.0, 0),))),
        Settle(Table(diamond(), (DieRest(0, 0, 0.0, 0.0, 0.0, "3", True, None, 1.0, 0),))),
        Settle(Table(diamond(), (DieRest(0, 0, 0.0, 0.0, 0.0, 3, "yes", None, 1.0, 0),))),
        Settle(Table(diamond(), (DieRest(0, 0, 0.0, 0.0, 0.0, 3, True, None, "1", 0),))),
        Settle(Table(diamond(), (DieRest(0, 0, 0.0, 0.0, 0.0, 3, False, "0", None, 0),))),
        Settle(Table(diamond(), (DieRest(0, 0, 0.0, 0.0, 0.0, 3, False, True, None, 0),))),
        RoundEnd(None, None, None), RoundEnd(1, (0,), ())]


def test_junk_actions_are_refused_with_illegal_action_in_every_kind_of_state():
    """Whatever junk it is given, apply refuses with IllegalAction (never another exception); the
    legal moves of each state are still accepted."""
    kinds = set()
    for s in _states_of_every_kind():
        kinds.add(s.to_move if s.to_move < 0 else "seat")
        legal = s.legal_actions() + [outcome for outcome, _ in s.chance_outcomes()]
        if s.throw_due:
            legal.append(Throw(*s.throw_due, LAUNCH))
        for action in JUNK:
            if action in legal:
                s.apply(action)
                continue
            with pytest.raises(IllegalAction):
                s.apply(action)
    assert kinds == {"seat", CHANCE, ENGINE, TERMINAL}
