"""How a Terningepetanque round is scored (docs/rules.md#terningepetanque-scoring), part by
part: for each seat the faces of its dice on the board, whether it was closest to the diamond or
threw doubles, the faces of its own dice it threw off the board, and the diamond's penalties. The
rules score a round from these parts (`score_round`) and hand them to the window with the round's
end (`round_facts`: the transition's facts), so the score sheet and the reckoning say where each
point came from without working it out again."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from petanque_game.rules.petanque_table import DieRest, Table
from petanque_game.rules.terningepetanque_events import RoundEnd

DIAMOND_PENALTY = 5  # points lost each time the diamond leaves the board (docs/rules.md)
# Touching (docs/rules.md#terningepetanque-scoring): a die whose outline lies this many mm from the
# diamond's touches it and counts as 0 away. It is the physics' contact tolerance (the collision
# slop of the simulation, set from this number), the gap resting contact can leave.
TOUCHING = 0.1  # mm
DICE_PER_PLAYER = 2
Seats = tuple[int, ...]  # a value per seat (points), or seats (closest)


@dataclass(frozen=True)
class SeatScore:
    """One seat's part of a round's score."""

    faces: tuple[int, ...]  # the faces of its dice on the board, in the table's order
    closest: bool  # it owns a die reckoned closest to the diamond
    doubles: bool  # both its dice lie on the board showing the same face
    off: tuple[int, ...]  # the faces of its dice that left the board in its own throw
    penalty: int  # the diamond's penalties charged to it (0 or less)

    @property
    def scored(self) -> int:
        """The faces' sum when closest or doubles (once, when both), else 0."""
        return sum(self.faces) if self.closest or self.doubles else 0

    @property
    def diamond_off(self) -> int:
        """How many times it knocked the diamond off the board."""
        return -self.penalty // DIAMOND_PENALTY

    @property
    def points(self) -> int:
        return self.scored - sum(self.off) + self.penalty


@dataclass(frozen=True)
class RoundFacts:
    """A round's end as the rules scored it: each seat's part, in seat order."""

    round: int
    seats: tuple[SeatScore, ...]

    @property
    def points(self) -> Seats:
        return tuple(s.points for s in self.seats)

    @property
    def closest(self) -> Seats:
        return tuple(seat for seat, s in enumerate(self.seats) if s.closest)


def seat_scores(table: Table, penalties: Seats) -> tuple[SeatScore, ...]:
    """Each seat's part of the score of a round that ended with `table`; `penalties` are the
    diamond's -5s of the round so far, per seat (negative or zero).

    Closest: the owners of the on-board die least distant from the diamond (exact ties all score)
    score the faces of their dice on the board; doubles (both dice on the board, same face) score
    their sum, once even when closest; a die off the board costs its owner its face when it left
    during the owner's own throw."""
    closest = {d.player for d in closest_dice(table)}
    parts = []
    for seat, penalty in enumerate(penalties):
        faces = tuple(d.face for d in table.dice if d.player == seat and d.on_board)
        doubles = len(faces) == DICE_PER_PLAYER and len(set(faces)) == 1
        off = tuple(d.face for d in table.dice
                    if d.player == seat and not d.on_board and d.off_during == seat)
        parts.append(SeatScore(faces, seat in closest, doubles, off, penalty))
    return tuple(parts)


def score_round(table: Table, penalties: Seats) -> tuple[Seats, Seats]:
    """(points per seat, closest seats) of a round that ended with `table` (`seat_scores`)."""
    parts = seat_scores(table, penalties)
    return tuple(s.points for s in parts), tuple(seat for seat, s in enumerate(parts)
                                                 if s.closest)


class Ended(Protocol):
    """What a round's end is scored on: the state's table and the diamond's penalties."""

    @property
    def table(self) -> Table: ...

    @property
    def penalties(self) -> Seats: ...


def round_facts(before: Ended, decision: object, outcome: object,
                after: object) -> RoundFacts | None:
    """The facts of a round's end (`GameSpec.facts`): its parts, scored on the table and the
    penalties of the state it ended in; None for any other step."""
    if not isinstance(decision, RoundEnd):
        return None
    return RoundFacts(decision.round, seat_scores(before.table, before.penalties))


def reckoned_distance(die: DieRest) -> float:
    """A die's distance to the diamond as the closest die is reckoned: 0 when it touches."""
    if die.distance is None:
        raise ValueError(f"seat {die.player}'s die {die.die} is off the board: it has no distance")
    return 0.0 if die.distance <= TOUCHING else die.distance


def closest_dice(table: Table) -> tuple[DieRest, ...]:
    """The dice on the board reckoned closest to the diamond (several on an exact tie or when
    they all touch it); none when no die lies on the board."""
    on_board = [d for d in table.dice if d.on_board]
    if not on_board:
        return ()
    best = min(reckoned_distance(d) for d in on_board)
    return tuple(d for d in on_board if reckoned_distance(d) == best)
