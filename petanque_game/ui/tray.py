"""The tray scene of Ship Captain and Crew, Shut the Box and Ten Thousand: one shared dice tray, the
players' panel, what just happened and what to do next, and the game's own controls
(`tray_games.py`). The same scene plays a live game and watches a replay.

AI seats decide one decision at a time with a pause in between, so a human can follow. A human's
click goes to the match, which refuses an illegal one with a reason; the scene shows the reason.
"""

from __future__ import annotations

import pygame

from petanque_game.ui import dice, theme
from petanque_game.ui.game_scene import GameScene
from petanque_game.ui.game_ui import ui_of
from petanque_game.ui.session import Session, Step
from petanque_game.ui.tray_layout import (
    DIE_SIZE,
    FELT_RECT,
    PANEL_RECT,
    PLAYERS_RECT,
    RIM,
    TRAY_RECT,
    RollShown,
)
from petanque_game.ui.widgets import Button, panel


class TrayScene(GameScene):
    """The dice tray and the controls of one tray game."""

    def __init__(self, app, session: Session):
        super().__init__(app, session)
        self.roll: RollShown | None = None
        self.controls = ui_of(session.game).controls_class()(self)
        self._find_last_roll()

    def _find_last_roll(self) -> None:
        """A resumed game shows the roll it stopped at."""
        for i in range(self.session.shown - 1, -1, -1):
            ev = self.session.tell(i).decoded
            if ev.action == "roll":
                self.roll = RollShown(i, ev.outcome.values, ev.player)
                break

    @property
    def busy(self) -> bool:
        return self.roll is not None and self.roll.t < 1.0

    def on_step(self, step: Step) -> None:
        for told in step.told:
            ev = told.decoded
            if ev.action == "roll":
                t = 0.0 if self.app.settings.roll_time > 0 else 1.0
                self.roll = RollShown(told.index, ev.outcome.values, ev.player, t)
        self.controls.on_step(step)

    def finish_animation(self) -> None:
        if self.roll is not None:
            self.roll.t = 1.0

    def animate(self, dt: float) -> None:
        if self.roll is not None and self.roll.t < 1.0:
            self.roll.t = min(1.0, self.roll.t + dt / max(0.01, self.app.settings.roll_time))

    # --- where the dice are -------------------------------------------------------------------------

    def die_spots(self) -> list[dice.Resting]:
        if self.roll is None:
            return []
        return dice.layout(len(self.roll.values), FELT_RECT.size, str(self.roll.event), DIE_SIZE)

    def die_at(self, pos: tuple[int, int]) -> int | None:
        """The index of the die of the current roll under `pos`, if any."""
        for i, spot in enumerate(self.die_spots()):
            cx, cy = FELT_RECT.x + spot.x, FELT_RECT.y + spot.y
            if abs(pos[0] - cx) <= DIE_SIZE * 0.62 and abs(pos[1] - cy) <= DIE_SIZE * 0.62:
                return i
        return None

    def die_centre(self, i: int) -> tuple[int, int]:
        spot = self.die_spots()[i]
        return int(FELT_RECT.x + spot.x), int(FELT_RECT.y + spot.y)

    # --- input -------------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.replay is not None and self.replay.handle_event(event):
            return True
        if self.header_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.busy:
                self.roll.t = 1.0  # a click settles the dice at once
                return True
            for b in self.buttons():
                if b.click(event.pos):
                    return True
            i = self.die_at(event.pos)
            if i is not None and self.roll is not None:
                self.controls.click_die(i)
                return True
            if self.controls.click_panel(event.pos):
                return True
            return True
        if event.type == pygame.KEYDOWN:
            if self.app.settings.is_key("back", event.key):
                self.leave()
                return True
            if self.busy:
                self.roll.t = 1.0
            return self.controls.key(event.key) or True
        return event.type in (pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.TEXTINPUT)

    def buttons(self) -> list[Button]:
        if self.replay is not None:
            return self.replay.buttons()
        if not self.human_turn:
            return []  # the AI's options are not the player's: no greyed-out buttons
        return self.layout_buttons(self.controls.buttons())

    # --- drawing -----------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        c = self.controls
        self.draw_header(surface, c.header())
        to_move = self.session.state.to_move if self.session.state.to_move >= 0 else None
        if to_move is None and not self.session.over:
            to_move = self.session.state.turn_player  # every tray game has one
        self.draw_players(surface, PLAYERS_RECT, c.score, c.subline, to_move)
        n = len(self.session.players)
        used = 8 + n * min(66, (PLAYERS_RECT.h - 16) // max(1, n)) + 6
        self.draw_log(surface, pygame.Rect(PLAYERS_RECT.x, PLAYERS_RECT.y + used, PLAYERS_RECT.w,
                                           PLAYERS_RECT.h - used))
        surface.blit(dice.tray_surface(TRAY_RECT.size, RIM), TRAY_RECT)
        self.draw_dice(surface)
        panel(surface, PANEL_RECT, "panel", "edge")
        c.draw_panel(surface, PANEL_RECT)
        urgent = self.human_turn and not self.busy
        prompt = self.replay.prompt() if self.replay is not None else c.prompt()
        self.draw_status(surface, prompt, self.buttons(), urgent, 1)

    def draw_dice(self, surface: pygame.Surface) -> None:
        if self.roll is None:
            theme.blit_text(surface, "The dice are in your hand...", FELT_RECT.center, 30,
                            (200, 230, 210), anchor="center")
            return
        views = self.controls.tray_dice(self.roll)
        spots = self.die_spots()
        t = self.roll.t
        ox, oy = FELT_RECT.topleft
        for i, (spot, view) in enumerate(zip(spots, views)):
            if view.hidden:
                continue
            if t < 1.0:
                x, y, angle, lift, face = dice.tumble(spot, i, str(self.roll.event), t,
                                                      FELT_RECT.size, DIE_SIZE)
                dice.draw_die(surface, face, (ox + x, oy + y), DIE_SIZE, angle, lift=lift)
                continue
            lift = 8 if view.selected else 0
            outline = theme.colour("accent") if view.selected else view.outline
            rect = dice.draw_die(surface, view.value, (ox + spot.x, oy + spot.y), DIE_SIZE,
                                 spot.angle, alpha=110 if view.dim else 255, lift=lift,
                                 outline=outline)
            if view.label:
                theme.blit_text(surface, view.label, (rect.centerx, rect.bottom + 4), 20,
                                "accent", True, "midtop", shadow=True)
