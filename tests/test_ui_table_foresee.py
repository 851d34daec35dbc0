"""The aims' previews worked out off the frame (ui/table/foresee.py): a preview asked for on the
previews' thread arrives and is shown; meanwhile the last one of the same throw stands in, drawn
at the point it was worked out for, never another throw's and never another aim's for an AI or a
hint; an ask overtaken before its turn is dropped; an error is raised on the window's thread; an
AI's aim is counted as shown only once its preview is."""

import os
import threading
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from ui_support import do_what_is_due, fast_app, roll_off
from ui_support import start_table as start

from petanque_game.record import Seat
from petanque_game.ui.table import board_pictures, foresee
from petanque_game.ui.table import overlay as table_overlay
from petanque_game.ui.table.aim import aim_at, preview
from petanque_game.ui.table.view import AREA

pytestmark = pytest.mark.usefixtures("home")
PEOPLE = [Seat("Ana", "human"), Seat("Bo", "human")]


def held(worker: foresee.Foresight) -> threading.Event:
    """The worker's thread kept busy with another throw's preview until the event is set."""
    go, busy = threading.Event(), threading.Event()
    worker.get("other", ("blocker", id(go)), lambda: busy.set() or go.wait(30.0))
    assert busy.wait(10.0)  # on the worker's thread now: what is asked next waits for it
    return go


def test_a_preview_asked_for_arrives_and_the_last_one_stands_in_meanwhile():
    worker = foresee.Foresight()
    go = held(worker)
    made = []

    def work(name):
        return lambda: made.append(name) or name

    assert worker.get("throw", "a", work("a")) is None  # nothing done for this throw yet
    go.set()
    assert worker.wait()
    assert worker.get("throw", "a", work("a")) == "a"
    go = held(worker)
    assert worker.get("throw", "b", work("b")) == "a"  # the aim moved: the last one meanwhile
    assert worker.get("throw", "c", work("c")) == "a"
    assert worker.get("another throw", "d", work("d")) is None  # never another throw's
    go.set()
    assert worker.wait()
    assert made == ["a", "d", "c"]  # the newest first; "b", overtaken before its turn: dropped
    assert worker.get("throw", "c", work("c")) == "c"
    assert worker.get("throw", "b", work("b")) == "c"


def test_the_thread_starts_a_preview_in_the_windows_quiet_time_after_a_frame(monkeypatch):
    monkeypatch.setattr(foresee, "IDLE", 60.0)  # the window never naps here
    worker = foresee.Foresight()
    worker._drawn_at = time.perf_counter() - 1.0  # the next frame is being drawn now
    assert worker.get("throw", "a", lambda: "a") is None
    time.sleep(0.05)
    assert worker.working() and worker.get("throw", "a", lambda: "a") is None
    worker.drawn()  # the frame is drawn: its quiet time follows
    assert worker.wait()
    assert worker.get("throw", "a", lambda: "a") == "a"


def test_a_preview_that_fails_is_raised_where_it_is_asked_for():
    worker = foresee.Foresight()

    def broken():
        raise ZeroDivisionError("a bug")

    worker.get("throw", "a", broken)
    assert worker.wait()
    with pytest.raises(ZeroDivisionError):
        worker.get("throw", "a", broken)
    with pytest.raises(ZeroDivisionError):
        foresee.Foresight(at_once=True).get("throw", "a", broken)


def drawn_aims(monkeypatch) -> list:
    """(aim, preview, the point aimed at) of each aim the overlay draws."""
    drawn = []
    real = table_overlay.draw_flight

    def draw(scene, area, launch, due, colour, label, pointed=None, meant=(), p=None,
             labels=None, **risk):
        drawn.append((launch, p, pointed))
        real(scene, area, launch, due, colour, label, pointed, meant, p, labels, **risk)
    monkeypatch.setattr(table_overlay, "draw_flight", draw)
    return drawn


