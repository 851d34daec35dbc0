"""Colours, players' marks, fonts and cached text: how the window draws (its settings, read from
config/ui.yaml and the player's files, are ui/settings.py's).

The colours drawn are those of the window's settings, over the built-in `COLOURS`, which are never
changed. Fonts and text surfaces are made on first use (never at import time) and kept in the
window's `Pens`, part of its look (ui/look.py): each App makes its own at its start and lets it go
at its close, so a new window starts from nothing. Text is drawn with the look the code drawing it
was given (`look.blit_text`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from types import MappingProxyType
from typing import Protocol

import pygame

from petanque_game.ui.recent import Recent

LOGICAL_SIZE = (1280, 720)

# --- colours ------------------------------------------------------------------------------------

Colour = tuple[int, int, int]

COLOURS: Mapping[str, Colour] = MappingProxyType({  # built in; a Settings' `colours` go over them
    "background": (22, 27, 36),
    "panel": (33, 40, 53),
    "panel_light": (45, 54, 71),
    "edge": (68, 80, 102),
    "text": (236, 236, 240),
    "muted": (150, 160, 178),
    "accent": (246, 196, 72),     # whose turn it is, selections
    "good": (112, 206, 128),
    "bad": (236, 98, 88),
    "button": (58, 94, 156),
    "button_hover": (76, 118, 190),
    "button_text": (246, 246, 250),
    "disabled": (60, 66, 80),
    "felt": (24, 104, 66),
    "rim": (112, 70, 38),
    "die": (246, 241, 228),
    "pip": (28, 28, 34),
    "table": (40, 46, 40),
    "board": (196, 170, 118),
    "wall": (120, 90, 60),
})

PLAYER_COLOURS: tuple[Colour, ...] = (
    (224, 72, 66), (64, 132, 232), (244, 204, 58), (72, 180, 98),
    (196, 104, 222), (244, 142, 56), (70, 200, 204), (190, 190, 196),
)

# Players' colours per palette. "clear" keeps the players apart for every kind of colour vision:
# Okabe and Ito's eight colours (2008), told apart by lightness as well as hue.
PALETTES: Mapping[str, tuple[Colour, ...]] = MappingProxyType({
    "standard": PLAYER_COLOURS,
    "clear": ((230, 159, 0), (86, 180, 233), (0, 158, 115), (240, 228, 66),
              (0, 114, 178), (213, 94, 0), (204, 121, 167), (250, 250, 250)),
})

# Each player's mark: a second cue besides the colour, drawn on their dice, pieces and cards when
# the palette is "clear" (`draw_mark`).
MARKS = ("circle", "square", "triangle", "diamond", "cross", "star", "ring", "bar")


class Colouring(Protocol):
    """What drawing reads of the settings in use (ui/settings.py `Settings`)."""

    palette: str

    def colour(self, name: str) -> tuple[int, int, int]: ...


TEXT_KEPT = 800  # texts, wraps and fits each kept at most (the least recently used let go)


class Pens:
    """What a window draws with, kept from frame to frame by the App that owns it and let go with
    it (as part of its look: ui/look.py): whose colours are drawn (`colouring`), the fonts, and
    the text drawn, wrapped and fitted so far (each up to TEXT_KEPT, the one used longest ago
    forgotten first: ui/recent.py)."""

    def __init__(self, colouring: Colouring | None = None) -> None:
        self.colouring = colouring  # the App's settings; None: the built-in colours
        self.fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self.texts: Recent[tuple[str, int, Colour, bool], pygame.Surface] = Recent(TEXT_KEPT)
        self.wrapped: Recent[tuple[str, pygame.font.Font, int], tuple[str, ...]] = \
            Recent(TEXT_KEPT)  # `wrap`
        self.fitted: Recent[tuple[str, pygame.font.Font, int], str] = Recent(TEXT_KEPT)  # `fit`
        self._told_of_quit = False  # `pygame.quit` will call `_fonts_gone`

    def keep_font(self, key: tuple[int, bool], made: pygame.font.Font) -> None:
        """Keep a font made, until pygame is quit: a font made before `pygame.quit` cannot draw
        after it, even once pygame is started again (tests quit and start it many times in one
        process; so would a window that reopened)."""
        if not self._told_of_quit:
            pygame.register_quit(self._fonts_gone)
            self._told_of_quit = True
        self.fonts[key] = made

    def _fonts_gone(self) -> None:
        self.fonts.clear()
        self.wrapped.clear()
        self.fitted.clear()
        self._told_of_quit = False  # pygame forgets what it was to call once it has called it

    # --- colours ----------------------------------------------------------------------------------

    def colour(self, name: str) -> Colour:
        """The colour called `name`, as the settings drawn with have it."""
        settings = self.colouring
        if settings is not None:
            return settings.colour(name)
        return COLOURS[name]

    def player_colour(self, seat: int) -> Colour:
        """The colour of the player in `seat`, in the palette drawn with."""
        settings = self.colouring
        palette = PALETTES.get(settings.palette if settings is not None else "standard",
                               PLAYER_COLOURS)
        return palette[seat % len(palette)]

    def marks_shown(self) -> bool:
        """Are players' marks drawn besides their colours (the colour-blind-safe palette)?"""
        settings = self.colouring
        return settings is not None and settings.palette == "clear"

    def draw_gear(self, surface: pygame.Surface, center: tuple[float, float], r: float,
                  col: tuple[int, int, int]) -> None:
        """A cog wheel, the sign of the settings (no font has to carry the symbol)."""
        cx, cy = center
        teeth = [(cx + (r if i % 4 < 2 else r * 0.72) * math.cos(math.pi * (i - 0.5) / 16),
                  cy + (r if i % 4 < 2 else r * 0.72) * math.sin(math.pi * (i - 0.5) / 16))
                 for i in range(32)]
        pygame.draw.polygon(surface, col, teeth)
        pygame.draw.circle(surface, self.colour("panel_light"), (cx, cy), r * 0.32)

    # --- fonts and text ---------------------------------------------------------------------------

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (size, bold)
        f = self.fonts.get(key)
        if f is None:
            if not pygame.font.get_init():
                pygame.font.init()
            f = pygame.font.Font(None, size)  # pygame's bundled font: present on every machine
            f.bold = bold
            self.keep_font(key, f)
        return f

    def text(self, s: str, size: int = 24, col: tuple[int, int, int] | str = "text",
             bold: bool = False) -> pygame.Surface:
        """A rendered line of text (anti-aliased, kept)."""
        s = drawable(s)
        rgb = self.colour(col) if isinstance(col, str) else col
        key = (s, size, rgb, bold)
        surf = self.texts.find(key)
        if surf is None:
            surf = self.texts.keep(key, self.font(size, bold).render(s, True, rgb))
        return surf

    def blit_text(self, target: pygame.Surface, s: str, pos: tuple[float, float], size: int = 24,
                  col: tuple[int, int, int] | str = "text", bold: bool = False,
                  anchor: str = "topleft", shadow: bool = False) -> pygame.Rect:
        surf = self.text(s, size, col, bold)
        rect = surf.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
        if shadow:
            target.blit(self.text(s, size, (0, 0, 0), bold), rect.move(2, 2))
        target.blit(surf, rect)
        return rect

    def wrap(self, s: str, size: int, width: int, bold: bool = False) -> list[str]:
        """Split `s` into lines no wider than `width` pixels (kept: a frame asks for the same
        lines again and again, and measuring every word costs more than drawing them)."""
        s = drawable(s)
        f = self.font(size, bold)
        key = (s, f, width)
        lines = self.wrapped.find(key)
        if lines is None:
            lines = self.wrapped.keep(key, tuple(_wrap(s, f, width)))
        return list(lines)

    def fit(self, s: str, size: int, width: int, bold: bool = False) -> str:
        """`s` shortened with an ellipsis to fit `width` pixels (kept, as `wrap`)."""
        s = drawable(s)
        f = self.font(size, bold)
        key = (s, f, width)
        shown = self.fitted.find(key)
        if shown is None:
            shown = self.fitted.keep(key, _fit(s, f, width))
        return shown


