"""A Terningepetanque replay whose timeline is dragged (benchmarks/bench_frames.py, "replay
scrubbed"): each new position draws the table's area once, straight on the window, and a position
held draws and copies nothing (nor fills the gaps between the parts again); the board comes from
a picture painted at the view's own scale once there is one; a round's score sheet and header
seen before are shown from their kept pictures; a jump lays out no buttons for the timeline; the
frames are those drawn anew, and letting go shows the point at rest."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from ui_support import assert_a_jump_shows, assert_drawn_as_afresh, differing, fast_app

from petanque_game.match import Match
from petanque_game.physics import load_named_level, release_zone
from petanque_game.record import Seat
from petanque_game.ui.look import Look
from petanque_game.ui.table import board as tb
from petanque_game.ui.table import board_pictures as bp
from petanque_game.ui.table import kept
from petanque_game.ui.table.draw import View
from petanque_game.ui.table.foresee import Foresight
from petanque_game.ui.table.view import AREA, TableDrawing

LOOK = Look()  # what these tests draw with (a window's look, as a new window has)

pytestmark = pytest.mark.usefixtures("home")


def recorded(tmp_path, rounds: int = 2):
    """A game of two AIs played to its end by the match, written to a file to replay."""
    match = Match.new("terningepetanque", [Seat("Åse", "ai", "easy"), Seat("Bo", "ai", "easy")],
                      {"rounds": rounds}, 5)
    match.play_to_end()
    path = tmp_path / "game.json"
    path.write_text(match.record.dumps(), "utf-8")
    return path


def drag_to(app, x: int) -> None:
    """The held mouse moved to `x` on the timeline, and the frame: its update jumps there, and
    its picture is the one before (a drag's jump is drawn in the next frame: ui/replay.py)."""
    rect = app.top.replay.timeline_rect()
    app.handle_logical(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, rect.centery), rel=(0, 0),
                                          buttons=(1, 0, 0)))
    app.step(1 / 60)
    app.render()


