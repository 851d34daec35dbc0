"""The lesson's screen (issue 33, item 1; ui/scenes/lesson.py): events fed, its state and its
pixels looked at, with no screen."""

from __future__ import annotations

import math

import pygame
import pytest
from ui_support import fast_app, press, speak

from petanque_game.ai import petanque_lesson as lesson
from petanque_game.ai.petanque_spread import Spread
from petanque_game.ui import lesson_words as lesson_scene
from petanque_game.ui.scenes.lesson import AIMED, BOARD, SPREAD, LessonScene

pytest.importorskip("pymunk")


def open_lesson(hand: str = "normal", seed: int = 5) -> tuple:
    app = fast_app()
    app.settings.hand = hand
    scene = LessonScene(app, "terningepetanque", seed)
    app.push(scene)
    return app, scene


def screen_at(scene: LessonScene, x: float, y: float) -> tuple[int, int]:
    sx, sy = scene.camera.to_screen(x, y)
    return round(sx) + BOARD.x, round(sy) + BOARD.y


def point_at(app, scene, x: float, y: float) -> None:
    app.handle_logical(pygame.event.Event(pygame.MOUSEMOTION, pos=screen_at(scene, x, y),
                                          rel=(0, 0), buttons=(0, 0, 0)))


def played_out(app, scene) -> None:
    for _ in range(2000):
        app.step(1 / 30)
        if not scene.flying:
            return
    raise AssertionError("the throw never came to rest")


def colour_near(frame: pygame.Surface, at: tuple[float, float], colour, reach: int = 2) -> bool:
    x, y = round(at[0]), round(at[1])
    return any(frame.get_at((x + dx, y + dy))[:3] == colour
               for dx in range(-reach, reach + 1) for dy in range(-reach, reach + 1))


def test_the_how_tos_button_opens_the_lesson(home):
    app = fast_app()
    page = app.open("rules", "terningepetanque", "")
    page.show("howto")
    press(app, "practice")
    assert isinstance(app.top, LessonScene) and app.top.index == 0


def test_the_spread_is_drawn_round_the_point_and_follows_it(home, ai_at_once):
    app, scene = open_lesson()
    ring = scene.target
    point_at(app, scene, *ring.centre)
    app.step(1 / 60)
    app.step(1 / 60)
    spread, risk = scene.shown_spread()
    assert isinstance(spread, Spread) and risk is not None  # this aim's own
    assert math.dist((spread.x, spread.y), ring.centre) < 15
    frame = app.render()
    edge = spread.outline(8)
    assert sum(colour_near(frame, screen_at(scene, x, y), SPREAD) for x, y in edge) >= 6
    # moved 40 mm: the last spread is drawn there at once, its figures not said
    ux, uy = lesson.inward(scene.level)
    point_at(app, scene, ring.centre[0] + 40 * ux, ring.centre[1] + 40 * uy)
    scene.asked = None  # (as if the new one were still being worked out)
    moved, figures = scene.shown_spread()
    assert figures is None
    assert moved.y - spread.y == pytest.approx(40 * uy, abs=6)


def test_a_hit_is_said_marked_and_leads_on_and_a_miss_is_tried_again(home, ai_at_once):
    app, scene = open_lesson("steady")
    ring = scene.target
    point_at(app, scene, *ring.centre)
    app.key(pygame.K_SPACE)
    assert scene.throws == [1, 0, 0] and scene.flying
    played_out(app, scene)
    assert scene.tried.passed and scene.hits[0] == 1
    assert [b.tag for b in scene.buttons()] == ["next", "again"]
    frame = app.render()
    assert colour_near(frame, screen_at(scene, *scene.tried.aimed), AIMED, 8)
    press(app, "next")
    near = scene.target
    assert scene.index == 1 and scene.point == near.centre and scene.tried is None
    # pointed far short of the diamond: not yet, and why
    ux, uy = lesson.inward(scene.level)
    point_at(app, scene, near.centre[0] - 150 * ux, near.centre[1] - 150 * uy)
    app.key(pygame.K_SPACE)
    played_out(app, scene)
    assert not scene.tried.passed and scene.hits[1] is None
    heading, said = lesson_scene.after_words(app.look, scene.tried, "Bjørn")
    assert heading == "Not yet." and "too far" in said[0] and "short" in said[-1]
    assert [b.tag for b in scene.buttons()] == ["again", "skip"]
    press(app, "again")
    assert scene.tried is None and scene.index == 1 and scene.aiming
    assert scene.target.table == near.table  # the same table again


def test_height_is_set_with_the_wheel_and_the_keys_within_the_limits(home):
    app, scene = open_lesson()
    assert scene.elevation == 45.0
    app.handle_logical(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2))
    assert scene.elevation == 55.0
    app.key(pygame.K_s)
    assert scene.elevation == 50.0
    for _ in range(40):
        app.key(pygame.K_w)
    assert scene.elevation == scene.high
    assert math.degrees(scene.aim().elevation) == pytest.approx(scene.high)


