"""Terningepetanque's decisions and events. A seat decides a `Throw`, the physics supplies its
`Settle`, and the thrower may `Accept` or `Rethrow` it; the engine scores each round (`RoundEnd`).
The record holds `Thrown` (a throw with the table it came to rest as), `Rethrown` and the engine's
`RoundEnded`, besides the roll-off's shared `events.Rolled`; an `Accept` is never recorded: it is
implied by any event but a rethrow that follows a settled throw (`implied`). Each event class is
its own codec (`games.EventCodec`); the record's JSON is docs/records.md's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from petanque_game.rules.events import EventCodec, EventError, brief
from petanque_game.rules.petanque_table import Aim, Launch, Table, TableError

# --- decisions ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Throw:
    """The seat to move throws the diamond (obj "diamond", die None) or its die 0/1 (obj "die").

    `launch` is what the thrower decided, a bare `Aim`, until the match releases the throw with
    the hand's chance (`Match.decide`): then the `Launch` the hand made of it, the only kind the
    rules take (`_throw` refuses an Aim) and a record holds."""
    obj: str
    die: int | None
    launch: Aim


@dataclass(frozen=True)
class Settle:
    """The chance outcome of a throw: the table at rest after it, as the physics computed it."""
    table: Table


@dataclass(frozen=True)
class Accept:
    """The thrower keeps the throw that has just settled (not a recorded event)."""


@dataclass(frozen=True)
class Rethrow:
    """The thrower takes back the throw that has just settled and throws the same object again."""


@dataclass(frozen=True)
class RoundEnd:
    """The engine scores a round: its number (1-based), points per seat, the closest seats."""
    round: int
    points: tuple[int, ...]
    closest: tuple[int, ...]


# --- events ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Thrown:
    """A seat threw the diamond or one of its dice (`die` 0 or 1; None for the diamond) with this
    launch, and the table came to rest as `table`."""

    player: int
    obj: str
    die: int | None
    launch: Launch
    table: Table

    action: ClassVar[str] = "throw"
    decided: ClassVar[type] = Throw
    required: ClassVar[frozenset[str]] = frozenset({"player", "object", "launch", "outcome"})
    optional: ClassVar[frozenset[str]] = frozenset({"die"})

    @property
    def decision(self) -> Throw:
        return Throw(self.obj, self.die, self.launch)

    @property
    def outcome(self) -> Settle:
        return Settle(self.table)

    @classmethod
    def of(cls, player: int, decision: Throw, outcome: Settle) -> Thrown:
        if not isinstance(decision.launch, Launch):  # the rules took only a released throw
            raise ValueError("a throw is recorded once released, with its Launch")
        return cls(player, decision.obj, decision.die, decision.launch, outcome.table)

    @classmethod
    def read(cls, data: Mapping[str, Any], num_players: int) -> Thrown:
        obj, die = data["object"], data.get("die")
        if obj == "diamond":
            if die is not None:
                raise EventError("a diamond throw has no 'die'")
        elif obj == "die":
            if type(die) is not int or die not in (0, 1):
                raise EventError(f"a die throw needs 'die' 0 or 1, not {brief(die)}")
        else:
            raise EventError(f"object must be 'diamond' or 'die', not {brief(obj)}")
        try:
            launch = Launch.from_json(data["launch"])
            table = Table.from_json(data["outcome"])
        except TableError as e:
            raise EventError(str(e)) from None
        return cls(data["player"], obj, die, launch, table)

    def write(self) -> dict[str, Any]:
        out: dict[str, Any] = {"action": "throw", "player": self.player, "object": self.obj}
        if self.obj == "die":
            out["die"] = self.die
        out["launch"] = self.launch.to_json()
        out["outcome"] = self.table.to_json()
        return out


@dataclass(frozen=True)
class Rethrown:
    """The thrower took back the throw that had just settled (it stays in the record, before
    this event) and throws the same object again."""

    player: int

    action: ClassVar[str] = "rethrow"
    decided: ClassVar[type] = Rethrow
    required: ClassVar[frozenset[str]] = frozenset({"player"})
    optional: ClassVar[frozenset[str]] = frozenset()
    outcome: ClassVar[None] = None

    @property
    def decision(self) -> Rethrow:
        return Rethrow()

    @classmethod
    def of(cls, player: int, decision: Rethrow, outcome: None) -> Rethrown:
        return cls(player)

    @classmethod
    def read(cls, data: Mapping[str, Any], num_players: int) -> Rethrown:
        return cls(data["player"])

    def write(self) -> dict[str, Any]:
        return {"action": "rethrow", "player": self.player}


@dataclass(frozen=True)
class RoundEnded:
    """The engine scored a round: its number, the points of each seat, the closest seats."""

    round: int
    points: tuple[int, ...]
    closest: tuple[int, ...]

    action: ClassVar[str] = "round_end"
    decided: ClassVar[type] = RoundEnd
    required: ClassVar[frozenset[str]] = frozenset({"round", "points", "closest"})
    optional: ClassVar[frozenset[str]] = frozenset()
    player: ClassVar[None] = None  # the engine's
    outcome: ClassVar[None] = None
    # what a record reader says of one out of place (`fold`)
    early: ClassVar[str] = "petanque.early_round_end"  # the refusal's key (refuse.yaml)
    expected: ClassVar[str] = "petanque.round_end_due"

    @property
    def decision(self) -> RoundEnd:
        return RoundEnd(self.round, self.points, self.closest)

    @classmethod
    def of(cls, player: None, decision: RoundEnd, outcome: None) -> RoundEnded:
        return cls(decision.round, tuple(decision.points), tuple(decision.closest))

    @classmethod
    def read(cls, data: Mapping[str, Any], num_players: int) -> RoundEnded:
        rnd = data["round"]
        if type(rnd) is not int or not 1 <= rnd <= 99:
            raise EventError(f"round must be a whole number 1 to 99, not {brief(rnd)}")
        points = data["points"]
        if (not isinstance(points, list) or len(points) != num_players
                or any(type(p) is not int for p in points)):
            raise EventError(f"points must be {num_players} whole numbers, one per seat")
        closest = data["closest"]
        if (not isinstance(closest, list)
                or any(type(s) is not int or not 0 <= s < num_players for s in closest)):
            raise EventError("closest must be an array of seats")
        return cls(rnd, tuple(points), tuple(closest))

    def write(self) -> dict[str, Any]:
        return {"action": "round_end", "round": self.round, "points": list(self.points),
                "closest": list(self.closest)}

    def mismatch(self, due: RoundEnd) -> str | None:
        """Why this recorded round end is not the one the rules give (`due`), or None."""
        if self == RoundEnded.of(None, due, None):
            return None
        return (f"round_end records round {self.round}, points {list(self.points)}, closest "
                f"{list(self.closest)}; the rules give round {due.round}, points "
                f"{list(due.points)}, closest {list(due.closest)}")


CODECS: Mapping[str, EventCodec] = {"throw": Thrown, "rethrow": Rethrown, "round_end": RoundEnded}


def implied(state: Any, event: Any) -> Accept | None:
    """The Accept a record leaves out: a settled throw is kept unless a rethrow follows."""
    return Accept() if state.awaiting_accept and not isinstance(event, Rethrown) else None
