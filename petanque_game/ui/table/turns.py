"""What the players do at the Terningepetanque table, and the parts the table is made of: the state
shown, the throw due, the person's acts (throw, keep, throw again, roll for who starts, the hint
and Use hint) and an AI's aim shown before it throws. The table scene (table/scene.py) routes the
player's events to these and lays the parts out (table/view.py).

Pace (the `accept_at_once` setting, on by default): a throw that may be taken back (with the
game's take-backs allowed) is kept without asking, but Throw again (T) stays one key away until
the next throw starts. When a person at this window throws next (the same player: the diamond,
then their first die; or another person at the same screen with no hand-over screen between
them), the table shows that throw's aim at once and the keep is decided when it is thrown; when
anyone else throws next (an AI, or a person behind the hand-over screen), the throw is kept after
ACCEPT_GRACE seconds, counted down on the Throw again button. The rules (and the record) see the
same Accept, just later.
"""

from __future__ import annotations

import math
from functools import cached_property
from typing import Any

from petanque_game.physics.hand import Hand
from petanque_game.physics.level_spec import Level
from petanque_game.physics.results import Path
from petanque_game.physics.throw import ReleaseZone
from petanque_game.rules.base import Roll
from petanque_game.rules.events import Transition
from petanque_game.rules.petanque_table import Aim, Table
from petanque_game.rules.terningepetanque import TerningepetanqueState as TableState
from petanque_game.ui.component import Forward
from petanque_game.ui.game_scene import GameScene
from petanque_game.ui.scene import AppLike
from petanque_game.ui.session import LiveSession, Session, Step
from petanque_game.ui.table.ai_aim import AiAim, AiAimShow
from petanque_game.ui.table.aim import Preview, Solved, preview
from petanque_game.ui.table.aiming import Aiming, Drag, Point, aim_mode
from petanque_game.ui.table.camera import Camera
from petanque_game.ui.table.camera_control import CameraControl
from petanque_game.ui.table.closeup import CloseUp
from petanque_game.ui.table.coach import Coach
from petanque_game.ui.table.hint import HintAsk
from petanque_game.ui.table.knocks import Knocks
from petanque_game.ui.table.pictures import pictures_of
from petanque_game.ui.table.playback import Flight, Playback
from petanque_game.ui.table.replay import ReplayCheck, check_of
from petanque_game.ui.table.round_end import Reckoning, RoundEnd
from petanque_game.ui.table.score_sheet import ScoreSheet
from petanque_game.ui.table.sheet import Placement
from petanque_game.ui.table.shown import Due, due_throw
from petanque_game.ui.table.start import StartRoll
from petanque_game.ui.table.window import AREA

NORMAL_AI_DELAY = 0.8  # the ai_delay setting's default: the AI pace 1
ACCEPT_GRACE = 5.0  # seconds Throw again stays offered before a kept throw passes the turn on


