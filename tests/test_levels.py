"""Levels: every shipped level loads; every broken level is refused with file + key, no
traceback."""

from __future__ import annotations

import hashlib
import math
from pathlib import Path

import pytest
import yaml

from petanque_game.physics import geometry
from petanque_game.physics import level as level_mod
from petanque_game.physics.level import (
    LevelError,
    level_names,
    level_sha256,
    list_levels,
    load_level,
    load_named_level,
)
from petanque_game.physics.level_check import SECTIONS
from petanque_game.physics.level_play import throw_problem

LEVELS_DIR = Path(__file__).resolve().parents[1] / "levels"
SHIPPED = sorted(p.stem for p in LEVELS_DIR.glob("*.yaml"))


@pytest.fixture(autouse=True)
def _own_user_folder(tmp_path, monkeypatch):
    """No player's boards here: the user folder is the test's own, empty."""
    monkeypatch.setenv("PETANQUE_GAME_HOME", str(tmp_path / "home"))


def test_three_levels_are_shipped():
    assert {"classic", "round-table"} <= set(SHIPPED) and len(SHIPPED) >= 3
    assert level_names() == SHIPPED


@pytest.mark.parametrize("name", SHIPPED)
def test_every_shipped_level_loads(name):
    lv = load_named_level(name)
    assert lv.name == name
    for count in (2, 3, 4):
        assert len(lv.seats[count]) == count
        for wall in lv.seats[count]:
            w = lv.walls.named(wall)
            # docs/rules.md#terningepetanque-the-table: the gap is 8 dice
            assert math.isclose(w.distance - lv.board.reach(w.angle), 8 * lv.dice.side)
    assert lv.dice.side == 16.0


def test_levels_differ_in_character():
    lvs = [load_named_level(n) for n in SHIPPED]
    assert {lv.board.shape for lv in lvs} >= {"rect", "circle"}
    assert any(lv.obstacles for lv in lvs)
    assert len({(lv.board.outline, lv.felt) for lv in lvs}) == len(lvs)


def test_two_players_sit_at_opposite_walls():
    for name in SHIPPED:
        lv = load_named_level(name)
        a, b = (lv.walls.named(n).angle for n in lv.seats[2])
        assert abs(abs(math.remainder(a - b, 2 * math.pi)) - math.pi) < 1e-9


def test_list_levels_and_sha():
    listed = dict(list_levels())
    assert sorted(listed) == SHIPPED
    assert all(not isinstance(v, LevelError) for v in listed.values())
    digest = level_sha256("classic")
    assert len(digest) == 64 and digest == level_sha256("classic")


def test_unknown_level_name():
    with pytest.raises(LevelError, match="no such level"):
        load_named_level("no-such-board")


def _classic() -> dict:
    return yaml.safe_load((LEVELS_DIR / "classic.yaml").read_text())


def _write(tmp_path: Path, data, name: str = "broken.yaml") -> Path:
    p = tmp_path / name
    if isinstance(data, (bytes, str)):
        p.write_bytes(data if isinstance(data, bytes) else data.encode())
    else:
        p.write_text(yaml.safe_dump(data))
    return p


def _refused(path: Path, key: str) -> str:
    with pytest.raises(LevelError) as info:
        load_level(path)
    text = str(info.value)
    assert "\n" not in text
    assert text.startswith(path.name + ": ")
    assert key in text, text
    return text


def _edit(change):
    data = _classic()
    change(data)
    return data


BROKEN = [
    ("zero-size board", lambda d: d["board"].__setitem__("width", 0), "board.width"),
    ("negative height", lambda d: d["board"].__setitem__("height", -5), "board.height"),
    ("negative friction", lambda d: d["felt"].__setitem__("friction", -0.1), "felt.friction"),
    ("wall inside board", lambda d: d["walls"].__setitem__("gap", -20), "walls.gap"),
    ("wall on the edge", lambda d: d["walls"].__setitem__("gap", 0), "walls.gap"),
    ("missing key", lambda d: d["dice"].pop("mass"), "dice.mass"),
    ("missing section", lambda d: d.pop("throw"), "throw"),
    ("unknown key", lambda d: d["felt"].__setitem__("colour", "green"), "felt.colour"),
    ("unknown top key", lambda d: d.__setitem__("speed", 3), "speed"),
    ("wrong type", lambda d: d["dice"].__setitem__("side", "sixteen"), "dice.side"),
    ("bool as number", lambda d: d["dice"].__setitem__("mass", True), "dice.mass"),
    ("NaN", lambda d: d["felt"].__setitem__("restitution", float("nan")), "felt.restitution"),
    ("infinity", lambda d: d["board"].__setitem__("width", float("inf")), "board.width"),
    ("huge", lambda d: d["board"].__setitem__("width", 1e300), "board.width"),
    ("bad shape", lambda d: d["board"].__setitem__("shape", "star"), "board.shape"),
    ("seat wall unknown", lambda d: d["seats"].__setitem__(2, ["south", "up"]), "seats.2"),
    ("two players not opposite", lambda d: d["seats"].__setitem__(2, ["south", "west"]),
     "seats.2"),
    ("seats missing count", lambda d: d["seats"].pop(4), "seats.4"),
    ("obstacle not convex", lambda d: d.__setitem__("obstacles", [
        {"name": "c", "height": 10, "points": [[100, 0], [150, 0], [120, 10], [150, 50]]}]),
     "obstacles[0].points"),
    ("obstacle over centre", lambda d: d.__setitem__("obstacles", [
        {"name": "c", "height": 10, "points": [[-10, -10], [10, -10], [10, 10]]}]),
     "obstacles[0].points"),
    ("obstacle off board", lambda d: d.__setitem__("obstacles", [
        {"name": "c", "height": 10, "points": [[300, 100], [500, 100], [400, 150]]}]),
     "obstacles[0].points"),
    ("elevation range upside down", lambda d: d["throw"].__setitem__("min_elevation", 80),
     "throw.min_elevation"),
    ("walls not a list", lambda d: d["walls"].__setitem__("sides", "all"), "walls.sides"),
    ("release zone into another wall", lambda d: (
        d["walls"]["sides"].append({"name": "w2", "angle": 165, "length": 80.0}),
        d["seats"].__setitem__(3, ["south", "west", "w2"])), "seats.3"),
    ("walls crossing", lambda d: d["walls"].__setitem__("sides", [
        {"name": "south", "angle": 270, "length": 1200.0},
        {"name": "west", "angle": 180, "length": 1200.0},
        {"name": "north", "angle": 90, "length": 700.0},
        {"name": "east", "angle": 0, "length": 450.0}]), "walls.sides[1]"),
    ("too fast to be safe", lambda d: d["throw"].__setitem__("max_speed", 7900),
     "throw.max_speed"),
]


