"""The table scene's layout and drawing (between its parts, table/turns.py, and its routing,
table/scene.py): the board as the camera shows it, the bodies at rest (lying.py) or in flight,
the score sheet (sheet.py), the close-up (closeup.py), the side panel, the header and the status
bar. Drawing only reads the parts (docs/design.md, a thin window). While the camera is still, the
area, the side panel, the header and the status bar are kept as pictures per what they show
(kept.py); while a replay's timeline is dragged, the area is drawn straight at each new position,
its board copied from a picture painted at the view's own scale (board_pictures.py)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pygame

from petanque_game.rules.petanque_table import Table
from petanque_game.ui.game_scene import STATUS_RECT
from petanque_game.ui.game_ui import board_words
from petanque_game.ui.keys import key_names
from petanque_game.ui.scene import AppLike
from petanque_game.ui.session import Session
from petanque_game.ui.table import board as tb
from petanque_game.ui.table import board_pictures, window
from petanque_game.ui.table import draw as td
from petanque_game.ui.table.lying import draw_lying
from petanque_game.ui.table.panel import colours_key, draw_side, prompt, side_parts
from petanque_game.ui.table.reckoning import card_key, draw_reckoning
from petanque_game.ui.table.sheet import (
    HINT_SIZE,
    SHEET_HINT_AT,
    Placement,
    draw_sheet,
    visible_rows,
)
from petanque_game.ui.table.turns import TableTurns
from petanque_game.ui.table.window import AREA, HEADER, SIDE, STATUS_ROOM
from petanque_game.ui.table.zoom import zoom_labels
from petanque_game.ui.widgets import Button, panel, shade

ALBUM = 16  # the score sheet's and the header's pictures kept per key (a round each: kept.py)


DrawAt = Callable[[pygame.Surface, pygame.Rect], None]  # draws a part at a rectangle


class TableDrawing(TableTurns):
    """The table scene's layout and drawing: where each part goes and how it is drawn."""

    def __init__(self, app: AppLike, session: Session):
        super().__init__(app, session)
        self.overlaid = True  # something was drawn over the area in the last frame (overlay.py)
        self.held = window.Held(app, self.alone)  # what the window holds of the frame before

    def alone(self) -> bool:
        """Is the table alone on the window: on top, covering it, no toast over it, no
        reckoning's points flying to the side panel (ui/table/window.py)?"""
        app = self.app
        return bool(self.covers and app.visible()[-1] is self and not app.toast.visible
                    and self.reckoning is None)

    def buttons(self) -> list[Button]:
        look = self.look
        if self.reckoning is not None and self.flight is None:
            return self.layout_buttons([Button(pygame.Rect(0, 0, 200, 64),
                                               look.tr("table.button.continue"),
                                               self.continue_reckoning, True, 26,
                                               look.tr("table.continue_keys"), "primary",
                                               tag="continue")])
        if self.replay is not None:
            return self.replay.buttons()
        st, human = self.state, self.human_turn and not self.busy
        if not human:
            return []
        s = self.app.settings
        hint = ("table.button.hint", self.ask_hint, key_names(look, s, "hint"), "hint", "normal",
                120)
        if st.starter is None:
            specs = [("table.button.roll", self.roll_for_start, key_names(look, s, "roll"), "roll",
                      "primary", 180)]
        elif st.awaiting_accept:
            specs = [hint, ("table.button.accept", self.accept, key_names(look, s, "accept"),
                            "accept", "primary", 180),
                     ("table.button.rethrow", self.rethrow, key_names(look, s, "rethrow"),
                      "rethrow", "normal", 180)]
        else:
            throw_keys = "table.drag_keys" if self.aim_mode == "drag" else "table.throw_keys"
            specs = [hint, ("table.button.use_hint", self.use_hint, key_names(look, s, "use_hint"),
                            "use_hint", "normal", 150),
                     ("table.button.throw", self.throw, look.tr(throw_keys), "throw",
                      "primary", 170)]
            if self.keeping_on:  # the throw before may still be taken back
                specs.insert(2, ("table.button.rethrow", self.rethrow, key_names(look, s,
                                                                                 "rethrow"),
                                 "rethrow", "normal", 160))
        return self.layout_buttons([Button(pygame.Rect(0, 0, w, 64), self._said(label), fn,
                                           True, 26, keys, style, tag=tag)
                                    for label, fn, keys, tag, style, w in specs])

    def _said(self, label: str) -> str:
        """A button's words; Throw again's with the seconds left to use it when they are
        counted down (turns.py: a kept throw passes the turn on by itself)."""
        left = self.grace_left
        if label == "table.button.rethrow" and left is not None:
            return self.look.tr("table.button.rethrow_left", seconds=left)
        return self.look.tr(label)


    def toggle_sheet(self) -> None:
        self.score_sheet.toggle()

    def toggle_whole(self) -> None:
        """Home: the whole board, or back to the play (kept while the window is open)."""
        self.camera.toggle_whole()

    @property
    def sheet_hint_shown(self) -> bool:
        """Is "Tab: score sheet" written in the area's corner (the sheet hidden, a person to
        throw)?"""
        return self.score_sheet.hint_shown

    def play_points(self) -> list[tuple[float, float]]:
        """What the camera frames at rest (mm): the diamond, the dice lying on the board and
        where the last throw knocked dice from (ui/table/knocks.py); none before this round's
        diamond lies (the whole board is shown then)."""
        table, old = self.shown_table()
        if old or table.diamond is None:
            return []
        return [(table.diamond.x, table.diamond.y)] + [(d.x, d.y) for d in table.dice
                                                       if d.on_board] \
            + [(was.x, was.y) for was, _ in self.knocks.of(table)]

    def settle_view(self) -> None:
        """The camera at its rest view at once (a new scene)."""
        self.camera.settle(self.play_points())

    def closeup(self, table: Table, old: bool) -> tuple[pygame.Rect, td.View] | None:
        """Where the close-up goes in the area and what it shows, or None (ui/table/closeup.py)."""
        due = self.due
        return self.close_up.plan(self.look, table, old, self.reckoning is not None,
                                  self.sheet_hint_shown, due[0] if due is not None else None,
                                  [] if old else self.knocks.of(table))

    def _draw_closeup(self, area: pygame.Surface, table: Table, old: bool,
                      seat_walls: dict[str, int]) -> pygame.Rect | None:
        look = self.look
        plan = self.closeup(table, old)
        if plan is None:
            return None
        rect, view = plan
        inset = area.subsurface(rect)
        inset.blit(tb.board_surface(look, self.level, view, rect.size, seat_walls,
                                    kept=self.pictures.boards.still), (0, 0))
        self._draw_table(inset, table, old, view, labels=False)
        pygame.draw.rect(area, look.colour("edge"), rect.inflate(4, 4), 3, border_radius=4)
        look.blit_text(area, look.tr("table_view.closeup"), (rect.x + 6, rect.y + 4), HINT_SIZE,
                        "text", shadow=True)
        return rect

    # --- drawing ----------------------------------------------------------------------------------

    covers = True  # the table paints the whole picture: its parts, and the background between

    def draw(self, surface: pygame.Surface) -> None:
        look = self.look
        same = window.holds_frame_before(self.held, surface)
        kept = self.pictures.kept
        kept.new_frame(same, self.session)
        layout = window.rooms(pygame.Rect(self.view.board_rect), self.sheet.rect,
                              len(self.session.players))
        window.fill_gaps(look, self.held, layout, surface, same and not self.overlaid)
        table, old = self.shown_table()
        if self.flight is not None:
            table, old = self.before_flight, False
        dragged = self.replay is not None and self.replay.dragging  # a new view each frame
        still = self.view.still and not dragged
        if self.flight is None and self.view.still:
            # at rest: the board and all on it kept as one picture while nothing on it changes
            # (a replay's timeline dragged: drawn straight at each new position, the board from
            # the moving board's pictures, and left as it is while the position stays)
            key = self._area_key(table, old, still)

            def area(on: pygame.Surface, at: tuple[int, int]) -> None:
                self._draw_whole_area(on, at, table, old, still)
            if dragged:  # (the board's part painted whole: no background under it)
                drawn = kept.draw_each_change(look, surface, AREA, "area", key, area,
                                              not self.overlaid,
                                              pygame.Rect(self.view.board_rect).move(AREA.topleft))
            else:
                drawn = kept.keep(look, surface, AREA, "area", key, area)
            if not drawn or dragged:  # the moving board's pictures painted ahead, a strip
                # in a light frame (while dragged, in every frame, and first the board at the
                # view's own scale: `draw_board`); on the previews' thread, in the quiet time
                scale = self.view.view.scale
                board_pictures.paint_ahead(look, self.level, *self._seats_drawn()[:2],
                                           self.view.scales,
                                           scale, scale if dragged else None, self.pictures.boards,
                                           previews=self.app.workers.previews)
        else:
            kept.spent()  # (the other parts changing now may be a frame or a few late)
            self._draw_whole_area(surface, AREA.topleft, table, old, still)
        st = self.state  # the header after the area: it may be a frame late, the area not
        info = look.tr("table_view.round_info", round=st.round_number, rounds=st.rounds,
                       board=board_words(look, self.level)[0])
        self.draw_header(surface, info)
        draw_side(self, surface, SIDE, table, old)
        urgent = self.human_turn and not self.busy
        text = self.replay.prompt() if self.replay is not None else prompt(self)
        self.draw_status(surface, text, self.buttons(), urgent)

    def panel_players(self, rect: pygame.Rect) -> tuple[tuple[Any, ...], DrawAt]:
        """The side panel's players' rows at `rect`: what they show (a key) and how they are
        drawn (`draw(on, rect)`)."""
        look = self.look
        st = self.state
        if self._points_now is None or self._points_now[0] is not st:  # worked out once a state
            self._points_now = (st, st.round_points_now[0] if st.starter is not None
                                else (0,) * self.n)
        points = self._points_now[1]
        to_move = st.to_move if st.to_move >= 0 else None
        if to_move is None and st.pending_throw is not None:
            to_move = st.pending_throw.player
        reckoning = self.reckoning if self.flight is None else None

        scores = tuple(reckoning.total_shown(seat) if reckoning is not None else st.totals[seat]
                       for seat in range(self.n))
        now = None if st.starter is None or st.is_terminal else tuple(points)
        s = self.session
        key = (scores, now, to_move, tuple(s.players), s.over and not self.busy, rect.size,
               look.language(), colours_key(look))

        def sub(seat: int) -> str:
            return "" if now is None else look.tr("table.panel.now", points=f"{now[seat]:+d}")

        def draw(on: pygame.Surface, r: pygame.Rect) -> None:
            self.draw_players(on, r, lambda seat: look.number(scores[seat]), sub, to_move)

        return key, draw

    def _area_key(self, table: Table, old: bool, still: bool) -> tuple:
        """Everything the table's area shows at rest depends on: the session, the view (and
        whether the board is its exact picture: not while a replay's timeline is dragged), the
        table and the state shown, the throw due, the score sheet's place and rows, the players,
        the zoom's lines, the language, the colours, the reckoning's card and the knocks drawn.
        (Not the scene: a replay's jump makes the scene anew, and the same position shows the
        same area.)"""
        cam = self.view
        return (self.session, still, self.level, cam.view, cam.board_rect, cam.user_zoom,
                cam.whole, table, old, self.state, self.due, self.reckoning is None,
                tuple(visible_rows(self)), self.sheet, self.sheet_hint_shown,
                self.human_turn and not self.busy, tuple(self.session.players),
                self.look.language(), colours_key(self.look),
                card_key(self.reckoning) if self.reckoning is not None else None,
                tuple(self.knocks.of(table)))

    def _draw_whole_area(self, surface: pygame.Surface, at: tuple[int, int], table: Table,
                         old: bool, still: bool) -> None:
        """The table's area with its top left at `at` on `surface`: its part beside the score
        sheet (`_draw_area`), its edge, and the reckoning's measures and card."""
        frame = pygame.Rect(at, AREA.size)
        self._draw_area(surface.subsurface(frame), table, old, still)
        pygame.draw.rect(surface, self.look.colour("edge"), frame, 2, border_radius=6)
        if self.reckoning is not None and self.flight is None:
            draw_reckoning(self, surface, frame)

    def _draw_area(self, area: pygame.Surface, table: Table, old: bool, still: bool) -> None:
        """The board's part of the area (the board, the seats, the dice and the diamond lying or
        in flight), the score sheet, the close-up and the zoom's lines; `still`: the camera at
        rest (the board's exact picture)."""
        look = self.look
        view = self.view.view
        seat_walls, zones, active = self._seats_drawn()
        area.set_clip(self.view.board_rect)  # the score sheet has its own part, beside the board
        dragged = self.replay is not None and self.replay.dragging
        board_pictures.draw_board(look, area, pygame.Rect(self.view.board_rect), self.level, view,
                                  seat_walls, zones, active, still, again=dragged,
                                  kept=self.pictures.boards)
        if not still and not dragged and self.flight is None:  # coming to rest: its picture
            tb.prepare_board(look, self.level, self.view.goal_view, AREA.size, seat_walls, zones,
                             active, self.pictures.boards.still)
        self._draw_seats(area, view)
        moving = not self.view.still  # (the dice's faces: sprites of a near size)
        if self.flight is not None:
            self._draw_flight(area, view, moving)
        else:
            self._draw_table(area, table, old, view, moving=moving)
        area.set_clip(None)
        self._draw_sheet(area)
        inset = self._draw_closeup(area, table, old, seat_walls) if self.flight is None else None
        self._draw_zoom(area, inset)

    def _seats_drawn(self) -> tuple[dict[str, int], tuple, int | None]:
        """The board's seats as its pictures show them: each seat's wall, their release zones,
        and the seat to throw (its band stronger)."""
        return ({self.level.seats[self.n][s]: s for s in range(self.n)}, tuple(self.zones),
                self.due[0] if self.due is not None else None)

    def draw_header(self, surface: pygame.Surface, info: str) -> None:
        """The header (game_scene.py), kept as a picture per what it shows."""
        base = super().draw_header
        mouse = self.mouse
        hover = tuple(mouse is not None and b.hit(mouse)
                      for b in (self.rules_button, self.menu_button, self.settings_button))
        key = (info, self.session.game, self.replay is not None,
               getattr(self.session, "practice", False), self.challenge_tag, hover,
               self.look.language(), colours_key(self.look))
        self.pictures.kept.keep_in_place(self.look, surface, HEADER, "header", key,
                                         lambda on: base(on, info), late=True, alone=True,
                                         album=ALBUM)

    def draw_status(self, surface: pygame.Surface, prompt: str, buttons: list[Button],
                    urgent: bool, history_lines: int = 2, framed: bool = False) -> None:
        """The status bar (game_scene.py), kept as a picture per what it shows; a replay's
        panel and buttons kept so, its timeline and the line saying where it is (they move as
        it plays or is dragged) drawn over them each frame."""
        look = self.look
        base = super().draw_status
        mouse = self.mouse
        looks = tuple((b.rect.topleft, b.rect.size, b.label, b.hint, b.size, b.style, b.selected,
                       b.enabled, b.enabled and mouse is not None and b.hit(mouse))
                      for b in buttons)
        _, box = side_parts(SIDE, len(self.session.players))
        if self.replay is not None:
            def backdrop(on: pygame.Surface) -> None:
                panel(look, on, STATUS_RECT, "panel", "accent" if urgent else "edge")
                for b in buttons:
                    b.draw(look, on, mouse)

            looked = ("replay", looks, urgent, look.language(), colours_key(look))
            self.pictures.kept.keep_in_place(look, surface, STATUS_ROOM, "status", looked, backdrop,
                                             lambda on: shade(look, on, box), alone=False)
            # over it, as game_scene.py's draw_status draws them in a replay
            self.replay.draw_timeline(surface)
            width = STATUS_RECT.w - 40 - (sum(b.rect.w + 10 for b in buttons))
            look.blit_text(surface, look.fit(prompt, 28, width, True),
                            (STATUS_RECT.x + 16, STATUS_RECT.bottom - 12), 28,
                            "accent" if urgent else "text", True, "bottomleft")
            return
        key = (prompt, tuple(self.history[-history_lines:]) if history_lines else (), looks,
               urgent, look.language(), colours_key(look))
        self.pictures.kept.keep_in_place(look, surface, STATUS_ROOM, "status", key,
                                         lambda on: base(on, prompt, buttons, urgent,
                                                         history_lines),
                                         lambda on: shade(look, on, box),  # (its shadow)
                                         True, True)

    def _draw_sheet(self, area: pygame.Surface) -> None:
        """The score sheet in its place, or where Tab shows it when it is hidden."""
        look = self.look
        place, st = self.sheet, self.state
        if place.rect is not None:  # kept as a picture: it changes once a round
            rows, players = visible_rows(self), self.session.players
            current = st.rounds if st.is_terminal else st.round_number
            self.pictures.kept.keep(look, area, place.rect, "sheet",
                      (place, tuple(rows), tuple(players), current, look.language(),
                       colours_key(look)),
                      lambda on, at: draw_sheet(look, on, _moved(place, at), rows, players,
                                                current),
                      album=ALBUM)
        elif self.sheet_hint_shown:
            look.blit_text(area, look.tr("table_sheet.show"), SHEET_HINT_AT, HINT_SIZE, "muted",
                            shadow=True)

    def _draw_zoom(self, area: pygame.Surface, inset: pygame.Rect | None) -> None:
        """The zoom and how to get back, when the player changed it; while the player aims,
        how to zoom; and Home's view (the whole board, or back to the play), which a click on it
        also gives. Beside the close-up (`inset`) when that takes the corner."""
        for text, spot in zoom_labels(self, inset):
            self.look.blit_text(area, text, spot.topleft, HINT_SIZE, "muted", shadow=True)

    def _draw_seats(self, area: pygame.Surface, view: td.View) -> None:
        look = self.look
        due = self.due
        for seat, zone in enumerate(self.zones):
            active = due is not None and due[0] == seat
            td.draw_release(look, area, view, zone, seat, self.session.players[seat].name, active,
                            pygame.Rect(self.view.board_rect))

    def _draw_table(self, area: pygame.Surface, table: Table, old: bool, view: td.View,
                    labels: bool = True, moving: bool = False) -> None:
        """What lies on the table (ui/table/lying.py); measured unless the reckoning measures
        the round itself (ui/table/reckoning.py: no second set of lines and labels under its
        own)."""
        draw_lying(self.look, area, view, self.level, table, old, self.pictures.faces,
                   self.knocks.of(table), self.reckoning is None, labels, moving)

    def _draw_flight(self, area: pygame.Surface, view: td.View, moving: bool) -> None:
        """The throw in the air (ui/table/playback.py)."""
        self.playback.draw_bodies(area, view, moving)


def _moved(place: Placement, at: tuple[int, int]) -> Placement:
    """The sheet's placement with its rectangle's top left at `at`."""
    assert place.rect is not None  # (a sheet shown)
    return dataclasses.replace(place, rect=pygame.Rect(at, place.rect.size))
