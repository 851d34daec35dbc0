"""The three tray games played through the window to the results screen, solo (a human against the
expert) and hot-seat (two humans), in each language, by synthetic keys and clicks only: each human
move is the one the Hint button suggests, made by clicking the dice or boxes it highlights and
pressing the button it points at."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from ui_support import fast_app, speak, spoken

from petanque_game.record import Seat
from petanque_game.rules.base import Bank, Close, Keep, Roll, Stop
from petanque_game.ui import lang
from petanque_game.ui.play import open_game_scene
from petanque_game.ui.session import new_game
from petanque_game.ui.tray.games import told
from petanque_game.ui.tray.scene import TrayScene

# tests/conftest.py: a user folder of their own; the AI and hints worked out as they are asked for
pytestmark = pytest.mark.usefixtures("home", "ai_at_once")

SOLO = [Seat("Åse", "human"), Seat("Bjørn", "ai", "expert")]
HOT_SEAT = [Seat("Åse", "human"), Seat("Bjørn", "human")]
QUICK = {"ten-thousand": {"target": 1000},
         "shut-the-box": {"rounds": 1},
         "ship-captain-crew": {"target": 0, "rounds": 2, "cargo_reroll": "any"}}



def start(app, game, players, seed=7, options=None):
    session = new_game(game, players, QUICK[game] if options is None else options, seed)
    open_game_scene(app, session)
    assert isinstance(app.top, TrayScene)
    return app.top


def wait_for_hint(app, scene):
    app.key(pygame.K_h)
    for _ in range(60):
        advice = scene.advice_shown()
        if advice is not None:
            return advice
        app.step(1 / 60)
    raise AssertionError("no hint came")


def follow_hint(app, scene, advice):
    """Make the hinted move as a player would: click what is highlighted, press the keys."""
    c, action = scene.controls, advice.action
    if isinstance(action, Keep):
        for i in sorted(c.advice_dice(advice)):
            app.click(scene.die_centre(i))
        assert scene.controls.selection()[0] == tuple(sorted(action.dice))
        app.key(pygame.K_b if advice.told.move == "tt_keep_bank" else pygame.K_r)
    elif isinstance(action, (Bank, Stop)):
        app.key(pygame.K_b if isinstance(action, Bank) else pygame.K_s)
    elif isinstance(action, Close):
        for box in c.advice_boxes(advice) ^ c.selected:
            app.click(c.tile_rect(box).center)
        app.key(pygame.K_RETURN)
    elif scene.session.game == "shut-the-box":
        app.key(pygame.K_1 if action.count == 1 else pygame.K_r)
    else:
        assert isinstance(action, Roll)
        if action.count == 1:  # one cargo die to re-roll: picked in the panel's cargo
            cargo = scene.session.state.cargo
            app.click(c.cargo_rect(cargo.index(action.reroll[0])).center)
            assert c.pick == action.reroll[0]
        app.key(pygame.K_r)


def fits(scene, advice):
    """What the player reads at this move fits its place, measured as it is rendered: the prompt
    beside the buttons, each button's label, the hint within two lines across the tray."""
    from petanque_game.ui.game_scene import STATUS_RECT
    from petanque_game.ui.tray.layout import FELT_RECT
    from petanque_game.ui.tray.scene import BANNER_SIZE

    buttons = scene.buttons()
    room = STATUS_RECT.w - 40 - sum(b.rect.w + 10 for b in buttons)
    prompt = scene.prompt()
    assert scene.look.font(28, True).size(prompt)[0] <= room, prompt
    for b in buttons:
        assert scene.look.font(b.size, True).size(b.label)[0] <= b.rect.w - 12, b.label
    text = scene.look.tr("tray.hint.said", hint=told(spoken(), advice))
    assert len(scene.look.wrap(text, BANNER_SIZE, FELT_RECT.w - 72, True)) <= 2, text


