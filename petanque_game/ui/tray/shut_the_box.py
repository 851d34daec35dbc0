"""Shut the Box's controls: the nine boxes drawn as a board, click boxes to close (the legal ones
glow), Roll 2 / Roll 1. When the roll allows exactly one closing, it is offered already chosen:
one key or click confirms it (see `on_transition`)."""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from petanque_game.rules.base import Close, Roll
from petanque_game.rules.events import Rolled
from petanque_game.rules.shut_the_box import ShutTheBoxState
from petanque_game.rules.shut_the_box_events import Closed
from petanque_game.ui import theme
from petanque_game.ui.game_ui import GameUI
from petanque_game.ui.keys import key_names
from petanque_game.ui.session import Step
from petanque_game.ui.tray.games import Advice, Controls, both, either
from petanque_game.ui.tray.layout import HINT_COLOUR, PANEL_RECT, DieView, RollShown
from petanque_game.ui.widgets import Button

# --- Shut the Box ---------------------------------------------------------------------------------

TILE_W, TILE_H, TILE_GAP = 88, 92, 10
OPTIONS_SAID = 4  # a refusal names at most this many ways to close, then "..."


class ShutTheBoxControls(Controls[ShutTheBoxState]):
    def tile_rect(self, box: int) -> pygame.Rect:
        x0 = PANEL_RECT.x + (PANEL_RECT.w - (9 * TILE_W + 8 * TILE_GAP)) // 2
        return pygame.Rect(x0 + (box - 1) * (TILE_W + TILE_GAP), PANEL_RECT.y + 12, TILE_W,
                           TILE_H)

    def on_transition(self, step: Step) -> None:
        """A roll that allows exactly one closing has it chosen already: the player confirms
        with one key (Enter) or click (Close). It is not played for them: the closing is the
        player's move, and confirming it keeps the pace theirs (they see which boxes go down)."""
        super().on_transition(step)
        st = step.after
        sets = st.closable()
        if len(sets) == 1 and self.scene.session.interactive and \
                self.scene.session.human_to_move:
            self.selected = set(sets[0])
        if self.ended_turn(step) == 0 and any(isinstance(made.event, Closed)
                                             for made in step.transitions):
            self.scene.after_settle("shut")  # all nine boxes are down

    def tray_dice(self, roll: RollShown) -> list[DieView]:
        stale = self.state.phase != "close" and not self.scene.holding
        return [DieView(v, dim=stale) for v in roll.values]

    def click_die(self, i: int) -> None:
        if self.not_now():
            return
        self.scene.refuse(self.scene.look.tr("tray.shut_the_box.refuse.click_boxes") if
                          self.state.phase == "close" else
                          self.scene.look.tr("tray.shut_the_box.refuse.roll_first"))

    def click_panel(self, pos: tuple[int, int]) -> bool:
        for box in range(1, 10):
            if self.tile_rect(box).collidepoint(pos):
                self.toggle(box)
                return True
        return False

    def toggle(self, box: int) -> None:
        if self.not_now():
            return
        st = self.state
        if box not in st.open_boxes:
            self.scene.refuse(self.scene.look.tr("tray.shut_the_box.refuse.closed", box=box))
            return
        if st.phase != "close":
            self.scene.refuse(self.scene.look.tr("tray.shut_the_box.refuse.roll_first"))
            return
        self.selected ^= {box}

    def options_text(self) -> str:
        """'8, or 2 and 6': the ways the roll lets the player close, in their language."""
        sets = self.state.closable()
        shown = [both(self.scene.look, [str(b) for b in s]) for s in sets[:OPTIONS_SAID]]
        if len(sets) > OPTIONS_SAID:
            shown.append(self.scene.look.tr("tray.shut_the_box.more"))
        return either(self.scene.look, shown)

    def dice_text(self) -> str:
        d = self.state.dice
        if len(d) == 1:
            return str(d[0])
        return self.scene.look.tr("tray.shut_the_box.dice_sum", a=d[0], b=d[1], total=sum(d))

    def close(self) -> None:
        if self.not_now():
            return
        self.scene.act(Close(tuple(sorted(self.selected))))  # the rules say what is possible

    def roll(self, count: int) -> None:
        if self.not_now():
            return
        self.scene.act(Roll(count))

    def buttons(self) -> list[Button]:
        look = self.scene.look
        st = self.state
        if st.phase == "close":
            return [self.button(look.tr("tray.shut_the_box.close"), self.close, True,
                                key_names(look, self.scene.app.settings,
                                          "close"), "close", "primary")]
        settings = self.scene.app.settings
        return [self.button(look.tr_n("tray.shut_the_box.roll", 1), lambda: self.roll(1),
                            st.one_die_allowed, key_names(look, settings, "roll_one"), "roll1"),
                self.button(look.tr_n("tray.shut_the_box.roll", 2), lambda: self.roll(2),
                            st.phase == "roll", key_names(look, settings,
                                                          "roll"), "roll", "primary")]

    def key(self, key: int) -> bool:
        st = self.state
        if st.phase == "close" and pygame.K_1 <= key <= pygame.K_9:
            self.toggle(key - pygame.K_0)
            return True
        if self.is_key("close", key) and st.phase == "close":
            self.close()
            return True
        if self.is_key("roll_one", key):
            self.roll(1)
            return True
        if self.is_key("roll", key):
            self.roll(2)
            return True
        return False

    def _panel_parts(self) -> tuple[set[int], set[int], str]:
        """The boxes that may close, the boxes the hint points at, the line under the boxes."""
        st = self.state
        legal = {b for s in st.closable() for b in s} if self.human else set()
        advice = self.scene.advice_shown()
        hinted = self.advice_boxes(advice) if advice is not None else set()
        text = self.scene.look.tr("tray.shut_the_box.open_now", penalty=st.turn_penalty)
        if st.one_die_allowed and st.phase != "over":
            text = self.scene.look.tr("tray.shut_the_box.open_now_one_die", penalty=st.turn_penalty)
        return legal, hinted, text

    def panel_shows(self) -> Hashable:
        legal, hinted, text = self._panel_parts()
        return (tuple(sorted(self.state.open_boxes)), tuple(sorted(self.selected)),
                tuple(sorted(legal)), tuple(sorted(hinted)), text)

    def draw_panel(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        look = self.scene.look
        st = self.state
        legal, hinted, text = self._panel_parts()
        for box in range(1, 10):
            r = self.tile_rect(box)
            is_open = box in st.open_boxes
            chosen = box in self.selected
            if is_open:
                lift = 6 if chosen else 0
                tile = r.move(0, -lift)
                base = look.colour("accent") if chosen else (222, 194, 140)
                pygame.draw.rect(surface, (70, 48, 26), r.move(0, 4), border_radius=8)
                pygame.draw.rect(surface, base, tile, border_radius=8)
                pygame.draw.rect(surface, theme.mix(base, (255, 255, 255), 0.3),
                                 tile.inflate(-10, -10).move(0, -tile.h // 4).clip(tile),
                                 border_radius=6)
                pygame.draw.rect(surface, base, tile.inflate(-10, -40).move(0, 10),
                                 border_radius=6)
                if box in hinted:
                    pygame.draw.rect(surface, HINT_COLOUR, tile.inflate(10, 10), 5,
                                     border_radius=12)
                elif box in legal and not chosen:
                    pygame.draw.rect(surface, look.colour("good"), tile.inflate(6, 6), 4,
                                     border_radius=10)
                look.blit_text(surface, str(box), tile.center, 62, (60, 36, 16), True, "center")
            else:
                pygame.draw.rect(surface, (46, 34, 22), r, border_radius=8)
                flap = pygame.Rect(r.x, r.y + r.h * 2 // 3, r.w, r.h // 3)
                pygame.draw.rect(surface, (150, 120, 80), flap, border_radius=6)
                look.blit_text(surface, str(box), (r.centerx, r.y + r.h // 3), 40,
                                (90, 70, 50), True, "center")
        look.blit_text(surface, look.fit(text, 22, rect.w - 48), (rect.x + 24,
                                                                     rect.bottom - 30), 22,
                        "muted")

    def prompt(self) -> str:
        look = self.scene.look
        st, wait = self.state, self.waiting_prompt()
        if wait:
            return wait
        who = self.name(st.turn_player)
        if st.phase == "close":
            sets = st.closable()
            if len(sets) == 1 and self.selected == set(sets[0]):
                return look.tr("tray.shut_the_box.prompt.only", name=who, dice=self.dice_text(),
                               boxes=both(look, [str(b) for b in sets[0]]))
            return look.tr("tray.shut_the_box.prompt.close", name=who, dice=self.dice_text(),
                           options=self.options_text())
        if st.one_die_allowed:
            return look.tr("tray.shut_the_box.prompt.roll_either", name=who)
        return look.tr("tray.shut_the_box.prompt.roll", name=who)

    def score(self, seat: int) -> str:
        return self.scene.look.number(self.state.scores()[seat])

    def subline(self, seat: int) -> str:
        """The card under the name: the boxes open in the turn being played, or the penalty of
        each turn played so far ("penalty 24", "penalties 24, 7")."""
        st = self.state
        turns = st.turn_penalties[seat]
        if seat == st.turn_player and not st.is_terminal:
            return self.scene.look.tr("tray.shut_the_box.open_card", penalty=st.turn_penalty)
        if not turns:
            return ""
        return self.scene.look.tr_n("tray.shut_the_box.penalties", len(turns),
                                    penalties=", ".join(self.scene.look.number(p) for p in turns))

    def header(self) -> str:
        st = self.state
        rule = self.scene.look.tr(f"tray.shut_the_box.rule.{st.options['closing']}")
        return self.scene.look.tr("tray.shut_the_box.header", round=st.round_number,
                                  rounds=st.options["rounds"], rule=rule)

    # --- what the turn came to, and the hint ------------------------------------------------------

    @staticmethod
    def ended_turn(step: Step) -> int | None:
        """The penalty of the turn `step` ended, or None if the turn goes on."""
        seat = step.seat
        if seat is None:
            return None
        before, after = step.before.turn_penalties[seat], step.after.turn_penalties[seat]
        return after[-1] if len(after) > len(before) else None

    def outcome(self, step: Step) -> str:
        penalty = self.ended_turn(step)
        for made in step.transitions:
            if isinstance(made.event, Rolled) and penalty is not None:
                values = made.event.dice
                return self.scene.look.tr("tray.shut_the_box.stuck", total=sum(values),
                                          penalty=self.scene.look.number(penalty))
        return ""

    def advice_boxes(self, advice: Advice) -> set[int]:
        return set(advice.action.boxes) if isinstance(advice.action, Close) else set()

    def advice_button(self, advice: Advice) -> str:
        if isinstance(advice.action, Close):
            return "close"
        return "roll1" if advice.action.count == 1 else "roll"


WINDOW = GameUI(
    "tray", (("closing", ("seed", "classic")), ("rounds", (1, 3, 5)),
             ("partial_close", (False, True)), ("close_all_three", (False, True)),
             ("shut_wins", (False, True))),
    "petanque_game.ui.narrate:tell_shut_the_box",
    "petanque_game.ui.tray.shut_the_box:ShutTheBoxControls",
    howto=(("roll", "howto.tray.roll"), ("roll_one", "howto.shut-the-box.roll_one"),
           (None, "howto.shut-the-box.boxes"), ("close", "howto.shut-the-box.close")))
