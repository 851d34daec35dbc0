"""What a game scene shows and drives: a live game (a Match with seats, autosaved) or a replay (a
record's states, one event at a time). The scenes draw from either without knowing which.

Every change of state is a `Step` (state before, state after, the record events it wrote), which the
scene reads to animate rolls and throws and to say what happened. The window never decides a rule:
a human's action goes to `Match.decide`, which refuses an illegal one with IllegalAction.
"""

from __future__ import annotations

import json
import os
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime, timezone
from functools import cache
from pathlib import Path
from typing import Any

from petanque_game import paths
from petanque_game.match import Match, OutcomeMismatch, rebuild
from petanque_game.record import Record, RecordError, Seat, load_record, write_atomic
from petanque_game.rules import game_rules
from petanque_game.rules.base import IllegalAction


class LoadProblem(Exception):
    """A record or autosave that cannot be opened; str() is one line naming the file and why."""


@dataclass
class Step:
    """One change of the game: `events` were written to the record, taking `before` to `after`."""

    number: int  # 0, 1, 2 ... in the order the steps happened
    before: Any
    after: Any
    events: list[dict[str, Any]]
    first_event: int  # index in the record of events[0] (or where it would be)
    seat: int | None  # the seat that acted (None for the engine)
    throw: Any = None  # Terningepetanque: the ThrowShown (path) of a throw in this step


class Session:
    """The common face of a live game and a replay."""

    interactive = False

    def __init__(self, record: Record, state: Any):
        self.record = record
        self.state = state
        self.steps: list[Step] = []
        self.rules = game_rules(record.game)

    @property
    def game(self) -> str:
        return self.record.game

    @property
    def players(self) -> list[Seat]:
        return self.record.players

    @property
    def over(self) -> bool:
        return getattr(self.state, "is_terminal", False)

    @property
    def ai_to_move(self) -> bool:
        return False

    @property
    def human_to_move(self) -> bool:
        return False

    def _push(self, before: Any, after: Any, events: list[dict], first: int, seat: int | None,
              throw: Any = None) -> Step:
        step = Step(len(self.steps), before, after, events, first, seat, throw)
        self.steps.append(step)
        return step


class LiveSession(Session):
    """A game being played: seats decide, the match applies and records, the autosave follows."""

    interactive = True

    def __init__(self, match: Match, autosave: Path | None = None):
        super().__init__(match.record, match.state)
        self.match = match
        if autosave is not None:
            match.autosave = autosave
            match.save()
        self.saved_record: Path | None = None
        self.save_problem: str | None = None
        self.failure: str | None = None  # an AI that could not move (a bug): the game stops
        self._thought: tuple[Any, Future] | None = None  # (state it is for, the AI's decision)

    @property
    def ai_to_move(self) -> bool:
        return self.failure is None and self.match.ai_to_move

    @property
    def human_to_move(self) -> bool:
        return self.match.seat_to_move is not None and not self.match.ai_to_move

    @property
    def seat_to_move(self) -> int | None:
        return self.match.seat_to_move

    def decide(self, action: Any) -> str | None:
        """A human's action; returns why it was refused (the state is then unchanged), else None."""
        if not self.human_to_move:
            return "it is not your turn" if not self.over else "the game is over"
        return self._apply(action)

    def think(self) -> None:
        """Start the AI's next decision on a worker thread, so that an expert's throw search does
        not hold up the frames; `play_ai` takes it when the AI's pause is over."""
        if self.ai_to_move and (self._thought is None or self._thought[0] is not self.match.state):
            self._thought = (self.match.state, _ai_worker().submit(self.match.ai_decision))

    def play_ai(self) -> None:
        """One decision of the AI seat to move."""
        if not self.ai_to_move:
            return
        before, first, seat = self.match.state, len(self.record.events), self.match.seat_to_move
        self.match.last_throw = None
        thought, self._thought = self._thought, None
        try:
            if thought is not None and thought[0] is before:
                action = thought[1].result()  # the same state: the same decision
            else:
                action = self.match.ai_decision()
            self.match.decide(action)
        except OSError as e:
            self.save_problem = f"cannot autosave to {self.match.autosave}: {e.strerror or e}"
        except Exception as e:  # noqa: BLE001 - a bug in an AI must not take the window down
            self.failure = f"{self.players[seat].name} (AI) cannot move: {type(e).__name__}: {e}"
            return
        self._after(before, first, seat)

    def _apply(self, action: Any) -> str | None:
        before, first, seat = self.match.state, len(self.record.events), self.match.seat_to_move
        self.match.last_throw = None
        try:
            self.match.decide(action)
        except IllegalAction as e:
            return str(e)
        except (ValueError, TypeError) as e:  # a table the physics refuses (TableError)
            return str(e)
        except OSError as e:  # the move stands; only saving failed
            self.save_problem = f"cannot autosave to {self.match.autosave}: {e.strerror or e}"
        self._after(before, first, seat)
        return None

    def _after(self, before: Any, first: int, seat: int | None) -> None:
        self.state = self.match.state
        self._push(before, self.state, self.record.events[first:], first, seat,
                   self.match.last_throw)
        if self.match.over and self.saved_record is None:
            self.finish()

    def finish(self) -> None:
        """Game over: keep the record in records/ and remove the autosave."""
        try:
            self.saved_record = keep_record(self.record)
        except OSError as e:
            self.save_problem = f"cannot save the record: {e.strerror or e}"
            return
        autosave = self.match.autosave
        self.match.autosave = None
        if autosave is not None:
            try:
                os.remove(autosave)
            except FileNotFoundError:
                pass
            except OSError as e:
                self.save_problem = f"cannot remove the autosave {autosave}: {e.strerror or e}"


