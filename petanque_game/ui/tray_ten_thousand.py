"""Ten Thousand's controls: click dice to set aside a keep (its points shown; the rules refuse
a keep that does not score), Roll the rest or Bank."""

from __future__ import annotations

from typing import Any

import pygame

from petanque_game.rules.base import Bank, IllegalAction, Keep, Roll
from petanque_game.ui import dice, theme
from petanque_game.ui.tray_games import Controls
from petanque_game.ui.tray_layout import DieView, RollShown
from petanque_game.ui.widgets import Button

# --- Ten Thousand ---------------------------------------------------------------------------------


class TenThousandControls(Controls):
    def tray_dice(self, roll: RollShown) -> list[DieView]:
        from petanque_game.rules.ten_thousand import CHOOSING, KEEPING, legal_keeps

        st = self.state
        views = [DieView(v) for v in roll.values]
        if st.phase == KEEPING:
            scoring = {v for k in legal_keeps(st.last_roll) for v in k}
            for i, v in enumerate(roll.values):
                views[i].selected = i in self.selected
                views[i].dim = self.human and v not in scoring and i not in self.selected
        elif st.phase == CHOOSING and roll.values == st.last_roll:
            left = list(st.last_kept)  # the dice just set aside are taken off the tray
            for i, v in enumerate(roll.values):
                if v in left:
                    left.remove(v)
                    views[i].hidden = True
        else:
            for v in views:
                v.dim = True
        return views

    def selection(self) -> tuple[tuple[int, ...], int | None, str]:
        """(values selected, their points or None, why they do not score)."""
        from petanque_game.rules.ten_thousand import keep_score

        if self.scene.roll is None:
            return (), None, ""
        values = tuple(sorted(self.scene.roll.values[i] for i in self.selected))
        if not values:
            return values, None, ""
        try:
            return values, keep_score(values), ""
        except IllegalAction as e:
            return values, None, str(e)

    def click_die(self, i: int) -> None:
        if self.not_now():
            return
        if self.state.phase != "keeping":
            self.scene.refuse("Roll first: these dice are from the last roll")
            return
        self.selected ^= {i}

    def _keep_then(self, then: Any) -> None:
        st = self.state
        if st.phase == "keeping":
            values, _, _ = self.selection()
            if not values:
                self.scene.refuse("Click the scoring dice you want to set aside first")
                return
            if not self.scene.act(Keep(values)):
                return
            if self.state.phase != "choosing" or not self.scene.human_turn:
                return
        self.scene.act(then(self.state))

    def roll(self) -> None:
        self._keep_then(lambda s: Roll(s.dice_in_hand))

    def bank(self) -> None:
        self._keep_then(lambda s: Bank())

    def buttons(self) -> list[Button]:
        st = self.state
        values, pts, _ = self.selection()
        if st.phase == "keeping":
            left = st.dice_in_hand - len(values)
            total = st.turn_total + (pts or 0)
            roll_label = f"Roll {left or 6} dice" if values else "Roll"
            bank_label = f"Bank {total}" if values else "Bank"
        else:
            roll_label = f"Roll {st.dice_in_hand} dice"
            bank_label = f"Bank {st.turn_total}" if st.phase == "choosing" else "Bank"
        return [self.button(roll_label, self.roll, st.phase != "over", "R / Space", "roll",
                            "primary"),
                self.button(bank_label, self.bank, st.phase in ("keeping", "choosing"), "B",
                            "bank")]

    def key(self, key: int) -> bool:
        if pygame.K_1 <= key <= pygame.K_6:
            if self.scene.roll is not None and key - pygame.K_1 < len(self.scene.roll.values):
                self.click_die(key - pygame.K_1)
            return True
        if self.is_key("roll", key):
            self.roll() if not self.not_now() else None
            return True
        if self.is_key("bank", key):
            self.bank() if not self.not_now() else None
            return True
        return False

    def draw_panel(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        st = self.state
        theme.blit_text(surface, "Set aside this turn", (rect.x + 20, rect.y + 12), 22, "muted")
        x = rect.x + 44
        for v in st.set_aside:
            dice.draw_die(surface, v, (x, rect.y + 70), 50)
            x += 58
        if not st.set_aside:
            theme.blit_text(surface, "nothing yet", (rect.x + 20, rect.y + 56), 24, "muted")
        theme.blit_text(surface, "Turn total", (rect.x + 640, rect.y + 12), 22, "muted")
        theme.blit_text(surface, str(st.turn_total), (rect.x + 640, rect.y + 36), 56,
                        "accent" if st.turn_total else "text", True)
        values, pts, _ = self.selection()
        if values and st.phase == "keeping":
            text = f"Selected {'-'.join(map(str, values))}: " + (f"+{pts}" if pts is not None
                                                                  else "does not score")
            theme.blit_text(surface, text, (rect.x + 640, rect.y + 94), 22,
                            "good" if pts is not None else "bad", True)
        theme.blit_text(surface, "Scoring: 1 = 100, 5 = 50, three of a kind = 100 x face, "
                        "three 1s = 1000 (only within one roll)", (rect.x + 20, rect.bottom - 26),
                        20, "muted")

    def prompt(self) -> str:
        st, wait = self.state, self.waiting_prompt()
        if wait:
            return wait
        who = self.name(st.turn_player)
        if st.phase == "start":
            return f"{who}: roll six dice."
        if st.phase == "keeping":
            return f"{who}: click the scoring dice to set aside, then Roll the rest or Bank."
        if st.hot_dice:
            return f"Hot dice! {who}: roll all six again, or Bank."
        return f"{who}: roll the {st.dice_in_hand} dice left, or Bank {st.turn_total}."

    def score(self, seat: int) -> str:
        return str(self.state.banked[seat])

    def subline(self, seat: int) -> str:
        st = self.state
        if seat == st.turn_player and st.turn_total and not st.is_terminal:
            return f"turn: +{st.turn_total}"
        return ""

    def header(self) -> str:
        return f"Round {self.state.round_number}  -  first to {self.state.target}"