def player_mark(seat: int) -> str:
    """The mark (one of MARKS) of the player in `seat`."""
    return MARKS[seat % len(MARKS)]


def draw_mark(surface: pygame.Surface, seat: int, center: tuple[float, float], size: float,
              col: tuple[int, int, int] | None = None) -> None:
    """Draw the mark of `seat`, `size` px across, centred on `center` (in `col`; default a dark
    outline that shows on any player colour)."""
    rgb = col or (20, 20, 24)
    cx, cy = center
    r = size / 2
    w = max(1, round(size / 7))
    kind = player_mark(seat)
    if kind == "circle":
        pygame.draw.circle(surface, rgb, (cx, cy), r)
    elif kind == "ring":
        pygame.draw.circle(surface, rgb, (cx, cy), r, w)
    elif kind == "square":
        pygame.draw.rect(surface, rgb, pygame.Rect(cx - r * 0.85, cy - r * 0.85, r * 1.7, r * 1.7))
    elif kind == "triangle":
        pygame.draw.polygon(surface, rgb, [(cx, cy - r), (cx + r, cy + r * 0.8),
                                           (cx - r, cy + r * 0.8)])
    elif kind == "diamond":
        pygame.draw.polygon(surface, rgb, [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)])
    elif kind == "cross":
        pygame.draw.line(surface, rgb, (cx - r, cy - r), (cx + r, cy + r), w + 1)
        pygame.draw.line(surface, rgb, (cx - r, cy + r), (cx + r, cy - r), w + 1)
    elif kind == "star":
        pts = [(cx + (r if i % 2 == 0 else r * 0.45) * math.sin(i * math.pi / 5),
                cy - (r if i % 2 == 0 else r * 0.45) * math.cos(i * math.pi / 5))
               for i in range(10)]
        pygame.draw.polygon(surface, rgb, pts)
    else:  # bar
        pygame.draw.rect(surface, rgb, pygame.Rect(cx - r, cy - w, 2 * r, 2 * w + 1))


