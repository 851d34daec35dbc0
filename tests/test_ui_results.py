"""The results screen at the end of a game: the winner said in the right person ("You win!", not
"You wins!"), the final scores best first, and a chart whose lines are drawn in each player's
colour (with their marks in the clear palette), from the scores the rules gave after each turn."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from ui_support import fast_app, speak, spoken

from petanque_game import stats
from petanque_game.record import Seat
from petanque_game.ui.chart import draw_chart
from petanque_game.ui.play import open_game_scene
from petanque_game.ui.scenes.results import CHART, ResultsScene, winner_line
from petanque_game.ui.session import new_game

pytestmark = pytest.mark.usefixtures("home")

AIS = [Seat("Åse", "ai", "easy"), Seat("You", "ai", "expert")]



def test_the_winner_is_said_in_the_right_person():
    assert winner_line(spoken(), ["Åse"]) == "Åse wins!"
    assert winner_line(spoken(), ["You"]) == "You win!"
    assert winner_line(spoken(), ["Åse", "Bjørn"]) == "Åse and Bjørn share the win!"
    assert winner_line(spoken(), ["You", "Åse", "Bjørn"]) == "You, Åse and Bjørn share the win!"
    speak("da")
    assert winner_line(spoken(), ["Du"]) == "Du vinder!"
    assert winner_line(spoken(), ["Åse"]) == "Åse vinder!"
    speak("nb")
    assert winner_line(spoken(), ["Du"]) == "Du vinner!"


def finished(game, options, seed, players=AIS):
    """A game played to its end in the window, with its results screen open."""
    app = fast_app()
    session = new_game(game, players, options, seed)
    open_game_scene(app, session)
    for _ in range(20000):
        if isinstance(app.top, ResultsScene):
            break
        app.step(1 / 30)
    assert isinstance(app.top, ResultsScene)
    return app, app.top


def colours_in(surface, rect):
    found = set()
    for x in range(rect.x, rect.right, 2):
        for y in range(rect.y, rect.bottom, 2):
            found.add(tuple(surface.get_at((x, y)))[:3])
    return found


def test_the_chart_shows_each_players_line_in_their_colour():
    app, results = finished("ten-thousand", {"target": 3000}, 4)
    picture = app.render_logical()
    inside = colours_in(picture, CHART)
    for seat in (0, 1):
        assert app.look.player_colour(seat) in inside, f"no line in seat {seat}'s colour"
    # and the lines are the rules' scores turn by turn, ending at the result
    series = results.series
    assert series.unit == "turn"
    assert list(series.points[-1][1]) == list(results.session.state.scores())
    assert series.points == stats.score_series(results.session.record).points


def test_the_chart_lines_end_where_the_final_scores_are():
    """The geometry in pixels: each line's last point is drawn in that player's colour where the
    chart's scale puts that player's final score after the last turn."""
    app, results = finished("shut-the-box", {"rounds": 2}, 5)
    picture = app.render_logical()
    scale = draw_chart(app.look, pygame.Surface(picture.get_size()), CHART, results.series)
    last_x, final = results.series.points[-1]
    ends = [scale.at(last_x, final[seat]) for seat in (0, 1)]
    assert abs(ends[0][1] - ends[1][1]) > 10, "this game's two finals are apart on the chart"
    for seat in (0, 1):
        assert tuple(picture.get_at(ends[seat]))[:3] == app.look.player_colour(seat)
    assert ends[0][0] == scale.area.right  # the last turn at the right end of the x axis


def test_shut_the_box_results_show_the_penalty_winner_first_then_lowest():
    _app, results = finished("shut-the-box", {"rounds": 2}, 5,
                             [Seat("Åse", "ai", "easy"), Seat("Bjørn", "ai", "easy"),
                              Seat("Carl", "ai", "easy")])
    penalties = [-s for s in results.session.state.scores()]
    winners = set(results.session.state.winners())
    order = results.order()
    assert order[0] in winners
    rest = [s for s in order if s not in winners]
    assert [penalties[s] for s in rest] == sorted(penalties[s] for s in rest)
    assert results.series.measure.name == "penalty"
    assert list(results.series.points[-1][1]) == penalties


def test_the_marks_are_drawn_on_the_chart_in_the_clear_palette():
    app, _results = finished("ten-thousand", {"target": 3000}, 4)
    plain = app.render_logical().copy()
    app.settings.palette = "clear"
    marked = app.render_logical()
    assert app.look.marks_shown()
    dark = (20, 20, 24)  # draw_mark's outline colour
    assert dark in colours_in(marked, CHART) and dark not in colours_in(plain, CHART)


def test_the_seat_called_you_is_told_you_win():
    for seed in range(1, 30):  # the first game that "You" wins
        _app, results = finished("ten-thousand", {"target": 2000}, seed)
        if list(results.session.state.winners()) == [1]:
            break
    assert results.headline() == "You win!"
    speak("da")
    assert results.headline() == "Du vinder!"  # Danish says it alike for you and for Åse


def full_disk(*args, **kwargs):
    import errno

    raise OSError(errno.ENOSPC, "No space left on device")


def test_a_game_ending_on_a_full_disk_says_so_and_is_kept_when_space_returns(monkeypatch):
    """Issue 16, item 1: the results screen says the game is not kept yet and why; the window
    tries again every few seconds; once there is space, the record is kept and can be watched;
    closing the window while it is still full is refused once, saying so."""
    with monkeypatch.context() as patch:
        patch.setattr("petanque_game.record.write_atomic", full_disk)
        patch.setattr("petanque_game.ui.kept_records.write_new_named", full_disk)
        app, results = finished("shut-the-box", {}, 3)
        session = results.session
        assert session.saved_record is None and "the disk is full" in session.unsaved
        assert not next(b for b in results.buttons if b.tag == "watch").enabled
        shown = app.render_logical()
        assert shown is not None
        app.step(4.0)  # a try, still full: said again
        assert session.unsaved and app.toast.visible and "disk is full" in app.toast.message
        app.handle_logical(pygame.event.Event(pygame.QUIT))
        assert app.running and "Close the window again" in app.toast.message
    app.step(4.0)  # space again: kept at the next try
    assert session.unsaved is None and session.saved_record is not None
    assert next(b for b in results.buttons if b.tag == "watch").enabled
    app.render_logical()