@pytest.mark.parametrize("case,change,key", BROKEN, ids=[c[0] for c in BROKEN])
def test_broken_level_refused_with_file_and_key(tmp_path, case, change, key):
    _refused(_write(tmp_path, _edit(change)), key)


@pytest.mark.parametrize("text,key", [
    ("- just\n- a list\n", "top level"),
    ("42\n", "top level"),
    ("", "top level"),
    ("board: [unclosed\n", "not valid YAML"),
    ("a: b: c\n", "not valid YAML"),
    ("!!python/object:os.system {}\n", "not valid YAML"),
    (b"\xff\xfe\x00garbage", "not UTF-8"),
])
def test_not_a_level_at_all(tmp_path, text, key):
    _refused(_write(tmp_path, text), key)


def test_missing_file():
    with pytest.raises(LevelError, match=r"nope\.yaml: cannot read the file"):
        load_level("/nonexistent/nope.yaml")


def test_broken_file_is_listed_not_raised(tmp_path, monkeypatch):
    (tmp_path / "good.yaml").write_text((LEVELS_DIR / "classic.yaml").read_text())
    _write(tmp_path, "board: [", "bad.yaml")
    monkeypatch.setattr(level_mod, "_levels_dir", lambda: tmp_path)
    listed = list_levels()
    assert [n for n, _ in listed] == ["bad", "good"]
    assert isinstance(listed[0][1], LevelError) and "bad.yaml" in str(listed[0][1])
    assert not isinstance(listed[1][1], LevelError)


def test_polygon_board(tmp_path):
    data = _classic()
    data["board"] = {"shape": "polygon",
                     "points": [[300, 0], [150, 260], [-150, 260], [-300, 0], [-150, -260],
                                [150, -260]]}
    data["seats"] = {2: ["south", "north"], 3: ["south", "west", "north"],
                     4: ["south", "west", "north", "east"]}
    lv = load_level(_write(tmp_path, data, "hex.yaml"))
    assert lv.board.contains(0, 0) and not lv.board.contains(290, 200)
    assert math.isclose(lv.walls.named("north").distance, 260 + 128)


@pytest.mark.parametrize("name", SHIPPED)
def test_no_two_walls_of_a_shipped_level_cross(name):
    lv = load_named_level(name)
    outlines = [lv.wall_outline(w.name) for w in lv.walls.sides]
    for i, a in enumerate(outlines):
        for b in outlines[i + 1:]:
            assert not geometry.overlap(a, b)


@pytest.mark.parametrize("name", SHIPPED)
def test_every_seat_of_a_shipped_level_can_land_the_diamond_and_a_die(name):
    lv = load_named_level(name)
    for wall in lv.walls.sides:
        for obj in ("diamond", "die"):
            assert throw_problem(lv, wall, obj) is None, (wall.name, obj)


def test_a_loaded_level_knows_the_hash_of_its_bytes():
    lv = load_named_level("classic")
    assert lv.sha256 == hashlib.sha256((LEVELS_DIR / "classic.yaml").read_bytes()).hexdigest()
    assert lv.sha256 == level_sha256("classic") and lv.origin == "shipped"


def test_every_key_of_the_format_is_in_the_documentation():
    doc = (LEVELS_DIR.parent / "docs" / "levels.md").read_text(encoding="utf-8")
    for section, rows in SECTIONS.items():
        assert f"`{section}`" in doc, section
        for row in rows:
            assert f"`{row[0]}`" in doc, (section, row[0])


def test_a_users_long_value_is_cut_in_the_message(tmp_path):
    data = _classic()
    data["seats"][2] = ["x" * 5000, "north"]
    text = _refused(_write(tmp_path, data), "seats.2")
    assert len(text) < 200 and "xxx..." in text


def test_the_unplayable_message_names_the_seat_the_wall_and_the_numbers(tmp_path):
    data = _classic()
    data["walls"]["height"] = 1000
    data["throw"]["max_speed"] = 300
    text = _refused(_write(tmp_path, data), "seats.2")
    assert text == ("broken.yaml: seats.2: from seat 0 (wall 'south') no throw of the diamond "
                    "within max_speed 300 mm/s clears the 1000 mm wall")
