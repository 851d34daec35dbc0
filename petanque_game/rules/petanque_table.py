"""Terningepetanque's table at rest and a throw's launch, as plain values.

The physics produces a `Table` when a throw has settled; the rules score a round from it; the record
stores it as a throw's `outcome` (docs/records.md#terningepetanque: mm from the board's centre, x
right, y up, angles in radians). Nothing here simulates anything.

A die's 3D orientation is one of the 24 rotations of a cube, numbered 0-23 (see `physics/cube.py`
for the numbering); `face` is the value on top and follows from it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, ClassVar

from petanque_game.rules.base import Refused

DIAMOND = "diamond"
DIE = "die"
# How steady a person's hand is, from the steadiest (a record's top-level "hands" names one per
# human seat; `physics.hand.PERSON_HANDS` says what each adds to an aim)
HAND_NAMES = ("steady", "normal", "shaky")


class TableError(Refused):
    """A table or launch in a record that is missing a key, mistyped or out of range (its
    `refusal` names the place: `where`, a path in the record such as "outcome.dice[0]")."""


@dataclass(frozen=True)
class DiamondRest:
    x: float
    y: float
    angle: float
    on_board: bool
    reset: bool = False  # it left the board during this throw and was laid at the centre


@dataclass(frozen=True)
class DieRest:
    player: int
    die: int  # 0 or 1: which of the player's two dice
    x: float
    y: float
    angle: float
    face: int
    on_board: bool
    off_during: int | None  # seat whose throw was in progress when it left the board
    distance: float | None  # outline to outline, to the diamond (mm); None off the board
    orientation: int  # 0-23, the cube rotation; `face` is the value it puts on top


@dataclass(frozen=True)
class Table:
    """Everything on (or fallen off) the board at rest: the diamond and the dice in throw order."""

    diamond: DiamondRest | None = None
    dice: tuple[DieRest, ...] = field(default_factory=tuple)

    def die_of(self, player: int, die: int) -> DieRest | None:
        for d in self.dice:
            if d.player == player and d.die == die:
                return d
        return None

    def to_json(self) -> dict[str, Any]:
        return {
            "diamond": None if self.diamond is None else {
                "x": self.diamond.x, "y": self.diamond.y, "angle": self.diamond.angle,
                "on_board": self.diamond.on_board, "reset": self.diamond.reset,
            },
            "dice": [
                {"player": d.player, "die": d.die, "x": d.x, "y": d.y, "angle": d.angle,
                 "face": d.face, "on_board": d.on_board, "off_during": d.off_during,
                 "distance": d.distance, "orientation": d.orientation}
                for d in self.dice
            ],
        }

    @staticmethod
    def from_json(data: Any) -> Table:
        obj = _mapping(data, "outcome", ("diamond", "dice"))
        dm = obj.get("diamond")
        diamond = None
        if dm is not None:
            dm = _mapping(dm, "outcome.diamond", ("x", "y", "angle", "on_board", "reset"))
            diamond = DiamondRest(
                _number(dm, "x", "outcome.diamond"), _number(dm, "y", "outcome.diamond"),
                _number(dm, "angle", "outcome.diamond"), _flag(dm, "on_board", "outcome.diamond"),
                _flag(dm, "reset", "outcome.diamond"),
            )
        dice_raw = obj.get("dice")
        if not isinstance(dice_raw, list):
            raise TableError("table.dice_list")
        dice = []
        for i, raw in enumerate(dice_raw):
            where = f"outcome.dice[{i}]"
            d = _mapping(raw, where, DIE_KEYS)
            off_during = d.get("off_during", _MISSING)
            if off_during is _MISSING:
                raise TableError("table.lacks", where=where, key=repr("off_during"))
            if off_during is not None:
                off_during = _whole(d, "off_during", where, 0, 7)
            distance = d.get("distance", _MISSING)
            if distance is _MISSING:
                raise TableError("table.lacks", where=where, key=repr("distance"))
            if distance is not None:
                distance = _number(d, "distance", where)
            dice.append(DieRest(
                _whole(d, "player", where, 0, 7), _whole(d, "die", where, 0, 1),
                _number(d, "x", where), _number(d, "y", where), _number(d, "angle", where),
                _whole(d, "face", where, 1, 6), _flag(d, "on_board", where),
                off_during, distance, _whole(d, "orientation", where, 0, 23),
            ))
        return Table(diamond, tuple(dice))


@dataclass(frozen=True)
class Aim:
    """What a thrower decides: every number of a throw but what the hand adds by chance.

    x, y: the point of release in board coordinates (mm), behind the thrower's wall.
    direction: heading in the board plane (rad, 0 = +x, counter-clockwise).
    speed: release speed (mm/s), along the heading tilted up by `elevation`.
    elevation: upward angle at release (rad).
    spin: spin about the vertical axis (rad/s).
    """

    x: float
    y: float
    direction: float
    speed: float
    elevation: float
    spin: float

    FIELDS: ClassVar[tuple[str, ...]] = ("x", "y", "direction", "speed", "elevation", "spin")

    def launched(self, orientation: int = 0, tumble: int | None = None) -> Launch:
        """This aim released exactly, the die starting in `orientation`, the dice it knocks
        tumbling by `tumble` (None: the physics of version 2; tests, searches)."""
        return Launch(self.x, self.y, self.direction, self.speed, self.elevation, self.spin,
                      orientation, tumble)


@dataclass(frozen=True)
class Launch(Aim):
    """Every number the physics needs to re-run a throw (docs/records.md `launch`): the aim as the
    hand released it (any wobble applied), `orientation`, the die's starting cube rotation 0-23 in
    the hand (0 for the diamond), and `tumble` (0 to TUMBLE_MAX), the chance in how the dice this
    throw knocks land (`physics/knocked.py`; 0 for the diamond; None in a throw of physics
    version 2, made before knocked dice tumbled by chance). All three are chance, drawn by the
    match after the thrower decided the aim (`physics.hand`), so no player can choose or see them
    beforehand."""

    orientation: int = 0
    tumble: int | None = None

    FIELDS: ClassVar[tuple[str, ...]] = (*Aim.FIELDS, "orientation")
    # in a record's launch: `tumble` only in physics version 3 on
    KEYS: ClassVar[tuple[str, ...]] = (*FIELDS, "tumble")

    @property
    def aim(self) -> Aim:
        return Aim(self.x, self.y, self.direction, self.speed, self.elevation, self.spin)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {name: getattr(self, name) for name in self.FIELDS}
        if self.tumble is not None:
            out["tumble"] = self.tumble
        return out

    @staticmethod
    def from_json(data: Any) -> Launch:
        """The launch's shape: every number present and finite, `tumble` a whole number when
        present. Ranges depend on the level and are checked by the physics
        (`physics.throw.check_launch`); whether `tumble` belongs is the record's physics version's
        to say (`fold.py`)."""
        obj = _mapping(data, "launch", Launch.KEYS)
        tumble = _whole(obj, "tumble", "launch", 0, TUMBLE_MAX) if "tumble" in obj else None
        x, y, direction, speed, elevation, spin = (_number(obj, name, "launch")
                                                   for name in Aim.FIELDS)
        return Launch(x, y, direction, speed, elevation, spin,
                      orientation=_whole(obj, "orientation", "launch", 0, 23), tumble=tumble)


TUMBLE_MAX = 2**32 - 1
_MISSING = object()
DIE_KEYS = ("player", "die", "x", "y", "angle", "face", "on_board", "off_during", "distance",
            "orientation")
TOO_LARGE = 2.0**63  # no coordinate, angle or speed of a record comes near this


def _mapping(value: Any, where: str, keys: tuple[str, ...]) -> dict:
    """`value` as an object holding no key but `keys` (docs/records.md#events: no unknown key below
    the top level)."""
    if not isinstance(value, dict):
        raise TableError("table.not_object", where=where)
    unknown = sorted(k for k in value if k not in keys)
    if unknown:
        raise TableError("table.unknown_key", where=where, key=ascii(unknown[0])[:40])
    return value


def _number(obj: dict, key: str, where: str) -> float:
    if key not in obj:
        raise TableError("table.lacks", where=where, key=repr(key))
    value = obj[key]
    if type(value) not in (int, float):
        raise TableError("table.not_number", where=where, key=key, given=type(value).__name__)
    if type(value) is int and abs(value) > TOO_LARGE:  # float() of it could overflow
        raise TableError("table.far", where=where, key=key)
    if not math.isfinite(value):
        raise TableError("table.not_finite", where=where, key=key, value=str(value))
    return float(value)


def _whole(obj: dict, key: str, where: str, low: int, high: int) -> int:
    if key not in obj:
        raise TableError("table.lacks", where=where, key=repr(key))
    value = obj[key]
    if type(value) is not int or not low <= value <= high:
        raise TableError("table.whole", where=where, key=key, value=repr(value), low=low,
                         high=high)
    return value


def _flag(obj: dict, key: str, where: str) -> bool:
    if key not in obj:
        raise TableError("table.lacks", where=where, key=repr(key))
    value = obj[key]
    if type(value) is not bool:
        raise TableError("table.flag", where=where, key=key)
    return value
