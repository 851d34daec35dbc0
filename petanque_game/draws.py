"""Fresh contributions to chance: what a draw takes besides the record's seed, so that no player
can work out a roll, a hand's wobble or a tumble before deciding (docs/records.md, "Fairness").

A record made before these existed, and every game `simulate` plays, draws from its seed alone
(`Match.stream`). A game started with a `ChanceSource` says so in its record's top-level `chance`
(`ChanceSource.top_level`), and every event that draws (a roll, a throw) carries the source's
contributions for that draw in its own `chance` field; the draw's key then ends in their `mix`.

- `LocalEntropy`: a game on one computer takes fresh bytes from the operating system at the moment
  of each draw, after the decision. Nothing stored before it predicts them.
- `Revealed`: a game on several computers. Each computer (a *peer*) makes a `HashChain`, commits
  to its end before the first draw and reveals one link per draw, going backwards, only once the
  decision the draw follows is fixed; a reveal is checked against the peer's previous one, so it
  was fixed at the start and no one can choose it late. The draw mixes every peer's reveal.

This module is pure (hashlib and secrets only): the match, the fold that checks a record and the
network driver all use it.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Any, Protocol

LOCAL = "local"
HASH_CHAINS = "hash-chains"
HEX_DIGITS = 64  # a SHA-256 value, or 32 bytes of entropy, in lowercase hexadecimal
DEFAULT_LENGTH = 1 << 16  # draws one chain covers: far above any game the options allow
MAX_PEERS = 10  # as many as a record has seats
_CHECKPOINT = 256  # a chain keeps every 256th link; a reveal hashes at most 255 times


class ChanceError(ValueError):
    """A chance field that cannot be used (a record's: verify exits 2), or a chain asked for a
    draw it does not cover."""


class ForgedReveal(ValueError):
    """A reveal that does not hash to the peer's previous one (or its commitment): it was not
    fixed at the start (a record's: verify exits 1)."""

    def __init__(self, peer: int, draw: int):
        super().__init__(f"peer {peer}'s reveal for draw {draw} does not hash to its previous "
                         f"reveal (or its commitment): it is forged")
        self.peer, self.draw = peer, draw


def _sha(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()


def is_hex(value: Any) -> bool:
    """Is `value` 32 bytes written as 64 lowercase hexadecimal digits?"""
    return (isinstance(value, str) and len(value) == HEX_DIGITS
            and all(c in "0123456789abcdef" for c in value))


class HashChain:
    """One peer's chain: h_0 = the secret (32 bytes), h_{i+1} = SHA-256(h_i) over the 32 bytes,
    up to h_length, the commitment. Draw k (0, 1, ...) reveals h_{length-1-k}: each reveal hashes
    to the one before it, the first to the commitment."""

    def __init__(self, secret: bytes, length: int):
        if len(secret) != 32:
            raise ChanceError("a chain's secret is 32 bytes")
        if not 1 <= length <= 1 << 24:
            raise ChanceError(f"a chain's length is 1 to {1 << 24}, not {length}")
        self.length = length
        self._secret = secret
        self._marks = [secret]  # h_0, h_256, h_512, ...
        link = secret
        for i in range(1, length + 1):
            link = _sha(link)
            if i % _CHECKPOINT == 0:
                self._marks.append(link)
        self._end = link

    @classmethod
    def new(cls, length: int = DEFAULT_LENGTH) -> HashChain:
        return cls(secrets.token_bytes(32), length)

    @classmethod
    def from_secret(cls, secret: str, length: int) -> HashChain:
        """The chain of a stored `secret` (rejoining a game)."""
        if not is_hex(secret):
            raise ChanceError("a chain's secret is 64 lowercase hexadecimal digits")
        return cls(bytes.fromhex(secret), length)

    @property
    def secret(self) -> str:
        return self._secret.hex()

    @property
    def commitment(self) -> str:
        return self._end.hex()

    def reveal(self, draw: int) -> str:
        """The link revealed for draw `draw`: h_{length-1-draw}."""
        if not 0 <= draw < self.length:
            raise ChanceError(f"this chain covers draws 0 to {self.length - 1}, not {draw}")
        i = self.length - 1 - draw
        link = self._marks[i // _CHECKPOINT]
        for _ in range(i % _CHECKPOINT):
            link = _sha(link)
        return link.hex()


def check_reveal(previous: str, reveal: str, steps: int = 1) -> bool:
    """Does `reveal` hashed `steps` times give `previous` (the peer's reveal `steps` draws before,
    or its commitment)? False for anything that is not 64 lowercase hexadecimal digits."""
    if not (is_hex(previous) and is_hex(reveal)) or not 1 <= steps <= 1 << 24:
        return False
    link = bytes.fromhex(reveal)
    for _ in range(steps):
        link = _sha(link)
    return link.hex() == previous


def mix_of(contributions: dict[str, Any]) -> str:
    """The SHA-256 (hex) of a draw's contributions, which ends the draw's key: over the ASCII text
    of its parts joined by ":", the parts being the local `entropy`, or every peer's reveal in
    peer order (`null` for a peer that has left)."""
    if "entropy" in contributions:
        parts = [contributions["entropy"]]
    else:
        parts = ["null" if r is None else r for r in contributions["reveals"]]
    return hashlib.sha256(":".join(parts).encode("ascii")).hexdigest()


class ChanceSource(Protocol):
    """Where a match gets the contributions of each draw, at the moment it draws."""

    def top_level(self) -> dict[str, Any]:
        """The record's top-level `chance`: which scheme, and for hash chains the commitments."""

    def contributions(self, draw: int) -> dict[str, Any]:
        """The `chance` field of the event that makes draw `draw` (0, 1, ... in the game)."""


class LocalEntropy:
    """Fresh bytes from the operating system at each draw (`secrets`): a game on one computer."""

    def top_level(self) -> dict[str, Any]:
        return {"scheme": LOCAL}

    def contributions(self, draw: int) -> dict[str, Any]:
        return {"entropy": secrets.token_hex(32)}


def new_seed() -> int:
    """A new game's seed, from the wall clock (the one use of it): what the game draws from its
    seed alone (the AI's own choices, the board's start) follows from it."""
    import time

    return time.time_ns() % (2**63 - 1)


class NotReady(ChanceError):
    """A draw asked for before every peer's reveal for it is in."""


class Revealed:
    """The reveals of every peer of a game on several computers, each checked as it comes:
    `add(peer, draw, reveal)` raises ForgedReveal for one that does not hash to the peer's
    previous reveal. A peer that has left for good (its seat handed to the computer) is
    `leave`-d: its part of later draws is null. Draws are made in order."""

    def __init__(self, commitments: list[str]):
        if not 1 <= len(commitments) <= MAX_PEERS or not all(map(is_hex, commitments)):
            raise ChanceError(f"commitments are 1 to {MAX_PEERS} SHA-256 values in lowercase "
                              f"hexadecimal")
        self.commitments = list(commitments)
        self._last: list[tuple[int, str]] = [(-1, c) for c in commitments]  # (draw, link)
        self._gone: set[int] = set()
        self._due: dict[int, dict[int, str | None]] = {}  # draw -> peer -> reveal

    def top_level(self) -> dict[str, Any]:
        return {"scheme": HASH_CHAINS, "commitments": list(self.commitments)}

    def _peer(self, peer: int) -> None:
        if not 0 <= peer < len(self.commitments):
            raise ChanceError(f"there is no peer {peer} (peers 0 to {len(self.commitments) - 1})")

    def add(self, peer: int, draw: int, reveal: str) -> None:
        """Peer `peer`'s reveal for draw `draw`. ChanceError for a malformed one or a draw not
        after the peer's last; ForgedReveal for one that does not hash to its previous reveal.
        A peer that had left and adds again is back."""
        self._peer(peer)
        if not is_hex(reveal):
            raise ChanceError(f"peer {peer}'s reveal for draw {draw} is not 64 lowercase "
                              f"hexadecimal digits")
        last_draw, last = self._last[peer]
        if draw <= last_draw:
            raise ChanceError(f"peer {peer} revealed draw {draw} after draw {last_draw}")
        if not check_reveal(last, reveal, draw - last_draw):
            raise ForgedReveal(peer, draw)
        self._last[peer] = (draw, reveal)
        self._gone.discard(peer)
        self._due.setdefault(draw, {})[peer] = reveal

    def leave(self, peer: int) -> None:
        """Peer `peer` has left for good: it takes no part in the draws after its last reveal."""
        self._peer(peer)
        self._gone.add(peer)

    def ready(self, draw: int) -> bool:
        """Is every present peer's reveal for `draw` in (and at least one)?"""
        got = self._due.get(draw, {})
        return bool(got) and all(p in got or p in self._gone for p in range(len(self.commitments)))

    def contributions(self, draw: int) -> dict[str, Any]:
        if not self.ready(draw):
            raise NotReady(f"draw {draw} waits for a reveal")
        got = self._due[draw]
        for old in [d for d in self._due if d < draw]:
            del self._due[old]
        return {"reveals": [got.get(p) for p in range(len(self.commitments))]}

    def check(self, draw: int, reveals: list[str | None]) -> None:
        """A recorded draw's reveals (one per peer, null for a peer that had left), each checked
        against that peer's previous reveal: ForgedReveal for the first that is not its own."""
        for peer, reveal in enumerate(reveals):
            if reveal is not None:
                self.add(peer, draw, reveal)
        self._due.pop(draw, None)


# --- reading a record's chance fields ---------------------------------------------------------


def read_scheme(value: Any) -> dict[str, Any]:
    """A record's top-level `chance`, checked: {"scheme": "local"} or {"scheme": "hash-chains",
    "commitments": [...]} ; ChanceError says what is wrong."""
    if not isinstance(value, dict):
        raise ChanceError("'chance' must be an object naming its scheme")
    scheme = value.get("scheme")
    schemes = {LOCAL: {"scheme"}, HASH_CHAINS: {"scheme", "commitments"}}
    keys = schemes.get(scheme) if isinstance(scheme, str) else None
    if keys is None:
        raise ChanceError(f"chance.scheme must be {LOCAL!r} or {HASH_CHAINS!r}")
    if set(value) != keys:
        extra = sorted(set(value) - keys) or sorted(keys - set(value))
        raise ChanceError(f"chance of scheme {scheme!r} has exactly the keys "
                          f"{', '.join(sorted(keys))}, not {extra[0]!r}")
    if scheme == HASH_CHAINS:
        commitments = value["commitments"]
        if not isinstance(commitments, list):
            raise ChanceError("chance.commitments must be an array")
        Revealed(commitments)  # checks each of them
    return value


def read_contributions(scheme: dict[str, Any], value: Any) -> dict[str, Any]:
    """An event's `chance` field under the record's `scheme`, checked for its shape (not yet
    against the chains: `Revealed.check`); ChanceError says what is wrong."""
    if scheme["scheme"] == LOCAL:
        if not isinstance(value, dict) or set(value) != {"entropy"} or not is_hex(value["entropy"]):
            raise ChanceError("'chance' of a local game is {\"entropy\": 64 lowercase hexadecimal "
                              "digits}")
        return value
    peers = len(scheme["commitments"])
    reveals = value.get("reveals") if isinstance(value, dict) else None
    if (not isinstance(value, dict) or set(value) != {"reveals"} or not isinstance(reveals, list)
            or len(reveals) != peers or not all(r is None or is_hex(r) for r in reveals)
            or all(r is None for r in reveals)):
        raise ChanceError(f"'chance' of a game of hash chains is {{\"reveals\": one per peer "
                          f"({peers}), each 64 lowercase hexadecimal digits or null, not all "
                          f"null}}")
    return value
