"""The relay: a small WebSocket server that forwards messages between the computers in a room.

It knows rooms and members, never games: a message a member sends to "all" goes to every other
member of its room, one sent "to" a member goes to that member alone, stamped with the sender's
public id, which the relay derives from the sender's private token (so no member can speak in
another's name). It keeps nothing it must not lose: the peers hold the record, and after a restart
they come back (`enter` with `again`) and the room is made anew. It writes nothing to disk.

Its limits keep one hostile connection from hurting the others: a message is at most MAX_MESSAGE
bytes (the library closes a connection that sends more), each connection gets RATE messages and
BYTE_RATE bytes a second on average (a flood waits, and a connection that keeps flooding is
closed), a room holds at most MAX_MEMBERS, the relay at most MAX_ROOMS, and a room nobody is in is
dropped after EMPTY_ROOM_SECONDS.

The relay's own messages (`t`) are documented in docs/online.md; peers' messages ride in `body`.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import signal
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from petanque_game.online.rooms import new_code, read_code

RELAY_PROTOCOL = 1  # what a client must speak: its `open` and `enter` say which
MAX_MESSAGE = 1024 * 1024  # bytes of one message: a whole record, sent to a member who rejoins
MAX_ROOMS = 1000
MAX_MEMBERS = 10  # the most seats a record holds
EMPTY_ROOM_SECONDS = 600.0
IDLE_ROOM_SECONDS = 4 * 3600.0  # a room where nothing was said for this long is dropped too
FIRST_MESSAGE_SECONDS = 10.0  # a connection that says nothing (no open or enter) is closed
RATE, BURST = 500.0, 1000.0  # messages a second on average, and at once
BYTE_RATE, BYTE_BURST = 512 * 1024.0, 2 * 1024 * 1024.0
FLOOD_SECONDS = 10.0  # held back this long with no pause in between: the connection is closed
TOKEN_HEX = 32  # characters of a member's private token (hex)


def public_id(token: str) -> str:
    """The id the others know a member by: a hash of its private token."""
    return hashlib.sha256(f"petanque-game peer:{token}".encode()).hexdigest()[:16]


@dataclass
class Room:
    code: str
    members: dict[str, ServerConnection] = field(default_factory=dict)
    empty_since: float | None = None
    last_said: float = field(default_factory=time.monotonic)


class Bucket:
    """A token bucket: `take(n)` says how long to wait before n more may pass."""

    def __init__(self, rate: float, burst: float):
        self.rate, self.burst, self.level = rate, burst, burst
        self.at = time.monotonic()

    def take(self, amount: float) -> float:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        self.level -= amount
        return 0.0 if self.level >= 0 else -self.level / self.rate


class Relay:
    """The rooms and the forwarding; `handle` serves one connection."""

    def __init__(self, empty_room_seconds: float = EMPTY_ROOM_SECONDS):
        self.rooms: dict[str, Room] = {}
        self.empty_room_seconds = empty_room_seconds
        self.closing: set[asyncio.Future[None]] = set()  # floods being closed

    async def handle(self, ws: ServerConnection) -> None:
        room: Room | None = None
        me = ""
        messages, volume = Bucket(RATE, BURST), Bucket(BYTE_RATE, BYTE_BURST)
        held = 0.0  # seconds this connection has been held back since it last kept to the rate
        try:
            first = await asyncio.wait_for(ws.recv(), FIRST_MESSAGE_SECONDS)
            room, me = await self._enter(ws, first)
            if room is None:
                return
            async for raw in ws:
                wait = max(messages.take(1), volume.take(len(raw)))
                held = held + wait if wait else 0.0
                if held > FLOOD_SECONDS:  # its close is not waited for: a flood stands before it
                    closing = asyncio.ensure_future(ws.close(1008, "too many messages"))
                    self.closing.add(closing)
                    closing.add_done_callback(self.closing.discard)
                    return
                if wait:
                    await asyncio.sleep(wait)
                room.last_said = time.monotonic()
                await self._forward(ws, room, me, raw)
        except (ConnectionClosed, TimeoutError):
            pass
        finally:
            if room is not None and room.members.get(me) is ws:
                del room.members[me]
                await _tell(room, {"t": "went", "peer": me})
                if not room.members:
                    room.empty_since = time.monotonic()

    async def _enter(self, ws: ServerConnection, raw: Any) -> tuple[Room | None, str]:
        """Read the first message, `open` (a new room) or `enter` (a room by its code)."""
        message = _envelope(raw)
        kind = message.get("t")
        if kind not in ("open", "enter"):
            await _refuse(ws, "first", "the first message must be open or enter")
            return None, ""
        if message.get("protocol") != RELAY_PROTOCOL:
            await _refuse(ws, "protocol", f"this relay speaks protocol {RELAY_PROTOCOL}")
            return None, ""
        token = message.get("token")
        if (not isinstance(token, str) or len(token) != TOKEN_HEX
                or any(c not in "0123456789abcdef" for c in token)):
            await _refuse(ws, "token", f"token must be {TOKEN_HEX} lowercase hex digits")
            return None, ""
        code: str | None = None
        if kind == "open":
            code = self._free_code()
        else:
            room_code = message.get("room")
            code = read_code(room_code) if isinstance(room_code, str) else None
            if code is None:
                await _refuse(ws, "code", "not a room code")
                return None, ""
        room = self.rooms.get(code)
        if room is None:
            if kind == "enter" and message.get("again") is not True:
                await _refuse(ws, "no_room", f"there is no room {code} on this relay")
                return None, ""
            if len(self.rooms) >= MAX_ROOMS:
                await _refuse(ws, "full", "this relay has no room for another game")
                return None, ""
            room = self.rooms[code] = Room(code)
        me = public_id(token)
        if me not in room.members and len(room.members) >= MAX_MEMBERS:
            await _refuse(ws, "room_full", f"room {code} is full")
            return None, ""
        old = room.members.get(me)
        room.members[me] = ws  # a member coming back replaces its old connection, if any
        room.empty_since = None
        if old is not None:
            with contextlib.suppress(ConnectionClosed):
                await old.close(4000, "replaced by a new connection")
        others = [p for p in room.members if p != me]
        await _send(ws, {"t": "room", "room": code, "peer": me, "members": others})
        if old is None:
            await _tell(room, {"t": "came", "peer": me}, but=me)
        return room, me

    def _free_code(self) -> str:
        for _ in range(100):
            code = new_code()
            if code not in self.rooms:
                return code
        raise RuntimeError("no free room code")  # 23**6 codes: never, with MAX_ROOMS rooms

    async def _forward(self, ws: ServerConnection, room: Room, me: str, raw: Any) -> None:
        message = _envelope(raw)
        kind, body = message.get("t"), message.get("body")
        if kind not in ("all", "to") or not isinstance(body, dict):
            await _send(ws, {"t": "error", "why": "envelope",
                             "text": "a message is {t: all|to, body: {...}}"})
            return
        out = {"t": "msg", "peer": me, "body": body}
        if kind == "all":
            await _tell(room, out, but=me)
            return
        to = message.get("peer")
        target = room.members.get(to) if isinstance(to, str) else None
        if target is None:
            await _send(ws, {"t": "error", "why": "no_peer", "text": "no such member here"})
            return
        await _send(target, out)

    def sweep(self, now: float) -> None:
        """Drop the rooms nobody has been in, or said anything in, for too long."""
        for code, room in list(self.rooms.items()):
            empty = room.empty_since is not None and now - room.empty_since > \
                self.empty_room_seconds
            if empty or now - room.last_said > IDLE_ROOM_SECONDS:
                del self.rooms[code]


def _envelope(raw: Any) -> dict[str, Any]:
    """A member's message as an object; {} when it is not one (binary, not JSON, an array)."""
    if not isinstance(raw, str):
        return {}
    try:
        message = json.loads(raw)
    except (ValueError, RecursionError):
        return {}
    return message if isinstance(message, dict) else {}


