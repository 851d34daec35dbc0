"""Replays you can scrub: stepping back shows exactly what stepping forward showed at that point
(the session's state and the scene's pixels), a jump on the timeline shows the state at rest with
no animation running, and the keys and buttons move as they say."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import hashlib
from functools import cache

import pygame
import pytest
from ui_support import fast_app

from petanque_game.match import Match
from petanque_game.record import Seat
from petanque_game.ui.session import ReplaySession

pytestmark = pytest.mark.usefixtures("home")

PLAYERS = [Seat("Åse", "ai", "easy"), Seat("Bjørn", "ai", "medium")]


def record_file(tmp_path, game, options, seed):
    path = tmp_path / f"{game}-{seed}.json"
    path.write_text(_played(game, tuple(sorted(options.items())), seed), "utf-8")
    return path


@cache  # several tests watch the same game: it is played once
def _played(game, options, seed) -> str:
    match = Match.new(game, PLAYERS, dict(options), seed)
    match.play_to_end()
    return match.record.dumps()


def watch(path):
    app = fast_app()
    app.open_replay(path)
    scene = app.top
    scene.replay.paused = True
    return app


def picture(app) -> str:
    """The logical picture's pixels, as they lie in its memory, hashed."""
    return hashlib.sha1(app.render_logical().get_view("1")).hexdigest()


def at_rest(app):
    """What forward play shows once the step's animation is over: the state and the picture."""
    scene = app.top
    assert not scene.busy
    return repr(scene.session.state), picture(app)


# What stepping forward showed at each point of a watched game, by (game, options, seed). Forward
# play never seeks (the session's REST_WINDOW is for jumps and steps back only), so it shows the
# same whatever the window: the first test to watch a game steps it forward, and a later one, in
# another window, jumps to the end and steps back against those same points.
_FORWARD: dict[tuple, list] = {}


def forward_then_back(app, game: str, options: dict, seed: int):
    """Each point forward (its animation finished), then each point again stepping back."""
    key = (game, tuple(sorted(options.items())), seed)
    forward = _FORWARD.get(key)
    if forward is None:
        forward = [at_rest(app)]
        while not app.top.session.at_end:
            app.top.replay.step_once()
            app.top.finish_animation()
            app.top.flush_lines()
            forward.append(at_rest(app))
        _FORWARD[key] = forward
    else:
        app.top.replay.jump(len(app.top.session.states))
    back = [at_rest(app)]
    while app.top.session.shown > 0:
        app.top.replay.step_back()
        assert not app.top.busy, "a step back shows the state at rest, with no animation"
        back.append(at_rest(app))
    back.reverse()
    return forward, back


@pytest.mark.parametrize("game, options, seed", [
    ("ten-thousand", {"target": 5000}, 2),
    ("shut-the-box", {"rounds": 3}, 1),
    ("ship-captain-crew", {"target": 50}, 3),
])
@pytest.mark.parametrize("windowed", [False, True])
def test_stepping_back_shows_what_forward_showed_tray(tmp_path, monkeypatch, game, options, seed,
                                                      windowed):
    """Also with a jump taking in fewer steps than the game has (the window a long game uses)."""
    app = watch(record_file(tmp_path, game, options, seed))
    if windowed:
        window = max(25, len(app.top.session.states) // 3)
        assert len(app.top.session.states) > window + 10
        monkeypatch.setattr(ReplaySession, "REST_WINDOW", window)
    forward, back = forward_then_back(app, game, options, seed)
    assert len(forward) == len(back) == len(app.top.session.states) + 1
    for k, (f, b) in enumerate(zip(forward, back)):
        assert f[0] == b[0], f"state after {k} events differs going back"
        assert f[1] == b[1], f"picture after {k} events differs going back"


@pytest.mark.parametrize("window", [None, 30])
def test_stepping_back_shows_what_forward_showed_petanque(tmp_path, monkeypatch, window):
    if window is not None:
        monkeypatch.setattr(ReplaySession, "REST_WINDOW", window)
    app = watch(record_file(tmp_path, "terningepetanque", {"rounds": 11}, 3))
    assert len(app.top.session.states) > 2 * 30
    forward, back = forward_then_back(app, "terningepetanque", {"rounds": 11}, 3)
    for k, (f, b) in enumerate(zip(forward, back)):
        assert f == b, f"after {k} events the table differs going back"


def test_a_jump_to_a_round_shows_it_at_rest(tmp_path):
    app = watch(record_file(tmp_path, "terningepetanque", {"rounds": 11}, 3))
    controls = app.top.replay
    marks = controls.marks()
    assert marks and all(unit == "round" for _, unit in marks)
    target = marks[2][0]  # after the third round's round_end
    rect = controls.timeline_rect()
    x = controls.x_of(target, rect)
    app.click((x + 3, rect.centery))  # near the mark: snaps to it
    scene = app.top
    assert scene.session.shown == target
    assert not scene.busy
    assert scene.session.state == scene.session.states[target - 1]
    assert scene.round_final is not None  # the round just scored lies on the table, as in play
    assert scene.history, "the narration up to there is told"
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(x, rect.centery)))


