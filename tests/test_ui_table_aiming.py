"""The petanque table's aiming, headless: Use hint throws exactly the hinted aim, a throw is kept at
once with Throw again one key away until the next throw, the slingshot drag, each person's hand
chosen in the setup (default in the settings)."""

import math
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from ui_support import do_what_is_due, fast_app, pixel, press, roll_off, settle
from ui_support import start_table as start

from petanque_game.physics import release_zone
from petanque_game.record import Seat
from petanque_game.rules.terningepetanque_events import Thrown
from petanque_game.ui.table.aim import PULL_FULL
from petanque_game.ui.table.scene import ACCEPT_GRACE, TableScene
from petanque_game.ui.table.view import AREA

pytestmark = pytest.mark.usefixtures("home")
PEOPLE = [Seat("Ana", "human"), Seat("Bo", "human")]


def mouse(app, kind, pos, button=1):
    if kind == pygame.MOUSEMOTION:
        app.handle_logical(pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
    else:
        app.handle_logical(pygame.event.Event(kind, pos=pos, button=button))


def thrown(scene):
    event = scene.session.steps[-1].transitions[0].event
    assert isinstance(event, Thrown)
    return event.launch


def test_use_hint_puts_the_hint_in_place_and_throws_exactly_its_aim(exact_hands, ai_at_once):
    app = fast_app()
    scene = start(app, PEOPLE)
    roll_off(app, scene)
    app.key(pygame.K_u)  # before any hint is shown: searched for, then put in place
    while scene.hinted is None and scene.hint.future is not None:
        app.step(1 / 60)  # the search, done as it was asked for (ai_at_once), is taken
    aim = scene.hinted_aim()
    assert aim is not None and scene.hinted[0] is aim
    seat, obj = scene.due[0], scene.due[1]
    assert scene.elevation == pytest.approx(math.degrees(aim.elevation))
    assert scene.spin == aim.spin
    assert scene.target == pytest.approx(scene.preview_of(aim, seat, obj).rest)
    assert scene.launch() == aim
    app.key(pygame.K_w)  # the aim moved: the player's own again
    assert scene.launch() != aim
    app.key(pygame.K_u)
    assert scene.launch() == aim  # and back
    for _ in range(3):
        app.key(pygame.K_RIGHT)
    assert scene.launch() != aim
    app.key(pygame.K_u)
    ring = pixel(scene, *scene.target)
    far = (ring[0] + 40, ring[1])
    app.handle_logical(pygame.event.Event(pygame.MOUSEMOTION, pos=far, rel=(0, 0),
                                          buttons=(0, 0, 0)))
    assert scene.launch() != aim  # the mouse moved the point away
    app.render()
    app.click((ring[0] + 2, ring[1] - 1))  # a click on the hint's ring throws the hint's aim
    launch = thrown(scene)
    assert (launch.x, launch.y, launch.direction, launch.speed, launch.elevation,
            launch.spin) == (aim.x, aim.y, aim.direction, aim.speed, aim.elevation, aim.spin)


def test_no_throw_while_use_hint_waits_for_its_search(exact_hands):
    """Use hint asked before the hint is there, then Throw: refused (it would throw the aim the
    hint is about to replace); once the hint is in place, Throw throws its aim."""
    from concurrent.futures import Future

    app = fast_app()
    scene = start(app, PEOPLE)
    roll_off(app, scene)
    scene.ask_hint()
    scene.hint.future.result(timeout=60)  # the search on the AI's thread, done
    pending: Future = Future()
    done, scene.hint.future = scene.hint.future, pending  # as if it were still searching
    scene.hint.use_when_ready = True
    events = len(scene.session.record.events)
    app.key(pygame.K_SPACE)
    assert len(scene.session.record.events) == events
    assert app.toast.message == app.look.tr("table.refuse.wait_hint")
    scene.hint.future = done
    while scene.hinted is None:
        app.step(1 / 60)
    aim = scene.hinted[0]
    app.key(pygame.K_SPACE)
    launch = thrown(scene)
    assert (launch.x, launch.y, launch.direction, launch.speed, launch.elevation,
            launch.spin) == (aim.x, aim.y, aim.direction, aim.speed, aim.elevation, aim.spin)


def test_a_kept_throw_needs_no_accept_and_throw_again_stays_until_the_next_throw(exact_hands):
    app = fast_app()
    app.settings.accept_at_once = True
    scene = start(app, PEOPLE)
    roll_off(app, scene)
    starter = scene.session.state.to_move
    app.key(pygame.K_SPACE)  # the diamond
    settle(app, scene)
    assert scene.session.state.awaiting_accept  # the rules still offer the take-back
    assert scene.keeping_on and scene.due == (starter, "die", 0)  # the die's aim at once
    tags = [b.tag for b in scene.buttons()]
    assert "rethrow" in tags and "accept" not in tags and "throw" in tags
    app.render()
    app.key(pygame.K_t)
    assert scene.session.record.events[-1]["action"] == "rethrow"
    assert scene.due == (starter, "diamond", None)
    app.key(pygame.K_SPACE)  # the diamond again: no second take-back
    settle(app, scene)
    assert not scene.session.state.awaiting_accept
    app.key(pygame.K_SPACE)  # the first die
    settle(app, scene)
    # another person at this screen throws next (no hand-over screen): their aim at once, T
    # until they throw
    assert scene.keeping and scene.keeping_on and scene.due[0] != starter
    assert "rethrow" in [b.tag for b in scene.buttons()]
    app.render()  # the prompt says it is kept, and which key takes it back
    for _ in range(int(ACCEPT_GRACE * 60) + 10):
        app.step(1 / 60)
    assert scene.session.state.awaiting_accept  # no clock: it waits for their throw
    app.key(pygame.K_t)
    assert scene.session.record.events[-1]["action"] == "rethrow"
    app.key(pygame.K_SPACE)  # the die again (no take-back now)
    settle(app, scene)
    assert scene.session.state.to_move != starter  # the other player's turn at once
    app.key(pygame.K_SPACE)  # their first die
    settle(app, scene)
    for _ in range(int(ACCEPT_GRACE * 60) + 5):
        app.step(1 / 60)
    assert scene.session.state.awaiting_accept and scene.keeping_on
    app.key(pygame.K_SPACE)  # the next throw keeps it
    assert [e["action"] for e in scene.session.record.events[-5:]] == [
        "throw", "rethrow", "throw", "throw", "throw"]


def test_a_kept_throw_is_kept_before_the_same_players_next_throw(exact_hands):
    app = fast_app()
    app.settings.accept_at_once = True
    scene = start(app, PEOPLE)
    roll_off(app, scene)
    app.key(pygame.K_SPACE)  # the diamond
    settle(app, scene)
    table = scene.session.state.table
    app.key(pygame.K_SPACE)  # the first die: the diamond's throw is kept, then this one made
    events = [e["action"] for e in scene.session.record.events]
    assert events[-2:] == ["throw", "throw"]
    assert scene.session.steps[-1].before.table == table


def test_drag_pulls_back_like_a_slingshot_and_escape_cancels(exact_hands):
    app = fast_app()
    app.settings.aim = "drag"
    scene = start(app, PEOPLE)
    roll_off(app, scene)
    seat, rolls = scene.due[0], len(scene.session.record.events)
    inward = release_zone(scene.level, 2, seat).wall.angle + math.pi
    grab = pixel(scene, 0.0, 0.0)
    pull = pixel(scene, -math.cos(inward) * 60.0, -math.sin(inward) * 60.0)  # pulled back
    assert scene.launch() is None  # nothing pulled: Space says how to throw
    app.render()
    app.key(pygame.K_SPACE)
    assert len(scene.session.record.events) == rolls and "pull back" in app.toast.message
    # Escape cancels a drag (it does not leave the table), and so does the right button
    mouse(app, pygame.MOUSEBUTTONDOWN, grab)
    mouse(app, pygame.MOUSEMOTION, pull)
    assert scene.drag is not None and scene.launch() is not None
    app.render()
    app.key(pygame.K_ESCAPE)
    assert scene.drag is None and app.top is scene
    mouse(app, pygame.MOUSEBUTTONDOWN, grab)
    mouse(app, pygame.MOUSEBUTTONDOWN, pull, button=3)
    assert scene.drag is None
    mouse(app, pygame.MOUSEBUTTONUP, pull)
    assert len(scene.session.record.events) == rolls  # nothing thrown
    mouse(app, pygame.MOUSEBUTTONDOWN, grab)
    mouse(app, pygame.MOUSEMOTION, pull)
    mouse(app, pygame.MOUSEBUTTONUP, pull)
    launch = thrown(scene)
    assert math.remainder(launch.direction - inward, 2 * math.pi) == pytest.approx(0.0, abs=1e-3)
    gx, gy = scene.view.to_board(grab[0] - AREA.x, grab[1] - AREA.y)  # its line runs through it
    assert abs(-(gx - launch.x) * math.sin(launch.direction)
               + (gy - launch.y) * math.cos(launch.direction)) < 1.0
    px = math.dist(grab, pull)
    assert launch.speed == pytest.approx(px / PULL_FULL * scene.level.throw.max_speed)


def test_each_person_has_a_hand_chosen_in_the_setup_the_settings_giving_the_default():
    app = fast_app()
    app.settings.hand = "steady"
    setup = app.open("setup")
    setup.set_game("terningepetanque")
    tags = [b.tag for b in setup.buttons]
    assert "hand:0" in tags and "hand:1" not in tags  # a person's seat only, not the AI's
    hand = next(b for b in setup.buttons if b.tag == "hand:0")
    assert hand.label == "Steady hand"
    app.click(hand.rect.center)
    app.click(next(b for b in setup.buttons if b.tag == "hand:0").rect.center)
    assert next(b for b in setup.buttons if b.tag == "hand:0").label == "Shaky hand"
    setup.start()
    scene = app.top
    assert isinstance(scene, TableScene)
    match = scene.session.match
    assert match.hand_name(0) == "shaky" and match.hand_name(1) is None
    assert match.record.extra["hands"] == ["shaky", None]
    from petanque_game.physics.hand import PERSON_HANDS

    assert scene.hand_for(0) is PERSON_HANDS["shaky"]


def test_the_new_settings_are_offered_and_kept(home):
    from petanque_game.physics.hand import DEFAULT_PERSON_HAND
    from petanque_game.ui.app import App
    from petanque_game.ui.scenes.settings_scene import SettingsScene
    from petanque_game.ui.settings import Settings

    defaults = Settings()
    assert defaults.accept_at_once is True and defaults.hand == DEFAULT_PERSON_HAND == "normal"
    assert defaults.aim == "point"
    app = App()
    scene = app.open("settings")
    assert isinstance(scene, SettingsScene)
    for tag in ("aim:drag", "hand:shaky", "accept_at_once:False"):
        app.click(next(b for b in scene.buttons() if b.tag == tag).rect.center)
    assert all(b.rect.bottom <= 680 for b in scene.buttons() if ":" in b.tag)  # all on screen
    app.close()
    again = App()
    s = again.settings
    assert (s.aim, s.hand, s.accept_at_once) == ("drag", "shaky", False)
    again.close()


@pytest.mark.parametrize("seed, diamonds", [(3, ["Ana", "Ana"]), (6, ["Cpu", "Ana"])])
def test_the_point_moves_to_the_diamond_once_it_rests(exact_hands, ai_at_once, seed, diamonds):
    """An arrow-key aimer's point starts each round on the diamond where it came to rest,
    whoever threw it (an AI's diamond rests where the person never pointed)."""
    app = fast_app()
    scene = start(app, [Seat("Cpu", "ai", "easy"), Seat("Ana", "human")], rounds=2, seed=seed)
    while scene.state.starter is None:
        if scene.human_turn:
            press(app, "roll")
        settle(app, scene)
        app.step(1 / 60)
    throwers = []
    for round_number in (1, 2):
        while scene.state.round_number < round_number or scene.busy:
            if scene.human_turn:
                do_what_is_due(app, scene)
            app.step(1 / 60)
        throwers.append(scene.session.record.players[scene.state.to_move].name)
        if scene.human_turn:  # the person throws the diamond: aimed with the keys, off the middle
            for _ in range(4):
                app.key(pygame.K_RIGHT, pygame.KMOD_SHIFT)
            app.key(pygame.K_SPACE)
        while scene.state.table.diamond is None or scene.busy:
            app.step(1 / 60)
        diamond = scene.state.table.diamond
        assert scene.target == pytest.approx((diamond.x, diamond.y)), round_number
    assert throwers == diamonds  # who threw each round's diamond
