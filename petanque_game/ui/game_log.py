"""The log of a game scene: what happened lately, newest at the bottom, in the space a scene
leaves for it (the tray's under the players' cards). Whole entries only, each wrapped to the
log's width; the newest always shows, from its start, in the brighter colour."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from petanque_game.ui.look import Look

LINE = 19  # px: a line of the log, and its text's size


def draw_log(look: Look, surface: pygame.Surface, rect: pygame.Rect,
             history: Sequence[str]) -> None:
    """The entries of `history` (oldest first) that fit in `rect`, under its heading; nothing in
    a space too low for a few lines."""
    if rect.h < 70:
        return
    pygame.draw.line(surface, look.colour("edge"), (rect.x + 8, rect.y),
                     (rect.right - 8, rect.y), 1)
    look.blit_text(surface, look.tr("game.what_happened"), (rect.x + 12, rect.y + 8), 21,
                    "muted", True)
    room = (rect.h - 40) // LINE
    lines: list[tuple[str, bool]] = []  # (line, of the newest entry)
    for k, entry in enumerate(reversed(history)):
        wrapped = look.wrap(entry, LINE, rect.w - 24)
        if k == 0:
            wrapped = wrapped[:room]  # the newest always shows, from its start
        if len(lines) + len(wrapped) > room:
            break  # whole entries only: never the tail of one without its start
        lines[:0] = [(line, k == 0) for line in wrapped]
    y = rect.bottom - 8 - LINE * len(lines)
    for line, newest in lines:
        look.blit_text(surface, line, (rect.x + 12, y), LINE, "text" if newest else "muted")
        y += LINE
