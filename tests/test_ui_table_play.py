"""Playing at the Terningepetanque table, headless: a click comes to rest where it points, the wheel
and the keyboard aim, the hint, an AI's aim shown before it throws, nothing of a throw told before
it has come to rest, the reckoning at each round's end, the animated roll for who starts, and
replays that say when their throws do not come to rest where the record says."""

import json
import math
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from ui_support import do_what_is_due, fast_app, pixel, press, roll_off, settle, speak, spoken
from ui_support import start_table as start

from petanque_game.match import Match
from petanque_game.record import Seat
from petanque_game.rules.events import Rolled
from petanque_game.rules.terningepetanque_events import Thrown
from petanque_game.ui.narrate import says
from petanque_game.ui.scenes.results import ResultsScene
from petanque_game.ui.table.scene import TableScene
from petanque_game.ui.table.view import AREA, SIDE

pytest.importorskip("petanque_game.physics")
pytestmark = pytest.mark.usefixtures("home")

RESTS_WITHIN = 15.0  # mm: where a throw comes to rest, from the point clicked, one throw (measured
# worst 10.1 mm over the targets and heights below, on the classic and round-table boards; the
# median over them is about 1 mm: benchmarks/bench_aim_rest.py)


def point_at(app, pos):
    app.handle_logical(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                          buttons=(0, 0, 0)))


def test_a_click_comes_to_rest_where_it_points_on_an_empty_board(home, exact_hands):
    app = fast_app()
    scene = start(app, [Seat("Ana", "human"), Seat("Bo", "human")])
    roll_off(app, scene)
    worst = 0.0
    for (x, y), notches in (((0, 0), 0), ((120, 60), 4), ((-150, -90), -6), ((60, 170), 6),
                            ((-200, 100), -2)):
        for _ in range(abs(notches)):
            app.handle_logical(pygame.event.Event(pygame.MOUSEWHEEL, x=0,
                                                  y=1 if notches > 0 else -1))
        pos = pixel(scene, x, y)
        point_at(app, pos)
        aimed_at = scene.view.to_board(pos[0] - AREA.x, pos[1] - AREA.y)  # the pixel's point
        app.click(pos)
        step = scene.session.steps[-1]
        assert isinstance(step.transitions[0].event, Thrown), "the click threw"
        dm = step.transitions[0].event.table.diamond  # the only body on the board
        miss = math.hypot(dm.x - aimed_at[0], dm.y - aimed_at[1])
        worst = max(worst, miss)
        assert miss <= RESTS_WITHIN, (x, y, scene.elevation, miss)
        settle(app, scene)
        if scene.session.state.awaiting_accept:
            press(app, "rethrow")  # the diamond again, at the next point
        else:
            break
    assert worst > 0.0


def test_the_aim_comes_to_rest_where_it_points_for_dice_too():
    """The aim alone against the physics, for both boards, seats, objects and four heights (the
    diamond lies far off, out of the way), wherever the preview warns of nothing."""
    from petanque_game.physics import load_named_level, simulate_throw
    from petanque_game.rules.petanque_table import DiamondRest, Launch, Table
    from petanque_game.ui.table.aim import aim_at, preview

    warned = 0
    for name in ("classic", "round-table"):
        level = load_named_level(name)
        for obj in ("diamond", "die"):
            table = Table() if obj == "diamond" else Table(DiamondRest(0.0, -200.0, 0.0, True))
            for seat in (0, 1):
                for target in ((150.0, 60.0), (-120.0, -100.0), (40.0, 180.0)):
                    for elevation in (20.0, 35.0, 50.0, 65.0):
                        a = aim_at(level, 2, seat, target, elevation, obj)
                        if preview(level, 2, seat, a, obj, table).warnings:
                            warned += 1  # the player is told it goes wrong (it lands off)
                            continue
                        launch = Launch(a.x, a.y, a.direction, a.speed, a.elevation, a.spin, 0)
                        rest = simulate_throw(level, table, 2, seat, obj,
                                              None if obj == "diamond" else 0, launch).table
                        body = rest.diamond if obj == "diamond" else rest.dice[-1]
                        assert math.dist((body.x, body.y), target) <= RESTS_WITHIN, (
                            name, obj, seat, target, elevation)
    assert warned <= 8, "most of these aims go right"


