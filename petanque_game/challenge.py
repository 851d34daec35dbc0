"""Challenges: the same game, board and chance for a friend (docs/challenges.md).

A challenge fixes everything a game depends on besides the decisions made in it: the game and its
rule options, the seats (one seat for the person who takes it, AI players in the others), the
hand that person throws with (Terningepetanque), the board (the file itself, embedded, so the
friend needs nothing else) and the seed every roll and every hand's wobble is drawn from. Whoever
takes it meets the same chance: the same decisions make the same game, event for event.

A challenge file may carry the challenger's own game, their record, so that a result can be shown
beside theirs. That record is believed only after it is checked against the challenge (the same
setup) and re-played to the outcome it claims. A *code* is the setup alone in one short line for
a chat, offered when the board is a shipped one.

A daily challenge per game comes from the date alone: the same for everyone that day, with no
network (challenge_daily.py). What a challenge cannot prove: the seed is in it, so whoever reads
it (with this code) can foresee the chance. Challenges are for friends, not for prizes.

What a challenge is (its setup, ident, file and code): challenge_setup.py; whether a game is one
of a challenge's games: challenge_games.py.
"""

from __future__ import annotations

import base64
import zlib
from collections.abc import Mapping
from datetime import date
from typing import Any

from petanque_game import strict_json
from petanque_game.challenge_daily import daily_setup, not_the_daily
from petanque_game.challenge_games import game_problem
from petanque_game.challenge_setup import (
    CODE_PREFIX,
    FORMAT,
    KEYS,
    MAX_BOARD_TEXT,
    MAX_BYTES,
    MAX_CODE,
    TAKER,
    VERSION,
    Board,
    Challenge,
    ChallengeError,
    shipped_board,
)
from petanque_game.files import ReadProblem, read_regular
from petanque_game.record import (
    MAX_SEED,
    Record,
    RecordError,
    Seat,
    check_players,
    record_from_json,
)
from petanque_game.rules.games import game_ids, spec_of
from petanque_game.rules.options import OptionError, resolve
from petanque_game.rules.petanque_table import HAND_NAMES

# --- making one --------------------------------------------------------------------------------

def new(game: str, seats: list[Seat], options: Mapping[str, Any] | None = None, seed: int = 0,
        board: Board | None = None, hand: str | None = None,
        daily: str | None = None) -> Challenge:
    """A challenge of this setup; ChallengeError when the setup is not one the game allows."""
    data = {"format": FORMAT, "version": VERSION, "game": game, "options": dict(options or {}),
            "seed": seed, "players": [s.to_json() for s in seats], "hand": hand,
            "board": None if board is None else {"name": board.name, "text": board.text},
            "daily": daily, "challenger": None}
    return from_json(data)


def from_record(record: Record, board: Board | None) -> Challenge:
    """The challenge of a finished game: its setup, and the game itself as the challenger's.
    `board`: the board file the record names, for a game on a board."""
    humans = [i for i, s in enumerate(record.players) if s.kind == "human"]
    if len(humans) != 1:
        raise ChallengeError(f"a challenge is one person's game; this one had {len(humans)} "
                             "people playing")
    if record.take_backs:
        raise ChallengeError("a game in which a throw was taken back cannot be the one to beat")
    hand = None
    if spec_of(record.game).board:
        hands = record.extra.get("hands")
        if not isinstance(hands, list):
            raise ChallengeError("the game was played before people had hands; it cannot be a "
                                 "challenge")
        hand = hands[humans[0]]
    seats = [Seat(TAKER, "human") if s.kind == "human" else s for s in record.players]
    made = new(record.game, seats, record.options, record.seed, board, hand)
    return with_challenger(made, record)


def with_challenger(challenge: Challenge, record: Record) -> Challenge:
    data = challenge.to_json()
    data["challenger"] = record.to_json()
    return from_json(data)


def daily(game: str, day: date) -> Challenge:
    """The challenge of `game` for the day `day`: its seed from the date alone, the rules'
    own defaults (not the player's), solo where the game can be played alone, else against
    one expert, the classic board and the normal hand."""
    return new(**daily_setup(game, day))


