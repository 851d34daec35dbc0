"""The game record (docs/records.md, version 1): read and check a file, read each event into the
game's typed event, and write a record atomically.

A record is the game: the replay, the autosave and the file sent to a friend are all this one
format. Reading checks the top level strictly and each event's envelope (its action is one of the
game's, its keys those of the action's codec, its player a seat); the fields of each action are
read by the codec the game's spec gives (`decode_event`; `rules/events.py`). Whether an event is
legal where it stands is the rules' business (see `match.rebuild`).
"""

from __future__ import annotations

import json
import math
import os
from dataclasses import dataclass, field
from typing import Any

from petanque_game import strict_json
from petanque_game.draws import ChanceError, read_scheme
from petanque_game.files import ReadProblem, read_regular, write_atomic
from petanque_game.rules.events import MISSING as _MISSING
from petanque_game.rules.events import brief as _brief
from petanque_game.rules.games import EventError, GameSpec, game_ids, spec_of
from petanque_game.rules.options import OptionError, resolve
from petanque_game.rules.petanque_table import DiamondRest, DieRest, Table

FORMAT = "petanque-game-record"
VERSION = 1
MAX_BYTES = 16 * 1024 * 1024  # far above any game the options allow; keeps a hostile file small
MAX_SEED = 2**63 - 1
MAX_NAME = 32  # characters in a player's name
AI_LEVELS = ("easy", "medium", "expert")
TAKE_BACKS = frozenset({"rethrow"})  # the actions that take a move back (Terningepetanque's)
KNOWN_TOP_LEVEL = {"format", "version", "game", "options", "level", "level_sha256", "seed",
                   "players", "events", "result"}


class RecordError(Exception):
    """A record that cannot be used (verify exits 2). `index` is the event's index, if any."""

    def __init__(self, reason: str, index: int | None = None):
        super().__init__(reason)
        self.reason = reason
        self.index = index

    def where(self, path: str | os.PathLike | None = None) -> str:
        """One line: the file, the event and the reason."""
        parts = [str(path)] if path is not None else []
        if self.index is not None:
            parts.append(f"event {self.index}")
        parts.append(self.reason)
        return ": ".join(parts)


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str  # "human" or "ai"
    level: str | None = None  # for "ai": easy, medium or expert

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "kind": self.kind}
        if self.kind == "ai":
            out["level"] = self.level
        return out


@dataclass
class Record:
    game: str
    options: dict[str, Any]
    seed: int
    players: list[Seat]
    level: str | None = None
    level_sha256: str | None = None
    events: list[dict[str, Any]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    extra: dict[str, Any] = field(default_factory=dict)  # other top-level keys, kept as they are

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": FORMAT, "version": VERSION, "game": self.game, "options": self.options,
            "level": self.level,
        }
        if self.level_sha256 is not None:
            out["level_sha256"] = self.level_sha256
        out["seed"] = self.seed
        out["players"] = [p.to_json() for p in self.players]
        out.update(self.extra)
        out["events"] = self.events
        if self.result is not None:
            out["result"] = self.result
        return out

    @property
    def take_backs(self) -> int:
        """How many times a player took a move back in this game (its `rethrow` events): a game
        with any is marked as such on the results screen, in statistics and in challenges."""
        return sum(1 for event in self.events if event.get("action") in TAKE_BACKS)

    def dumps(self) -> str:
        """The record as its file holds it: one top-level key, and one event, per line (a long
        game stays small and a change shows up in a diff as the events it touched)."""
        head, tail = self.frame()
        return text_of(head, [event_line(event) for event in self.events], tail)

    def frame(self) -> tuple[str, str]:
        """The record's text around its events' lines: up to the events' opening bracket, and from
        their closing bracket to the end (`text_of` puts a record's text together from them)."""
        items = list(self.to_json().items())
        lines = []
        for i, (key, value) in enumerate(items):
            comma = "," if i < len(items) - 1 else ""
            if key == "events":
                lines.append(f' "events": [{_CUT}]{comma}')
            else:
                lines.append(f" {_compact(key)}: {_compact(value)}{comma}")
        head, tail = ("{\n" + "\n".join(lines) + "\n}\n").split(_CUT)
        return head, tail

    def save(self, path: str | os.PathLike) -> None:
        """Write the record atomically; TooLarge (an OSError) if it is over what a reader takes."""
        write_atomic(path, self.dumps(), MAX_BYTES, "the record")


