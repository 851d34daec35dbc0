"""Evens against Odds in the window (`WINDOW`, found through its registration): the tray's dice
marked even or odd, the last roll's count and who plays the odds in the panel, the chips, and its
narration."""

from __future__ import annotations

import pygame

from petanque_game.rules.even_odd import DICE, EvenOddState, evens
from petanque_game.rules.events import Rolled
from petanque_game.ui.game_ui import GameUI
from petanque_game.ui.look import Look
from petanque_game.ui.narrate import dice_text, is_you, says
from petanque_game.ui.session import Step
from petanque_game.ui.tray.chance import ChanceControls
from petanque_game.ui.tray.layout import DieView, RollShown


class EvenOddControls(ChanceControls[EvenOddState]):
    def tray_dice(self, roll: RollShown) -> list[DieView]:
        return [DieView(v, outline=self.scene.look.colour("accent" if v % 2 == 0 else "muted"),
                        label=self.scene.look.tr("tray.even_odd.even" if v % 2 == 0 else
                                      "tray.even_odd.odd")) for v in roll.values]

    def draw_panel(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        look = self.scene.look
        st, roll = self.state, self.scene.roll
        if roll is not None and len(roll.values) == DICE:
            even = evens(roll.values)
            look.blit_text(surface, look.tr("tray.even_odd.last"), (rect.x + 24, rect.y + 14), 22,
                            "muted")
            count = look.tr("tray.even_odd.count", even=even, odd=DICE - even)
            size = next((s for s in (48, 40, 34) if look.font(s, True).size(count)[0] <= 300),
                        28)  # as large as fits beside who plays whom
            look.blit_text(surface, look.fit(count, size, 300, True), (rect.x + 24,
                            rect.y + 44), size, "accent", True)
        if not st.is_terminal:
            name = self.name(st.turn_player)
            key = "tray.even_odd.against_you" if is_you(look, name) else "tray.even_odd.against"
            line = look.tr(key, name=name, other=self.name(st.opponent))
            look.blit_text(surface, look.fit(line, 24, rect.w - 380), (rect.x + 340,
                            rect.y + 30), 24, "text", True)
        look.blit_text(surface, look.fit(look.tr("tray.even_odd.legend"), 22, rect.w - 380),
                        (rect.x + 340, rect.y + 80), 22, "muted")

    def score(self, seat: int) -> str:
        return self.scene.look.number(self.state.chips[seat])

    def subline(self, seat: int) -> str:
        look = self.scene.look
        chips = self.state.chips[seat]
        return look.tr_n("tray.even_odd.chips", chips) if chips else look.tr("tray.even_odd.out")

    def header(self) -> str:
        look = self.scene.look
        st = self.state
        if st.rounds:
            return look.tr("tray.even_odd.header_rounds", round=st.round_number, rounds=st.rounds)
        return look.tr("tray.even_odd.header", round=st.round_number)

    def outcome(self, step: Step) -> str:
        after = step.after
        if not after.is_terminal or step.before.is_terminal:
            return ""
        names = [self.name(s) for s in after.winners()]
        return self.scene.look.tr("tray.even_odd.won", names=", ".join(names),
                                  chips=self.scene.look.number(max(after.chips)))


def tell(look: Look, step: Step, names: list[str]) -> list[str]:
    """"Åse rolled 2-4-6-1-3-4: 4 even against 2 odd, Bo pays Åse 2 chips." and who is out."""
    lines = []
    for told in step.transitions:
        ev, settled = told.event, told.facts
        if not isinstance(ev, Rolled) or settled is None:
            continue
        who, other = names[settled.roller], names[settled.opponent]
        count = look.tr("narrate.even_odd.count", even=settled.evens, odd=settled.odds)
        if settled.won:
            payer, payee = (other, who) if settled.won > 0 else (who, other)
            what = look.tr_n(_pays(look, payer, payee), abs(settled.won), payer=payer, payee=payee)
        else:
            what = look.tr("narrate.even_odd.even_money")
        lines.append(says(look, "narrate.even_odd.rolled", who, dice=dice_text(ev.dice),
                          count=count, what=what))
        lines += [says(look, "narrate.even_odd.out", names[s]) for s in settled.out]
    after = step.after
    if after.is_terminal and not step.before.is_terminal:
        top = [names[s] for s in after.winners()]
        lines.append(look.tr("narrate.even_odd.over", names=", ".join(top),
                             chips=look.number(max(after.chips))))
    return lines


def _pays(look: Look, payer: str, payee: str) -> str:
    """The sentence of a payment: "Lars pays you", "You pay Bjørn" or "Lars pays Bjørn"."""
    if is_you(look, payer):
        return "narrate.even_odd.pays_by_you"
    return "narrate.even_odd.pays_to_you" if is_you(look, payee) else "narrate.even_odd.pays"


WINDOW = GameUI("tray", (("chips", (10, 20)), ("rounds", (5, 10, 20))),
                "petanque_game.ui.tray.even_odd:tell",
                "petanque_game.ui.tray.even_odd:EvenOddControls",
                howto=(("roll", "howto.tray.roll"), (None, "howto.even-odd.dice")))
