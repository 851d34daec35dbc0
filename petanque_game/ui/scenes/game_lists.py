"""The lists of recorded games to watch (Replays) and of unfinished games to carry on with
(Resume, when there are several), opened from the main menu. Each is read off the window's
thread, with a progress line until it is in; a broken record or autosave is listed last, saying
why, and never takes the window down.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING

import pygame

from petanque_game import paths, saves
from petanque_game.ui.reading import Reading
from petanque_game.ui.scene import AppLike, Scene
from petanque_game.ui.widgets import Backdrop, Button, panel

# The records, their folder's index and the games (history, listing, session) are imported when
# first used: opening the menu waits for none of them.
if TYPE_CHECKING:
    from petanque_game.history import Progress
    from petanque_game.ui.listing import RecordEntry


ROWS_SHOWN = 8
# How far the list's keys move the focus, in rows: an arrow one, PageUp/PageDown a page, Home/End
# all the way (every game is listed, however many there are).
MOVES: Mapping[int, int] = MappingProxyType({
    pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -ROWS_SHOWN, pygame.K_PAGEDOWN: ROWS_SHOWN,
    pygame.K_HOME: -10**9, pygame.K_END: 10**9})


class ReplayListScene(Scene):
    """Pick a recorded game to watch, or an unfinished one to watch or carry on with."""

    ROWS = ROWS_SHOWN
    heading_key = "menu.list.replays"
    empty_key = "menu.list.no_records"
    with_unfinished = True

    def __init__(self, app: AppLike, folder: Path | None = None):
        super().__init__(app)
        self.folder = folder or paths.records_dir()
        self.entries: list[RecordEntry] = []
        self.broken = 0  # entries that cannot be read or fail the checks (listed last)
        self.scroll = 0
        self.focus = 0
        self.back = Button(pygame.Rect(40, 640, 200, 56), self.look.tr("menu.back"), self.app.pop,
                           hint=self.look.tr("menu.key_esc"), tag="back")
        self.backdrop = Backdrop()  # the list with no row lit, kept while it is the same
        # Read off the window's thread: the list shows a progress line until it is in.
        self.reading = Reading(self._take_in, self.list_entries)

    def list_entries(self, progress: Progress | None = None) -> list[RecordEntry]:
        from petanque_game.ui.listing import list_records

        return list_records(self.folder, self.with_unfinished, progress)

    @property
    def animating(self) -> bool:
        return self.reading.going

    def update(self, dt: float) -> None:
        self.reading.update()

    def _take_in(self, entries: list[RecordEntry]) -> None:
        self.entries = entries
        self.broken = sum(1 for e in self.entries if e.broken)
        self.focus = min(self.focus, max(0, len(self.entries) - 1))
        self._scroll_by(0)

    @property
    def subheading(self) -> str:
        return self.look.tr("menu.list.replays_where", folder=self.folder)

    def row_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(40, 130 + i * 62, 1200, 56)

    def resume_rect(self, i: int) -> pygame.Rect:
        r = self.row_rect(i)
        return pygame.Rect(r.right - 178, r.y + 8, 166, r.h - 16)

    def open(self, index: int) -> None:
        entry = self.entries[index]
        if entry.broken:
            self.app.toast.show(self.look.tr("menu.list.cannot_watch", name=entry.path.name,
                                             why=entry.detail(self.look)), "bad", 5.0)
            return
        self.app.open_replay(entry.path)

    def carry_on(self, index: int) -> None:
        from petanque_game.ui.play import resume_game

        entry = self.entries[index]
        if entry.resumable:
            resume_game(self.app, entry.path)  # or back to the menu, saying why not

    def handle_event(self, event: pygame.event.Event) -> bool:
        n = len(self.entries)
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 1:
                if self.back.click(self.look, event.pos):
                    return True
                for i in range(self.ROWS):
                    k = self.scroll + i
                    if k < n and self.row_rect(i).collidepoint(event.pos):
                        self.focus = k
                        if self.entries[k].resumable and \
                                self.resume_rect(i).collidepoint(event.pos):
                            self.carry_on(k)
                        else:
                            self.open(k)
                        return True
            return True  # (a wheel notch also comes as buttons 4/5: MOUSEWHEEL alone scrolls)
        if event.type == pygame.MOUSEWHEEL:
            self._scroll_by(-event.y)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key in MOVES and n:
                self.focus = max(0, min(n - 1, self.focus + MOVES[event.key]))
                if self.focus < self.scroll:
                    self.scroll = self.focus
                elif self.focus >= self.scroll + self.ROWS:
                    self.scroll = self.focus - self.ROWS + 1
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and n:
                self.open(self.focus)
            elif event.key == pygame.K_r and n:
                self.carry_on(self.focus)
            return True
        return False

    def _scroll_by(self, rows: int) -> None:
        self.scroll = max(0, min(max(0, len(self.entries) - self.ROWS), self.scroll + rows))

    covers = True  # draws the whole picture

    def draw(self, surface: pygame.Surface) -> None:
        look = self.look
        key = look.drawn_in(self.heading_key, self.subheading, self.reading.progress, self.entries,
                            self.scroll, self.focus, self.broken)
        self.backdrop.draw(surface, key, self._draw_unlit)
        self.back.draw(look, surface, self.mouse)
        mouse = self.mouse
        for i in range(self.ROWS):  # the row under the mouse, lit over its unlit picture
            k = self.scroll + i
            if k < len(self.entries) and mouse is not None and \
                    self.row_rect(i).collidepoint(mouse):
                self._draw_row(surface, i, self.entries[k], k == self.focus, mouse)

    def _draw_unlit(self, surface: pygame.Surface) -> None:
        """The list with no row lit and without its Back button."""
        look = self.look
        surface.fill(look.colour("background"))
        look.blit_text(surface, look.tr(self.heading_key), (40, 40), 60, "text", True)
        look.blit_text(surface, look.fit(self.subheading, 22, 1190), (44, 92), 22, "muted")
        progress = self.reading.progress
        if progress is not None:
            from petanque_game.ui.listing import reading_line

            look.blit_text(surface, reading_line(look, *progress), (44, 150), 28, "muted")
        elif not self.entries:
            look.blit_text(surface, look.tr(self.empty_key), (44, 150), 28, "muted")
        for i in range(self.ROWS):
            k = self.scroll + i
            if k >= len(self.entries):
                break
            self._draw_row(surface, i, self.entries[k], k == self.focus, None)
        if len(self.entries) > self.ROWS:
            last = min(len(self.entries), self.scroll + self.ROWS)
            look.blit_text(surface, look.tr("menu.list.scroll", first=self.scroll + 1,
                                             last=last, n=len(self.entries)),
                            (1240, 652), 22, "muted", anchor="topright")
        if self.broken:
            look.blit_text(surface, look.fit(look.tr_n("menu.list.skipped", self.broken), 20,
                                               980), (1240, 708), 20, "bad",
                            anchor="bottomright")

    def _draw_row(self, surface: pygame.Surface, i: int, e: RecordEntry, focus: bool,
                  mouse: tuple[int, int] | None) -> None:
        """One entry; lit when `mouse` is on it (over the row unlit: the same shape)."""
        look = self.look
        r = self.row_rect(i)
        hover = mouse is not None and r.collidepoint(mouse)
        fill = "panel_light" if hover or focus else "panel"
        panel(look, surface, r, fill, "accent" if focus else "edge", 10, shadow=False)
        width = r.w - 32 - (self.resume_rect(i).w + 12 if e.unfinished else 0)
        look.blit_text(surface, look.fit(e.title(look), 26, width, True), (r.x + 16, r.y + 6), 26,
                        "bad" if e.broken else "text", True)
        look.blit_text(surface, look.fit(e.detail(look), 20, width), (r.x + 16, r.y + 33), 20,
                        "bad" if e.broken else "muted")
        if e.unfinished and not e.broken:
            Button(self.resume_rect(i), look.tr("menu.list.resume"), None, e.resumable, 22,
                   style="primary", tag="resume").draw(look, surface, mouse)


class ResumeListScene(ReplayListScene):
    """Pick one of several unfinished games to carry on with (one autosave each, saves.py)."""

    heading_key = "menu.resume"
    empty_key = "menu.list.no_unfinished"

    def __init__(self, app: AppLike, games: list[saves.Unfinished] | None = None):
        self.games = games
        super().__init__(app, paths.autosaves_dir())

    def list_entries(self, progress: Progress | None = None) -> list[RecordEntry]:
        games = self.games if self.games is not None else saves.unfinished_games(progress)
        self.games = None  # a refresh reads the folder again
        from petanque_game.ui.listing import unfinished_entries

        return unfinished_entries(games)

    @property
    def subheading(self) -> str:
        return self.look.tr("menu.list.resume_where", folder=self.folder)

    def open(self, index: int) -> None:
        entry = self.entries[index]
        if not entry.resumable:
            why = entry.detail(self.look) if entry.broken else self.look.tr("menu.list.in_a_window")
            self.app.toast.show(self.look.tr("menu.list.cannot_resume", name=entry.path.name,
                                             why=why), "bad", 5.0)
            return
        from petanque_game.ui.play import resume_game

        resume_game(self.app, entry.path)  # or back to the menu, saying why not
