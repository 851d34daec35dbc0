"""A live game (`LiveSession`): a Match with seats, autosaved on the saves' thread, its AI
seats' decisions worked out on the AI's thread (the window's threads, `Workers`, handed to it by
the window that shows it: `run_on`; a game with no window has threads of its own, ended when it
is closed); and the ways a window gets one: a new game
(`new_game`) or an unfinished one carried on with (`resume`).

What the game scenes read of a live game or a replay alike (`Session`, each change a `Step`) is
steps.py's; the replay is replay_session.py's.
"""

from __future__ import annotations

import os
from concurrent.futures import Future
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from petanque_game import paths, saves
from petanque_game.files import TooLarge
from petanque_game.match import Match, Transition
from petanque_game.record import MAX_BYTES, Record, Seat, event_line, text_size
from petanque_game.rules.base import IllegalAction, Refusal
from petanque_game.save_appends import Moves
from petanque_game.save_thread import Writer
from petanque_game.ui.ai_thread import AIThread, AtOnce, _result, decide_ahead
from petanque_game.ui.kept_records import keep_record
from petanque_game.ui.look import Look
from petanque_game.ui.replay_session import ReplaySession, open_record
from petanque_game.ui.steps import LOG_LINES, LoadProblem, Session, Step
from petanque_game.ui.workers import Workers

if TYPE_CHECKING:
    from petanque_game.physics import Level

# What the window's modules and the tests have long imported from here (some now defined in
# steps.py, replay_session.py, ai_thread.py and kept_records.py).
__all__ = ["LOG_LINES", "AIThread", "AtOnce", "LiveSession", "LoadProblem", "ReplaySession",
           "Session", "Step", "keep_record", "new_game", "resume"]


