"""What the finished games in the user folder say about the players: per player name and game the
games played, the wins, the average and best score and the win streaks; and per game, each player's
score after every turn or round (the results chart).

Everything here is read from the records and folded through the rules (`match.rebuild`): the
numbers are the rules' own `scores()` and `winners()`, never worked out again here. Pure Python, no
pygame: the statistics scene and the results screen only draw what this module gives.

What "score" means is each game's own (its registration's `tally`, rules/games.py): the number
players speak of and which way is better (Shut the Box shows the penalty, and lower is better),
and an entry of its own where an option makes a score another thing (Ship, Captain and Crew's pot
mode counts chips, its points mode points: two entries, "<id>" and "<id>/pot"). How far a game has
come after each event (its turns or rounds) is the tally's too.

A record that cannot be read or fails verify's checks is skipped and counted as broken, with why,
never a crash; an unfinished one (no result), a practice game (`"practice": true` in the record)
and a second file of a game already counted (history.fingerprint) are not counted.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from petanque_game import history
from petanque_game.history import kind_of
from petanque_game.match import rebuild
from petanque_game.record import Record
from petanque_game.rules.games import POINTS, Measure, Tally, spec_of

# --- what a score is, per game --------------------------------------------------------------------


def game_of(kind: str) -> str:
    """The game id of a statistics entry."""
    return kind.split("/", 1)[0]


def tally(game: str) -> Tally:
    """How the statistics count `game` (an unknown game: by events, in points)."""
    try:
        return spec_of(game).tally
    except KeyError:
        return Tally()


def measure(kind: str) -> Measure:
    """What the scores of a statistics entry are (`kind_of`: the game id, "/" and its entry)."""
    game, _, entry = kind.partition("/")
    measures = tally(game).measures
    return measures.get(entry) or measures.get("") or POINTS


def shown_score(game: str, score: int) -> int:
    """One of `game`'s scores as players speak of it (Shut the Box: its penalty)."""
    return measure(game).shown([score])[0]


def progress(game: str) -> tuple[str, Callable[[list[dict], int, Any], int]]:
    """How far a game has come after an event, in the unit players count it in: (unit, count of
    (events, index, state after event index))."""
    t = tally(game)
    return t.unit, t.progress


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
    unit, count = progress(record.game)
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

    name: str  # of its file
    kind: str
    when: float  # when it was played (the record's "created", else the file's time), for order
    names: tuple[str, ...]
    scores: tuple[int, ...]  # as the measure shows them
    winners: tuple[int, ...]
    take_backs: int = 0  # moves taken back in it: counted, and marked (Record.take_backs)


@dataclass
class Folder:
    """What a folder of records holds for the statistics."""

    games: list[Finished] = field(default_factory=list)  # oldest first
    broken: list[tuple[Path, str]] = field(default_factory=list)  # (file, why), not counted
    unfinished: int = 0
    practice: int = 0
    copies: int = 0  # files holding a game already counted (one game is counted once)
    take_backs: int = 0  # games counted in which a move was taken back


def read_folder(folder: Path, progress: Callable[[int, int], None] | None = None) -> Folder:
    """The finished games in `folder`, oldest first, every one of them; the files that cannot be
    read or fail verify's checks (the physics of every throw included) listed with why, and not
    counted. The numbers are the rules' own, from folding each record (never its `result` taken on
    trust); each file is checked once and its verdict kept in the index (history.py)."""
    return fold_scan(history.scan(folder, physics=True, progress=progress))


def fold_scan(scan: history.Scan) -> Folder:
    """The statistics' view of a scanned folder (see read_folder)."""
    out = Folder()
    seen: set[str] = set()
    for s in scan.files:
        if s.problem is not None:
            out.broken.append((scan.folder / s.name, s.problem))
        elif not s.finished:
            out.unfinished += 1
        elif s.practice:
            out.practice += 1
        elif s.fingerprint in seen:
            out.copies += 1
        else:
            seen.add(s.fingerprint)
            out.games.append(Finished(s.name, s.kind, s.when, s.players,
                                      measure(s.kind).shown(s.scores), s.winners, s.take_backs))
            out.take_backs += s.take_backs > 0
    out.games.sort(key=lambda g: (g.when, g.name))
    return out


UNREADABLE = history.UNREADABLE
why_unreadable = history.why_unreadable


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


def player_stats(folder: Folder, kind: str,
                 same_as: Mapping[str, str] | None = None) -> list[PlayerStats]:
    """Each player name's numbers in the games of `kind`: most wins first, then the better
    average, then the name. A name seated twice in one game counts that game once per seat. A
    name in `same_as` is counted under the name it maps to (the window's name for a person who
    typed none, "You" or "Du", is one player whatever language each game was played in)."""
    m = measure(kind)
    same_as = same_as or {}
    by_name: dict[str, PlayerStats] = {}
    for g in folder.games:
        if g.kind != kind:
            continue
        for seat, seated in enumerate(g.names):
            name = same_as.get(seated, seated)
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