# --- reading one -------------------------------------------------------------------------------

def load(path: str) -> Challenge:
    """A challenge file, checked; ChallengeError (without the file's name) says what is wrong."""
    try:
        raw = read_regular(path, MAX_BYTES, "a challenge")
    except ReadProblem as e:
        raise ChallengeError(e.reason) from None
    return parse(raw)


def parse(raw: bytes | str, replay: bool = True) -> Challenge:
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
        data = strict_json.loads(text)
    except UnicodeDecodeError as e:
        raise ChallengeError(f"not UTF-8 text (byte {e.start})") from None
    except strict_json.JSONProblem as e:
        raise ChallengeError(str(e)) from None
    except RecursionError:
        raise ChallengeError("nested too deeply to be a challenge") from None
    return from_json(data, replay)


def from_code(code: str) -> Challenge:
    """The challenge a code stands for (its board read from the shipped boards)."""
    text = "".join(code.split())
    if not text.startswith(CODE_PREFIX) or len(text) > MAX_CODE:
        raise ChallengeError(f"a challenge code starts with {CODE_PREFIX} and is at most "
                             f"{MAX_CODE} characters")
    damaged = ChallengeError("the code is damaged (a character missing or changed?)")
    body = text[len(CODE_PREFIX):]
    try:
        checked = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        squeezed, crc = checked[:-4], checked[-4:]
        if len(checked) < 5 or zlib.crc32(squeezed).to_bytes(4, "big") != crc:
            raise damaged
        inflate = zlib.decompressobj(-15)
        packed = strict_json.loads(inflate.decompress(squeezed, 64 * 1024).decode("utf-8"))
    except (ValueError, zlib.error, UnicodeDecodeError, strict_json.JSONProblem, RecursionError):
        raise damaged from None
    if not isinstance(packed, list) or len(packed) != 7:
        raise damaged
    game, changed, seed, seats, hand, board, day = packed
    if not isinstance(game, str) or game not in game_ids() or not isinstance(seats, list):
        raise ChallengeError(f"the code is for a game this version does not have: "
                             f"{str(game)[:40]!r}")
    players = [Seat(TAKER, "human").to_json() if s == 0 else
               {"name": s[1], "kind": "ai", "level": s[0]} if isinstance(s, list) and len(s) == 2
               else s for s in seats]
    if board is not None:
        if not isinstance(board, str) or board not in _shipped_names():
            raise ChallengeError(f"the code names a board this game does not ship: "
                                 f"{str(board)[:40]!r}")
        board = {"name": board, "text": shipped_board(board).text}
    return from_json({"format": FORMAT, "version": VERSION, "game": game, "options": changed,
                      "seed": seed, "players": players, "hand": hand, "board": board,
                      "daily": day, "challenger": None})


def _shipped_names() -> list[str]:
    from petanque_game.physics.level import level_names

    return level_names()


def from_json(data: Any, replay: bool = True) -> Challenge:
    """The challenge `data` (JSON) holds, checked; ChallengeError says what is wrong. Without
    `replay`, a challenger's game is checked against the challenge but not re-played: for a file
    this program has re-played before (challenge_index.py)."""
    if not isinstance(data, dict):
        raise ChallengeError("a challenge is a JSON object")
    if data.get("format") != FORMAT:
        raise ChallengeError(f"not a challenge ('format' must be {FORMAT!r})")
    if type(data.get("version")) is not int or data["version"] != VERSION:
        raise ChallengeError(f"challenge version {str(data.get('version'))[:20]} is not known; "
                             f"this game reads version {VERSION}", "version")
    unknown = sorted(str(k)[:30] for k in set(data) - KEYS)
    if unknown:
        raise ChallengeError(f"unknown key {unknown[0]!r}", unknown[0])
    game = data.get("game")
    if not isinstance(game, str) or game not in game_ids():
        raise ChallengeError(f"unknown game {str(game)[:40]!r}; the games are "
                             f"{', '.join(game_ids())}", "game")
    spec = spec_of(game)
    if not isinstance(data.get("options"), dict):
        raise ChallengeError("must be an object of rule options", "options")
    seats = _seats(data.get("players"), spec)
    try:
        options = dict(resolve(spec.rules.OPTIONS, data["options"]))
        spec.new_game(len(seats), options)
    except (OptionError, ValueError) as e:
        raise ChallengeError(str(e), "options") from None
    seed = data.get("seed")
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise ChallengeError("must be a whole number from 0 to 2^63-1", "seed")
    hand, board = _hand(data.get("hand"), spec), _board(data.get("board"), spec)
    day = _day(data.get("daily"))
    made = Challenge(game, options, seed, tuple(seats), hand, board, day)
    if day is not None:
        forged = not_the_daily(made)
        if forged:
            raise ChallengeError(forged, "daily")
    if data.get("challenger") is not None:
        made = Challenge(game, options, seed, tuple(seats), hand, board, day,
                         _challenger(data["challenger"], made, replay))
    return made