_CUT = "\0"  # where the events' lines go in `frame`: JSON text never holds a raw NUL


def event_line(event: dict[str, Any]) -> str:
    """An event's line in the record's text (without its indent and comma)."""
    return _compact(event)


def text_of(head: str, lines: list[str], tail: str) -> str:
    """A record's text: its `frame` around its events' lines."""
    return head + appended(0, lines, tail)


def appended(before: int, lines: list[str], tail: str) -> str:
    """What follows the text of a record up to the line of its event number `before` (or up to
    its events' opening bracket when `before` is 0) once `lines` follow those events and `tail`
    closes it: saving a move by appending writes this over the closing lines (save_appends.py)."""
    body = ("\n  " if before == 0 else ",\n  ") + ",\n  ".join(lines) if lines else ""
    return body + ("\n " if before or lines else "") + tail


def text_size(head: str, tail: str, lines_bytes: int, count: int) -> int:
    """The UTF-8 size of `text_of(head, lines, tail)` for `count` lines of `lines_bytes` bytes in
    all, worked out without the text."""
    around = len(head.encode("utf-8")) + len(tail.encode("utf-8"))
    return around + (lines_bytes + 4 * count + 1 if count else 0)


def _compact(value: Any) -> str:
    # json writes floats with repr, so they read back exactly (docs/records.md#the-file).
    return json.dumps(value, ensure_ascii=False, allow_nan=False)


# --- reading ------------------------------------------------------------------------------------


def load_record(path: str | os.PathLike) -> Record:
    """Read and check a record file; RecordError (without the path) says what is wrong. Only an
    ordinary file is opened (never a pipe or a device), and only if its size is within MAX_BYTES."""
    try:
        raw = read_regular(path, MAX_BYTES, "a record")
    except ReadProblem as e:
        raise RecordError(e.reason) from None
    return parse_record(raw)


def parse_record(raw: bytes | str) -> Record:
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError as e:
        raise RecordError(f"not UTF-8 text (byte {e.start})") from None
    try:
        data = strict_json.loads(text)
    except strict_json.JSONProblem as e:
        raise RecordError(str(e)) from None
    except RecursionError:
        raise RecordError("not a usable record: nested too deeply") from None
    return record_from_json(data)


