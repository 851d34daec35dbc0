"""A quick game, offered first (issue 33, build 6): a 15-round Terningepetanque game took about 25
minutes. The setup now starts on each game's quick game (config/games/<game>.yaml, `quick`:
Terningepetanque 5 rounds), with Full game beside it; the quick options are within the rules'
ranges and a wrong one in a file is said with its file and place."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest
from ui_support import fast_app, speak

from petanque_game.rule_defaults import shipped_quick_options, shipped_rule_defaults
from petanque_game.rules.games import spec_of
from petanque_game.rules.options import resolve

pytestmark = pytest.mark.usefixtures("home")


def button(scene, tag):
    return next(b for b in scene.buttons if b.tag == tag)


@pytest.fixture
def setup():
    app = fast_app()
    app.open("setup")
    app.top.set_game("terningepetanque")
    yield app
    app.close()


def test_the_setup_starts_on_the_quick_game_offered_first(setup):
    scene = setup.top
    lengths = [b for b in scene.buttons if b.tag.startswith("length:")]
    assert [b.tag for b in lengths] == ["length:quick", "length:full"]
    assert lengths[0].selected and not lengths[1].selected
    assert lengths[0].rect.y < min(b.rect.y for b in scene.buttons if b.tag.startswith("opt:"))
    assert scene.options()["rounds"] == 5 and button(scene, "opt:rounds:5").selected
    rounds = [b.tag for b in scene.buttons if b.tag.startswith("opt:rounds:")]
    assert rounds == ["opt:rounds:5", "opt:rounds:15", "opt:rounds:20", "opt:rounds:25"]
    scene.start()
    assert setup.top.session.match.record.options["rounds"] == 5


def test_full_game_is_the_files_options_and_a_change_of_rounds_is_neither(setup):
    scene = setup.top
    setup.click(button(scene, "length:full").rect.center)
    assert scene.options()["rounds"] == 15 and button(scene, "length:full").selected
    rounds = [b.tag for b in scene.buttons if b.tag.startswith("opt:rounds:")]
    assert rounds == ["opt:rounds:15", "opt:rounds:20", "opt:rounds:25"]
    setup.click(button(scene, "opt:rounds:20").rect.center)
    assert not button(scene, "length:quick").selected and \
        not button(scene, "length:full").selected
    setup.click(button(scene, "length:quick").rect.center)
    assert scene.options()["rounds"] == 5 and scene.length() == "quick"


def test_a_game_without_a_quick_game_offers_none(setup):
    setup.top.set_game("shut-the-box")  # one round is its whole game already
    assert not any(b.tag.startswith("length:") for b in setup.top.buttons)


@pytest.mark.parametrize("language", ["en", "da", "nb"])
def test_the_quick_games_are_shorter_and_within_the_rules(language):
    speak(language)
    quick, problems = shipped_quick_options()
    assert problems == [] and quick["terningepetanque"] == {"rounds": 5}
    defaults = shipped_rule_defaults()
    for game, options in quick.items():
        full = defaults.options(game)
        resolve(spec_of(game).rules.OPTIONS, {**full, **options})  # allowed together
        assert options and any(full[k] != v for k, v in options.items()), game


def test_a_wrong_quick_option_is_said_with_its_file_and_place(tmp_path):
    (tmp_path / "terningepetanque.yaml").write_text("options: {}\nquick:\n  rounds: 500\n"
                                                    "  colour: red\n", "utf-8")
    (tmp_path / "aces.yaml").write_text("quick: [3]\n", "utf-8")
    quick, problems = shipped_quick_options(tmp_path)
    assert quick == {"terningepetanque": {}}
    assert len(problems) == 3
    assert any("config/games/terningepetanque.yaml" in p and "quick.rounds" in p
               for p in problems)
    assert any("quick.colour" in p for p in problems)
    assert any("config/games/aces.yaml" in p and "quick" in p for p in problems)
