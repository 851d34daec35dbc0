"""The setup screen's picture with no button lit (the setup scene keeps it while what it shows
is the same), and where its buttons go: the games in a row or two, each row of buttons in one
size that fits.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any, Protocol

import pygame

from petanque_game.physics import Level
from petanque_game.rules.games import spec_of
from petanque_game.ui.game_ui import board_words
from petanque_game.ui.look import Look
from petanque_game.ui.scenes.setup_boards import PAGE_BOARDS, Boards, board_pages, board_slot
from petanque_game.ui.scenes.setup_choices import SetupChoices, option_label
from petanque_game.ui.text_field import TextField
from petanque_game.ui.widgets import Button, panel

LABEL_W = 470  # the width of the rules column: each option's name and its buttons


def game_slots(n: int) -> list[pygame.Rect]:
    """Where the setup's `n` game buttons go, above the panels: one row of up to four, else two
    rows of lower buttons, as many as fit."""
    if n <= 4:
        return [pygame.Rect(40 + i * 302, 100, 290, 64) for i in range(n)]
    per_row = -(-n // 2)
    w = (1200 - (per_row - 1) * 12) // per_row
    return [pygame.Rect(40 + (i % per_row) * (w + 12), 96 + (i // per_row) * 44, w, 40)
            for i in range(n)]


def fitting_size(look: Look, labels: list[str], width: int, sizes: tuple[int, ...] = (22, 21, 20)
                 ) -> int:
    """The largest of `sizes` at which every label of a row of buttons fits `width` (bold, as
    buttons draw); the smallest if none does. One size for the row, so it reads evenly."""
    for size in sizes:
        if all(look.font(size, True).size(label)[0] <= width for label in labels):
            return size
    return sizes[-1]


class Shown(Protocol):
    """What the picture shows of the setup scene (setup.py's `SetupScene`)."""

    choices: SetupChoices
    fields: list[TextField]
    buttons: list[Button]
    boards: Boards
    board_page: int | None

    @property
    def look(self) -> Look: ...

    @property
    def rules(self) -> ModuleType: ...

    @property
    def levels(self) -> list[tuple[str, str | None]]: ...

    @property
    def levels_problem(self) -> str | None: ...

    def options(self) -> dict[str, Any]: ...

    def offered(self, options: dict[str, Any]) -> list[tuple[str, tuple[Any, ...]]]: ...

    def shown_boards(self) -> list[tuple[str, str | None]]: ...


def draw_unlit(surface: pygame.Surface, setup: Shown, blink: bool, hovered: Button | None
           ) -> None:
    """The screen with no button lit."""
    look = setup.look
    surface.fill(look.colour("background"))
    look.blit_text(surface, look.tr("setup.title"), (40, 30), 56, "text", True)
    look.blit_text(surface, look.tr("setup.subtitle"), (44, 74), 22, "muted")
    panel(look, surface, pygame.Rect(30, 186, 680, 440))
    panel(look, surface, pygame.Rect(740, 186, 510, 440))
    n = setup.rules
    look.blit_text(surface, look.tr("setup.players_heading", low=n.MIN_PLAYERS,
                                     high=n.MAX_PLAYERS), (50, 200), 26, "text", True)
    for i, f in enumerate(setup.fields):
        pygame.draw.circle(surface, look.player_colour(i), (66, f.rect.centery), 13)
        look.blit_text(surface, str(i + 1), (66, f.rect.centery), 20, (20, 20, 20), True,
                        "center")
        f.draw(look, surface, blink)
    if spec_of(setup.choices.game).board and any(b.tag.startswith("hand:")
                                                 for b in setup.buttons):
        lines = look.wrap(look.tr("setup.hand_tip"), 19, 640)
        for k, line in enumerate(lines):
            look.blit_text(surface, line, (50, 610 - 22 * (len(lines) - k)), 19, "muted")
    look.blit_text(surface, look.tr("setup.rules_heading"), (760, 200), 26, "text", True)
    y = 236
    opts = setup.options()
    for key, _ in setup.offered(opts):
        look.blit_text(surface, look.fit(option_label(look, key), 21, LABEL_W), (770, y), 21,
                        "muted")
        y += 74
    if spec_of(setup.choices.game).board:
        look.blit_text(surface, look.tr("setup.board"), (770, y), 21, "muted")
        if setup.levels_problem or not setup.levels:
            look.blit_text(surface, look.fit(look.tr(
                "setup.no_board", why=setup.levels_problem or look.tr("setup.none_found")),
                21, LABEL_W), (770, y + 30), 21, "bad")
        pages = len(board_pages(setup.levels))
        if pages > 1:
            look.blit_text(surface, look.tr("setup.boards_page", n=(setup.board_page or 0) + 1,
                                             of=pages), board_slot(PAGE_BOARDS + 1,
                                                                    y).center,
                            20, "muted", anchor="center")
        rows = 3 if pages > 1 else (len(setup.shown_boards()) + 2) // 3
        draw_level_notes(surface, setup, pygame.Rect(770, y + 30 + rows * 46, 460,
                                                    620 - (y + 30 + rows * 46)), hovered)
    for button in setup.buttons:
        button.draw(look, surface, None)
    for k, line in enumerate(look.wrap(look.tr("setup.tip"), 20, 720)):
        look.blit_text(surface, line, (260, 648 + 22 * k), 20, "muted")

def draw_level_notes(surface: pygame.Surface, setup: Shown, rect: pygame.Rect,
                 hovered: Button | None) -> None:
    """The chosen board's description and why each broken board is broken (one line each),
    or, while the mouse is on a broken board (`hovered`), the whole of why."""
    look = setup.look
    lines: list[tuple[str, str]] = []
    problems = dict(setup.levels)
    if hovered is not None and problems.get(hovered.tag[6:]):
        name = hovered.tag[6:]
        lines += [(t, "bad") for t in look.wrap(
            look.tr("setup.board_is_broken", name=name, why=problems[name]), 18, rect.w)]
    else:
        level = setup.boards.read.get(setup.choices.level or "")
        if isinstance(level, Level):
            lines += [(t, "text") for t in look.wrap(": ".join(board_words(look, level)), 20,
                                                      rect.w)]
        lines += [(look.fit(look.tr("setup.board_is_broken", name=name, why=problem), 18,
                             rect.w), "bad")
                  for name, problem in setup.shown_boards() if problem]
    y = rect.y
    for line, col in lines:
        if y > rect.bottom - 18:
            break
        look.blit_text(surface, line, (rect.x, y), 20 if col == "text" else 18, col)
        y += 21
