"""Terningepetanque levels: the board, the walls, the seats and every tuned physics constant.

A level is a YAML file in `levels/` (shipped as `petanque_game.data.levels`), read here with
`yaml.safe_load`, checked by `level_check.py` into the frozen dataclasses of `level_spec.py`
(both re-exported here, so `physics.level` stays the one place to import from). Anything wrong
(not a mapping, a missing or unknown key, a wrong type, NaN, a size of zero, a wall inside the
board, ...) raises `LevelError`, whose text is one line: `<file>: <key>: <reason>`. Units:
millimetres, grams, seconds; angles in the file are in degrees (easier to write), in the
dataclasses in radians.

Seats (RULES.md: one wall per player, the gap from wall to board edge is 8 dice = 128 mm):
`walls.sides` names the walls, each standing outside the board at compass `angle` (degrees,
counter-clockwise from +x: 270 is the bottom edge as seen from above, "south"), `walls.gap` from
the board's furthest point in that direction. `seats` says which wall each seat of a 2-, 3- and
4-player game uses, in seat (clockwise) order; with 2 players the walls must be opposite. The
shipped rectangular levels use 2: [south, north], 3: [south, west, north], 4: [south, west, north,
east] (clockwise as seen from above); the round table spaces 3 players 120 degrees apart.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from petanque_game.config import ConfigError, parse_yaml
from petanque_game.data import levels_dir
from petanque_game.physics.level_check import MAX_MASS, MAX_SIZE, parse_level
from petanque_game.physics.level_spec import (
    Board,
    DiamondSpec,
    DiceSpec,
    Felt,
    Level,
    LevelError,
    Obstacle,
    ThrowLimits,
    Tumble,
    Wall,
    Walls,
)

__all__ = [
    "MAX_MASS", "MAX_SIZE", "Board", "DiamondSpec", "DiceSpec", "Felt", "Level", "LevelError",
    "Obstacle", "ThrowLimits", "Tumble", "Wall", "Walls", "level_names", "level_sha256",
    "list_levels", "load_level", "load_named_level", "parse_level",
]


# --- a level file ----------------------------------------------------------------------------

def load_level(path: str | Path, name: str | None = None) -> Level:
    """Read and validate one level file; LevelError (one line) for anything wrong."""
    path = Path(path)
    file = path.name
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise LevelError(f"{file}: cannot be read ({exc.strerror or exc})") from None
    return _parse_bytes(raw, name or path.stem, file)


def _parse_bytes(raw: bytes, name: str, file: str) -> Level:
    if len(raw) > 1_000_000:
        raise LevelError(f"{file}: too big for a level file ({len(raw)} bytes)")
    try:
        data = parse_yaml(raw.decode("utf-8"), file)
    except UnicodeDecodeError:
        raise LevelError(f"{file}: not UTF-8 text") from None
    except ConfigError as exc:  # "<file>: <reason>", the form of a LevelError too
        raise LevelError(str(exc)) from None
    return parse_level(data, name, file)


# --- the shipped levels ----------------------------------------------------------------------

def _levels_dir():
    """The shipped levels (the installed package data, or the checkout's `levels/`)."""
    return levels_dir()


def _level_files() -> dict[str, Any]:
    d = _levels_dir()
    files = {}
    for entry in d.iterdir():
        if entry.name.endswith(".yaml") and entry.is_file():
            files[entry.name[:-5]] = entry
    return dict(sorted(files.items()))


def level_names() -> list[str]:
    return list(_level_files())


def _entry(name: str):
    files = _level_files()
    if name not in files:
        known = ", ".join(files) or "none"
        raise LevelError(f"{name}.yaml: no such level (known: {known})")
    return files[name]


def load_named_level(name: str) -> Level:
    """The shipped level `name` (a file stem such as "classic")."""
    entry = _entry(name)
    return _parse_bytes(entry.read_bytes(), name, entry.name)


def level_sha256(name: str) -> str:
    """Hex SHA-256 of the shipped level file's bytes (a record's `level_sha256`)."""
    return hashlib.sha256(_entry(name).read_bytes()).hexdigest()


def list_levels() -> list[tuple[str, Level | LevelError]]:
    """Every shipped level by name, sorted; a broken file is listed with its error, never raised."""
    out: list[tuple[str, Level | LevelError]] = []
    for name, entry in _level_files().items():
        try:
            out.append((name, _parse_bytes(entry.read_bytes(), name, entry.name)))
        except LevelError as exc:
            out.append((name, exc))
        except OSError as exc:
            out.append((name, LevelError(f"{entry.name}: cannot be read ({exc})")))
    return out
