"""LCR in the window (`WINDOW`, found through its registration): the tray's dice marked with what
each sends (L, C, R or a dot), the pot and the chips in the panel, and its narration."""

from __future__ import annotations

from types import MappingProxyType

import pygame

from petanque_game.rules.events import Rolled
from petanque_game.rules.lcr import CENTRE, KEEP, LEFT, RIGHT, SENDS, LcrState
from petanque_game.ui.game_ui import GameUI
from petanque_game.ui.look import Look
from petanque_game.ui.narrate import dice_text, says, sent_where
from petanque_game.ui.session import Step
from petanque_game.ui.tray.chance import ChanceControls
from petanque_game.ui.tray.layout import DieView, RollShown

MARKS = MappingProxyType({KEEP: "good", LEFT: "accent", CENTRE: "bad",  # the outline's colour
                          RIGHT: "accent"})


class LcrControls(ChanceControls[LcrState]):
    def tray_dice(self, roll: RollShown) -> list[DieView]:
        views = []
        for v in roll.values:
            where = SENDS[v]
            views.append(DieView(v, outline=self.scene.look.colour(MARKS[where]),
                                 label=self.scene.look.tr(f"tray.lcr.face.{where}")))
        return views

    def draw_panel(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        look = self.scene.look
        st = self.state
        look.blit_text(surface, look.tr("tray.lcr.pot"), (rect.x + 24, rect.y + 14), 22, "muted")
        look.blit_text(surface, look.number(st.pot), (rect.x + 24, rect.y + 44), 56, "accent",
                        True)
        for k, where in enumerate((KEEP, LEFT, CENTRE, RIGHT)):
            faces = "-".join(str(v) for v in sorted(f for f, w in SENDS.items() if w == where))
            line = look.tr(f"tray.lcr.legend.{where}", faces=faces)
            look.blit_text(surface, look.fit(line, 22, rect.w - 260), (rect.x + 220,
                            rect.y + 14 + k * 31), 22, MARKS[where])

    def score(self, seat: int) -> str:
        return self.scene.look.number(self.state.chips[seat])

    def subline(self, seat: int) -> str:
        look = self.scene.look
        chips = self.state.chips[seat]
        return look.tr_n("tray.lcr.chips", chips) if chips else look.tr("tray.lcr.waits")

    def header(self) -> str:
        look = self.scene.look
        st = self.state
        return look.tr("tray.lcr.header", round=st.round_number, pot=look.number(st.pot))

    def outcome(self, step: Step) -> str:
        for t in step.transitions:
            if t.facts is not None and t.facts.winner is not None:
                return self.scene.look.tr("tray.lcr.won", name=self.name(t.facts.winner),
                                          pot=self.scene.look.number(t.facts.pot))
        return ""


def tell(look: Look, step: Step, names: list[str]) -> list[str]:
    """"Åse rolled 4-2-5: a chip to Bjørn and one to the pot." and who took the pot."""
    lines = []
    for told in step.transitions:
        ev, sent = told.event, told.facts
        if not isinstance(ev, Rolled) or sent is None:
            continue
        parts = sent_where(look, "lcr", sent, ((LEFT, sent.left), (CENTRE, None),
                                         (RIGHT, sent.right)), names)
        what = ", ".join(parts) if parts else look.tr("narrate.lcr.kept")
        lines.append(says(look, "narrate.lcr.rolled", names[ev.player],
                          dice=dice_text(ev.dice), what=what))
        if sent.winner is not None:
            lines.append(says(look, "narrate.lcr.wins", names[sent.winner],
                              pot=look.number(sent.pot),
                              chips=look.number(step.after.chips[sent.winner])))
    return lines


WINDOW = GameUI("tray", (("chips", (3, 4, 5)),), "petanque_game.ui.tray.lcr:tell",
                "petanque_game.ui.tray.lcr:LcrControls",
                howto=(("roll", "howto.tray.roll"), (None, "howto.lcr.dice")))
