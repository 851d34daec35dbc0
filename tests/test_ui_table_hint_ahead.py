"""The hint searched for ahead at the Terningepetanque table (ui/table/hint.py `prepare`): while a
person aims, with the coach on or a hint asked for before at this table, the hint for the throw is
searched for unseen, so H shows it at once and the coach's lesson takes it as the expert's aim;
with neither, no work is done ahead."""

from __future__ import annotations

import threading
from concurrent.futures import Executor, Future
from types import SimpleNamespace

import pytest
import test_ui_table_coach as coached
from ui_support import press

from petanque_game.ai import petanque as ai
from petanque_game.ai.petanque import Label
from petanque_game.ai.petanque_coach import Expert
from petanque_game.rules.petanque_table import Aim
from petanque_game.ui.table.coach import _expert_of

pytest.importorskip("petanque_game.physics")


class Held(Executor):
    """An AI thread whose jobs are kept, not done: what was handed over to it."""

    def __init__(self) -> None:
        self.jobs: list[tuple[Future, object]] = []

    def submit(self, fn, /, *args, **kwargs) -> Future:
        future: Future = Future()
        self.jobs.append((future, fn))
        return future


def aiming(coach: bool):
    app = coached.fast_app()
    app.settings.coach = coach
    scene = coached.start(app, coached.PEOPLE)
    coached.person_to_aim(app, scene)
    app.step(1 / 60)
    return app, scene


def test_with_the_coach_on_the_hint_is_searched_for_ahead_unseen_and_h_shows_it_at_once(
        home, quick_coach):
    app, scene = aiming(coach=True)
    st = scene.state
    search = scene.hint.search_for(st)
    assert search is not None and search.done()  # (done at once: the tests' AI thread)
    app.render()
    # not shown: no hint on the board or in the panel, no "searching", no frames kept going
    assert scene.hint.current(st) is None and scene.hinted_aim() is None
    assert not scene.hint.searching(st) and not scene.hint.awaited
    assert scene.hint.problem_shown(st) is None
    held = Held()
    app.workers.ai = held
    press(app, "hint")
    app.step(1 / 60)
    hint = scene.hint.current(st)
    assert hint is not None and hint is search.result()
    assert held.jobs == []  # nothing searched again
    press(app, "hint")  # and H hides it again
    assert scene.hint.current(st) is None


def test_use_hint_puts_a_hint_searched_ahead_in_place_at_once(home, quick_coach):
    app, scene = aiming(coach=True)
    held = Held()
    app.workers.ai = held
    press(app, "use_hint")
    app.step(1 / 60)
    assert held.jobs == [] and scene.hint_in_place()
    assert scene.aim.hinted[0] == scene.hint.search_for(scene.state).result().action


def test_the_coachs_lesson_takes_the_hint_searched_ahead_as_the_experts_aim(
        home, quick_coach, monkeypatch):
    app, scene = aiming(coach=True)
    ahead = scene.hint.search_for(scene.state).result()
    searches = []
    searched = ai.search
    monkeypatch.setattr(ai, "search", lambda *a, **k: searches.append(1) or searched(*a, **k))
    coached.throw_at(app, scene, *coached.AIMS[3])  # the hint never shown
    app.step(1 / 60)
    lesson = scene.coach.taught.lesson
    assert searches == []  # the expert's aim not searched for again
    assert lesson.expert_worth == ahead.value and lesson.expert_label == ahead.label


def test_with_the_coach_off_nothing_is_searched_ahead_until_a_hint_is_asked_for(
        home, quick_coach):
    app, scene = aiming(coach=False)
    assert scene.hint.search_for(scene.state) is None and scene.hint.state is None
    press(app, "hint")  # asked for: searched and shown
    app.step(1 / 60)
    assert scene.hint.current(scene.state) is not None
    coached.throw_at(app, scene, *coached.AIMS[0])
    coached.person_to_aim(app, scene)
    app.step(1 / 60)
    # the next throw's hint made ahead, unseen
    assert scene.hint.search_for(scene.state) is not None
    assert scene.hint.current(scene.state) is None


def test_a_lesson_waits_for_the_hints_search_still_under_way(monkeypatch):
    """On another executor than the game's one AI thread, the lesson's expert is the search's
    answer once it comes; a search with nothing to say leaves the lesson its own search."""
    from petanque_game.ai import hints_petanque

    monkeypatch.setattr(hints_petanque, "seed_of", lambda s: "one")  # (the same state's)
    state = SimpleNamespace()
    hint = SimpleNamespace(action=Aim(0.0, -300.0, 1.57, 2000.0, 0.5, 0.0), label=Label("short"),
                           value=1.25)
    search: Future = Future()
    threading.Timer(0.05, lambda: search.set_result(hint)).start()
    assert _expert_of((state, search), state) == Expert(hint.action, hint.label, 1.25)
    nothing: Future = Future()
    nothing.set_exception(ValueError("no hint"))
    assert _expert_of((state, nothing), state) is None
