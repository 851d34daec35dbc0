"""config/*.yaml: loaded safely, checked, and a mistake names the file, the key and the reason."""

import os
from pathlib import Path

import pytest

from petanque_game.config import ConfigError, brief, read_yaml
from petanque_game.rule_defaults import load_rule_defaults, shipped_rule_defaults
from petanque_game.rules.games import game_ids, spec_of


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "rules.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_shipped_rule_defaults_load_without_problems():
    defaults = shipped_rule_defaults()
    assert defaults.problems == ()
    assert set(defaults.by_game) == set(game_ids())


@pytest.mark.parametrize("game", game_ids())
def test_shipped_rule_defaults_are_the_defaults_of_rules_md(game):
    specs = spec_of(game).rules.OPTIONS
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
                            + ", ".join(game_ids()),)


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


BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{n}: &{n} [{', '.join([f'*{p}'] * 9)}]\n" for p, n in zip("abcdefgh", "bcdefghi"))


def test_an_alias_bomb_is_refused_quickly_not_expanded(tmp_path):
    got = load_rule_defaults(write(tmp_path, BOMB), "r.yaml")
    assert len(got.problems) == 1 and "more than 20000 values" in got.problems[0]


def test_a_duplicate_key_is_refused_naming_it(tmp_path):
    got = load_rule_defaults(write(tmp_path, "ten-thousand:\n  target: 5000\n  target: 500\n"),
                             "r.yaml")
    assert got.problems == ("r.yaml: ten-thousand.target: given twice (again at line 3)",)
    assert got.options("ten-thousand")["target"] == 10000


def test_a_config_file_that_is_a_pipe_or_a_folder_is_not_opened(tmp_path):
    folder = tmp_path / "rules.yaml"
    folder.mkdir()
    assert load_rule_defaults(folder, "r.yaml").problems == ("r.yaml: is a folder, not a file",)
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "fifo.yaml"
        os.mkfifo(fifo)
        assert "not a regular file" in load_rule_defaults(fifo, "f.yaml").problems[0]


def test_a_config_file_too_big_is_refused_before_it_is_read(tmp_path):
    path = tmp_path / "big.yaml"
    with open(path, "wb") as f:
        f.truncate(400 * 1024 * 1024)
    with pytest.raises(ConfigError, match="at most 262144"):
        read_yaml(path, "big.yaml")


def test_a_long_value_is_cut_and_a_long_key_not_shown_in_the_message(tmp_path):
    text = f"shut-the-box:\n  closing: {'z' * 5000}\n  ? {'k' * 5000}\n  : 1\n"  # ? a long key
    problems = load_rule_defaults(write(tmp_path, text), "r.yaml").problems
    assert len(problems) == 2 and all(len(p) < 400 for p in problems), problems
    assert "zzz...'" in problems[0] and "kkk" not in problems[1]
    assert problems[1] == "r.yaml: shut-the-box.a key (not shown): unknown option"


def test_a_key_that_is_no_config_key_is_named_by_its_line_only(tmp_path):
    """Issue 30, item 9: a secrets file read as settings (`token:VALUE:` on a line of its own)
    is not echoed."""
    text = "shut-the-box:\n  token:VALUE:\n  token:VALUE: 2\n"
    problems = load_rule_defaults(write(tmp_path, text), "r.yaml").problems
    assert problems == ("r.yaml: shut-the-box.the key on line 2: given twice (again at line 3)",)


def test_brief_shows_at_most_about_forty_characters():
    assert brief("x" * 1000) == repr("x" * 40 + "...")
    assert brief([1] * 10 ** 6) == "a list of 1000000 items"
    assert brief(12) == "12" and brief(None) == "None"


def test_the_players_ui_yaml_cannot_hang_the_window(tmp_path, monkeypatch):
    pytest.importorskip("pygame")
    from petanque_game.ui.settings import load_settings

    monkeypatch.setenv("PETANQUE_GAME_HOME", str(tmp_path))
    (tmp_path / "ui.yaml").write_text("keys:\n" + "".join(
        "  " + line + "\n" for line in BOMB.splitlines()), encoding="utf-8")
    problems = load_settings().problems
    assert len(problems) == 1 and "more than 20000 values" in problems[0]