def test_the_end_sums_up_and_offers_a_quick_game(home, ai_at_once):
    app, scene = open_lesson("steady")
    point_at(app, scene, *scene.target.centre)
    app.key(pygame.K_SPACE)
    played_out(app, scene)
    app.key(pygame.K_SPACE)  # Next target
    press(app, "skip")
    press(app, "skip")
    assert scene.done and scene.hits == [1, None, None]
    heading, said = lesson_scene.done_words(app.look, scene.targets, scene.hits)
    assert heading == "Lesson done"
    assert said[:3] == ["The ring: hit on throw 1", "Close to the diamond: skipped",
                        "Knock it out: skipped"]
    assert [b.tag for b in scene.buttons()] == ["quick", "practice", "menu"]
    press(app, "quick")
    table = app.top
    assert table.name == "table" and table.session.interactive
    assert not table.session.practice and table.session.record.options["rounds"] == 5
    assert [p.kind for p in table.session.players] == ["human", "ai"]


@pytest.mark.parametrize("code", ["en", "da", "nb"])
def test_the_lesson_speaks_each_language(home, ai_at_once, code):
    speak(code)
    try:
        app, scene = open_lesson("steady")
        point_at(app, scene, *scene.target.centre)
        app.key(pygame.K_SPACE)
        played_out(app, scene)
        heading, said = lesson_scene.after_words(app.look, scene.tried, "Bjørn")
        assert heading == app.look.tr("lesson.hit") and said[0] == app.look.tr("lesson.ring_in")
        told = [app.look.tr(f"lesson.{t.goal}_why") for t in scene.targets]
        assert len(set(told)) == 3 and all(len(line) > 40 for line in told)
        app.render()
    finally:
        speak("en")


def test_a_knock_short_and_high_is_told_where_its_aim_stops_and_to_throw_lower(home, ai_at_once):
    app, scene = open_lesson("steady")
    scene.next()
    scene.next()
    knock = scene.target
    theirs = knock.table.die_of(lesson.OTHER, 0)
    ux, uy = lesson.inward(scene.level)
    point_at(app, scene, theirs.x - 90 * ux, theirs.y - 90 * uy)  # well short of the die
    for _ in range(7):
        app.key(pygame.K_w)  # 25 + 35 degrees
    assert scene.elevation == 60.0
    app.key(pygame.K_SPACE)
    played_out(app, scene)
    tried = scene.tried
    assert not tried.passed and tried.moved < 1.0 and tried.aim_long < -60
    heading, said = lesson_scene.after_words(app.look, tried, "Bjørn")
    assert heading == "Not yet."
    assert said[0] == "It did not touch Bjørn's die."
    assert said[-2].startswith("Thrown steadily, your aim stops") and "mm short" in said[-2]
    assert "Bjørn's die" in said[-2]
    assert said[-1] == "Throw lower: at 60° it comes down steeply and stops."


def test_a_refused_board_is_said_and_no_lesson_opens(home, monkeypatch):
    from petanque_game.physics import LevelError
    from petanque_game.ui.scenes import lesson as lesson_scene_module

    def refused(name):
        raise LevelError(f"levels/{name}.yaml: board: not a shape")

    monkeypatch.setattr(lesson_scene_module, "load_named_level", refused)
    app = fast_app()
    setup = app.open("setup")
    press(app, "game:terningepetanque")
    press(app, "lesson")
    assert app.top is setup
    assert "levels/classic.yaml: board: not a shape" in app.toast.message


def test_a_high_knock_that_fails_is_told_to_go_lower_even_when_its_aim_was_right(home):
    from dataclasses import replace

    from petanque_game.physics.hand import STEADY
    from petanque_game.ui.table.aim import aim_at

    _app, scene = open_lesson()
    knock = scene.targets[2]
    x, y = lesson.aimed_from(knock)
    ux, uy = lesson.inward(scene.level)
    aim = aim_at(scene.level, 2, 0, (x + 100 * ux, y + 100 * uy), 45.0, knock.obj)
    tried = lesson.throw(scene.level, knock, aim, STEADY, scene.rng)
    assert tried.passed and tried.aimed_passed  # (no wobble: the aim itself knocks it out)
    missed = replace(tried, passed=False, miss=5.0)  # as the wobble of a hand may make it
    said = lesson_scene.after_words(scene.look, missed, "Bjørn")[1]
    assert said[-2] == scene.look.tr("lesson.aim_good")
    assert said[-1] == "Throw lower: at 45° it comes down steeply and stops."
    assert not any("lower" in line
                   for line in lesson_scene.after_words(scene.look, tried, "Bjørn")[1])
