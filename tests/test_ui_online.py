"""Online play in the window: two sessions meet through a relay the game runs itself and play a
game to its end with the same record, each seeing "Waiting for NAME..." while the other decides;
the menu's Play online opens the host's screen, which shows the room code, and the game opens
in the tray once a friend has joined."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random

import pygame
import pytest
from ui_support import fast_app, speak, spoken

from petanque_game.ai import choose
from petanque_game.online.gathering import Gathering
from petanque_game.online.relay import RelayThread
from petanque_game.ui.online_session import Meeting, OnlineSession
from petanque_game.ui.scenes.online import OnlineScene

pytestmark = pytest.mark.usefixtures("home", "ai_at_once")


@pytest.fixture
def relay():
    running = RelayThread("127.0.0.1", 0).start()
    assert running.problem is None
    yield f"ws://127.0.0.1:{running.port}"
    running.stop()


@pytest.fixture
def relay_on_loopback(monkeypatch):
    """The relay a window hosts with listens on 127.0.0.1, on any free port."""
    monkeypatch.setattr(OnlineScene, "listen", "127.0.0.1")
    monkeypatch.setattr(OnlineScene, "port", 0)


def person(session):
    """What the person at this window decides (an easy AI's choice, for the test)."""
    m = session.match
    return choose(m.record.game, m.state, "easy", random.Random(len(m.record.events)))


def met(relay, game="ten-thousand"):
    """The host's and the guest's meetings once their game has started."""
    host = Meeting(relay, "Ann", gathering=Gathering(game, ["you", "remote"], {}, 11, None))
    for _ in range(400):
        host.poll()
        if host.code:
            break
        host.link.wait(0.01)
    guest = Meeting(relay, "Bo", room=host.code)
    for _ in range(1000):
        host.poll()
        guest.poll()
        if host.started and guest.started:
            return host, guest
        guest.link.wait(0.005)
    raise AssertionError("the game did not start")


def meet(relay, game="ten-thousand"):
    host, guest = met(relay, game)
    return OnlineSession(host), OnlineSession(guest)


def test_two_windows_sessions_play_to_the_same_record_and_wait_for_each_other(relay):
    host, guest = meet(relay)
    waited = set()
    try:
        for _ in range(20000):
            for s in (host, guest):
                s.poll()
                if s.waiting_line:
                    waited.add(s.waiting_line)
                if s.human_to_move:
                    assert s.decide(person(s)) is None
            if host.over and guest.over:
                break
            host.meeting.link.wait(0.001)
        assert host.over and guest.over
        assert host.record.events == guest.record.events
        for name in ("Bo", "Ann"):  # and how to say something meanwhile
            said = spoken()
            assert said.tr("online.waiting_for", name=name) + "  " + said.tr("online.chat_key") \
                in waited
        assert host.steps and len(host.steps) == len(guest.steps)
        assert host.saved_record is not None  # kept in records/ as any finished game
    finally:
        host.close()
        guest.close()


def test_an_online_window_never_hides_the_table_for_a_hand_over(relay):
    """The hot-seat hand-over screen ("Pass to Bo") is for people sharing one computer: online,
    each window has its own person, so with the screen turned on it is still never shown."""
    from petanque_game.ui.play import open_game_scene

    host, guest = meet(relay)
    app = fast_app()
    app.settings.handover = True
    try:
        open_game_scene(app, host)
        shown = set()
        for _ in range(6000):
            app.step(0.02)
            shown.add(app.top.name)
            guest.poll()
            if guest.human_to_move:
                assert guest.decide(person(guest)) is None
            if host.human_to_move and app.top.session is host and not app.top.busy:
                assert host.decide(person(host)) is None
            if host.over:
                break
            guest.meeting.link.wait(0.001)
        assert host.over and "handover" not in shown
    finally:
        app.close()
        host.close()
        guest.close()


def test_a_window_that_left_joins_again_with_the_code_and_gets_the_game(relay):
    host, guest = meet(relay)
    try:
        code = guest.meeting.code
        for _ in range(300):  # a few moves
            for s in (host, guest):
                s.poll()
                if s.human_to_move:
                    s.decide(person(s))
            host.meeting.link.wait(0.002)
        guest.close()  # the window closed: its token and secret stay in the user folder
        again = Meeting(relay, "Bo", room=code)
        for _ in range(2000):
            again.poll()
            host.poll()
            if again.started:
                break
            again.link.wait(0.005)
        assert again.started
        assert again.lock.match.record.events == host.record.events
        assert again.lock.peers == host.lockstep.peers  # the same computer to the others
        again.close()
    finally:
        host.close()


def test_a_move_is_refused_when_it_is_not_this_windows_turn(relay):
    host, guest = meet(relay)
    try:
        waiting = host if not host.human_to_move else guest
        assert waiting.decide(person(host if waiting is guest else guest)) == \
            spoken().tr("online.not_now")
    finally:
        host.close()
        guest.close()


@pytest.mark.usefixtures("relay_on_loopback")
def test_the_menu_hosts_a_game_shows_the_code_and_opens_the_tray():
    app = fast_app()
    try:
        app.step(0.01)
        online = next(b for b in app.top.buttons if b.tag == "online")
        online.action()
        scene = app.top
        assert isinstance(scene, OnlineScene)
        next(b for b in scene.buttons() if b.tag == "host").action()
        next(b for b in scene.buttons() if b.tag == "go").action()
        assert scene.mode == "waiting"
        for _ in range(400):
            app.step(0.01)
            if scene.meeting.code:
                break
            scene.meeting.link.wait(0.01)
        code = scene.meeting.code
        assert code and scene.shown_address.startswith("ws://")
        relay_port = scene.meeting.relay.port
        guest = Meeting(f"ws://127.0.0.1:{relay_port}", "Bo", room=code)
        try:
            for _ in range(1000):
                app.step(0.01)
                guest.poll()
                if isinstance(getattr(app.top, "session", None), OnlineSession):
                    break
                guest.link.wait(0.005)
            session = app.top.session
            assert isinstance(session, OnlineSession)
            assert [p.name for p in session.players] == [app.look.tr("setup.player_n", n=1), "Bo"]
        finally:
            guest.close()
    finally:
        app.close()


@pytest.mark.usefixtures("relay_on_loopback")
def test_a_window_hosts_terningepetanque_in_danish_and_plays_it_to_the_results():
    """The host's window (in Danish) shows the table and the results; the guest (its session,
    with no window: one process has one) plays its seat; both end with the same record."""
    from petanque_game.ai import choose as ai_choose

    speak("da")
    app = fast_app()
    try:
        app.step(0.01)
        next(b for b in app.top.buttons if b.tag == "online").action()
        scene = app.top
        next(b for b in scene.buttons() if b.tag == "host").action()
        assert scene.game == "terningepetanque"  # the first game offered
        next(b for b in scene.buttons() if b.tag == "go").action()
        scene.meeting.lock.gathering.options = {"rounds": 1}
        for _ in range(400):
            app.step(0.01)
            if scene.meeting.code:
                break
            scene.meeting.link.wait(0.01)
        guest = Meeting(f"ws://127.0.0.1:{scene.meeting.relay.port}", "Bo",
                        room=scene.meeting.code)
        guest_session = None
        seen_wait = False
        for i in range(20000):
            app.step(0.02)
            if guest_session is None:
                guest.poll()
                if guest.started:
                    guest_session = OnlineSession(guest)
            else:
                guest_session.poll()
                if guest_session.human_to_move:
                    m = guest_session.match
                    guest_session.decide(ai_choose(m.record.game, m.state, "easy",
                                                   random.Random(i), m.level))
            top = app.top
            s = getattr(top, "session", None)
            if isinstance(s, OnlineSession):
                seen_wait = seen_wait or (s.waiting_line or "").startswith(
                    app.look.tr("online.waiting_for", name="Bo"))
                if getattr(top, "reckoning", None) is not None and top.reckoning.wait is None:
                    app.key(pygame.K_RETURN)
                if s.human_to_move and not top.busy:
                    m = s.match
                    assert s.decide(ai_choose(m.record.game, m.state, "easy",
                                              random.Random(i), m.level)) is None
            if type(app.top).__name__ == "ResultsScene":
                break
            guest.link.wait(0.002)
        host = app.scenes[1].session
        assert host.over and guest_session is not None and guest_session.over
        assert host.record.events == guest_session.record.events
        assert seen_wait
        assert app.look.tr("online.waiting_for", name="Bo") == "Venter på Bo ..."
        guest.close()
    finally:
        app.close()


@pytest.mark.usefixtures("relay_on_loopback")
def test_the_host_picks_the_rules_and_board_starting_from_new_games():
    """The host's screen has a button for each option New game offers and one for the board:
    they start as New game last set them (else New game's start: the quick game, take-backs
    off), each click steps to the next value, and the game hosted is played with them."""
    from petanque_game.ui.scenes.setup_choices import SetupChoices

    app = fast_app()
    try:
        scene = OnlineScene(app)
        scene.to_host()
        scene.game = "ten-thousand"
        assert scene.rules() == ({"target": 5000, "hot_dice_banks": True}, None)  # quick
        scene.game = "terningepetanque"
        options, board = scene.rules()
        assert options["allow_rethrow"] is False and board == "classic"

        app.memory.clear()  # New game set the rules since: a fresh screen starts from them
        app.memory["setup"] = SetupChoices(game="ten-thousand",
                                           options={"ten-thousand": {"target": 500,
                                                                     "hot_dice_banks": True}})
        scene = OnlineScene(app)
        scene.to_host()
        scene.game = "ten-thousand"
        assert scene.rules()[0]["target"] == 500
        tags = [b.tag for b in scene.buttons()]
        assert "opt:target" in tags and "opt:hot_dice_banks" in tags and "board" not in tags
        next(b for b in scene.buttons() if b.tag == "opt:target").action()
        target = scene.rules()[0]["target"]
        assert target != 500  # the next of New game's values
        scene.game = "terningepetanque"
        before = scene.rules()
        rounds = []
        for _ in range(4):  # the quick game's 5 rounds among New game's values, in order
            next(b for b in scene.buttons() if b.tag == "opt:rounds").action()
            rounds.append(scene.rules()[0]["rounds"])
        assert rounds == [15, 20, 25, 5]
        next(b for b in scene.buttons() if b.tag == "opt:rounds").action()
        next(b for b in scene.buttons() if b.tag == "board").action()
        after = scene.rules()
        assert after[0]["rounds"] == 15 and after[1] != before[1]
        assert next(b for b in scene.buttons() if b.tag == "board").label != "Classic"

        scene.go()  # hosted with the rules picked
        gathering = scene.meeting.lock.gathering
        assert (gathering.options, gathering.level) == after
        scene.back()
        scene.game = "ten-thousand"  # and kept for the next game hosted
        assert OnlineScene(app).picker.played(app.look, "ten-thousand")[0]["target"] == target
    finally:
        app.close()


def test_the_names_offered_are_names_not_you_and_differ_between_host_and_guest():
    """No "You"/"Dig" as a name (it reads "Venter på Dig ..."): the host is offered "Player 1",
    a guest "Player 2"; a name typed in New game is offered instead; a typed name stays."""
    app = fast_app()
    try:
        speak("da")
        host = OnlineScene(app)
        host.to_host()
        assert host.player.value == "Spiller 1"
        guest = OnlineScene(app)
        guest.to_join()
        assert guest.player.value == "Spiller 2"
        guest.player.value = "Bo"
        guest.to_host()
        assert guest.player.value == "Bo"  # typed: kept
    finally:
        speak("en")
        app.close()


def test_leaving_an_online_game_says_how_to_come_back_not_resume(relay):
    """Menu from an online game: the game goes on with the others, so the toast names the room
    to join again, not "choose Resume" (an online game keeps no autosave here)."""
    from petanque_game.ui.play import open_game_scene

    host, guest = meet(relay)
    app = fast_app()
    try:
        open_game_scene(app, host)
        app.step(0.02)
        app.top.leave()
        said = app.toast.message
        assert host.meeting.code and host.meeting.code in said
        assert said != app.look.tr("game.saved_resume")
    finally:
        app.close()
        host.close()
        guest.close()


@pytest.mark.usefixtures("relay_on_loopback")
def test_enter_while_typing_a_name_hosts_at_once():
    """Under Xvfb, Enter after typing the name only left the field: a second Enter hosted."""
    app = fast_app()
    try:
        scene = OnlineScene(app)
        scene.to_host()
        scene.player.value, scene.player.active = "", True
        scene.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="Bo"))
        scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                              unicode="\r", scancode=0))
        assert scene.mode == "waiting" and scene.meeting is not None
        assert scene.meeting.lock.name == "Bo"
        scene.back()
    finally:
        app.close()


