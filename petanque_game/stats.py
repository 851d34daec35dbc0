"""What the finished games in the user folder say about the players: per player name and game the
games played, the wins, the average and best score and the win streaks; and per game, each player's
score after every turn or round (the results chart).

Everything here is read from the records and folded through the rules (`match.rebuild`): the
numbers are the rules' own `scores()` and `winners()`, never worked out again here. Pure Python, no
pygame: the statistics scene and the results screen only draw what this module gives.

What "score" means per game, decided from each game's own result (`Record.result["scores"]`):
- Terningepetanque and Ten Thousand: the total points; higher is better.
- Shut the Box: the rules score minus the total penalty; players speak of the penalty (the sum of
  the boxes left open), so that is what is shown, and lower is better.
- Ship, Captain and Crew: in the points mode the total points, in the pot mode the chips in hand
  at the end. Points and chips are not the same thing, so the two modes are kept apart: they are
  two entries of the statistics ("ship-captain-crew" and "ship-captain-crew/pot").

A record that cannot be read or folded is skipped and counted as broken, never a crash; an
unfinished one (no result) and a practice game (`"practice": true` in the record) are not counted.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from petanque_game.fold import OutcomeMismatch
from petanque_game.match import rebuild
from petanque_game.record import Record, RecordError, load_record
from petanque_game.rules.base import TERMINAL

MAX_READ = 2000  # records read for the statistics (newest first): a bound on the time it takes


# --- what a score is, per game ---------------------------------------------------------------------

@dataclass(frozen=True)
class Measure:
    """How one game's scores are counted: the number players speak of and which way is better."""

    name: str  # "points", "penalty" or "chips" (the statistics' and the chart's label)
    lower_better: bool = False
    sign: int = 1  # the shown number is sign * the rules' score

    def shown(self, scores: Iterable[int]) -> tuple[int, ...]:
        return tuple(self.sign * s for s in scores)

    def best(self, values: Iterable[int]) -> int:
        return min(values) if self.lower_better else max(values)


POINTS = Measure("points")
PENALTY = Measure("penalty", lower_better=True, sign=-1)
CHIPS = Measure("chips")


def kind_of(game: str, options: dict[str, Any]) -> str:
    """The statistics' entry a game belongs to: its id, with the mode when the mode changes what
    a score is (Ship's pot mode counts chips, its points mode points)."""
    if game == "ship-captain-crew" and options.get("mode") == "pot":
        return f"{game}/pot"
    return game


def game_of(kind: str) -> str:
    """The game id of a statistics entry."""
    return kind.split("/", 1)[0]


def measure(kind: str) -> Measure:
    if kind.startswith("shut-the-box"):
        return PENALTY
    if kind.endswith("/pot"):
        return CHIPS
    return POINTS


# --- the score over the game -----------------------------------------------------------------------

def _rounds_scored(events: list[dict], index: int, state: Any) -> int:
    return sum(1 for e in events[: index + 1] if e.get("action") == "round_end")


def _ship_rounds(events: list[dict], index: int, state: Any) -> int:
    # round_number is the round being played; once the game is over, the last one is done too
    return state.round_number if state.to_move == TERMINAL else state.round_number - 1


# How far a game has come after an event, in the unit players count it in: (unit, count).
PROGRESS: dict[str, tuple[str, Callable[[list[dict], int, Any], int]]] = {
    "terningepetanque": ("round", _rounds_scored),
    "ship-captain-crew": ("round", _ship_rounds),
    "ten-thousand": ("turn", lambda events, index, state: state.turn),
    "shut-the-box": ("turn", lambda events, index, state: state.turns_done),
}


@dataclass
class Series:
    """Each player's score after each turn or round: `points[k]` is (count done, scores shown)."""

    unit: str  # "round", "turn" or "event"
    measure: Measure
    points: list[tuple[int, tuple[int, ...]]]

    @property
    def xs(self) -> list[int]:
        return [x for x, _ in self.points]

    def of(self, seat: int) -> list[int]:
        return [scores[seat] for _, scores in self.points]


def score_series(record: Record, states: list[Any] | None = None,
                 start: Any = None) -> Series:
    """The scores after every turn or round of `record`: the states after each event are those
    given (a replay has them) or those of folding the record through the rules."""
    from petanque_game.rules.games import spec_of

    if states is None:
        states = states_of(record)
    if start is None:
        start = spec_of(record.game).new_game(len(record.players), record.options)
    unit, count = PROGRESS.get(record.game, ("event", lambda events, index, state: index + 1))
    m = measure(kind_of(record.game, record.options))
    done: dict[int, tuple[int, ...]] = {0: m.shown(start.scores())}
    last = 0
    for index, state in enumerate(states):
        scores, c = m.shown(state.scores()), count(record.events, index, state)
        if c > last:
            done[c], last = scores, c
        elif scores != done[last]:  # scored within a turn (hot dice), or a round in progress:
            done[last + 1] = scores  # shown at its end, so far
    return Series(unit, m, sorted(done.items()))


def states_of(record: Record) -> list[Any]:
    """The state after each event of `record`, folded through the rules (throws are taken as
    recorded, not simulated again). RecordError or OutcomeMismatch for a record that does not
    fold."""
    states: list[Any] = []
    copy = Record(record.game, dict(record.options), record.seed, list(record.players),
                  record.level, record.level_sha256, list(record.events), record.result,
                  dict(record.extra))
    rebuild(copy, check_physics=False, on_event=lambda index, state: states.append(state))
    return states