def test_one_wheel_notch_changes_the_elevation_by_two_and_a_half_degrees(home):
    app = fast_app()
    scene = start(app, [Seat("Ana", "human"), Seat("Bo", "human")])
    roll_off(app, scene)
    before = scene.elevation
    point_at(app, pixel(scene, 0, 0))
    # one notch up as pygame delivers it: a wheel event and the old button-4 press
    app.handle_logical(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pixel(scene, 0, 0),
                                          button=4))
    app.handle_logical(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    app.handle_logical(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pixel(scene, 0, 0),
                                          button=4))
    assert scene.elevation == pytest.approx(before + 2.5)
    app.handle_logical(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
    assert scene.elevation == pytest.approx(before)
    assert isinstance(scene.session.steps[-1].transitions[0].event, Rolled)  # no throw was made


def test_the_keyboard_alone_aims_and_throws(home, exact_hands):
    app = fast_app()
    scene = start(app, [Seat("Ana", "human"), Seat("Bo", "human")])
    while scene.session.state.starter is None:
        app.key(pygame.K_r)
        settle(app, scene)
    scene.target = (0.0, 0.0)
    for _ in range(3):
        app.key(pygame.K_RIGHT)  # 10 mm each
    app.handle_logical(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UP, mod=pygame.KMOD_SHIFT,
                                          unicode="", scancode=0))  # Shift: 50 mm
    assert scene.target == pytest.approx((30.0, 50.0))
    e = scene.elevation
    app.key(pygame.K_w)
    app.key(pygame.K_w)
    app.key(pygame.K_s)
    assert scene.elevation == pytest.approx(e + 2.5)
    app.key(pygame.K_q)
    assert scene.spin > 0
    app.render()
    app.key(pygame.K_SPACE)
    step = scene.session.steps[-1]
    assert isinstance(step.transitions[0].event, Thrown)
    dm = step.transitions[0].event.table.diamond
    assert math.dist((dm.x, dm.y), (30.0, 50.0)) <= RESTS_WITHIN
    assert step.transitions[0].event.launch.spin == pytest.approx(scene.spin)


def test_nothing_of_a_throw_shows_before_it_has_come_to_rest(home):
    app = fast_app()
    app.settings.animation_speed = 1.0
    scene = start(app, [Seat("Ana", "human"), Seat("Bo", "human")])
    roll_off(app, scene)
    pos = pixel(scene, 0, 0)
    point_at(app, pos)
    players = pygame.Rect(SIDE.x, SIDE.y, SIDE.w, 16 + 62 * 2)
    before_pad = app.render().subsurface(players).copy()
    history = list(scene.history)
    toasts = []
    real_show = app.toast.show
    app.toast.show = lambda *a, **k: (toasts.append(a), real_show(*a, **k))
    app.click(pos)
    assert scene.flying
    frames = 0
    while scene.flying:
        frame = app.render()
        assert scene.history == history, "the narration waits for the throw to rest"
        pad = frame.subsurface(players)
        assert pygame.image.tobytes(pad, "RGB") == pygame.image.tobytes(before_pad, "RGB"), \
            "the score pad shows nothing of the throw in the air"
        assert not toasts
        assert scene.state is scene.session.steps[-1].before
        app.step(1 / 60)
        frames += 1
    assert frames > 10
    settle(app, scene)
    app.step(1 / 60)
    assert len(scene.history) > len(history), "told once at rest"
    assert scene.state is scene.session.state


