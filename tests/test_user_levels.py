"""A player's own boards (`levels/` in the user folder): listed beside the shipped ones, broken
ones listed as broken, found by name, given by path to `simulate`, and their records verify."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hostile_levels import ROOT, classic_text, edited, run_child, write_all

from petanque_game.cli import main
from petanque_game.physics.level import (
    LevelError,
    level_names,
    level_sha256,
    list_levels,
    load_level_file,
    load_named_level,
    user_levels_dir,
)

SLOWER_FELT = classic_text().replace("friction: 0.35 ", "friction: 0.30 ")


@pytest.fixture
def mine(tmp_path, monkeypatch) -> Path:
    """An empty levels folder in the test's own user folder."""
    monkeypatch.setenv("PETANQUE_GAME_HOME", str(tmp_path / "home"))
    folder = user_levels_dir()
    folder.mkdir(parents=True)
    return folder


def test_user_levels_are_listed_after_the_shipped_ones(mine):
    (mine / "my-board.yaml").write_text(SLOWER_FELT, encoding="utf-8")
    listed = list_levels()
    assert [n for n, _ in listed] == [*level_names(), "my-board"]
    board = dict(listed)["my-board"]
    assert not isinstance(board, LevelError) and board.origin == "user"
    assert level_names() == sorted(p.stem for p in (ROOT / "levels").glob("*.yaml"))


def test_a_broken_user_level_is_listed_as_broken_with_its_one_line_reason(mine):
    (mine / "bad.yaml").write_text(edited(lambda d: d["felt"].__setitem__("friction", 0)),
                                   encoding="utf-8")
    problem = dict(list_levels())["bad"]
    assert isinstance(problem, LevelError)
    assert str(problem).startswith("bad.yaml: felt.friction: 0 is out of range")


def test_a_user_level_named_like_a_shipped_one_is_listed_as_broken_not_used(mine):
    (mine / "classic.yaml").write_text(SLOWER_FELT, encoding="utf-8")
    listed = dict(list_levels())
    shipped, yours = listed["classic"], listed["classic.yaml"]
    assert shipped.origin == "shipped" and shipped.felt.friction == 0.35
    assert isinstance(yours, LevelError) and "taken by the shipped board 'classic'" in str(yours)
    assert load_named_level("classic").origin == "shipped"


def test_a_user_level_named_like_a_shipped_one_in_other_capitals_is_not_used(mine):
    (mine / "Classic.yaml").write_text(SLOWER_FELT, encoding="utf-8")
    assert "taken by the shipped board 'classic'" in str(dict(list_levels())["Classic.yaml"])
    with pytest.raises(LevelError, match="taken"):
        load_named_level("Classic")


def test_a_user_level_is_loaded_by_name_and_hashed_from_its_file(mine):
    (mine / "my-board.yaml").write_text(SLOWER_FELT, encoding="utf-8")
    lv = load_named_level("my-board")
    assert lv.name == "my-board" and lv.origin == "user" and lv.felt.friction == 0.30
    assert level_sha256("my-board") == lv.sha256


@pytest.mark.parametrize("name", ["../classic", "a/b", "x" * 5000, "", " spaced"])
def test_an_odd_name_finds_nothing_and_the_message_is_short(mine, name):
    with pytest.raises(LevelError, match="no such level") as info:
        load_named_level(name)
    assert len(str(info.value)) < 300


