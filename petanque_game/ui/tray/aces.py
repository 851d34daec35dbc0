"""Aces to the Middle in the window (`WINDOW`, found through its registration): the tray's dice
marked with where each goes (the middle, left, right or stays), the dice in the middle and in
play in the panel, each player's dice in hand, and its narration."""

from __future__ import annotations

from types import MappingProxyType

import pygame

from petanque_game.rules.aces import GOES, LEFT, MIDDLE, RIGHT, STAYS, AcesState
from petanque_game.rules.events import Rolled
from petanque_game.ui.game_ui import GameUI
from petanque_game.ui.look import Look
from petanque_game.ui.narrate import dice_text, says, sent_where
from petanque_game.ui.session import Step
from petanque_game.ui.tray.chance import ChanceControls
from petanque_game.ui.tray.layout import DieView, RollShown

MARKS = MappingProxyType({STAYS: "good", LEFT: "accent", MIDDLE: "bad",  # the outline's colour
                          RIGHT: "accent"})


class AcesControls(ChanceControls[AcesState]):
    def tray_dice(self, roll: RollShown) -> list[DieView]:
        return [DieView(v, outline=self.scene.look.colour(MARKS[GOES[v]]),
                        label=self.scene.look.tr(f"tray.aces.face.{GOES[v]}")) for v in roll.values]

    def draw_panel(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        look = self.scene.look
        st = self.state
        for k, (key, value) in enumerate((("tray.aces.middle", st.middle),
                                          ("tray.aces.in_play", st.in_play))):
            x = rect.x + 24 + k * 170
            look.blit_text(surface, look.tr(key), (x, rect.y + 14), 22, "muted")
            look.blit_text(surface, look.number(value), (x, rect.y + 44), 56, "accent", True)
        for k, where in enumerate((MIDDLE, LEFT, RIGHT, STAYS)):
            line = look.tr(f"tray.aces.legend.{where}")
            look.blit_text(surface, look.fit(line, 22, rect.w - 400), (rect.x + 380,
                            rect.y + 14 + k * 31), 22, MARKS[where])

    def score(self, seat: int) -> str:
        st = self.state
        if st.is_terminal:
            return self.scene.look.number(st.scores()[seat])
        return self.scene.look.number(st.dice[seat])

    def subline(self, seat: int) -> str:
        look = self.scene.look
        st = self.state
        if st.is_terminal:
            return look.tr("tray.aces.threw_last") if seat == st.last_ace else ""
        held = st.dice[seat]
        return look.tr_n("tray.aces.dice", held) if held else look.tr("tray.aces.waits")

    def header(self) -> str:
        st = self.state
        return self.scene.look.tr("tray.aces.header", round=st.round_number, in_play=st.in_play)

    def outcome(self, step: Step) -> str:
        for t in step.transitions:
            moved = t.facts
            if moved is not None and moved.last_ace is not None:
                key = "tray.aces.won" if step.after.last_ace_rule == "wins" else "tray.aces.lost"
                return self.scene.look.tr(key, name=self.name(moved.last_ace))
        return ""


def tell(look: Look, step: Step, names: list[str]) -> list[str]:
    """"Åse rolled 1-2-4: one to the middle, one to Bo; Åse rolls again." and the last ace."""
    lines = []
    for told in step.transitions:
        ev, moved = told.event, told.facts
        if not isinstance(ev, Rolled) or moved is None:
            continue
        who = names[ev.player]
        parts = sent_where(look, "aces", moved, ((MIDDLE, None), (LEFT, moved.left),
                                           (RIGHT, moved.right)), names)
        if moved.last_ace is not None:
            key = "narrate.aces.last_wins" if step.after.last_ace_rule == "wins" else \
                "narrate.aces.last_loses"
            lines.append(says(look, key, who, dice=dice_text(ev.dice)))
            continue
        what = ", ".join(parts) if parts else look.tr("narrate.aces.nothing")
        lines.append(says(look, "narrate.aces.rolled", who, dice=dice_text(ev.dice),
                          what=what))
        if moved.again:
            lines.append(says(look, "narrate.aces.again", who))
    return lines


WINDOW = GameUI("tray", (("dice", (3, 5)), ("last_ace", ("wins", "loses"))),
                "petanque_game.ui.tray.aces:tell", "petanque_game.ui.tray.aces:AcesControls",
                howto=(("roll", "howto.tray.roll"), (None, "howto.aces.dice")))
