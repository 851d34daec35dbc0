"""The client's connection to the relay, on a thread of its own with its own asyncio loop.

The game (the window, or the headless loop) never waits on the network: it hands messages to
`send_all` and `send_to`, which return at once, and collects what came with `events()`, which
never blocks. The thread connects, enters the room (or opens one), and when the connection drops
connects again with growing pauses (0.1 s doubling to 2 s), entering the same room `again` so a
relay that restarted makes it anew; after `give_up` seconds without the relay it stops and says
why (`Ended`).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import json
import queue
import random
import secrets
import threading
import time
from dataclasses import dataclass
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from petanque_game import strict_json
from petanque_game.online.relay import MAX_MESSAGE, RELAY_PROTOCOL, TOKEN_HEX, set_from_outside

MAX_WAITING = 4096  # messages held for the game (in) or for the relay (out); more are dropped
GIVE_UP = 30.0


@dataclass(frozen=True)
class Entered:
    """In the room `room` as `peer`, with the `members` already there; `again` after a drop."""
    room: str
    peer: str
    members: tuple[str, ...]
    again: bool


@dataclass(frozen=True)
class Came:
    peer: str


@dataclass(frozen=True)
class Went:
    peer: str


@dataclass(frozen=True)
class Said:
    """A member's message: its body (a JSON object, not yet checked) and its size in bytes."""
    peer: str
    body: Any
    size: int


@dataclass(frozen=True)
class Lost:
    """The connection dropped; the thread is trying again."""
    reason: str


@dataclass(frozen=True)
class Ended:
    """The link is over for good: the relay refused (`why` its reason's name) or is gone."""
    why: str
    reason: str


Event = Entered | Came | Went | Said | Lost | Ended