async def _send(ws: ServerConnection, message: dict[str, Any]) -> None:
    with contextlib.suppress(ConnectionClosed):
        await ws.send(json.dumps(message))


async def _tell(room: Room, message: dict[str, Any], but: str | None = None) -> None:
    text = json.dumps(message)
    for peer, ws in list(room.members.items()):
        if peer != but:
            with contextlib.suppress(ConnectionClosed):
                await ws.send(text)


async def _refuse(ws: ServerConnection, why: str, text: str) -> None:
    await _send(ws, {"t": "refused", "why": why, "text": text})
    with contextlib.suppress(ConnectionClosed):
        await ws.close(1008, why)


async def serve_relay(host: str, port: int, ready: Callable[[str, int], None],
                      stop: asyncio.Event, relay: Relay | None = None) -> None:
    """Serve until `stop` is set; `ready(host, port)` is told the port once it listens."""
    relay = relay or Relay()
    async with serve(relay.handle, host, port, max_size=MAX_MESSAGE, max_queue=8,
                     ping_interval=10, ping_timeout=20, open_timeout=10, close_timeout=2,
                     compression=None) as server:
        bound = next(iter(server.sockets)).getsockname()
        ready(host, int(bound[1]))
        while not stop.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), 15.0)
            relay.sweep(time.monotonic())