def test_a_whole_game_against_the_ai_by_mouse_to_the_results(home):
    app = fast_app()
    scene = start(app, [Seat("Ana", "human"), Seat("Robot", "ai", "medium")], rounds=2)
    throws = reckonings = 0
    for _ in range(5000):
        s = scene.session
        if scene.reckoning is not None and not scene.flying:
            reckonings += 1
            app.render()
            if reckonings == 1:
                press(app, "continue")  # the button
            else:
                app.key(pygame.K_RETURN)  # the key
            assert scene.reckoning is None
        elif scene.human_turn and not scene.busy:
            if s.state.starter is None:
                press(app, "roll")
            elif s.state.awaiting_accept:
                press(app, "accept")
            else:
                dm = s.state.table.diamond
                pos = pixel(scene, *((0.0, 0.0) if dm is None else (dm.x, dm.y - 40.0)))
                point_at(app, pos)
                app.render()
                app.click(pos)
                throws += 1
        if isinstance(app.top, ResultsScene):
            break
        app.step(1 / 60)
    assert isinstance(app.top, ResultsScene)
    assert throws >= 4 and reckonings == 2
    events = scene.session.record.events
    assert [e["player"] for e in events if e["action"] == "throw"].count(0) >= 4
    assert sum(e["action"] == "round_end" for e in events) == 2


def ana_against_bo_to_the_first_reckoning(app):
    """Ana (the person, doing what is due) against Bo (easy), two rounds, played to the first
    round's reckoning with its last throw at rest; the table scene."""
    scene = start(app, [Seat("Ana", "human"), Seat("Bo", "ai", "easy")], rounds=2)
    for _ in range(5000):
        if scene.reckoning is not None and not scene.flying:
            break
        if scene.human_turn and not scene.busy:
            do_what_is_due(app, scene)
        app.step(1 / 60)
    return scene


def test_the_reckoning_shows_beside_what_the_last_throw_did(home):
    """The log tells the round's last throw (its knocks, where its die lies) once the flight has
    come to rest, while the reckoning shows, not only after Continue: the lines beside the card
    are not the throw before's, whose distances the last throw changed."""
    app = fast_app()
    scene = ana_against_bo_to_the_first_reckoning(app)
    assert scene.reckoning is not None
    app.step(1 / 60)
    steps = scene.session.steps
    throw = max(i for i, s in enumerate(steps)
                if any(isinstance(t.event, Thrown) for t in s.transitions))
    told = [line for s in steps[throw:] for line in scene.session.narrate(s)]
    assert len(told) >= 2  # where the thrown die lies, and the round's points
    assert scene.pending_lines == [] and scene.history[-len(told):] == told
    assert scene.reckoning is not None  # still waiting for Continue


def test_the_reckoning_shows_the_round_and_waits_for_continue(home):
    app = fast_app()
    scene = ana_against_bo_to_the_first_reckoning(app)
    r = scene.reckoning
    assert r is not None
    end = next(e for e in scene.session.record.events if e["action"] == "round_end")
    assert list(r.points) == end["points"] and list(r.closest) == end["closest"]
    assert r.table.dice and len(r.table.dice) == 4 and scene.state.round_number == 1
    frame = app.render()
    dm = r.table.diamond
    die = next(d for d in r.table.dice if d.on_board)
    # a measuring line runs from the die to the diamond: its middle is drawn over the felt
    mx, my = pixel(scene, (die.x + dm.x) / 2, (die.y + dm.y) / 2)
    felt = app.look.colour("felt")
    assert any(frame.get_at((mx + dx, my + dy))[:3] != felt for dx in (-1, 0, 1)
               for dy in (-1, 0, 1))
    assert [b.tag for b in scene.buttons()] == ["continue"]
    for _ in range(600):  # it waits: a person is at the table
        app.step(1 / 60)
    assert scene.reckoning is r and scene.session.state.round_number == 2
    shown = [r.total_shown(s) for s in range(2)]
    assert shown == [t + p for t, p in zip(r.before.totals, r.points)]  # the points arrived
    app.key(pygame.K_SPACE)
    assert scene.reckoning is None and scene.state is scene.session.state


