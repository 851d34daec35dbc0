"""What a game scene shows and drives: a live game (a Match with seats, autosaved) or a replay (a
record's states, one event at a time). The scenes draw from either without knowing which.

Every change of state is a `Step` (state before, state after, the record events it wrote), which the
scene reads to animate rolls and throws and to say what happened. The window never decides a rule:
a human's action goes to `Match.decide`, which refuses an illegal one with IllegalAction.
"""

from __future__ import annotations

import os
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from datetime import datetime, timezone
from functools import cache
from pathlib import Path
from typing import Any

from petanque_game import history, paths, saves
from petanque_game.files import TooLarge, os_reason, write_new_named
from petanque_game.match import Match, OutcomeMismatch, ThrowShown, rebuild
from petanque_game.record import (
    MAX_BYTES,
    Decoded,
    Record,
    RecordError,
    Seat,
    decode_event,
    load_record,
)
from petanque_game.rules.base import IllegalAction, Refusal
from petanque_game.rules.games import spec_of
from petanque_game.ui import lang
from petanque_game.ui.narrate import describe


class LoadProblem(Exception):
    """A record or autosave that cannot be opened; str() is one line naming the file and why."""


@dataclass(frozen=True)
class Told:
    """One event of a step as the window reads it: the event decoded into the rules' own values
    (`decoded.decision`: Roll, Keep, Close, ...; `decoded.outcome`: Dice, a throw's Table, ...)
    and what the rules made of it (`facts`: the game's registered facts, or None)."""

    index: int  # in the record
    decoded: Decoded
    facts: Any = None


@dataclass
class Step:
    """One change of the game: `told` (the events written to the record, decoded) took `before`
    to `after`. The window draws and tells steps; it never reads the record's raw events."""

    number: int  # 0, 1, 2 ... in the order the steps happened
    before: Any
    after: Any
    told: list[Told]
    first_event: int  # index in the record of the first event (or where it would be)
    seat: int | None  # the seat that acted (None for the engine)
    throw: Any = None  # Terningepetanque: the ThrowShown (path) of a throw in this step


class Session:
    """The common face of a live game and a replay: what a scene may read of either."""

    interactive = False

    def __init__(self, record: Record, state: Any):
        self.record = record
        self.state = state
        self.steps: list[Step] = []
        self.spec = spec_of(record.game)
        self.rules = self.spec.rules
        self.saved_record: Path | None = None  # where the finished game was kept (records/)
        self.save_problem: str | None = None  # why the last save failed, until it has been said

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
        return self.state.is_terminal

    @property
    def ai_to_move(self) -> bool:
        return False

    @property
    def human_to_move(self) -> bool:
        return False

    def narrate(self, step: Step) -> list[str]:
        """What `step` adds to the log, in the window's language."""
        return describe(self.game, step, self.players)

    def tell(self, index: int, before: Any = None, after: Any = None) -> Told:
        """The record's event `index`, decoded, with the rules' facts when the states around it
        are given."""
        decoded = decode_event(self.game, self.record.events[index], len(self.players), index)
        facts = None
        if self.spec.facts is not None and before is not None:
            facts = self.spec.facts(before, decoded.decision, decoded.outcome, after)
        return Told(index, decoded, facts)

    def _push(self, before: Any, after: Any, count: int, first: int, seat: int | None,
              throw: Any = None) -> Step:
        told = [self.tell(first + k, before, after) for k in range(count)]
        step = Step(len(self.steps), before, after, told, first, seat, throw)
        self.steps.append(step)
        return step


