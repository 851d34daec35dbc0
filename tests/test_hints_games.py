"""Hints for every game: the expert's move, legal where it is given, the same for the same state,
and told in the player's words (ai/hints.py, hints_tray.py, hints_petanque.py)."""

from __future__ import annotations

import dataclasses
import random
import re

import pytest

from petanque_game.ai import ship_captain_crew as ship_ai
from petanque_game.ai import shut_the_box as box_ai
from petanque_game.ai.hints import Hint, hint
from petanque_game.match import Match
from petanque_game.physics import cube, geometry
from petanque_game.physics.level import load_named_level
from petanque_game.physics.throw import check_aim
from petanque_game.record import Seat
from petanque_game.rules import games
from petanque_game.rules import ship_captain_crew as scc
from petanque_game.rules import shut_the_box as stb
from petanque_game.rules import terningepetanque as tp
from petanque_game.rules.base import Close, Dice, Roll, Stop
from petanque_game.rules.petanque_table import Aim, DiamondRest, DieRest, Table

BOX, SHIP, PETANQUE = stb.GAME_ID, scc.GAME_ID, tp.GAME_ID
CLASSIC = load_named_level("classic")


def given_legally(match: Match) -> Hint:
    """The hint for the seat to move, checked: legal, and the same when asked again, with the
    match untouched."""
    state, events = match.state, list(match.record.events)
    board = match.level if match.spec.board else None
    first = hint(match.record.game, state, board)
    assert isinstance(first, Hint) and first.text and isinstance(first.value, float)
    if match.spec.board and state.throw_due is not None:
        assert isinstance(first.action, Aim)
        check_aim(board, state.num_players, state.to_move, first.action)
    else:
        assert first.action in state.legal_actions()
    assert hint(match.record.game, state, board) == first
    assert match.state is state and match.record.events == events
    return first


@pytest.mark.parametrize("spec", [s for s in games.games() if s.hints], ids=lambda s: s.id)
def test_every_game_with_a_decision_gives_a_legal_repeatable_hint(spec):
    players = max(2, spec.min_players)
    seats = [Seat(f"P{i}", "ai", "easy") for i in range(players)]
    match = Match.new(spec.id, seats, {}, seed=4, level="classic" if spec.board else None)
    decisions = 8 if spec.board else 40  # the board game's hints search with the physics
    kinds = set()
    for _ in range(decisions):
        if match.over:
            break
        kinds.add(type(given_legally(match).action))
        match.play_ai_turn()
    assert len(kinds) > 1  # hints of more than one kind of decision


# --- Shut the Box ---------------------------------------------------------------------------------


def box(open_boxes, dice=None, opts=None, num_players=1, **fields):
    s = dataclasses.replace(stb.new_game(num_players, opts), open_boxes=tuple(open_boxes), **fields)
    if dice is not None:
        s = s.apply(Roll(len(dice))).apply(Dice(tuple(dice)))
    return s


def test_shut_the_box_hints_the_expected_penalty():
    given = hint(BOX, stb.new_game(2))
    assert (given.action, given.text) == (Roll(2), "Roll two dice: expected penalty 24.6")
    assert given.value == pytest.approx(24.602, abs=1e-3)
    state = box(stb.BOXES, (4, 5), {"closing": "classic"})
    given = hint(BOX, state)
    assert given.action == Close((9,)) == box_ai.choose(state, "expert", random.Random(0))
    assert re.fullmatch(r"Close 9: expected penalty \d+\.\d", given.text)
    assert hint(BOX, box((1, 2, 3, 4, 5, 6, 7, 8), (4, 5))).text.startswith("Close 4 and 5: ")


def test_shut_the_box_tells_both_ways_to_roll():
    given = hint(BOX, box((1, 2, 3)))
    assert given.action == Roll(1)
    assert re.fullmatch(r"Roll one die: expected penalty (\d+\.\d) \(two dice: (\d+\.\d)\)",
                        given.text)
    one, two = map(float, re.findall(r"\d+\.\d", given.text))
    assert one < two


def test_shut_the_box_on_the_last_turn_hints_the_chance_to_win():
    """Seat 0 shut the box; seat 1, last turn, has 1, 2 and 3 open and rolls 1+2."""
    s = dataclasses.replace(stb.new_game(2), turns_done=1, turn_penalties=((0,), ()))
    s = dataclasses.replace(s.apply(Roll(2)).apply(Dice((1, 2))), open_boxes=(1, 2, 3))
    given = hint(BOX, s)
    assert given.action == Close((1, 2))
    assert given.text == "Close 1 and 2: 17% to win or share"  # 3 left: one die showing 3
    assert given.value == pytest.approx(box_ai._win(("seed", False, False), 0, 0b100))


def test_shut_the_box_with_shut_wins_hints_the_chance_to_shut():
    given = hint(BOX, box((1, 2, 3), (1, 2), {"shut_wins": True}, num_players=2))
    assert given.text.startswith("Close 1 and 2: ") and given.text.endswith(
        "to shut the box and win")


# --- Ship, Captain and Crew -----------------------------------------------------------------------


def rolled(state, *values):
    return state.apply(Roll(len(values))).apply(Dice(tuple(values)))


def test_ship_hints_forced_rolls_with_what_the_turn_is_worth():
    given = hint(SHIP, scc.new_game(2))
    assert (given.action, given.text) == (Roll(5), "Roll 5 dice: expected score 4.1 this turn")
    assert given.value == pytest.approx(4.0846, abs=1e-4)


