"""A replay's jump (issue 31, item 6): the scene made anew at the point jumped to takes the steps
made again at rest in at once: it tells only the steps whose lines its log keeps, shows their
dice at rest without reading out how a turn ended, and still shows what the steps said (the
pictures themselves: tests/test_ui_replay.py, stepping back against stepping forward)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest
from test_ui_replay import record_file, watch

from petanque_game.ui.play import scene_name
from petanque_game.ui.session import LOG_LINES, ReplaySession, Session
from petanque_game.ui.steps import Step

pytestmark = pytest.mark.usefixtures("home")


def long_enough(tmp_path):
    """A watched Ship, Captain and Crew game far longer than a jump's steps."""
    app = watch(record_file(tmp_path, "ship-captain-crew", {"target": 150}, 3))
    assert len(app.top.session.states) > ReplaySession.REST_WINDOW + 40
    return app


def watched(monkeypatch, owner: type, name: str) -> list[Step]:
    """The steps `owner.name(self, step)` is called with from now on."""
    seen: list[Step] = []
    real = getattr(owner, name)

    def watching(self, step):
        seen.append(step)
        return real(self, step)
    monkeypatch.setattr(owner, name, watching)
    return seen


def test_a_jump_tells_only_the_steps_whose_lines_the_log_keeps(tmp_path, monkeypatch):
    app = long_enough(tmp_path)
    narrate = ReplaySession.narrate
    told = watched(monkeypatch, ReplaySession, "narrate")
    shown = len(app.top.session.states) - 5
    app.top.replay.jump(shown)
    scene = app.top
    steps = scene.session.steps
    assert len(steps) == ReplaySession.REST_WINDOW and all(s.at_rest for s in steps)
    every = [line for step in steps for line in Session.narrate(scene.session, step)]
    assert scene.history == every[-LOG_LINES:]  # what telling every step kept
    assert len(told) < len(steps)
    told.reverse()  # (told newest first)
    assert told == steps[-len(told):], "the newest steps, each told once"
    newer = sum(len(narrate(scene.session, step)) for step in told[1:])
    assert newer < LOG_LINES, "no step told whose lines the log would let go"


def test_a_scene_made_at_rest_reads_no_turn_out(tmp_path, monkeypatch):
    """The steps of a jump are taken in still: the dice lie at rest at once and no turn's end
    is held up to be read (a tumble or a reading would be finished at once anyway)."""
    app = long_enough(tmp_path)
    app.settings.roll_time = 0.6  # the dice would tumble in a step played forward
    scene = app.top
    read = watched(monkeypatch, type(scene.controls), "outcome")
    session = scene.session
    session.seek(len(session.states) - 1)
    made = app.make(scene_name(session.game), session)
    made.sync()
    assert not made.busy and not made.settle_sounds
    assert made.roll is not None and made.roll.t == 1.0
    assert read == []
    session.advance()  # a step played forward is read out as before
    made.sync()
    assert read and read[-1] is session.steps[-1]


def test_a_drag_jumps_once_a_frame_to_where_the_mouse_is_last(tmp_path, monkeypatch):
    """A mouse sends several motions a frame while the timeline is dragged: the frame makes one
    scene, at the last motion's point, and what shows is what a jump there shows."""
    import pygame

    app = long_enough(tmp_path)
    rect = app.top.replay.timeline_rect()
    app.handle_logical(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                          pos=(rect.x + 1, rect.centery)))
    made = []
    real = type(app).make
    monkeypatch.setattr(type(app), "make",
                        lambda self, *a: (made.append(a[1].shown), real(self, *a))[1])
    xs = [rect.x + rect.w * k // 10 for k in (2, 3, 5, 4)]
    for x in xs:
        app.handle_logical(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, rect.centery),
                                              rel=(0, 0), buttons=(1, 0, 0)))
    last = app.top.replay.index_at(xs[-1], snap=False)
    app.step(1 / 60)
    assert made == [last] and app.top.session.shown == last
    assert app.top.replay.dragging, "still held"
    app.handle_logical(pygame.event.Event(pygame.MOUSEMOTION, pos=(xs[0], rect.centery),
                                          rel=(0, 0), buttons=(1, 0, 0)))
    app.handle_logical(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1,
                                          pos=(xs[0], rect.centery)))
    app.step(1 / 60)  # let go in the same frame: the replay still goes where the mouse was
    assert app.top.session.shown == app.top.replay.index_at(xs[0], snap=False)
    assert made[1:] == [app.top.session.shown] and not app.top.replay.dragging