def _seats(value: Any, spec: Any) -> list[Seat]:
    try:
        seats = check_players(value, spec)
    except RecordError as e:
        raise ChallengeError(e.reason, "players") from None
    humans = sum(s.kind == "human" for s in seats)
    if humans != 1:
        raise ChallengeError(f"exactly one seat is the taker's (kind human), not {humans}",
                             "players")
    return seats


def _hand(value: Any, spec: Any) -> str | None:
    if not spec.board:
        if value is not None:
            raise ChallengeError(f"must be null: {spec.title} is not thrown by hand", "hand")
        return None
    if not isinstance(value, str) or value not in HAND_NAMES:
        raise ChallengeError(f"must be one of {', '.join(HAND_NAMES)}", "hand")
    return value


def _board(value: Any, spec: Any) -> Board | None:
    if not spec.board:
        if value is not None:
            raise ChallengeError(f"must be null: {spec.title} is not played on a board", "board")
        return None
    if not isinstance(value, dict) or set(value) != {"name", "text"}:
        raise ChallengeError("must be an object with the board's name and text", "board")
    name, text = value["name"], value["text"]
    from petanque_game.physics.level import LevelError, name_problem, parse_level_text

    if not isinstance(name, str) or name_problem(name, {}) is not None:
        raise ChallengeError(f"not a board's name: {str(name)[:40]!r}", "board.name")
    if not isinstance(text, str) or len(text) > MAX_BOARD_TEXT:
        raise ChallengeError(f"must be the board file's text, at most {MAX_BOARD_TEXT} "
                             "characters", "board.text")
    try:
        parse_level_text(text, name)  # the checks every board file passes
    except LevelError as e:
        raise ChallengeError(str(e), "board.text") from None
    return Board(name, text)


def _day(value: Any) -> str | None:
    if value is None:
        return None
    try:
        if isinstance(value, str) and len(value) == 10:
            return date.fromisoformat(value).isoformat()
    except ValueError:
        pass
    raise ChallengeError("must be a date such as 2026-12-01, or null", "daily")


def _challenger(value: Any, challenge: Challenge, replay: bool = True) -> Record:
    """The challenger's game: a record of this very challenge (game_problem), finished, that
    re-plays to the outcome it claims (on the board the challenge carries)."""
    from petanque_game.fold import OutcomeMismatch
    from petanque_game.match import rebuild

    try:
        record = record_from_json(value)
    except RecordError as e:
        raise ChallengeError(e.reason, "challenger") from None
    problem = game_problem(record, challenge)
    if problem:
        raise ChallengeError(f"the challenger's game is not a game of this challenge: {problem}",
                             "challenger")
    if record.result is None:
        raise ChallengeError("the challenger's game is not finished", "challenger")
    if not replay:
        return record
    level = None
    if challenge.board is not None:
        from petanque_game.physics.level import parse_level_text

        assert record.level is not None  # a board game's record names its board (record.py)
        level = parse_level_text(challenge.board.text, record.level)
    try:
        match = rebuild(record, board=level)
    except (RecordError, OutcomeMismatch) as e:
        raise ChallengeError(f"the challenger's game does not re-play: {e}", "challenger") \
            from None
    if not match.over:
        raise ChallengeError("the challenger's game is not finished", "challenger")
    return record