def test_an_ai_only_reckoning_continues_by_itself(home, ai_at_once):
    app = fast_app()
    app.settings.ai_delay = 0.08  # the AI's pace: the reckoning waits 3 x 0.1 s
    scene = start(app, [Seat("A", "ai", "easy"), Seat("B", "ai", "easy")], rounds=2)
    seen = 0.0
    for _ in range(20000):
        if scene.reckoning is not None and not scene.flying:
            seen += 1 / 60
            app.render()
        if isinstance(app.top, ResultsScene):
            break
        app.step(1 / 60)
    assert isinstance(app.top, ResultsScene)
    assert 0.4 <= seen <= 1.0  # two reckonings of 0.3 s each, shown without a key


def test_the_roll_for_who_starts_tumbles_in_a_tray_and_says_who_starts(home, monkeypatch):
    from petanque_game.ui import sound

    heard = []
    monkeypatch.setattr(sound.Sounds, "play", lambda _, name, *a, **k: name == "button"
                        or heard.append(name))  # a button's own tick aside
    app = fast_app()
    app.settings.roll_time = 0.5
    scene = start(app, [Seat("Ana", "human"), Seat("Bo", "human")])
    press(app, "roll")
    roll = scene.start_roll
    assert roll is not None and scene.busy and not roll.done
    assert scene.state is roll.before  # the panel waits for the die to rest
    frame = app.render()
    rim = app.look.colour("rim")
    tray = pygame.Rect(0, 0, 460, 250)
    tray.center = AREA.center
    r, g, b, *_ = frame.get_at((tray.x + 12, tray.centery))
    assert abs(r - rim[0]) + abs(g - rim[1]) + abs(b - rim[2]) < 90  # the tray's wooden rim
    for _ in range(20):
        app.step(1 / 60)
    assert not roll.done and roll.verdict(scene.session.players) is None
    assert heard == ["roll"]
    settle(app, scene)
    assert heard == ["roll", "clack"]  # thrown in, and at rest
    press(app, "roll")
    roll = scene.start_roll
    for _ in range(40):
        app.step(1 / 60)
    said = roll.verdict(scene.session.players)
    st = scene.session.state
    if st.starter is not None:
        assert said == says(app.look, "table.start.starts", scene.session.players[st.starter].name)
    else:
        assert said == app.look.tr("table.start.tie", names="Ana, Bo")
    app.render()


def test_the_hint_is_searched_on_the_ai_thread_and_drawn(home):
    app = fast_app()
    scene = start(app, [Seat("Ana", "human"), Seat("Bo", "human")])
    roll_off(app, scene)
    press(app, "hint")
    state = scene.session.state
    assert scene.hint.hint is None and scene.hint.searching(state)  # the window goes on
    app.render()
    scene.hint.future.result(timeout=60)  # searched on the AI's thread
    app.step(1 / 60)
    hint = scene.hint.current(state)
    assert hint is not None and hasattr(hint.action, "speed")
    from petanque_game.ui.table.hint import hint_words

    words = hint_words(app.look, hint, state)
    assert "board" in words or "risk" in words
    point_at(app, pixel(scene, 150.0, -120.0))  # the player's own ring away from the hint's
    frame = app.render()
    shown = scene.preview_of(hint.action, scene.due[0], "diamond")
    lx, ly = pixel(scene, *shown.rest)
    ring = [frame.get_at((lx + dx, ly + dy))[:3] for dx in range(-14, 15) for dy in range(-14, 15)]
    assert (120, 200, 255) in ring  # the hint's ring where it comes to rest
    app.key(pygame.K_h)
    assert scene.hint.current(state) is None  # H again hides it