def play_to_results(app, scene, limit=20000):
    hints = 0
    made = set()
    for _ in range(limit):
        if app.top is not scene:
            if app.top.name == "handover":
                app.key(pygame.K_RETURN)  # "Ready": the hand-over screen of two humans
                continue
            break
        if scene.holding:
            app.key(pygame.K_SPACE)  # the turn-ending roll was read: go on
        elif scene.human_turn and not scene.busy:
            events = len(scene.session.record.events)
            advice = wait_for_hint(app, scene)
            fits(scene, advice)
            follow_hint(app, scene, advice)
            made.add((type(advice.action).__name__, getattr(advice.action, "count", 0)))
            hints += 1
            assert len(scene.session.record.events) > events, app.toast.message
        app.step(1 / 60)
    assert app.top.name == "results", app.top
    return hints, made


FIRST_PROMPT = {"ten-thousand": "tray.ten_thousand.prompt.start",
                "shut-the-box": "tray.shut_the_box.prompt.roll",
                "ship-captain-crew": None}


@pytest.mark.parametrize("code", sorted(lang.LANGUAGES))
@pytest.mark.parametrize("players", [SOLO, HOT_SEAT], ids=["solo", "hot-seat"])
@pytest.mark.parametrize("game", sorted(QUICK))
def test_a_tray_game_is_played_through_the_window_to_the_results(game, players, code):
    speak(code)
    app = fast_app()
    app.settings.handover = False
    scene = start(app, game, players)
    app.render()
    first = scene.session.state.turn_player
    key = FIRST_PROMPT[game]
    if key is not None:
        assert scene.prompt() == app.look.tr(key, name=players[first].name)
    else:
        assert scene.prompt() == app.look.tr_n("tray.ship.prompt.roll", 3, name=players[first].name,
                                               dice=5, need=app.look.tr("tray.ship.need.ship"))
    hint = next(b for b in scene.buttons() if b.tag == "hint")
    assert hint.label == app.look.tr("tray.hint.button")
    advice = wait_for_hint(app, scene)
    said = told(app.look, advice)
    if code != "en":
        assert hint.label != app.look.table("en")["tray.hint.button"]
        speak("en")
        assert told(app.look, advice) != said  # the hint is told in the language in use
        speak(code)
    app.render()
    hints, made = play_to_results(app, scene)
    assert hints >= 2 and len(made) >= 2
    kinds = {e.get("player") for e in scene.session.record.events}
    assert kinds == {0, 1}


# --- hints ----------------------------------------------------------------------------------------


def test_no_hint_for_an_ai_seat_or_in_a_replay():
    app = fast_app()
    app.settings.ai_delay = 5.0  # the AI is still to move when we ask
    scene = start(app, "ten-thousand", [Seat("Bjørn", "ai", "expert"), Seat("Åse", "human")])
    assert not [b for b in scene.buttons() if b.tag == "hint"]
    app.key(pygame.K_h)
    assert app.toast.visible and app.toast.message.startswith("A hint is for your own move")
    assert scene.advice_job is None and scene.advice_shown() is None


def test_the_hint_highlights_the_dice_it_keeps_and_draws_them():
    app = fast_app()
    scene = start(app, "ten-thousand", SOLO, seed=3, options={"target": 5000})
    app.key(pygame.K_r)
    advice = wait_for_hint(app, scene)
    assert isinstance(advice.action, Keep) and advice.action in scene.session.state.legal_actions()
    picked = scene.controls.advice_dice(advice)
    assert sorted(scene.roll.values[i] for i in picked) == sorted(advice.action.dice)
    assert told(app.look, advice).startswith("Keep ") and "% to win" in told(app.look, advice)
    frame = app.render()
    x, y = scene.die_centre(next(iter(picked)))
    ring = [frame.get_at((x + dx, y))[:3] for dx in range(40, 62)]
    assert (110, 200, 255) in ring  # the hint's outline around the die
    events = len(scene.session.record.events)
    app.key(pygame.K_r)
    assert len(scene.session.record.events) == events  # nothing selected: refused, nothing done
    assert scene.advice_shown() is advice  # the hint stays while the state is the same


