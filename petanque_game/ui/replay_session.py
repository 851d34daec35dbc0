"""A recorded game played back (`ReplaySession`): the states after each event, shown one event at
a time, standing anywhere at once; and a record opened for the window (`open_record`), a record
that cannot be used said in one line (LoadProblem).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from petanque_game.match import Match, OutcomeMismatch, rebuild
from petanque_game.record import RecordError, load_record
from petanque_game.rules.games import spec_of
from petanque_game.ui.look import Look
from petanque_game.ui.steps import LoadProblem, Session, Step


def open_record(look: Look, path: Path, on_event: Any = None) -> Match:
    """Load and rebuild a record; LoadProblem naming the file and the reason."""
    try:
        record = load_record(path)
        return rebuild(record, check_physics=False, on_event=on_event)
    except RecordError as e:
        raise LoadProblem(e.where(path)) from None
    except OutcomeMismatch as e:
        where = f"event {e.index}: " if e.index is not None else ""
        raise LoadProblem(f"{path}: {where}{e.reason}") from None
    except (RecursionError, MemoryError):
        raise LoadProblem(look.tr("files.record_too_large", path=path)) from None


class ReplaySession(Session):
    """A recorded game played back: the states after each event, shown one event at a time."""

    # The steps a jump makes again: what a scene shows at rest depends on the last turn's steps
    # (its roll, a round's final table) and its narration on the last LOG_LINES lines, which the
    # last 120 events always hold; a jump into a game of thousands of events stays quick.
    REST_WINDOW = 120

    def __init__(self, path: Path, look: Look | None = None):
        """The record at `path` (LoadProblem, said in `look`: the window's; None: English)."""
        look = look or Look()
        self.path = Path(path)
        states: list[Any] = []
        match = open_record(look, self.path, on_event=lambda index, state: states.append(state))
        record = match.record
        rules = spec_of(record.game).rules
        start = rules.new_game(len(record.players), record.options)
        super().__init__(record, start, look)
        self.match = match
        self.start = start
        self.states = states
        self._shown = 0
        self._narrated: dict[tuple[int, int, str], list[str]] = {}

    def narrate(self, step: Step) -> list[str]:
        """As `Session.narrate`, said once per language: a jump makes the last steps again, and
        their lines never change (benchmarks/bench_frames.py, a Terningepetanque replay
        scrubbed)."""
        key = (step.first_event, len(step.transitions), self.look.language())
        lines = self._narrated.get(key)
        if lines is None:
            lines = self._narrated[key] = Session.narrate(self, step)
        return lines

    @property
    def shown(self) -> int:
        """How many of the record's events have been shown so far."""
        return self._shown

    @property
    def at_end(self) -> bool:
        return self.shown >= len(self.states)

    @property
    def over(self) -> bool:
        return self.at_end and self.state.is_terminal

    def advance(self) -> Step | None:
        """Show the next recorded event."""
        if self.at_end:
            return None
        i = self._shown
        before, after = self.state, self.states[i]
        self.state = after
        self._shown += 1
        made = self.tell(i)
        return self._push(before, after, [made], i, made.player)

    def state_at(self, shown: int) -> Any:
        """The state after the first `shown` events (the start for 0)."""
        return self.states[shown - 1] if shown > 0 else self.start

    def seek(self, shown: int) -> int:
        """Stand after the first `shown` events at once, forward or back (0 to the number of
        events): the state is exactly the one playing forward to that point gave. The steps are
        made again for the last REST_WINDOW of those events, at rest: a scene made anew takes
        them in, finishes their animations at once, and shows what forward play showed there. The
        steps are `at_rest`, so no throw's flight is simulated again. Returns where it stands."""
        shown = max(0, min(len(self.states), shown))
        self._shown = shown
        self.state = self.state_at(shown)
        self.steps = []
        for i in range(max(0, shown - self.REST_WINDOW), shown):
            made = self.tell(i)
            self._push(self.state_at(i), self.states[i], [made], i, made.player).at_rest = True
        return shown

    def marks(self) -> list[tuple[int, str]]:
        """Where each turn or round starts, as (events shown, "turn" or "round"), for a timeline:
        the counts of `stats.progress` read from the recorded states."""
        from petanque_game.stats import progress

        unit, count = progress(self.game)
        found, last = [], 0
        for i, state in enumerate(self.states):
            c = count(self.record.events, i, state)
            if c > last:
                found.append((i + 1, unit))
                last = c
        if self.states and self.states[-1].is_terminal and (not found or found[-1][0] <
                                                             len(self.states)):
            found.append((len(self.states), unit))  # the last turn, which ended the game
        return found