def test_ship_hints_stop_or_reroll_in_expected_cargo():
    seven = rolled(scc.new_game(2), 6, 5, 4, 3, 4)
    assert hint(SHIP, seven).text == "Re-roll the cargo (7): expected cargo 8.0 (stopping: 7)"
    eight = rolled(scc.new_game(2), 6, 5, 4, 4, 4)
    given = hint(SHIP, eight)
    assert (given.action, given.text) == (Stop(), "Stop with 8: 8 for sure (re-rolling: 7.97)")
    assert hint(SHIP, rolled(scc.new_game(2), 6, 5, 4, 6, 6)).text == \
        "Stop with 12: no cargo is better"
    one_die = rolled(rolled(scc.new_game(2, {"cargo_reroll": "any"}), 6, 5, 1, 1, 1), 4, 2, 6)
    given = hint(SHIP, one_die)
    assert given.action == Roll(1, reroll=(2,)) == ship_ai.choose(one_die, "expert",
                                                                    random.Random(0))
    assert given.text == "Keep the 6, re-roll the 2: expected cargo 9.5 (stopping: 8)"


def test_ship_in_a_pot_round_hints_the_chance_to_take_the_pot():
    state = rolled(scc.new_game(2, {"mode": "pot"}), 6, 5, 4, 5, 6).apply(Stop())  # 11 to beat
    state = rolled(state, 6, 5, 4, 4, 6)
    given = hint(SHIP, state)
    assert given.action == Roll(2)
    assert re.fullmatch(r"Re-roll the cargo \(\d+\): \d+% to take the pot \(stopping: under 1%\)",
                        given.text)
    first = rolled(scc.new_game(2, {"mode": "pot"}), 6, 5, 4, 2, 6)
    assert re.fullmatch(r"Re-roll the cargo \(\d+\): \d+% to take the pot \(stopping: \d+%\)",
                        hint(SHIP, first).text)
    last_round = rolled(scc.new_game(2, {"target": 0, "rounds": 1}), 6, 5, 4, 2, 6)
    assert re.fullmatch(r"Re-roll the cargo \(\d+\): about \d+% to win \(stopping: about \d+%\)",
                        hint(SHIP, last_round).text)  # the match's chance is an estimate


# --- Terningepetanque -----------------------------------------------------------------------------


DIAMOND_AT = geometry.placed(geometry.rhombus(CLASSIC.diamond.long_diagonal,
                                              CLASSIC.diamond.short_diagonal), 0.0, 0.0, 0.0)


def die(player, which, x, y, face):
    """A die at rest at (x, y), square to the board, showing `face`, its distance measured."""
    distance = geometry.outline_distance(
        geometry.placed(geometry.square(CLASSIC.dice.side), x, y, 0.0), DIAMOND_AT)
    orientation = next(o for o in range(24) if cube.TOP_FACE[o] == face)
    return DieRest(player, which, x, y, 0.0, face, True, None, distance, orientation)


def petanque_state(table, throws_done, starter=1, num_players=2):
    """Two players, seat 1 starting: the diamond, then seat 1's die 0, seat 0's die 0, seat 1's
    die 1, seat 0's die 1."""
    state = tp.new_game(num_players)
    return dataclasses.replace(state, starter=starter, table=table, throws_done=throws_done,
                               rolloff_contenders=())


def test_petanque_hints_the_diamond_throw_and_the_roll_off():
    state = tp.new_game(2)
    given = hint(PETANQUE, state, CLASSIC)
    assert given.action == Roll(1)
    assert given.text == "Roll a die for who starts: the highest throws the diamond"
    diamond = hint(PETANQUE, petanque_state(Table(), 0), CLASSIC)
    check_aim(CLASSIC, 2, 1, diamond.action)
    assert re.fullmatch(r"Throw the diamond (to|near) the middle of the board: it stays on the "
                        r"board|.*: \d+% risk of losing it \(-5\)", diamond.text)


def test_petanque_hints_a_knock_when_the_opponent_touches_the_diamond():
    """The opponent's die touches the diamond on the thrower's side (as in the tactics test):
    with the round's last die, the expert drives it away, through it or through the diamond
    behind it, and so wins the round."""
    table = Table(DiamondRest(0.0, 0.0, 0.0, True),
                  (die(0, 0, 40.0, 30.0, 6), die(1, 0, 0.0, -20.05, 6), die(1, 1, -90.0, 60.0, 5)))
    state = petanque_state(table, 4)
    assert state.throw_due == ("die", 1) and state.to_move == 0
    given = hint(PETANQUE, state, CLASSIC)
    check_aim(CLASSIC, 2, 0, given.action)
    assert re.fullmatch(r"(Knock your opponent's die away|Push the diamond on): worth \+\d+\.\d "
                        r"points this round against your opponent", given.text)
    assert given.value > 0
    assert hint(PETANQUE, state, CLASSIC) == given


def test_petanque_hints_keeping_a_throw_with_its_worth_in_the_round_played_on():
    match = Match.new(PETANQUE, [Seat("You", "human", None), Seat("AI", "ai", "easy")], {},
                      seed=2, level="classic")
    while match.state.throw_due is None or match.state.to_move != 0:
        match.play_ai_turn() if match.ai_to_move else match.decide(match.state.legal_actions()[0])
    assert match.state.throw_due is not None
    aimed = hint(PETANQUE, match.state, match.level)
    match.decide(tp.Throw(*match.state.throw_due, aimed.action))
    given = hint(PETANQUE, match.state, match.level)
    assert given.action == tp.Accept()
    assert given.text.startswith("Keep the throw")


def test_petanque_needs_its_board():
    with pytest.raises(ValueError, match="needs the board"):
        hint(PETANQUE, petanque_state(Table(), 0))