def test_an_ai_shows_its_aim_before_it_throws(home, ai_at_once):
    app = fast_app()
    app.settings.ai_delay = 0.4
    scene = start(app, [Seat("Robot", "ai", "easy"), Seat("Ana", "human")])
    shown = None
    for _ in range(20000):
        if scene.ai_aim is not None:
            shown = scene.ai_aim
            app.render()
            break
        if scene.human_turn and not scene.busy:
            do_what_is_due(app, scene)
        app.step(1 / 60)
    assert shown is not None
    events = len(scene.session.record.events)
    while scene.ai_aim is not None:
        assert len(scene.session.record.events) == events  # not thrown while shown
        app.step(1 / 60)
    app.step(1 / 60)
    throw = scene.session.record.events[events]
    assert throw["action"] == "throw" and throw["player"] == shown.seat


def _recorded_game(home, seed=9):
    match = Match.new("terningepetanque", [Seat("A", "ai", "easy"), Seat("B", "ai", "medium")],
                      {"rounds": 1}, seed, "classic")
    match.play_to_end()
    home.mkdir(parents=True, exist_ok=True)
    return match.record


def _watch(app, scene, toasts):
    for _ in range(20000):
        app.step(1 / 60)
        if isinstance(app.top, ResultsScene):
            return
        if scene.reckoning is not None and not scene.flying:
            app.render()
    raise AssertionError("the replay did not end")


def test_a_replay_with_a_tampered_throw_says_so_once(home):
    record = _recorded_game(home)
    data = json.loads(record.dumps())
    throws = [e for e in data["events"] if e["action"] == "throw"]
    throws[1]["outcome"]["diamond"]["x"] += 3.0  # a few mm: the record says otherwise
    path = home / "tampered.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    app = fast_app(replay=str(path))
    scene = app.top
    assert isinstance(scene, TableScene) and scene.check is not None
    told = []
    real_show = app.toast.show
    app.toast.show = lambda message, *a, **k: (told.append(message), real_show(message, *a, **k))
    _watch(app, scene, told)
    assert scene.check.mismatches >= 1
    assert told.count(app.look.tr("table.replay.differs")) == 1
    recorded = throws[-1]["outcome"]
    shown = scene.session.state.table.to_json()
    assert shown["diamond"]["x"] == pytest.approx(recorded["diamond"]["x"])  # the record's table


def test_an_untouched_replay_plays_every_flight_and_says_nothing(home):
    record = _recorded_game(home, seed=4)
    path = home / "clean.json"
    path.write_text(record.dumps(), encoding="utf-8")
    app = fast_app(replay=str(path))
    scene = app.top
    told = []
    real_show = app.toast.show
    app.toast.show = lambda message, *a, **k: (told.append(message), real_show(message, *a, **k))
    _watch(app, scene, told)
    assert scene.check.mismatches == 0 and not told and scene.check.board_note is None


def test_a_replay_on_a_changed_board_says_so(home):
    record = _recorded_game(home, seed=5)
    data = json.loads(record.dumps())
    data["level_sha256"] = "0" * 64
    path = home / "other-board.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    app = fast_app(replay=str(path))
    scene = app.top
    assert scene.check.board_note == app.look.tr("table.replay.board_differs", board="classic")
    assert app.toast.message == scene.check.board_note