def test_a_hinted_die_once_selected_shows_the_selection_inside_the_hints_ring():
    app = fast_app()
    scene = start(app, "ten-thousand", SOLO, seed=3, options={"target": 5000})
    app.key(pygame.K_r)
    advice = wait_for_hint(app, scene)
    die = next(iter(scene.controls.advice_dice(advice)))
    app.click(scene.die_centre(die))
    assert die in scene.controls.selected
    frame = app.render()
    x, y = scene.die_centre(die)
    line = {frame.get_at((x + dx, y + dy))[:3] for dx in range(20, 62) for dy in (-8, 0, 8)}
    assert app.look.colour("accent") in line  # selected: the selection's own colour ...
    assert (110, 200, 255) in line  # ... and the hint's ring around it


def test_shut_the_box_hint_names_the_boxes_and_the_expected_penalty():
    app = fast_app()
    scene = start(app, "shut-the-box", SOLO, seed=4, options={})
    app.key(pygame.K_r)
    advice = wait_for_hint(app, scene)
    assert isinstance(advice.action, Close)
    assert scene.controls.advice_boxes(advice) == set(advice.action.boxes)
    text = told(app.look, advice)
    assert text.startswith("Close ") and "expected penalty" in text
    speak("nb")
    said = told(app.look, advice)
    assert said.startswith("Lukk ") and "forventet straff" in said


# --- refusals, and less clicking ------------------------------------------------------------------


def roll_until(app, scene, wanted, tries=300):
    """Roll Shut the Box with fresh seeds until the state after the roll is `wanted`."""
    for seed in range(tries):
        scene = start(app, "shut-the-box", SOLO, seed=seed, options={})
        app.key(pygame.K_r)
        if wanted(scene.session.state):
            return scene
    raise AssertionError("no such roll")


def test_a_wrong_closing_is_refused_in_the_players_language_with_what_is_possible():
    speak("da")
    app = fast_app()
    scene = roll_until(app, None, lambda s: s.phase == "close" and len(s.closable()) > 1)
    st = scene.session.state
    legal = {b for s in st.closable() for b in s}
    wrong = next(b for b in range(1, 10) if b not in legal)
    app.click(scene.controls.tile_rect(wrong).center)
    app.key(pygame.K_RETURN)
    d = st.dice
    options = " eller ".join(" og ".join(map(str, s)) for s in st.closable())
    assert app.toast.message == (f"Slaget {d[0]}+{d[1]} lader dig ikke lukke {wrong}; du kan "
                                 f"lukke {options}")
    assert scene.session.state is st


def test_a_roll_with_one_way_to_close_is_offered_chosen_and_one_key_confirms_it():
    app = fast_app()
    scene = roll_until(app, None, lambda s: s.phase == "close" and len(s.closable()) == 1)
    st = scene.session.state
    only = st.closable()[0]
    assert scene.controls.selected == set(only)
    assert "only" in scene.prompt() and "Enter" in scene.prompt()
    app.key(pygame.K_RETURN)
    assert not set(only) & set(scene.session.state.open_boxes)


def test_the_shut_the_box_card_says_penalty_not_turns():
    app = fast_app()
    scene = start(app, "shut-the-box", [Seat("Åse", "human"), Seat("Bjørn", "ai", "easy")],
                  options={"rounds": 2})
    for _ in range(3000):
        if scene.session.state.turn_penalties[0]:
            break
        if scene.holding:
            app.key(pygame.K_SPACE)
        elif scene.human_turn and not scene.busy:
            follow_hint(app, scene, wait_for_hint(app, scene))
        app.step(1 / 60)
    penalty = scene.session.state.turn_penalties[0][0]
    for _ in range(600):  # until it is no longer her turn on the card
        if scene.session.state.turn_player != 0:
            break
        app.step(1 / 60)
    assert scene.controls.subline(0) == f"penalty {penalty}"
    speak("da")
    assert scene.controls.subline(0) == f"strafpoint {penalty}"