class LiveSession(Session):
    """A game being played: seats decide, the match applies and records, the autosave follows."""

    interactive = True
    practice = False  # a practice game (the how-to's practice throw): kept nowhere

    def __init__(self, match: Match, autosave: Path | None = None,
                 lock: saves.GameLock | None = None):
        super().__init__(match.record, match.state)
        self.match = match
        self.lock = lock  # this window's claim on the autosave (saves.py)
        self._thought: tuple[Any, Future] | None = None  # (state it is for, the AI's decision)
        # Why the game on disk is behind the game played (a full disk): said in the window and
        # tried again after every move, every few seconds and at the end (`retry_saving`).
        self.unsaved: str | None = None
        # Why no move can be made any more (the record would be over what a reader takes):
        # the game stays as last saved, and the player is told (`_refuse_oversize`).
        self.halted: str | None = None
        self.saved_events = len(match.record.events)  # events in the last good save
        if autosave is not None:
            match.autosave = autosave
            self._save()

    def _save(self) -> None:
        try:
            self.match.save()
        except OSError as e:  # the game goes on; the player is told it is not saved
            self._failed(e)
        else:
            self._saved()

    def _saved(self) -> None:
        self.unsaved = None
        self.saved_events = len(self.record.events)

    def _failed(self, e: OSError) -> None:
        where = (f"its autosave holds the first {self.saved_events} of its "
                 f"{len(self.record.events)} events" if self.saved_events else "it has no autosave yet")
        self.unsaved = self.save_problem = (
            f"this game is not saved: cannot write {self.match.autosave}: {os_reason(e)}; "
            f"{where}, and saving is tried again after every move and every few seconds")

    def retry_saving(self) -> bool:
        """Try again to write what is not on disk yet (the autosave, or the finished game's
        record); True when the game on disk is the game played."""
        if self.unsaved is None:
            return True
        if self.match.autosave is not None and self.saved_record is None:
            self._save()
        if self.match.over and self.saved_record is None:
            self.finish()
        return self.unsaved is None

    def close(self) -> None:
        """The window lets go of the game (back to the menu, or quitting): another window may
        resume it now. What is not saved yet is tried once more; its autosave stays (the last
        good one, never removed for a failed save); a game that never got one leaves no lock
        file."""
        self.retry_saving()
        if self.lock is not None:
            never_saved = self.match.autosave is None or not self.match.autosave.exists()
            self.lock.release(remove=never_saved)
            self.lock = None

    @property
    def ai_to_move(self) -> bool:
        return self.halted is None and self.match.ai_to_move

    @property
    def human_to_move(self) -> bool:
        return self.halted is None and self.match.seat_to_move is not None \
            and not self.match.ai_to_move

    @property
    def seat_to_move(self) -> int | None:
        return self.match.seat_to_move

    def decide(self, action: Any) -> str | None:
        """A human's action; returns why it was refused (the state is then unchanged), else None."""
        if self.halted:
            return self.halted
        if not self.human_to_move:
            return lang.refusal(Refusal.of("over" if self.over else "not_your_turn"))
        return self._apply(action)

    def think(self) -> None:
        """Start the AI's next decision on a worker thread, so that an expert's throw search does
        not hold up the frames; `play_ai` takes it when the AI's pause is over."""
        if self.ai_to_move and (self._thought is None or self._thought[0] is not self.match.state):
            self._thought = (self.match.state, _think(self.match.ai_decision))

    def planned(self) -> Any:
        """The AI's decision for the state now when its thinking is done, else None (the table
        shows an AI's aim before it throws). A failed decision is left for `play_ai` to raise."""
        thought = self._thought
        if thought is None or thought[0] is not self.match.state or not thought[1].done() \
                or thought[1].exception() is not None:
            return None
        return thought[1].result()

    def play_ai(self) -> None:
        """One decision of the AI seat to move. An AI that fails is a bug: its error goes up to
        the window's handler (logged, the game kept as last saved)."""
        if not self.ai_to_move:
            return
        before, first, seat = self.match.state, len(self.record.events), self.match.seat_to_move
        self.match.last_throw = None
        thought, self._thought = self._thought, None
        if thought is not None and thought[0] is before:
            action = _result(thought[1])  # the same state: the same decision
        else:
            action = self.match.ai_decision()
        if self._decide(action, before, first):
            self._after(before, first, seat)

    def _decide(self, action: Any, before: Any, first: int) -> bool:
        """The match takes `action` and saves; False when the move was taken back because its
        record could not be saved at all (IllegalAction goes up as it is)."""
        try:
            self.match.decide(action)
        except TooLarge as e:
            self._refuse_oversize(e, before, first)
            return False
        except OSError as e:  # the move stands; only saving failed (tried again later)
            self._failed(e)
        else:
            self._saved()
        return True

    def _refuse_oversize(self, e: TooLarge, before: Any, first: int) -> None:
        """A move whose record would be over what a reader takes: taken back, so the game played
        is the one saved; no move is taken from now on, and the player is told why."""
        self.match.state = self.state = before
        del self.record.events[first:]
        self.record.result = None
        self.match.last_throw = None
        self.halted = self.save_problem = (
            f"this game cannot go on: {os_reason(e)}; it is kept as it was last saved, "
            f"{self.saved_events} events, in {self.match.autosave}")

    def _apply(self, action: Any) -> str | None:
        before, first, seat = self.match.state, len(self.record.events), self.match.seat_to_move
        self.match.last_throw = None
        try:
            if not self._decide(action, before, first):
                return self.halted
        except IllegalAction as e:  # the rules' refusal, or a throw the hand cannot make
            return lang.refusal(e.refusal)
        self._after(before, first, seat)
        return None

    def _after(self, before: Any, first: int, seat: int | None) -> None:
        self.state = self.match.state
        self._push(before, self.state, len(self.record.events) - first, first, seat,
                   self.match.last_throw)
        if self.match.over and self.saved_record is None:
            self.finish()

    def finish(self) -> None:
        """Game over: keep the record in records/ and remove the autosave. A practice game has
        neither: it leaves no record, so no statistics count it."""
        if self.practice:
            return
        try:
            self.saved_record = keep_record(self.record)
        except OSError as e:  # the autosave stays: the game can still be resumed and kept
            self.unsaved = self.save_problem = (
                f"the finished game is not kept yet: cannot write in {paths.records_dir()}: "
                f"{os_reason(e)}; it is tried again every few seconds, and its autosave stays")
            return
        self.unsaved = None
        autosave = self.match.autosave
        self.match.autosave = None
        if autosave is not None:
            try:
                os.remove(autosave)
            except FileNotFoundError:
                pass
            except OSError as e:
                self.save_problem = f"cannot remove the autosave {autosave}: {os_reason(e)}"
        if self.lock is not None:
            self.lock.release(remove=True)
            self.lock = None


