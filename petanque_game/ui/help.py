"""The rules page of a game (F1, or the Rules button): the text of config/help.yaml, scrolled with
the wheel or Up/Down, closed with Escape, F1 or the Close button. The game below waits meanwhile.
"""

from __future__ import annotations

from typing import Any

import pygame

from petanque_game.ui import theme
from petanque_game.ui.scene import Scene
from petanque_game.ui.widgets import Button, panel

RECT = pygame.Rect(140, 40, 1000, 640)
TEXT_SIZE, HEADING_SIZE, LINE_H = 23, 28, 30


def load_help(data: Any = None, name: str = "config/help.yaml") -> tuple[dict, list[str]]:
    """{game: [(heading, [line, ...]), ...]} from the parsed `data` (None: the shipped file), and
    the problems found, each naming the file and the place."""
    problems: list[str] = []
    if data is None:
        from petanque_game.config import ConfigError, read_yaml
        from petanque_game.data import config_dir

        try:
            data = read_yaml(config_dir() / "help.yaml", name)
        except ConfigError as e:
            return {}, [str(e)]
    if not isinstance(data, dict):
        return {}, [f"{name}: expected a mapping of games to their rules"]
    pages: dict[str, list[tuple[str, list[str]]]] = {}
    for game, sections in data.items():
        if not isinstance(sections, list):
            problems.append(f"{name}: {str(game)[:40]}: expected a list of sections")
            continue
        page = []
        for i, section in enumerate(sections):
            where = f"{name}: {str(game)[:40]}[{i}]"
            lines = section.get("lines") if isinstance(section, dict) else None
            heading = section.get("heading") if isinstance(section, dict) else None
            if not isinstance(heading, str) or not isinstance(lines, list) or \
                    not all(isinstance(line, str) for line in lines):
                problems.append(f"{where}: expected a heading and a list of lines of text")
                continue
            page.append((heading, [" ".join(line.split()) for line in lines]))
        pages[str(game)] = page
    return pages, problems


class RulesScene(Scene):
    """A full page over the game (opaque: the game below does not move while it is read)."""

    def __init__(self, app, game: str, title: str):
        super().__init__(app)
        self.title = title
        pages, problems = load_help()
        if problems:
            app.toast.show(problems[0], "bad", 5.0)
        self.rows = self._layout(pages.get(game) or [("", ["No rules text for this game."])])
        self.top = 0
        self.close = Button(pygame.Rect(RECT.right - 176, RECT.bottom - 70, 150, 52), "Close",
                            self.app.pop, size=26, hint="Esc", tag="close")

    def _layout(self, page: list[tuple[str, list[str]]]) -> list[tuple[str, int, str, int]]:
        """(text, size, colour, indent) per screen line."""
        width = RECT.w - 80
        rows: list[tuple[str, int, str, int]] = []
        for heading, lines in page:
            if heading:
                rows.append((heading, HEADING_SIZE, "accent", 0))
            for line in lines:
                point = line.startswith("- ")
                text = line[2:] if point else line
                for k, part in enumerate(theme.wrap(text, TEXT_SIZE, width - (24 if point else 0))):
                    prefix = "•  " if point and k == 0 else ""
                    rows.append((prefix + part, TEXT_SIZE, "text", 0 if k == 0 or not point
                                 else 24))
            rows.append(("", TEXT_SIZE, "text", 0))
        return rows

    @property
    def visible_rows(self) -> int:
        return (RECT.h - 170) // LINE_H

    def scroll(self, by: int) -> None:
        self.top = max(0, min(max(0, len(self.rows) - self.visible_rows), self.top + by))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.close.click(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll(-3 * event.y)
        elif event.type == pygame.KEYDOWN:
            s = self.app.settings
            if s.is_key("back", event.key) or s.is_key("help", event.key):
                self.app.pop()
            elif event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
                self.scroll(1 if event.key == pygame.K_DOWN else self.visible_rows)
            elif event.key in (pygame.K_UP, pygame.K_PAGEUP):
                self.scroll(-1 if event.key == pygame.K_UP else -self.visible_rows)
        return True  # nothing reaches the game while its rules are shown

    def draw(self, surface: pygame.Surface) -> None:
        panel(surface, RECT)
        theme.blit_text(surface, f"How to play {self.title}", (RECT.x + 40, RECT.y + 26), 40,
                        "text", True)
        y = RECT.y + 90
        for text, size, col, indent in self.rows[self.top:self.top + self.visible_rows]:
            if text:
                theme.blit_text(surface, text, (RECT.x + 40 + indent, y), size, col,
                                size == HEADING_SIZE)
            y += LINE_H
        more = len(self.rows) - self.visible_rows
        if more > 0:
            theme.blit_text(surface, f"wheel or Up/Down to scroll ({self.top + 1}-"
                            f"{min(len(self.rows), self.top + self.visible_rows)} of "
                            f"{len(self.rows)})", (RECT.x + 40, RECT.bottom - 44), 19, "muted")
        self.close.draw(surface, self.mouse)