def test_the_power_bar_aiming_stays_for_those_who_like_it(home, exact_hands):
    app = fast_app()
    app.settings.aim = "power"
    scene = start(app, [Seat("Ana", "human"), Seat("Bo", "human")])
    roll_off(app, scene)
    pos = pixel(scene, 0, 0)
    point_at(app, pos)
    app.handle_logical(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    for _ in range(27):  # 0.45 s: the bar has moved on from the power it started at
        app.step(1 / 60)
        assert scene.charging is not None and not scene.session.steps[-1].throw
    charged = scene.charge()
    app.render()
    app.handle_logical(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    launch = scene.session.steps[-1].transitions[0].event.launch
    assert charged > 0.45 + 0.02
    assert launch.speed == pytest.approx(charged * scene.level.throw.max_speed)


def test_the_hint_after_a_throw_says_what_keeping_it_is_worth(home, ai_at_once):
    app = fast_app()
    scene = start(app, [Seat("Ana", "human"), Seat("Bo", "human")])
    roll_off(app, scene)
    app.key(pygame.K_SPACE)  # the diamond, where the aim points
    settle(app, scene)
    assert scene.session.state.awaiting_accept
    press(app, "hint")
    state = scene.session.state
    app.step(1 / 60)  # the hint, worked out as it was asked for, is taken
    from petanque_game.ui.table.hint import hint_words

    hint = scene.hint.current(state)
    assert hint is not None
    assert hint_words(app.look, hint, state) == app.look.tr("table.hint.keep",
                                                            points=f"{hint.value:+.1f}")
    app.render()


def test_the_hint_is_said_in_the_players_language_with_their_names():
    from types import SimpleNamespace

    from petanque_game.ai.hints import Hint
    from petanque_game.ai.petanque import Label
    from petanque_game.rules.petanque_table import Aim
    from petanque_game.ui.table.hint import hint_words

    aim = Aim(0.0, -400.0, math.pi / 2, 2000.0, 0.7, 0.0)
    state = SimpleNamespace(throw_due=("die", 1), num_players=3, awaiting_accept=False)
    players = [Seat("Ana", "human"), Seat("Bjørn", "ai", "easy"), Seat("Åse", "ai", "easy")]
    hint = Hint(aim, "English, never read on screen", 1.5, Label("knock_player", 1))
    try:
        speak("da")
        assert hint_words(spoken(), hint, state, players) == \
            "Skub Bjørns terning væk: +1,5 point værd i denne runde mod den bedste af de andre"
        speak("nb")
        short = Hint(aim, "", -0.5, Label("short"))
        assert hint_words(spoken(), short, state, players).startswith(
            "Sikt litt foran diamanten: verdt -0,5")
    finally:
        speak("en")
    diamond = SimpleNamespace(throw_due=("diamond", None), num_players=2, awaiting_accept=False)
    risky = Hint(aim, "", -1.0, Label("middle"))
    assert hint_words(spoken(), risky, diamond) == \
        "Throw the diamond to the middle of the board: 20% risk of losing it (-5)"


def test_a_click_during_the_flight_ends_it_and_then_tells_it(home):
    app = fast_app()
    scene = start(app, [Seat("Ana", "human"), Seat("Bo", "human")])
    roll_off(app, scene)
    app.key(pygame.K_SPACE)
    assert scene.flying
    history = list(scene.history)
    app.click(pixel(scene, 0, 0))
    assert not scene.flying and scene.state is scene.session.state
    app.step(1 / 60)
    assert len(scene.history) > len(history)
    assert scene.session.record.events[-1]["action"] == "throw"  # the click threw nothing more


def test_the_winner_is_named_only_after_the_last_reckoning(home, monkeypatch):
    app = fast_app()
    scene = start(app, [Seat("A", "ai", "easy"), Seat("Ana", "human")])
    for _ in range(5000):
        if scene.session.over and scene.reckoning is not None and not scene.flying:
            break
        if scene.human_turn and not scene.busy:
            do_what_is_due(app, scene)
        app.step(1 / 60)
    assert scene.session.over and scene.reckoning is not None
    drawn = []
    real = app.look.blit_text
    monkeypatch.setattr(app.look, "blit_text", lambda surface, s, *a, **k: (drawn.append(s),
                                                                          real(surface, s, *a,
                                                                               **k))[1])
    app.render()
    winner = [s for s in drawn if "WINNER" in s.upper() or s == app.look.tr("table.prompt.over")]
    assert not winner, "the game's end waits for the reckoning"
    press(app, "continue")
    drawn.clear()
    app.render()
    assert app.look.tr("table.prompt.over") in drawn


def test_the_reckoning_charges_dice_off_the_board_and_the_diamond_to_the_right_player():
    from types import SimpleNamespace

    from petanque_game.rules.petanque_table import DiamondRest, DieRest, Table
    from petanque_game.rules.terningepetanque import score_round
    from petanque_game.ui.table.reckoning import Reckoning, seat_parts

    table = Table(DiamondRest(0.0, 0.0, 0.0, True, False), (
        DieRest(0, 0, 10.0, 0.0, 0.0, 4, True, None, 5.0, 0),
        DieRest(1, 0, 30.0, 0.0, 0.0, 3, True, None, 20.0, 0),
        DieRest(0, 1, 900.0, 0.0, 0.0, 6, False, 1, None, 0),  # knocked off by seat 1
        DieRest(1, 1, -900.0, 0.0, 0.0, 2, False, 1, None, 0),  # off in its own throw
    ))
    penalties = (0, -5)  # seat 1 knocked the diamond off once
    points, closest = score_round(table, penalties)
    r = Reckoning(1, SimpleNamespace(table=table, penalties=penalties, totals=(0, 0)), points,
                  closest, None)
    assert points == (4, -7) and closest == (0,)
    said = spoken()
    assert seat_parts(said, r, 0) == [(said.tr("table.reckoning.closest_faces", faces="4"), "good")]
    assert seat_parts(spoken(), r, 1) == [
        (spoken().tr("table.reckoning.die_off", points="-2"), "bad"),
        (spoken().tr_n("table.reckoning.diamond_off", 1, points="-5"), "bad")]


def test_closest_with_doubles_is_one_line_saying_the_sum_counts_once():
    from types import SimpleNamespace

    from petanque_game.rules.petanque_table import DiamondRest, DieRest, Table
    from petanque_game.rules.terningepetanque import score_round
    from petanque_game.ui.table.reckoning import Reckoning, seat_parts

    table = Table(DiamondRest(0.0, 0.0, 0.0, True, False), (
        DieRest(0, 0, 10.0, 0.0, 0.0, 3, True, None, 5.0, 0),
        DieRest(1, 0, 30.0, 0.0, 0.0, 5, True, None, 20.0, 0),
        DieRest(0, 1, 40.0, 0.0, 0.0, 3, True, None, 35.0, 0),
        DieRest(1, 1, 50.0, 0.0, 0.0, 2, True, None, 45.0, 0),
    ))
    points, closest = score_round(table, (0, 0))
    r = Reckoning(1, SimpleNamespace(table=table, penalties=(0, 0), totals=(0, 0)), points,
                  closest, None)
    assert points == (6, 0) and closest == (0,)
    assert seat_parts(spoken(), r, 0) == [
        (spoken().tr("table.reckoning.closest_doubles", faces="3 + 3"), "good")]
    assert seat_parts(spoken(), r, 1) == []


def test_jumps_in_a_replay_do_not_repeat_its_notices_and_land_at_rest(home):
    record = _recorded_game(home, seed=6)
    data = json.loads(record.dumps())
    data["level_sha256"] = "f" * 64
    throws = [e for e in data["events"] if e["action"] == "throw"]
    throws[1]["outcome"]["diamond"]["y"] -= 4.0
    path = home / "both.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    app = fast_app(replay=str(path))
    told = []
    real_show = app.toast.show
    app.toast.show = lambda message, *a, **k: (told.append(message), real_show(message, *a, **k))
    board = app.look.tr("table.replay.board_differs", board="classic")
    assert app.top.check.board_note == board  # said as the replay opened (before the spy)
    end = next(i for i, e in enumerate(data["events"]) if e["action"] == "round_end") + 1
    for shown in (end, 2, end - 1, 0, end):
        app.top.replay.jump(shown)
        scene = app.top
        assert isinstance(scene, TableScene) and not scene.busy  # at rest, no reckoning left
        app.render()
    for _ in range(2):  # played through from the start twice: the throws are simulated again
        app.top.replay.jump(0)
        app.top.replay.paused = False
        for _ in range(20000):
            app.step(1 / 60)
            scene = app.top
            if isinstance(scene, TableScene) and scene.session.at_end and not scene.busy:
                break
        assert scene.check.mismatches >= 1
    assert board not in told  # the board was said once, when the replay opened
    assert told.count(app.look.tr("table.replay.differs")) == 1  # once per replay, jumps or not