def record_from_json(data: Any) -> Record:
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(f"'format' must be {FORMAT!r}, found {_brief(data.get('format'))}")
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        raise RecordError(f"version {_brief(version)} is not known; this reader knows version 1")
    game = data.get("game")
    if not isinstance(game, str) or game not in game_ids():
        raise RecordError(f"unknown game {_brief(game)}; the games are {', '.join(game_ids())}")
    spec = spec_of(game)
    rules = spec.rules
    if "options" not in data:
        raise RecordError("'options' is missing")
    if not isinstance(data["options"], dict):
        raise RecordError(f"'options' must be an object of rule options, not "
                          f"{_brief(data['options'])}")
    try:
        options = dict(resolve(rules.OPTIONS, data["options"]))
    except OptionError as e:
        raise RecordError(str(e)) from None
    seed = data.get("seed")
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise RecordError(f"'seed' must be a whole number from 0 to 2^63-1, not {_brief(seed)}")
    players = check_players(data.get("players"), spec)
    try:
        rules.new_game(len(players), options)  # options that are valid alone but not together
    except (OptionError, ValueError) as e:
        raise RecordError(str(e)) from None
    level, level_sha = data.get("level", _MISSING), data.get("level_sha256")
    if level is _MISSING:
        raise RecordError("'level' is missing")
    if spec.board:
        if not isinstance(level, str) or not 1 <= len(level) <= 64 or not level.isprintable():
            raise RecordError(f"'level' must name a board for {game} (1 to 64 printable "
                              f"characters), not {_brief(level)}")
    elif level is not None:
        raise RecordError(f"'level' must be null for {game}")
    if level_sha is not None and not isinstance(level_sha, str):
        raise RecordError("'level_sha256' must be a string")
    events = data.get("events")
    if not isinstance(events, list):
        raise RecordError(f"'events' must be an array, not {_brief(events)}")
    for i, event in enumerate(events):
        if not isinstance(event, dict):
            raise RecordError(f"an event must be an object, not {_brief(event)}", i)
        if not isinstance(event.get("action"), str):
            raise RecordError("the event has no 'action' name", i)
    _check_extras(data, spec, players)
    result = data.get("result")
    if result is not None:
        _check_result(result, len(players))
    extra = {k: v for k, v in data.items() if k not in KNOWN_TOP_LEVEL}
    return Record(game, options, seed, players, level, level_sha, events, result, extra)



def _check_extras(data: dict[str, Any], spec: GameSpec, players: list[Seat]) -> None:
    """The top-level keys the program writes besides the format's own: a board game's `hands`,
    and the `chance` scheme of a game whose draws take fresh contributions (`draws.py`)."""
    if spec.board and "hands" in data:
        _check_hands(data["hands"], players)
    if "chance" in data:
        try:
            read_scheme(data["chance"])
        except ChanceError as e:
            raise RecordError(str(e)) from None


def _check_hands(hands: Any, players: list[Seat]) -> None:
    """A board game's top-level "hands": the hand each human seat throws with (one of
    `HAND_NAMES`), null for an AI seat (it throws with its level's hand)."""
    from petanque_game.rules.petanque_table import HAND_NAMES

    if not isinstance(hands, list) or len(hands) != len(players):
        raise RecordError(f"'hands' must be an array with one entry per player, not "
                          f"{_brief(hands)}")
    for i, (hand, seat) in enumerate(zip(hands, players)):
        if seat.kind == "ai" and hand is not None:
            raise RecordError(f"hands[{i}] must be null: an AI throws with its level's hand")
        if seat.kind == "human" and (not isinstance(hand, str) or hand not in HAND_NAMES):
            raise RecordError(f"hands[{i}] must be one of {', '.join(HAND_NAMES)}, not "
                              f"{_brief(hand)}")


MAX_SEATS = 10  # the most players a record holds; each game allows its own range within it


def check_players(value: Any, spec: GameSpec) -> list[Seat]:
    """The `players` of a record (JSON) as seats; RecordError names what is wrong."""
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_SEATS:
        raise RecordError(f"'players' must be an array of 1 to {MAX_SEATS} players")
    if not spec.min_players <= len(value) <= spec.max_players:
        raise RecordError(f"{spec.title} is for {spec.min_players} to {spec.max_players} "
                          f"players, not {len(value)}")
    seats = []
    for i, p in enumerate(value):
        where = f"players[{i}]"
        if not isinstance(p, dict):
            raise RecordError(f"{where} must be an object")
        unknown = set(p) - {"name", "kind", "level"}
        if unknown:
            raise RecordError(f"{where} has unknown key {min(unknown)!r}")
        name, kind, level = p.get("name"), p.get("kind"), p.get("level")
        problem = name_problem(name)
        if problem:
            raise RecordError(f"{where}.name {problem}")
        assert isinstance(name, str)  # name_problem refuses anything else
        if kind == "human":
            if level is not None:
                raise RecordError(f"{where}.level is only for ai players")
        elif kind == "ai":
            if level not in AI_LEVELS:
                raise RecordError(f"{where}.level must be easy, medium or expert, "
                                  f"not {_brief(level)}")
        else:
            raise RecordError(f"{where}.kind must be 'human' or 'ai', not {_brief(kind)}")
        seats.append(Seat(name, kind, level))
    return seats