def test_the_persons_aim_is_drawn_as_worked_out_and_never_stale_once_it_is(monkeypatch):
    # (the moving board's pictures painted ahead on the same thread would keep it working)
    monkeypatch.setattr(board_pictures, "paint_ahead", lambda *a, **k: False)
    app = fast_app()
    worker = app.workers.previews = foresee.Foresight()
    scene = start(app, PEOPLE)
    roll_off(app, scene)
    drawn = drawn_aims(monkeypatch)
    seat, obj = scene.due[0], scene.due[1]

    def point(x, y):
        pos = scene.view.to_screen(x, y)
        app.handle_logical(pygame.event.Event(pygame.MOUSEMOTION, rel=(0, 0), buttons=(0, 0, 0),
                                              pos=(round(pos[0] + AREA.x),
                                                   round(pos[1] + AREA.y))))
        return scene.target

    def exact(target):
        launch = aim_at(scene.level, scene.n, seat, target, scene.elevation, obj, scene.spin)
        return launch, preview(scene.level, scene.n, seat, launch, obj, scene.state.table)

    first = point(0.0, 40.0)
    app.render()  # asked for: drawn from the next frame on
    assert drawn == []
    assert worker.wait()
    app.render()
    launch, p, pointed = drawn[-1]
    assert (launch, p) == exact(first) and pointed == first
    assert not scene.animating  # the window may nap: nothing is being worked out
    go = held(worker)
    second = point(60.0, -30.0)
    app.render()  # not worked out yet: the first aim, drawn where it was aimed
    assert drawn[-1] == (launch, p, first)
    assert scene.animating  # frames go on until the new one is shown, the mouse still or not
    go.set()
    assert worker.wait()
    app.render()
    launch, p, pointed = drawn[-1]
    assert (launch, p) == exact(second) and pointed == second  # the aim's own, not the last
    app.key(pygame.K_w)  # higher: another aim at the same point
    app.render()
    assert worker.wait()
    app.render()
    assert drawn[-1][0] == exact(second)[0] and drawn[-1][0].elevation > launch.elevation
    app.close()


def test_an_ais_aim_is_shown_and_counted_down_only_once_its_preview_is(monkeypatch, ai_at_once):
    app = fast_app()
    worker = app.workers.previews = foresee.Foresight()
    app.settings.ai_delay = 0.4
    scene = start(app, [Seat("Robot", "ai", "easy"), Seat("Ana", "human")])
    drawn = drawn_aims(monkeypatch)
    go = None
    for _ in range(20000):
        if scene.human_turn and not scene.busy:
            do_what_is_due(app, scene)
        if scene.state.starter is not None and go is None:
            go = held(worker)  # the previews' thread busy when the AI's aim comes
        app.step(1 / 60)
        if scene.ai_aim is not None:
            break
    assert scene.ai_aim is not None
    left = scene.ai_aim.left
    for _ in range(30):
        app.step(1 / 60)
        app.render()
    assert scene.ai_aim is not None and scene.ai_aim.left == left  # not shown: not counted
    assert drawn == []
    go.set()
    assert worker.wait()
    app.step(1 / 60)  # counted from now
    app.render()
    a = scene.ai_aim
    assert a is not None and a.left < left
    assert drawn[-1][0] is a.aim
    assert drawn[-1][1] == preview(scene.level, scene.n, a.seat, a.aim, a.obj, scene.state.table)
    app.close()


def test_the_hints_aim_in_place_is_drawn_once(ai_at_once, monkeypatch):
    app = fast_app()
    scene = start(app, PEOPLE)
    roll_off(app, scene)
    app.key(pygame.K_u)  # Use hint: searched for, then put in place
    while scene.hinted is None and scene.hint.future is not None:
        app.step(1 / 60)
    assert scene.hint_in_place()
    drawn = drawn_aims(monkeypatch)
    app.render()
    assert [aim for aim, _, _ in drawn] == [scene.hinted[0]]  # as the hint, not again as the aim
    app.close()


def test_a_work_in_steps_stops_when_overtaken_and_is_not_kept():
    """The risks' Foresight (ui/table/previews.py `risk_of`): a long work asks `between` before
    each step; an ask for the same throw stops it, and what it left is not kept as done."""
    worker = foresee.Foresight()
    started, go, steps = threading.Event(), threading.Event(), []

    def long(name):
        def work():
            for k in range(1000):
                if k == 1:
                    started.set()
                    go.wait(10.0)
                if not worker.between():
                    return foresee.OVERTAKEN
                steps.append(name)
            return name
        return work

    assert worker.get("throw", "a", long("a")) is None
    assert started.wait(10.0)
    assert worker.get("throw", "a", long("a")) is None  # being worked out: not asked again
    assert worker.get("throw", "b", long("b")) is None  # overtakes it
    go.set()
    assert worker.wait(30.0)
    assert steps.count("a") == 1 and steps.count("b") == 1000
    assert worker.get("throw", "b", long("b")) == "b"
    assert worker.get("throw", "a", long("a")) == "b"  # "a" was never kept: asked anew
    assert worker.wait(30.0)
