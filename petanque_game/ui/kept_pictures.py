"""Pictures a window keeps from frame to frame, by key (`Pictures`), and those of its widgets
(`WidgetPictures`, part of the window's look: ui/look.py).

A picture is keyed by everything it is drawn from, the colours in use included, so a change of
language, palette or label makes a new picture and never shows a stale one.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame

from petanque_game.ui.recent import Recent

KEEP = True  # False: every picture drawn straight on the screen each frame (tests that watch text)


class Pictures:
    """Pictures kept by key, the least recently used forgotten beyond `limit`."""

    def __init__(self, limit: int):
        self.limit = limit
        self.kept: Recent[Hashable, pygame.Surface] = Recent(limit)
        self.asked: Recent[Hashable, bool] = Recent(limit)  # keys asked once (`again`)

    def get(self, key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        picture = self.kept.find(key)
        return picture if picture is not None else self.kept.keep(key, make())

    def again(self, key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface | None:
        """The picture for `key` from the second time it is asked for; None the first time (the
        caller draws it straight: a label that changes every frame makes no pictures)."""
        if key in self.kept or key in self.asked:
            self.asked.pop(key, None)
            return self.get(key, make)
        self.asked.keep(key, True)
        return None

    def drawn(self, surface: pygame.Surface, key: Hashable, area: pygame.Rect,
              paint: Callable[[pygame.Surface], None],
              ground: tuple[int, int, int] | None = None) -> None:
        """What `paint` draws in `area` of `surface`, from the picture kept for `key`. The first
        time, `paint` draws straight on `surface` (on `area` filled with `ground`, if given) and
        a copy of `area` is kept (into the surface of the picture it forgets, once full). So
        `paint` must draw inside `area` only, over a ground that is the same every time."""
        picture = self.kept.find(key) if KEEP else None
        if picture is not None:
            surface.blit(picture, area)
            return
        if ground is not None:
            surface.fill(ground, area)
        paint(surface)
        if not KEEP:
            return
        spare = self.kept.popitem(last=False)[1] if len(self.kept) >= self.limit else None
        if spare is None or spare.get_size() != area.size:
            spare = pygame.Surface(area.size, 0, surface)
        spare.blit(surface, (0, 0), area)
        self.kept[key] = spare

    def clear(self) -> None:
        self.kept.clear()
        self.asked.clear()


class WidgetPictures:
    """The widgets' pictures a window keeps, owned by its App and let go with it."""

    def __init__(self) -> None:
        self.shades = Pictures(64)  # panels' shadows (`shade`)
        self.veils = Pictures(4)  # `dim`
        self.buttons = Pictures(256)  # `Button.draw`
        self.grounded = Pictures(16)  # panels with their shadow on a plain ground (`panel`)
