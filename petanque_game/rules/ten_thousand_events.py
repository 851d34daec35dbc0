"""Ten Thousand's own events (beyond the shared `events.Rolled`): dice set aside, a turn banked.
Each class is its own codec (`games.EventCodec`); the record's JSON is docs/records.md's."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from petanque_game.rules.base import Bank, Keep
from petanque_game.rules.events import EventCodec, read_ints


@dataclass(frozen=True)
class Kept:
    """A seat set these dice (values) aside from its last roll."""

    player: int
    dice: tuple[int, ...]

    action: ClassVar[str] = "keep"
    decided: ClassVar[type] = Keep
    required: ClassVar[frozenset[str]] = frozenset({"player", "dice"})
    optional: ClassVar[frozenset[str]] = frozenset()
    outcome: ClassVar[None] = None

    @property
    def decision(self) -> Keep:
        return Keep(self.dice)

    @classmethod
    def of(cls, player: int, decision: Keep, outcome: None) -> Kept:
        return cls(player, decision.dice)

    @classmethod
    def read(cls, data: Mapping[str, Any], num_players: int) -> Kept:
        return cls(data["player"], tuple(sorted(read_ints(data, "dice", 1, 6, 1, 6))))

    def write(self) -> dict[str, Any]:
        return {"action": "keep", "player": self.player, "dice": list(self.dice)}


@dataclass(frozen=True)
class Banked:
    """A seat ended its turn and banked the turn total."""

    player: int

    action: ClassVar[str] = "bank"
    decided: ClassVar[type] = Bank
    required: ClassVar[frozenset[str]] = frozenset({"player"})
    optional: ClassVar[frozenset[str]] = frozenset()
    outcome: ClassVar[None] = None

    @property
    def decision(self) -> Bank:
        return Bank()

    @classmethod
    def of(cls, player: int, decision: Bank, outcome: None) -> Banked:
        return cls(player)

    @classmethod
    def read(cls, data: Mapping[str, Any], num_players: int) -> Banked:
        return cls(data["player"])

    def write(self) -> dict[str, Any]:
        return {"action": "bank", "player": self.player}


CODECS: Mapping[str, EventCodec] = {"keep": Kept, "bank": Banked}
