"""Parts of the table's picture kept from frame to frame: a part is drawn once per key (everything
it shows depends on) onto a picture of its own over the window's background, and blitted from
then on. The side panel and the board at rest with all that lies on it are kept this way, so a
frame in which only the aim moves draws only the aim. `KEEP = False` draws every part straight
onto the window's picture each frame instead (the tests compare the two)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from petanque_game.ui import theme

KEEP = True
_kept: dict[tuple, tuple[tuple, pygame.Surface]] = {}  # a part's place: (its key, its picture)
drawn = [0]  # parts drawn anew so far (tests count them)


def keep(surface: pygame.Surface, room: pygame.Rect, key: tuple,
         draw: Callable[[pygame.Surface, tuple[int, int]], None]) -> None:
    """The part of `surface` at `room`, drawn by `draw(on, (x, y))` once per `key`: on `room`'s
    own picture (filled with the window's background first), `room`'s top left at (x, y) = (0, 0)
    there; without KEEP, on `surface` itself at `room.topleft`, every time."""
    if not KEEP:
        draw(surface, room.topleft)
        return
    place = (room.topleft, room.size)
    got = _kept.get(place)
    if got is None or got[0] != key:
        picture = pygame.Surface(room.size, 0, surface)
        picture.fill(theme.colour("background"))
        draw(picture, (0, 0))
        drawn[0] += 1
        got = _kept[place] = (key, picture)
    surface.blit(got[1], room.topleft)


def forget() -> None:
    """Let every kept picture go (tests)."""
    _kept.clear()