@pytest.mark.parametrize("game", ["ten-thousand", "terningepetanque"])
def test_f3_opens_the_chat_line_over_the_game_and_the_other_side_sees_the_line(relay, game):
    """F3 over the tray or the table: a few words, Enter, and the other computer shows them as
    a note (and keeps them for its own chat line); the game below is untouched."""
    from petanque_game.ui.play import open_game_scene
    from petanque_game.ui.scenes.online_chat import ChatScene

    host, guest = meet(relay, game)
    app = fast_app()
    try:
        open_game_scene(app, host)
        app.step(0.02)
        game_scene = app.top
        app.key(pygame.K_F3)
        assert isinstance(app.top, ChatScene)
        app.top.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="held og lykke"))
        app.step(0.02)  # drawn over the game
        app.key(pygame.K_RETURN)
        assert app.top is game_scene
        heard = []
        for _ in range(400):
            guest.poll()
            heard += guest.news()
            if heard:
                break
            guest.meeting.link.wait(0.01)
        line = app.look.tr("online.chat_line", name="Ann", text="held og lykke")
        assert heard == [line] and list(guest.chat_lines) == [line]
        assert line in host.chat_lines
        assert "held og lykke" not in host.record.dumps()
    finally:
        app.close()
        host.close()
        guest.close()


