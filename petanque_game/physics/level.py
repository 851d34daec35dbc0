"""Terningepetanque levels: finding, reading and listing the board files.

A level is a YAML file (the format: docs/levels.md). The shipped ones are `levels/*.yaml`
(installed as `petanque_game.data.levels`); a player's own go in the `levels` folder of their
user folder (`user_levels_dir()`). Reading is bounded before anything else is done: a level must
be a regular file of at most MAX_LEVEL_BYTES, UTF-8, YAML of at most MAX_LEVEL_NODES values
(aliases counted as what they repeat) and no duplicate key (`config.parse_yaml`). Then
`level_check.parse_level` checks every key and `level_play` the level as a whole, into the frozen
dataclasses of `level_spec.py` (all re-exported here: `physics.level` is the one place to import
from). Anything wrong raises `LevelError`, one line: `<file>: <key>: <reason>`.

Names. A level's name is its file name without `.yaml`; a record keeps it (`level`) with the
SHA-256 of the file's bytes (`level_sha256`). A name is looked up among the shipped levels
first, then in the player's folder, so a shipped board always wins: a file of the player's whose
name is a shipped one's (ignoring case) is listed as broken ("the name is taken"), never used.
A player's file name must be 1 to 40 printable characters, not starting with a dot (see
`name_fault`). A record's board whose file has changed since is found again in the copies the
board editor kept of the boards it replaced (`kept_board`, docs/levels.md). A level given by
its path (`simulate --level FILE.yaml`) is named by its file name too; it is refused when
another board already answers to that name with other bytes, and a record of it verifies
wherever a board of that name with those bytes is found by name (so: put it in your levels
folder).

Seats (docs/rules.md#terningepetanque-the-table: a wall per player, 8 dice out): `walls.sides` names
the walls, each standing outside the board at compass `angle`; `seats` says which wall each seat of
a 2-, 3- and 4-player game uses, in seat (clockwise) order.
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import re
from collections.abc import Callable
from functools import partial
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from petanque_game import paths
from petanque_game.config import ConfigError, brief, key_lines, parse_yaml, read_bounded
from petanque_game.data import levels_dir
from petanque_game.physics.level_check import MAX_MASS, MAX_SIZE, one_line, parse_level
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
    "Obstacle", "ThrowLimits", "Tumble", "Wall", "Walls", "kept_board", "kept_dir", "level_names",
    "level_sha256", "list_levels", "load_level", "load_level_file", "load_named_level",
    "parse_level", "user_levels_dir",
]

MAX_LEVEL_BYTES = 64 * 1024  # a level is about 2 KB; the biggest valid one is under 20 KB
MAX_LEVEL_NODES = 5000  # YAML values; the biggest valid level holds about 2100
MAX_LEVEL_DEPTH = 16
MAX_USER_LEVELS = 100  # files of the player's folder read for the list (by name order)
MAX_NAME = 40


# --- a level file ----------------------------------------------------------------------------

def load_level(path: str | Path, name: str | None = None, origin: str = "file") -> Level:
    """Read and validate one level file; LevelError (one line) for anything wrong."""
    path = Path(path)
    return _parse_bytes(_read(path, _file(path.name)), name or path.stem, _file(path.name),
                        origin)


def _file(name: str) -> str:
    name = one_line(name)
    return name if len(name) <= 60 else name[:60] + "..."


def _read(entry: Any, file: str) -> bytes:
    try:
        return read_bounded(entry, MAX_LEVEL_BYTES, file)
    except ConfigError as exc:  # "<file>: <reason>", the form of a LevelError too
        raise LevelError(one_line(str(exc))) from None


PARSED_KEPT = 64  # boards whose reading is kept (the setup screen lists every board each time)
_parsed: dict[tuple[str, str, str, str], Level | LevelError] = {}


def _parse_bytes(raw: bytes, name: str, file: str, origin: str) -> Level:
    """The board in `raw`, checked; a board read before with the same bytes, name and file is
    not read and checked again (the checks are pure: the same bytes give the same answer), and a
    refused one is refused again in the same words."""
    digest = hashlib.sha256(raw).hexdigest()
    key = (digest, name, file, origin)
    kept = _parsed.get(key)
    if isinstance(kept, LevelError):
        raise LevelError(str(kept), kept.key, kept.reason)
    if kept is not None:
        return kept
    try:
        level = _parse_fresh(raw, name, file, digest, origin)
    except LevelError as exc:
        _keep(key, exc)
        raise
    _keep(key, level)
    return level


def _keep(key: tuple[str, str, str, str], answer: Level | LevelError) -> None:
    if len(_parsed) >= PARSED_KEPT:
        del _parsed[next(iter(_parsed))]  # the oldest
    _parsed[key] = answer


def _parse_fresh(raw: bytes, name: str, file: str, digest: str, origin: str) -> Level:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise LevelError(f"{file}: not UTF-8 text") from None
    try:
        data = parse_yaml(text, file, MAX_LEVEL_NODES, MAX_LEVEL_DEPTH)
    except ConfigError as exc:  # one line, whatever the file's keys hold
        raise LevelError(one_line(str(exc))) from None
    level = parse_level(data, name, file,
                        lambda: key_lines(text, MAX_LEVEL_NODES, MAX_LEVEL_DEPTH))
    return dataclasses.replace(level, sha256=digest, origin=origin)


def parse_level_text(text: str, name: str, origin: str = "challenge") -> Level:
    """A board given as the text of its file (as a challenge carries it), with every check a
    board file gets; LevelError (one line) for anything wrong."""
    raw = text.encode("utf-8", "surrogatepass")
    if len(raw) > MAX_LEVEL_BYTES:
        raise LevelError(f"{_file(name)}.yaml: {len(raw)} bytes; a board is at most "
                         f"{MAX_LEVEL_BYTES}")
    return _parse_bytes(raw, name, _file(f"{name}.yaml"), origin)


def board_text(name: str) -> str:
    """The text of the board file called `name` (shipped first, then the player's)."""
    entry, _ = _find(name)
    try:
        return _read(entry, _file(entry.name)).decode("utf-8")
    except UnicodeDecodeError:
        raise LevelError(f"{_file(entry.name)}: not UTF-8 text") from None


# --- where levels are --------------------------------------------------------------------------

def _levels_dir() -> Traversable:
    """The shipped levels (the installed package data, or the checkout's `levels/`)."""
    return levels_dir()


def user_levels_dir() -> Path:
    """The player's own boards."""
    return paths.user_dir() / "levels"


def _level_files() -> dict[str, Any]:
    files = {}
    for entry in _levels_dir().iterdir():
        if entry.name.endswith(".yaml") and entry.is_file():
            files[entry.name[:-5]] = entry
    return dict(sorted(files.items()))


def level_names() -> list[str]:
    """The shipped levels' names."""
    return list(_level_files())


def _user_files() -> list[str]:
    """File names (*.yaml, not hidden) in the player's levels folder, sorted; [] if none."""
    try:
        with os.scandir(user_levels_dir()) as it:
            return sorted(e.name for e in it if e.name.endswith(".yaml")
                          and not e.name.startswith("."))
    except (FileNotFoundError, NotADirectoryError):
        return []


def _user_board(path: Path) -> Path:
    """`path`, a board of the player's folder, unless it is a link leading out of the user
    folder: such a file is not read (LevelError), so none of its lines is ever shown."""
    if paths.leaves_user_folder(path):
        raise LevelError(f"{_file(path.name)}: a link to a file outside your user folder; "
                         "not read")
    return path


def _bad_name(name: str) -> bool:
    """Not a name a board of the player's folder can have: see `name_fault`. (A name starting
    with a dot would be a hidden file, which the list never reads.)"""
    return not 1 <= len(name) <= MAX_NAME or not name.isprintable() or name != name.strip() \
        or any(c in name for c in "/\\:") or name.startswith(".")


def _taken(name: str, shipped: dict[str, Any]) -> str | None:
    """The shipped name `name` would be confused with (same letters, any case), or None."""
    return next((t for t in shipped if t.casefold() == name.casefold()), None)


# Names Windows keeps for its devices (with any ending: `con.x.yaml` is no file there either).
RESERVED_NAMES = frozenset({"con", "prn", "aux", "nul", "conin$", "conout$",
                            *(f"{kind}{n}" for kind in ("com", "lpt") for n in "123456789")})
NAME_FAULTS = {
    "form": f"a board's file name (without .yaml) must be 1 to {MAX_NAME} printable characters, "
            "without / \\ : or spaces at either end",
    "dot": "a board's file name must not start with a dot (the file would be hidden, and the "
           "board list never reads hidden files)",
    "system": 'a board\'s file name must not hold < > " | ? * or end in a dot, and must not be '
              "a name Windows keeps for a device (con, nul, com1...)",
}


def name_fault(name: str, new: bool = False) -> str | None:
    """Which of NAME_FAULTS `name` has as a board's name, or None. With `new` (a board about to
    be written: the editor's Save) also what some systems would not keep as it is ("system")."""
    if name.startswith(".") and 1 <= len(name) <= MAX_NAME:
        return "dot"
    if _bad_name(name):
        return "form"
    if new and (any(c in name for c in '<>"|?*') or name.endswith(".")
                or name.split(".", maxsplit=1)[0].casefold() in RESERVED_NAMES):
        return "system"
    return None


def name_problem(name: str, shipped: dict[str, Any] | None = None, new: bool = False
                 ) -> str | None:
    """Why `name` cannot name a player's board (`new`: a board about to be written), or None."""
    fault = name_fault(name, new)
    if fault is not None:
        return NAME_FAULTS[fault]
    taken = _taken(name, _level_files() if shipped is None else shipped)
    if taken is not None:
        return f"the name is taken by the shipped board {taken!r}; rename the file"
    return None


def _find(name: Any) -> tuple[Any, str]:
    """(file, origin) of the level called `name`: shipped first, then the player's."""
    if not isinstance(name, str):
        raise LevelError(f"a level's name must be a text, not {brief(name)}")
    shipped = _level_files()
    if name in shipped:
        return shipped[name], "shipped"
    if not _bad_name(name):
        if _taken(name, shipped) is not None:
            raise LevelError(f"{name}.yaml: {name_problem(name, shipped)}")
        path = user_levels_dir() / f"{name}.yaml"
        if os.path.lexists(path):
            return _user_board(path), "user"
    known = ", ".join(shipped) or "none"
    raise LevelError(f"{brief(name)}: no such level (shipped: {known}; your own boards go in "
                     f"{user_levels_dir()})")


def load_named_level(name: str, played: str | None = None) -> Level:
    """The level `name` (a file stem such as "classic"): shipped, else the player's. With
    `played` (a record's `level_sha256`): the kept copy of the board it was played on when the
    file of that name now holds other bytes or is gone (`kept_board`)."""
    try:
        entry, origin = _find(name)
    except LevelError:
        kept = kept_board(played)
        if kept is None:
            raise
        return _parse_bytes(kept, name, _kept_file(name), "user")
    raw = _read(entry, _file(entry.name))
    if played is not None and hashlib.sha256(raw).hexdigest() != played:
        kept = kept_board(played)
        if kept is not None:
            return _parse_bytes(kept, name, _kept_file(name), "user")
    return _parse_bytes(raw, name, _file(entry.name), origin)


def level_sha256(name: str, played: str | None = None) -> str:
    """Hex SHA-256 of the bytes of the level file `name` (a record's `level_sha256`); with
    `played`, of the board a record of it was played on: `played` itself when the file now holds
    other bytes (or is gone) but a kept copy of those is there (`kept_board`)."""
    try:
        entry, _ = _find(name)
    except LevelError:
        if kept_board(played) is None:
            raise
        return str(played)
    digest = hashlib.sha256(_read(entry, _file(entry.name))).hexdigest()
    if played is not None and digest != played and kept_board(played) is not None:
        return played
    return digest


# --- the kept copies of replaced boards ---------------------------------------------------------

def kept_dir() -> Path:
    """Where the board editor keeps the text of each board of the player's it replaced, named by
    the SHA-256 of its bytes (a hidden folder of levels/: never listed as a board)."""
    return user_levels_dir() / ".kept"


def _kept_file(name: str) -> str:
    return f"{_file(name)}.yaml (the kept copy)"


def kept_board(sha256: str | None) -> bytes | None:
    """The bytes of the kept copy whose bytes hash to `sha256`, or None: no such copy, a
    copy whose bytes do not match its name (changed by hand: not the board of the record), or a
    link leading out of the user folder."""
    if not isinstance(sha256, str) or not re.fullmatch(r"[0-9a-f]{64}", sha256):
        return None
    path = kept_dir() / f"{sha256}.yaml"
    try:
        if not os.path.lexists(path) or paths.leaves_user_folder(path):
            return None
        raw = _read(path, path.name)
    except (LevelError, OSError):
        return None
    return raw if hashlib.sha256(raw).hexdigest() == sha256 else None


def load_level_file(path: str | Path) -> Level:
    """A level given by its path, named by its file name. Refused when its name is not a valid
    board name, or another board already answers to it with other bytes (a record of this one
    would name that one)."""
    level = load_level(path)
    file = _file(Path(path).name)
    try:
        entry, origin = _find(level.name)
    except LevelError:
        problem = name_problem(level.name)
        if problem is not None:
            raise LevelError(f"{file}: {problem}") from None
        return level  # no board of that name here: fine, but its records verify only beside it
    if hashlib.sha256(_read(entry, _file(entry.name))).hexdigest() != level.sha256:
        where = "a shipped board" if origin == "shipped" else "a board in your levels folder"
        raise LevelError(f"{file}: {level.name!r} is already the name of {where}, with other "
                         "contents; rename the file")
    return dataclasses.replace(level, origin=origin)


# --- the list for the setup screen -------------------------------------------------------------

def list_levels() -> list[tuple[str, Level | LevelError]]:
    """Every level by name, shipped ones first, then the player's (both sorted): a broken file
    is listed with its error, never raised. A file of the player's whose name cannot be a
    board's (taken by a shipped board, or not a valid name) is listed by its file name."""
    out: list[tuple[str, Level | LevelError]] = []
    shipped = _level_files()
    for name, entry in shipped.items():
        out.append((name, _try(partial(_shipped_level, entry, name), entry.name)))
    try:
        mine = _user_files()
    except OSError as exc:
        folder = user_levels_dir()
        return [*out, (folder.name, LevelError(f"{folder}: cannot be listed "
                                               f"({exc.strerror or exc})"))]
    for file in mine[:MAX_USER_LEVELS]:
        name = file[:-5]
        problem = name_problem(name, shipped)
        if problem is not None:  # listed by its file name: never the same as a board's name
            out.append((_file(file), LevelError(f"{_file(file)}: {problem}")))
        else:
            path = user_levels_dir() / file
            out.append((name, _try(partial(_user_level, path, name), file)))
    if len(mine) > MAX_USER_LEVELS:
        out.append(("...", LevelError(f"{user_levels_dir()}: {len(mine) - MAX_USER_LEVELS} more "
                                      f"boards not read (at most {MAX_USER_LEVELS} are)")))
    return out


def _shipped_level(entry: Any, name: str) -> Level:
    return _parse_bytes(_read(entry, entry.name), name, entry.name, "shipped")


def _user_level(path: Path, name: str) -> Level:
    return load_level(_user_board(path), name, "user")


def _try(load: Callable[[], Level], file: str) -> Level | LevelError:
    try:
        return load()
    except LevelError as exc:
        return exc
    except Exception as exc:  # a bug of ours must not hide the other boards
        return LevelError(f"{_file(file)}: cannot be checked (internal error: "
                          f"{type(exc).__name__})")
