"""The roll for who starts, shown as it happens: a small dice tray over the table where each
player's die tumbles in and comes to rest on the value the match rolled (the record's `roll`), then
who starts, or that the highest tied and roll again. The tumble is cosmetic (`ui/dice.py`): a pure
function of the event's index, never a decider of the value."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from petanque_game.record import Seat
from petanque_game.rules.terningepetanque import TerningepetanqueState as TableState
from petanque_game.ui import dice
from petanque_game.ui.look import Look
from petanque_game.ui.narrate import says
from petanque_game.ui.settings import Settings
from petanque_game.ui.table import draw as td

TRAY = (460, 250)
DIE = 56


class StartRoll:
    """One die rolled for who starts: its tumble, then a moment to read the result."""

    def __init__(self, look: Look, before: TableState, after: TableState, seat: int, value: int,
                 index: int, settings: Settings):
        self.look = look  # (heard with its sounds)
        self.before, self.after = before, after
        self.seat, self.value, self.key = seat, value, f"start:{index}"
        speed = max(0.1, settings.animation_speed)
        self.tumble = settings.roll_time / speed
        decided = after.starter is not None or not after.rolloff_rolls
        # the end of a pass is read longer: who starts, or who rolls again
        self.hold = settings.roll_time * (2.4 if decided else 0.7) / speed
        self.t = 0.0

    @property
    def landed(self) -> bool:
        """Is the die at rest (its value shown: the panel, the log and the prompt say it too)?"""
        return bool(self.t >= self.tumble)

    @property
    def done(self) -> bool:
        return bool(self.t >= self.tumble + self.hold)

    def advance(self, dt: float) -> None:
        """The die tumbles on: heard as it is thrown in and as it comes to rest."""
        if self.tumble <= 0.0:
            self.t += dt
            return
        if self.t == 0.0:
            self.look.play("roll")
        landed = self.t >= self.tumble
        self.t += dt
        if not landed and self.t >= self.tumble:
            self.look.play("clack")

    def rolls(self) -> list[tuple[int, int]]:
        """(seat, value) of this pass so far, the new die last."""
        a = self.after
        if a.rolloff_rolls:
            return list(zip(a.rolloff_contenders, a.rolloff_rolls))
        return list(a.rolloff_passes[-1])

    def verdict(self, players: Sequence[Seat]) -> str | None:
        """Who starts, or who rolls again, once the pass is complete and the die at rest."""
        a = self.after
        if not self.landed or a.rolloff_rolls:
            return None
        if a.starter is not None:
            return says(self.look, "table.start.starts", players[a.starter].name)  # "You start ..."
        names = ", ".join(players[s].name for s in a.rolloff_contenders)
        return self.look.tr("table.start.tie", names=names)


def draw_start(look: Look, roll: StartRoll, players: Sequence[Seat], area: pygame.Surface,
               pictures: dice.DicePictures) -> None:
    box = pygame.Rect((0, 0), TRAY)
    box.center = area.get_rect().center
    area.blit(pictures.tray_surface(look, TRAY), box)
    felt = box.inflate(-40, -40)
    look.blit_text(area, look.tr("table.start.title"), (box.centerx, box.y - 8), 26, "text",
                    True, "midbottom", shadow=True)
    rolls = roll.rolls()
    spots = dice.layout(max(4, len(rolls)), (felt.w, felt.h - 40), roll.key, DIE)
    for i, (seat, value) in enumerate(rolls):
        body, pip = td.die_colours(look, seat)
        spot = spots[i]
        x, y, angle, lift, face = spot.x, spot.y, spot.angle, 0.0, value
        if i == len(rolls) - 1 and roll.t < roll.tumble:
            x, y, angle, lift, face = dice.tumble(spot, i, roll.key, roll.t / roll.tumble,
                                                  (felt.w, felt.h - 40), DIE)
        at = (felt.x + x, felt.y + y)
        pictures.draw_die(look, area, face, at, DIE, angle, body, pip, lift=lift)
        if i < len(rolls) - 1 or roll.landed:
            look.blit_text(area, look.fit(players[seat].name, 18, 100), (at[0], at[1] + 40),
                            18, look.player_colour(seat), True, "midtop", shadow=True)
    said = roll.verdict(players)
    if said:
        look.blit_text(area, look.fit(said, 24, box.w - 30), (box.centerx, box.bottom - 28),
                        24, "accent", True, "center", shadow=True)