def test_drag_along_the_timeline_and_keys(tmp_path):
    app = watch(record_file(tmp_path, "ten-thousand", {"target": 5000}, 2))
    controls = app.top.replay
    rect = controls.timeline_rect()
    total = controls.total
    app.handle_logical(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                          pos=(rect.x + 1, rect.centery)))
    app.handle_logical(pygame.event.Event(pygame.MOUSEMOTION, pos=(rect.centerx, rect.centery),
                                          rel=(0, 0), buttons=(1, 0, 0)))
    app.step(1 / 60)  # the frame's jump, to where the mouse is
    assert abs(app.top.session.shown - total // 2) <= 1
    assert app.top.replay.dragging
    app.step(5.0)  # no playing on while dragging
    app.handle_logical(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1,
                                          pos=(rect.centerx, rect.centery)))
    assert not app.top.replay.dragging
    app.key(pygame.K_END)
    assert app.top.session.shown == total and app.top.session.at_end
    app.key(pygame.K_HOME)
    assert app.top.session.shown == 0
    app.key(pygame.K_RIGHT)
    assert app.top.session.shown == 1
    app.key(pygame.K_LEFT)
    assert app.top.session.shown == 0
    marks = [m for m, _ in app.top.replay.marks()]
    app.key(pygame.K_PAGEDOWN)
    assert app.top.session.shown == marks[0]
    app.key(pygame.K_PAGEDOWN)
    assert app.top.session.shown == marks[1]
    app.key(pygame.K_PAGEUP)
    assert app.top.session.shown == marks[0]
    assert app.top.replay.prompt() == app.look.tr(
        "replay.paused", where=app.look.tr("replay.where_turn", n="2", of=str(len(marks)),
                                           event=str(marks[0]), events=str(total)))


def test_back_button_and_playing_on_after_a_jump(tmp_path):
    app = watch(record_file(tmp_path, "shut-the-box", {}, 1))
    controls = app.top.replay
    controls.jump(6)
    b = next(b for b in app.top.replay.buttons() if b.tag == "back")
    app.click(b.rect.center)
    assert app.top.session.shown == 5
    app.top.replay.paused = False
    app.step(0.01)
    app.step(0.01)
    assert app.top.session.shown > 5  # plays on from where it stands


def test_the_results_open_when_the_replay_plays_to_its_end_after_a_jump(tmp_path):
    from petanque_game.ui.scenes.results import ResultsScene

    app = watch(record_file(tmp_path, "shut-the-box", {}, 1))
    app.key(pygame.K_END)
    for _ in range(60):
        app.step(0.05)
    assert not isinstance(app.top, ResultsScene)  # a jump to the end does not open them
    app.key(pygame.K_LEFT)
    app.key(pygame.K_RIGHT)
    for _ in range(60):
        app.step(0.05)
    assert isinstance(app.top, ResultsScene)


def test_a_replay_does_not_ask_for_a_click_to_go_on(tmp_path, monkeypatch):
    """A turn's outcome held for reading says "click to go on" in a game; a replay goes on by
    itself, so its banner says nothing of the kind."""

    app = watch(record_file(tmp_path, "ship-captain-crew", {"target": 15}, 4))
    scene = app.top
    scene.replay.paused = False
    for _ in range(6000):
        app.step(1 / 60)
        if scene.hold is not None and not scene.rolling:
            break
    assert scene.hold is not None
    drawn: list[str] = []
    real = app.look.blit_text
    monkeypatch.setattr(app.look, "blit_text", lambda s, text, *a, **k: (drawn.append(text),
                                                                       real(s, text, *a, **k))[1])
    app.render()
    assert scene.hold.text in drawn and app.look.tr("tray.hold.go_on") not in drawn


def test_a_frame_of_the_timeline_places_no_mark_again(tmp_path, monkeypatch):
    """The turns' marks are placed on the timeline once per replay (a jump's new scene takes
    them over), so that a frame's timeline costs the same however long the game; the prompt
    still counts the turns done up to the point shown."""
    app = watch(record_file(tmp_path, "ten-thousand", {"target": 5000}, 2))
    app.render()
    marks = app.top.replay.marks()
    assert len(marks) > 10
    placed: list[int] = []
    x_of = type(app.top.replay).x_of

    def placing(controls, shown, rect):
        placed.append(shown)
        return x_of(controls, shown, rect)
    monkeypatch.setattr(type(app.top.replay), "x_of", placing)
    total = app.top.replay.total
    for shown in (0, marks[3][0] - 1, marks[3][0], total - 1):
        app.top.replay.jump(shown)
        placed.clear()
        app.render()
        assert len(placed) <= 2  # the part played and the thumb, not the marks
        done = sum(1 for m, _ in marks if m <= shown)
        tr = app.look.tr
        assert app.top.replay.prompt() == tr(
            "replay.paused", where=tr("replay.where_turn", n=str(min(len(marks), done + 1)),
                                      of=str(len(marks)), event=str(shown), events=str(total)))
