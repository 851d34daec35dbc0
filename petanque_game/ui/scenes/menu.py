"""The main menu (New game, Resume, Replays, Statistics, Quit); the lists of recorded games to
watch and of unfinished games to carry on with are game_lists.py's.

A broken autosave or record never takes the window down: the menu stays and says which file is
broken and why (RecordError.where).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from petanque_game import __version__, saves
from petanque_game.rules.games import game_ids
from petanque_game.ui import dice
from petanque_game.ui.game_ui import title as game_title
from petanque_game.ui.reading import Reading
from petanque_game.ui.scene import AppLike, Scene
from petanque_game.ui.widgets import Backdrop, Button, panel

# The records, their folder's index and the games (history, listing, session) are imported when
# first used, after the menu's first frame: the start waits for none of them.
if TYPE_CHECKING:
    from petanque_game.saves import Unfinished


class MenuScene(Scene):
    """Title, a column of buttons, keyboard focus moved with the arrow keys."""

    covers = True  # the backdrop fills the whole picture

    def __init__(self, app: AppLike):
        super().__init__(app)
        self.buttons: list[Button] = []
        self.focus = 0
        self.problem: str | None = None  # a broken autosave, shown until the next action
        # What Resume carries on with: read from the autosaves (history.py) off the window's
        # thread after the menu's first frame, and again whenever the menu comes back, so that
        # neither the start nor the way back waits for it.
        self.resume_line = ""
        self.resume_stale = True
        self.reading: Reading[list[Unfinished]] = Reading(self._take_in)
        self.backdrop = Backdrop()  # the title, the tray and its dice: drawn once
        self._layout()

    def entries(self) -> list[tuple[str, Callable[[], object], str, bool, str]]:
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
        self.buttons = [Button(pygame.Rect(x, top + i * step, w, h), self.look.tr(key), action,
                               enabled, 30 if h >= 56 else 26,
                               self.look.fit(line, 17, w - 20), tag=tag)
                        for i, (key, action, tag, enabled, line) in enumerate(specs)]
        about = f"{self.look.tr('menu.about')}  {__version__}"
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
        return self.reading.going  # frames go on until the Resume line is read

    def update(self, dt: float) -> None:
        if self.resume_stale:
            self.resume_stale = False
            if saves.has_unfinished():
                self.reading.start(saves.unfinished_games)
            else:
                self.resume_line = ""
                self.reading.stop()
            self._layout()
        self.reading.update()

    def _take_in(self, games: list[Unfinished]) -> None:
        from petanque_game.ui.listing import resume_line

        self.resume_line = resume_line(self.look, games)
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
            self.say(self.look.tr("menu.cannot_resume", why=games[0].problem))
        elif games:
            from petanque_game.ui.play import resume_game

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
                    b.click(self.look, event.pos)
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
        look = self.look
        self.backdrop.draw(surface, look.drawn_in(), self._draw_backdrop)
        for i, b in enumerate(self.buttons):
            b.selected = i == self.focus
            b.draw(look, surface, self.mouse)
        resume = next((b for b in self.buttons if b.tag == "resume"), None)
        if resume is not None and not resume.enabled:
            look.blit_text(surface, look.tr("menu.no_saved_game"),
                            (resume.rect.right + 14, resume.rect.centery), 20, "muted",
                            anchor="midleft")
        if self.problem:
            rect = pygame.Rect(110, 670, 1150, 46)  # under the buttons
            panel(look, surface, rect, (70, 34, 34), "bad")
            for i, line in enumerate(look.wrap(self.problem, 21, rect.w - 28)[:2]):
                look.blit_text(surface, line, (rect.x + 14, rect.y + 8 + 17 * i), 21)
        else:
            look.blit_text(surface, look.fit(look.tr("menu.keys"), 20, 1100), (120, 690), 20,
                            "muted")

    def _draw_backdrop(self, surface: pygame.Surface) -> None:
        look = self.look
        surface.fill(look.colour("background"))
        pictures = dice.pictures_of(self.app.memory)
        tray = pictures.tray_surface(look, (500, 380))
        surface.blit(tray, (720, 270))
        # A six, a five and a four: the ship, its captain and its crew.
        for value, x, y, a in ((6, 830, 390, -12), (5, 950, 430, 9), (4, 1080, 385, -4),
                               (1, 880, 540, 22), (5, 1040, 545, -18)):
            pictures.draw_die(look, surface, value, (x, y), 72, a)
        look.blit_text(surface, look.tr("menu.title"), (120, 110), 84, "text", True,
                        shadow=True)
        look.blit_text(surface, look.tr("menu.subtitle"), (124, 186), 34, "accent")
        games = " - ".join(game_title(look, g) for g in game_ids())
        look.blit_text(surface, look.fit(games, 22, 1100), (124, 226), 22, "muted")