def _think(decide: Callable[[], Any]) -> Future:
    """`decide()` on the AI's thread; its Future."""
    future: Future = Future()
    _ai_queue().put((future, decide))
    return future


def in_background(work: Callable[[], Any]) -> Future:
    """`work()` on the AI's thread (a hint's search), so that the window never waits for it."""
    return _think(work)


def _result(future: Future) -> Any:
    """The AI's decision, waited for in short slices: between two, the window's thread runs any
    signal handler (SIGTERM, SIGINT), which a signal caught by another thread would not wake."""
    while True:
        try:
            return future.result(timeout=0.05)
        except TimeoutError:
            continue


@cache
def _ai_queue() -> queue.Queue:
    """One daemon thread for the AI's thinking (decisions are pure: they read an immutable
    state). A daemon: an expert's search in progress never holds up quitting."""
    jobs: queue.Queue = queue.Queue()

    def work() -> None:
        while True:
            future, decide = jobs.get()
            if not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(decide())
            except BaseException as e:  # noqa: BLE001 - handed to the window's thread as it is
                future.set_exception(e)

    threading.Thread(target=work, name="petanque-ai", daemon=True).start()
    return jobs


def keep_record(record: Record) -> Path:
    """The finished game in records/: the file that already holds this game (the same seats,
    seed and events: history.fingerprint) if it was kept before, else a new one, never over
    another record. Keeping one game twice (a finished autosave found again after a kill, or
    one that could not be removed) leaves one record."""
    folder = paths.records_dir()
    mark = history.fingerprint(record)[:FINGERPRINT_CHARS]
    before = kept_before(folder, record, mark)
    if before is not None:
        return before
    return write_new_named(folder, record.game, record.dumps(), MAX_BYTES, "the record", mark)


FINGERPRINT_CHARS = 16  # of the fingerprint, at the end of a record's file name


def kept_before(folder: Path, record: Record, mark: str) -> Path | None:
    """The record in `folder` named with `mark` that holds the game `record` holds, if any."""
    try:
        with os.scandir(folder) as it:
            named = sorted(Path(e.path) for e in it if e.name.endswith(f"-{mark}.json"))
    except OSError:
        return None
    for path in named:
        try:
            if history.fingerprint(load_record(path)) == history.fingerprint(record):
                return path
        except RecordError:
            continue  # not that game after all (or broken): a new record is kept
    return None


def new_game(game: str, players: list[Seat], options: dict, seed: int,
             level: str | None = None, autosave: bool = True,
             practice: bool = False, hands: list[str | None] | None = None) -> LiveSession:
    """A new game, autosaved in a file of its own (saves.py): no other game is moved, hidden or
    overwritten, whether or not this one's first save succeeds. A `practice` game is neither
    autosaved nor kept when it ends. `hands`: each human seat's hand on a board (`Match.new`)."""
    created = datetime.now(timezone.utc).isoformat(timespec="seconds")
    match = Match.new(game, players, options, seed, level, created=created, hands=hands)
    if practice:
        session = LiveSession(match)
        session.practice = True
        return session
    if not autosave:
        return LiveSession(match)
    try:
        path, lock = saves.claim_new(game)
    except OSError as e:
        session = LiveSession(match)
        session.save_problem = (f"this game is not saved: cannot write in "
                                f"{paths.autosaves_dir()}: {os_reason(e)}")
        return session
    return LiveSession(match, path, lock)


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