def new_token() -> str:
    return secrets.token_hex(TOKEN_HEX // 2)


def check_url(url: str) -> str | None:
    """Why `url` cannot be a relay's address, or None."""
    if not (url.startswith("ws://") or url.startswith("wss://")) or len(url) > 200 \
            or not url.isprintable():
        return f"the relay's address must be ws://HOST:PORT, not {url[:60]!r}"
    return None


class Link:
    """One computer's connection to a room on a relay (see the module docstring)."""

    def __init__(self, url: str, token: str, room: str | None = None, again: bool = False,
                 give_up: float = GIVE_UP):
        self.url, self.token, self.room, self.again = url, token, room, again
        self.give_up = give_up
        self.sent_bytes = 0
        self._in: queue.Queue[Event] = queue.Queue(MAX_WAITING)
        self._early: collections.deque[Event] = collections.deque()  # taken by `wait`
        self._unsent: str | None = None  # a message whose sending the drop interrupted
        self._loop: asyncio.AbstractEventLoop | None = None
        self._out: asyncio.Queue[str] | None = None
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="online link", daemon=True)
        # the spread of its waits between tries: its own, so a link never moves the random
        # module's shared state under a game or a test that seeded it
        self._jitter = random.Random()

    # --- the game's side ---------------------------------------------------------------------

    def start(self) -> Link:
        self._thread.start()
        self._ready.wait(5.0)
        return self

    def send_all(self, body: dict[str, Any]) -> None:
        self._post({"t": "all", "body": body})

    def send_to(self, peer: str, body: dict[str, Any]) -> None:
        self._post({"t": "to", "peer": peer, "body": body})

    def events(self, most: int = 1000) -> list[Event]:
        out: list[Event] = []
        while self._early and len(out) < most:
            out.append(self._early.popleft())
        with contextlib.suppress(queue.Empty):
            while len(out) < most:
                out.append(self._in.get_nowait())
        return out

    def wait(self, seconds: float) -> None:
        """Sleep until something comes or `seconds` pass (the headless loop's idle)."""
        if not self._early:
            with contextlib.suppress(queue.Empty):
                self._early.append(self._in.get(timeout=seconds))

    def close(self) -> None:
        set_from_outside(self._loop, self._stop)
        self._thread.join(5.0)

    def idle(self) -> bool:
        """Has everything handed to the link gone out?"""
        out = self._out
        return self._unsent is None and (out is None or out.empty())

    @property
    def alive(self) -> bool:
        return self._thread.is_alive()

    # --- the thread's side -------------------------------------------------------------------

    def _post(self, message: dict[str, Any]) -> None:
        text = json.dumps(message, separators=(",", ":"))
        loop, out = self._loop, self._out
        if loop is None or out is None or loop.is_closed():
            return
        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(self._queue_out, out, text)

    @staticmethod
    def _queue_out(out: asyncio.Queue[str], text: str) -> None:
        if out.qsize() < MAX_WAITING:
            out.put_nowait(text)

    def _give(self, event: Event) -> None:
        with contextlib.suppress(queue.Full):
            self._in.put_nowait(event)

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        try:
            loop.run_until_complete(self._main(loop))
        finally:
            loop.close()

    async def _main(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop, self._out, self._stop = loop, asyncio.Queue(), asyncio.Event()
        self._ready.set()
        delay, down_since, entered = 0.1, None, False
        while not self._stop.is_set():
            reason = "the relay cannot be reached"
            try:
                async with connect(self.url, max_size=MAX_MESSAGE, open_timeout=5,
                                   ping_interval=5, ping_timeout=10, close_timeout=2,
                                   compression=None) as ws:
                    ended = await self._enter(ws, entered)
                    if ended is not None:
                        self._give(ended)
                        return
                    entered, delay, down_since = True, 0.1, None
                    reason = await self._serve(ws)
            except InvalidURI:
                self._give(Ended("address", f"{self.url[:60]!r} is not a relay's address"))
                return
            except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError) as e:
                reason = f"the relay cannot be reached ({type(e).__name__})"
            if self._stop.is_set():
                return
            now = time.monotonic()
            down_since = down_since if down_since is not None else now
            if now - down_since > self.give_up:
                self._give(Ended("gone", f"{reason}; gave up after {self.give_up:.0f} s"))
                return
            self._give(Lost(reason))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stop.wait(), delay * (1 + self._jitter.random() / 4))
            delay = min(delay * 2, 2.0)

    async def _enter(self, ws: ClientConnection, entered: bool) -> Ended | None:
        hello: dict[str, Any] = {"t": "open" if self.room is None else "enter",
                                 "protocol": RELAY_PROTOCOL, "token": self.token}
        if self.room is not None:
            hello["room"], hello["again"] = self.room, entered or self.again
        await ws.send(json.dumps(hello))
        reply = _parse(await asyncio.wait_for(ws.recv(), 10.0))
        if reply.get("t") == "refused":
            why, text = reply.get("why"), reply.get("text")
            why = why if isinstance(why, str) else "refused"
            text = text if isinstance(text, str) else why
            return Ended(why[:20], f"the relay refused: {text[:200]}")
        members = reply.get("members")
        if (reply.get("t") != "room" or not isinstance(reply.get("room"), str)
                or not isinstance(reply.get("peer"), str) or not isinstance(members, list)):
            return Ended("relay", "the relay answered with something that is not a room")
        self.room = reply["room"]
        self._give(Entered(reply["room"], reply["peer"],
                           tuple(m for m in members if isinstance(m, str)), entered))
        return None

    async def _serve(self, ws: ClientConnection) -> str:
        assert self._out is not None and self._stop is not None
        reader = asyncio.ensure_future(self._read(ws))
        writer = asyncio.ensure_future(self._write(ws, self._out))
        stopper = asyncio.ensure_future(self._stop.wait())
        await asyncio.wait({reader, writer, stopper}, return_when=asyncio.FIRST_COMPLETED)
        for task in (reader, writer, stopper):
            task.cancel()
        reason = "the connection to the relay dropped"
        if reader.done() and not reader.cancelled() and reader.exception() is None:
            reason = reader.result()
        return reason

    async def _read(self, ws: ClientConnection) -> str:
        try:
            async for raw in ws:
                text = raw if isinstance(raw, str) else ""
                message = _parse(text)
                kind, peer = message.get("t"), message.get("peer")
                if kind == "msg" and isinstance(peer, str):
                    self._give(Said(peer, message.get("body"), len(text)))
                elif kind == "came" and isinstance(peer, str):
                    self._give(Came(peer))
                elif kind == "went" and isinstance(peer, str):
                    self._give(Went(peer))
        except ConnectionClosed as e:
            return f"the connection to the relay closed ({e.rcvd.code if e.rcvd else 'no code'})"
        return "the connection to the relay closed"

    async def _write(self, ws: ClientConnection, out: asyncio.Queue[str]) -> None:
        while True:
            if self._unsent is None:
                self._unsent = await out.get()
            await ws.send(self._unsent)  # a drop leaves it unsent, sent first once back
            self.sent_bytes += len(self._unsent)
            self._unsent = None


def _parse(text: Any) -> dict[str, Any]:
    """A relay's message as an object ({} when it is not one: it is skipped)."""
    if not isinstance(text, str):
        return {}
    try:
        message = strict_json.loads(text)
    except (strict_json.JSONProblem, RecursionError):
        return {}
    return message if isinstance(message, dict) else {}
