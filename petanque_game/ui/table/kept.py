"""Parts of the table's picture kept from frame to frame: a part is drawn once per key (everything
it shows depends on) onto a picture of its own over the window's background, and blitted from
then on. A part that was steady is kept from the frame its key changes in (one frame draws it,
not two); one that changed in the frame before too is drawn straight onto the window, and kept
only once it stands still a frame. The board at rest with all that lies on it, the side panel,
the score sheet, the header and the status bar are kept this way, so a frame in which only the
aim moves draws only the aim. `KEEP = False` draws every part straight onto the window's picture
each frame instead (the tests compare the two).

When several parts change at once (a throw comes to rest: the area, the players' scores, the
round's box, the status bar), a part that may (`late=True`: not the area, nor what is kept
inside it) shows its last picture for up to LAG frames while another part is drawn in the
frame, so the work is spread: at most one part is drawn again per frame, but for a part late
LAG frames already. While a part is late the window keeps drawing frames (`late_parts`).

A part nothing else draws over (`alone`: the header, the side panel, the status bar) is not even
blitted when the window still holds it as the frame before left it (`new_frame(same=True)`: the
same picture blitted at the same place then, only this scene drawn since, and a few of its pixels
still the picture's): a frame in which only the aim moves then copies only the area.

A part that changes in most frames (the table's area while a replay's timeline is dragged) is
drawn straight on the window at each change, with no picture of its own, and not even blitted
while it stays (`draw_each_change`). A part whose older pictures come back (the score sheet and
the header of a round dragged over again) keeps an album of them (`keep`'s `album`).

The pictures and what is known of the frames belong to a `KeptParts` the app owns (one per window:
ui/table/pictures.py), never to this module."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from petanque_game.ui.look import Look

Place = tuple[str, tuple[int, int], tuple[int, int]]  # a part: its name, where, its size
Key = tuple[Any, ...]  # everything a part shows depends on
Samples = tuple[tuple[int, ...], ...]  # a few of a part's pixels
DrawAt = Callable[[pygame.Surface, tuple[int, int]], None]  # draws a part at (x, y)

KEEP = True
LAG = 3  # frames a part may show its last picture after what it shows changed


class KeptParts:
    """The parts of one window's table kept as pictures, and the frames drawn."""

    def __init__(self) -> None:
        # a part's name and place: (its key, its picture, or None while its key is new)
        self.kept: dict[Place, tuple[Key, pygame.Surface | None]] = {}
        self.drawn = 0  # pictures drawn so far (tests count them)
        self.skipped = 0  # blits not needed: the window held the part (tests count them)
        self.straight = 0  # parts drawn straight by `draw_each_change` (tests count them)
        self.frame = 0  # the frame being drawn (`new_frame`)
        self.spent_in = -1  # the last frame a part was drawn in
        self.late: dict[Place, tuple[int, object]] = {}  # a part left late: (first frame, whose)
        self.owner: object = None  # whose frame is being drawn (`new_frame`)
        # a part: (the frame it was blitted in, its picture)
        self.shown: dict[Place, tuple[int, int]] = {}
        self.same = False  # the window holds the frame before as this scene drew it
        self.albums: dict[Place, list[tuple[Key, pygame.Surface]]] = {}  # a part's older pictures
        # a part drawn straight: its key, the frame, a few of its pixels
        self.drawn_straight: dict[Place, tuple[Key, int, Samples]] = {}
        self.canvases: dict[tuple[Any, ...], pygame.Surface] = {}

    def new_frame(self, same: bool = False, owner: object = None) -> None:
        """A frame begins: one part may be drawn again in it. `same`: the surface drawn on holds the
        frame before as it was drawn (no other scene, no toast over it, the same window), so a
        part nothing draws over and whose picture is unchanged since needs no copying. `owner`:
        whose frame it is (the game shown: a replay's jump makes its scene anew). (A part left late
        and not drawn since, its scene gone, is forgotten.)"""
        self.frame += 1
        self.same = same
        self.owner = owner
        for place in [p for p, (first, _) in self.late.items() if self.frame - first > LAG + 1]:
            del self.late[place]

    def spent(self) -> None:
        """Something heavy was drawn in this frame (a part, the moving area): parts that may be
        late wait."""
        self.spent_in = self.frame

    def late_parts(self, owner: object) -> bool:
        """Does a part of `owner`'s frames show an old picture (frames are needed until it is
        drawn)?"""
        return any(whose is owner for _, whose in self.late.values())

    def keep(self, look: Look, surface: pygame.Surface, room: pygame.Rect, name: str, key: tuple,
             draw: Callable[[pygame.Surface, tuple[int, int]], None],
             under: Callable[[pygame.Surface, tuple[int, int]], None] | None = None,
             late: bool = False, alone: bool = False, album: int = 0) -> bool:
        """The part `name` of `surface` at `room`, drawn by `draw(on, (x, y))`: on `room`'s own
        picture (filled with the window's background first, and what another part leaves under
        this one's edge drawn by `under(on, (x, y))`; `room`'s top left at (x, y) = (0, 0) there)
        once per `key`, blitted from then on. A new key of a part whose key was new in the frame
        before too (or that is seen for the first time) is drawn on `surface` itself at
        `room.topleft` (as without KEEP, every time), within `room` and on the background there
        as on its picture (the table covers the window: nothing is filled under it): a part that
        changes every frame (a replay's timeline dragged) costs no picture; it is kept from its
        second frame. A steady part's new key is drawn onto its picture at once (drawing it twice,
        straight and then kept, would make two heavy frames of one change). `late`: the part may
        show its last picture for a frame or a few while others are drawn; `alone`: nothing else
        draws over it (see the module's notes); `album`: the pictures of its last `album` keys
        before this one are kept too, and a key shown again is only blitted (the score sheet and
        the header as a replay's timeline is dragged to and fro over the rounds). True if it was
        drawn, or left late (not only blitted)."""
        place = (name, room.topleft, room.size)
        got = self.kept.get(place)
        if not KEEP or got is None or (got[0] != key and got[1] is None):
            if KEEP:
                self.kept[place] = (key, None)
                self.shown.pop(place, None)
                self.spent()
            clip = surface.get_clip()
            surface.set_clip(room.clip(clip))  # as on its picture: all of `room`, nothing beyond
            surface.fill(look.colour("background"))
            if under is not None:
                under(surface, room.topleft)
            draw(surface, room.topleft)
            surface.set_clip(clip)
            return True
        picture = got[1]
        drew = False
        found = self._from_album(place, key) if album and got[0] != key else None
        if found is not None:
            self.late.pop(place, None)
            self.shown.pop(place, None)
            if picture is not None:
                self._to_album(place, got[0], picture, album)
            self.kept[place] = (key, found)
            self._blit(surface, found, room, place, alone)
            return False
        if picture is not None and got[0] != key and late and self.spent_in == self.frame \
                and self.frame - self.late.setdefault(place, (self.frame, self.owner))[0] < LAG:
            # late: another part was drawn this frame
            self._blit(surface, picture, room, place, alone)
            return True
        if picture is None or got[0] != key:
            self.late.pop(place, None)
            self.shown.pop(place, None)
            self.spent()
            if album and picture is not None and got[0] != key:
                self._to_album(place, got[0], picture, album)
                picture = None
            if picture is None or picture.get_size() != room.size:
                picture = pygame.Surface(room.size, 0, surface)
            picture.fill(look.colour("background"))
            if under is not None:
                under(picture, (0, 0))
            draw(picture, (0, 0))
            self.drawn += 1
            drew = True
            self.kept[place] = (key, picture)
        self._blit(surface, picture, room, place, alone)
        return drew

    def _to_album(self, place: tuple, key: tuple, picture: pygame.Surface, most: int) -> None:
        """Keep `picture` (of `key`) among the part's older ones, the `most` most recent."""
        older = self.albums.setdefault(place, [])
        older.append((key, picture))
        del older[:-most]

    def _from_album(self, place: tuple, key: tuple) -> pygame.Surface | None:
        """The part's older picture of `key`, taken out of its album; None if there is none. (Keys
        are compared, not hashed: a key may hold rectangles.)"""
        older = self.albums.get(place, [])
        for i, (k, picture) in enumerate(older):
            if k == key:
                del older[i]
                return picture
        return None

    def _blit(self, surface: pygame.Surface, picture: pygame.Surface, room: pygame.Rect,
              place: Place, alone: bool) -> None:
        """`picture` at `room`, unless the window holds it there from the frame before."""
        shown = (self.frame, id(picture))
        if alone and self.same and self.shown.get(place) == (self.frame - 1, id(picture)) \
                and self._holds(surface, picture, room):
            self.skipped += 1
        else:
            surface.blit(picture, room.topleft)
        self.shown[place] = shown

    def _holds(self, surface: pygame.Surface, picture: pygame.Surface, room: pygame.Rect) -> bool:
        """Do a few of the window's pixels in `room` show `picture`'s (a window made anew at the
        same size, or something drawn over the part unbeknown to the scene, shows others)?"""
        return self._samples(surface, room) == \
            self._samples(picture, pygame.Rect((0, 0), room.size))

    def draw_each_change(self, look: Look, surface: pygame.Surface, room: pygame.Rect, name: str,
                         key: tuple, draw: Callable[[pygame.Surface, tuple[int, int]], None],
                         held: bool, covered: pygame.Rect | None = None) -> bool:
        """A part that changes in most frames (the table's area while a replay's timeline is
        dragged: a new position each frame), drawn by `draw(on, (x, y))` straight on `surface` at
        `room` (on the background there) whenever its key changes, never on a picture of its own
        (copying it in and out costs as much as drawing it). While its key stays it is not drawn
        at all when the window holds it as drawn: `held` (nothing was drawn over it in the frame
        before), the window holds the frame before (`new_frame(same=True)`), it was drawn or held
        then, and a few of its pixels are still the ones drawn. `covered`: a part of `room` that
        `draw` paints whole (the board): no background filled under it. True if it was drawn."""
        place = (name, room.topleft, room.size)
        got = self.drawn_straight.get(place)
        if held and self.same and got is not None and got[0] == key and got[1] == self.frame - 1 \
                and self._samples(surface, room) == got[2]:
            self.drawn_straight[place] = (key, self.frame, got[2])
            self.skipped += 1
            return False
        self.spent()
        self.shown.pop(place, None)  # (a picture `keep` blitted here before is not shown now)
        clip = surface.get_clip()
        surface.set_clip(room.clip(clip))
        for part in [room] if covered is None else self._around(room, covered):
            surface.fill(look.colour("background"), part)
        draw(surface, room.topleft)
        surface.set_clip(clip)
        self.drawn_straight[place] = (key, self.frame, self._samples(surface, room))
        self.straight += 1
        return True

    @staticmethod
    def _around(room: pygame.Rect, inner: pygame.Rect) -> list[pygame.Rect]:
        """`room` but `inner`: the rectangles above, below, left and right of it."""
        inner = inner.clip(room)
        return [r for r in (pygame.Rect(room.x, room.y, room.w, inner.y - room.y),
                            pygame.Rect(room.x, inner.bottom, room.w, room.bottom - inner.bottom),
                            pygame.Rect(room.x, inner.y, inner.x - room.x, inner.h),
                            pygame.Rect(inner.right, inner.y, room.right - inner.right, inner.h))
                if r.w > 0 and r.h > 0]

    @staticmethod
    def _samples(surface: pygame.Surface, room: pygame.Rect) -> tuple:
        """A few of `surface`'s pixels in `room`, at the same places in any room of its size."""
        w, h = room.size
        return tuple(tuple(surface.get_at((room.x + x, room.y + y)))
                     for x, y in ((w // 2, h // 2), (w // 5, h // 3), (w * 4 // 5, h * 2 // 3)))

    def keep_in_place(self, look: Look, surface: pygame.Surface, room: pygame.Rect, name: str,
                      key: tuple, draw: Callable[[pygame.Surface], None],
                      under: Callable[[pygame.Surface], None] | None = None,
                      late: bool = False, alone: bool = False, album: int = 0) -> None:
        """`keep` for a part drawn by `draw(on)` at the window's own coordinates (the header, the
        status bar): its picture is as large as the window up to `room`'s far corner, and only
        `room` of it is painted and blitted."""
        def shifted(paint: Callable[[pygame.Surface], None]) -> DrawAt:
            def at(on: pygame.Surface, origin: tuple[int, int]) -> None:
                if on is surface:
                    paint(on)
                    return
                canvas = self._canvas(room.bottomright, on)  # the window's coordinates
                canvas.fill(look.colour("background"), room)
                canvas.blit(on, room.topleft)  # what lies under it
                paint(canvas)
                on.blit(canvas, (0, 0), room)
            return at

        self.keep(look, surface, room, name, key, shifted(draw),
                  None if under is None else shifted(under), late, alone, album)

    def _canvas(self, size: tuple[int, int], like: pygame.Surface) -> pygame.Surface:
        """A work surface of `size` in `like`'s format, one kept per size (its content is not: a
        window-sized surface made anew at each picture cost more than drawing the part)."""
        key = (size, like.get_bitsize(), like.get_masks())
        got = self.canvases.get(key)
        if got is None:
            got = self.canvases[key] = pygame.Surface(size, 0, like)
        return got
