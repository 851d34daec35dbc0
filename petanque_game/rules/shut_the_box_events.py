"""Shut the Box's own event (beyond the shared `events.Rolled`): boxes closed. The class is its own
codec (`games.EventCodec`); the record's JSON is docs/records.md's."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from petanque_game.rules.base import Close
from petanque_game.rules.events import EventCodec, read_ints


@dataclass(frozen=True)
class Closed:
    """A seat closed these boxes after its last roll."""

    player: int
    boxes: tuple[int, ...]

    action: ClassVar[str] = "close"
    decided: ClassVar[type] = Close
    required: ClassVar[frozenset[str]] = frozenset({"player", "boxes"})
    optional: ClassVar[frozenset[str]] = frozenset()
    outcome: ClassVar[None] = None

    @property
    def decision(self) -> Close:
        return Close(self.boxes)

    @classmethod
    def of(cls, player: int, decision: Close, outcome: None) -> Closed:
        return cls(player, decision.boxes)

    @classmethod
    def read(cls, data: Mapping[str, Any], num_players: int) -> Closed:
        return cls(data["player"], tuple(sorted(read_ints(data, "boxes", 1, 9, 1, 9))))

    def write(self) -> dict[str, Any]:
        return {"action": "close", "player": self.player, "boxes": list(self.boxes)}


CODECS: Mapping[str, EventCodec] = {"close": Closed}