def test_a_line_said_shows_while_the_person_here_decides(relay):
    """Under Xvfb a line said while the other window's person was to move showed only once
    they had moved: nothing took in the network during one's own turn."""
    from petanque_game.ui.play import open_game_scene

    host, guest = meet(relay)
    app = fast_app()
    try:
        open_game_scene(app, host)
        app.step(0.02)
        assert host.human_to_move  # Ann's turn: nothing of hers is waited for
        assert guest.say("held og lykke")
        line = app.look.tr("online.chat_line", name="Bo", text="held og lykke")
        for _ in range(400):
            app.step(0.01)
            if app.toast.message == line:
                break
            host.meeting.link.wait(0.01)
        assert app.toast.message == line and host.human_to_move
    finally:
        app.close()
        host.close()
        guest.close()


def test_a_chat_line_waiting_when_the_window_takes_the_game_is_shown(relay):
    """A line said before the window's session was made (the guest typed while the host's
    window was still opening the game): it was appended to the chat before the chat existed."""
    host, guest = met(relay)
    try:
        host.lock.said.append(("Bo", "hej"))
        session = OnlineSession(host)
        assert session.chat_lines and "hej" in session.chat_lines[-1]
        assert "hej" in " ".join(session.news())
    finally:  # their links closed: none left trying the relay in the tests after
        host.close()
        guest.close()
