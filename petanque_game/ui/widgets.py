"""Small building blocks of the scenes: buttons, panels, the toast that says why a click was
refused (a text entry is text_field.py's).

A widget draws itself from its own fields and the mouse position it is given; it holds no game
state. What a frame draws again and again unchanged (a button's picture, a panel's shadow, the
veil over a scene) is made once and kept (`Pictures`), keyed by everything it is drawn from, the
colours in use included, so a change of language, palette or label makes a new picture and never
shows a stale one. The widgets' kept pictures are the window's (ui/kept_pictures.py
`WidgetPictures`), part of the look a widget is drawn with (ui/look.py): a panel, a veil or a
button is drawn with the look it is given.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from petanque_game.ui import kept_pictures, theme

if TYPE_CHECKING:
    from petanque_game.ui.look import Look

HINT_SIZE = 18  # a button's key, under its label: the smallest text still read at 800x600
CLEAR = (255, 0, 255)  # the colour key of a kept picture: what is not drawn on shows through
SETTLED = 2  # frames a Backdrop's key stays the same before its picture is kept


def keyed_picture(size: tuple[int, int],
                  paint: Callable[[pygame.Surface], None]) -> pygame.Surface:
    """A picture of `size` drawn by `paint`, whose pixels it left untouched are not blitted (the
    colour key CLEAR, set once painted: SDL blends text onto a keyed surface differently)."""
    picture = pygame.Surface(size)
    picture.fill(CLEAR)
    paint(picture)
    picture.set_colorkey(CLEAR, pygame.RLEACCEL)
    return picture


class Backdrop:
    """A scene's picture of what does not change from frame to frame, kept while its key (`look`
    and what the scene adds) and the surface's size stay the same. A frame whose key changed
    draws straight on the screen (what changes every frame, such as a replay being scrubbed,
    costs no more than drawing it); once the key has stayed the same for SETTLED frames, a frame
    draws it straight again and keeps a copy of `area` (the whole surface by default) as it then
    is; later frames blit that copy. So `paint` must cover `area` whole, or leave only what is the
    same under it while the key is (the background)."""

    def __init__(self) -> None:
        self.key: object = None  # (compared, never hashed: a scene's list may be in it)
        self.picture: pygame.Surface | None = None
        self.size = (0, 0)  # of the surface the copy was taken from
        self.same = 0  # frames drawn straight with this key
        self.spare: pygame.Surface | None = None  # a forgotten picture's surface, to reuse

    def draw(self, surface: pygame.Surface, key: object,
             paint: Callable[[pygame.Surface], None], area: pygame.Rect | None = None,
             only: tuple[pygame.Rect, ...] = ()) -> None:
        """Draw what `paint` draws on `surface`, from the copy kept for `key` when there is one;
        from the copy, `only` these parts of the whole surface when given (the caller covers
        the rest at once: a picture copied twice costs twice)."""
        area = area or surface.get_rect()
        size = surface.get_size()
        if self.picture is not None and self.key == key and self.size == size:
            if not only:
                surface.blit(self.picture, area)
            for part in only:
                surface.blit(self.picture, part, part.move(-area.x, -area.y))
            return
        paint(surface)
        if self.key != key:
            if self.picture is not None:
                self.spare = self.picture
            self.key, self.picture, self.same = key, None, 0
        self.same += 1
        if kept_pictures.KEEP and self.same > SETTLED:
            if self.spare is not None and self.spare.get_size() == area.size:
                self.spare.blit(surface, (0, 0), area)  # into the last picture's surface
                self.picture, self.spare = self.spare, None
            else:
                self.picture = surface.subsurface(area).copy()
            self.size = size


def _shade(size: tuple[int, int], radius: int) -> pygame.Surface:
    shade = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (0, 0, 0, 70), shade.get_rect(), border_radius=radius)
    return shade


def shade(look: Look, surface: pygame.Surface, rect: pygame.Rect, radius: int = 12) -> None:
    """The soft shadow under a panel at `rect`."""
    size = (rect.w + 8, rect.h + 8)
    surface.blit(look.pictures.shades.get((size, radius), lambda: _shade(size, radius + 4)),
                 (rect.x - 1, rect.y + 3))


def panel(look: Look, surface: pygame.Surface, rect: pygame.Rect, fill: str | tuple = "panel",
          edge: str | tuple | None = "edge", radius: int = 12, width: int = 2,
          shadow: bool = True, ground: tuple[int, int, int] | None = None) -> None:
    """A rounded panel with its edge and, below it, its soft shadow. `ground`: the plain colour
    under the panel and its shadow, when the caller knows it; the two are then drawn as one
    opaque picture, kept (the same pixels; copied, not blended). Drawn with `look`."""
    fill_rgb = look.colour(fill) if isinstance(fill, str) else fill
    edge_rgb = None if edge is None else look.colour(edge) if isinstance(edge, str) else edge
    if ground is not None and shadow:
        size = (rect.w + 8, rect.h + 11)  # the panel, and its shadow 1 px left, 3 px down
        key = (size, fill_rgb, edge_rgb, radius, width, ground)
        surface.blit(look.pictures.grounded.get(key, lambda: _grounded_panel(look, key)),
                     (rect.x - 1, rect.y))
        return
    if shadow:
        shade(look, surface, rect, radius)
    pygame.draw.rect(surface, fill_rgb, rect, border_radius=radius)
    if edge_rgb is not None:
        pygame.draw.rect(surface, edge_rgb, rect, width, border_radius=radius)


def _grounded_panel(look: Look, key: tuple) -> pygame.Surface:
    (w, h), fill, edge, radius, width, ground = key
    picture = pygame.Surface((w, h))
    if pygame.display.get_surface() is not None:
        picture = picture.convert()
    picture.fill(ground)
    rect = pygame.Rect(1, 0, w - 8, h - 11)
    panel(look, picture, rect, fill, edge, radius, width)
    return picture


def dim(look: Look, surface: pygame.Surface, alpha: int = 150) -> None:
    def make() -> pygame.Surface:
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((8, 10, 14, alpha))
        return veil
    surface.blit(look.pictures.veils.get((surface.get_size(), alpha), make), (0, 0))


BUTTON_COLOURS = ("button", "panel_light", "accent", "disabled", "button_text", "muted")


@dataclass
class Button:
    """A clickable labelled rectangle; `action` is called on a click while `enabled`."""

    rect: pygame.Rect
    label: str
    action: Callable[[], object] | None = None  # (what it returns is not used)
    enabled: bool = True
    size: int = 28
    hint: str = ""  # the key, shown small under the label
    style: str = "normal"  # normal, primary, danger, ghost
    selected: bool = False
    tag: str = ""  # for tests and for finding a button by name

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.rect.collidepoint(pos)

    def click(self, look: Look, pos: tuple[int, int]) -> bool:
        """True when the click was on this button (whether or not it was enabled); heard with
        the sounds of `look`."""
        if not self.hit(pos):
            return False
        if self.enabled and self.action is not None:
            look.play("button")
            self.action()
        return True

    def draw(self, look: Look, surface: pygame.Surface, mouse: tuple[int, int] | None) -> None:
        """The button's picture, made on first use and kept (in `look`'s pictures) while nothing
        it shows changes."""
        hover = self.enabled and mouse is not None and self.hit(mouse)
        if not kept_pictures.KEEP:
            self.paint(look, surface, self.rect, hover)
            return
        colours = tuple(look.colour(name) for name in BUTTON_COLOURS)
        key = (self.rect.size, self.label, self.hint, self.size, self.style, self.selected,
               self.enabled, hover, colours)
        picture = look.pictures.buttons.again(key, lambda: self.picture(look, hover))
        if picture is None:
            self.paint(look, surface, self.rect, hover)
        else:
            surface.blit(picture, self.rect.topleft)

    def picture(self, look: Look, hover: bool) -> pygame.Surface:
        """The button drawn on its own (its shadow below it: 3 px taller than the button)."""
        return keyed_picture((self.rect.w, self.rect.h + 3),
                             lambda out: self.paint(look, out, pygame.Rect((0, 0), self.rect.size),
                                                    hover))

    def paint(self, look: Look, surface: pygame.Surface, r: pygame.Rect, hover: bool) -> None:
        base = {"primary": (196, 140, 40), "danger": (160, 64, 58),
                "ghost": look.colour("panel_light")}.get(self.style, look.colour("button"))
        if self.selected:
            base = look.colour("accent")
        fill = base if self.enabled else look.colour("disabled")
        if hover:
            fill = theme.mix(fill, (255, 255, 255), 0.18)
        pygame.draw.rect(surface, theme.mix(fill, (0, 0, 0), 0.45), r.move(0, 3), border_radius=10)
        pygame.draw.rect(surface, fill, r, border_radius=10)
        top = pygame.Rect(r.x + 3, r.y + 2, r.w - 6, r.h // 2 - 2)
        pygame.draw.rect(surface, theme.mix(fill, (255, 255, 255), 0.10), top, border_radius=8)
        if self.selected or hover:
            pygame.draw.rect(surface, (255, 255, 255), r, 2, border_radius=10)
        col = (30, 26, 16) if self.selected else (
            look.colour("button_text") if self.enabled else look.colour("muted"))
        label = look.fit(self.label, self.size, r.w - 12, True)
        if self.hint and r.h >= 48:
            look.blit_text(surface, label, (r.centerx, r.centery - 7), self.size, col, True,
                            "center")
            look.blit_text(surface, self.hint, (r.centerx, r.bottom - 9), HINT_SIZE,
                            theme.mix(col, fill, 0.35), False, "center")
        else:
            look.blit_text(surface, label, r.center, self.size, col, True, "center")


def draw_lit(look: Look, surface: pygame.Surface, buttons: list[Button],
             mouse: tuple[int, int] | None) -> None:
    """Over a kept picture that shows `buttons` unlit (drawn with no mouse): the one under the
    mouse, lit. A lit button covers the same pixels as the unlit one, so the frame is the one
    drawing every button would give."""
    if mouse is None:
        return
    for b in buttons:
        if b.enabled and b.hit(mouse):
            b.draw(look, surface, mouse)


def click_buttons(look: Look, buttons: list[Button], pos: tuple[int, int]) -> bool:
    return any(b.click(look, pos) for b in buttons)


def find(buttons: list[Button], tag: str) -> Button | None:
    return next((b for b in buttons if b.tag == tag), None)


@dataclass
class Toast:
    """A short message that fades away (an illegal click, a screenshot saved, a problem)."""

    message: str = ""
    kind: str = "bad"
    left: float = 0.0
    queue: list[tuple[str, str, float]] = field(default_factory=list)

    def show(self, message: str, kind: str = "bad", seconds: float = 3.0) -> None:
        self.message, self.kind, self.left = message, kind, seconds

    def update(self, dt: float) -> None:
        self.left = max(0.0, self.left - dt)

    @property
    def visible(self) -> bool:
        return self.left > 0 and bool(self.message)

    def size(self, look: Look) -> tuple[int, int]:
        """The toast's width and height as drawn ((0, 0) when hidden)."""
        if not self.visible:
            return 0, 0
        lines = look.wrap(self.message, 24, 900)
        return max(look.font(24).size(line)[0] for line in lines) + 48, 22 * len(lines) + 22

    def draw(self, look: Look, surface: pygame.Surface, y: int = 580) -> None:
        if not self.visible:
            return
        lines = look.wrap(self.message, 24, 900)
        w, h = self.size(look)
        rect = pygame.Rect(0, 0, w, h)
        rect.midbottom = (surface.get_width() // 2, y)
        alpha = int(255 * min(1.0, self.left / 0.4))
        box = pygame.Surface(rect.size, pygame.SRCALPHA)
        fill = {"bad": (150, 44, 40), "good": (40, 120, 60), "info": (40, 70, 120)}[self.kind]
        pygame.draw.rect(box, (*fill, 235), box.get_rect(), border_radius=14)
        pygame.draw.rect(box, (255, 255, 255, 120), box.get_rect(), 2, border_radius=14)
        for i, line in enumerate(lines):
            look.blit_text(box, line, (w // 2, 12 + 22 * i), 24, "text", False, "midtop")
        box.set_alpha(alpha)
        surface.blit(box, rect)
