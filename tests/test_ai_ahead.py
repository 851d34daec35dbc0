"""The AI's move played ahead on a copy of the match, on the AI's thread (Match.copy / adopt,
LiveSession.think / play_ai), and the tray AI's tables warmed while the player sets up a game
(ui/warm.py): the same game byte for byte as deciding on the window's thread."""

from __future__ import annotations

import pytest

from petanque_game.ai import shut_the_box as stb_ai
from petanque_game.match import Match
from petanque_game.record import Seat
from petanque_game.rules.terningepetanque_events import Thrown
from petanque_game.ui import warm
from petanque_game.ui.session import LiveSession, _result

SEATS = [Seat("Åse", "ai", "medium"), Seat("Bjørn", "ai", "expert")]


def _played_ahead(match: Match, moves: int) -> None:
    """`moves` AI decisions, each played on a copy and adopted (as the window does)."""
    for _ in range(moves):
        if match.over:
            return
        twin = match.copy()
        assert twin.record.events is not match.record.events  # the copy shares no events
        before = list(match.record.events)
        twin.decide(twin.ai_decision())
        assert match.record.events == before  # deciding on the copy left the match as it was
        match.adopt(twin)


@pytest.mark.parametrize("game, options, level", [
    ("ten-thousand", {"target": 1000}, None), ("shut-the-box", {"rounds": 2}, None),
    ("ship-captain-crew", {"target": 20}, None), ("terningepetanque", {"rounds": 1}, "classic")])
def test_a_game_played_ahead_is_the_game_decided_in_place_byte_for_byte(game, options, level):
    here = Match.new(game, SEATS, options, seed=5, level=level)
    ahead = Match.new(game, SEATS, options, seed=5, level=level)
    moves = 12 if level else 400
    for _ in range(moves):
        if here.over:
            break
        here.play_ai_turn()
    _played_ahead(ahead, moves)
    assert ahead.record.dumps() == here.record.dumps()
    assert ahead.state == here.state


def test_adopting_saves_the_move(tmp_path):
    match = Match.new("shut-the-box", SEATS, {}, seed=3, autosave=tmp_path / "auto.json")
    _played_ahead(match, 3)
    assert (tmp_path / "auto.json").read_text("utf-8") == match.record.dumps()


def test_the_window_takes_the_move_its_ai_thread_played(home):
    """think() plays the move ahead; play_ai() adopts it: the record is the in-place game's."""
    match = Match.new("terningepetanque", SEATS, {"rounds": 1}, seed=9, level="classic")
    session = LiveSession(match)
    reference = Match.new("terningepetanque", SEATS, {"rounds": 1}, seed=9, level="classic")
    thrown = False
    for _ in range(6):
        session.think()
        action, played, _ = _result(session._thought[1])
        assert played is not None and session.planned() == action
        session.play_ai()
        reference.play_ai_turn()
        assert match.record.dumps() == reference.record.dumps()
        step = session.steps[-1]
        if step.transitions and isinstance(step.transitions[-1].event, Thrown):  # with its path
            assert step.throw is not None and step.throw.path is not None
            thrown = True
    assert thrown


def test_the_setup_warm_up_makes_the_experts_tables():
    rules = ("classic", True, True)
    options = {"closing": "classic", "partial_close": True, "close_all_three": True}
    stb_ai._move_table.cache_clear()
    stb_ai._penalties.cache_clear()
    warm.play_a_little("shut-the-box", options)
    made = stb_ai._move_table.cache_info().currsize
    assert made >= 1 and stb_ai._penalties.cache_info().currsize >= 1
    stb_ai._move_table(rules)  # the game's first call finds it made
    assert stb_ai._move_table.cache_info().currsize == made


def test_the_warm_up_plays_every_game_with_the_seats_it_needs(home):
    """LCR needs three players: the warm-up must not ask it to play with two (it did, and the
    failure went to stderr); games of chance alone are not warmed at all."""
    from petanque_game.rules.games import games

    for spec in games():
        if not spec.board:
            warm.play_a_little(spec.id, {}, moves=3)
    warmer = warm.Warmer()
    warm.warm(warmer, "lcr", {"chips": 3})
    assert ("lcr", (("chips", 3),)) not in warmer.done and warmer.wanted != ("lcr", (("chips", 3),))
