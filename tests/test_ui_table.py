"""The Terningepetanque table scene, headless: roll for who starts, aim and throw with the mouse,
watch the throw played back, accept or take it back, play to the end; replays; refusals."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from ui_support import fast_app, press
from ui_support import start_table as start

from petanque_game import paths
from petanque_game.match import Match
from petanque_game.record import Seat, load_record
from petanque_game.ui.scenes.menu import MenuScene
from petanque_game.ui.scenes.results import ResultsScene
from petanque_game.ui.table.scene import AREA, TableScene

pytest.importorskip("petanque_game.physics")


pytestmark = pytest.mark.usefixtures("home")  # tests/conftest.py: a user folder of their own


def board_point(scene, x, y):
    sx, sy = scene.view.to_screen(x, y)
    return int(sx + AREA.x), int(sy + AREA.y)


def throw_by_mouse(app, scene, target=(0.0, 0.0), hold=0.45):
    pos = board_point(scene, *target)
    app.handle_logical(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                          buttons=(0, 0, 0)))
    app.render()  # the aim and its hint are drawn
    app.handle_logical(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    for _ in range(int(hold * 60)):
        app.step(1 / 60)
    app.handle_logical(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def settle(app, scene, frames=240):
    for i in range(frames):
        app.step(1 / 60)
        if i % 40 == 0:
            app.render()
        if not scene.busy:
            break


def test_a_human_plays_terningepetanque_against_an_ai_with_the_mouse(home):
    app = fast_app()
    scene = start(app, [Seat("Ana", "human"), Seat("Robot", "ai", "medium")])
    throws = 0
    for _ in range(3000):
        s = scene.session
        if scene.reckoning is not None and not scene.flying:
            press(app, "continue")  # the round's reckoning waits for the player
        if s.over and not scene.busy:
            break
        if scene.human_turn and not scene.busy:
            st = s.state
            events = len(s.record.events)
            if st.starter is None:
                press(app, "roll")
            elif st.awaiting_accept:
                press(app, "accept")
            else:
                throw_by_mouse(app, scene)
                throws += 1
                assert scene.busy, "the throw is played back"
                app.render()
                settle(app, scene)
            assert len(s.record.events) >= events
        app.step(1 / 60)
    assert scene.session.over and throws >= 2
    for _ in range(120):
        app.step(1 / 60)
    app.render()
    assert isinstance(app.top, ResultsScene)
    saved = list(paths.records_dir().glob("terningepetanque-*.json"))
    assert len(saved) == 1 and not list(paths.autosaves_dir().iterdir())
    record = load_record(saved[0])
    assert any(e["action"] == "throw" and e["player"] == 0 for e in record.events)
    assert any(e["action"] == "round_end" for e in record.events)


def test_a_throw_can_be_taken_back_once(home):
    app = fast_app()
    scene = start(app, [Seat("Ana", "human"), Seat("Bo", "human")])
    while scene.session.state.starter is None:
        press(app, "roll")
    table_before = scene.session.state.table
    throw_by_mouse(app, scene)
    settle(app, scene)
    assert scene.session.state.awaiting_accept
    press(app, "rethrow")
    st = scene.session.state
    assert not st.awaiting_accept and st.table == table_before
    throw_by_mouse(app, scene, hold=0.3)
    settle(app, scene)
    assert not scene.session.state.awaiting_accept  # no second take-back
    assert [e["action"] for e in scene.session.record.events][-3:] == ["throw", "rethrow",
                                                                        "throw"]


def test_clicks_while_the_ai_aims_are_refused(home):
    app = fast_app()
    app.settings.ai_delay = 5.0
    scene = start(app, [Seat("Robot", "ai", "easy"), Seat("Ana", "human")])
    events = len(scene.session.record.events)
    app.click(board_point(scene, 0, 0))
    assert app.toast.visible
    assert len(scene.session.record.events) == events


def test_a_recorded_game_replays_on_the_table(home):
    match = Match.new("terningepetanque", [Seat("A", "ai", "easy"), Seat("B", "ai", "medium")],
                      {"rounds": 1}, 9, "classic")
    match.play_to_end()
    path = home / "game.json"
    home.mkdir(parents=True, exist_ok=True)
    path.write_text(match.record.dumps(), encoding="utf-8")
    app = fast_app(replay=str(path))
    scene = app.top
    assert isinstance(scene, TableScene) and scene.replay is not None
    flights = 0
    for i in range(6000):
        app.step(1 / 60)
        if scene.busy and scene.flight is not None and scene.flight.t < 1 / 60 + 1e-9:
            flights += 1
        if i % 60 == 0:
            app.render()
        if isinstance(app.top, ResultsScene):
            break
    assert scene.session.at_end and scene.session.state == match.state
    assert flights >= 1  # throws were played back from the re-simulated path


def test_the_table_frame_shows_the_board(home):
    app = fast_app()
    scene = start(app, [Seat("Ana", "human"), Seat("Bo", "human")])
    frame = app.render()
    cx, cy = board_point(scene, 100, 100)
    r, g, b, *_ = frame.get_at((cx, cy))
    assert g > r and g > b  # felt green


def test_setup_starts_terningepetanque_on_the_chosen_board(home):
    from petanque_game.ui.scenes.setup import SetupScene

    app = fast_app()
    setup = SetupScene(app)
    app.push(setup)
    press_setup = {b.tag: b for b in setup.buttons}
    app.click(press_setup["game:terningepetanque"].rect.center)
    level_button = next(b for b in setup.buttons if b.tag == "level:round-table")
    app.click(level_button.rect.center)
    app.click(next(b for b in setup.buttons if b.tag == "opt:rounds:20").rect.center)
    app.click(next(b for b in setup.buttons if b.tag == "start").rect.center)
    scene = app.top
    assert isinstance(scene, TableScene)
    assert scene.session.record.level == "round-table"
    assert scene.session.record.options["rounds"] == 20
    app.render()


def test_a_broken_board_is_listed_as_broken_and_cannot_be_chosen(monkeypatch):
    from petanque_game import physics
    from petanque_game.physics import LevelError
    from petanque_game.ui.scenes.setup import SetupScene

    real = physics.list_levels()
    broken = ("zz-broken", LevelError("zz-broken.yaml: board.width: must be above 0"))
    monkeypatch.setattr(physics, "list_levels", lambda: [*real, broken])
    app = fast_app()
    setup = SetupScene(app)
    app.push(setup)
    setup.set_game("terningepetanque")
    button = next(b for b in setup.buttons if b.tag == "level:zz-broken")
    assert not button.enabled and "broken" in button.label
    app.click(button.rect.center)
    assert setup.choices.level != "zz-broken"
    app.render()


def test_an_ai_that_fails_is_a_bug_logged_with_its_traceback_and_the_game_stays_saved(
        home, monkeypatch):
    from petanque_game import logs, saves
    from petanque_game.ui.scenes.trouble import ErrorScene

    app = fast_app()
    scene = start(app, [Seat("Robot", "ai", "easy"), Seat("Ana", "human")])
    autosave = scene.session.match.autosave

    def broken(*args, **kwargs):
        raise RuntimeError("the aim search blew up")

    monkeypatch.setattr(scene.session.match, "ai_decision", broken)
    for _ in range(10):
        app.tick(1 / 60)
    assert isinstance(app.top, ErrorScene)
    assert "blew up" in app.top.line and str(logs.log_path()) in app.top.line
    log = logs.log_path().read_text(encoding="utf-8")
    assert "Traceback" in log and "the aim search blew up" in log
    app.render()
    assert [g.path for g in saves.unfinished_games() if g.resumable] == [autosave]
    app.key(pygame.K_RETURN)
    assert isinstance(app.top, MenuScene)


def test_a_throw_the_hand_cannot_make_is_refused_with_its_reason(home, monkeypatch):
    app = fast_app()
    scene = start(app, [Seat("Ana", "human"), Seat("Bo", "human")])
    while scene.state.legal_actions():  # the roll for who starts
        app.handle_logical(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r"))
        app.step(1 / 60)
    events = list(scene.session.record.events)
    aimed = scene.launch()
    monkeypatch.setattr(scene, "launch", lambda power=None: aimed.__class__(
        aimed.x, aimed.y, aimed.direction, 1e7, aimed.elevation, aimed.spin))
    scene.throw()
    assert "speed" in app.toast.message
    assert scene.session.record.events == events


def test_the_aim_is_legal_and_the_hint_sees_the_wall():
    from petanque_game.physics import check_aim, load_named_level
    from petanque_game.ui.table.aim import aim_launch, preview

    level = load_named_level("classic")
    for seat in (0, 1):
        for target in ((0.0, 0.0), (5000.0, 3000.0), (-300.0, 200.0)):
            for power in (0.0, 0.5, 1.0):
                for elevation in (-30.0, 35.0, 120.0):
                    check_aim(level, 2, seat, aim_launch(level, 2, seat, target, power,
                                                            elevation))
    lob = preview(level, 2, 0, aim_launch(level, 2, 0, (0.0, 0.0), 0.5, 40.0), "die")
    assert not lob.warnings and lob.arc[-1][2] == 0.0
    weak = [preview(level, 2, 0, aim_launch(level, 2, 0, (0.0, 0.0), p / 1000, 0.0), "die")
            for p in range(5, 120, 5)]
    assert any(w.warnings == [("table.aim.hits_wall", w.warnings[0][1])] for w in weak if
               w.warnings)  # a weak flat throw hits the wall
    short = weak[0]
    assert not level.board.contains(*short.landing)  # and a weaker one lands short
