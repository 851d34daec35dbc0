"""Issue 18, goal 4: no cold waits for a tray AI's first decision or hint. Every way a player
reaches a tray game asks for the warm-up of that game's AI (ui/warm.py); what a first call still
builds is shipped (Ten Thousand's rolls grouped by their choices) or left out (a hint's English
text, which the window never reads). The times themselves are measured by
benchmarks/bench_cold_ai.py, never asserted here."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json

import pygame
import pytest
from ui_support import fast_app, paste_challenge_code, press, read_lists

from petanque_game import challenge as challenges
from petanque_game import words
from petanque_game.ai import ten_thousand_dice as dice
from petanque_game.ai.hints import hint
from petanque_game.record import Seat
from petanque_game.rules import shut_the_box as stb
from petanque_game.rules import ten_thousand as tt
from petanque_game.rules.base import Dice, Roll
from petanque_game.rules.games import spec_of
from petanque_game.ui import warm
from petanque_game.ui.play import open_game_scene
from petanque_game.ui.session import new_game

HUMAN_VS_AI = [Seat("Ana", "human"), Seat("Robot", "ai", "expert")]


@pytest.fixture
def asked(monkeypatch, home):
    """The warm-ups the window asks for, as (who asked, game, options with the defaults)."""
    from petanque_game.ui.scenes import setup
    from petanque_game.ui.tray import scene

    found = []

    def recorder(who):
        def ask(warmer, game, options):
            found.append((who, game, _full(game, options)))
        return ask

    monkeypatch.setattr(setup, "warm", recorder("setup"))
    monkeypatch.setattr(scene, "warm", recorder("tray"))
    return found


def _full(game, options):
    """`options` with the rules' defaults filled in."""
    return {name: o.default for name, o in spec_of(game).options.items()} | dict(options)


def _tray_asked(found, game, options):
    return ("tray", game, _full(game, options)) in found


@pytest.mark.parametrize("game", ["ten-thousand", "shut-the-box", "ship-captain-crew"])
def test_a_new_game_from_the_setup_is_warmed_while_chosen_and_as_it_opens(asked, game):
    app = fast_app()
    try:
        press(app, "new")
        press(app, f"game:{game}")
        app.step(0.0)
        chosen = dict(app.top.options())
        assert ("setup", game, _full(game, chosen)) in asked
        press(app, "start")
        assert type(app.top).__name__ == "TrayScene"
        assert _tray_asked(asked, game, app.top.session.record.options)
    finally:
        app.close()


def test_a_game_resumed_from_the_menu_is_warmed(asked):
    app = fast_app()
    session = new_game("ten-thousand", HUMAN_VS_AI, {"target": 5000}, 11)
    open_game_scene(app, session)
    press(app, "roll")
    app.close()
    asked.clear()
    app = fast_app()
    try:
        read_lists(app)
        resume = next(b for b in app.top.buttons if b.tag == "resume")
        app.click(resume.rect.center)
        assert type(app.top).__name__ == "TrayScene"
        assert _tray_asked(asked, "ten-thousand", {"target": 5000})
    finally:
        app.close()


def test_a_challenge_is_warmed_with_its_own_options(asked):
    """A challenge carries options the setup may not offer (a target of 1,500)."""
    made = challenges.new("ten-thousand", [Seat("You", "human")], {"target": 1500}, 31)
    app = fast_app()
    try:
        app.key(pygame.K_c)
        scene = paste_challenge_code(app, made.code())
        assert scene.chosen == made
        scene.play()
        assert type(app.top).__name__ == "TrayScene"
        assert _tray_asked(asked, "ten-thousand", app.top.session.record.options)
        assert app.top.session.record.options["target"] == 1500
    finally:
        app.close()


def test_a_new_game_from_the_results_goes_through_the_setup_and_is_warmed(asked):
    app = fast_app()
    try:
        easy = [Seat("Åse", "ai", "easy"), Seat("Bjørn", "ai", "easy")]
        session = new_game("shut-the-box", easy, {"rounds": 1}, 11, autosave=False)
        while not session.over:
            session.play_ai()
        open_game_scene(app, session)
        app.open("results", session)
        asked.clear()
        app.top.new_game()
        app.step(0.0)
        assert [who for who, _, _ in asked] == ["setup"]
    finally:
        app.close()


