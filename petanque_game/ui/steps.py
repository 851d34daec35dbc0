"""What a game scene shows and drives: a live game (a Match with seats, autosaved) or a replay (a
record's states, one event at a time). The scenes draw from either without knowing which.

Every change of state is a `Step`: the transitions the match made (`Match.decide` in a live game,
the record's fold in a replay), one per event, typed (`rules/events.py`), each with the states
before and after it and the rules' facts. The scenes match on the events and read those states;
the window never decides or re-applies a rule: a human's action goes to `Match.decide`, which
refuses an illegal one with IllegalAction.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from petanque_game.match import Match, Transition
from petanque_game.record import Record, Seat
from petanque_game.rules.games import spec_of
from petanque_game.ui.look import Look
from petanque_game.ui.narrate import teller_of

if TYPE_CHECKING:
    from petanque_game.challenge_results import Result
    from petanque_game.challenge_setup import Challenge


class LoadProblem(Exception):
    """A record or autosave that cannot be opened; str() is one line naming the file and why."""


@dataclass
class Step:
    """One change of the game: its `transitions` (one per event written to the record, in order)
    took `before` to `after`. The window draws and tells steps; it never reads the record's raw
    events."""

    number: int  # 0, 1, 2 ... in the order the steps happened
    before: Any
    after: Any
    transitions: list[Transition]
    first_event: int  # index in the record of the first event (or where it would be)
    seat: int | None  # the seat that acted (None for the engine)
    throw: Any = None  # Terningepetanque: the ThrowShown (path) of a live throw in this step
    at_rest: bool = False  # made again by a replay's jump: shown at once, nothing simulated


LOG_LINES = 40  # the lines a game's log keeps (GameScene.history)


class Session:
    """The common face of a live game and a replay: what a scene may read of either."""

    interactive = False
    match: Match  # the game (a live one's own; a replay's, folded from its record)
    # The challenge this game plays (a challenge started, or found by `results_challenge`), once
    # asked; and its result once the finished game has been counted among that challenge's.
    challenge: Challenge | None = None
    challenge_asked = False
    challenge_result: Result | None = None

    def __init__(self, record: Record, state: Any, look: Look | None = None):
        self.record = record
        self.state = state
        self.steps: list[Step] = []
        self.spec = spec_of(record.game)
        self.rules = self.spec.rules
        self.saved_record: Path | None = None  # where the finished game was kept (records/)
        self.save_problem: str | None = None  # why the last save failed, until it has been said
        # what it says its lines and problems with: the window's `look`, else one of its own
        # (English) until a window shows it and hands it the window's (`shown_with`)
        self.look = look or Look()

    def shown_with(self, look: Look) -> None:
        """From now on the game's lines and problems are said in the window's `look`."""
        self.look = look

    @property
    def shown(self) -> int:
        """How many of the record's events the window has shown: all of them in a live game."""
        return len(self.record.events)

    def close(self) -> None:
        """The window lets go of the session (its scene is closed)."""

    @property
    def game(self) -> str:
        return self.record.game

    @property
    def players(self) -> list[Seat]:
        return self.record.players

    @property
    def over(self) -> bool:
        over: bool = self.state.is_terminal
        return over

    @property
    def ai_to_move(self) -> bool:
        return False

    @property
    def human_to_move(self) -> bool:
        return False

    def person_here(self, seat: int) -> bool:
        """Is `seat` played by a person at this computer? (Online, a friend's seat is not.)"""
        return bool(self.players[seat].kind == "human")

    @property
    def thinking(self) -> bool:
        """Is an AI's decision being worked out (a live game's)?"""
        return False

    told_before: tuple[str, ...] = ()  # a resumed game's log of what happened before this window

    _teller: Callable[[Look, Any, list[str]], list[str]] | None = None  # the game's (`narrate`)

    def narrate(self, step: Step) -> list[str]:
        """What `step` adds to the log, in the window's language, as `describe` tells it (the
        game's teller found once: a replay's jump tells a few dozen steps at once)."""
        if self._teller is None:
            self._teller = teller_of(self.game)
        return self._teller(self.look, step, [p.name for p in self.players])

    def told(self, steps: list[Step], kept: int) -> list[str]:
        """What `steps` add to a log that keeps its last `kept` lines: the lines of the newest
        steps, told newest first until `kept` lines are had; older steps' lines would be let go
        unread (a replay's jump takes in its last 120 steps at once, a scrub every frame). A
        step's lines never depend on another step's."""
        told: list[list[str]] = []
        count = 0
        for step in reversed(steps):
            if count >= kept:
                break
            told.append(self.narrate(step))
            count += len(told[-1])
        return [line for lines in reversed(told) for line in lines]

    def recap(self, events: int) -> list[str]:
        """The log's lines for the last `events` events of the record as it stands, each told as
        a replay's jump tells it (one step an event): what a resumed game shows of what happened
        before this window took it."""
        lines: list[str] = []
        for i in range(max(0, len(self.record.events) - events), len(self.record.events)):
            made = self.tell(i)
            lines += self.narrate(Step(i, made.before, made.after, [made], i, made.player))
        return lines

    def tell(self, index: int) -> Transition:
        """The transition of the record's event `index` (the match keeps one per event)."""
        return self.match.transitions[index]

    def _push(self, before: Any, after: Any, made: list[Transition], first: int,
              seat: int | None, throw: Any = None) -> Step:
        step = Step(len(self.steps), before, after, made, first, seat, throw)
        self.steps.append(step)
        return step
