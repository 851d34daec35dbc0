"""The messages the computers of a room send each other (docs/online.md), read strictly.

Every message is one JSON object with a `type` and exactly the fields of its type, each checked
for its kind and range; a message over its size cap is not even parsed. `read` turns a body from
the network into its typed message or raises `BadMessage` with one short line that names what is
wrong (never the whole of what was sent). Whether a move is legal where the game stands is the
lockstep's question (`moves.read_move`), asked of the rules themselves.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

from petanque_game.rules.events import brief

PROTOCOL = 1  # the version of these messages; a peer speaking another is told so and left
MAX_BODY = 16 * 1024  # bytes of any message but a sync
MAX_SYNC = 1000 * 1024  # bytes of a sync, which carries the whole record (the relay takes 1 MiB)
MAX_MOVE_KEYS = 8
MAX_DRAW = 1 << 20
MAX_AT = 1 << 24
HEX64 = re.compile(r"[0-9a-f]{64}")
PEER_ID = re.compile(r"[0-9a-f]{16}")
ROLES = ("host", "guest")
BYE_REASONS = ("version", "protocol", "full", "game", "left")
AI_LEVELS = ("easy", "medium", "expert")
MAX_CHAT = 60  # characters of a chat line: a few words


class BadMessage(ValueError):
    """A message that is not one of ours; str() is one line that says why."""


@dataclass(frozen=True)
class Hello:
    """A computer arriving (or coming back): what it speaks, its role, its chain's commitment,
    its player's name and, when an AI plays for it (headless), the AI's `level` ("" for a
    person)."""
    protocol: int
    version: str
    role: str
    commitment: str
    name: str
    level: str
    type: str = "hello"


@dataclass(frozen=True)
class Bye:
    """A computer leaving, or the host turning one away (version, protocol, room full)."""
    reason: str
    text: str
    type: str = "bye"


@dataclass(frozen=True)
class Decision:
    """The decision of `seat`, the `at`-th of the game, in its wire form (`moves.move_form`)."""
    at: int
    seat: int
    move: dict[str, Any]
    type: str = "decision"


@dataclass(frozen=True)
class Reveal:
    """A peer's contribution to draw number `draw`: the next link of its hash chain, and the
    digest of the decision it was given for (`decision_digest`): a seat's computer that sent one
    decision to some computers and another to the others is found out before either is applied."""
    draw: int
    value: str
    decision: str
    type: str = "reveal"


@dataclass(frozen=True)
class Sync:
    """The game as it stands, from the host at the start and from any peer to one that comes
    back: the record so far (its top-level `chance` holds every peer's commitment), `at`
    decisions made, the peers in their order (the host first: the order of the commitments)
    their players' names, and which peer plays each seat now (its index in `peers`)."""
    record: str
    at: int
    peers: list[str]
    names: list[str]
    owners: list[int]
    type: str = "sync"


@dataclass(frozen=True)
class Ask:
    """"I am at decision `at` and waiting": the others send again what that needs (-1: the
    record, for a peer that came back)."""
    at: int
    type: str = "ask"


@dataclass(frozen=True)
class Handover:
    """Peer number `peer` is gone for good: its seats are played by an AI of `level` on the
    computer of peer number `keeper`."""
    peer: int
    level: str
    keeper: int
    type: str = "handover"


@dataclass(frozen=True)
class Chat:
    """A short line a player says to the others (shown, never recorded)."""
    text: str
    type: str = "chat"


Message = Hello | Bye | Decision | Reveal | Sync | Ask | Handover | Chat


def write(message: Message) -> dict[str, Any]:
    return asdict(message)


def decision_digest(at: int, seat: int, move: dict[str, Any]) -> str:
    """A decision's fingerprint: SHA-256 of its number, seat and wire form, as canonical JSON."""
    text = json.dumps({"at": at, "seat": seat, "move": move}, sort_keys=True,
                      separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def size_of(body: dict[str, Any]) -> int:
    return len(json.dumps(body, separators=(",", ":")).encode())


# --- reading ----------------------------------------------------------------------------------


def _int(low: int, high: int) -> Callable[[Any], str | None]:
    def check(v: Any) -> str | None:
        ok = type(v) is int and low <= v <= high
        return None if ok else f"a whole number {low} to {high}"
    return check


def _text(most: int) -> Callable[[Any], str | None]:
    def check(v: Any) -> str | None:
        ok = isinstance(v, str) and len(v) <= most and v.isprintable()
        return None if ok else f"printable text of at most {most} characters"
    return check


def _pattern(rx: re.Pattern[str], what: str) -> Callable[[Any], str | None]:
    return lambda v: None if isinstance(v, str) and rx.fullmatch(v) else what


def _one_of(names: tuple[str, ...]) -> Callable[[Any], str | None]:
    return lambda v: None if v in names else f"one of {', '.join(names)}"


def _list(item: Callable[[Any], str | None], most: int) -> Callable[[Any], str | None]:
    def check(v: Any) -> str | None:
        if not isinstance(v, list) or len(v) > most:
            return f"an array of at most {most}"
        for x in v:
            problem = item(x)
            if problem:
                return f"an array of {problem}"
        return None
    return check


def _scalar(v: Any) -> bool:
    if isinstance(v, float):
        return math.isfinite(v)
    return v is None or isinstance(v, bool | int) or (isinstance(v, str) and len(v) <= 64)


def _small_value(v: Any, depth: int = 0) -> bool:
    """An option's value, a move's field or a seat's: scalars, short arrays, small objects."""
    if _scalar(v):
        return True
    if depth >= 2:
        return False
    if isinstance(v, list):
        return len(v) <= 16 and all(_small_value(x, depth + 1) for x in v)
    if isinstance(v, dict):
        return len(v) <= 16 and all(isinstance(k, str) and len(k) <= 32
                                    and _small_value(x, depth + 1) for k, x in v.items())
    return False


def _object(most: int) -> Callable[[Any], str | None]:
    def check(v: Any) -> str | None:
        ok = isinstance(v, dict) and len(v) <= most and all(
            isinstance(k, str) and len(k) <= 32 and _small_value(x, 1) for k, x in v.items())
        return None if ok else f"an object of at most {most} small fields"
    return check


def _chat_text(v: Any) -> str | None:
    ok = isinstance(v, str) and 0 < len(v) <= MAX_CHAT and v.isprintable() and v.strip() == v
    return None if ok else f"printable text of 1 to {MAX_CHAT} characters, not padded"


def _record_text(v: Any) -> str | None:
    return None if isinstance(v, str) and len(v) <= MAX_SYNC else "a record's text"


_HEX = _pattern(HEX64, "64 lowercase hex digits")
SCHEMAS: dict[str, tuple[type, dict[str, Callable[[Any], str | None]]]] = {
    "hello": (Hello, {"protocol": _int(0, 1 << 30), "version": _text(40),
                      "role": _one_of(ROLES), "commitment": _HEX, "name": _text(32),
                      "level": _one_of(("", *AI_LEVELS))}),
    "bye": (Bye, {"reason": _one_of(BYE_REASONS), "text": _text(200)}),
    "decision": (Decision, {"at": _int(0, MAX_AT), "seat": _int(0, 9),
                            "move": _object(MAX_MOVE_KEYS)}),
    "reveal": (Reveal, {"draw": _int(0, MAX_DRAW), "value": _HEX, "decision": _HEX}),
    "sync": (Sync, {"record": _record_text, "at": _int(0, MAX_AT),
                    "peers": _list(_pattern(PEER_ID, "a peer id"), 10),
                    "names": _list(_text(32), 10), "owners": _list(_int(0, 9), 10)}),
    "ask": (Ask, {"at": _int(-1, MAX_AT)}),
    "chat": (Chat, {"text": _chat_text}),
    "handover": (Handover, {"peer": _int(0, 9), "level": _one_of(AI_LEVELS),
                            "keeper": _int(0, 9)}),
}


def read(body: Any, size: int) -> Message:
    """The typed message `body` (a JSON object from the network, `size` bytes on the wire) is;
    BadMessage with the reason when it is not one of ours in every detail."""
    if not isinstance(body, dict):
        raise BadMessage("a message must be a JSON object")
    kind = body.get("type")
    if not isinstance(kind, str) or kind not in SCHEMAS:
        raise BadMessage(f"unknown message type {brief(kind)}")
    cap = MAX_SYNC + 1024 if kind == "sync" else MAX_BODY
    if size > cap:
        raise BadMessage(f"a {kind} message of {size} bytes is over the {cap} bytes allowed")
    cls, fields = SCHEMAS[kind]
    unknown = sorted(set(body) - set(fields) - {"type"})
    if unknown:
        raise BadMessage(f"{kind} has unknown field {brief(unknown[0])}")
    for name, check in fields.items():
        if name not in body:
            raise BadMessage(f"{kind} lacks {name!r}")
        problem = check(body[name])
        if problem:
            raise BadMessage(f"{kind}.{name} must be {problem}, not {brief(body[name])}")
    message: Message = cls(**{name: body[name] for name in fields})
    return message
