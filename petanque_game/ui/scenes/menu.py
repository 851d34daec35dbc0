"""The main menu (New game, Resume, Replays, Statistics, Quit) and the lists of recorded games to
watch and of unfinished games to carry on with.

A broken autosave or record never takes the window down: the menu stays and says which file is
broken and why (RecordError.where).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from petanque_game import __version__, paths, saves
from petanque_game.rules.games import game_ids
from petanque_game.ui import dice, lang, theme
from petanque_game.ui.game_ui import title as game_title
from petanque_game.ui.scene import Scene
from petanque_game.ui.widgets import Backdrop, Button, look, panel

# The records, their folder's index and the games (history, listing, session) are imported when
# first used, after the menu's first frame: the start waits for none of them.
if TYPE_CHECKING:
    from petanque_game import history
    from petanque_game.ui.listing import RecordEntry


class MenuScene(Scene):
    """Title, a column of buttons, keyboard focus moved with the arrow keys."""

    covers = True  # the backdrop fills the whole picture

    def __init__(self, app):
        super().__init__(app)
        self.buttons: list[Button] = []
        self.focus = 0
        self.problem: str | None = None  # a broken autosave, shown until the next action
        # What Resume carries on with: read from the autosaves (history.py) off the window's
        # thread after the menu's first frame, and again whenever the menu comes back, so that
        # neither the start nor the way back waits for it.
        self.resume_line = ""
        self.resume_stale = True
        self.reader: history.Reader | None = None
        self.backdrop = Backdrop()  # the title, the tray and its dice: drawn once
        self._layout()

    def entries(self) -> list[tuple[str, Callable[[], None], str, bool, str]]:
        """The menu's buttons, top to bottom: (text key, action, tag, enabled, line under it).
        A new button is one more line here; the column fits itself to the window."""
        resumable = saves.has_unfinished()
        return [("menu.new_game", self.new_game, "new", True, ""),
                ("menu.challenges", self.challenges, "challenges", True, ""),
                ("menu.online", self.online, "online", True, ""),
                ("menu.resume", self.resume_game, "resume", resumable,
                 self.resume_line if resumable else ""),
                ("menu.replays", self.replays, "replays", True, ""),
                ("menu.statistics", self.statistics, "statistics", True, ""),
                ("menu.board_editor", self.board_editor, "editor", True, ""),
                ("settings.open", self.app.open_settings, "settings", True, ""),
                ("menu.quit", self.quit, "quit", True, "")]

    def _layout(self) -> None:
        specs = self.entries()
        x, top, bottom, w = 120, 280, 676, 420
        step = min(84, (bottom - top) // len(specs))
        h = step - max(10, step // 6)
        self.buttons = [Button(pygame.Rect(x, top + i * step, w, h), lang.tr(key), action,
                               enabled, 30 if h >= 56 else 26,
                               theme.fit(line, 17, w - 20), tag=tag)
                        for i, (key, action, tag, enabled, line) in enumerate(specs)]
        about = f"{lang.tr('menu.about')}  {__version__}"
        self.buttons.append(Button(pygame.Rect(1000, 14, 260, 40), about, self.about, True, 20,
                                   tag="about", style="ghost"))
        self.focus = min(self.focus, len(self.buttons) - 1)
        if not self.buttons[self.focus].enabled:
            self.focus = 0

    def resume(self) -> None:
        self.resume_stale = True
        self._layout()

    def enter(self) -> None:
        self.resume_stale = True
        self._layout()

    @property
    def animating(self) -> bool:
        return self.reader is not None  # frames go on until the Resume line is read

    def update(self, dt: float) -> None:
        if self.resume_stale:
            self.resume_stale = False
            if saves.has_unfinished():
                from petanque_game import history

                self.reader = history.Reader(saves.unfinished_games)
            else:
                self.resume_line, self.reader = "", None
            self._layout()
        if self.reader is not None and self.reader.ready:
            from petanque_game.ui.listing import resume_line

            reader, self.reader = self.reader, None
            self.resume_line = resume_line(reader.result())
            self._layout()

    def new_game(self) -> None:
        self.problem = None
        self.app.open("setup")

    def online(self) -> None:
        self.problem = None
        self.app.open("online")

    def resume_game(self) -> None:
        """The one unfinished game, or the list of them when there are several (read off the
        window's thread)."""
        files = saves.autosave_files()
        if len(files) > 1:
            self.problem = None
            self.app.open("resume")
            return
        games = saves.unfinished_games() if files else []  # one file: read at once
        if games and games[0].problem:
            self.say(lang.tr("menu.cannot_resume", why=games[0].problem))
        elif games:
            resume_game(self.app, games[0].path)
        else:
            self._layout()

    def say(self, problem: str) -> None:
        self.problem = problem
        self.app.toast.show(problem, "bad", 6.0)

    def replays(self) -> None:
        self.problem = None
        self.app.open("replays")

    def statistics(self) -> None:
        self.problem = None
        self.app.open("statistics")

    def board_editor(self) -> None:
        self.problem = None
        self.app.open("board_editor")

    def challenges(self) -> None:
        self.problem = None
        self.app.open("challenges")

    def about(self) -> None:
        self.problem = None
        self.app.open("about")

    def quit(self) -> None:
        self.app.running = False

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, b in enumerate(self.buttons):
                if b.hit(event.pos) and b.enabled:
                    self.focus = i
                    b.click(event.pos)
                    return True
            return True
        if event.type == pygame.MOUSEMOTION:
            for i, b in enumerate(self.buttons):
                if b.hit(event.pos) and b.enabled:
                    self.focus = i
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_DOWN, pygame.K_UP, pygame.K_TAB):
                step = -1 if event.key == pygame.K_UP else 1
                for _ in range(len(self.buttons)):
                    self.focus = (self.focus + step) % len(self.buttons)
                    if self.buttons[self.focus].enabled:
                        break
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                b = self.buttons[self.focus]
                if b.enabled and b.action:
                    b.action()
                return True
            if event.key == pygame.K_ESCAPE:
                self.quit()
                return True
            shortcuts = {pygame.K_n: "new", pygame.K_r: "resume", pygame.K_p: "replays",
                         pygame.K_s: "statistics", pygame.K_a: "about", pygame.K_c: "challenges",
                         pygame.K_b: "editor",
                         pygame.K_q: "quit"}
            tag = shortcuts.get(event.key)
            for b in self.buttons:
                if b.tag == tag and b.enabled and b.action:
                    b.action()
                    return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        self.backdrop.draw(surface, look(), self._draw_backdrop)
        for i, b in enumerate(self.buttons):
            b.selected = i == self.focus
            b.draw(surface, self.mouse)
        resume = next((b for b in self.buttons if b.tag == "resume"), None)
        if resume is not None and not resume.enabled:
            theme.blit_text(surface, lang.tr("menu.no_saved_game"),
                            (resume.rect.right + 14, resume.rect.centery), 20, "muted",
                            anchor="midleft")
        if self.problem:
            rect = pygame.Rect(110, 670, 1150, 46)  # under the buttons
            panel(surface, rect, (70, 34, 34), "bad")
            for i, line in enumerate(theme.wrap(self.problem, 21, rect.w - 28)[:2]):
                theme.blit_text(surface, line, (rect.x + 14, rect.y + 8 + 17 * i), 21)
        else:
            theme.blit_text(surface, theme.fit(lang.tr("menu.keys"), 20, 1100), (120, 690), 20,
                            "muted")

    def _draw_backdrop(self, surface: pygame.Surface) -> None:
        surface.fill(theme.colour("background"))
        pictures = dice.pictures_of(self.app.memory)
        tray = pictures.tray_surface((500, 380))
        surface.blit(tray, (720, 270))
        # A six, a five and a four: the ship, its captain and its crew.
        for value, x, y, a in ((6, 830, 390, -12), (5, 950, 430, 9), (4, 1080, 385, -4),
                               (1, 880, 540, 22), (5, 1040, 545, -18)):
            pictures.draw_die(surface, value, (x, y), 72, a)
        theme.blit_text(surface, lang.tr("menu.title"), (120, 110), 84, "text", True,
                        shadow=True)
        theme.blit_text(surface, lang.tr("menu.subtitle"), (124, 186), 34, "accent")
        games = " - ".join(game_title(g) for g in game_ids())
        theme.blit_text(surface, theme.fit(games, 22, 1100), (124, 226), 22, "muted")