def test_listing_a_folder_of_hostile_files_never_hangs_or_raises(mine):
    expected = write_all(mine)
    code = ("import json\nfrom petanque_game.physics.level import list_levels\n"
            "print(json.dumps({'start': 'list_levels()'}), flush=True)\n"
            "out = [(n, type(v).__name__, str(v)) for n, v in list_levels()]\n"
            "print(json.dumps({'listed': out}), flush=True)\n"
            "print(json.dumps({'done': True}), flush=True)\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    [result] = run_child(code, [], env)
    mine_listed = {n: (kind, text) for n, kind, text in result["listed"][len(level_names()):]}
    assert set(mine_listed) == {name[:-5] for name in expected}
    for name, fragments in expected.items():
        kind, text = mine_listed[name[:-5]]
        if fragments is None:
            assert kind == "Level", (name, text)
        else:
            assert kind == "LevelError" and "\n" not in text and text.startswith(name), text


def _simulate(*args: str) -> int:
    return main(["simulate", "terningepetanque", "--players", "ai:easy,ai:easy",
                 "--option", "rounds=1", *args])


def test_simulate_takes_a_level_file_by_its_path(tmp_path, mine, capsys):
    path = tmp_path / "elsewhere" / "my-board.yaml"
    path.parent.mkdir()
    path.write_text(SLOWER_FELT, encoding="utf-8")
    assert _simulate("--level", str(path), "--record", str(tmp_path / "out")) == 0
    record = json.loads((tmp_path / "out" / "terningepetanque-0.json").read_text("utf-8"))
    assert record["level"] == "my-board"
    assert "put my-board.yaml in" in capsys.readouterr().err  # it verifies only beside it


def test_a_record_made_on_a_user_board_verifies_where_the_board_is(tmp_path, mine, capsys):
    (mine / "my-board.yaml").write_text(SLOWER_FELT, encoding="utf-8")
    assert _simulate("--level", "my-board", "--record", str(tmp_path / "out")) == 0
    record = tmp_path / "out" / "terningepetanque-0.json"
    assert json.loads(record.read_text("utf-8"))["level_sha256"] == level_sha256("my-board")
    capsys.readouterr()
    assert main(["verify", str(record)]) == 0
    assert "valid terningepetanque record" in capsys.readouterr().out
    (mine / "my-board.yaml").unlink()
    assert main(["verify", str(record)]) == 2
    assert "no such level" in capsys.readouterr().err


def test_a_level_file_may_not_take_another_boards_name_with_other_contents(tmp_path, mine,
                                                                          capsys):
    (tmp_path / "classic.yaml").write_text(SLOWER_FELT, encoding="utf-8")
    with pytest.raises(LevelError, match="already the name of a shipped board"):
        load_level_file(tmp_path / "classic.yaml")
    assert _simulate("--level", str(tmp_path / "classic.yaml")) == 2
    assert "rename the file" in capsys.readouterr().err
    (tmp_path / "classic.yaml").write_text(classic_text(), encoding="utf-8")
    assert load_level_file(tmp_path / "classic.yaml").origin == "shipped"  # the same board


def test_a_name_ending_in_yaml_is_a_path_not_a_name(tmp_path, mine, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert _simulate("--level", "nowhere.yaml") == 2
    err = capsys.readouterr().err
    assert "nowhere.yaml: cannot read the file" in err and ".yaml.yaml" not in err


def test_the_setup_screen_shows_user_boards_and_broken_ones_sensibly(home):
    from ui_support import fast_app

    from petanque_game.ui.scenes.setup import SetupScene

    mine = home / "levels"
    mine.mkdir(parents=True)
    (mine / "my-board.yaml").write_text(SLOWER_FELT.replace("title: Classic", "title: Mine"),
                                        encoding="utf-8")
    (mine / "bad.yaml").write_text("felt: [", encoding="utf-8")
    app = fast_app()
    setup = SetupScene(app)
    app.push(setup)
    setup.set_game("terningepetanque")
    buttons = {b.tag: b for b in setup.buttons}
    assert buttons["level:my-board"].label == "Mine (yours)" and buttons["level:my-board"].enabled
    assert not buttons["level:bad"].enabled and buttons["level:bad"].label == "bad (broken)"
    app.click(buttons["level:my-board"].rect.center)
    assert setup.choices.level == "my-board"
    app.render()


def test_every_board_is_reachable_in_the_setup_and_every_broken_ones_reason_seen(home):
    """Issue 16, item 14: not only nine board buttons, not only the first broken board's reason."""
    from ui_support import fast_app

    from petanque_game.ui.scenes.setup import SetupScene

    mine = home / "levels"
    mine.mkdir(parents=True)
    for i in range(12):
        (mine / f"mine-{i:02}.yaml").write_text(SLOWER_FELT, encoding="utf-8")
    for i in range(8):
        (mine / f"bad-{i}.yaml").write_text("felt: [" + "x" * i, encoding="utf-8")
    app = fast_app()
    setup = SetupScene(app)
    app.push(setup)
    setup.set_game("terningepetanque")
    seen, reasons = [], {}
    while True:
        app.render()
        for b in setup.buttons:
            if b.tag.startswith("level:"):
                seen.append(b.tag[6:])
                if not b.enabled:  # a click on a broken board says why, whole
                    app.click(b.rect.center)
                    reasons[b.tag[6:]] = app.toast.message
        following = next(b for b in setup.buttons if b.tag == "boards:next")
        if not following.enabled:
            break
        app.click(following.rect.center)
    names = [n for n, _ in list_levels()]
    assert sorted(seen) == sorted(names) and len(seen) == 3 + 20
    assert sorted(reasons) == [f"bad-{i}" for i in range(8)]
    for name, message in reasons.items():
        assert message.startswith(f"{name} is broken: {name}.yaml: not valid YAML"), message
    app.key(__import__("pygame").K_PAGEUP)  # Page Up turns back
    assert any(b.tag == "level:bad-7" for b in setup.buttons) is False
    assert setup.choices.level == "classic"


def test_a_levels_file_that_is_not_a_folder_is_told_in_the_setup(home):
    """Issue 16, item 14: a file called `levels` in the user folder is said, not ignored."""
    from ui_support import fast_app

    from petanque_game.ui.scenes.setup import SetupScene

    home.mkdir(parents=True)
    (home / "levels").write_text("not a folder", encoding="utf-8")
    app = fast_app()
    setup = SetupScene(app)
    app.push(setup)
    setup.set_game("terningepetanque")
    button = next(b for b in setup.buttons if b.tag == "level:levels")
    assert not button.enabled
    app.click(button.rect.center)
    assert f"{home / 'levels'} is not a folder: your own boards cannot be listed" in \
        app.toast.message
    assert setup.choices.level == "classic"  # the shipped boards are there as ever
    app.render()


def test_a_board_listed_again_is_not_checked_again_until_its_bytes_change(mine, monkeypatch):
    """The setup screen lists every board each time it opens: a board read before with the same
    bytes is not read and checked again (about 8 ms each); a changed file is, and a refused
    board is refused again in the same words."""
    from petanque_game.physics import level as level_module

    (mine / "slow.yaml").write_text(SLOWER_FELT, "utf-8")
    (mine / "broken.yaml").write_text("walls: [", "utf-8")
    checked = []
    real = level_module.parse_level
    monkeypatch.setattr(level_module, "parse_level",
                        lambda data, name, file, *lines: checked.append(name)
                        or real(data, name, file, *lines))
    first = dict(list_levels())
    again = dict(list_levels())
    assert "slow" in checked and checked.count("slow") == 1
    assert again["slow"] is first["slow"]
    assert isinstance(again["broken"], LevelError) and str(again["broken"]) == \
        str(first["broken"])
    (mine / "slow.yaml").write_text(SLOWER_FELT.replace("0.30 ", "0.28 "), "utf-8")
    changed = dict(list_levels())["slow"]
    assert checked.count("slow") == 2 and changed.sha256 != first["slow"].sha256
