"""The rules page of a game (F1, or the Rules button) and its second tab, how to play: the
controls (the keys the settings bind, by their names) and, for Terningepetanque, how aiming works,
with a button to its first lesson (ui/scenes/lesson.py). Scrolled with the wheel or Up/Down,
closed with Escape, F1 or Close. The game below waits meanwhile.

What the page says comes from the text tables in the window's language (ui/lang.py): the rules
text under `rules.<game>.*`, the how-to under `howto.*`. Each game's file in config/games/ only
orders them (its `help`): its sections, each a heading's key and its lines' keys (a key starting
"- " is a point). The controls the how-to lists, and what it shows before them, are the game's
window entry's (ui/game_ui.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

import pygame

from petanque_game.ui.game_ui import GameUI, ui_of
from petanque_game.ui.game_ui import title as game_title
from petanque_game.ui.keys import key_names
from petanque_game.ui.look import Look
from petanque_game.ui.scene import AppLike, Scene
from petanque_game.ui.settings import Settings
from petanque_game.ui.widgets import Backdrop, Button, draw_lit, panel

RECT = pygame.Rect(140, 40, 1000, 640)
TEXT_SIZE, HEADING_SIZE, LINE_H = 23, 28, 30
TEXT_W = RECT.w - 80
PAGES = ("rules", "howto")
WINDOW_CONTROLS: tuple[tuple[str | None, str], ...] = (
    ("help", "howto.window.help"), ("settings", "howto.window.settings"),
    ("back", "howto.window.back"), ("fullscreen", "howto.window.fullscreen"),
    ("screenshot", "howto.window.screenshot"))
Pages = dict[str, list[tuple[str, list[str]]]]  # {game: [(heading key, [line key, ...]), ...]}
def load_help(data: Any = None, name: str = "config/games") -> tuple[Pages, list[str]]:
    """{game: [(heading key, [line key, ...]), ...]} from the parsed `data` (None: the `help`
    of each game's shipped file in config/games/), and the problems found, each naming the file
    and the place."""
    problems: list[str] = []
    shipped = data is None
    if shipped:
        from petanque_game.rule_defaults import game_files

        data, problems = game_files("help")
    if not isinstance(data, dict):
        return {}, [f"{name}: expected a mapping of games to their rules"]
    pages: Pages = {}
    for game, sections in data.items():
        place = f"config/games/{game}.yaml: help" if shipped else f"{name}: {str(game)[:40]}"
        if not isinstance(sections, list):
            problems.append(f"{place}: expected a list of sections")
            continue
        page = []
        for i, section in enumerate(sections):
            where = f"{place}[{i}]"
            lines = section.get("lines") if isinstance(section, dict) else None
            heading = section.get("heading") if isinstance(section, dict) else None
            if not isinstance(heading, str) or not isinstance(lines, list) or \
                    not all(isinstance(line, str) for line in lines):
                problems.append(f"{where}: expected a heading and a list of lines of text")
                continue
            page.append((heading, [" ".join(line.split()) for line in lines]))
        pages[str(game)] = page
    return pages, problems


def rules_page(look: Look, game: str, pages: Pages) -> list[tuple[str, list[str]]]:
    """The rules page of `game` in the window's language: [(heading, [line, ...])]; a line that
    is a point starts with "- "."""
    sections = pages.get(game)
    if not sections:
        return [("", [look.tr("help.no_rules")])]
    out = []
    for heading, lines in sections:
        told = []
        for line in lines:
            point = line.startswith("- ")
            text = " ".join(look.tr(line[2:] if point else line).split())
            told.append(("- " if point else "") + text)
        out.append((look.tr(heading), told))
    return out


def howto_page(look: Look, game: str, settings: Settings) -> list[tuple[str, list[str]]]:
    """How to play `game` in the window's language: its controls with the keys the settings
    bind, the window's own keys, and for Terningepetanque how aiming works."""
    def told(controls: Sequence[tuple[str | None, str]]) -> list[str]:
        out = []
        for action, key in controls:
            keys = key_names(look, settings, action) if action else ""
            if action and not keys:
                continue  # an action this window binds no key to (yet)
            out.append("- " + (look.tr(key, keys=keys) if action else look.tr(key)))
        return out

    entry = _entry(game)
    page = list(entry.howto_intro(look, settings)) if entry and entry.howto_intro else []
    page.append((look.tr("howto.controls"), told(entry.howto if entry else ())))
    page.append((look.tr("howto.window_heading"), told(WINDOW_CONTROLS)))
    return page


def _entry(game: str) -> GameUI | None:
    try:
        return ui_of(game)
    except KeyError:
        return None


def layout(look: Look, page: list[tuple[str, list[str]]],
           width: int = TEXT_W) -> list[tuple[str, int, str,
                                                                                 int]]:
    """(text, size, colour, indent) per screen line."""
    rows: list[tuple[str, int, str, int]] = []
    for heading, lines in page:
        if heading:
            rows.append((heading, HEADING_SIZE, "accent", 0))
        for line in lines:
            point = line.startswith("- ")
            text = line[2:] if point else line
            for k, part in enumerate(look.wrap(text, TEXT_SIZE, width - (24 if point else 0))):
                prefix = "•  " if point and k == 0 else ""
                rows.append((prefix + part, TEXT_SIZE, "text", 0 if k == 0 or not point else 24))
        rows.append(("", TEXT_SIZE, "text", 0))
    return rows


class RulesScene(Scene):
    """A full page over the game (opaque: the game below does not move while it is read), with
    two tabs: the rules and how to play."""

    def __init__(self, app: AppLike, game: str, title: str = "", page: str = "rules"):
        super().__init__(app)
        self.game = game
        self.pages, problems = load_help()
        if problems:
            app.toast.show(problems[0], "bad", 5.0)
        self.page = page
        self.top = 0
        self.spoken = ""  # the language `rows` are in
        self.rows: list[tuple[str, int, str, int]] = []
        self._relayout()
        self.backdrop = Backdrop()  # the page with no button lit, kept while it is the same

    def _relayout(self) -> None:
        look = self.look
        self.spoken = look.language()
        page = rules_page(look, self.game, self.pages) if self.page == "rules" else \
            howto_page(look, self.game, self.app.settings)
        self.rows = layout(look, page)
        self.scroll(0)

    def show(self, page: str) -> None:
        self.page, self.top = page, 0
        self._relayout()

    @property
    def buttons(self) -> list[Button]:
        """The tabs, the lesson (on Terningepetanque's how-to) and Close."""
        look = self.look
        b = []
        x = RECT.right - 30
        for page in reversed(PAGES):
            label = look.tr(f"help.tab_{page}")
            w = max(150, look.font(24, True).size(label)[0] + 28)
            x -= w
            b.append(Button(pygame.Rect(x, RECT.y + 24, w, 44), label,
                            partial(self.show, page), size=24, selected=self.page == page,
                            style="ghost", tag=f"tab:{page}"))
            x -= 10
        entry = _entry(self.game)
        if self.page == "howto" and entry is not None and entry.practice is not None:
            b.append(Button(pygame.Rect(RECT.x + 30, RECT.bottom - 70, 300, 52),
                            look.tr("help.practice"), self.practice, size=26, style="primary",
                            tag="practice"))
        b.append(Button(pygame.Rect(RECT.right - 176, RECT.bottom - 70, 150, 52),
                        look.tr("help.close"), self.app.pop, size=26, hint="Esc", tag="close"))
        return b

    @property
    def close(self) -> Button:
        return self.buttons[-1]

    def practice(self) -> None:
        """Terningepetanque's lesson (ui/scenes/lesson.py): a few targets, each explained, then
        a way into a game."""
        from petanque_game.ui.first_games import open_lesson

        open_lesson(self.app, self.game)

    @property
    def text_rect(self) -> pygame.Rect:
        return pygame.Rect(RECT.x + 40, RECT.y + 90, TEXT_W, RECT.h - 170)

    @property
    def visible_rows(self) -> int:
        return self.text_rect.h // LINE_H

    def scroll(self, by: int) -> None:
        self.top = max(0, min(max(0, len(self.rows) - self.visible_rows), self.top + by))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self.buttons:
                if b.click(self.look, event.pos):
                    break
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll(-3 * event.y)
        elif event.type == pygame.KEYDOWN:
            s = self.app.settings
            if s.is_key("back", event.key) or s.is_key("help", event.key):
                self.app.pop()
            elif event.key == pygame.K_TAB:
                self.show(PAGES[(PAGES.index(self.page) + 1) % len(PAGES)])
            elif event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
                self.scroll(1 if event.key == pygame.K_DOWN else self.visible_rows)
            elif event.key in (pygame.K_UP, pygame.K_PAGEUP):
                self.scroll(-1 if event.key == pygame.K_UP else -self.visible_rows)
        return True  # nothing reaches the game while its rules are shown

    def update(self, dt: float) -> None:
        if self.spoken != self.look.language():  # the language was changed in the settings
            self._relayout()

    covers = True  # draws the whole picture

    def draw(self, surface: pygame.Surface) -> None:
        buttons = self.buttons
        key = self.look.drawn_in(self.game, self.page, self.top,
                                 self.rows)  # (rows: a list made per layout)
        self.backdrop.draw(surface, key, lambda out: self._draw_unlit(out, buttons))
        draw_lit(self.look, surface, buttons, self.mouse)

    def _draw_unlit(self, surface: pygame.Surface, buttons: list[Button]) -> None:
        """The page with no button lit."""
        look = self.look
        surface.fill(look.colour("background"))
        panel(look, surface, RECT)
        tabs_left = min(b.rect.x for b in buttons if b.tag.startswith("tab:"))
        room = tabs_left - RECT.x - 60
        heading = game_title(look, self.game)  # the tabs say which page this is
        size = next((s for s in (40, 36, 32) if look.font(s, True).size(heading)[0] <= room), 32)
        look.blit_text(surface, look.fit(heading, size, room, True),
                        (RECT.x + 40, RECT.y + 46), size, "text", True, "midleft")
        y = self.text_rect.y
        for text, size, col, indent in self.rows[self.top:self.top + self.visible_rows]:
            if text:
                look.blit_text(surface, text, (RECT.x + 40 + indent, y), size, col,
                                size == HEADING_SIZE)
            y += LINE_H
        more = len(self.rows) - self.visible_rows
        if more > 0:
            left = max((b.rect.right for b in buttons if b.tag == "practice"), default=RECT.x)
            look.blit_text(surface, look.tr("help.scroll", first=self.top + 1,
                                             last=min(len(self.rows), self.top + self.visible_rows),
                                             total=len(self.rows)),
                            (left + 30, RECT.bottom - 44), 19, "muted", anchor="midleft")
        for b in buttons:
            b.draw(look, surface, None)
