"""Events: what a record holds, as typed values, and the transitions the match makes of them.

An event is one act and what came of it: a seat's decision with the chance outcome it caused (a
roll and its dice), a decision alone (a keep, a bank), or the engine's own step (a round scored).
Each game owns its events, frozen dataclasses named in its own words; its `GameSpec.codecs` map
each recorded action name to the codec that reads and writes it (`EventCodec`). An event
class is its own codec: `read` and `of` make one, `write` gives its JSON. The roll, shared by the
tray games, is defined once here (`Rolled`).

Every event the match makes or reads becomes a `Transition` (the event, the state before and
after it, the rules' facts): `Match.advance` is the one place that makes them, in live play and
when a record is folded, and the window draws and tells them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from petanque_game.rules.base import Dice, Roll


class EventError(ValueError):
    """An event a game's codec cannot read; the message says what is wrong with it."""


@dataclass(frozen=True)
class Transition:
    """One event and the change it made: `before` is the state it was made in (after any
    decision the record leaves out, such as Terningepetanque's accepted throw), `after` the
    state it left; `facts` what the rules made of it (`GameSpec.facts`), or None."""

    index: int  # the event's place in the record
    event: Any
    before: Any
    after: Any
    facts: Any = None

    @property
    def player(self) -> int | None:
        player: int | None = self.event.player
        return player


class EventCodec(Protocol):
    """A recorded action of a game: its typed event and the event's JSON fields. An event class
    is its own codec (`Rolled`). A codec of the first shape, with `encode(seat, decision)` and
    `decode(event)` to the decision instead of `of`, `read` and `write`, is still taken
    (`DecisionCodec`)."""

    decided: type  # the class of the decision it records (the engine's step for its own events)
    required: frozenset[str]  # event keys besides "action" that must be there
    optional: frozenset[str]

    def of(self, player: Any, decision: Any, outcome: Any) -> Any:
        """The event of `player` (a seat; None: the engine) deciding `decision`, with its chance
        outcome (None when it has none). Each codec takes the player, decision and outcome of
        its own event, so they are Any here."""

    def read(self, data: Mapping[str, Any], num_players: int) -> Any:
        """The event a record's JSON object holds (its keys and player already checked);
        EventError, with the whole reason, when its fields are wrong."""

    def write(self, event: Any) -> dict[str, Any]:
        """The event as the record holds it (with "action" and, but for the engine, "player")."""


@dataclass(frozen=True)
class Rolled:
    """A seat rolled dice: the values they show, in the order rolled. `reroll` names the cargo
    dice rolled again in Ship, Captain and Crew with `cargo_reroll: any` (None elsewhere)."""

    player: int
    dice: tuple[int, ...]
    reroll: tuple[int, ...] | None = None

    action: ClassVar[str] = "roll"
    decided: ClassVar[type] = Roll
    required: ClassVar[frozenset[str]] = frozenset({"player", "dice"})
    optional: ClassVar[frozenset[str]] = frozenset({"reroll"})

    @property
    def decision(self) -> Roll:
        return Roll(len(self.dice), self.reroll)

    @property
    def outcome(self) -> Dice:
        return Dice(self.dice)

    @classmethod
    def of(cls, player: int, decision: Roll, outcome: Dice) -> Rolled:
        return cls(player, outcome.values, decision.reroll)

    @classmethod
    def read(cls, data: Mapping[str, Any], num_players: int) -> Rolled:
        reroll = read_ints(data, "reroll", 1, 6, 1, 2) if "reroll" in data else None
        return cls(data["player"], read_ints(data, "dice", 1, 6, 1, 6), reroll)

    def write(self) -> dict[str, Any]:
        out: dict[str, Any] = {"action": "roll", "player": self.player, "dice": list(self.dice)}
        if self.reroll is not None:
            out["reroll"] = list(self.reroll)
        return out


SHARED_CODECS: Mapping[str, EventCodec] = {"roll": Rolled}  # the actions any game may list


@dataclass(frozen=True)
class Decided:
    """The event of a game's own action whose codec has the first shape (`encode(seat,
    decision)` and `decode(event)` to a decision, with no chance outcome): its decision."""

    action: str
    player: int | None  # None: the engine's own step
    decision: Any
    outcome: ClassVar[None] = None


class DecisionCodec:
    """A codec of the first shape (`encode`/`decode`, as the toy game in the tests has), read
    and written as `Decided` events; its refusals are prefixed with the action's name."""

    def __init__(self, action: str, codec: Any):
        self.action, self.codec = action, codec
        self.decided = codec.decision
        self.required, self.optional = codec.required, codec.optional

    def read(self, data: Mapping[str, Any], num_players: int) -> Decided:
        try:
            return Decided(self.action, data.get("player"), self.codec.decode(data))
        except EventError as e:
            raise EventError(f"{self.action}: {e}") from None

    def of(self, player: int | None, decision: Any, outcome: Any) -> Decided:
        return Decided(self.action, player, decision)

    def write(self, event: Decided) -> dict[str, Any]:
        out: dict[str, Any] = self.codec.encode(event.player, event.decision)
        return out


def as_codec(action: str, codec: Any) -> EventCodec:
    """A game's codec as the match uses it: an event class as it is, a first-shape codec
    wrapped (`DecisionCodec`)."""
    return codec if hasattr(codec, "read") else DecisionCodec(action, codec)


def read_ints(data: Mapping[str, Any], key: str, low: int, high: int, min_n: int,
              max_n: int) -> tuple[int, ...]:
    """An event's array of `min_n` to `max_n` whole numbers from `low` to `high`."""
    value = data[key]
    if not isinstance(value, list):
        raise EventError(f"{key} must be an array of {min_n} to {max_n} numbers, "
                         f"not {brief(value)}")
    if not min_n <= len(value) <= max_n:
        raise EventError(f"{key} must be an array of {min_n} to {max_n} numbers; it holds "
                         f"{len(value)}")
    for v in value:
        if type(v) is not int or not low <= v <= high:
            raise EventError(f"{key} holds {brief(v)}; expected whole numbers {low} to {high}")
    return tuple(value)


MISSING = object()  # a key that is not there at all


def brief(value: Any) -> str:
    """A value from a file as a refusal names it: short, never the whole of it."""
    if value is MISSING or value is None:
        return "nothing" if value is MISSING else "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return repr(value if len(value) <= 40 else value[:37] + "...")
    kinds: dict[type, str] = {dict: "an object", list: "an array"}
    return kinds.get(type(value), type(value).__name__)
