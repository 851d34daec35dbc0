"""An online game with no window: `petanque-game online host | join` (cli_online.py), for tests
and for bots. This computer's seats are played by an AI; the loop takes what the link brought,
moves the game on and sleeps a little, and ends when the game is over (exit 0) or cannot go on
(one line saying why, exit 1).

A computer that joins keeps its token and its chain's secret in the user folder (`online/`,
one file per room), so that after being killed it can join the same room again and go on.
"""

from __future__ import annotations

import json
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from petanque_game.draws import DEFAULT_LENGTH, ChanceError, HashChain
from petanque_game.files import ReadProblem, os_reason, read_regular, write_atomic
from petanque_game.online import protocol as p
from petanque_game.online.gathering import Gathering
from petanque_game.online.link import Link, new_token
from petanque_game.online.lockstep import Lockstep, ai_decision
from petanque_game.paths import user_dir
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


# --- the session kept in the user folder ----------------------------------------------------------


def session_path(room: str) -> Path:
    return user_dir() / "online" / f"{room}.json"


def save_session(room: str, token: str, chain: HashChain) -> None:
    data = {"room": room, "token": token, "secret": chain.secret, "length": chain.length}
    path = session_path(room)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, json.dumps(data), 4096, "the online session")
    os.chmod(path, 0o600)


def load_session(room: str) -> tuple[str, HashChain] | None:
    """(token, chain) of this computer in `room`, if it has been in it (as host or guest)."""
    path = session_path(room)
    if not path.exists():
        return None
    try:
        data = json.loads(read_regular(path, 4096, "the online session"))
        chain = HashChain.from_secret(data["secret"], data["length"])
        token = data["token"]
        if not isinstance(token, str):
            raise ValueError("its token is not text")
    except (ReadProblem, ValueError, KeyError, TypeError, ChanceError) as e:
        raise CannotGoOn(f"{path}: the saved online session cannot be read ({e})") from None
    return token, chain


# --- the loop ---------------------------------------------------------------------------------


def host(game: str, seats: list[str], game_options: dict[str, Any], seed: int, level: Any,
         opts: Options) -> int:
    token, chain = new_token(), HashChain.new(DEFAULT_LENGTH)
    link = Link(opts.relay, token, give_up=opts.give_up).start()
    lock = Lockstep(link, chain, "host", opts.name, opts.level, ai_decision)
    lock.gathering = Gathering(game, seats, game_options, seed, level)
    return _play(link, lock, token, opts, announce=True)


def join(room: str, opts: Options) -> int:
    saved = load_session(room)  # this computer was in the room before: it comes back
    token, chain = saved or (new_token(), HashChain.new(DEFAULT_LENGTH))
    link = Link(opts.relay, token, room=room, again=saved is not None,
                give_up=opts.give_up).start()
    lock = Lockstep(link, chain, "guest", opts.name, opts.level, ai_decision)
    return _play(link, lock, token, opts, announce=False)


def _play(link: Link, lock: Lockstep, token: str, opts: Options, announce: bool) -> int:
    try:
        _loop(link, lock, token, opts, announce)
    except CannotGoOn as e:
        print(f"petanque-game online: {e}", file=sys.stderr, flush=True)
        return 1
    finally:
        _flush(link)
        link.close()
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


def _loop(link: Link, lock: Lockstep, token: str, opts: Options, announce: bool) -> None:
    started, saved, over_at = time.monotonic(), False, None
    shown = 0
    for _ in range(int(opts.max_seconds / TICK) * 4 + 1000):  # bounded, and by the clock
        now = time.monotonic()
        if now - started > opts.max_seconds:
            raise CannotGoOn(f"the game did not end within {opts.max_seconds:.0f} s")
        lock.handle(link.events())
        if not saved and lock.me and link.room:
            save_session(link.room, token, lock.chain)
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