def resume(path: Path) -> LiveSession:
    """The game in the autosave at `path`, as it stood after its last event, now held by this
    window; LoadProblem if it cannot be used or another window is playing it."""
    path = Path(path)
    try:
        lock = saves.GameLock.take(path)
    except OSError as e:
        raise LoadProblem(f"{path}: cannot claim the game: {os_reason(e)}") from None
    if lock is None:
        raise LoadProblem(f"{path}: this game is being played in another window")
    try:
        match = _open(path)
    except BaseException:
        lock.release()
        raise
    session = LiveSession(match, lock=lock)
    match.autosave = path
    if match.over and session.saved_record is None:
        session.finish()
    return session


class ReplaySession(Session):
    """A recorded game played back: the states after each event, shown one event at a time."""

    # The steps a jump makes again: what a scene shows at rest depends on the last turn's steps
    # (its roll, a round's final table) and its narration on the last 40 lines, which the last
    # 120 events always hold; a jump into a game of thousands of events stays quick.
    REST_WINDOW = 120

    def __init__(self, path: Path):
        self.path = Path(path)
        states: list[Any] = []
        match = _open(self.path, on_event=lambda index, state: states.append(state))
        record = match.record
        rules = spec_of(record.game).rules
        start = rules.new_game(len(record.players), record.options)
        super().__init__(record, start)
        self.match = match
        self.start = start
        self.states = states
        self._shown = 0
        self._told: dict[tuple[int, bool], Told] = {}
        self._narrated: dict[tuple[int, int, str], list[str]] = {}

    def narrate(self, step: Step) -> list[str]:
        """As `Session.narrate`, said once per language: a jump makes the last steps again, and
        their lines never change (benchmarks/bench_frames.py, a Terningepetanque replay scrubbed)."""
        key = (step.first_event, len(step.told), lang.language())
        lines = self._narrated.get(key)
        if lines is None:
            lines = self._narrated[key] = Session.narrate(self, step)
        return lines

    def tell(self, index: int, before: Any = None, after: Any = None) -> Told:
        """As `Session.tell`, read once: a record's events and the states around them never
        change, and a drag on the timeline tells the same 120 events again at every jump
        (benchmarks/bench_frames.py: 2.4 ms of a 5 ms jump on a Terningepetanque game)."""
        key = (index, before is not None)
        told = self._told.get(key)
        if told is None:
            told = self._told[key] = super().tell(index, before, after)
        return told

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
        event = self.record.events[i]
        self.state = after
        self._shown += 1
        return self._push(before, after, 1, i, event.get("player"))

    def state_at(self, shown: int) -> Any:
        """The state after the first `shown` events (the start for 0)."""
        return self.states[shown - 1] if shown > 0 else self.start

    def seek(self, shown: int) -> int:
        """Stand after the first `shown` events at once, forward or back (0 to the number of
        events): the state is exactly the one playing forward to that point gave. The steps are
        made again for the last REST_WINDOW of those events, at rest: a scene made anew takes
        them in, finishes their animations at once, and shows what forward play showed there. A
        throw's step carries no path (`ThrowShown.path` None), so no flight is simulated again.
        Returns where it stands."""
        shown = max(0, min(len(self.states), shown))
        self._shown = shown
        self.state = self.state_at(shown)
        self.steps = []
        for i in range(max(0, shown - self.REST_WINDOW), shown):
            before, after = self.state_at(i), self.states[i]
            step = self._push(before, after, 1, i, self.record.events[i].get("player"))
            ev = step.told[0].decoded
            if ev.action == "throw":
                step.throw = ThrowShown(ev.player, ev.decision[0], None, ev.outcome)
        return shown

    def marks(self) -> list[tuple[int, str]]:
        """Where each turn or round starts, as (events shown, "turn" or "round"), for a timeline:
        the counts of `stats.PROGRESS` read from the recorded states."""
        from petanque_game.stats import PROGRESS

        unit, count = PROGRESS.get(self.game, ("event", lambda events, i, state: i + 1))
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
