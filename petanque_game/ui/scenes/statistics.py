"""The statistics scene: pick a game, see a table of its players with their games, wins, average
and best score and win streaks, from every finished game in the user folder (`stats.py` counts;
this scene only lays the numbers out). The records are read off the window's thread, with a
progress line, and the files not counted are said (how many, and why not)."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pygame

from petanque_game import paths, stats
from petanque_game.challenge_results import Result
from petanque_game.ui import lang
from petanque_game.ui.game_ui import title as game_title
from petanque_game.ui.listing import player_label, reading_line
from petanque_game.ui.look import Look
from petanque_game.ui.names import challenger_name
from petanque_game.ui.reading import Reading
from petanque_game.ui.scene import AppLike, Scene
from petanque_game.ui.widgets import Backdrop, Button, draw_lit, panel

TABLE = pygame.Rect(40, 196, 1200, 430)
ROW_H = 44
# the columns: text key, right edge (x) or None for the name column, what is shown
COLUMNS = (("player", None), ("games", 560), ("wins", 660), ("rate", 770), ("average", 900),
           ("best", 1020), ("streak", 1120), ("longest", 1220))


def decimal(look: Look, value: float) -> str:
    """A number with one decimal, as the language writes it (4,512.5 / 4.512,5 / 4 512,5)."""
    tenths = round(value * 10)
    whole, tenth = divmod(abs(tenths), 10)
    text = look.number(whole) if tenth == 0 else \
        f"{look.number(whole)}{look.tr('stats.decimal')}{tenth}"
    return f"-{text}" if tenths < 0 else text


CHALLENGES = "challenges"  # the tab of the challenges taken (challenge_results.results)


def title_of(look: Look, kind: str) -> str:
    if kind == CHALLENGES:
        return look.tr("challenges.title")
    game = game_title(look, stats.game_of(kind))
    return look.tr("stats.pot", game=game) if kind.endswith("/pot") else game


class StatisticsScene(Scene):
    def __init__(self, app: AppLike, folder: Path | None = None):
        super().__init__(app)
        self.folder = folder or paths.records_dir()
        self.found = stats.Folder()
        self.kinds: list[str] = []
        self.kind: str | None = None
        self.scroll = 0
        self.challenges: list[Result] = []
        self.reading = Reading(self._take_in, lambda progress: (
            stats.read_folder(self.folder, progress), challenges_taken()))
        self.back = Button(pygame.Rect(40, 648, 200, 56), self.look.tr("menu.back"), self.app.pop,
                           hint=self.look.tr("menu.key_esc"), tag="back")
        self.table = Backdrop()  # the table drawn once per tab, scroll and folder read
        self.screen = Backdrop()  # the whole screen with no tab lit, kept while it is the same

    @property
    def animating(self) -> bool:
        return self.reading.going

    def update(self, dt: float) -> None:
        self.reading.update()

    def _take_in(self, read: tuple[stats.Folder, list[Result]]) -> None:
        self.found, self.challenges = read
        self.kinds = stats.kinds(self.found)
        if self.challenges:
            self.kinds.append(CHALLENGES)
        self.kind = self.kinds[0] if self.kinds else None

    def rows(self) -> list:
        if self.kind == CHALLENGES:
            return self.challenges
        return stats.player_stats(self.found, self.kind, you_in_every_language(self.look)) \
            if self.kind else []

    def tabs(self) -> list[Button]:
        """One button per game with finished games, in a row that shares the width."""
        look = self.look
        n = max(1, len(self.kinds))
        w = min(290, (TABLE.w - 10 * (n - 1)) // n)
        return [Button(pygame.Rect(TABLE.x + i * (w + 10), 122, w, 56),
                       look.fit(title_of(look, k), 22, w - 14, True), partial(self.pick, k),
                       True, 22, style="primary" if k == self.kind else "normal", tag=k)
                for i, k in enumerate(self.kinds)]

    def pick(self, kind: str) -> None:
        self.kind, self.scroll = kind, 0

    @property
    def visible_rows(self) -> int:
        return (TABLE.h - ROW_H - 40) // ROW_H

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not self.back.click(self.look, event.pos):
                any(b.click(self.look, event.pos) for b in self.tabs())
            return True
        if event.type == pygame.MOUSEWHEEL:
            self._scroll_by(-event.y)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB) and \
                    self.kind is not None:  # (a kind is picked once there are any)
                step = -1 if event.key == pygame.K_LEFT else 1
                self.pick(self.kinds[(self.kinds.index(self.kind) + step) % len(self.kinds)])
            elif event.key in (pygame.K_DOWN, pygame.K_UP):
                self._scroll_by(1 if event.key == pygame.K_DOWN else -1)
            return True
        return event.type in (pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)

    def _scroll_by(self, rows: int) -> None:
        most = max(0, len(self.rows()) - self.visible_rows)
        self.scroll = max(0, min(most, self.scroll + rows))

    covers = True  # draws the whole picture

    def draw(self, surface: pygame.Surface) -> None:
        tabs = [*self.tabs(), self.back]
        key = self.look.drawn_in(self.folder, self.kinds, self.kind, self.scroll, self.visible_rows,
                                 self.found, self.challenges, self.reading.progress)
        self.screen.draw(surface, key, lambda out: self._draw_unlit(out, tabs))
        draw_lit(self.look, surface, tabs, self.mouse)

    def _draw_unlit(self, surface: pygame.Surface, buttons: list[Button]) -> None:
        """The screen with no tab or button lit."""
        look = self.look
        surface.fill(look.colour("background"))
        look.blit_text(surface, look.tr("stats.heading"), (40, 30), 60, "text", True)
        look.blit_text(surface, look.fit(look.tr("stats.where", folder=self.folder), 22, 1190),
                        (44, 84), 22, "muted")
        for b in buttons:
            b.draw(look, surface, None)
        progress = self.reading.progress
        if progress is not None:
            look.blit_text(surface, reading_line(look, *progress), (44, 210), 28, "muted")
        elif self.kind is None:
            look.blit_text(surface, look.tr("stats.empty"), (44, 210), 28, "muted")
        else:
            key = look.drawn_in(self.kind, self.scroll, self.visible_rows, self.found,
                                self.challenges)
            self.table.draw(surface, key, self._draw_table, TABLE)
        notes = []
        if self.found.broken:
            notes.append(look.tr_n("stats.broken", len(self.found.broken)))
        if self.found.practice:
            notes.append(look.tr_n("stats.practice", self.found.practice))
        if self.found.copies:
            notes.append(look.tr_n("stats.copies", self.found.copies))
        if self.found.take_backs:
            notes.append(look.tr_n("stats.take_backs", self.found.take_backs))
        if notes:
            look.blit_text(surface, look.fit("  ".join(notes), 20, 960), (1240, 690), 20,
                            "muted", anchor="bottomright")

    def _draw_table(self, surface: pygame.Surface) -> None:
        look = self.look
        panel(look, surface, TABLE, "panel", "edge", 12, shadow=False)
        if self.kind == CHALLENGES:
            self._draw_challenges(surface)
            return
        if self.kind is None:
            return  # (the table is drawn for a kind picked)
        m = stats.measure(self.kind)
        y = TABLE.y + 10
        for key, right in COLUMNS:
            label = look.tr(f"stats.col.{key}")
            if key == "best" and m.lower_better:
                label = look.tr("stats.col.best_low")
            if right is None:
                look.blit_text(surface, label, (TABLE.x + 20, y), 20, "muted", True)
            else:
                look.blit_text(surface, look.fit(label, 20, 104, True), (right - 16, y), 20,
                                "muted", True, "topright")
        y += ROW_H - 8
        rows = self.rows()
        for i, p in enumerate(rows[self.scroll:self.scroll + self.visible_rows]):
            r = pygame.Rect(TABLE.x + 8, y, TABLE.w - 16, ROW_H - 4)
            if (self.scroll + i) % 2 == 0:
                pygame.draw.rect(surface, look.colour("panel_light"), r, border_radius=8)
            cells = {"games": look.number(p.games), "wins": look.number(p.wins),
                     "rate": look.tr("stats.percent", n=look.number(round(100 * p.win_rate))),
                     "average": decimal(look, p.average), "best": look.number(p.best or 0),
                     "streak": look.number(p.streak), "longest": look.number(p.longest)}
            look.blit_text(surface, look.fit(player_label(look, p.name, p.level), 26, 380, True),
                            (r.x + 12, r.centery), 26, "text", True, "midleft")
            for key, right in COLUMNS[1:]:
                look.blit_text(surface, cells[key], (right - 16, r.centery), 26,
                                "accent" if key == "wins" else "text", key == "wins",
                                "midright")
            y += ROW_H
        note = look.tr(f"stats.about.{m.name}")
        look.blit_text(surface, look.fit(note, 19, TABLE.w - 40), (TABLE.x + 20,
                        TABLE.bottom - 12), 19, "muted", anchor="bottomleft")

    def _draw_challenges(self, surface: pygame.Surface) -> None:
        """One row per challenge taken: which one, the attempts, the best and what it had to
        beat (scores as each game speaks of them)."""
        look = self.look
        from petanque_game.stats import shown_score as shown

        columns = (("challenge", None), ("attempts", 820), ("best", 1000), ("to_beat", 1200))
        y = TABLE.y + 10
        for key, right in columns:
            label = look.tr(f"challenges.col.{key}")
            if right is None:
                look.blit_text(surface, label, (TABLE.x + 20, y), 20, "muted", True)
            else:
                look.blit_text(surface, label, (right - 16, y), 20, "muted", True, "topright")
        y += ROW_H - 8
        for i, r in enumerate(self.challenges[self.scroll:self.scroll + self.visible_rows]):
            row = pygame.Rect(TABLE.x + 8, y, TABLE.w - 16, ROW_H - 4)
            if (self.scroll + i) % 2 == 0:
                pygame.draw.rect(surface, look.colour("panel_light"), row, border_radius=8)
            name = look.tr("challenges.daily_of", game=game_title(look, r.game), day=r.daily) \
                if r.daily else look.tr("challenges.kept", game=game_title(look, r.game),
                                        ident=r.ident[:6])
            if r.challenger:
                name += "  " + look.tr("challenges.vs", name=challenger_name(look, r.challenger))
            beat = "" if r.challenger_score is None else \
                look.number(shown(r.game, r.challenger_score))
            look.blit_text(surface, look.fit(name, 24, 640, True), (row.x + 12, row.centery),
                            24, "text", True, "midleft")
            for text, (_, right) in zip((look.number(r.attempts),
                                         look.number(shown(r.game, r.best)), beat), columns[1:]):
                look.blit_text(surface, text, (right - 16, row.centery), 26, "text",
                                anchor="midright")
            y += ROW_H


def challenges_taken() -> list[Result]:
    """The challenges taken, the latest daily ones first (each entry as strictly read as
    challenge_results reads them: one of the wrong shape is left out, never fatal)."""
    from petanque_game.challenge_results import results

    return sorted(results().values(), key=lambda r: (r.daily or "", r.ident), reverse=True)


def you_in_every_language(look: Look) -> dict[str, str]:
    """The name a person who typed none is given, in each language, to this language's: one
    player in the statistics, whichever language each game was played in."""
    return {look.lookup(code, "setup.you") or "": look.tr("setup.you") for code in lang.LANGUAGES}
