"""The boards of the setup scene: the list (shipped boards, then the player's, broken ones with
their reason), the buttons' labels, and the pages they come in when there are more than nine.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from petanque_game import paths, physics
from petanque_game.physics import Level, LevelError
from petanque_game.physics.level import user_levels_dir
from petanque_game.ui.game_ui import board_words
from petanque_game.ui.look import Look


@dataclass(frozen=True)
class Boards:
    """The boards as last listed: [(name, problem or None)], each one read (its Level, or why it
    cannot be used), and why there are none (the folder could not be listed)."""

    listed: list[tuple[str, str | None]] = field(default_factory=list)
    read: dict[str, Level | LevelError] = field(default_factory=dict)
    problem: str | None = None


def available_levels(look: Look) -> Boards:
    """The boards there are now (the setup scene keeps them while it is shown)."""
    try:
        found = physics.list_levels()
    except OSError as e:
        return Boards(problem=look.tr("setup.boards_unlisted", reason=look.os_reason(e)))
    boards = Boards()
    for name, level in found:
        problem = None if not isinstance(level, Exception) else str(level)
        boards.listed.append((name, problem))
        boards.read[name] = level
    folder = user_levels_dir()
    problem = paths.folder_problems().get(folder)
    if problem is not None:  # a file called levels: listed as a broken board, saying so
        boards.listed.append((folder.name, problem))
        boards.read[folder.name] = LevelError(problem)
    return boards


BOARD_SLOTS = 9  # board buttons in three rows of three: the usable ones first (shipped, then
PAGE_BOARDS = 6  # the player's); with more boards, two rows a page and the third turns pages
BOARD_BUTTON_W = 150


def board_label(look: Look, name: str, problem: str | None,
                level: Level | LevelError | None) -> str:
    """A board's title as its file gives it ("Bumper Lane"; "... (yours)" for one of the player's
    own), or its file name if it is broken (`level`: the board read, or why it cannot be)."""
    mark = " " + look.tr("setup.board_broken") if problem else ""
    title = name if problem or not isinstance(level, Level) else board_words(look, level)[0]
    if isinstance(level, Level) and level.origin == "user" and not problem:
        mark = " " + look.tr("setup.board_yours")
    if not mark:
        return title
    room = BOARD_BUTTON_W - 16 - look.font(22, True).size(mark)[0]  # the mark always shows
    return look.fit(title, 22, room, True) + mark


def board_pages(levels: list[tuple[str, str | None]]) -> list[list[tuple[str, str | None]]]:
    """The boards, usable ones first, in pages: one page when they fit the nine buttons, else
    pages of PAGE_BOARDS (every board is on one of them)."""
    ordered = [x for x in levels if x[1] is None] + [x for x in levels if x[1]]
    if len(ordered) <= BOARD_SLOTS:
        return [ordered]
    return [ordered[i:i + PAGE_BOARDS] for i in range(0, len(ordered), PAGE_BOARDS)]


def page_shown(pages: list[list[tuple[str, str | None]]], page: int | None,
               level: str | None) -> int:
    """Which of `pages` shows: `page` (the last if there are fewer now), else the one `level` is
    on (the first if it is on none)."""
    if page is None:
        page = next((i for i, shown in enumerate(pages) if any(name == level for name, _ in shown)),
                    0)
    return min(page, len(pages) - 1)


def board_slot(j: int, y: int) -> pygame.Rect:
    """The place of the j-th of the nine board buttons, below the rules that end at `y`."""
    return pygame.Rect(770 + (j % 3) * 158, y + 26 + (j // 3) * 46, BOARD_BUTTON_W, 38)