# --- the finished games in a folder ---------------------------------------------------------------

@dataclass(frozen=True)
class Finished:
    """One finished game as the statistics count it."""

    path: Path
    kind: str
    when: str  # when it was played (the record's "created", else the file's time), for order
    names: tuple[str, ...]
    scores: tuple[int, ...]  # as the measure shows them
    winners: tuple[int, ...]


@dataclass
class Folder:
    """What a folder of records holds for the statistics."""

    games: list[Finished] = field(default_factory=list)  # oldest first
    broken: list[tuple[Path, str]] = field(default_factory=list)  # (file, why)
    unfinished: int = 0
    practice: int = 0


_cache: dict[tuple[str, int, int, bool], Finished | str] = {}


def read_folder(folder: Path, fold: bool = False) -> Folder:
    """The finished games in `folder`, oldest first; the broken records counted with why.

    The numbers are each record's result, which the reader checks for its shape (one score per
    seat, winners among the seats). With `fold` every record is also folded through the rules
    (about 20 ms a game, ten times the reading), so that a record whose events were edited is
    counted as broken too; the window does not wait for that (`verify` and the replay check it)."""
    out = Folder()
    try:
        files = [Path(e.path) for e in os.scandir(folder)
                 if e.name.endswith(".json") and e.is_file()]
    except OSError:
        return out
    stamped = sorted(((_stat(p), p) for p in files), key=lambda t: (-t[0][0], t[1].name))
    for (mtime, size), path in stamped[:MAX_READ]:
        key = (str(path), mtime, size, fold)
        found = _cache.get(key)
        if found is None:
            found = _cache[key] = _read_one(path, mtime, fold)
        if isinstance(found, Finished):
            out.games.append(found)
        elif found == "unfinished":
            out.unfinished += 1
        elif found == "practice":
            out.practice += 1
        else:
            out.broken.append((path, found))
    out.games.sort(key=lambda g: (g.when, g.path.name))
    return out


def _stat(path: Path) -> tuple[int, int]:
    try:
        st = os.stat(path)
    except OSError:
        return 0, 0
    return st.st_mtime_ns, st.st_size


# What reading and folding a record in the user folder may raise: the record is then listed as
# broken, with `why_unreadable`'s one line, and the others are still read.
UNREADABLE = (RecordError, OutcomeMismatch, OSError, RecursionError, MemoryError, ValueError)


def why_unreadable(e: BaseException) -> str:
    """One line saying why a record cannot be read (`e` one of UNREADABLE)."""
    if isinstance(e, RecordError):
        return e.where()
    if isinstance(e, OutcomeMismatch):
        return e.reason
    return f"{type(e).__name__}: {e}"


def _read_one(path: Path, mtime_ns: int, fold: bool) -> Finished | str:
    """A finished game, or why it is not counted: "unfinished", "practice" or the reason it is
    broken."""
    try:
        record = load_record(path)
        if record.result is None:
            return "unfinished"
        if record.extra.get("practice") is True:
            return "practice"
        result = record.result
        if fold:
            state = rebuild(record, check_physics=False).state  # checks the result too
            result = {"scores": list(state.scores()), "winners": list(state.winners())}
    except UNREADABLE as e:
        return why_unreadable(e)
    kind = kind_of(record.game, record.options)
    created = record.extra.get("created")
    when = created if isinstance(created, str) else _iso(mtime_ns)
    return Finished(path, kind, when, tuple(p.name for p in record.players),
                    measure(kind).shown(result["scores"]), tuple(result["winners"]))


def _iso(mtime_ns: int) -> str:
    from datetime import datetime, timezone

    return datetime.fromtimestamp(mtime_ns / 1e9, timezone.utc).isoformat(timespec="seconds")


# --- per player -----------------------------------------------------------------------------------

@dataclass
class PlayerStats:
    name: str
    games: int = 0
    wins: int = 0
    total: int = 0
    best: int | None = None
    streak: int = 0  # wins in a row up to the latest game
    longest: int = 0  # the longest run of wins

    @property
    def average(self) -> float:
        return self.total / self.games if self.games else 0.0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def kinds(folder: Folder) -> list[str]:
    """The statistics' entries that have games, in the order they were first played."""
    seen: dict[str, None] = {}
    for g in folder.games:
        seen.setdefault(g.kind, None)
    return list(seen)


def player_stats(folder: Folder, kind: str) -> list[PlayerStats]:
    """Each player name's numbers in the games of `kind`: most wins first, then the better
    average, then the name. A name seated twice in one game counts that game once per seat."""
    m = measure(kind)
    by_name: dict[str, PlayerStats] = {}
    for g in folder.games:
        if g.kind != kind:
            continue
        for seat, name in enumerate(g.names):
            p = by_name.setdefault(name, PlayerStats(name))
            score = g.scores[seat]
            p.games += 1
            p.total += score
            p.best = score if p.best is None else m.best((p.best, score))
            if seat in g.winners:
                p.wins += 1
                p.streak += 1
                p.longest = max(p.longest, p.streak)
            else:
                p.streak = 0
    sign = 1 if m.lower_better else -1
    return sorted(by_name.values(),
                  key=lambda p: (-p.wins, -p.win_rate, sign * p.average, p.name.casefold()))
