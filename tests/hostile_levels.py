"""Hostile and odd level files, written into a folder for the tests of loading and listing.

`write_all(folder)` writes every case and returns {file name: expected}, where expected is a
tuple of fragments the one-line refusal must contain (its key and its reason), or None for a
file that is odd but genuinely playable. `run_child` runs loading code in a child process and
fails the test when the child hangs over one file or dies.

`PHYSICS_BOARDS` are boards that are hard on the physics (a pocket between obstacles, ledges as
wide as the checker allows, tall thick walls, the thinnest obstacles allowed) as level
documents: the checker accepts them, and every throw on them must come to rest in bounded time
(tests/test_physics_hostile.py, benchmarks/bench_hostile_boards.py). The boards the checker
refuses because the physics could not play them (wide low terraces, a plateau, an obstacle thin
enough to pass through) are among `CASES`.
"""

from __future__ import annotations

import copy
import json
import os
import queue
import re
import subprocess
import sys
import threading
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
LEVELS_DIR = ROOT / "levels"
PER_FILE = 10.0  # seconds a child may take over one file before it counts as a hang


def classic() -> dict:
    """classic.yaml's document, a copy of its own to change."""
    return copy.deepcopy(_classic())


@cache  # read once: the hostile files are about 40 edited copies of it
def _classic() -> dict:
    return yaml.safe_load(classic_text())


def classic_text() -> str:
    return (LEVELS_DIR / "classic.yaml").read_text(encoding="utf-8")


def edited(change: Callable[[dict], object]) -> str:
    data = classic()
    change(data)
    return yaml.safe_dump(data, sort_keys=False)


def _later(change: Callable[[dict], object]) -> Callable[[], str]:
    """`edited(change)`, made when the case is written (the YAML dumped then, not as the module is
    imported by every test worker)."""
    return lambda: edited(change)


def _set(section: str, key: str, value) -> Callable[[dict], object]:
    return lambda d: d[section].__setitem__(key, value)


def _alias_bomb(levels: int = 9, width: int = 9) -> str:
    """Nested anchors, each repeating the one before `width` times: width^levels values."""
    lines = ["l0: &l0 [" + ", ".join(["lol"] * width) + "]"]
    for i in range(1, levels):
        lines.append(f"l{i}: &l{i} [" + ", ".join([f"*l{i - 1}"] * width) + "]")
    return "\n".join(lines)


def _bomb_in(key_path: str) -> str:
    """classic.yaml with an alias bomb defined first and used as `key_path`'s value."""
    section, key = key_path.split(".")
    text = classic_text()
    bomb = _alias_bomb()
    anchors = "x-anchors:\n" + "\n".join("  " + line for line in bomb.splitlines()) + "\n"
    old = f"  {key}: "
    start = text.index(f"\n{section}:")
    at = text.index(old, start)
    end = text.index("\n", at)
    return anchors + text[:at] + f"  {key}: *l8" + text[end:]


def _seat_bomb() -> str:
    text = classic_text()
    bomb = _alias_bomb()
    anchors = "x-anchors:\n" + "\n".join("  " + line for line in bomb.splitlines()) + "\n"
    return anchors + text.replace("2: [south, north]", "2: [*l8, north]")


def _merge_bomb() -> str:
    lines = ["m0: &m0 {a: 1, b: 2}"]
    for i in range(1, 30):
        lines.append(f"m{i}: &m{i} {{<<: [*m{i - 1}], k: [*m{i - 1}, *m{i - 1}, *m{i - 1}]}}")
    return "\n".join(lines) + "\n" + classic_text()


def _walls(*sides: tuple[str, float, float]) -> Callable[[dict], object]:
    return lambda d: d["walls"].__setitem__(
        "sides", [{"name": n, "angle": a, "length": length} for n, a, length in sides])


def _zone_into_wall(d: dict) -> None:
    d["walls"]["sides"].append({"name": "w2", "angle": 165, "length": 80.0})
    d["seats"][3] = ["south", "west", "w2"]


def _slippery_strip(d: dict) -> None:
    d["board"] = {"shape": "rect", "width": 700.0, "height": 60.0}
    d["felt"] = {"friction": 0.05, "restitution": 0.9, "landing_friction": 0.0, "roll_keep": 0.9,
                 "roll_friction": 0.02}


def box(x0: float, y0: float, x1: float, y1: float) -> list[list[float]]:
    return [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]


def _obstacles(*blocks: tuple[str, float, list]) -> Callable[[dict], object]:
    return lambda d: d.__setitem__(
        "obstacles", [{"name": n, "height": h, "points": pts} for n, h, pts in blocks])