def run(host: str, port: int) -> int:
    """`petanque-game relay`: serve until SIGINT or SIGTERM, then exit 0. The first line printed
    is `relay ws://HOST:PORT` (the port the system chose for --port 0)."""

    async def main() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, AttributeError):  # not on Windows
                loop.add_signal_handler(sig, stop.set)

        def ready(h: str, p: int) -> None:
            print(f"relay ws://{h}:{p}", flush=True)

        await serve_relay(host, port, ready, stop)

    try:
        asyncio.run(main())
    except OSError as e:
        print(f"petanque-game relay: cannot listen on {host}:{port}: {e.strerror or e}",
              file=sys.stderr)
        return 1
    except KeyboardInterrupt:  # where signals cannot be caught by the loop
        return 0
    return 0


class RelayThread:
    """A relay inside the game, on a thread of its own (the window's *Host* on a local network:
    two computers need nothing else). `start` returns once it listens (`port`); `stop` ends it."""

    def __init__(self, host: str = "0.0.0.0", port: int = 0):
        self.host, self.port = host, port
        self.problem: str | None = None  # why it could not listen
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="online relay", daemon=True)

    def start(self, seconds: float = 5.0) -> RelayThread:
        self._thread.start()
        self._ready.wait(seconds)
        return self

    def _run(self) -> None:
        loop = self._loop = asyncio.new_event_loop()
        self._stop = asyncio.Event()

        def ready(_: str, port: int) -> None:
            self.port = port
            self._ready.set()

        try:
            loop.run_until_complete(serve_relay(self.host, self.port, ready, self._stop))
        except OSError as e:
            self.problem = e.strerror or str(e)
        finally:
            self._ready.set()
            loop.close()

    def stop(self) -> None:
        set_from_outside(self._loop, self._stop)
        self._thread.join(5.0)


def set_from_outside(loop: asyncio.AbstractEventLoop | None, event: asyncio.Event | None) -> None:
    """Set `event` of the loop running on another thread (nothing once that loop has ended)."""
    if loop is not None and event is not None and not loop.is_closed():
        with contextlib.suppress(RuntimeError):  # closed meanwhile
            loop.call_soon_threadsafe(event.set)


def local_address() -> str:
    """This computer's address on its local network, as another computer there would reach it
    (no packet is sent: a UDP socket only picks its route), or 127.0.0.1 when there is none."""
    import socket

    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("192.168.0.1", 9))
        address: str = s.getsockname()[0]
        return address
    return "127.0.0.1"
