"""Ship, Captain and Crew's controls: ship, captain and crew secured in their slots, the cargo,
the rolls used, Roll / Stop (and one cargo die picked for a re-roll with `cargo_reroll: any`)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from petanque_game.rules.base import Roll, Stop
from petanque_game.ui import dice, theme
from petanque_game.ui.tray_games import Controls
from petanque_game.ui.tray_layout import DieView, RollShown
from petanque_game.ui.widgets import Button

# --- Ship, Captain and Crew -------------------------------------------------------------------------

@dataclass
class ShipTurn:
    """What to show of the turn in progress or just finished."""

    seat: int | None
    secured: int = 0
    cargo: tuple[int, ...] = ()
    rolls_used: int = 0
    ended: bool = False
    score: int = 0
    marks: dict[int, str] = field(default_factory=dict)  # die index in the roll -> its role


class ShipControls(Controls):
    def __init__(self, scene):
        super().__init__(scene)
        st = self.state
        self.turn = ShipTurn(st.turn_player, st.secured_count, st.cargo, st.rolls_used)

    def on_step(self, step) -> None:
        super().on_step(step)
        b = step.before
        for told in step.told:
            ev, facts = told.decoded, told.facts
            if ev.action == "roll":  # what each die became: the rules' facts of the roll
                marks = {i: role if role == "cargo" else role.upper()
                         for i, role in enumerate(facts.roles) if role}
                self.turn = ShipTurn(ev.player, facts.secured, facts.cargo, b.rolls_used + 1,
                                     facts.ended, facts.score, marks)
            elif ev.action == "stop":
                self.turn.ended = True
                self.turn.score = facts.score

    def tray_dice(self, roll: RollShown) -> list[DieView]:
        views = []
        for i, v in enumerate(roll.values):
            mark = self.turn.marks.get(i, "")
            view = DieView(v, dim=self.turn.ended, selected=i in self.selected)
            if mark and not self.turn.ended:
                view.outline = theme.colour("good") if mark == "cargo" else (246, 196, 72)
                view.label = mark
            views.append(view)
        return views

    def click_die(self, i: int) -> None:
        if self.not_now():
            return
        st = self.state
        if not st.qualified:
            self.scene.refuse("Ship, captain and crew are set aside by themselves: press Roll")
        elif st.cargo_reroll != "any":
            self.scene.refuse("Both cargo dice are re-rolled together: press Re-roll or Stop")
        elif self.turn.marks.get(i) == "cargo" or st.qualified:
            self.selected = set() if i in self.selected else {i}

    def roll(self) -> None:
        if self.not_now():
            return
        st = self.state
        if not st.qualified:
            self.scene.act(Roll(5 - st.secured_count))
        elif self.selected and st.cargo_reroll == "any" and self.scene.roll is not None:
            i = next(iter(self.selected))
            value = self.turn.cargo[0] if i >= len(self.scene.roll.values) else \
                self.scene.roll.values[i]
            if value not in st.cargo:
                value = st.cargo[0]
            self.scene.act(Roll(1, reroll=(value,)))
        else:
            self.scene.act(Roll(2))

    def stop(self) -> None:
        if self.not_now():
            return
        self.scene.act(Stop())

    def buttons(self) -> list[Button]:
        st = self.state
        if st.is_terminal:
            return []
        if st.qualified:
            label = "Re-roll one" if self.selected else "Re-roll cargo"
            return [self.button(f"Stop: keep {sum(st.cargo)}", self.stop, True, "S", "stop",
                                "primary", 210),
                    self.button(label, self.roll, True, "R / Space", "roll")]
        return [self.button(f"Roll {5 - st.secured_count} dice", self.roll, True, "R / Space",
                            "roll", "primary")]

    def key(self, key: int) -> bool:
        if self.is_key("roll", key):
            self.roll()
            return True
        if self.is_key("stop", key):
            self.stop() if self.state.qualified else self.scene.refuse("Nothing to keep yet")
            return True
        return False

    def draw_panel(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        t = self.turn
        for k, (role, need) in enumerate(zip(("Ship", "Captain", "Crew"), (6, 5, 4))):
            r = pygame.Rect(rect.x + 20 + k * 128, rect.y + 14, 116, 122)
            have = t.secured > k
            pygame.draw.rect(surface, (28, 74, 50) if have else theme.colour("panel_light"), r,
                             border_radius=10)
            pygame.draw.rect(surface, theme.colour("accent") if have else theme.colour("edge"),
                             r, 2, border_radius=10)
            theme.blit_text(surface, role, (r.centerx, r.y + 6), 22,
                            "accent" if have else "muted", True, "midtop")
            if have:
                dice.draw_die(surface, need, (r.centerx, r.y + 74), 62)
            else:
                ghost = dice.die_face(need, 62)
                ghost = ghost.copy()
                ghost.set_alpha(50)
                surface.blit(ghost, ghost.get_rect(center=(r.centerx, r.y + 74)))
        cx = rect.x + 430
        theme.blit_text(surface, "Cargo", (cx, rect.y + 12), 22, "muted")
        if t.secured == 3 and t.cargo:
            for j, v in enumerate(t.cargo):
                dice.draw_die(surface, v, (cx + 34 + j * 70, rect.y + 74), 58)
            theme.blit_text(surface, f"= {sum(t.cargo)}", (cx + 150, rect.y + 74), 48,
                            "accent", True, "midleft")
        else:
            theme.blit_text(surface, "needs ship, captain and crew", (cx, rect.y + 64), 22,
                            "muted")
        st = self.state
        rx = rect.x + 700
        who = self.name(t.seat)
        if t.ended:
            theme.blit_text(surface, f"{who}: {t.score} points", (rx, rect.y + 12), 24, "text",
                            True)
        else:
            theme.blit_text(surface, "Rolls", (rx, rect.y + 12), 22, "muted")
            for j in range(3):
                used = j < t.rolls_used
                pygame.draw.circle(surface, theme.colour("accent") if used else
                                   theme.colour("edge"), (rx + 14 + j * 30, rect.y + 52), 10,
                                   0 if used else 2)
        if st.mode == "pot":
            theme.blit_text(surface, f"Pot: {st.pot} chips", (rx, rect.y + 84), 30, "accent", True)

    def prompt(self) -> str:
        st, wait = self.state, self.waiting_prompt()
        if wait:
            return wait
        who = self.name(st.turn_player)
        if st.qualified:
            return (f"{who}: cargo {sum(st.cargo)}. Stop to keep it, or re-roll the cargo "
                    f"({st.rolls_left} roll{'s' if st.rolls_left > 1 else ''} left).")
        need = ("a 6 for the ship", "a 5 for the captain", "a 4 for the crew")[st.secured_count]
        return f"{who}: roll {5 - st.secured_count} dice ({st.rolls_left} left) - you need {need}."

    def score(self, seat: int) -> str:
        return str(self.state.scores()[seat])

    def subline(self, seat: int) -> str:
        st = self.state
        parts = []
        if st.mode == "pot":
            parts.append("chips" if seat in st.players_in else "out")
        now = st.round_scores[seat] if seat < len(st.round_scores) else None
        if now is not None:
            parts.append(f"this round {now}")
        elif st.previous_scores[seat] is not None:
            parts.append(f"last round {st.previous_scores[seat]}")
        return ", ".join(parts)

    def header(self) -> str:
        st = self.state
        info = f"Round {st.round_number}"
        if st.mode == "points":
            info += f"  -  first to {st.target}" if st.target else f" of {st.rounds}"
        if st.tiebreak:
            info += "  -  tie-break"
        if st.rolloff:
            info += "  -  roll-off"
        return info
