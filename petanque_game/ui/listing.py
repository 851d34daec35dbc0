"""The games kept in the user folder as the menu lists them: per record its game, date, players,
winner and scores, the unfinished ones (autosaves) among them, newest first; and the line under
the menu's Resume saying which game it carries on with ("Ten Thousand, Åse vs Bjørn, 4,350 -
3,900").

The scores are the rules': a finished record's result, an unfinished game's state after folding
its events (`match.rebuild`), read once per file version (a replay checks the whole record when
it is opened). A file that cannot be read is listed as
broken with the reason, never a crash.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from petanque_game import saves, stats
from petanque_game.match import rebuild
from petanque_game.record import Record, load_record
from petanque_game.ui import lang
from petanque_game.ui.game_ui import title as game_title

MAX_LISTED = 200


@dataclass
class RecordEntry:
    path: Path
    title: str
    detail: str
    broken: bool
    unfinished: bool = False  # an autosave: it can be resumed as well as watched
    resumable: bool = False  # unfinished, readable and not being played in a window
    when: float = 0.0  # when it was played (seconds), newest first


@dataclass(frozen=True)
class Known:
    """What one version of a record file says (kept while the file is unchanged)."""

    game: str
    players: tuple[str, ...]
    scores: tuple[int, ...]  # as the game's measure shows them (Shut the Box: penalties)
    winners: tuple[int, ...]
    finished: bool
    when: float


_known: dict[tuple[str, int, int], Known | str] = {}


def read(path: Path) -> Known | str:
    """What the record at `path` says, or why it cannot be read."""
    try:
        st = os.stat(path)
    except OSError as e:
        return f"{path.name}: {e.strerror or e}"
    key = (str(path), st.st_mtime_ns, st.st_size)
    found = _known.get(key)
    if found is None:
        found = _known[key] = _read(path, st.st_mtime)
    return found


def _read(path: Path, mtime: float) -> Known | str:
    try:
        record = load_record(path)
        if record.result is not None:  # finished: its result says it (checked for its shape)
            scores, winners = record.result["scores"], record.result["winners"]
        else:  # where an unfinished game stands: its events folded through the rules
            state = rebuild(record, check_physics=False).state
            scores, winners = state.scores(), state.winners()
    except stats.UNREADABLE as e:
        return stats.why_unreadable(e)
    measure = stats.measure(stats.kind_of(record.game, record.options))
    return Known(record.game, tuple(p.name for p in record.players),
                 measure.shown(scores), tuple(winners),
                 record.result is not None, played_at(record, mtime))


def played_at(record: Record, mtime: float) -> float:
    """When the game was started (its record's "created"), else when the file was written."""
    created = record.extra.get("created")
    if isinstance(created, str):
        try:
            stamp = datetime.fromisoformat(created)
        except ValueError:
            return mtime
        if stamp.tzinfo is None:
            stamp = stamp.replace(tzinfo=timezone.utc)
        return stamp.timestamp()
    return mtime


def date(seconds: float) -> str:
    return datetime.fromtimestamp(seconds).strftime("%Y-%m-%d %H:%M")


def versus(names: tuple[str, ...]) -> str:
    return lang.tr("menu.versus").join(names)


def scores_text(scores: tuple[int, ...]) -> str:
    return " - ".join(lang.number(s) for s in scores)


def winners_text(known: Known) -> str:
    names = [known.players[w] for w in known.winners]
    if not names:
        return lang.tr("menu.list.nobody_won")
    if len(names) == 1:
        return lang.tr("menu.list.won", names=names[0])
    return lang.tr("menu.list.won", names=lang.tr("results.and", first=", ".join(names[:-1]),
                                                   last=names[-1]))


def entry(path: Path, unfinished: bool = False, problem: str | None = None) -> RecordEntry:
    """One line of the list for the record (or autosave) at `path`."""
    known = read(path)
    if isinstance(known, str):
        return RecordEntry(path, path.name, lang.tr("menu.list.broken", why=known), True,
                           unfinished, False, _mtime(path))
    heading = f"{game_title(known.game)}  -  {date(known.when)}"
    if known.finished:
        detail = lang.tr("menu.list.finished", players=versus(known.players),
                         winner=winners_text(known), scores=scores_text(known.scores))
    else:
        detail = lang.tr("menu.list.unfinished", players=versus(known.players),
                         scores=scores_text(known.scores))
    if problem:
        detail = f"{detail}  ({lang.tr('menu.list.in_a_window')})"
    return RecordEntry(path, heading, detail, False, unfinished,
                       unfinished and problem is None, known.when)


def list_records(folder: Path, with_unfinished: bool = False) -> list[RecordEntry]:
    """The records in `folder` (and the autosaves, when asked), newest first, then those that
    cannot be read."""
    try:
        files = [p for p in folder.iterdir() if p.suffix == ".json" and p.is_file()]
    except OSError:
        files = []
    files.sort(key=lambda p: (-_mtime(p), p.name))
    entries = [entry(p) for p in files[:MAX_LISTED]]
    if with_unfinished:
        entries += [entry(g.path, True, g.problem) for g in saves.unfinished_games()]
    entries.sort(key=lambda e: (e.broken, -e.when, e.path.name))  # the broken ones last
    return entries


def resume_line() -> str:
    """What the menu's Resume carries on with: the one unfinished game, or how many there are."""
    games = saves.unfinished_games()
    if len(games) != 1:
        return lang.tr_n("menu.unfinished_games", len(games))
    known = read(games[0].path)
    if isinstance(known, str):
        return lang.tr("menu.resume_broken")
    return lang.tr("menu.resume_line", game=game_title(known.game),
                   players=versus(known.players), scores=scores_text(known.scores))


def _mtime(path: Path) -> float:
    try:
        return os.path.getmtime(path)
    except OSError:
        return 0.0