class LiveSession(Session):
    """A game being played: seats decide, the match applies and records, the autosave follows."""

    interactive = True
    practice = False  # a practice game (the how-to's practice throw): kept nowhere

    def __init__(self, match: Match, autosave: Path | None = None,
                 lock: saves.GameLock | None = None, look: Look | None = None):
        super().__init__(match.record, match.state, look)
        self.match = match
        self.lock = lock  # this window's claim on the autosave (saves.py)
        # the threads its AI thinks on and its autosave is written on: its own until a window
        # hands it the window's (`run_on`)
        self.workers, self._own_workers = Workers(), True
        self._thought: tuple[Any, Future] | None = None  # (state it is for, the AI's decision)
        self._made: tuple[int, list[str]] | None = None  # (first, the AI move's events' lines)
        self._seat_now: tuple[Any, int | None] | None = None  # (a state, its seat to move)
        # Why the game on disk is behind the game played (a full disk): said in the window and
        # tried again after every move, every few seconds and at the end (`retry_saving`).
        self._unsaved: str | None = None
        self.behind = False  # the autosave written on the saves' thread (`write_behind`)
        # What the saves' thread was handed: the first hand-over gives it every event's line, the
        # later ones the lines of the events made since (`_handed` of them handed in all, their
        # UTF-8 bytes `_handed_bytes`, so that a record too large is refused before the thread).
        self._start: list[str] | None = None
        self._handed = self._handed_bytes = 0
        # Why no move can be made any more (the record would be over what a reader takes):
        # the game stays as last saved, and the player is told (`_refuse_oversize`).
        self.halted: str | None = None
        self.saved_events = len(match.record.events)  # events in the last good save
        if autosave is not None:
            match.autosave = autosave
            self._save()

    @property
    def unsaved(self) -> str | None:
        """Why the game on disk is behind the game played, or None; with the autosave written
        behind, what the saves' thread did since is taken in first."""
        if self.behind:
            self._take_outcome()
        return self._unsaved

    @unsaved.setter
    def unsaved(self, why: str | None) -> None:
        self._unsaved = why

    def run_on(self, workers: Workers) -> None:
        """From now on the game's AI thinks on the window's threads (`workers`, the App's), and
        its autosave is written behind (`write_behind`)."""
        self._let_go_of_workers()
        self.workers, self._own_workers = workers, False
        self.write_behind()

    def _let_go_of_workers(self) -> None:
        if self._own_workers:
            self.workers.close()
            self._thought = None  # (a decision not begun is cancelled: decided again if asked)

    @property
    def writer(self) -> Writer:
        """The saves' thread this game's autosave is written on."""
        return self.workers.saves

    def write_behind(self) -> None:
        """From now on the autosave is written on the saves' thread (`writer`), so
        that the frame that makes a move does not wait for the disk: the window's way. A record
        too large is still refused at once (the move is taken back, `_refuse_oversize`); a
        refused write is said once the thread has met it (`unsaved`)."""
        self.behind = True
        self.match.saver = self._hand_over
        self._start = [event_line(e) for e in self.record.events]
        self._handed = len(self.record.events)
        self._handed_bytes = sum(len(line.encode("utf-8")) for line in self._start)

    def _hand_over(self, path: Path, record: Record) -> None:
        made, self._made = self._made, None  # the AI move's lines made on its thread, if it is
        first, count = self._handed, len(record.events)  # this record's
        lines = made[1] if made is not None and made[0] == first and len(made[1]) == \
            count - first else [event_line(e) for e in record.events[first:]]
        added = sum(len(line.encode("utf-8")) for line in lines)
        head, tail = record.frame()
        size = text_size(head, tail, self._handed_bytes + added, count)
        if size > MAX_BYTES:
            raise TooLarge(path, size, MAX_BYTES, "the record")
        start, self._start = self._start, None
        self.writer.put_moves(path, Moves(tuple(lines if start is None else start + lines), head,
                                     tail, count, start is not None))
        self._handed, self._handed_bytes = count, self._handed_bytes + added

    def _take_outcome(self) -> None:
        """What the saves' thread made of this game's last autosave, if it has finished one."""
        path = self.match.autosave
        outcome = self.writer.outcome(path) if path is not None else None
        if outcome is None:
            return
        if outcome.error is None:
            self._unsaved = None
            self.saved_events = outcome.events
        elif isinstance(outcome.error, OSError):
            self._failed(outcome.error)
        else:  # a bug in writing: up to the window's handler, logged with its traceback
            raise outcome.error

    def _written(self) -> None:
        """Once the autosaves handed to the saves' thread are on disk (or refused), and taken in."""
        if self.behind and self.match.autosave is not None:
            self.writer.wait(self.match.autosave)
            self._take_outcome()

    def _save(self) -> None:
        try:
            self.match.save()
        except OSError as e:  # the game goes on; the player is told it is not saved
            self._failed(e)
        else:
            if self.behind:
                self._written()  # a retry: its outcome is the answer
            else:
                self._saved()

    def _saved(self) -> None:
        self.unsaved = None
        self.saved_events = len(self.record.events)

    def _failed(self, e: OSError) -> None:
        tr = self.look.tr
        where = (tr("files.saved_part", saved=self.saved_events, events=len(self.record.events))
                 if self.saved_events else tr("files.saved_none"))
        self.unsaved = self.save_problem = tr(
            "files.not_saved", path=self.match.autosave, reason=self.look.os_reason(e), where=where)

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
        self._written()
        self.retry_saving()
        if self.behind and self.match.autosave is not None:
            self.writer.forget(self.match.autosave)
        if self.lock is not None:
            never_saved = self.match.autosave is None or not self.match.autosave.exists()
            self.lock.release(remove=never_saved)
            self.lock = None
        self._let_go_of_workers()

    @property
    def ai_to_move(self) -> bool:
        seat = self.seat_to_move
        return self.halted is None and seat is not None and self.match.seat(seat).kind == "ai"

    @property
    def human_to_move(self) -> bool:
        seat = self.seat_to_move
        return self.halted is None and seat is not None and self.match.seat(seat).kind != "ai"

    @property
    def seat_to_move(self) -> int | None:
        """The match's seat to move, worked out once per state (the rules' throw order behind
        it is asked dozens of times a frame)."""
        st, got = self.match.state, self._seat_now
        if got is None or got[0] is not st:
            got = self._seat_now = (st, self.match.seat_to_move)
        return got[1]

    def decide(self, action: Any) -> str | None:
        """A human's action; returns why it was refused (the state is then unchanged), else None."""
        if self.halted:
            return self.halted
        if not self.human_to_move:
            return self.look.refusal(Refusal.of("over" if self.over else "not_your_turn"))
        return self._apply(action)

    def think(self) -> None:
        """Start the AI's next decision on a worker thread, so that an expert's throw search does
        not hold up the frames, and play it there on a copy of the match (a throw simulated, the
        record's text made); `play_ai` takes it when the AI's pause is over."""
        if self.ai_to_move and (self._thought is None or self._thought[0] is not self.match.state):
            self._thought = (self.match.state,
                             self.workers.in_background(partial(decide_ahead, self.match)))

    def planned(self) -> Any:
        """The AI's decision for the state now when its thinking is done, else None (the table
        shows an AI's aim before it throws). A failed decision is left for `play_ai` to raise."""
        thought = self._thought
        if thought is None or thought[0] is not self.match.state or not thought[1].done() \
                or thought[1].exception() is not None:
            return None
        return thought[1].result()[0]

    @property
    def thinking(self) -> bool:
        """Is the AI's decision for the state now still being worked out on the AI's thread (the
        window plays it once it is done, never waiting for it inside a frame)?"""
        thought = self._thought
        return self.ai_to_move and thought is not None and thought[0] is self.match.state \
            and not thought[1].done()

    def play_ai(self) -> None:
        """One decision of the AI seat to move. An AI that fails is a bug: its error goes up to
        the window's handler (logged, the game kept as last saved)."""
        if not self.ai_to_move:
            return
        before, first, seat = self.match.state, len(self.record.events), self.match.seat_to_move
        self.match.last_throw = None
        thought, self._thought = self._thought, None
        if thought is not None and thought[0] is before:
            # the same state: the same decision and move, and its events' lines with it
            action, played, self._made = _result(thought[1])
        else:
            action, played = self.match.ai_decision(), None
        made = self._decide(action, before, first, played)
        if made is not None:
            self._after(before, made, first, seat)

    def _decide(self, action: Any, before: Any, first: int,
                played: Match | None = None) -> list[Transition] | None:
        """The match takes `action` (or adopts the copy that `played` it already) and saves;
        its transitions, or None when the move was taken back because its record could not be
        saved at all (IllegalAction goes up as it is)."""
        try:
            if played is not None:
                self.match.adopt(played)
            else:
                self.match.decide(action)
        except TooLarge as e:
            self._refuse_oversize(e, before, first)
            return None
        except OSError as e:  # the move stands; only saving failed (tried again later)
            self._failed(e)
        else:
            if not self.behind:  # else said by the saves' thread when it has written it
                self._saved()
        return self.match.transitions[first:]

    def _refuse_oversize(self, e: TooLarge, before: Any, first: int) -> None:
        """A move whose record would be over what a reader takes: taken back, so the game played
        is the one saved; no move is taken from now on, and the player is told why."""
        self.match.state = self.state = before
        del self.record.events[first:]
        del self.match.transitions[first:]
        self.record.result = None
        self.match.last_throw = None
        self.halted = self.save_problem = self.look.tr(
            "files.cannot_go_on", reason=self.look.os_reason(e), events=self.saved_events,
            path=self.match.autosave)

    def _apply(self, action: Any) -> str | None:
        before, first, seat = self.match.state, len(self.record.events), self.match.seat_to_move
        self.match.last_throw = None
        try:
            made = self._decide(action, before, first)
        except IllegalAction as e:  # the rules' refusal, or a throw the hand cannot make
            return self.look.refusal(e.refusal)
        if made is None:
            return self.halted
        self._after(before, made, first, seat)
        return None

    def _after(self, before: Any, made: list[Transition], first: int, seat: int | None) -> None:
        self.state = self.match.state
        self._push(before, self.state, made, first, seat, self.match.last_throw)
        if self.match.over and self.saved_record is None:
            self.finish()

    def finish(self) -> None:
        """Game over: keep the record in records/ and remove the autosave. A practice game has
        neither: it leaves no record, so no statistics count it."""
        if self.practice:
            return
        self._written()  # no autosave left waiting to be written after it is removed
        try:
            self.saved_record = keep_record(self.record)
        except OSError as e:  # the autosave stays: the game can still be resumed and kept
            self.unsaved = self.save_problem = self.look.tr(
                "files.not_kept", folder=paths.records_dir(), reason=self.look.os_reason(e))
            return
        self.unsaved = None
        autosave = self.match.autosave
        self.match.autosave = None
        if autosave is not None:
            if self.behind:
                self.writer.forget(autosave)
            try:
                os.remove(autosave)
            except FileNotFoundError:
                pass
            except OSError as e:
                self.save_problem = self.look.tr("files.autosave_stays", path=autosave,
                                                 reason=self.look.os_reason(e))
        if self.lock is not None:
            self.lock.release(remove=True)
            self.lock = None


