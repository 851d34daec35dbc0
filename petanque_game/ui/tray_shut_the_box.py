"""Shut the Box's controls: the nine boxes drawn as a board, click boxes to close (the legal ones
glow), Roll 2 / Roll 1."""

from __future__ import annotations

import pygame

from petanque_game.rules.base import Close, Roll
from petanque_game.ui import theme
from petanque_game.ui.tray_games import Controls
from petanque_game.ui.tray_layout import PANEL_RECT, DieView, RollShown
from petanque_game.ui.widgets import Button

# --- Shut the Box ----------------------------------------------------------------------------------

TILE_W, TILE_H, TILE_GAP = 88, 92, 10


class ShutTheBoxControls(Controls):
    def tile_rect(self, box: int) -> pygame.Rect:
        x0 = PANEL_RECT.x + (PANEL_RECT.w - (9 * TILE_W + 8 * TILE_GAP)) // 2
        return pygame.Rect(x0 + (box - 1) * (TILE_W + TILE_GAP), PANEL_RECT.y + 12, TILE_W,
                           TILE_H)

    def tray_dice(self, roll: RollShown) -> list[DieView]:
        stale = self.state.phase != "close"
        return [DieView(v, dim=stale) for v in roll.values]

    def click_die(self, i: int) -> None:
        if self.not_now():
            return
        self.scene.refuse("Click the boxes below to choose what to close" if
                          self.state.phase == "close" else "Press Roll to roll the dice")

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
            self.scene.refuse(f"Box {box} is already closed")
            return
        if st.phase != "close":
            self.scene.refuse("Roll the dice first")
            return
        self.selected ^= {box}

    def options_text(self) -> str:
        sets = self.state.closable()
        shown = [" and ".join(map(str, s)) for s in sets]
        return ", or ".join(shown)

    def close(self) -> None:
        if self.not_now():
            return
        if self.state.phase != "close":
            self.scene.refuse("Roll the dice first")
            return
        if not self.selected:
            self.scene.refuse(f"Click the boxes to close first: {self.options_text()}")
            return
        self.scene.act(Close(tuple(sorted(self.selected))))

    def roll(self, count: int) -> None:
        if self.not_now():
            return
        self.scene.act(Roll(count))

    def buttons(self) -> list[Button]:
        st = self.state
        if st.phase == "close":
            return [self.button("Close", self.close, True, "C / Enter", "close", "primary")]
        return [self.button("Roll 1 die", lambda: self.roll(1), st.one_die_allowed, "1",
                            "roll1"),
                self.button("Roll 2 dice", lambda: self.roll(2), st.phase == "roll",
                            "R / Space", "roll", "primary")]

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

    def draw_panel(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        st = self.state
        legal = {b for s in st.closable() for b in s} if self.human else set()
        for box in range(1, 10):
            r = self.tile_rect(box)
            is_open = box in st.open_boxes
            chosen = box in self.selected
            if is_open:
                lift = 6 if chosen else 0
                tile = r.move(0, -lift)
                base = theme.colour("accent") if chosen else (222, 194, 140)
                pygame.draw.rect(surface, (70, 48, 26), r.move(0, 4), border_radius=8)
                pygame.draw.rect(surface, base, tile, border_radius=8)
                pygame.draw.rect(surface, theme.mix(base, (255, 255, 255), 0.3),
                                 tile.inflate(-10, -10).move(0, -tile.h // 4).clip(tile),
                                 border_radius=6)
                pygame.draw.rect(surface, base, tile.inflate(-10, -40).move(0, 10),
                                 border_radius=6)
                if box in legal and not chosen:
                    pygame.draw.rect(surface, theme.colour("good"), tile.inflate(6, 6), 4,
                                     border_radius=10)
                theme.blit_text(surface, str(box), tile.center, 62, (60, 36, 16), True, "center")
            else:
                pygame.draw.rect(surface, (46, 34, 22), r, border_radius=8)
                flap = pygame.Rect(r.x, r.y + r.h * 2 // 3, r.w, r.h // 3)
                pygame.draw.rect(surface, (150, 120, 80), flap, border_radius=6)
                theme.blit_text(surface, str(box), (r.centerx, r.y + r.h // 3), 40,
                                (90, 70, 50), True, "center")
        text = f"Open now: {st.turn_penalty}  (the penalty if the turn ended now)"
        if st.one_die_allowed and st.phase != "over":
            text += "   -   7, 8 and 9 are shut: you may roll one die"
        theme.blit_text(surface, text, (rect.x + 24, rect.bottom - 30), 22, "muted")

    def prompt(self) -> str:
        st, wait = self.state, self.waiting_prompt()
        if wait:
            return wait
        who = self.name(st.turn_player)
        if st.phase == "close":
            return f"{who}: {' + '.join(map(str, st.dice))} - close {self.options_text()}."
        if st.one_die_allowed:
            return f"{who}: roll one die or two."
        return f"{who}: roll the two dice."

    def score(self, seat: int) -> str:
        return str(self.state.scores()[seat])

    def subline(self, seat: int) -> str:
        st = self.state
        turns = st.turn_penalties[seat]
        if seat == st.turn_player and not st.is_terminal:
            return f"open now {st.turn_penalty}"
        return ("turns: " + ", ".join(map(str, turns))) if turns else ""

    def header(self) -> str:
        rounds = self.state.options["rounds"]
        return f"Round {self.state.round_number} of {rounds}  -  {self.state.options['closing']} rule"
