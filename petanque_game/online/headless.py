"""An online game with no window: `petanque-game online host | join` (cli_online.py), for tests
and for bots. This computer's seats are played by an AI; the loop takes what the link brought,
moves the game on and sleeps a little, and ends when the game is over (exit 0) or cannot go on
(one line saying why, exit 1).

A computer keeps its token and its chain's secret in the user folder (online/rejoin.py), so
that after being killed it can join the same room again and go on.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from petanque_game.files import os_reason, write_atomic
from petanque_game.online import protocol as p
from petanque_game.online.gathering import Gathering
from petanque_game.online.link import Link, new_token
from petanque_game.online.lockstep import Lockstep
from petanque_game.online.moves import ai_decision
from petanque_game.online.rejoin import KeptUnreadable, Seat, claim, fresh
from petanque_game.record import MAX_BYTES

LINGER = 5.0  # seconds a finished game still answers the others, until each has said goodbye
TICK = 0.05


@dataclass
class Options:
    relay: str
    level: str  # the AI that plays this computer's seats
    name: str
    record: Path | None
    rejoin_time: float  # seconds a peer may be away before it counts as gone
    hand_over: str | None  # the AI level a gone peer's seats go to; None: give up
    give_up: float  # seconds without the relay before giving up
    max_seconds: float


class CannotGoOn(Exception):
    """The one line a headless game ends with when it cannot go on (exit 1)."""


# --- the loop ---------------------------------------------------------------------------------


def host(game: str, seats: list[str], game_options: dict[str, Any], seed: int, level: Any,
         opts: Options) -> int:
    seat = fresh(new_token())
    link = Link(opts.relay, seat.token, give_up=opts.give_up).start()
    lock = Lockstep(link, seat.chain, "host", opts.name, opts.level, ai_decision)
    lock.gathering = Gathering(game, seats, game_options, seed, level)
    return _play(link, lock, seat, opts, announce=True)


def join(room: str, opts: Options) -> int:
    try:
        seat = claim(room, new_token())  # this computer was in the room before: it comes back
    except KeptUnreadable as e:
        print(f"petanque-game online: {e}", file=sys.stderr, flush=True)
        return 1
    link = Link(opts.relay, seat.token, room=room, again=seat.again,
                give_up=opts.give_up).start()
    lock = Lockstep(link, seat.chain, "guest", opts.name, opts.level, ai_decision)
    return _play(link, lock, seat, opts, announce=False)


def _play(link: Link, lock: Lockstep, seat: Seat, opts: Options, announce: bool) -> int:
    try:
        _loop(link, lock, seat, opts, announce)
    except CannotGoOn as e:
        print(f"petanque-game online: {e}", file=sys.stderr, flush=True)
        return 1
    finally:
        _flush(link)
        link.close()
        seat.release()
    match = lock.match
    assert match is not None
    if opts.record is not None:
        path = opts.record / f"{match.record.game}-{link.room}.json"
        try:
            write_atomic(path, match.record.dumps(), MAX_BYTES, "the record")
        except OSError as e:
            print(f"petanque-game online: cannot write {path}: {os_reason(e)}", file=sys.stderr)
            return 1
    names = [s.name for s in match.record.players]
    scores, winners = match.state.scores(), match.state.winners()
    print("scores:  " + ", ".join(f"{n} {s}" for n, s in zip(names, scores)), flush=True)
    print("winners: " + ", ".join(names[w] for w in winners), flush=True)
    return 0


def _loop(link: Link, lock: Lockstep, seat: Seat, opts: Options, announce: bool) -> None:
    started, saved, over_at = time.monotonic(), False, None
    shown = 0
    for _ in range(int(opts.max_seconds / TICK) * 4 + 1000):  # bounded, and by the clock
        now = time.monotonic()
        if now - started > opts.max_seconds:
            raise CannotGoOn(f"the game did not end within {opts.max_seconds:.0f} s")
        lock.handle(link.events())
        if not saved and lock.me and link.room:
            try:
                seat.keep(link.room)
            except OSError as e:  # the game goes on; only coming back after a kill is lost
                print(f"petanque-game online: cannot keep this computer's secret to come "
                      f"back: {os_reason(e)}", file=sys.stderr, flush=True)
            saved = True
            if announce:
                print(f"room {link.room}", flush=True)
        for line in list(lock.notices)[shown:]:
            print(line, file=sys.stderr, flush=True)
        shown = len(lock.notices)
        if lock.notices.maxlen and shown >= lock.notices.maxlen:
            lock.notices.clear()
            shown = 0
        if lock.ended is not None:
            raise CannotGoOn(lock.ended)
        if lock.match is not None and lock.match.over:
            if over_at is None:
                over_at = now
                link.send_all(p.write(p.Bye("left", "the game is over")))
            others = {peer for i, peer in enumerate(lock.peers)
                      if peer != lock.me and i not in lock.gone}
            if others <= lock.byes or now - over_at > LINGER:
                return
        elif lock.match is not None:
            _watch_absent(lock, opts, now)
        link.wait(TICK)
    raise CannotGoOn("the game did not end")


def _watch_absent(lock: Lockstep, opts: Options, now: float) -> None:
    for index, away in lock.absent_for(now):
        if away <= opts.rejoin_time:
            continue
        who = lock.who(lock.peers[index])
        if opts.hand_over is None:
            raise CannotGoOn(f"{who} has been gone for more than {opts.rejoin_time:.0f} s")
        keeper = lock.keeper()
        if keeper is not None and keeper == lock.my_index:
            lock.hand_over(index, opts.hand_over, keeper)


def _flush(link: Link, seconds: float = 2.0) -> None:
    """Give what is still queued for the relay a moment to go out."""
    end = time.monotonic() + seconds
    while time.monotonic() < end and link.alive and not link.idle():
        time.sleep(0.02)
