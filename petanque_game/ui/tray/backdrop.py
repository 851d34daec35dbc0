"""The tray scene's backdrop: what changes only with the turn, the scores and the log. The header
with its buttons unlit, the players' cards (with their marks) and the log under them and the
status bar's frame, drawn as one picture while they show the same (most frames change
only the dice, the panel or a hover); the header and the players' column inside it are kept as
pictures by what they show, shared by every tray scene (a replay's jump makes a new scene, and a
scrub goes back and forth over the same positions). A part of the tray scene (ui/component.py):
it draws with the game scene's own header, cards and log, and the game's controls say the scores
and the header's line."""

from __future__ import annotations

import pygame

from petanque_game.ui import theme
from petanque_game.ui.component import Component
from petanque_game.ui.game_log import draw_log
from petanque_game.ui.game_scene import STATUS_RECT, GameScene
from petanque_game.ui.scene import unlit
from petanque_game.ui.tray.games import Controls, Turned
from petanque_game.ui.tray.layout import (
    AROUND_FELT,
    BACKDROP_GAPS,
    COLUMN_AREA,
    HEADER_AREA,
    PANEL_LAID,
    PLAYERS_RECT,
)
from petanque_game.ui.tray.pictures import TrayPictures
from petanque_game.ui.widgets import Backdrop, panel

LOG_KEPT = 40  # the log's newest entries a backdrop is drawn from: more than its lines can show


class TrayBackdrop(Component):
    """The backdrop's part of the tray scene: its picture, kept while it shows the same."""

    def __init__(self, game: GameScene, controls: Controls[Turned], pictures: TrayPictures):
        self.game = game  # its header, players' cards and log, drawn as every game scene's
        self.controls = controls
        self.pictures = pictures  # the window's (ui/tray/pictures.py)
        # The header, the players' cards, the log and the empty tray as one picture while they
        # show the same: most frames change only the dice, the panel or a hover.
        self.picture = Backdrop()

    def draw_shown(self, surface: pygame.Surface, to_move: int | None, urgent: bool, busy: bool,
                   rolling: bool) -> None:
        """The backdrop, from its picture while what it shows is the same: all but the tray,
        which the dice draw (felt.py), and but the panel under it, unless the dice tumble
        (`rolling`: they may roll in under the panel; else the panel's own picture covers it).
        `busy`: the dice tumble or a roll is read (a game over is not shown so yet)."""
        c, game = self.controls, self.game
        seats = range(len(game.session.players))
        key = self.game.look.drawn_in(c.header(), to_move, game.session.over and not busy,
                                      tuple((c.score(s), str(c.subline(s))) for s in seats),
                                      len(game.history), tuple(game.history[-LOG_KEPT:]),
                                      game.challenge_tag, game.replay is not None, urgent)
        self.picture.draw(surface, key, lambda back: self._paint(back, to_move, urgent, busy),
                          only=(*AROUND_FELT, PANEL_LAID) if rolling else AROUND_FELT)

    def _paint(self, surface: pygame.Surface, to_move: int | None, urgent: bool,
               busy: bool) -> None:
        """The header, the players' column and the status bar's frame on the plain background;
        the first two from their kept pictures (a step changes one of them). Not the tray: the
        dice draw it under them (a frame drew it twice)."""
        ground = self.game.look.colour("background")
        for gap in BACKDROP_GAPS:  # what the parts below leave of the plain background
            surface.fill(ground, gap)
        self.draw_kept(surface, to_move, busy)
        panel(self.game.look, surface, STATUS_RECT, "panel", "accent" if urgent else "edge",
              ground=ground)

    def draw_kept(self, surface: pygame.Surface, to_move: int | None, busy: bool) -> None:
        """The header and the players' column, from their kept pictures (drawn and kept the
        first time they show what they show now). Also drawn ahead, on a surface not shown, in
        the frame a replay's drag made the scene (`TrayScene.draw_ahead`)."""
        look = self.game.look
        c, game = self.controls, self.game
        session = game.session
        ground = look.colour("background")
        practice = getattr(session, "practice", False)  # the header's tag
        kept = self.pictures
        kept.headers.drawn(surface, look.drawn_in(c.header(), session.game, game.replay is not None,
                                                  practice, game.challenge_tag), HEADER_AREA,
                           self._draw_header, ground)
        seats = range(len(session.players))
        over = session.over and not busy
        names = tuple((p.name, p.kind, p.level) for p in session.players)
        scores = tuple((c.score(s), str(c.subline(s))) for s in seats)
        kept.columns.drawn(surface, look.drawn_in(to_move, over,
                                                  over and tuple(session.state.winners()),
                                                  names, scores, tuple(game.history[-LOG_KEPT:])),
                           COLUMN_AREA, lambda out: self._draw_column(out, to_move), ground)

    def _draw_header(self, surface: pygame.Surface) -> None:
        with unlit(self.game.app):
            self.game.draw_header(surface, self.controls.header())

    def _draw_column(self, surface: pygame.Surface, to_move: int | None) -> None:
        """The players' cards and, under them, the log."""
        look = self.game.look
        c = self.controls
        self.game.draw_players(surface, PLAYERS_RECT, c.score, c.subline, to_move,
                               look.colour("background"))
        self.draw_card_marks(surface)
        n = len(self.game.session.players)
        used = 8 + n * min(66, (PLAYERS_RECT.h - 16) // max(1, n)) + 6
        draw_log(look, surface, pygame.Rect(PLAYERS_RECT.x, PLAYERS_RECT.y + used, PLAYERS_RECT.w,
                                      PLAYERS_RECT.h - used), self.game.history)

    def draw_card_marks(self, surface: pygame.Surface) -> None:
        """The players' marks on their cards (the colour-blind-safe palette), on the colour
        strip at the card's left edge, as the game scene lays the cards out."""
        if not self.game.look.marks_shown():
            return
        n = len(self.game.session.players)
        row_h = min(66, (PLAYERS_RECT.h - 16) // max(1, n))
        for seat in range(n):
            y = PLAYERS_RECT.y + 8 + seat * row_h
            card = pygame.Rect(PLAYERS_RECT.x + 8, y, PLAYERS_RECT.w - 16, row_h - 6)
            centre = (card.x + 4, card.centery)
            pygame.draw.circle(surface, self.game.look.player_colour(seat), centre, 11)
            pygame.draw.circle(surface, (250, 250, 250), centre, 11, 2)
            theme.draw_mark(surface, seat, centre, 12)
