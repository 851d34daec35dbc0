"""What a challenge is (challenge.py makes, reads and checks one): the setup it fixes, its ident,
its file's JSON and its code, the board it carries, and the one-line error of a challenge that is
not one. The layer under the challenge's other modules: it imports none of them.
"""

from __future__ import annotations

import base64
import hashlib
import json
import zlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from petanque_game.record import MAX_BYTES as MAX_RECORD_BYTES
from petanque_game.record import Record, Seat
from petanque_game.rules.games import spec_of
from petanque_game.rules.options import resolve

FORMAT = "petanque-game-challenge"
VERSION = 1
MAX_BYTES = MAX_RECORD_BYTES + (1 << 20)  # the challenger's record and a board beside it
CODE_PREFIX = "PG1-"
MAX_CODE = 240  # characters: a longer code is not offered (the file is the way then)
MAX_BOARD_TEXT = 64 * 1024  # characters of an embedded board (a board file is at most 64 KiB)
DAILY_BOARD = "classic"
DAILY_HAND = "normal"
DAILY_OPPONENT = Seat("Expert", "ai", "expert")
TAKER = "You"  # the taker's seat's name in the file; the taker's own name replaces it in play
KEYS = {"format", "version", "game", "options", "seed", "players", "hand", "board", "daily",
        "challenger"}


class ChallengeError(Exception):
    """What is wrong with a challenge (file or code), in one line."""

    def __init__(self, reason: str, place: str | None = None):
        super().__init__(reason)
        self.reason, self.place = reason, place

    def where(self, source: str) -> str:
        """The one line a player is shown: the file (or code), the place in it, the reason."""
        if self.place:
            return f"{source}: {self.place}: {self.reason}"
        return f"{source}: {self.reason}"


@dataclass(frozen=True)
class Board:
    """A board as a challenge carries it: its name and the text of its file."""

    name: str
    text: str

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.text.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Challenge:
    game: str
    options: Mapping[str, Any]  # every rule option, resolved
    seed: int
    seats: tuple[Seat, ...]  # exactly one human seat: the taker's
    hand: str | None = None  # the taker's hand, for a game on a board
    board: Board | None = None
    daily: str | None = None  # the date (ISO) of a daily challenge
    challenger: Record | None = field(default=None, compare=False)  # their game, checked

    @property
    def you(self) -> int:
        """The taker's seat."""
        return next(i for i, s in enumerate(self.seats) if s.kind == "human")

    def to_beat(self) -> int | None:
        """The challenger's score in the taker's seat, when the challenge carries their game
        (a finished one: checked when the challenge was read)."""
        theirs = self.challenger
        if theirs is None or theirs.result is None:
            return None
        return int(theirs.result["scores"][self.you])

    def setup(self) -> dict[str, Any]:
        """Everything the game's chance depends on, as JSON (the taker's name left out)."""
        return {"game": self.game, "options": dict(self.options), "seed": self.seed,
                "players": [s.to_json() for s in self.seats], "hand": self.hand,
                "board": None if self.board is None else {"name": self.board.name,
                                                          "text": self.board.text},
                "daily": self.daily}

    @property
    def ident(self) -> str:
        """16 hex that name this challenge (its setup): results are kept by it."""
        return ident_of(self.canon())

    def canon(self) -> str:
        """The setup as the text its ident is the hash of."""
        return json.dumps(self.setup(), sort_keys=True, ensure_ascii=False,
                          separators=(",", ":"))

    def to_json(self) -> dict[str, Any]:
        challenger = None if self.challenger is None else self.challenger.to_json()
        return {"format": FORMAT, "version": VERSION, **self.setup(), "challenger": challenger}

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1) + "\n"

    def seats_for(self, name: str) -> list[Seat]:
        """The game's seats with the taker's own name in theirs."""
        return [Seat(name, "human") if s.kind == "human" else s for s in self.seats]

    def hands(self) -> list[str | None] | None:
        if self.hand is None:
            return None
        return [self.hand if s.kind == "human" else None for s in self.seats]

    def code(self) -> str | None:
        """The setup in one line for a chat, or None when it does not fit (a board of one's
        own, or many options): then the file is the way to share it. Positional JSON (options
        only where they differ from the rules' defaults), deflated, with a CRC-32 so that a
        damaged code is told apart, in URL-safe base64."""
        if self.board is not None and not _is_shipped(self.board):
            return None
        defaults = resolve(spec_of(self.game).rules.OPTIONS, {})
        changed = {k: v for k, v in self.options.items() if defaults.get(k) != v}
        seats = [0 if s.kind == "human" else [s.level, s.name] for s in self.seats]
        packed = [self.game, changed, self.seed, seats, self.hand,
                  None if self.board is None else self.board.name, self.daily]
        body = json.dumps(packed, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
        squeezed = zlib.compress(body, 9)[2:-4]  # the raw deflate stream
        checked = squeezed + zlib.crc32(squeezed).to_bytes(4, "big")
        code = CODE_PREFIX + base64.urlsafe_b64encode(checked).decode("ascii").rstrip("=")
        return code if len(code) <= MAX_CODE else None


def ident_of(canon: str) -> str:
    """The ident of the setup whose text (Challenge.canon) is `canon`."""
    return hashlib.sha256(canon.encode("utf-8")).hexdigest()[:16]


def shipped_board(name: str) -> Board:
    from petanque_game.physics.level import board_text

    return Board(name, board_text(name))


def _is_shipped(board: Board) -> bool:
    from petanque_game.physics.level import LevelError, board_text, level_names

    if board.name not in level_names():
        return False
    try:
        return board_text(board.name) == board.text
    except LevelError:
        return False
