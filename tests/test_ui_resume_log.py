"""A resumed game's log is not empty: the window that takes a game from its autosave tells what
happened last, as the window that played it had told it, so a player back after a crash or a
closed window sees where the game stood (the status bar's last lines, the tray's log)."""

from __future__ import annotations

import pytest
from ui_support import fast_app

from petanque_game.record import Seat
from petanque_game.ui.play import open_game_scene
from petanque_game.ui.session import LOG_LINES, new_game, resume

AIS = [Seat("Åse", "ai", "expert"), Seat("Bjørn", "ai", "easy")]


def played_a_while(game: str, options: dict, events: int):
    """A window that played `game` between two AIs until its record holds `events` events and
    nothing is left to show; (its log, its record's events, the autosave's path)."""
    app = fast_app()
    session = new_game(game, AIS, options, 4)
    open_game_scene(app, session)
    scene = app.top
    for _ in range(20_000):
        if len(session.record.events) >= events and not scene.busy and not scene.pending_lines:
            break
        app.step(1 / 60)
    else:
        raise AssertionError("the AIs did not play on")
    told, made, path = list(scene.history), list(session.record.events), session.match.autosave
    app.close()
    return told, made, path


@pytest.mark.parametrize(("game", "options", "events"), [
    ("ten-thousand", {}, 12),
    ("shut-the-box", {}, 10),
    ("ship-captain-crew", {}, 10),
    ("terningepetanque", {"rounds": 2}, 6),
])
def test_a_resumed_game_shows_the_last_lines_its_window_had_told(home, game, options, events):
    told, made, path = played_a_while(game, options, events)
    assert told, "the playing window told something"
    session = resume(path)
    assert session.record.events == made
    app = fast_app()
    open_game_scene(app, session)
    scene = app.top
    assert scene.history, "the resumed game's log is empty"
    shown = min(len(told), 4)
    assert scene.history[-shown:] == told[-shown:]
    assert len(scene.history) <= LOG_LINES
    app.render()
    app.close()


def test_a_new_game_starts_with_an_empty_log(home):
    app = fast_app()
    open_game_scene(app, new_game("shut-the-box", AIS, {}, 4))
    assert app.top.history == []
    app.close()
