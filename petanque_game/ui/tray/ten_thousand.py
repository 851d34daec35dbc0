"""Ten Thousand's controls: click dice to set aside a keep (its points shown; a keep that does not
score is answered with the scoring dice of the roll), Roll the rest or Bank."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from petanque_game.rules.base import Bank, IllegalAction, Keep, Roll
from petanque_game.rules.events import Rolled
from petanque_game.rules.ten_thousand import TenThousandState
from petanque_game.ui.game_ui import GameUI
from petanque_game.ui.keys import key_names
from petanque_game.ui.session import Step
from petanque_game.ui.tray.games import Advice, Controls, dice_said
from petanque_game.ui.tray.layout import DieView, RollShown, draw_player_mark
from petanque_game.ui.widgets import Button

# --- Ten Thousand ---------------------------------------------------------------------------------


class TenThousandControls(Controls[TenThousandState]):
    outcome_sound = "bust"  # a turn ends on a roll only by busting
    def tray_dice(self, roll: RollShown) -> list[DieView]:
        from petanque_game.rules.ten_thousand import CHOOSING, KEEPING, legal_keeps

        st = self.state
        views = [DieView(v) for v in roll.values]
        if self.scene.holding:
            return views  # a bust stays on the tray as it fell, to be read
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
            for view in views:
                view.dim = True
        return views

    def selection(self) -> tuple[tuple[int, ...], int | None]:
        """(values selected, their points or None when they do not score)."""
        from petanque_game.rules.ten_thousand import keep_score

        if self.scene.roll is None:
            return (), None
        values = tuple(sorted(self.scene.roll.values[i] for i in self.selected
                              if i < len(self.scene.roll.values)))
        if not values:
            return values, None
        try:
            return values, keep_score(values)
        except IllegalAction:
            return values, None

    def click_die(self, i: int) -> None:
        if self.not_now():
            return
        if self.state.phase != "keeping":
            self.scene.refuse(self.scene.look.tr("tray.ten_thousand.refuse.old_dice"))
            return
        self.selected ^= {i}

    def _keep_then(self, then: Callable[[TenThousandState], Roll | Bank]) -> None:
        """Set aside the dice selected (the rules refuse a keep that does not score, saying
        which dice do), then roll or bank."""
        if self.state.phase == "keeping":
            if not self.scene.act(Keep(self.selection()[0])):
                return
            if self.state.phase != "choosing" or not self.scene.human_turn:
                return
        self.scene.act(then(self.state))

    def roll(self) -> None:
        self._keep_then(lambda s: Roll(s.dice_in_hand))

    def bank(self) -> None:
        self._keep_then(lambda s: Bank())

    def buttons(self) -> list[Button]:
        look = self.scene.look
        st = self.state
        values, pts = self.selection()
        if st.phase == "keeping":
            left = st.dice_in_hand - len(values)
            total = st.turn_total + (pts or 0)
            roll_label = look.tr_n("tray.ten_thousand.roll_n", left or 6) if values else \
                look.tr("tray.ten_thousand.roll")
            bank_label = look.tr("tray.ten_thousand.bank_n", total=look.number(total)) if \
                values else look.tr("tray.ten_thousand.bank")
        else:
            roll_label = look.tr_n("tray.ten_thousand.roll_n", st.dice_in_hand)
            bank_label = look.tr("tray.ten_thousand.bank_n", total=look.number(st.turn_total)) \
                if st.phase == "choosing" else look.tr("tray.ten_thousand.bank")
        return [self.button(roll_label, self.roll, st.phase != "over",
                            key_names(look, self.scene.app.settings, "roll"), "roll", "primary"),
                self.button(bank_label, self.bank, st.phase in ("keeping", "choosing"),
                            key_names(look, self.scene.app.settings, "bank"), "bank")]

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
        look = self.scene.look
        st = self.state
        look.blit_text(surface, look.tr("tray.ten_thousand.set_aside"),
                        (rect.x + 20, rect.y + 12), 22, "muted")
        x = rect.x + 44
        for v in st.set_aside:
            r = self.pictures.draw_die(look, surface, v, (x, rect.y + 70), 50)
            draw_player_mark(look, surface, st.turn_player, r)
            x += 58
        if not st.set_aside:
            look.blit_text(surface, look.tr("tray.ten_thousand.nothing_yet"),
                            (rect.x + 20, rect.y + 56), 24, "muted")
        look.blit_text(surface, look.tr("tray.ten_thousand.turn_total"),
                        (rect.x + 640, rect.y + 12), 22, "muted")
        look.blit_text(surface, look.number(st.turn_total), (rect.x + 640, rect.y + 36), 56,
                        "accent" if st.turn_total else "text", True)
        values, pts = self.selection()
        if values and st.phase == "keeping":
            said = dice_said(values)
            text = look.tr("tray.ten_thousand.selected", dice=said, points=look.number(pts)) \
                if pts is not None else look.tr("tray.ten_thousand.selected_none", dice=said)
            look.blit_text(surface, look.fit(text, 22, rect.right - rect.x - 660, True),
                            (rect.x + 640, rect.y + 94), 22, "good" if pts is not None else "bad",
                            True)
        look.blit_text(surface, look.fit(look.tr("tray.ten_thousand.scoring"), 20, rect.w - 40),
                        (rect.x + 20, rect.bottom - 26), 20, "muted")

    def prompt(self) -> str:
        look = self.scene.look
        st, wait = self.state, self.waiting_prompt()
        if wait:
            return wait
        who = self.name(st.turn_player)
        if st.phase == "start":
            return look.tr("tray.ten_thousand.prompt.start", name=who)
        if st.phase == "keeping":
            return look.tr("tray.ten_thousand.prompt.keeping", name=who)
        if st.hot_dice:
            return look.tr("tray.ten_thousand.prompt.hot", name=who)
        return look.tr_n("tray.ten_thousand.prompt.choosing", st.dice_in_hand, name=who,
                         total=look.number(st.turn_total))

    def score(self, seat: int) -> str:
        return self.scene.look.number(self.state.banked[seat])

    def subline(self, seat: int) -> str:
        look = self.scene.look
        st = self.state
        if seat == st.turn_player and st.turn_total and not st.is_terminal:
            return look.tr("tray.ten_thousand.turn_plus", total=look.number(st.turn_total))
        return ""

    def header(self) -> str:
        return self.scene.look.tr("tray.ten_thousand.header", round=self.state.round_number,
                                  target=self.scene.look.number(self.state.target))

    # --- what the turn came to, and the hint ------------------------------------------------------

    def outcome(self, step: Step) -> str:
        b, a = step.before, step.after
        for made in step.transitions:
            if isinstance(made.event, Rolled) and a.busted and a.phase == "start":
                said = dice_said(made.event.dice)
                if b.turn_total:
                    return self.scene.look.tr("tray.ten_thousand.bust_lost", dice=said,
                                              points=self.scene.look.number(b.turn_total))
                return self.scene.look.tr("tray.ten_thousand.bust", dice=said)
        return ""

    def advice_dice(self, advice: Advice) -> set[int]:
        roll = self.scene.roll
        if not isinstance(advice.action, Keep) or roll is None:
            return set()
        left, found = list(advice.action.dice), set()
        for i, v in enumerate(roll.values):
            if v in left:
                left.remove(v)
                found.add(i)
        return found

    def advice_button(self, advice: Advice) -> str:
        """The button that makes the move (a keep is set aside by Roll or Bank, as the expert
        goes on after it)."""
        if isinstance(advice.action, Bank) or advice.told.move == "tt_keep_bank":
            return "bank"
        return "roll"


WINDOW = GameUI(
    "tray", (("target", (5000, 10000)), ("hot_dice_banks", (True, False))),
    "petanque_game.ui.narrate:tell_ten_thousand",
    "petanque_game.ui.tray.ten_thousand:TenThousandControls",
    howto=(("roll", "howto.tray.roll"), (None, "howto.ten-thousand.keep"),
           ("bank", "howto.ten-thousand.bank")))
