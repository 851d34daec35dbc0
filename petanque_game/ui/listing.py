"""The games kept in the user folder as the menu lists them: per record its game, date, players,
winner and scores, the unfinished ones (autosaves) among them, newest first; and the line under
the menu's Resume saying which game it carries on with ("Ten Thousand, Åse vs Bjørn, 4,350 -
3,900").

Every file is listed, however many there are. What is shown comes from the folder's index
(history.py): each file is read and checked once per version, with verify's checks for a record
and Resume's fold for an autosave; a file that cannot be read or fails them is listed as broken
with the reason, never a crash, never hiding the others. The scenes read the lists off the
window's thread (history.Reader).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from pathlib import Path

from petanque_game import history, saves, stats
from petanque_game.history import Summary
from petanque_game.ui.game_ui import title as game_title
from petanque_game.ui.look import Look

Progress = Callable[[int, int], None]


class RecordEntry:
    """One line of a list: a record (or an autosave) and what its row says. The row's texts are
    made when it is first drawn: a list of thousands draws a few of them."""

    def __init__(self, folder: Path, s: Summary, unfinished: bool = False,
                 problem: str | None = None):
        self.folder, self.name, self.summary = folder, s.name, s
        self.broken = s.problem is not None
        self.unfinished = unfinished  # an autosave: it can be resumed as well as watched
        self.resumable = unfinished and not self.broken and problem is None  # not in a window
        self.in_a_window = bool(problem) and not self.broken
        self.when = s.when  # when it was played (seconds), newest first

    @cached_property
    def path(self) -> Path:
        return self.folder / self.name

    def title(self, look: Look) -> str:
        s = self.summary
        return s.name if self.broken else f"{game_title(look, s.game)}  -  {s.date}"

    def detail(self, look: Look) -> str:
        s = self.summary
        if self.broken:
            return look.tr("menu.list.broken", why=s.problem)
        if s.finished:
            detail = look.tr("menu.list.finished", players=versus(look, s.players, s.levels),
                             winner=winners_text(look, s), scores=scores_text(look,
                                                                              shown_scores(s)))
        else:
            detail = look.tr("menu.list.unfinished", players=versus(look, s.players, s.levels),
                             scores=scores_text(look, shown_scores(s)))
        if self.in_a_window:
            detail = f"{detail}  ({look.tr('menu.list.in_a_window')})"
        return detail


def versus(look: Look, names: tuple[str, ...], levels: tuple[str, ...] = ()) -> str:
    """"Åse vs Astrid (expert)": the players, each AI with its level."""
    return look.tr("menu.versus").join(
        player_label(look, name,
                     levels[i] if i < len(levels) else "") for i, name in enumerate(names))


def player_label(look: Look, name: str, level: str = "") -> str:
    """A player as the lists and the statistics name them: a person by the name, an AI with its
    level ("Astrid (expert)"), so that one name at two levels reads as the two players it is."""
    if not level:
        return name
    word = f"stats.level.{level}"
    return look.tr("stats.ai_player", name=name, level=look.tr(word) if look.has(word) else level)


def scores_text(look: Look, scores: tuple[int, ...]) -> str:
    return " - ".join(look.number(s) for s in scores)


def shown_scores(s: Summary) -> tuple[int, ...]:
    """The scores as the game's measure shows them (Shut the Box: penalties)."""
    return stats.measure(s.kind).shown(s.scores)


def winners_text(look: Look, s: Summary) -> str:
    names = [s.players[w] for w in s.winners]
    if not names:
        return look.tr("menu.list.nobody_won")
    if len(names) == 1:
        return look.tr("menu.list.won", names=names[0])
    return look.tr("menu.list.won", names=look.tr("results.and", first=", ".join(names[:-1]),
                                                   last=names[-1]))


def unfinished_entries(games: list[saves.Unfinished]) -> list[RecordEntry]:
    return [RecordEntry(g.path.parent, g.summary, True, g.problem) for g in games]


def list_records(folder: Path, with_unfinished: bool = False,
                 progress: Progress | None = None) -> list[RecordEntry]:
    """Every record in `folder` (and the autosaves, when asked), newest first, then those that
    cannot be read or fail the checks."""
    scan = history.scan(folder, physics=True, progress=progress)
    entries = [RecordEntry(folder, s) for s in scan.files]
    if with_unfinished:
        entries += unfinished_entries(saves.unfinished_games(progress))
    entries.sort(key=lambda e: (e.broken, -e.when, e.name))  # the broken ones last
    for kind in {e.summary.kind for e in entries if not e.broken}:
        stats.measure(kind)  # each game's rules imported here, off the frame that shows the rows
    return entries


def resume_line(look: Look, games: list[saves.Unfinished]) -> str:
    """What the menu's Resume carries on with: the one unfinished game, or how many there are."""
    if len(games) != 1:
        return look.tr_n("menu.unfinished_games", len(games))
    s = games[0].summary
    if s.problem is not None:
        return look.tr("menu.resume_broken")
    return look.tr("menu.resume_line", game=game_title(look, s.game), players=versus(look,
                                                                                     s.players),
                   scores=scores_text(look, shown_scores(s)))


def reading_line(look: Look, done: int, total: int) -> str:
    """The progress line shown while a list is read: "Reading the games: 120 of 3,000" (`done`
    of `total`; total 0 until it is known)."""
    if total:
        return look.tr("menu.list.reading_n", done=look.number(done), total=look.number(total))
    return look.tr("menu.list.reading")