def mix(a: tuple[int, ...], b: tuple[int, ...], t: float) -> tuple[int, int, int]:
    return tuple(round(x + (y - x) * t) for x, y in zip(a[:3], b[:3]))  # type: ignore


# --- fonts and text ------------------------------------------------------------------------------


def drawable(s: str) -> str:
    """`s` as a font can draw it: a NUL, or a lone surrogate (a file name that is not UTF-8),
    shown as an escape instead of failing to render."""
    if "\x00" not in s:
        try:
            s.encode("utf-8")
            return s
        except UnicodeEncodeError:
            pass
    return s.encode("utf-8", "backslashreplace").decode("utf-8").replace("\x00", "\\x00")


def _wrap(s: str, f: pygame.font.Font, width: int) -> list[str]:
    lines: list[str] = []
    for para in s.split("\n"):
        if para and para == " ".join(para.split()):  # its words one space apart
            lines += _broken(para.split(" "), f, width)
            continue
        line = ""
        for word in para.split(" "):
            trial = f"{line} {word}".strip()
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def _broken(words: list[str], f: pygame.font.Font, width: int) -> list[str]:
    """Words one space apart broken into lines as `_wrap` breaks them, each line the most words
    that fit (one at least), found by halving: a line of the log measured a word at a time cost
    a scrubbed replay's frame a millisecond."""
    lines: list[str] = []
    while words:
        if f.size(" ".join(words))[0] <= width:
            lines.append(" ".join(words))
            break
        fit, over = 1, len(words)  # `fit` words go in (or the first alone); `over` do not
        while over - fit > 1:
            mid = (fit + over) // 2
            if f.size(" ".join(words[:mid]))[0] <= width:
                fit = mid
            else:
                over = mid
        lines.append(" ".join(words[:fit]))
        words = words[fit:]
    return lines


def _fit(s: str, f: pygame.font.Font, width: int) -> str:
    """The longest start of `s` that fits with "..." after it: found by halving (a long line
    measured a letter at a time cost a frame 6 ms), then, for the rare font whose widths do not
    grow letter by letter, the few starts just longer tried as well."""
    if f.size(s)[0] <= width:
        return s

    def fits(n: int) -> bool:
        return f.size(s[:n] + "...")[0] <= width

    low, high = 0, len(s) - 1  # the start of length `low` fits (or is empty); `high` is the most
    while low < high:
        mid = (low + high + 1) // 2
        if fits(mid):
            low = mid
        else:
            high = mid - 1
    for n in range(min(len(s) - 1, low + 3), low, -1):
        if fits(n):
            return s[:n] + "..."
    return s[:low] + "..."

