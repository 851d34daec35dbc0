"""Drawing dice and the dice tray: pip faces, the felt and rim, and the cosmetic tumble of a roll.

The tumble never decides a value: the faces a roll ends on come from the match (the record's
`roll` event). Where the dice lie in the tray and how they tumble is a pure function of the event's
index, so every drawing of the same moment is the same (docs/design.md#a-thin-window).
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import MutableMapping
from dataclasses import dataclass
from types import MappingProxyType

import pygame

from petanque_game.ui import theme
from petanque_game.ui.look import Look
from petanque_game.ui.recent import Recent

PIPS = MappingProxyType({  # where each face's pips lie, as shares of the face
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
})


MEMORY = "dice_pictures"  # where the app's memory holds them (`pictures_of`)
TURNED, SHADOWS, SHAPES = 300, 400, 200  # faces turned, shadows, their shapes: kept at most
LAID = 8  # trays laid on a ground colour: kept at most
Colour = tuple[int, int, int]


class DicePictures:
    """The dice and trays drawn so far, kept from frame to frame by the app that shows them (one
    per window, `pictures_of`) and let go with it: faces, faces turned and faded, shadows, trays."""

    def __init__(self) -> None:
        self.faces: dict[tuple[int, int, Colour, Colour], pygame.Surface] = {}
        # (each kept up to a number, the one used longest ago forgotten first: ui/recent.py)
        self.turned: Recent[tuple[pygame.Surface, float, int], pygame.Surface] = Recent(TURNED)
        self.shadows: Recent[tuple[int, int, int], pygame.Surface] = Recent(SHADOWS)
        self.shapes: Recent[tuple[int, int], pygame.Surface] = Recent(SHAPES)  # (not turned)
        self.trays: dict[tuple[tuple[int, int], int, Colour, Colour], pygame.Surface] = {}
        self.laid: Recent[tuple[tuple[int, int], int, Colour, Colour, Colour], pygame.Surface] = \
            Recent(LAID)

    def die_face(self, look: Look, value: int, size: int, body: Colour | None = None,
                 pip: Colour | None = None) -> pygame.Surface:
        """A die seen from above showing `value`, `size` px square, anti-aliased (kept)."""
        body = body or look.colour("die")
        pip = pip or look.colour("pip")
        key = (value, size, body, pip)
        surf = self.faces.get(key)
        if surf is None:
            surf = self.faces[key] = _face(value, size, body, pip)
        return surf

    def draw_die(self, look: Look, surface: pygame.Surface, value: int, center: tuple[float, float],
                 size: int, angle: float = 0.0, body: Colour | None = None,
                 pip: Colour | None = None, alpha: int = 255, lift: float = 0.0,
                 outline: Colour | None = None) -> pygame.Rect:
        """Draw a die (with its shadow) centred at `center`; `lift` raises it off the felt
        (px)."""
        face = self._turned(look, value, size, body, pip, angle, alpha)
        cx, cy = center
        shadow = self._shadow(size, angle, lift)
        surface.blit(shadow, shadow.get_rect(center=(cx + 4 + lift * 0.5, cy + 6 + lift * 0.8)))
        rect = face.get_rect(center=(int(cx), int(cy - lift)))
        surface.blit(face, rect)
        if outline is not None:
            ring = pygame.Rect(0, 0, size + 12, size + 12)
            ring.center = rect.center
            pygame.draw.rect(surface, outline, ring, 4, border_radius=size // 4)
        return rect

    def faded_face(self, look: Look, value: int, size: int, alpha: int) -> pygame.Surface:
        """The face seen through: drawn at `alpha` (kept, as `_turned`)."""
        return self._turned(look, value, size, None, None, 0.0, alpha)

    def _turned(self, look: Look, value: int, size: int, body: Colour | None, pip: Colour | None,
                angle: float, alpha: int) -> pygame.Surface:
        """The face turned by `angle` degrees and faded to `alpha`, kept: dice at rest lie at the
        same angles frame after frame (a tumble's new angles each frame only fill the cache,
        whose oldest go first)."""
        face = self.die_face(look, value, size, body, pip)
        if not angle and alpha >= 255:
            return face
        key = (face, angle, alpha)
        turned = self.turned.find(key)
        if turned is None:
            turned = pygame.transform.rotate(face, angle) if angle else face.copy()
            if alpha < 255:
                turned.set_alpha(alpha)
            self.turned.keep(key, turned)
        return turned

    def _shadow(self, size: int, angle: float, lift: float) -> pygame.Surface:
        """A die's shadow, kept by exactly what it is drawn from (so the same moment is drawn the
        same whatever was drawn before it). A tumbling die's shadow is new nearly every frame (its
        height and angle change): its shape, which only the height decides, is kept apart."""
        grow = int(size + lift * 0.3)
        a = max(30, 110 - int(lift * 2))
        key = (grow, int(angle) % 90, a)
        s = self.shadows.find(key)
        if s is None:
            shape = self.shapes.find((grow, a))
            if shape is None:
                shape = self.shapes.keep((grow, a), pygame.Surface((grow + 8, grow + 8),
                                                                   pygame.SRCALPHA))
                pygame.draw.rect(shape, (0, 0, 0, a), shape.get_rect().inflate(-6, -6),
                                 border_radius=grow // 4)
            s = self.shadows.keep(key, pygame.transform.rotate(shape, int(angle) % 90))
        return s

    def tray_surface(self, look: Look, size: tuple[int, int], rim: int = 20) -> pygame.Surface:
        """The dice tray: a wooden rim around green felt, lit from the top left (made once per
        size)."""
        key = (size, rim, look.colour("felt"), look.colour("rim"))
        tray = self.trays.get(key)
        if tray is None:
            tray = self.trays[key] = _tray(look, size, rim)
        return tray

    def tray_on(self, look: Look, size: tuple[int, int], rim: int,
                ground: Colour) -> pygame.Surface:
        """The tray laid on the plain colour `ground`, as one opaque picture: the same pixels as
        `tray_surface` blended onto that colour, but copied, not blended, each time it is
        drawn."""
        key = (size, rim, ground, look.colour("felt"), look.colour("rim"))
        laid = self.laid.find(key)
        if laid is None:
            laid = pygame.Surface(size)
            if pygame.display.get_surface() is not None:
                laid = laid.convert()
            laid.fill(ground)
            laid.blit(self.tray_surface(look, size, rim), (0, 0))
            self.laid.keep(key, laid)
        return laid


def pictures_of(memory: MutableMapping[str, object]) -> DicePictures:
    """The dice pictures the app keeps in its `memory` (made on first use)."""
    got = memory.get(MEMORY)
    if not isinstance(got, DicePictures):
        got = memory[MEMORY] = DicePictures()
    return got


def _face(value: int, size: int, body: Colour, pip: Colour) -> pygame.Surface:
    """A die's face, made afresh (`DicePictures.die_face` keeps it)."""
    big = size * 4
    s = pygame.Surface((big, big), pygame.SRCALPHA)
    radius = big // 5
    pygame.draw.rect(s, theme.mix(body, (0, 0, 0), 0.28), s.get_rect(), border_radius=radius)
    inner = s.get_rect().inflate(-big // 14, -big // 14).move(-big // 60, -big // 60)
    pygame.draw.rect(s, body, inner, border_radius=radius)
    hi = inner.inflate(-big // 6, -big // 6)
    pygame.draw.rect(s, theme.mix(body, (255, 255, 255), 0.35), hi, border_radius=radius)
    pygame.draw.rect(s, body, hi.inflate(-big // 12, -big // 12).move(big // 60, big // 60),
                     border_radius=radius)
    r = big * 0.085
    for fx, fy in PIPS.get(value, ()):
        cx, cy = inner.x + fx * inner.w, inner.y + fy * inner.h
        pygame.draw.circle(s, theme.mix(pip, body, 0.35), (cx + big * 0.01, cy + big * 0.012), r)
        pygame.draw.circle(s, pip, (cx, cy), r * 0.92)
    return pygame.transform.smoothscale(s, (size, size))


# --- the tray -------------------------------------------------------------------------------------


def _tray(look: Look, size: tuple[int, int], rim: int) -> pygame.Surface:
    """The tray's picture, made afresh (`DicePictures.tray_surface` keeps it)."""
    w, h = size
    s = pygame.Surface(size, pygame.SRCALPHA)
    wood = look.colour("rim")
    pygame.draw.rect(s, theme.mix(wood, (0, 0, 0), 0.35), s.get_rect(), border_radius=26)
    pygame.draw.rect(s, wood, s.get_rect().inflate(-4, -4), border_radius=24)
    grain = random.Random(11)  # cosmetic texture, fixed: the same tray every time
    lines = pygame.Surface(size, pygame.SRCALPHA)
    for _ in range(90):
        y = grain.randrange(4, h - 4)
        c = (0, 0, 0, 40) if grain.random() < 0.5 else (255, 220, 180, 34)
        x0 = grain.randrange(0, w // 2)
        pygame.draw.line(lines, c, (x0, y), (x0 + grain.randrange(w // 4, w), y), 1)
    shape = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(shape, (255, 255, 255, 255), shape.get_rect().inflate(-8, -8),
                     border_radius=22)
    lines.blit(shape, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    s.blit(lines, (0, 0))
    felt_rect = pygame.Rect(rim, rim, w - 2 * rim, h - 2 * rim)
    felt = look.colour("felt")
    pygame.draw.rect(s, theme.mix(wood, (0, 0, 0), 0.5), felt_rect.inflate(6, 6), border_radius=16)
    inner = pygame.Surface(felt_rect.size, pygame.SRCALPHA)
    inner.fill(felt)
    noise = random.Random(5)
    darker, lighter = theme.mix(felt, (0, 0, 0), 0.08), theme.mix(felt, (255, 255, 255), 0.08)
    fw, fh, rand = felt_rect.w, felt_rect.h, noise.random
    with pygame.PixelArray(inner) as pixels:  # a speck of felt every 40 pixels, in one pass
        dark, light = inner.map_rgb(darker), inner.map_rgb(lighter)
        for _ in range(fw * fh // 40):
            x, y = int(rand() * fw), int(rand() * fh)
            # (pygame-ce's stub has no item setting for a PixelArray)
            pixels[x, y] = dark if rand() < 0.5 else light  # type: ignore[index]
    # Vignette: darker towards the rim, as under the edge of a real tray.
    for i in range(18):
        a = int(70 * (1 - i / 18) ** 2)
        pygame.draw.rect(inner, (0, 0, 0, a), inner.get_rect().inflate(-2 * i, -2 * i), 2,
                         border_radius=14)
    mask = pygame.Surface(felt_rect.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=14)
    inner.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    s.blit(inner, felt_rect)
    return s


# --- where rolled dice lie, and their tumble ------------------------------------------------------


@dataclass(frozen=True)
class Resting:
    """A die at rest in the tray: centre (relative to the felt's top left) and angle (degrees)."""

    x: float
    y: float
    angle: float


def layout(count: int, area: tuple[int, int], key: str, size: int) -> list[Resting]:
    """Where `count` dice come to rest in a felt area of `area` px: spread in a loose row with a
    little scatter, never overlapping. A pure function of `key` (the roll's event index), kept:
    every frame asks for it."""
    return list(_layout(count, tuple(area), key, size))


@functools.lru_cache(maxsize=64)
def _layout(count: int, area: tuple[int, int], key: str, size: int) -> tuple[Resting, ...]:
    if count <= 0:
        return ()
    w, h = area
    rng = random.Random(f"tray:{key}:{count}")  # cosmetic only, seeded by the event
    cols = count if count <= 6 else math.ceil(count / 2)
    rows = 1 if count <= 6 else 2
    cell_w = (w - 2 * size) / cols
    cell_h = (h - size) / (rows + 1)
    spots = []
    for i in range(count):
        c, r = i % cols, i // cols
        jx = (cell_w - size * 1.5) * 0.5
        jy = cell_h * 0.45
        x = size + cell_w * (c + 0.5) + rng.uniform(-jx, jx) * 0.6
        y = cell_h * (r + 1) + size * 0.3 + rng.uniform(-jy, jy)
        spots.append(Resting(x, y, rng.uniform(-28, 28)))
    return tuple(spots)


def tumble(final: Resting, index: int, key: str, t: float, area: tuple[int, int],
           size: int) -> tuple[float, float, float, float, int]:
    """A rolling die at time fraction `t` (0 thrown in, 1 at rest): (x, y, angle, lift, face).

    The die enters from the bottom of the tray, bounces twice and rolls to its resting spot; the
    face it shows on the way flickers through values derived from the event and the frame, and
    only at rest is it the rolled value (decided by the match, never here)."""
    r, turn = _throw(key, index)
    w, h = area
    low, high = -w * 0.25, w * 0.25
    sx = final.x + (low + (high - low) * r)  # as random.uniform(low, high) makes it
    sx = min(max(sx, size), w - size)
    sy = h + size
    e = 1 - (1 - t) ** 3  # ease out
    x = sx + (final.x - sx) * e
    y = sy + (final.y - sy) * e
    bounce = abs(math.sin(t * math.pi * 2.5)) * (1 - t) ** 1.5 * size * 2.2
    spin = turn * (1 - t) ** 2
    return x, y, final.angle + spin, bounce, _flicker(key, index, int(t * 14))


@functools.lru_cache(maxsize=256)
def _throw(key: str, index: int) -> tuple[float, float]:
    """How a die of a roll is thrown in: the draw that places its start across the tray, and
    its spin in degrees (kept: a pure function of the roll and the die)."""
    rng = random.Random(f"tumble:{key}:{index}")
    r = rng.random()  # what rng.uniform draws
    return r, rng.choice((-1, 1)) * rng.uniform(360, 720)


@functools.lru_cache(maxsize=1024)
def _flicker(key: str, index: int, frame: int) -> int:
    """The face a tumbling die shows in the `frame`th fourteenth of its tumble."""
    return random.Random(f"face:{key}:{index}:{frame}").randint(1, 6)