def test_hot_seat_games_and_games_of_ais_alone_are_warmed_as_they_open(asked):
    """Two people at one computer (a hand-over between them) and a game of AIs alone."""
    app = fast_app()
    app.settings.handover = True
    try:
        for players in ([Seat("Åse", "human"), Seat("Bjørn", "human")],
                        [Seat("Åse", "ai", "expert"), Seat("Bjørn", "ai", "medium")]):
            asked.clear()
            session = new_game("shut-the-box", players, {"closing": "classic"}, 5)
            open_game_scene(app, session)
            app.step(0.0)
            assert _tray_asked(asked, "shut-the-box", {"closing": "classic"})
    finally:
        app.close()


def test_the_setups_choices_and_the_records_options_are_one_warm_up():
    """The defaults filled in, the setup's warm-up and the tray's of the same game are one key:
    the tray does not play the throwaway match again."""
    options = {"closing": "classic", "rounds": 2}
    recorded = dict(stb.new_game(2, options).options)
    assert recorded != options
    assert warm.key_of("shut-the-box", options) == warm.key_of("shut-the-box", recorded)
    assert warm.key_of("shut-the-box", options) != warm.key_of("shut-the-box", {"rounds": 2})


# --- what a cold first call no longer builds ----------------------------------------------


def test_the_shipped_roll_groups_are_the_ones_built_from_the_rules(monkeypatch):
    for n in range(dice.DICE + 1):
        assert dice._shipped()[n] == dice.build_roll_groups(n)
    dice.roll_groups.cache_clear()

    def refuse(n):
        raise AssertionError("a first call grouped the rolls itself")

    monkeypatch.setattr(dice, "build_roll_groups", refuse)
    try:
        assert dice.roll_groups(6) == dice._shipped()[6]
    finally:
        dice.roll_groups.cache_clear()


def test_unreadable_roll_groups_are_built_and_said_in_the_log(monkeypatch, tmp_path):
    (tmp_path / "ai").mkdir()
    (tmp_path / "ai" / dice.FILE).write_text(json.dumps({"6": {"bust": 0.1}}), "utf-8")
    monkeypatch.setattr(dice, "assets_dir", lambda: tmp_path)
    said = []
    monkeypatch.setattr(dice._log, "warning", lambda text, *args: said.append(text % args))
    dice._shipped.cache_clear()
    dice.roll_groups.cache_clear()
    try:
        assert dice.roll_groups(3) == dice.build_roll_groups(3)
        assert len(said) == 1 and dice.FILE in said[0] and "building them" in said[0]
    finally:
        dice._shipped.cache_clear()
        dice.roll_groups.cache_clear()


def test_a_tray_hint_reads_no_english_texts_until_its_text_is_asked_for(monkeypatch):
    said = words.english_text

    def refuse(key):
        raise AssertionError(f"the hint read the English text {key!r}")

    monkeypatch.setattr(words, "english_text", refuse)
    state = tt.TenThousandState(num_players=2, target=10000, hot_dice_banks=False,
                                banked=(1500, 2000), phase=tt.CHOOSING, turn_total=350,
                                dice_in_hand=3)
    box = stb.new_game(2).apply(Roll(2)).apply(Dice((3, 4)))
    given = [hint("ten-thousand", state), hint("shut-the-box", box)]
    monkeypatch.setattr(words, "english_text", said)
    assert given[0].text == "Roll the 3 dice left: 43% to win (banking 350: 43%)"
    assert given[1].text.startswith("Close ")


def test_what_a_warm_up_made_is_kept_out_of_the_collectors_walk():
    """After a warm-up the objects it left (the AI's tables) are frozen: a full garbage
    collection, which stops the window's thread too, does not walk them."""
    import gc
    import time

    gc.unfreeze()
    warm.warm(warm.Warmer(), "shut-the-box", {"rounds": 3})
    deadline = time.monotonic() + 120
    while gc.get_freeze_count() == 0 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert gc.get_freeze_count() > 0
    gc.unfreeze()
