"""config/*.yaml: loaded safely, checked, and a mistake names the file, the key and the reason."""

from pathlib import Path

import pytest

from petanque_game.config import ConfigError, load_rule_defaults, read_yaml, shipped_rule_defaults
from petanque_game.rules import GAME_IDS, game_rules


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "rules.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_shipped_rule_defaults_load_without_problems():
    defaults = shipped_rule_defaults()
    assert defaults.problems == ()
    assert set(defaults.by_game) == set(GAME_IDS)


@pytest.mark.parametrize("game", GAME_IDS)
def test_shipped_rule_defaults_are_the_defaults_of_rules_md(game):
    specs = game_rules(game).OPTIONS
    assert shipped_rule_defaults().options(game) == {k: s.default for k, s in specs.items()}


def test_a_valid_choice_is_used(tmp_path):
    got = load_rule_defaults(write(tmp_path, "ten-thousand:\n  target: 5000\n"))
    assert got.problems == ()
    assert got.options("ten-thousand")["target"] == 5000


def test_an_out_of_range_value_names_file_and_key_and_falls_back(tmp_path):
    got = load_rule_defaults(write(tmp_path, "ten-thousand:\n  target: 123\n"), "rules.yaml")
    assert got.options("ten-thousand")["target"] == 10000
    assert len(got.problems) == 1
    assert got.problems[0].startswith("rules.yaml: ten-thousand.target: ")
    assert "multiple of 50" in got.problems[0]


def test_a_mistyped_boolean_is_refused(tmp_path):
    got = load_rule_defaults(write(tmp_path, "shut-the-box:\n  shut_wins: 'yes'\n"), "r.yaml")
    assert got.options("shut-the-box")["shut_wins"] is False
    assert "r.yaml: shut-the-box.shut_wins" in got.problems[0]


def test_an_unknown_game_is_named(tmp_path):
    got = load_rule_defaults(write(tmp_path, "yahtzee:\n  rounds: 3\n"), "r.yaml")
    assert got.problems == ("r.yaml: yahtzee: unknown game; the games are "
                            + ", ".join(GAME_IDS),)


def test_not_yaml_gives_the_line(tmp_path):
    got = load_rule_defaults(write(tmp_path, "ten-thousand: [1, 2\n"), "r.yaml")
    assert got.problems and got.problems[0].startswith("r.yaml: not valid YAML at line")
    assert got.options("ten-thousand")["target"] == 10000


def test_not_a_mapping(tmp_path):
    got = load_rule_defaults(write(tmp_path, "- 1\n- 2\n"), "r.yaml")
    assert got.problems == ("r.yaml: expected a mapping of game ids to options",)


def test_yaml_is_read_safely_no_python_objects(tmp_path):
    path = write(tmp_path, "x: !!python/object/apply:os.system ['echo hacked']\n")
    with pytest.raises(ConfigError, match="not valid YAML"):
        read_yaml(path)


def test_a_missing_file_is_one_clear_problem(tmp_path):
    got = load_rule_defaults(tmp_path / "nope.yaml", "nope.yaml")
    assert got.problems[0].startswith("nope.yaml: cannot read the file")