# Two low terraces side by side: a die landing on them skated across and searched for a free
# spot at every step (seconds a throw); refused, too wide to get off.
_terraces = _obstacles(("upper", 4.0, box(40, -200, 200, 200)),
                       ("lower", 4.0, box(200, -200, 340, 200)))
# A low floor walled in by higher blocks, each narrow enough to get off: a die that drops in
# cannot tip off it within reach (before: a search at every step, minutes a throw).
_pocket = _obstacles(("floor", 3.0, box(110, -30, 170, 30)),
                     ("north", 30.0, box(70, 30, 210, 70)),
                     ("south", 30.0, box(70, -70, 210, -30)),
                     ("east", 30.0, box(170, -30, 210, 30)),
                     ("west", 30.0, box(70, -30, 110, 30)))
# Ledges about as wide as the checker allows for 16 mm dice (65 mm, of 65.4), low and high,
# and a block wider than that but out of any throw's reach.
_ledges = _obstacles(("low ledge", 2.0, box(60, -150, 125, 150)),
                     ("high ledge", 40.0, box(-200, -60, -135, 60)),
                     ("tower", 900.0, box(150, 100, 330, 200)))
# The thinnest obstacles allowed (4 mm), across the board's lanes.
_thin = _obstacles(("slat", 20.0, box(100, -150, 104, 150)),
                   ("post", 60.0, [[-150, -100], [-145, -100], [-147.5, 80]]))


def _tall_thick_walls(d: dict) -> None:
    """Walls 300 mm high (about as high as a throw from 150 mm can clear) and 200 mm thick, the
    two long ones 6 m long: a die may come down on a wall's top and skate along it."""
    d["walls"].update(height=300.0, thickness=200.0)
    for side in d["walls"]["sides"]:
        if side["name"] in ("south", "north"):
            side["length"] = 6000.0


PHYSICS_BOARDS: dict[str, Callable[[dict], object]] = {
    "pocket": _pocket,
    "ledges": _ledges,
    "thin-obstacles": _thin,
    "tall-thick-walls": _tall_thick_walls,
}


def physics_board(name: str) -> dict:
    """The level document of one of PHYSICS_BOARDS."""
    data = classic()
    PHYSICS_BOARDS[name](data)
    return data


def _hexagon(d: dict) -> None:
    d["board"] = {"shape": "polygon", "points": [[300, 0], [150, 260], [-150, 260], [-300, 0],
                                                 [-150, -260], [150, -260]]}


