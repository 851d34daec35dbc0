"""The hot-seat hand-over: between two human players the table is hidden until the next one says
they are ready; never with one human, between a human and an AI, or in a replay."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from test_ui_tray import human_move, start
from ui_support import fast_app, speak

from petanque_game.record import Seat
from petanque_game.ui import theme
from petanque_game.ui.play import open_game_scene
from petanque_game.ui.scenes.handover import HandoverScene
from petanque_game.ui.session import ReplaySession
from petanque_game.ui.tray.layout import FELT_RECT

pytestmark = pytest.mark.usefixtures("home")

TWO_HUMANS = [Seat("Ana", "human"), Seat("Åse", "human")]


def handover_app():
    app = fast_app()
    app.settings.handover = True  # the player's default; fast_app turns it off for other tests
    return app


def play_until_the_turn_passes(app, scene, limit=400):
    """Human moves by clicks until someone else is to move; then let the last roll be shown."""
    first = scene.session.seat_to_move
    for _ in range(limit):
        if scene.session.seat_to_move != first or scene.session.over:
            break
        if app.top is scene and scene.human_turn:
            human_move(app, scene)
        app.step(1 / 60)
    assert scene.session.seat_to_move != first
    for _ in range(600):  # the last roll tumbles and is left a while to be read (the tray's hold)
        app.step(1 / 60)
        if app.top is not scene or not (scene.busy or scene.pending_lines):
            break
    app.step(1 / 60)


@pytest.mark.parametrize("game", ["ten-thousand", "shut-the-box"])
def test_the_table_is_hidden_between_two_humans_until_the_next_is_ready(game):
    app = handover_app()
    scene = start(app, game, players=TWO_HUMANS)
    assert app.top is scene  # the first player is not handed anything
    play_until_the_turn_passes(app, scene)
    over = app.top
    assert isinstance(over, HandoverScene) and over.player == "Åse"
    frame = app.render()
    alone = pygame.Surface(theme.LOGICAL_SIZE)
    over.draw(alone)
    # the window shows the hand-over page and nothing else: no felt, no die, no hand
    assert pygame.image.tobytes(frame, "RGB") == pygame.image.tobytes(alone, "RGB")
    assert frame.get_at(FELT_RECT.center)[:3] == app.look.colour("background")
    events = len(scene.session.record.events)
    app.key(pygame.K_r, "r")  # the roll key, and clicks on the table, do nothing meanwhile
    app.click(FELT_RECT.center)
    for _ in range(60):
        app.step(1 / 60)
    assert len(scene.session.record.events) == events and app.top is over
    app.click(over.ready.rect.center)
    assert app.top is scene and scene.session.seat_to_move == 1
    for _ in range(30):
        app.step(1 / 60)
    assert app.top is scene  # once per change of turn
    frame = app.render()
    assert frame.get_at(FELT_RECT.center)[:3] != app.look.colour("background")


def test_ready_by_key_and_the_setting_off():
    app = handover_app()
    scene = start(app, "ten-thousand", players=TWO_HUMANS)
    play_until_the_turn_passes(app, scene)
    assert isinstance(app.top, HandoverScene)
    app.key(pygame.K_RETURN)
    assert app.top is scene
    app.settings.handover = False
    play_until_the_turn_passes(app, scene)
    assert app.top is scene and scene.session.seat_to_move == 0


def test_no_hand_over_between_a_human_and_an_ai():
    app = handover_app()
    scene = start(app, "ten-thousand", players=[Seat("Ana", "human"), Seat("Bjørn", "ai", "easy")])
    seats = set()
    for _ in range(3000):
        if scene.session.over or (len(seats) > 1 and scene.session.seat_to_move == 0):
            break
        seats.add(scene.session.seat_to_move)
        if app.top is scene and scene.human_turn:
            human_move(app, scene)
        app.step(1 / 60)
        assert not isinstance(app.top, HandoverScene)
    assert seats == {0, 1}  # the turn did pass both ways


def test_a_hand_over_between_two_humans_with_an_ai_between_them():
    """Ana, then the AI Bjørn, then Åse: the table is hidden before Åse's turn (the seat that
    moved just before hers is the AI's, not a person's), and again before Ana's."""
    app = handover_app()
    scene = start(app, "ten-thousand", players=[Seat("Ana", "human"), Seat("Bjørn", "ai", "easy"),
                                                Seat("Åse", "human")])
    shown = []
    for _ in range(6000):
        if scene.session.over or len(shown) == 2:
            break
        if isinstance(app.top, HandoverScene):
            shown.append((app.top.player, scene.session.seat_to_move))
            app.key(pygame.K_RETURN)
        elif app.top is scene and scene.human_turn:
            human_move(app, scene)
        app.step(1 / 60)
    assert shown == [("Åse", 2), ("Ana", 0)]


def test_no_hand_over_in_a_replay():
    app = handover_app()
    scene = start(app, "ten-thousand", players=TWO_HUMANS)
    app.settings.handover = False
    play_until_the_turn_passes(app, scene)
    play_until_the_turn_passes(app, scene)
    autosave = scene.session.match.autosave
    app.back_to_menu()
    app.settings.handover = True
    open_game_scene(app, ReplaySession(autosave))
    replay = app.top
    for _ in range(1500):
        app.step(1 / 60)
        assert not isinstance(app.top, HandoverScene)
        if replay.session.at_end:
            break
    assert replay.session.at_end


@pytest.mark.parametrize(("language", "title"), [("en", "Your turn"), ("da", "Din tur"),
                                                 ("nb", "Din tur")])
def test_a_player_called_you_is_told_it_is_their_turn(language, title):
    # "Pass to You" (Danish "Giv videre til Du") read wrong on the default first seat
    app = handover_app()
    speak(language)
    try:
        you = app.look.tr("narrate.you").capitalize()  # the first seat's default name
        assert HandoverScene(app, you, 0).title() == title
        assert HandoverScene(app, "Åse", 1).title() == app.look.tr("handover.pass_to", name="Åse")
        assert "Åse" in HandoverScene(app, "Åse", 1).title()
    finally:
        speak("en")