def name_problem(name: Any) -> str | None:
    """Why `name` cannot be a player's name (docs/records.md#the-top-level), or None."""
    if not isinstance(name, str) or not 1 <= len(name) <= MAX_NAME:
        return f"must be 1 to {MAX_NAME} characters"
    if not name.isprintable():  # control characters, NUL, lone surrogates, line breaks
        return (f"must be printable text; {ascii(name)[:48]} holds a control character or "
                "an unpaired surrogate")
    return None


def _check_result(result: Any, n: int) -> None:
    if not isinstance(result, dict):
        raise RecordError("'result' must be an object")
    scores, winners = result.get("scores"), result.get("winners")
    if not isinstance(scores, list) or len(scores) != n or any(type(s) is not int for s in scores):
        raise RecordError(f"result.scores must be {n} whole numbers, one per player")
    if (not isinstance(winners, list) or any(type(w) is not int or not 0 <= w < n for w in winners)
            or winners != sorted(set(winners))):
        raise RecordError("result.winners must be seat indexes in ascending order")


# --- events ---------------------------------------------------------------------------------------


def decode_event(game: str, event: dict[str, Any], num_players: int, index: int) -> Any:
    """Check one event's envelope (its action is one of the game's, its keys are its codec's, its
    player a seat) and read it with the game's codec into its typed event (`rules/events.py`);
    RecordError names what is wrong."""
    name = event["action"]
    codec = spec_of(game).codec(name)
    if codec is None:
        raise RecordError(f"{_brief(name)} is not an action of {game}", index)
    missing = sorted(codec.required - set(event))
    if missing:
        raise RecordError(f"{name} lacks {missing[0]!r}", index)
    # "chance": a draw's contributions, read by the fold where the event draws (`draws.py`)
    unknown = sorted(set(event) - codec.required - codec.optional - {"action", "chance"})
    if unknown:
        raise RecordError(f"{name} has unknown key {unknown[0]!r}", index)
    if "player" in event:
        player = event["player"]
        if type(player) is not int or not 0 <= player < num_players:
            raise RecordError(f"player must be a seat from 0 to {num_players - 1}, "
                              f"not {_brief(player)}", index)
    try:
        return codec.read(event, num_players)
    except EventError as e:
        raise RecordError(str(e), index) from None


FULL_TURN = 2 * math.pi  # the physics writes angles within half a turn; a reader takes a full one


def check_table_within(table: Table, half: float, index: int) -> None:
    """Every body of a throw's outcome inside the level's world (|x| and |y| at most `half`, the
    level's `world_half_size`), every angle within a full turn and every distance within the
    world; RecordError naming the first that is not. Resume and replay draw a recorded table
    without simulating it again: this keeps what they draw drawable."""
    bodies: list[tuple[str, DiamondRest | DieRest]] = (
        [("outcome.diamond", table.diamond)] if table.diamond is not None else [])
    bodies += [(f"outcome.dice[{i}]", d) for i, d in enumerate(table.dice)]
    for where, body in bodies:
        for key in ("x", "y"):
            value = getattr(body, key)
            if not abs(value) <= half:
                raise RecordError(f"{where}.{key} is {value:g} mm, outside the board's world "
                                  f"(at most {half:.0f} mm from the centre)", index)
        if not abs(body.angle) <= FULL_TURN:
            raise RecordError(f"{where}.angle is {body.angle:g} rad; at most a full turn "
                              f"({FULL_TURN:.4f}) either way", index)
        distance = getattr(body, "distance", None)
        if distance is not None and not 0.0 <= distance <= 3.0 * half:
            raise RecordError(f"{where}.distance is {distance:g} mm; expected 0 to "
                              f"{3.0 * half:.0f}", index)
