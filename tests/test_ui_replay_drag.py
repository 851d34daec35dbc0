"""A replay's timeline dragged (issue 31, every frame on time): while the drag goes on, the frame
that jumps shows the picture before it and the next frame draws where it landed, without jumping
again; what it draws is what a jump there shows; the window keeps drawing frames until it is
drawn; the tray's header and players' column are drawn ahead in the frame that jumps."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from test_ui_replay import record_file, watch
from ui_support import differing

from petanque_game.ui import kept_pictures
from petanque_game.ui.tray.backdrop import TrayBackdrop
from petanque_game.ui.tray.scene import TrayScene

pytestmark = pytest.mark.usefixtures("home")


def long_game(tmp_path):
    """A watched Ship, Captain and Crew game, held on its timeline's left end."""
    app = watch(record_file(tmp_path, "ship-captain-crew", {"target": 150}, 3))
    rect = app.top.replay.timeline_rect()
    app.handle_logical(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                          pos=(rect.x + 1, rect.centery)))
    app.render()
    return app, rect


def move_to(app, rect, share: float) -> int:
    """The held mouse moved to `share` of the timeline; the point it wants."""
    x = rect.x + int(rect.w * share)
    app.handle_logical(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, rect.centery), rel=(0, 0),
                                          buttons=(1, 0, 0)))
    return app.top.replay.index_at(x, snap=False)


def frame(app) -> None:
    app.step(1 / 60)
    app.render()


def counted(monkeypatch, owner: type, name: str) -> list[int]:
    """One entry for each call of `owner.name` from now on."""
    calls: list[int] = []
    real = getattr(owner, name)

    def calling(self, *args, **kw):
        calls.append(1)
        return real(self, *args, **kw)
    monkeypatch.setattr(owner, name, calling)
    return calls


def test_a_drags_jump_is_drawn_in_the_next_frame_which_does_not_jump(tmp_path, monkeypatch):
    app, rect = long_game(tmp_path)
    draws = counted(monkeypatch, TrayScene, "draw")
    before = app.logical.copy()
    first = move_to(app, rect, 0.4)
    frame(app)  # the jump: a new scene there, the picture before it still shown
    scene = app.top
    assert scene.session.shown == first
    assert draws == [] and differing(before, app.logical) == 0
    second = move_to(app, rect, 0.7)
    frame(app)  # draws the scene the last frame made; the drag's new point waits
    assert app.top is scene and scene.session.shown == first and draws == [1]
    shown = app.logical.copy()
    with monkeypatch.context() as m:  # what the frame drew is what drawing it anew draws
        m.setattr(kept_pictures, "KEEP", False)
        app.render_logical()
    assert differing(shown, app.logical) == 0
    draws.clear()
    frame(app)
    assert app.top is not scene and app.top.session.shown == second and draws == []
    frame(app)
    assert draws == [1]


def test_what_a_drag_shows_is_what_a_jump_there_shows(tmp_path):
    app, rect = long_game(tmp_path)
    where = move_to(app, rect, 0.55)
    frame(app)
    frame(app)
    dragged = app.logical.copy()
    other = watch(record_file(tmp_path, "ship-captain-crew", {"target": 150}, 3))
    other.top.replay.dragging = True  # (the timeline's thumb is drawn as held)
    other.top.replay.jump(where)
    other.render()
    assert other.top.session.shown == where
    assert differing(dragged, other.logical) == 0
    other.close()


def test_the_window_draws_on_until_a_drags_scene_is_shown(tmp_path):
    """The replay is paused while dragged, and nothing moves: the window would nap (and go on
    showing the picture before the jump) if the scene not drawn yet did not ask for a frame."""
    app, rect = long_game(tmp_path)
    app.step(1 / 60)
    app.render()
    assert app.top.replay.paused and not app.animating
    move_to(app, rect, 0.3)
    frame(app)
    assert app.animating, "the new scene is not drawn yet"
    frame(app)
    assert not app.animating


def test_letting_go_draws_the_point_in_the_frame_that_jumps(tmp_path, monkeypatch):
    app, rect = long_game(tmp_path)
    move_to(app, rect, 0.3)
    frame(app)
    draws = counted(monkeypatch, TrayScene, "draw")
    last = move_to(app, rect, 0.6)
    app.handle_logical(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1,
                                          pos=(rect.x + int(rect.w * 0.6), rect.centery)))
    frame(app)  # draws the scene the drag made last, then goes where it was let go
    frame(app)
    assert app.top.session.shown == last and draws == [1, 1]
    assert not app.animating


def test_the_frame_that_jumps_draws_the_trays_header_and_column_ahead(tmp_path, monkeypatch):
    app, rect = long_game(tmp_path)
    columns = counted(monkeypatch, TrayBackdrop, "_draw_column")
    headers = counted(monkeypatch, TrayBackdrop, "_draw_header")
    before = app.logical.copy()
    move_to(app, rect, 0.45)
    frame(app)
    assert columns == [1] and headers == [1], "drawn ahead, into their kept pictures"
    assert differing(before, app.logical) == 0, "on a surface not shown"
    frame(app)
    assert columns == [1] and headers == [1], "the frame that draws takes them as kept"
    shown = app.logical.copy()
    with monkeypatch.context() as m:
        m.setattr(kept_pictures, "KEEP", False)
        app.render_logical()
    assert differing(shown, app.logical) == 0