def new_game(game: str, players: list[Seat], options: dict[str, Any], seed: int,
             level: str | Level | None = None, autosave: bool = True,
             practice: bool = False, hands: list[str | None] | None = None,
             chance: Any = None, look: Look | None = None) -> LiveSession:
    """A new game, autosaved in a file of its own (saves.py): no other game is moved, hidden or
    overwritten, whether or not this one's first save succeeds. A `practice` game is neither
    autosaved nor kept when it ends. `hands`: each human seat's hand on a board; `chance`: the
    fresh contributions its draws take (`Match.new`; the setup gives `draws.LocalEntropy`);
    `look`: the window's, it speaks with from the start (None: its own, English, until shown)."""
    created = datetime.now(UTC).isoformat(timespec="seconds")
    match = Match.new(game, players, options, seed, level, created=created, hands=hands,
                      chance=chance)
    if practice or not autosave:
        session = LiveSession(match, look=look)
        session.practice = practice
        return session
    try:
        path, lock = saves.claim_new(game)
    except OSError as e:
        session = LiveSession(match, look=look)
        session.save_problem = session.look.tr(
            "files.not_saved_in", folder=paths.autosaves_dir(), reason=session.look.os_reason(e))
        return session
    return LiveSession(match, path, lock, look)


def resume(path: Path, look: Look | None = None) -> LiveSession:
    """The game in the autosave at `path`, as it stood after its last event, now held by this
    window; LoadProblem if it cannot be used or another window is playing it (said in `look`)."""
    path = Path(path)
    look = look or Look()
    try:
        lock = saves.GameLock.take(path)
    except OSError as e:
        raise LoadProblem(look.tr("files.cannot_claim", path=path,
                                  reason=look.os_reason(e))) from None
    if lock is None:
        raise LoadProblem(look.tr("files.other_window", path=path))
    try:
        match = open_record(look, path)
    except BaseException:
        lock.release()
        raise
    session = LiveSession(match, lock=lock, look=look)  # (what happened before told in it)
    session.told_before = tuple(session.recap(LOG_LINES))
    match.autosave = path
    if match.over and session.saved_record is None:
        session.finish()
    return session
