"""The end of a round on the table (a component of the table scene, ui/component.py): the
reckoning shown over the round's last table (ui/table/reckoning.py), continued by a key or the
button, or by itself after a readable pause when no person plays; and the round's last table,
shown faint until the next round's diamond lies."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from petanque_game.rules.events import Transition
from petanque_game.rules.petanque_table import Table
from petanque_game.rules.terningepetanque import TerningepetanqueState as TableState
from petanque_game.rules.terningepetanque_events import RoundEnded, Thrown
from petanque_game.rules.terningepetanque_score import RoundFacts, SeatScore, seat_scores
from petanque_game.ui.component import Component
from petanque_game.ui.session import Step
from petanque_game.ui.table.reckoning_places import Ahead, Reckoned, label_places

POINTS_DELAY = 0.8  # seconds before the round's points start moving into the score pad
POINTS_MOVE = 1.0  # seconds they take to get there
AHEAD_MS = 1.0  # a frame's time spent at most placing the reckoning's labels ahead


@dataclass
class Reckoning:
    """One round's reckoning on screen."""

    round: int
    before: TableState  # the state the round ended in, before its scoring
    points: tuple[int, ...]  # the round_end's
    closest: tuple[int, ...]  # the round_end's
    wait: float | None  # seconds before it continues by itself; None: only on Continue
    facts: RoundFacts | None = None  # the rules' facts of the round's end
    t: float = 0.0
    # where its card was last drawn, in the area (the points fly from it)
    card: pygame.Rect | None = field(default=None, compare=False, repr=False)
    # where the card goes, and what that place was found for (reckoning.py `placed_card`)
    placed: tuple[tuple, pygame.Rect] | None = field(default=None, compare=False, repr=False)
    # where its measure's labels go (ui/table/reckoning_places.py), perhaps worked out ahead
    places: Ahead = field(default_factory=list, compare=False, repr=False)

    @property
    def table(self) -> Table:
        table: Table = self.before.table
        return table

    @property
    def parts(self) -> tuple[SeatScore, ...]:
        """Each seat's part of the round's score: the rules' facts of the round's end (a
        reckoning made without them asks the rules to score the table it ended on)."""
        if self.facts is not None:
            return self.facts.seats
        return seat_scores(self.table, self.before.penalties)

    @property
    def over(self) -> bool:
        return self.wait is not None and self.t >= self.wait

    @property
    def moved(self) -> float:
        """How far (0-1) the round's points have moved into the score pad."""
        return max(0.0, min(1.0, (self.t - POINTS_DELAY) / POINTS_MOVE))

    def total_shown(self, seat: int) -> int:
        """The seat's total as the score pad shows it now: the points arrive when they land."""
        return int(self.before.totals[seat]) + (self.points[seat] if self.moved >= 1.0 else 0)


def reckoning_of(made: Transition, wait: float | None) -> Reckoning:
    """The reckoning of the round that the transition `made` (a `RoundEnded`) scored."""
    end = made.event
    return Reckoning(end.round, made.before, end.points, end.closest, wait, made.facts)


CONTINUE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_c)


class RoundEnd(Component):
    """The reckoning on screen (or None) and the last round scored: (round, its table)."""

    def __init__(self, wait: Callable[[], float | None]) -> None:
        self.wait = wait  # seconds a reckoning waits before it goes on by itself; None: Continue
        self.reckoning: Reckoning | None = None
        self.final: tuple[int, Table] | None = None
        self.last_table: Table | None = None  # the table a throw in the air ends its round on
        self.ahead: Ahead = []  # its measure's places, worked out ahead

    def on_transition(self, step: Step) -> None:
        for made in step.transitions:
            if isinstance(made.event, Thrown):  # the round's last throw: its end is due next
                self.last_table = made.event.table if made.after.throws_left == 0 else None
                self.ahead = []
            if isinstance(made.event, RoundEnded):
                self.final = (made.event.round, made.before.table)
                self.reckoning = reckoning_of(made, self.wait())
                self.reckoning.places, self.ahead = self.ahead, []  # (used if still right)

    def plan_ahead(self, shown: Reckoned, size: tuple[int, int], dt: float,
                   ending: bool) -> None:
        """While the round's last throw comes to rest on screen, its reckoning's labels placed
        (ui/table/reckoning_places.py) for the view the camera is going to and, when the
        throw's rest is `ending` (within a frame or two: the reckoning's first frame may be the
        next), first for the view the next frame shows (a frame `dt` s on; earlier, that view
        is gone by then). For at most AHEAD_MS of this frame (a label is not begun that the
        longest one placed in this frame would take past it; the first always is), so that the
        frames the reckoning shows only draw them."""
        look = shown.look
        if self.last_table is None:
            return
        start = time.perf_counter()
        longest = 0.0  # ms: the longest label placed in this frame
        kept: Ahead = []
        goal = shown.view.goal_view
        for view in (shown.view.next_view(dt), goal) if ending else (goal,):
            places = label_places(shown, self.last_table, size, self.ahead, view)
            while not places.done:
                begun = time.perf_counter()
                if (begun - start) * 1000 + longest > AHEAD_MS:
                    break
                places.step(look)
                longest = max(longest, (time.perf_counter() - begun) * 1000)
            if all(other is not places for other in kept):  # (the camera still: one view)
                kept.append(places)
        self.ahead = kept  # (the views the camera has left behind let go of)

    def handle(self, event: pygame.event.Event) -> bool:
        """Continue's keys (the button is the scene's)."""
        if event.type == pygame.KEYDOWN and event.key in CONTINUE_KEYS:
            self.go_on()
            return True
        return False

    def update(self, dt: float) -> None:
        if self.reckoning is not None:
            self.reckoning.t += dt
            if self.reckoning.over:
                self.reckoning = None

    def go_on(self) -> None:
        """Continue: the reckoning is over."""
        self.reckoning = None
