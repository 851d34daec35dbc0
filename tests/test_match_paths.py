"""A match with no window keeps no throw paths (`Match.paths`, turned off by `play_to_end`), and
verify re-simulates a recorded throw without one: what a throw leaves on the table does not
depend on whether its flight is kept, so such a game is the game a window plays, byte for byte."""

from __future__ import annotations

import pytest

from petanque_game.match import Match, rebuild
from petanque_game.record import Seat, parse_record

SEATS = [Seat("A", "ai", "easy"), Seat("B", "ai", "medium"), Seat("C", "ai", "easy")]


@pytest.mark.parametrize("level", ["classic", "round-table", "bumper-lane"])
def test_a_game_played_without_paths_is_the_game_played_with_them(level):
    shown = Match.new("terningepetanque", SEATS, {"rounds": 1}, 7, level)
    throws = 0
    while not shown.over:
        shown.play_ai_turn()
        if shown.last_throw is not None and shown.last_throw.path is not None:
            throws += 1
            shown.last_throw = None
    headless = Match.new("terningepetanque", SEATS, {"rounds": 1}, 7, level)
    headless.play_to_end()
    assert throws >= 7 and headless.last_throw.path is None
    assert headless.record.dumps() == shown.record.dumps()
    again = rebuild(parse_record(shown.record.dumps()), check_physics=True)
    assert again.state == shown.state