def test_a_dragged_position_draws_the_area_once_straight_and_then_nothing(tmp_path, monkeypatch):
    from petanque_game.ui.table import window

    calls, gaps = [], []
    real = TableDrawing._draw_whole_area
    monkeypatch.setattr(TableDrawing, "_draw_whole_area",
                        lambda self, *a: (calls.append(self.session.shown), real(self, *a)))
    real_gaps = window._gaps
    monkeypatch.setattr(window, "_gaps", lambda rooms: (gaps.append(1), real_gaps(rooms))[1])
    app = fast_app()
    app.open_replay(recorded(tmp_path))
    rect = app.top.replay.timeline_rect()
    app.handle_logical(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                          pos=(rect.x + rect.w // 5, rect.centery)))
    assert app.top.replay.dragging
    app.render()
    for x in (rect.x + rect.w // 3, rect.x + rect.w // 2, rect.right - 20):
        drag_to(app, x)
        calls.clear()
        gaps.clear()
        place = ("area", AREA.topleft, AREA.size)
        parts = app.top.pictures.kept
        picture, straight = parts.kept.get(place), parts.straight
        for _ in range(4):
            app.render()
        assert gaps == []  # the window holds the gaps' background: not filled again
        # once, at the new position, straight on the window: no picture of the area made (it
        # is not copied in and out), and the frames after it leave it as the window holds it
        assert calls == [app.top.session.shown]
        assert parts.kept.get(place) is picture and parts.straight == straight + 1
        assert_drawn_as_afresh(app, monkeypatch)
        calls.clear()
    app.logical.fill((0, 0, 0))  # the window cleared unbeknown: drawn again, not taken as held
    app.render()
    assert calls == [app.top.session.shown]
    assert_drawn_as_afresh(app, monkeypatch)
    app.close()


def test_the_area_is_drawn_again_when_something_was_drawn_over_it(tmp_path, monkeypatch):
    """The replay's notice that the physics differs is drawn over the area each frame: the area
    under it is drawn anew each frame, not taken as held (the notice would darken)."""
    from petanque_game.ui.table import overlay

    app = fast_app()
    app.open_replay(recorded(tmp_path))
    rect = app.top.replay.timeline_rect()
    app.handle_logical(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                          pos=(rect.x + rect.w // 2, rect.centery)))
    real = overlay.draw_overlays

    def noticed(scene, surface, words=None):
        real(scene, surface, words)
        overlay._banner(scene.look, surface.subsurface(AREA), "the physics differs")
        return True
    monkeypatch.setattr(overlay, "draw_overlays", noticed)
    calls = []
    real_area = TableDrawing._draw_whole_area
    monkeypatch.setattr(TableDrawing, "_draw_whole_area",
                        lambda self, *a: (calls.append(1), real_area(self, *a)))
    frames = []
    for _ in range(3):
        app.render()
        frames.append(app.logical.copy())
    assert differing(frames[1], frames[2]) == 0 and len(calls) == 3
    app.close()


def test_letting_go_shows_the_point_as_a_jump_there_shows_it(tmp_path):
    path = recorded(tmp_path)

    def at_rest(app) -> bytes:
        for _ in range(kept.LAG + 2):
            app.render()
        return pygame.image.tobytes(app.logical.subsurface(AREA), "RGB")

    app = fast_app()
    app.open_replay(path)
    rect = app.top.replay.timeline_rect()
    app.handle_logical(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                          pos=(rect.x + 30, rect.centery)))
    for x in range(rect.x + 30, rect.x + rect.w * 2 // 3, 9):
        drag_to(app, x)
        app.render()
    app.handle_logical(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1,
                                          pos=(rect.x + rect.w * 2 // 3, rect.centery)))
    shown, where = at_rest(app), app.top.session.shown
    app.close()
    assert_a_jump_shows(path, where, shown, at_rest)


def seats(level, n: int):
    zones = tuple(release_zone(level, n, s) for s in range(n))
    return {level.seats[n][s]: s for s in range(n)}, zones


@pytest.mark.parametrize("name", ["classic", "bumper-lane", "round-table"])
def test_the_board_at_a_views_own_scale_is_painted_ahead_then_copied(name, monkeypatch):
    """`paint_ahead(exact=s)` paints the board whole at scale s, in strips, and no rung; then
    every view at s (wherever it looks) copies it: no scaling, no painting, and the same
    pixels as the board painted for that view (the round felt's edge, cut where a picture
    ends, may fall a pixel otherwise)."""
    pygame.display.init()
    pygame.display.set_mode((1280, 720))
    level = load_named_level(name)
    walls, zones = seats(level, 2)
    scale = 1.3061  # between rungs, above the largest picture of the ladder
    asks, kept = 0, bp.MovingBoards()
    while bp.paint_ahead(LOOK, level, walls, zones, (1.0, 1.0), 1.0, exact=scale, kept=kept,
                         previews=Foresight(at_once=True)):
        asks += 1
    assert asks == bp.STRIPS and list(kept.exact) == [(tb.board_key(LOOK, level, walls, 2), scale)]
    assert not kept.pictures  # no rung: the view's own scale serves
    scaled, painted_now = [], kept.painted
    monkeypatch.setattr(pygame.transform, "scale", lambda *a: scaled.append(a))
    monkeypatch.setattr(pygame.transform, "smoothscale", lambda *a: scaled.append(a))
    room = pygame.Rect(0, 0, 806, 552)
    for centre in ((403, 276), (611, 190), (-30, 500)):
        view = View(scale, centre)
        shown = tb.new_surface(room.size)
        bp.draw_board(LOOK, shown, room, level, view, walls, zones, 1, still=False, again=True,
                      kept=kept)
        fresh = tb.new_surface(room.size)
        tb.paint_board(LOOK, fresh, level, view, walls, zones, 1)
        limit = 0.01 * room.w * room.h if name == "round-table" else 0
        assert differing(shown, fresh) <= limit
    assert scaled == [] and kept.painted == painted_now
    bp.draw_board(LOOK, shown, room, level, View(scale, (0, 0)), walls, zones, 1, still=False,
                  kept=kept)
    assert scaled  # not dragged: scaled from the rungs, as the camera moving is


def test_the_sheet_and_header_of_a_round_seen_before_are_not_drawn_again(tmp_path, monkeypatch):
    """Dragged back and forth over a round's edge: the score sheet and the header of each round
    are drawn once and shown again from their kept pictures, the same pixels as drawn anew."""
    from petanque_game.ui import game_scene
    from petanque_game.ui.table import view

    drawn = []
    real_sheet, real_header = view.draw_sheet, game_scene.GameScene.draw_header
    monkeypatch.setattr(view, "draw_sheet", lambda *a: (drawn.append("sheet"), real_sheet(*a)))
    monkeypatch.setattr(game_scene.GameScene, "draw_header",
                        lambda *a: (drawn.append("header"), real_header(*a)))
    app = fast_app()
    app.open_replay(recorded(tmp_path, rounds=3))
    ends = [m for m, _ in app.top.replay.marks()]
    rect = app.top.replay.timeline_rect()
    app.handle_logical(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                          pos=(rect.x + 2, rect.centery)))
    # two points in the first round, then two in the second (its edge crossed), back and forth
    points = [app.top.replay.x_of(shown, rect)
              for shown in (ends[0] - 3, ends[0] - 2, ends[0] + 2, ends[0] + 3)]
    rounds = []
    for x in points * 3:
        drag_to(app, x)
        drawn.clear()
        for _ in range(kept.LAG + 2):
            app.render()
        rounds.append((app.top.state.round_number, sorted(set(drawn))))
        shown = app.logical.copy()
        with monkeypatch.context() as m:
            m.setattr(kept, "KEEP", False)
            app.render()
        assert differing(shown, app.logical) == 0
    assert [r for r, _ in rounds] == [1, 1, 2, 2] * 3
    # each round's drawn where it is first seen (the first round's: straight, and again on its
    # picture), then only shown from its picture
    assert [d for _, d in rounds[:4]] == [["header", "sheet"], ["sheet"], ["header", "sheet"], []]
    assert [d for _, d in rounds[4:]] == [[]] * 8
    app.close()


def test_a_jump_takes_the_timelines_place_over_without_laying_out_the_buttons(tmp_path,
                                                                               monkeypatch):
    from petanque_game.ui.replay import ReplayControls

    app = fast_app()
    app.open_replay(recorded(tmp_path))
    rect = app.top.replay.timeline_rect()
    laid_out = []
    real = ReplayControls.buttons
    monkeypatch.setattr(ReplayControls, "buttons", lambda self: (laid_out.append(1),
                                                                 real(self))[1])
    app.top.replay.jump(5)
    assert app.top.replay.timeline_rect() == rect and laid_out == []
    app.close()