def resume_game(app, path: Path) -> bool:
    """Carry on with the game autosaved at `path`; False (and the menu says why) if it cannot."""
    from petanque_game.ui.play import open_game_scene
    from petanque_game.ui.session import LoadProblem, resume

    try:
        session = resume(path)
    except LoadProblem as e:
        app.back_to_menu()
        app.scenes[0].say(lang.tr("menu.cannot_resume", why=e))
        return False
    open_game_scene(app, session)
    return True


ROWS_SHOWN = 8
# How far the list's keys move the focus, in rows: an arrow one, PageUp/PageDown a page, Home/End
# all the way (every game is listed, however many there are).
MOVES = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -ROWS_SHOWN,
         pygame.K_PAGEDOWN: ROWS_SHOWN, pygame.K_HOME: -10**9, pygame.K_END: 10**9}


class ReplayListScene(Scene):
    """Pick a recorded game to watch, or an unfinished one to watch or carry on with."""

    ROWS = ROWS_SHOWN
    heading_key = "menu.list.replays"
    empty_key = "menu.list.no_records"
    with_unfinished = True

    def __init__(self, app, folder: Path | None = None):
        super().__init__(app)
        self.folder = folder or paths.records_dir()
        self.entries: list[RecordEntry] = []
        self.broken = 0  # entries that cannot be read or fail the checks (listed last)
        self.scroll = 0
        self.focus = 0
        self.back = Button(pygame.Rect(40, 640, 200, 56), lang.tr("menu.back"), self.app.pop,
                           hint=lang.tr("menu.key_esc"), tag="back")
        self.backdrop = Backdrop()  # the list with no row lit, kept while it is the same
        # Read off the window's thread: the list shows a progress line until it is in.
        from petanque_game import history

        self.reader: history.Reader | None = history.Reader(self.list_entries)

    def list_entries(self, progress=None) -> list[RecordEntry]:
        from petanque_game.ui.listing import list_records

        return list_records(self.folder, self.with_unfinished, progress)

    @property
    def animating(self) -> bool:
        return self.reader is not None

    def update(self, dt: float) -> None:
        if self.reader is not None and self.reader.ready:
            reader, self.reader = self.reader, None
            self.entries = reader.result()
            self.broken = sum(1 for e in self.entries if e.broken)
            self.focus = min(self.focus, max(0, len(self.entries) - 1))
            self._scroll_by(0)

    @property
    def subheading(self) -> str:
        return lang.tr("menu.list.replays_where", folder=self.folder)

    def row_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(40, 130 + i * 62, 1200, 56)

    def resume_rect(self, i: int) -> pygame.Rect:
        r = self.row_rect(i)
        return pygame.Rect(r.right - 178, r.y + 8, 166, r.h - 16)

    def open(self, index: int) -> None:
        entry = self.entries[index]
        if entry.broken:
            self.app.toast.show(lang.tr("menu.list.cannot_watch", name=entry.path.name,
                                        why=entry.detail), "bad", 5.0)
            return
        self.app.open_replay(entry.path)

    def carry_on(self, index: int) -> None:
        entry = self.entries[index]
        if entry.resumable:
            resume_game(self.app, entry.path)  # or back to the menu, saying why not

    def handle_event(self, event: pygame.event.Event) -> bool:
        n = len(self.entries)
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 1:
                if self.back.click(event.pos):
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
        reading = self.reader and (self.reader.done, self.reader.total)
        key = look(self.heading_key, self.subheading, reading, self.entries, self.scroll,
                   self.focus, self.broken)
        self.backdrop.draw(surface, key, self._draw_unlit)
        self.back.draw(surface, self.mouse)
        mouse = self.mouse
        for i in range(self.ROWS):  # the row under the mouse, lit over its unlit picture
            k = self.scroll + i
            if k < len(self.entries) and mouse is not None and \
                    self.row_rect(i).collidepoint(mouse):
                self._draw_row(surface, i, self.entries[k], k == self.focus, mouse)

    def _draw_unlit(self, surface: pygame.Surface) -> None:
        """The list with no row lit and without its Back button."""
        surface.fill(theme.colour("background"))
        theme.blit_text(surface, lang.tr(self.heading_key), (40, 40), 60, "text", True)
        theme.blit_text(surface, theme.fit(self.subheading, 22, 1190), (44, 92), 22, "muted")
        if self.reader is not None:
            from petanque_game.ui.listing import reading_line

            theme.blit_text(surface, reading_line(self.reader), (44, 150), 28, "muted")
        elif not self.entries:
            theme.blit_text(surface, lang.tr(self.empty_key), (44, 150), 28, "muted")
        for i in range(self.ROWS):
            k = self.scroll + i
            if k >= len(self.entries):
                break
            self._draw_row(surface, i, self.entries[k], k == self.focus, None)
        if len(self.entries) > self.ROWS:
            last = min(len(self.entries), self.scroll + self.ROWS)
            theme.blit_text(surface, lang.tr("menu.list.scroll", first=self.scroll + 1,
                                             last=last, n=len(self.entries)),
                            (1240, 652), 22, "muted", anchor="topright")
        if self.broken:
            theme.blit_text(surface, theme.fit(lang.tr_n("menu.list.skipped", self.broken), 20,
                                               980), (1240, 708), 20, "bad",
                            anchor="bottomright")

    def _draw_row(self, surface: pygame.Surface, i: int, e: RecordEntry, focus: bool,
                  mouse: tuple[int, int] | None) -> None:
        """One entry; lit when `mouse` is on it (over the row unlit: the same shape)."""
        r = self.row_rect(i)
        hover = mouse is not None and r.collidepoint(mouse)
        fill = "panel_light" if hover or focus else "panel"
        panel(surface, r, fill, "accent" if focus else "edge", 10, shadow=False)
        width = r.w - 32 - (self.resume_rect(i).w + 12 if e.unfinished else 0)
        theme.blit_text(surface, theme.fit(e.title, 26, width, True), (r.x + 16, r.y + 6), 26,
                        "bad" if e.broken else "text", True)
        theme.blit_text(surface, theme.fit(e.detail, 20, width), (r.x + 16, r.y + 33), 20,
                        "bad" if e.broken else "muted")
        if e.unfinished and not e.broken:
            Button(self.resume_rect(i), lang.tr("menu.list.resume"), None, e.resumable, 22,
                   style="primary", tag="resume").draw(surface, mouse)


class ResumeListScene(ReplayListScene):
    """Pick one of several unfinished games to carry on with (one autosave each, saves.py)."""

    heading_key = "menu.resume"
    empty_key = "menu.list.no_unfinished"

    def __init__(self, app, games: list[saves.Unfinished] | None = None):
        self.games = games
        super().__init__(app, paths.autosaves_dir())

    def list_entries(self, progress=None) -> list[RecordEntry]:
        games = self.games if self.games is not None else saves.unfinished_games(progress)
        self.games = None  # a refresh reads the folder again
        from petanque_game.ui.listing import unfinished_entries

        return unfinished_entries(games)

    @property
    def subheading(self) -> str:
        return lang.tr("menu.list.resume_where", folder=self.folder)

    def open(self, index: int) -> None:
        entry = self.entries[index]
        if not entry.resumable:
            why = entry.detail if entry.broken else lang.tr("menu.list.in_a_window")
            self.app.toast.show(lang.tr("menu.list.cannot_resume", name=entry.path.name,
                                        why=why), "bad", 5.0)
            return
        resume_game(self.app, entry.path)  # or back to the menu, saying why not