# --- a turn-ending roll stays to be read ----------------------------------------------------------


def bust_scene(app, players):
    """A Ten Thousand game whose first roll (seat 0's) is a bust."""
    for seed in range(2000):
        scene = start(app, "ten-thousand", players, seed=seed, options={"target": 5000})
        app.key(pygame.K_r)
        if scene.session.state.busted:
            return scene
    raise AssertionError("no bust found")


def test_your_bust_stays_on_the_tray_until_a_key_or_the_reading_pause():
    app = fast_app()
    app.settings.ai_delay = 0.0
    scene = bust_scene(app, SOLO)
    bust = scene.session.state.last_roll
    assert scene.holding and scene.roll.values == bust
    said = "-".join(map(str, bust))
    assert scene.hold.text == f"Bust! {said}: nothing scores"
    assert scene.prompt() == scene.hold.text
    events = len(scene.session.record.events)
    for _ in range(60):  # a second: the AI (no pause of its own) still waits for the reading
        app.step(1 / 60)
    assert len(scene.session.record.events) == events and scene.roll.values == bust
    assert all(not v.dim for v in scene.controls.tray_dice(scene.roll))
    app.key(pygame.K_SPACE)
    assert not scene.holding
    app.step(1 / 60)
    assert len(scene.session.record.events) > events  # now the AI rolls


def test_the_reading_pause_ends_by_itself_scaled_by_the_animation_speed():
    app = fast_app()
    app.settings.animation_speed = 2.0
    scene = bust_scene(app, SOLO)
    assert scene.hold.left == pytest.approx(1.3)  # 2.6 s at normal speed, halved
    for _ in range(70):
        app.step(1 / 60)
    assert scene.holding
    for _ in range(12):
        app.step(1 / 60)
    assert not scene.holding


def test_an_ai_bust_is_read_at_the_ai_pace():
    app = fast_app()
    app.settings.ai_delay = 0.5
    for seed in range(2000):
        scene = start(app, "ten-thousand", [Seat("Bjørn", "ai", "easy"), Seat("Åse", "human")],
                      seed=seed, options={"target": 5000})
        for _ in range(40):
            app.step(1 / 60)
            if scene.holding:
                break
        if scene.holding:
            break
    assert scene.hold.text.startswith("Bust!") and scene.hold.left <= 1.0


# --- sounds and marks -----------------------------------------------------------------------------


def test_sounds_of_rolls_settling_busts_and_a_shut_box(monkeypatch):
    from petanque_game.ui import sound

    played = []
    monkeypatch.setattr(sound.Sounds, "play", lambda _, name, volume=1.0: played.append(name))
    app = fast_app()
    app.settings.roll_time = 0.5
    start(app, "ten-thousand", SOLO, options={"target": 5000})
    app.key(pygame.K_r)
    assert played == ["roll"]  # thrown: the dice are still in the air
    for _ in range(40):
        app.step(1 / 60)
    assert played == ["roll", "clack"]
    played.clear()
    bust_scene(app, SOLO)
    assert played[-1] == "roll"  # the bust is heard when the dice come to rest, not before
    for _ in range(40):
        app.step(1 / 60)
    assert played[-3:] == ["roll", "clack", "bust"]


def test_the_win_sound_plays_when_a_human_wins(monkeypatch):
    from petanque_game.ui import sound

    played = []
    monkeypatch.setattr(sound.Sounds, "play", lambda _, name, volume=1.0: played.append(name))
    app = fast_app()
    app.settings.handover = False
    scene = start(app, "shut-the-box", HOT_SEAT)
    play_to_results(app, scene)
    assert played.count("win") == 1 and played.count("roll") >= 2


