"""What a computer keeps to come back to a room: its private token (the relay knows it by it)
and its hash chain's secret (its reveals must go on from the commitment the game holds), in the
user folder (`online/ROOM-N.json`, readable by the player alone). After a crash or a kill,
joining the same room again takes them from there (docs/online.md#leaving-and-coming-back).

Two windows of one player may be in one room (the host and a guest on one machine): each holds a
lock on its own file while it plays (`saves.GameLock`), so a window that joins takes the kept
file no running window holds, or a new one.
"""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import dataclass
from pathlib import Path

from petanque_game.draws import DEFAULT_LENGTH, ChanceError, HashChain
from petanque_game.files import ReadProblem, read_regular, write_atomic
from petanque_game.paths import user_dir
from petanque_game.saves import GameLock

MAX_BYTES = 4096
MAX_SLOTS = 10  # computers of one player in one room


class KeptUnreadable(Exception):
    """A kept file that cannot be used; str() says which and why."""


@dataclass
class Seat:
    """This computer's place in a room: its token, its chain, whether it was there before
    (`again`), and the lock that keeps another window of the player off it."""

    token: str
    chain: HashChain
    again: bool
    path: Path | None
    lock: GameLock | None

    def keep(self, room: str) -> None:
        """Write the token and the secret (once the room is known: a host learns its code)."""
        if self.path is None:
            self.path, self.lock = _free(room, new=True)
        if self.path is None or self.again:
            return
        data = {"room": room, "token": self.token, "secret": self.chain.secret,
                "length": self.chain.length}
        write_atomic(self.path, json.dumps(data), MAX_BYTES, "the online session")
        with contextlib.suppress(OSError):
            os.chmod(self.path, 0o600)

    def release(self) -> None:
        if self.lock is not None:
            self.lock.release()
            self.lock = None


def fresh(token: str, length: int = DEFAULT_LENGTH) -> Seat:
    return Seat(token, HashChain.new(length), False, None, None)


def claim(room: str, token: str) -> Seat:
    """This computer's seat in `room`: the kept one no running window holds, if there is one
    (KeptUnreadable if it cannot be read), else a fresh one with `token`."""
    path, lock = _free(room, new=False)
    if path is None or not path.exists():
        seat = fresh(token)
        seat.path, seat.lock = path, lock
        return seat
    try:
        data = json.loads(read_regular(path, MAX_BYTES, "the online session"))
        chain = HashChain.from_secret(data["secret"], data["length"])
        kept = data["token"]
        if not isinstance(kept, str):
            raise ValueError("its token is not text")
    except (ReadProblem, ValueError, KeyError, TypeError, ChanceError) as e:
        if lock is not None:
            lock.release()
        raise KeptUnreadable(f"{path}: the saved online session cannot be read ({e})") \
            from None
    return Seat(kept, chain, True, path, lock)


def _free(room: str, new: bool) -> tuple[Path | None, GameLock | None]:
    """The first of the room's files no running window holds (a missing one, with `new`), and
    its lock; (None, None) when none can be had (it is then kept nowhere)."""
    folder = user_dir() / "online"
    for n in range(1, MAX_SLOTS + 1):
        path = folder / f"{room}-{n}.json"
        if new and path.exists():
            continue
        try:
            lock = GameLock.take(path)
        except OSError:
            return None, None
        if lock is not None:
            return path, lock
    return None, None
