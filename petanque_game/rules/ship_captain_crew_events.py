"""Ship, Captain and Crew's own event (beyond the shared `events.Rolled`): the cargo accepted. The
class is its own codec (`games.EventCodec`); the record's JSON is docs/records.md's."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from petanque_game.rules.base import Stop
from petanque_game.rules.events import EventCodec


@dataclass(frozen=True)
class Stopped:
    """A seat accepted its cargo while it had rolls left."""

    player: int

    action: ClassVar[str] = "stop"
    decided: ClassVar[type] = Stop
    required: ClassVar[frozenset[str]] = frozenset({"player"})
    optional: ClassVar[frozenset[str]] = frozenset()
    outcome: ClassVar[None] = None

    @property
    def decision(self) -> Stop:
        return Stop()

    @classmethod
    def of(cls, player: int, decision: Stop, outcome: None) -> Stopped:
        return cls(player)

    @classmethod
    def read(cls, data: Mapping[str, Any], num_players: int) -> Stopped:
        return cls(data["player"])

    def write(self) -> dict[str, Any]:
        return {"action": "stop", "player": self.player}


CODECS: Mapping[str, EventCodec] = {"stop": Stopped}