class TableTurns(GameScene):
    """The table's parts and the players' acts on it (the base of TableScene)."""

    # what outside code reads (and tests set) of the scene by name: its parts' own state
    target = Forward[Point]("aim", "target")
    elevation = Forward[float]("aim", "elevation")
    spin = Forward[float]("aim", "spin")
    power = Forward[float]("aim", "power")
    charging = Forward[float | None]("aim", "charging")
    drag = Forward[Drag | None]("aim", "drag")
    keyed = Forward[bool]("aim", "keyed")
    hinted = Forward[tuple[Aim, Any, Point] | None]("aim", "hinted")
    flight = Forward[Flight | None]("playback", "flight")
    flight_state = Forward[TableState | None]("playback", "shown")
    before_flight = Forward[Table]("playback", "before")
    reckoning = Forward[Reckoning | None]("round_end", "reckoning")
    round_final = Forward[tuple[int, Table] | None]("round_end", "final")
    ai_aim = Forward[AiAim | None]("ai_aims", "aim")

    def __init__(self, app: AppLike, session: Session):
        super().__init__(app, session)
        level = session.match.level
        assert level is not None  # (a game played on a board)
        self.level: Level = level
        self.view = Camera(self.level, AREA.size)  # eased pan and zoom (ui/table/camera.py)
        memory = app.memory
        self.pictures = pictures_of(memory)  # the window's (ui/table/pictures.py)
        names = [p.name for p in session.players]
        self.camera = CameraControl(self.view, memory)
        self.score_sheet = ScoreSheet(app.look, self.level, names, session.state.rounds, self.view,
                                      memory, lambda: self.human_turn and not self.busy)
        self.solved = Solved()  # aims solved and previews worked out (ui/table/aim.py)
        self.aim = Aiming(self.level, solved=self.solved)
        self.playback = Playback(app.look, self.level, lambda: app.settings.animation_speed,
                                 self.replay_path, self.pictures.faces)
        self.round_end = RoundEnd(self.reckoning_wait)
        self.ai_aims = AiAimShow()
        self.hint = HintAsk(app.look, session.game, self.level, app.workers)
        self.close_up = CloseUp(self.level, self.view, self.zones, names)
        self.coach = Coach(self.level, lambda: bool(app.settings.coach), names, app.workers)
        self.knocks = Knocks()  # the last throw's knocks, drawn where they happened
        self.start_roll: StartRoll | None = None
        self.grace = 0.0  # seconds a kept throw has waited for Throw again (accept_at_once)
        # (state, it with the throw kept), (state, a person to move in it), (state, its throw due)
        self._accepted: tuple[TableState, TableState] | None = None
        self._human_keeps: tuple[TableState, bool] | None = None
        self._due: tuple[TableState, Due | None] | None = None
        # (state, this round's points so far)
        self._points_now: tuple[TableState, tuple[int, ...]] | None = None
        self.check: ReplayCheck | None = None
        if self.replay is not None:
            self.check, new = check_of(self.look, session, self.level, self.pictures.checks)
            if new and self.check.board_note:
                app.toast.show(self.check.board_note, "bad", 6.0)

    def reckoning_wait(self) -> float | None:
        """Seconds before an AI-only reckoning continues by itself; None: a person presses
        Continue (a live game with a human at the table)."""
        if self.replay is not None:
            return 3.0 * self.app.settings.replay_delay / 0.9 / self.replay.speed
        if any(p.kind == "human" for p in self.session.players):
            return None
        return 3.0 * self.pace

    def replay_path(self, step: Step, made: Transition) -> Path | None:
        """A live throw's path is the step's; a replay re-simulates the throw to show its flight
        (the record keeps only the rest), but for a step made again at rest (a jump). When the
        simulation does not end where the record says, the recorded table is shown without the
        flight, and the player is told once (`ReplayCheck`)."""
        path: Path | None = None
        if step.throw is not None:
            path = step.throw.path
        elif not step.at_rest and self.check is not None:
            path = self.check.path(made)
            if self.check.note_due():
                self.app.toast.show(self.check.notice(self.look), "bad", 6.0)
        return path

    @cached_property
    def zones(self) -> list[ReleaseZone]:
        """Each seat's release zone (`physics.release_zone`), worked out once for the scene."""
        from petanque_game.physics import release_zone

        return [release_zone(self.level, self.n, seat) for seat in range(self.n)]

    @property
    def sheet(self) -> Placement:
        """Where the score sheet goes (ui/table/score_sheet.py)."""
        return self.score_sheet.place

    @property
    def flying(self) -> bool:
        return self.playback.flying

    @property
    def busy(self) -> bool:
        return (self.flying or self.reckoning is not None or self.ai_aim is not None
                or (self.start_roll is not None and not self.start_roll.done))

    @property
    def lines_held(self) -> bool:
        """What a throw did is told once its flight has come to rest, and a roll for who starts
        once its die is; the reckoning shows beside the last throw's lines, not before them."""
        return self.flying or (self.start_roll is not None and not self.start_roll.landed)

    def shown_table(self) -> tuple[Table, bool]:
        """The table to draw, and whether it is the last round's (kept until the next diamond)."""
        st = self.state
        if self.reckoning is not None:
            return self.reckoning.table, False
        if st.table.diamond is None and not st.table.dice and self.round_final is not None \
                and st.pending_throw is None:
            return self.round_final[1], True
        return st.table, False

    # --- state ------------------------------------------------------------------------------------

    @property
    def state(self) -> TableState:
        """The state shown: as it was before the throw in the air, before the round's scoring
        during the reckoning, or before a die rolled for who starts while it tumbles; the
        session's state otherwise."""
        if self.playback.flight is not None and self.playback.shown is not None:
            return self.playback.shown
        if self.round_end.reckoning is not None:
            return self.round_end.reckoning.before
        roll = self.start_roll
        if roll is not None and not roll.done:  # (once its die is at rest, what it rolled)
            return roll.after if roll.landed else roll.before
        now: TableState = self.session.state
        if self.keeping_on:  # the throw kept: the match says what its Accept would leave
            if self._accepted is None or self._accepted[0] is not now:
                self._accepted = (now, self.session.match.would(self.session.rules.Accept()))
            return self._accepted[1]
        return now

    @property
    def keeping(self) -> bool:
        """A person's throw awaits its keep while `accept_at_once` keeps it without asking: Throw
        again is still offered."""
        st = self.session.state
        if not (self.app.settings.accept_at_once and self.replay is None
                and self.session.interactive and st.awaiting_accept
                and self.playback.flight is None and self.round_end.reckoning is None):
            return False
        # who is to move takes the rules' throw order: asked once per state (the drawing asks
        # this many times a frame, through `state`)
        if self._human_keeps is None or self._human_keeps[0] is not st:
            self._human_keeps = (st, self.session.human_to_move)
        return self._human_keeps[1]

    @property
    def keeping_on(self) -> bool:
        """Keeping, and a person here throws next (the same player, or another person at this
        screen with no hand-over screen between them): the table shows that throw's aim now."""
        if not self.keeping:
            return False
        st = self.session.state
        if st.throws_left <= 0:
            return False
        seat = st.throw_order[st.throws_done][0]
        return bool(seat == st.to_move or (not self.app.settings.handover
                                           and self.session.players[seat].kind == "human"))

    @property
    def grace_left(self) -> int | None:
        """Whole seconds left (counted up) before a kept throw passes the turn on; None when
        nothing is counted down."""
        if not self.keeping or self.keeping_on:
            return None
        return max(0, math.ceil(ACCEPT_GRACE - self.grace))

    @property
    def due(self) -> tuple[int, str, int | None] | None:
        """(seat, obj, die) of the throw due now, or None (worked out once per state shown)."""
        st = self.state
        if self._due is None or self._due[0] is not st:
            self._due = (st, due_throw(st))
        due: tuple[int, str, int | None] | None = self._due[1]
        return due

    @property
    def n(self) -> int:
        return int(self.session.state.num_players)

    @property
    def aim_mode(self) -> str:
        return aim_mode(self.app.settings.aim)

    @property
    def pace(self) -> float:
        """The AI's pace as the setting gives it (1 at the default pause, 0 with none)."""
        return float(self.app.settings.ai_delay) / NORMAL_AI_DELAY

    @property
    def aiming(self) -> bool:
        """A human's throw is due and nothing is being shown: the aim is the player's."""
        return self.human_turn and not self.busy and self.due is not None

    def show_ai_aim(self) -> None:
        """Once the AI's decision is ready (thought out on the AI's thread), show its aim for a
        moment before it throws."""
        s = self.session
        if self.replay is not None or self.busy or not s.ai_to_move or self.pace <= 0.0:
            return
        if self.ai_aims.seen is s.state or self.due is None:
            return
        if not isinstance(s, LiveSession):
            return  # (a replay shows no AI's aim: it plays the record)
        plan = s.planned()
        if plan is None or not isinstance(plan, s.rules.Throw):
            return
        self.ai_aims.show(s.state, plan.obj, plan.launch, self.pace)

    # --- the aim ----------------------------------------------------------------------------------

    def charge(self) -> float:
        """The power the bar shows now (power aiming)."""
        return self.aim.charge()

    def launch(self, power: float | None = None) -> Aim | None:
        """The aim the player is taking now: the hint's while it is in place (Use hint), the
        slingshot's while a drag is pulled. None when no throw is due, or with drag aiming while
        nothing is pulled (unless the arrow keys have moved the point: then it is aimed there)."""
        due = self.due
        if due is None:
            return None
        return self.aim.launch(due, self.n, self.aim_mode, power,
                               power is None and self.hint_in_place())

    def hand_for(self, seat: int) -> Hand:
        """The hand `seat` throws with (`physics.hand`): the person's chosen one, an AI's
        level's."""
        from petanque_game.physics import hand as hands

        player = self.session.players[seat]
        if player.kind == "ai":
            from petanque_game.ai import hand_of

            return hand_of(player.level or "")
        name = self.session.match.hand_name(seat)
        return hands.STEADY if name is None else hands.PERSON_HANDS.get(name, hands.STEADY)

    def preview_of(self, launch: Aim, seat: int, obj: str) -> Preview:
        """What `launch` does on the table shown."""
        return preview(self.level, self.n, seat, launch, obj, self.state.table, self.solved)

    def pointed(self) -> tuple[float, float] | None:
        """Where the player points the rest at (point aiming), or None."""
        return self.aim.pointed(self.aim_mode, self.hint_in_place())

    def hint_in_place(self) -> bool:
        """Is the aim the hint's (Use hint), unchanged since: its height and spin, no drag or
        charge, and the point on its ring?"""
        hinted = self.aim.hinted
        if hinted is None:
            return False
        return self.aim.hint_in_place(self.state, self.view.to_screen(*self.aim.target),
                                      self.view.to_screen(*hinted[2]))

    def hinted_aim(self) -> Aim | None:
        """The hint's aim, when a hint for the throw due is shown."""
        hint = self.hint.current(self.state)
        return hint.action if hint is not None and isinstance(hint.action, Aim) else None

    # --- the players' acts ------------------------------------------------------------------------

    def continue_reckoning(self) -> None:
        self.round_end.go_on()

    def use_hint(self) -> None:
        """Put the hint's aim in place: its height and spin, the point on where it comes to rest;
        the throw then thrown is the hint's own aim until the aim is changed."""
        if not self.aiming:
            self.refuse(self.look.tr("table.refuse.no_hint"))
            return
        aim = self.hinted_aim()
        if aim is None:  # none shown yet: shown (searched first if need be), then put in place
            if self.hint.state is self.state and self.hint.future is None:
                self.hint.shown = True
            elif not self.hint.searching(self.state):
                self.ask_hint()
            self.hint.use_when_ready = True
            return
        due = self.due
        assert due is not None  # (aiming)
        self.aim.put_hint(aim, self.state, self.preview_of(aim, due[0], due[1]).rest)

    def throw(self, power: float | None = None) -> None:
        look = self.look
        self.aim.charging = None
        if not self.human_turn or self.due is None or self.busy:
            self.refuse(look.tr("table.refuse.not_your_throw") if not self.busy else
                        look.tr("table.refuse.wait_throw"))
            return
        if self.hint.use_when_ready and self.hint.future is not None:
            self.refuse(look.tr("table.refuse.wait_hint"))  # not the aim the hint will replace
            return
        _, obj, die = self.due
        launch = self.launch(power)
        hinted = self.hint.search_for(self.state)  # (the coach's: before a keep changes it)
        self.aim.drag = None
        if launch is None:
            self.refuse(look.tr("table.refuse.drag_to_throw"))
            return
        if self.keeping_on and not self.act(self.session.rules.Accept()):
            return  # the throw before is kept now: this one starts
        # The player decides the aim; the match adds what the hand adds (its wobble, the die's
        # orientation) and refuses, with its reason, an aim the seat may not make.
        seat = self.session.state.to_move
        self.coach.decide(seat, obj, die, launch, self.hand_for(seat),  # (its lesson: coach.py)
                          None if hinted is None else (self.hint.state, hinted), self.hands())
        if self.act(self.session.rules.Throw(obj, die, launch)) and power is not None:
            self.aim.power = power

    def accept(self) -> None:
        if self.human_turn and not self.busy and self.session.state.awaiting_accept:
            self.act(self.session.rules.Accept())
        else:
            self.refuse(self.look.tr("table.refuse.nothing_to_accept"))

    def rethrow(self) -> None:
        if self.human_turn and not self.busy and self.session.state.awaiting_accept:
            self.act(self.session.rules.Rethrow())
        else:
            self.refuse(self.look.tr("table.refuse.nothing_to_take_back"))

    def roll_for_start(self) -> None:
        if self.human_turn and not self.busy and self.state.starter is None:
            self.act(Roll(1))
        else:
            self.refuse(self.look.tr("table.refuse.nothing_to_roll"))

    def ask_hint(self) -> None:
        st = self.state
        if not self.human_turn or self.busy or st.to_move < 0:
            self.refuse(self.look.tr("table.refuse.no_hint"))
            return
        self.hint.ask(st, self.hand_for(st.to_move), self.session.state, self.hands())

    def hands(self) -> tuple[Hand, ...]:
        """Every seat's hand, by seat (the hint's worth plays the round on with them)."""
        return tuple(self.hand_for(seat) for seat in range(self.n))

