"""Ship, Captain and Crew's controls: ship, captain and crew secured in their slots, the cargo,
the rolls used, Roll / Stop (and one cargo die picked for a re-roll with `cargo_reroll: any`)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from petanque_game.rules.base import Roll, Stop
from petanque_game.rules.events import Rolled
from petanque_game.rules.ship_captain_crew import ShipCaptainCrewState
from petanque_game.rules.ship_captain_crew_events import Stopped
from petanque_game.rules.ship_captain_crew_turn import ROLES
from petanque_game.ui.game_ui import GameUI
from petanque_game.ui.keys import key_names
from petanque_game.ui.session import Step
from petanque_game.ui.tray.games import Advice, Controls, Tray
from petanque_game.ui.tray.layout import (
    HINT_COLOUR,
    PANEL_RECT,
    DieView,
    RollShown,
    draw_player_mark,
)
from petanque_game.ui.widgets import Button

# --- Ship, Captain and Crew -----------------------------------------------------------------------

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


class ShipControls(Controls[ShipCaptainCrewState]):
    def __init__(self, scene: Tray):
        super().__init__(scene)
        st = self.state
        self.turn = ShipTurn(st.turn_player, st.secured_count, st.cargo, st.rolls_used)

    pick: int | None = None  # the cargo value picked to re-roll alone (`cargo_reroll: any`)

    def on_transition(self, step: Step) -> None:
        super().on_transition(step)
        self.pick = None
        b = step.before
        for made in step.transitions:
            facts = made.facts
            match made.event:
                case Rolled(player=player):  # what each die became: the rules' facts of the roll
                    marks = {i: role for i, role in enumerate(facts.roles) if role}
                    self.turn = ShipTurn(player, facts.secured, facts.cargo, b.rolls_used + 1,
                                         facts.ended, facts.score, marks)
                case Stopped():
                    self.turn.ended = True
                    self.turn.score = facts.score

    def tray_dice(self, roll: RollShown) -> list[DieView]:
        views = []
        for i, v in enumerate(roll.values):
            mark = self.turn.marks.get(i, "")
            ended = self.turn.ended and not self.scene.holding
            view = DieView(v, dim=ended, selected=i in self.selected)
            if mark and not ended:
                view.outline = self.scene.look.colour("good") if mark == "cargo" else (246, 196, 72)
                view.label = self.scene.look.tr(f"tray.ship.role.{mark}")
            views.append(view)
        return views

    def click_die(self, i: int) -> None:
        if self.not_now():
            return
        st = self.state
        if not st.qualified:
            self.scene.refuse(self.scene.look.tr("tray.ship.refuse.not_qualified"))
        elif st.cargo_reroll != "any":
            self.scene.refuse(self.scene.look.tr("tray.ship.refuse.both_cargo"))
        elif self.turn.marks.get(i) == "cargo" and self.scene.roll is not None:
            self.choose(self.scene.roll.values[i], i)
        else:
            self.scene.refuse(self.scene.look.tr("tray.ship.refuse.not_cargo"))

    def choose(self, value: int, die: int | None = None) -> None:
        """Pick (or drop) the cargo die showing `value` to re-roll alone; `die` is its index on
        the tray, if it is there (a die kept from an earlier roll is only in the panel)."""
        if self.pick == value:
            self.pick, self.selected = None, set()
            return
        self.pick = value
        self.selected = {die} if die is not None else set()

    def cargo_rect(self, j: int) -> pygame.Rect:
        """Where the panel shows cargo die `j`."""
        return pygame.Rect(0, 0, 62, 62).move(PANEL_RECT.x + 430 + 34 + j * 70 - 31,
                                              PANEL_RECT.y + 74 - 31)

    def click_panel(self, pos: tuple[int, int]) -> bool:
        st = self.state
        for j, v in enumerate(st.cargo if st.qualified else ()):
            if self.cargo_rect(j).collidepoint(pos):
                if self.not_now():
                    return True
                if st.cargo_reroll != "any":
                    self.scene.refuse(self.scene.look.tr("tray.ship.refuse.both_cargo"))
                    return True
                on_tray = [i for i, m in self.turn.marks.items() if m == "cargo" and
                           self.scene.roll is not None and self.scene.roll.values[i] == v]
                self.choose(v, on_tray[0] if on_tray else None)
                return True
        return False

    def roll(self) -> None:
        if self.not_now():
            return
        st = self.state
        if not st.qualified:
            action = Roll(5 - st.secured_count)
        elif self.pick is not None and st.cargo_reroll == "any" and self.pick in st.cargo:
            action = Roll(1, reroll=(self.pick,))
        else:
            action = Roll(2)
        self.scene.act(action)

    def stop(self) -> None:
        if self.not_now():
            return
        self.scene.act(Stop())

    def buttons(self) -> list[Button]:
        look = self.scene.look
        st = self.state
        if st.is_terminal:
            return []
        roll_keys = key_names(look, self.scene.app.settings, "roll")
        if st.qualified:
            label = look.tr("tray.ship.reroll_one") if self.pick is not None else \
                look.tr("tray.ship.reroll_cargo")
            return [self.button(look.tr("tray.ship.stop", cargo=sum(st.cargo)), self.stop, True,
                                key_names(look, self.scene.app.settings,
                                          "stop"), "stop", "primary", 210),
                    self.button(label, self.roll, True, roll_keys, "roll")]
        return [self.button(look.tr_n("tray.ship.roll", 5 - st.secured_count), self.roll, True,
                            roll_keys, "roll", "primary")]

    def key(self, key: int) -> bool:
        if self.is_key("roll", key):
            self.roll()
            return True
        if self.is_key("stop", key):
            self.stop()
            return True
        return False

    def draw_panel(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        look = self.scene.look
        t = self.turn
        for k, (role, need) in enumerate(zip(ROLES, (6, 5, 4))):
            r = pygame.Rect(rect.x + 20 + k * 128, rect.y + 14, 116, 122)
            have = t.secured > k
            pygame.draw.rect(surface, (28, 74, 50) if have else look.colour("panel_light"), r,
                             border_radius=10)
            pygame.draw.rect(surface, look.colour("accent") if have else look.colour("edge"),
                             r, 2, border_radius=10)
            look.blit_text(surface, look.tr(f"tray.ship.slot.{role}"), (r.centerx, r.y + 6), 22,
                            "accent" if have else "muted", True, "midtop")
            if have:
                self.pictures.draw_die(look, surface, need, (r.centerx, r.y + 74), 62)
            else:
                ghost = self.pictures.faded_face(look, need, 62, 50)
                surface.blit(ghost, ghost.get_rect(center=(r.centerx, r.y + 74)))
        cx = rect.x + 430
        look.blit_text(surface, look.tr("tray.ship.cargo"), (cx, rect.y + 12), 22, "muted")
        if t.secured == 3 and t.cargo:
            advice = self.scene.advice_shown()
            hinted = advice.action.reroll[0] if advice is not None and isinstance(
                advice.action, Roll) and advice.action.reroll else None
            picked = False
            for j, v in enumerate(t.cargo):
                chosen = v == self.pick and not picked
                picked = picked or chosen
                box = self.cargo_rect(j)
                die = self.pictures.draw_die(look, surface, v, box.move(0,
                                                                        -6 if chosen else 0).center,
                                             58, outline=look.colour("accent") if chosen else None)
                draw_player_mark(look, surface, t.seat, die)
                if v == hinted:
                    pygame.draw.rect(surface, HINT_COLOUR, die.inflate(8, 8), 4,
                                     border_radius=12)
                    hinted = None
            look.blit_text(surface, f"= {sum(t.cargo)}", (cx + 150, rect.y + 74), 48,
                            "accent", True, "midleft")
        else:
            look.blit_text(surface, look.tr("tray.ship.needs"), (cx, rect.y + 64), 22,
                            "muted")
        st = self.state
        rx = rect.x + 700
        who = self.name(t.seat)
        if t.ended:
            look.blit_text(surface, look.fit(look.tr_n("tray.ship.scored", t.score, name=who),
                                               24, rect.right - rx - 10, True),
                            (rx, rect.y + 12), 24, "text", True)
        else:
            look.blit_text(surface, look.tr("tray.ship.rolls"), (rx, rect.y + 12), 22, "muted")
            for j in range(3):
                used = j < t.rolls_used
                pygame.draw.circle(surface, look.colour("accent") if used else
                                   look.colour("edge"), (rx + 14 + j * 30, rect.y + 52), 10,
                                   0 if used else 2)
        if st.mode == "pot":
            look.blit_text(surface, look.tr_n("tray.ship.pot", st.pot), (rx, rect.y + 84), 30,
                            "accent", True)

    def prompt(self) -> str:
        st, wait = self.state, self.waiting_prompt()
        if wait:
            return wait
        who = self.name(st.turn_player)
        if st.qualified:
            return self.scene.look.tr_n("tray.ship.prompt.cargo", st.rolls_left, name=who,
                                        cargo=sum(st.cargo))
        need = self.scene.look.tr(f"tray.ship.need.{ROLES[st.secured_count]}")
        return self.scene.look.tr_n("tray.ship.prompt.roll", st.rolls_left, name=who,
                                    dice=5 - st.secured_count, need=need)

    def score(self, seat: int) -> str:
        return self.scene.look.number(self.state.scores()[seat])

    def subline(self, seat: int) -> str:
        look = self.scene.look
        st = self.state
        parts = []
        if st.mode == "pot":
            parts.append(look.tr("tray.ship.chips" if seat in st.players_in else "tray.ship.out"))
        now = st.round_scores[seat] if seat < len(st.round_scores) else None
        if now is not None:
            parts.append(look.tr("tray.ship.this_round", score=now))
        elif st.previous_scores[seat] is not None:
            parts.append(look.tr("tray.ship.last_round", score=st.previous_scores[seat]))
        return ", ".join(parts)

    def header(self) -> str:
        look = self.scene.look
        st = self.state
        if st.mode == "points" and st.target:
            info = look.tr("tray.ship.header_target", round=st.round_number, target=st.target)
        elif st.mode == "points":
            info = look.tr("tray.ship.header_rounds", round=st.round_number, rounds=st.rounds)
        else:
            info = look.tr("tray.ship.header", round=st.round_number)
        if st.tiebreak:
            info += look.tr("tray.ship.tiebreak")
        if st.rolloff:
            info += look.tr("tray.ship.rolloff")
        return info

    # --- what the turn came to, and the hint ------------------------------------------------------

    def outcome(self, step: Step) -> str:
        for made in step.transitions:
            facts = made.facts
            if isinstance(made.event, Rolled) and facts is not None and facts.ended:
                who = self.name(made.player)
                if facts.secured < 3:
                    return self.scene.look.tr("tray.ship.no_ship", name=who)
                return self.scene.look.tr_n("tray.ship.scored", facts.score, name=who)
        return ""

    def advice_dice(self, advice: Advice) -> set[int]:
        action = advice.action
        if not isinstance(action, Roll) or not self.state.qualified or self.scene.roll is None:
            return set()
        cargo = [i for i, m in self.turn.marks.items() if m == "cargo"]
        if action.count == 1 and action.reroll:
            values = self.scene.roll.values
            return {next((i for i in cargo if values[i] == action.reroll[0]), -1)} - {-1}
        return set(cargo)

    def advice_button(self, advice: Advice) -> str:
        return "stop" if isinstance(advice.action, Stop) else "roll"


def _hidden(options: dict) -> frozenset[str]:
    """A pot game plays for no target, a points game for no chips."""
    return frozenset({"target"} if options.get("mode") == "pot" else {"chips"})


WINDOW = GameUI(
    "tray", (("mode", ("points", "pot")), ("target", (25, 50, 100)),
             ("chips", (5, 10, 20)), ("cargo_reroll", ("both", "any"))),
    "petanque_game.ui.narrate:tell_ship",
    "petanque_game.ui.tray.ship:ShipControls", _hidden,
    howto=(("roll", "howto.tray.roll"), (None, "howto.ship-captain-crew.secure"),
           ("stop", "howto.ship-captain-crew.stop")))
