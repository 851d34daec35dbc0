"""The main menu (New game, Resume, Replays, Quit) and the list of recorded games to watch.

A broken autosave or record never takes the window down: the menu stays and says which file is
broken and why (RecordError.where).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import pygame

from petanque_game import paths, saves
from petanque_game.record import RecordError, load_record
from petanque_game.ui import dice, theme
from petanque_game.ui.game_ui import title
from petanque_game.ui.lang import tr
from petanque_game.ui.play import open_game_scene
from petanque_game.ui.scene import Scene
from petanque_game.ui.session import LoadProblem, resume
from petanque_game.ui.widgets import Button, panel


class MenuScene(Scene):
    """Title, four buttons, keyboard focus moved with the arrow keys."""

    def __init__(self, app):
        super().__init__(app)
        self.buttons: list[Button] = []
        self.focus = 0
        self.problem: str | None = None  # a broken autosave, shown until the next action
        self._layout()

    def _layout(self) -> None:
        x, y, w, h, gap = 120, 300, 380, 66, 18
        specs = [("New game", self.new_game, "new", True),
                 ("Resume", self.resume_game, "resume", saves.has_unfinished()),
                 ("Replays", self.replays, "replays", True),
                 ("Quit", self.quit, "quit", True)]
        self.buttons = [Button(pygame.Rect(x, y + i * (h + gap), w, h), label, action, enabled,
                               32, tag=tag)
                        for i, (label, action, tag, enabled) in enumerate(specs)]
        self.buttons.append(Button(pygame.Rect(1080, 24, 176, 50), tr("settings.open"),
                                   self.app.open_settings, True, 26, "F2", "ghost",
                                   tag="settings"))
        if not self.buttons[self.focus].enabled:
            self.focus = 0

    def resume(self) -> None:
        self._layout()

    def enter(self) -> None:
        self._layout()

    def new_game(self) -> None:
        self.problem = None
        self.app.open("setup")

    def resume_game(self) -> None:
        """The one unfinished game, or the list of them when there are several."""
        games = saves.unfinished_games()
        if len(games) > 1:
            self.problem = None
            self.app.open("resume", games)
        elif games and games[0].problem:
            self.say(f"The saved game cannot be resumed: {games[0].problem}")
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
                         pygame.K_q: "quit"}
            tag = shortcuts.get(event.key)
            for b in self.buttons:
                if b.tag == tag and b.enabled and b.action:
                    b.action()
                    return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.colour("background"))
        tray = dice.tray_surface((500, 380))
        surface.blit(tray, (720, 270))
        # A six, a five and a four: the ship, its captain and its crew.
        for value, x, y, a in ((6, 830, 390, -12), (5, 950, 430, 9), (4, 1080, 385, -4),
                               (1, 880, 540, 22), (5, 1040, 545, -18)):
            dice.draw_die(surface, value, (x, y), 72, a)
        theme.blit_text(surface, "Petanque Game", (120, 120), 84, "text", True, shadow=True)
        theme.blit_text(surface, "Four Scandinavian dice games", (124, 196), 34, "accent")
        theme.blit_text(surface, "Terningepetanque - Ship, Captain and Crew - Shut the Box - "
                        "Ten Thousand", (124, 236), 22, "muted")
        for i, b in enumerate(self.buttons):
            b.selected = i == self.focus
            b.draw(surface, self.mouse)
        if not self.buttons[1].enabled:
            theme.blit_text(surface, "no saved game", (self.buttons[1].rect.right + 14,
                                                       self.buttons[1].rect.centery), 20,
                            "muted", anchor="midleft")
        if self.problem:
            rect = pygame.Rect(110, 652, 1150, 62)
            panel(surface, rect, (70, 34, 34), "bad")
            for i, line in enumerate(theme.wrap(self.problem, 21, rect.w - 28)[:3]):
                theme.blit_text(surface, line, (rect.x + 14, rect.y + 8 + 17 * i), 21)
        else:
            theme.blit_text(surface, "Arrows + Enter, or the mouse.  F11 full screen, "
                            "F12 screenshot", (120, 690), 20, "muted")


@dataclass
class RecordEntry:
    path: Path
    title: str
    detail: str
    broken: bool


def list_records(folder: Path) -> list[RecordEntry]:
    """The records in `folder`, newest first, each described (or marked broken, with why)."""
    try:
        files = [p for p in folder.iterdir() if p.suffix == ".json" and p.is_file()]
    except OSError:
        return []
    files.sort(key=lambda p: (-_mtime(p), p.name))
    entries = []
    for path in files[:200]:
        when = datetime.fromtimestamp(_mtime(path)).strftime("%Y-%m-%d %H:%M")
        try:
            rec = load_record(path)
        except RecordError as e:
            entries.append(RecordEntry(path, path.name, f"broken: {e.where()}", True))
            continue
        names = ", ".join(p.name for p in rec.players)
        state = "finished" if rec.result is not None else "unfinished"
        entries.append(RecordEntry(path, f"{title(rec.game)}  -  {when}",
                                   f"{names}  ({len(rec.events)} events, {state})", False))
    return entries


def _mtime(path: Path) -> float:
    try:
        return os.path.getmtime(path)
    except OSError:
        return 0.0


def resume_game(app, path: Path) -> bool:
    """Carry on with the game autosaved at `path`; False (and the menu says why) if it cannot."""
    try:
        session = resume(path)
    except LoadProblem as e:
        app.back_to_menu()
        app.scenes[0].say(f"The saved game cannot be resumed: {e}")
        return False
    open_game_scene(app, session)
    return True


class ReplayListScene(Scene):
    """Pick a recorded game to watch."""

    ROWS = 8
    heading = "Replays"
    empty = "No recorded games yet: finish a game and it appears here."

    def __init__(self, app, folder: Path | None = None):
        super().__init__(app)
        self.folder = folder or paths.records_dir()
        self.entries = self.list_entries()
        self.scroll = 0
        self.focus = 0
        self.back = Button(pygame.Rect(40, 640, 200, 56), "Back", self.app.pop, hint="Esc",
                           tag="back")

    def list_entries(self) -> list[RecordEntry]:
        return list_records(self.folder)

    @property
    def subheading(self) -> str:
        return f"Finished games kept in {self.folder}"

    def row_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(40, 130 + i * 62, 1200, 56)

    def open(self, index: int) -> None:
        entry = self.entries[index]
        if entry.broken:
            self.app.toast.show(f"Cannot play {entry.path}: {entry.detail}", "bad", 5.0)
            return
        self.app.open_replay(entry.path)

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
                        self.open(k)
                        return True
            elif event.button in (4, 5):
                self._scroll_by(-1 if event.button == 4 else 1)
            return True
        if event.type == pygame.MOUSEWHEEL:
            self._scroll_by(-event.y)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key in (pygame.K_DOWN, pygame.K_UP) and n:
                self.focus = max(0, min(n - 1, self.focus + (1 if event.key == pygame.K_DOWN
                                                             else -1)))
                if self.focus < self.scroll:
                    self.scroll = self.focus
                elif self.focus >= self.scroll + self.ROWS:
                    self.scroll = self.focus - self.ROWS + 1
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and n:
                self.open(self.focus)
            return True
        return False

    def _scroll_by(self, rows: int) -> None:
        self.scroll = max(0, min(max(0, len(self.entries) - self.ROWS), self.scroll + rows))

    def draw(self, surface: pygame.Surface) -> None:
        theme.blit_text(surface, self.heading, (40, 40), 60, "text", True)
        theme.blit_text(surface, self.subheading, (44, 92), 22, "muted")
        if not self.entries:
            theme.blit_text(surface, self.empty, (44, 150), 28, "muted")
        for i in range(self.ROWS):
            k = self.scroll + i
            if k >= len(self.entries):
                break
            e, r = self.entries[k], self.row_rect(i)
            hover = self.mouse is not None and r.collidepoint(self.mouse)
            fill = "panel_light" if hover or k == self.focus else "panel"
            panel(surface, r, fill, "accent" if k == self.focus else "edge", 10, shadow=False)
            theme.blit_text(surface, theme.fit(e.title, 28, 1160, True), (r.x + 16, r.y + 8), 28,
                            "bad" if e.broken else "text", True)
            theme.blit_text(surface, theme.fit(e.detail, 20, 1160), (r.x + 16, r.y + 34), 20,
                            "bad" if e.broken else "muted")
        if len(self.entries) > self.ROWS:
            last = min(len(self.entries), self.scroll + self.ROWS)
            theme.blit_text(surface, f"{self.scroll + 1}-{last} of {len(self.entries)}  "
                            "(wheel or arrows to scroll)", (1240, 660), 22, "muted",
                            anchor="topright")
        self.back.draw(surface, self.mouse)


class ResumeListScene(ReplayListScene):
    """Pick one of several unfinished games to carry on with (one autosave each, saves.py)."""

    heading = "Resume"
    empty = "No unfinished game."

    def __init__(self, app, games: list[saves.Unfinished] | None = None):
        self.games = games
        super().__init__(app, paths.autosaves_dir())

    def list_entries(self) -> list[RecordEntry]:
        games = self.games if self.games is not None else saves.unfinished_games()
        self.games = None  # a refresh reads the folder again
        entries = []
        for g in games:
            when = datetime.fromtimestamp(g.mtime).strftime("%Y-%m-%d %H:%M")
            if g.problem:
                entries.append(RecordEntry(g.path, f"{g.path.name}  -  {when}", g.problem, True))
            else:
                heading = f"{title(g.game)}  -  {when}"
                entries.append(RecordEntry(g.path, heading, g.detail, False))
        return entries

    @property
    def subheading(self) -> str:
        return f"Unfinished games, saved after every move in {self.folder}"

    def open(self, index: int) -> None:
        entry = self.entries[index]
        if entry.broken:
            self.app.toast.show(f"Cannot resume {entry.path.name}: {entry.detail}", "bad", 5.0)
            return
        resume_game(self.app, entry.path)  # or back to the menu, saying why not
