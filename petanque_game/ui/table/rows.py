"""The score sheet's rows: one per round scored, read from the rules' facts of each round's end
(rules/terningepetanque_score.py `RoundFacts`), so the sheet adds nothing to the score and works
nothing out again. What has been read of a session is kept (`SheetRows`, the table's own:
ui/table/pictures.py), so each event is read once."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from petanque_game.rules.terningepetanque_events import RoundEnded
from petanque_game.rules.terningepetanque_score import RoundFacts, SeatScore


@dataclass(frozen=True)
class Row:
    """One scored round: points per seat, the closest seats, the seats that threw doubles, and
    per seat the points lost to its dice and the diamond knocked off (zero or negative)."""

    round: int
    points: tuple[int, ...]
    closest: tuple[int, ...]
    doubles: tuple[int, ...]
    lost: tuple[int, ...]


def row_of(number: int, points: tuple[int, ...], closest: tuple[int, ...],
           parts: Sequence[SeatScore]) -> Row:
    """The row of round `number` from its round_end's points and closest seats and each seat's
    part of the score as the rules scored it (`RoundFacts.seats`)."""
    doubles = tuple(seat for seat, part in enumerate(parts) if part.doubles)
    lost = tuple(part.penalty - sum(part.off) for part in parts)
    return Row(number, tuple(points), tuple(closest), doubles, lost)


# --- the rows a game holds ------------------------------------------------------------------------


@dataclass
class SheetRows:
    """What the sheet has read of one session: its rows by round, the round_end events found
    (event index, round) and how many events have been looked at (kept per session by the
    table's pictures, ui/table/pictures.py)."""

    rows: dict[int, Row] = dataclasses.field(default_factory=dict)
    ends: list[tuple[int, Any]] = dataclasses.field(default_factory=list)
    read: int = 0


def scored_rows(session: Any, kept: SheetRows | None = None) -> dict[int, Row]:
    """Every round scored in the events the session has shown, by number. Each event's
    transition is read once into `kept` (what was read of the session before; none: all of it
    is read now); a round's row comes from its `RoundEnded` and the rules' facts of it."""
    kept = kept if kept is not None else SheetRows()
    for i in range(kept.read, session.shown):
        made = session.tell(i)
        if isinstance(made.event, RoundEnded):
            end = made.event
            kept.ends.append((i, end.round))
            if end.round not in kept.rows:
                facts: RoundFacts = made.facts  # (the rules' facts of a round's end)
                kept.rows[end.round] = row_of(end.round, end.points, end.closest, facts.seats)
    kept.read = max(kept.read, session.shown)
    return {number: kept.rows[number] for i, number in kept.ends if i < session.shown}