@cache
def _ai_worker() -> ThreadPoolExecutor:
    """One thread for the AI's thinking (decisions are pure: they read an immutable state)."""
    return ThreadPoolExecutor(max_workers=1, thread_name_prefix="petanque-ai")


def keep_record(record: Record) -> Path:
    path = _free_name(paths.records_dir(), record.game)
    write_atomic(path, record.dumps())
    return path


def _free_name(folder: Path, stem: str) -> Path:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    path = folder / f"{stem}-{stamp}.json"
    n = 2
    while path.exists():
        path = folder / f"{stem}-{stamp}-{n}.json"
        n += 1
    return path


def keep_unfinished_game() -> Path | None:
    """A new game takes the autosave's place: the game that was in it is moved to records/ as
    `unfinished-...json` (it can still be watched or verified), never overwritten."""
    autosave = paths.autosave_path()
    if not autosave.exists():
        return None
    try:
        game = json.loads(autosave.read_text(encoding="utf-8")).get("game")
    except (OSError, ValueError, AttributeError):
        game = None
    folder = paths.records_dir()
    folder.mkdir(parents=True, exist_ok=True)
    stem = f"unfinished-{game}" if isinstance(game, str) and game.isascii() and \
        game.replace("-", "").isalnum() else "unfinished"
    path = _free_name(folder, stem)
    os.replace(autosave, path)
    return path


def new_game(game: str, players: list[Seat], options: dict, seed: int,
             level: str | None = None, autosave: bool = True) -> LiveSession:
    created = datetime.now(timezone.utc).isoformat(timespec="seconds")
    match = Match.new(game, players, options, seed, level, created=created)
    if not autosave:
        return LiveSession(match)
    try:
        keep_unfinished_game()
    except OSError as e:  # the earlier game stays where it is: this one is not autosaved
        session = LiveSession(match)
        session.save_problem = (f"the game in {paths.autosave_path()} could not be moved aside "
                                f"({e.strerror or e}), so this game is not autosaved")
        return session
    return LiveSession(match, paths.autosave_path())


def new_seed() -> int:
    """The one use of the wall clock: a new game's seed. Everything else follows from it."""
    import time

    return time.time_ns() % (2**63 - 1)


def _open(path: Path, on_event: Any = None) -> Match:
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
        raise LoadProblem(f"{path}: the record is too large or too deeply nested") from None
    except OSError as e:
        raise LoadProblem(f"{path}: cannot read the file ({e.strerror or e})") from None
    except Exception as e:  # noqa: BLE001 - a bug below us must not take the window down
        raise LoadProblem(f"{path}: cannot be opened ({type(e).__name__}: {e})") from None


def resume(path: Path | None = None) -> LiveSession:
    """The game in the autosave, as it stood after its last event."""
    path = Path(path or paths.autosave_path())
    match = _open(path)
    session = LiveSession(match)
    match.autosave = path
    if match.over and session.saved_record is None:
        session.finish()
    return session


class ReplaySession(Session):
    """A recorded game played back: the states after each event, shown one event at a time."""

    def __init__(self, path: Path):
        self.path = Path(path)
        states: list[Any] = []
        match = _open(self.path, on_event=lambda index, state: states.append(state))
        record = match.record
        rules = game_rules(record.game)
        start = rules.new_game(len(record.players), record.options)
        super().__init__(record, start)
        self.match = match
        self.states = states
        self.shown = 0  # events shown so far

    @property
    def at_end(self) -> bool:
        return self.shown >= len(self.states)

    @property
    def over(self) -> bool:
        return self.at_end and getattr(self.state, "is_terminal", False)

    def advance(self) -> Step | None:
        """Show the next recorded event."""
        if self.at_end:
            return None
        i = self.shown
        before, after = self.state, self.states[i]
        event = self.record.events[i]
        self.state = after
        self.shown += 1
        return self._push(before, after, [event], i, event.get("player"))
