"""The dice on the tray's felt (a part of the tray scene, ui/component.py): the latest roll and
its tumble, where each die lies and which one is under the mouse, the dice drawn tumbling in or
at rest with each die's look (set aside, dimmed, labelled: the game's controls say) and the
hint's rings, and the tray with its dice at rest kept as one picture while they show the same."""

from __future__ import annotations

import pygame

from petanque_game.rules.events import Rolled
from petanque_game.ui import dice
from petanque_game.ui.component import Component
from petanque_game.ui.look import Look
from petanque_game.ui.session import Session, Step
from petanque_game.ui.settings import Settings
from petanque_game.ui.tray.games import Advice, Controls, Turned
from petanque_game.ui.tray.layout import (
    DIE_SIZE,
    FELT_RECT,
    HINT_COLOUR,
    RIM,
    TRAY_RECT,
    RollShown,
    draw_player_mark,
)
from petanque_game.ui.tray.pictures import TrayPictures


class TrayDice(Component):
    """The dice of the latest roll: where they lie, their tumble, and how they are drawn."""

    def __init__(self, look: Look, session: Session, settings: Settings,
                 controls: Controls[Turned], pictures: TrayPictures):
        self.look = look  # what it draws with: its scene's
        self.settings = settings
        self.pictures = pictures  # the window's (ui/tray/pictures.py)
        self.controls = controls
        self.roll: RollShown | None = None
        for i in range(session.shown - 1, -1, -1):  # a resumed game shows the roll it stopped at
            match session.tell(i).event:
                case Rolled(player=player, dice=values):
                    self.roll = RollShown(i, values, player)
                    break

    @property
    def rolling(self) -> bool:
        return self.roll is not None and self.roll.t < 1.0

    def on_transition(self, step: Step) -> None:
        """A roll in `step` starts tumbling in (at rest at once when the dice are not animated,
        or the step is a replay's jump's)."""
        for made in step.transitions:
            match made.event:
                case Rolled(player=player, dice=values):
                    t = 0.0 if self.settings.roll_time > 0 and not step.at_rest else 1.0
                    self.roll = RollShown(made.index, values, player, t)

    def update(self, dt: float) -> None:
        """The dice tumble on at the settings' pace."""
        if self.roll is None or self.roll.t >= 1.0:
            return
        s = self.settings
        tumble = max(0.01, s.roll_time / max(0.1, s.animation_speed))
        self.roll.t = min(1.0, self.roll.t + dt / tumble)

    def settle(self) -> None:
        """Straight to rest."""
        if self.roll is not None:
            self.roll.t = 1.0

    def handle(self, event: pygame.event.Event) -> bool:
        """A click on a die of the roll is the game's to answer."""
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1 or self.roll is None:
            return False
        i = self.die_at(event.pos)
        if i is None:
            return False
        self.controls.click_die(i)
        return True

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

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_shown(surface, None)

    def draw_shown(self, surface: pygame.Surface, advice: Advice | None) -> None:
        """The tray with the dice tumbling in, or with the dice at rest on it from its kept
        picture while they show the same; the hint's dice ringed."""
        if self.rolling:
            self._paint_felt(surface, advice)
            return
        self.pictures.felts.drawn(surface, self.look.drawn_in(self._shown(advice)), TRAY_RECT,
                                  lambda out: self._paint_felt(out, advice))

    def _paint_felt(self, surface: pygame.Surface, advice: Advice | None) -> None:
        """The empty tray (the backdrop leaves it out), the dice on it."""
        surface.blit(self.pictures.dice.tray_on(self.look, TRAY_RECT.size, RIM,
                                           self.look.colour("background")), TRAY_RECT)
        self.paint(surface, advice)

    def _shown(self, advice: Advice | None) -> tuple[object, ...]:
        """What the dice at rest show: the roll, each die's look, the hint's dice."""
        if self.roll is None:
            return ()
        hinted = self.controls.advice_dice(advice) if advice is not None else set()
        views = tuple((v.value, v.hidden, v.dim, v.selected, v.outline, v.label)
                      for v in self.controls.tray_dice(self.roll))
        return self.roll.event, self.roll.values, self.roll.seat, views, tuple(sorted(hinted))

    def paint(self, surface: pygame.Surface, advice: Advice | None = None) -> None:
        """The dice (or, before any roll, that they are in hand), each as the game shows it."""
        look = self.look
        if self.roll is None:
            look.blit_text(surface, look.tr("tray.in_hand"), FELT_RECT.center, 30,
                            (200, 230, 210), anchor="center")
            return
        views = self.controls.tray_dice(self.roll)
        hinted = self.controls.advice_dice(advice) if advice is not None and not self.rolling \
            else set()
        spots = self.die_spots()
        t = self.roll.t
        ox, oy = FELT_RECT.topleft
        draw_die = self.pictures.dice.draw_die
        for i, (spot, view) in enumerate(zip(spots, views)):
            if view.hidden:
                continue
            if t < 1.0:
                x, y, angle, lift, face = dice.tumble(spot, i, str(self.roll.event), t,
                                                      FELT_RECT.size, DIE_SIZE)
                draw_die(look, surface, face, (ox + x, oy + y), DIE_SIZE, angle, lift=lift)
                continue
            lift = 8 if view.selected else 0
            # a hinted die is ringed once, around it (a selected one keeps its own colour inside)
            outline = look.colour("accent") if view.selected else view.outline
            rect = draw_die(look, surface, view.value, (ox + spot.x, oy + spot.y), DIE_SIZE,
                            spot.angle, alpha=110 if view.dim else 255, lift=lift,
                            outline=outline)
            if i in hinted:
                pygame.draw.rect(surface, HINT_COLOUR, rect.inflate(10, 10), 4, border_radius=14)
            draw_player_mark(look, surface, self.roll.seat, rect)
            if view.label:
                look.blit_text(surface, view.label, (rect.centerx, rect.bottom + 4), 20,
                                "accent", True, "midtop", shadow=True)