CASES: dict[str, tuple[object, tuple[str, ...] | None]] = {
    # the file itself
    "alias-bomb-in-shape.yaml": (_bomb_in("board.shape"), ("more than 5000 values",)),
    "alias-bomb-in-friction.yaml": (_bomb_in("felt.friction"), ("more than 5000 values",)),
    "alias-bomb-in-seat.yaml": (_seat_bomb(), ("more than 5000 values",)),
    "merge-key-bomb.yaml": (_merge_bomb(), ("more than 5000 values",)),
    "recursive-alias.yaml": ("a: &a [1, *a]\n" + classic_text(), ("a[1]", "holds it")),
    "huge-sparse-400mb.yaml": ("SPARSE", ("419430400 bytes; at most 65536",)),
    "just-over-64kb.yaml": ("# " + "x" * 66000 + "\n" + classic_text(), ("at most 65536",)),
    "fifo.yaml": ("FIFO", ("not a regular file",)),
    "folder.yaml": ("DIR", ("is a folder",)),
    "dev-zero.yaml": ("DEVZERO", ("not a regular file",)),
    "non-utf8.yaml": (b"title: \xff\xfe caf\xe9\n", ("not UTF-8",)),
    "control-characters.yaml": ("title: a\x00b\n", ("not valid YAML", "special characters")),
    "deeply-nested.yaml": ("a: " + "[" * 20000 + "]" * 20000 + "\n", ("nested more than 16",)),
    "python-tag.yaml": ("x: !!python/object/apply:os.system ['echo hacked']\n" + classic_text(),
                        ("not valid YAML", "constructor")),
    "two-documents.yaml": (classic_text() + "---\n" + classic_text(), ("not valid YAML",)),
    "empty.yaml": ("", ("top level", "mapping")),
    "a-list.yaml": ("- 1\n- 2\n", ("top level", "mapping")),
    "huge-integer.yaml": (classic_text().replace("gravity: 9810.0", "gravity: " + "9" * 9000),
                          ("value cannot be read",)),
    "impossible-date.yaml": ("when: 2024-02-30\n" + classic_text(), ("value cannot be read",)),
    "duplicate-key.yaml": (classic_text().replace("  friction: 0.35", "  friction: 0.35\n"
                                                  "  friction: 0.0"),
                           ("felt.friction", "given twice")),
    "duplicate-section.yaml": (classic_text() + "\nboard: {shape: circle, radius: 100}\n",
                               ("board", "given twice")),
    # one key at a time
    "felt-friction-zero.yaml": (_later(_set("felt", "friction", 0)), ("felt.friction", "0.05")),
    "nan-restitution.yaml": (re.sub(r"restitution: [0-9.]+", "restitution: .nan",
                                    classic_text(), count=1),
                             ("felt.restitution", "finite")),
    "infinite-width.yaml": (_later(_set("board", "width", float("inf"))),
                            ("board.width", "finite")),
    "negative-width.yaml": (_later(_set("board", "width", -700)), ("board.width", "range")),
    "negative-mass.yaml": (_later(_set("dice", "mass", -5)), ("dice.mass", "range")),
    "bool-as-number.yaml": (_later(_set("dice", "mass", True)), ("dice.mass", "not bool")),
    "wrong-type.yaml": (_later(_set("dice", "side", "sixteen")), ("dice.side", "not str")),
    "board-20-metres.yaml": (_later(_set("board", "width", 20000)), ("board.width", "3000")),
    "unknown-shape-long.yaml": (_later(_set("board", "shape", "star" * 5000)),
                                ("board.shape", "...'")),
    "unknown-long-key.yaml": (_later(lambda d: d["felt"].__setitem__("k" * 30000, 1)),
                              ("felt.the key on line 15", "unknown key")),
    "title-two-lines.yaml": (_later(lambda d: d.__setitem__("title", "a\nb")), ("title",)),
    "seat-unknown-wall.yaml": (_later(lambda d: d["seats"].__setitem__(2, ["south", "up"])),
                               ("seats.2", "'up' is not a wall")),
    "seat-count-five.yaml": (_later(lambda d: d["seats"].__setitem__(5, ["a"] * 5)),
                             ("seats.5", "player counts")),
    "mass-too-heavy.yaml": (_later(_set("diamond", "mass", 5000)), ("diamond.mass", "range")),
    "wall-gap-1mm.yaml": (_later(_set("walls", "gap", 1)), ("walls.gap", "8 dice")),
    "wall-gap-300mm.yaml": (_later(_set("walls", "gap", 300)), ("walls.gap", "8 dice")),
    "wall-inside-board.yaml": (_later(_set("walls", "gap", -20)), ("walls.gap", "inside")),
    "wall-2m-high.yaml": (_later(lambda d: (d["walls"].__setitem__("height", 2000),
                                            d["throw"].__setitem__("max_speed", 300))),
                          ("walls.height", "range")),
    "too-fast-for-walls.yaml": (_later(_set("throw", "max_speed", 7900)),
                                ("throw.max_speed", "pass through a wall")),
    "elevations-upside-down.yaml": (_later(_set("throw", "min_elevation", 80)),
                                    ("throw.min_elevation",)),
    "elevations-below-the-ai.yaml": (_later(_set("throw", "max_elevation", 5)),
                                     ("throw.max_elevation", "computer players aim")),
    # the level as a whole
    "centre-blocked.yaml": (_later(lambda d: d.__setitem__("obstacles", [
        {"name": "block", "height": 10, "points": [[-50, -50], [50, -50], [50, 50], [-50, 50]]}])),
        ("obstacles[0].points", "centre")),
    "obstacle-next-to-centre.yaml": (_later(lambda d: d.__setitem__("obstacles", [
        {"name": "pin", "height": 10, "points": [[10, -5], [30, -5], [30, 5], [10, 5]]}])),
        ("obstacles[0].points", "centre")),
    "board-too-small.yaml": (_later(lambda d: d.__setitem__(
        "board", {"shape": "rect", "width": 30, "height": 30})), ("board", "too small")),
    "obstacle-over-wall.yaml": (_later(lambda d: d.__setitem__("obstacles", [
        {"name": "ramp", "height": 10, "points": [[200, -300], [300, -300], [300, -200]]}])),
        ("obstacles[0].points", "on the board")),
    "crossing-walls.yaml": (_later(_walls(("south", 270, 1400.0), ("west", 180, 800.0),
                                          ("north", 90, 700.0), ("east", 0, 450.0))),
                            ("walls.sides[1]", "'west' crosses wall 'south'")),
    "release-zone-into-wall.yaml": (_later(_zone_into_wall), ("seats.3", "runs into wall")),
    "wall-too-high-to-clear.yaml": (_later(lambda d: (d["walls"].__setitem__("height", 500),
                                                      d["throw"].__setitem__("max_speed", 1500))),
                                    ("seats.2", "clears the 500 mm wall")),
    "board-out-of-reach.yaml": (_later(lambda d: (d["walls"].__setitem__("height", 5),
                                                  d["throw"].__setitem__("max_speed", 1000))),
                                ("seats.2", "comes down on the board")),
    "slippery-strip.yaml": (_later(_slippery_strip), ("seats.2", "slides or bounces off")),
    # boards the physics could not play in bounded time, or would record beyond the world
    "terraces.yaml": (_later(_terraces), ("obstacles[0].points", "could not get off")),
    "plateau.yaml": (_later(_obstacles(("plateau", 10.0, box(60, -200, 340, 200)))),
                     ("obstacles[0].points", "'plateau' is 280 mm across", "could not get off")),
    "sliver.yaml": (_later(_obstacles(("sliver", 30.0, box(100, -150, 101, 150)))),
                    ("obstacles[0].points", "1 mm across", "at least 4 mm")),
    "fast-past-a-slat.yaml": (_later(lambda d: (_obstacles(("slat", 30.0, box(100, -150, 106,
                                                                            150)))(d),
                                                d["throw"].__setitem__("max_speed", 7000))),
                              ("obstacles[0].points", "6 mm across", "at least 13.2 mm",
                               "pass through it in one step")),
    "key-with-newline.yaml": (_later(lambda d: d["felt"].__setitem__("a\nb", 1)),
                              ("felt.the key on line 15", "unknown key")),
    "same-key-with-newline-twice.yaml": (classic_text().replace(
        "  friction: 0.35", '  "a\\nb": 1\n  "a\\nb": 2\n  friction: 0.35', 1),
        ("felt.the key on line 13", "given twice (again at line 14)")),
    # odd but playable
    "hexagon.yaml": (_later(_hexagon), None),
    "moon.yaml": (_later(lambda d: d.__setitem__("gravity", 1620.0)), None),
    "with-bom.yaml": ("\ufeff" + classic_text(), None),
    **{f"{name}.yaml": (_later(change), None) for name, change in PHYSICS_BOARDS.items()},
    "anchors-used-honestly.yaml": (classic_text().replace(
        "length: 700.0}", "length: &long 700.0}", 1).replace("length: 700.0}", "length: *long}"),
        None),
}