def test_players_marks_on_cards_and_dice_with_the_clear_palette():

    app = fast_app()
    scene = start(app, "ship-captain-crew", SOLO)
    app.key(pygame.K_r)
    plain = app.render().copy()
    app.settings.palette = "clear"
    marked = app.render()
    assert app.look.marks_shown()
    card_mark = (28, 108)  # the first card's colour strip, halfway down
    assert plain.get_at(card_mark)[:3] != marked.get_at(card_mark)[:3]
    x, y = scene.die_centre(0)
    corner = [(x + dx, y - dy) for dx in range(20, 50, 2) for dy in range(20, 50, 2)]
    assert any(plain.get_at(p)[:3] != marked.get_at(p)[:3] for p in corner)


def test_the_shut_sound_when_the_last_box_closes(monkeypatch):
    import dataclasses

    from petanque_game.ui import sound

    played = []
    monkeypatch.setattr(sound.Sounds, "play", lambda _, name, volume=1.0: played.append(name))
    app = fast_app()
    for seed in range(200):  # a board with only box 7 open, and a roll of 7
        session = new_game("shut-the-box", SOLO, {}, seed, autosave=False)
        session.match.state = session.state = dataclasses.replace(session.state,
                                                                  open_boxes=(7,))
        open_game_scene(app, session)
        app.key(pygame.K_r)
        if session.state.phase == "close":
            break
    assert "shut" not in played
    app.key(pygame.K_RETURN)  # the one way to close, chosen already
    assert played[-1] == "shut" and session.state.turn_penalties[0] == (0,)


def test_the_ship_hint_points_at_one_cargo_die_which_the_panel_lets_you_pick():
    import dataclasses

    from petanque_game.rules import ship_captain_crew as scc
    from petanque_game.rules.base import Dice

    def rolled(state, *values):
        return state.apply(Roll(len(values))).apply(Dice(tuple(values)))

    app = fast_app()
    session = new_game("ship-captain-crew", SOLO, {"cargo_reroll": "any"}, 1, autosave=False)
    state = rolled(rolled(scc.new_game(2, {"cargo_reroll": "any"}), 6, 5, 1, 1, 1), 4, 2, 6)
    session.match.state = session.state = dataclasses.replace(state)
    open_game_scene(app, session)
    scene = app.top
    advice = wait_for_hint(app, scene)
    assert advice.action == Roll(1, reroll=(2,))
    assert told(app.look, advice).startswith("Keep the 6, re-roll the 2: expected cargo ")
    frame = app.render()
    die = scene.controls.cargo_rect(state.cargo.index(2))
    edge = [frame.get_at((x, die.centery))[:3] for x in range(die.right - 6, die.right + 8)]
    assert (110, 200, 255) in edge  # the hint's outline around that cargo die
    app.click(die.center)
    assert scene.controls.pick == 2
    assert next(b for b in scene.buttons() if b.tag == "roll").label == "Re-roll one"
    app.key(pygame.K_r)
    event = session.record.events[-1]
    assert event["action"] == "roll" and len(event["dice"]) == 1, event  # the 2 alone
    assert 6 in session.state.cargo or session.state.is_terminal or session.state.rolls_used == 0


def test_no_hint_in_a_replay(home):
    from petanque_game import paths
    from petanque_game.match import Match

    match = Match.new("shut-the-box", [Seat("Åse", "human"), Seat("Bjørn", "ai", "easy")], {}, 5)
    from petanque_game.ai.hints import hint

    while not match.over:  # the human's moves are the hinted ones, as a record would hold them
        if match.ai_to_move:
            match.decide(match.ai_decision())
        else:
            match.decide(hint("shut-the-box", match.state).action)
    folder = paths.records_dir()
    folder.mkdir(parents=True)
    path = folder / "shut-the-box-test.json"
    path.write_text(match.record.dumps(), encoding="utf-8")
    app = fast_app()
    app.open_replay(path)
    scene = app.top
    assert isinstance(scene, TrayScene) and scene.replay is not None
    for _ in range(3):
        assert not [b for b in scene.buttons() if b.tag == "hint"]
        app.key(pygame.K_h)
        assert scene.advice_job is None and scene.advice_shown() is None
        assert app.toast.message == "This is a replay: use the replay controls"
        app.step(1 / 60)