def write_all(folder: Path) -> dict[str, tuple[str, ...] | None]:
    """Write every case that this system can make (no FIFO on Windows, ...) into `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    out = {}
    for name, (made, expected) in CASES.items():
        path = folder / name
        content = made() if callable(made) else made
        if content == "SPARSE":
            with open(path, "wb") as f:
                f.truncate(400 * 1024 * 1024)
        elif content == "FIFO":
            if not hasattr(os, "mkfifo"):
                continue
            os.mkfifo(path)
        elif content == "DIR":
            path.mkdir()
        elif content == "DEVZERO":
            if not os.path.exists("/dev/zero"):
                continue
            path.symlink_to("/dev/zero")
        elif isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_bytes(str(content).encode("utf-8"))
        out[name] = expected
    return out


def run_child(code: str, args: list[str], env: dict | None = None,
              per_line: float = PER_FILE) -> list[dict]:
    """Run `code` in a child Python, reading its JSON lines; a line slower than `per_line` seconds
    (a hang) or a child that dies fails the test, naming what it was doing."""
    proc = subprocess.Popen([sys.executable, "-c", code, *args], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines: queue.Queue = queue.Queue()
    threading.Thread(target=lambda: [lines.put(x) for x in proc.stdout] + [lines.put(None)],
                     daemon=True).start()
    got, doing = [], "starting"
    try:
        while True:
            try:
                line = lines.get(timeout=per_line)
            except queue.Empty:
                pytest.fail(f"hung for {per_line} s on {doing}")
            if line is None:
                proc.wait(timeout=per_line)
                pytest.fail(f"the child died on {doing}: {proc.stderr.read()[-2000:]}")
            item = json.loads(line)
            if item.get("done"):
                return got
            if "start" in item:
                doing = item["start"]
            else:
                got.append(item)
    finally:
        proc.kill()
        proc.wait()
