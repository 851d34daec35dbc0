"""Terningepetanque (dice pétanque): docs/rules.md#terningepetanque, scored from settled tables.

The rules never simulate. A seat decides a `Throw` (which object, and its `Launch`); the state is
then a chance node whose outcome is not drawn but supplied by the physics as `Settle(table)`, the
table at rest after the throw. When every die of the round has settled, the engine scores the round
(`engine_action()` gives the `RoundEnd`, which a replay's recorded `round_end` must equal).

Readings made here (beyond the readings of docs/rules.md):
- A launch is continuous, so `legal_actions()` at a throw is empty (`throw_due` says which throw is
  due); at the settle node `chance_outcomes()` is empty (the physics gives the one outcome).
- A settled table is refused unless plausible: the dice listed are exactly those thrown so far this
  round in throw order (the thrown one last); the diamond lies on the board (the physics lays it at
  the centre, with `reset`, when it leaves); numbers finite; a die on the board has a distance >= 0
  and no `off_during`, one off has no distance; a die off stays off with the same face and
  `off_during`; a die leaving the board during a throw has `off_during` = that throw's thrower.
- The diamond's -5 is counted per settled throw whose outcome has `reset`, to that throw's thrower;
  a rethrow takes the throw back with its -5. `Accept` is a decision but not a recorded event.
- During the roll-off for who starts `starter` is None and `round_number` is 1.
- Touching: a recorded distance up to `TOUCHING` (0.1 mm, the physics' contact tolerance) counts
  as 0 when the closest die is found, so dice that both touch the diamond are equally close and
  their owners share; the outcome keeps the distance as measured.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from types import MappingProxyType

from petanque_game.rules import base
from petanque_game.rules import options as opts
from petanque_game.rules.base import CHANCE, ENGINE, TERMINAL, Dice, IllegalAction, Roll, changed
from petanque_game.rules.games import GameSpec, Tally
from petanque_game.rules.petanque_table import DIAMOND, DiamondRest, DieRest, Launch, Table
from petanque_game.rules.terningepetanque_events import (
    CODECS,
    Accept,
    Rethrow,
    RoundEnd,
    Settle,
    Throw,
    implied,
)
from petanque_game.rules.terningepetanque_round import PendingThrow, next_starter, throw_order

# the round's scoring has a module of its own; its names are read here too (the AI, the window)
from petanque_game.rules.terningepetanque_score import (  # noqa: F401
    DIAMOND_PENALTY,
    DICE_PER_PLAYER,
    TOUCHING,
    Seats,
    closest_dice,
    reckoned_distance,
    round_facts,
    score_round,
)


class Phase(str, Enum):
    """Where a round stands."""

    ROLLOFF = "rolloff"  # rolling one die each for who starts
    THROW = "throw"  # a seat throws the diamond or a die
    SETTLING = "settling"  # a throw in the air: the physics gives its table (chance node)
    ACCEPT = "accept"  # the thrower may take the throw back
    SCORING = "scoring"  # every die thrown: the engine scores the round
    OVER = "over"


GAME_ID = "terningepetanque"
TITLE = "Terningepetanque"
MIN_PLAYERS = 2
MAX_PLAYERS = 4
OPTIONS: dict[str, opts.Option] = {
    "rounds": opts.Option("rounds", 15, low=1, high=99,
                          help="rounds in the game (15, 20 or 25 in the menus)"),
    "allow_rethrow": opts.boolean("allow_rethrow", True,
                                  help="a player may take a throw back once, right after it"),
}


def new_game(num_players: int, options: Mapping | None = None) -> TerningepetanqueState:
    """A game for 2-4 players about to roll for who starts; options resolved against OPTIONS."""
    resolved = opts.resolve(OPTIONS, options)
    base.check_players(GAME_ID, num_players, MIN_PLAYERS, MAX_PLAYERS)
    return TerningepetanqueState(num_players, resolved["rounds"], resolved["allow_rethrow"],
                                 tuple(range(num_players)), (0,) * num_players, (0,) * num_players)


@dataclass(frozen=True)
class TerningepetanqueState:
    """A Terningepetanque game between two decisions (rules.base.State). Fields are read-only:
    the options; the roll-off (`rolloff_contenders` rolling this pass, their `rolloff_rolls` so far,
    finished `rolloff_passes` as ((seat, value), ...)); `starter` (None until decided);
    `round_number` (1-based); `table` (the latest settled table, empty at a round's start, the last
    round's after the game); `throws_done` (settled this round); `penalties` (diamond -5s this
    round); `totals`; `last_points`, `last_closest` (of the last scored round, None before)."""

    num_players: int
    rounds: int
    allow_rethrow: bool
    rolloff_contenders: tuple[int, ...]
    totals: tuple[int, ...]
    penalties: tuple[int, ...]
    rolloff_rolls: tuple[int, ...] = ()
    rolloff_passes: tuple[tuple[tuple[int, int], ...], ...] = ()
    rolling: bool = False
    starter: int | None = None
    round_number: int = 1
    table: Table = field(default_factory=Table)
    throws_done: int = 0
    pending_throw: PendingThrow | None = None  # in the air, waiting for its Settle
    rethrowing: bool = False  # the throw due now replaces a taken-back one: no second take-back
    undo: tuple[Table, tuple[int, ...]] | None = None  # set while the thrower may take it back
    last_points: tuple[int, ...] | None = None
    last_closest: tuple[int, ...] | None = None
    finished: bool = False

    @property
    def options(self) -> Mapping:
        return MappingProxyType({"rounds": self.rounds, "allow_rethrow": self.allow_rethrow})

    @property
    def is_terminal(self) -> bool:
        return self.finished

    @property
    def turn_order(self) -> tuple[int, ...]:
        """Seats in throwing order this round, from the starter (seat order before it is known)."""
        s = self.starter or 0
        return tuple((s + k) % self.num_players for k in range(self.num_players))

    @property
    def throw_order(self) -> tuple[tuple[int, str, int | None], ...]:
        """This round's throws as (player, obj, die); empty during the roll-off."""
        return () if self.starter is None else throw_order(self.num_players, self.starter)

    @property
    def throws_left(self) -> int:
        """Throws of this round not yet settled (the diamond's included)."""
        return len(self.throw_order) - self.throws_done

    @property
    def throw_due(self) -> tuple[str, int | None] | None:
        """(obj, die) of the throw the seat to move must make now, or None when none is due."""
        if self.to_move < 0 or self.starter is None or self.undo is not None:
            return None
        return self.throw_order[self.throws_done][1:]

    @property
    def awaiting_accept(self) -> bool:
        """The thrower may Accept or Rethrow the throw that has just settled; a record reader
        applies Accept when the next event is not `rethrow`."""
        return self.undo is not None

    @property
    def round_points_now(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(points, closest) if the round were scored on the current table."""
        return score_round(self.table, self.penalties)

    @property
    def to_move(self) -> int:
        if self.finished:
            return TERMINAL
        if self.starter is None:
            return CHANCE if self.rolling else self.rolloff_contenders[len(self.rolloff_rolls)]
        if self.pending_throw is not None:
            return CHANCE
        if self.undo is not None:
            return self.throw_order[self.throws_done - 1][0]
        if not self.throws_left:
            return ENGINE
        return self.throw_order[self.throws_done][0]

    @property
    def phase(self) -> Phase:
        if self.finished:
            return Phase.OVER
        if self.starter is None:
            return Phase.ROLLOFF
        if self.pending_throw is not None:
            return Phase.SETTLING
        if self.undo is not None:
            return Phase.ACCEPT
        return Phase.THROW if self.throws_left else Phase.SCORING

    @property
    def dice_to_roll(self) -> int:
        """1 while a die is rolled for who starts; 0 otherwise (a throw's outcome is physics)."""
        return 1 if self.starter is None and self.rolling and not self.finished else 0

    @property
    def roller(self) -> int | None:
        """At a chance node: the seat rolling for who starts, or the thrower of the throw in the
        air; None elsewhere."""
        if self.to_move != CHANCE:
            return None
        pending = self.pending_throw
        return pending.player if pending else self.rolloff_contenders[len(self.rolloff_rolls)]

    def legal_actions(self) -> list:
        """Roll(1) in the roll-off, [Accept(), Rethrow()] after a throw that may be taken back;
        empty at a throw (its launch is continuous: see `throw_due`) and when no seat is to move."""
        if self.to_move < 0 or (self.starter is not None and self.undo is None):
            return []
        return [Roll(1)] if self.starter is None else [Accept(), Rethrow()]

    def chance_outcomes(self) -> list[tuple[Dice, Fraction]]:
        """The six faces of the roll-off die; empty for a throw in the air (not enumerable: the
        physics supplies the one outcome as Settle(table))."""
        return base.ordered_dice_outcomes(1) if self.dice_to_roll else []

    def engine_action(self) -> RoundEnd:
        """The round's scoring, when to_move is ENGINE."""
        if self.to_move != ENGINE:
            raise IllegalAction("petanque.round_not_over")
        points, closest = score_round(self.table, self.penalties)
        return RoundEnd(self.round_number, points, closest)

    def scores(self) -> tuple[int, ...]:
        """Each seat's total of the finished rounds' points."""
        return self.totals

    def winners(self) -> tuple[int, ...]:
        if not self.finished:
            return ()
        return base.best_seats(list(self.totals), list(range(self.num_players)))

    def apply(self, action: object) -> TerningepetanqueState:
        if self.finished:
            raise IllegalAction("over")
        if self.starter is None:
            return self._rolloff(action)
        if self.pending_throw is not None:
            return self._settle(action, self.pending_throw)
        if self.undo is not None:
            return self._accept_or_rethrow(action, self.undo)
        if not self.throws_left:
            return self._round_end(action, self.starter)
        return self._throw(action)

    def _rolloff(self, action: object) -> TerningepetanqueState:
        seat = self.rolloff_contenders[len(self.rolloff_rolls)]
        if not self.rolling:
            if not isinstance(action, Roll):
                raise IllegalAction("petanque.rolloff_roll", seat=seat)
            if type(action.count) is not int or action.count != 1 or action.reroll is not None:
                raise IllegalAction("petanque.rolloff_one_die")
            return changed(self, rolling=True)
        if not isinstance(action, Dice):
            raise IllegalAction("petanque.rolloff_due", seat=seat)
        rolls = self.rolloff_rolls + base.dice_values(action, 1)
        if len(rolls) < len(self.rolloff_contenders):
            return changed(self, rolling=False, rolloff_rolls=rolls)
        passes = (*self.rolloff_passes, tuple(zip(self.rolloff_contenders, rolls)))
        best = max(rolls)
        tied = tuple(s for s, v in zip(self.rolloff_contenders, rolls) if v == best)
        done = len(tied) == 1
        return changed(self, rolling=False, rolloff_rolls=(), rolloff_passes=passes,
                       rolloff_contenders=() if done else tied,
                       starter=tied[0] if done else None)

    def _throw(self, action: object) -> TerningepetanqueState:
        player, obj, die = self.throw_order[self.throws_done]
        if not isinstance(action, Throw):
            raise IllegalAction("petanque.throw_diamond" if obj == DIAMOND else
                                "petanque.throw_die", seat=player, die=die)
        if type(action.obj) is not str or type(action.die) is not type(die) or (
                action.obj, action.die) != (obj, die):
            raise IllegalAction("petanque.wrong_throw.diamond_first" if obj == DIAMOND else
                                "petanque.wrong_throw.diamond_thrown" if action.obj == DIAMOND
                                else "petanque.wrong_throw.die_0_first" if die == 0 else
                                "petanque.wrong_throw.die_0_thrown", seat=player, die=die,
                                obj=repr(action.obj), given=repr(action.die))
        if not isinstance(action.launch, Launch):
            raise IllegalAction("petanque.no_launch")
        pending = PendingThrow(player, obj, die, action.launch, self.table)
        return changed(self, pending_throw=pending)

    def _settle(self, action: object, p: PendingThrow) -> TerningepetanqueState:
        if not isinstance(action, Settle):
            raise IllegalAction("petanque.settle_due", seat=p.player)
        table = action.table
        diamond = self._check_table(table, p)
        penalties = list(self.penalties)
        if diamond.reset:
            penalties[p.player] -= DIAMOND_PENALTY
        undo = None
        if self.allow_rethrow and not self.rethrowing:
            undo = (p.table_before, self.penalties)
        return changed(self, pending_throw=None, table=table, penalties=tuple(penalties),
                       throws_done=self.throws_done + 1, rethrowing=False, undo=undo)

    def _check_table(self, table: object, p: PendingThrow) -> DiamondRest:
        """Refuse a settled table the throw cannot have left; its diamond when it could."""
        if not isinstance(table, Table) or not isinstance(table.diamond, DiamondRest):
            raise IllegalAction("petanque.table.not_a_table")
        dm = table.diamond
        if not (dm.on_board is True and type(dm.reset) is bool and _finite(dm.x, dm.y, dm.angle)):
            raise IllegalAction("petanque.table.diamond")
        if not isinstance(table.dice, tuple) or not all(isinstance(d, DieRest) for d in table.dice):
            raise IllegalAction("petanque.table.dice")
        thrown = [(q, i) for q, _, i in self.throw_order[1:self.throws_done + 1]]
        listed = [(d.player, d.die) for d in table.dice]
        if listed != thrown or any(type(v) is not int for pair in listed for v in pair):
            raise IllegalAction("petanque.table.listed", listed=repr(listed), thrown=repr(thrown))
        before = {(d.player, d.die): d for d in p.table_before.dice}
        for d in table.dice:
            old = before.get((d.player, d.die))
            off_before = old if old is not None and not old.on_board else None
            if (not _finite(d.x, d.y, d.angle) or type(d.face) is not int or not 1 <= d.face <= 6
                    or type(d.on_board) is not bool):
                raise IllegalAction("petanque.table.die", seat=d.player, die=d.die)
            if d.on_board and (d.off_during is not None or d.distance is None
                               or not _finite(d.distance) or d.distance < 0):
                raise IllegalAction("petanque.table.on_board", seat=d.player, die=d.die)
            if d.on_board and off_before is not None:
                raise IllegalAction("petanque.table.came_back", seat=d.player, die=d.die)
            if not d.on_board and d.distance is not None:
                raise IllegalAction("petanque.table.off_distance", seat=d.player, die=d.die)
            if not d.on_board and off_before is not None and (
                    off_before.off_during, off_before.face) != (d.off_during, d.face):
                raise IllegalAction("petanque.table.off_changed", seat=d.player, die=d.die)
            if not d.on_board and off_before is None and (type(d.off_during) is not int
                                                   or d.off_during != p.player):
                raise IllegalAction("petanque.table.off_during", seat=d.player, die=d.die,
                                    thrower=p.player, given=repr(d.off_during))
        return dm

    def _accept_or_rethrow(self, action: object, undo: tuple[Table, tuple[int, ...]]
                           ) -> TerningepetanqueState:
        if isinstance(action, Accept):
            return changed(self, undo=None)
        if isinstance(action, Rethrow):
            table, penalties = undo
            return changed(self, table=table, penalties=penalties, undo=None, rethrowing=True,
                           throws_done=self.throws_done - 1)
        raise IllegalAction("petanque.accept_first", seat=self.to_move)

    def _round_end(self, action: object, starter: int) -> TerningepetanqueState:
        expected = self.engine_action()
        if not isinstance(action, RoundEnd):
            raise IllegalAction("petanque.score_round", round=self.round_number)
        if type(action.round) is not int or action.round != expected.round:
            raise IllegalAction("petanque.round_end_differs", field="round",
                                want=expected.round, given=repr(action.round))
        for name in ("points", "closest"):
            given, want = _ints(getattr(action, name)), getattr(expected, name)
            if given != want:
                raise IllegalAction("petanque.round_end_differs", field=name,
                                    want=repr(list(want)), given=repr(getattr(action, name)))
        totals = tuple(t + p for t, p in zip(self.totals, expected.points))
        scored = changed(self, totals=totals, last_points=expected.points,
                         last_closest=expected.closest)
        if self.round_number >= self.rounds:
            return changed(scored, finished=True)
        return changed(scored, round_number=self.round_number + 1, table=Table(), throws_done=0,
                       penalties=(0,) * self.num_players,
                       starter=next_starter(self.num_players, starter, expected.closest))


def _finite(*values: object) -> bool:
    return all((type(v) is int or type(v) is float) and math.isfinite(v) for v in values)


def _ints(values: object) -> tuple[int, ...] | None:
    if not isinstance(values, (tuple, list)) or any(type(v) is not int for v in values):
        return None
    return tuple(values)


def _rounds_scored(events: list, index: int, state: object) -> int:
    """Rounds scored after event `index`: the recorded round ends so far."""
    return sum(1 for e in events[: index + 1] if e.get("action") == "round_end")


SPEC = GameSpec(GAME_ID, TITLE, sys.modules[__name__],
                frozenset({"roll", "throw", "rethrow", "round_end"}),
                "petanque_game.ai.petanque", MIN_PLAYERS, MAX_PLAYERS, order=10, board=True,
                codecs=CODECS, implied=implied, facts=round_facts,
                window="petanque_game.ui.table.game",
                hints="petanque_game.ai.hints_petanque",
                tally=Tally(unit="round", progress=_rounds_scored),
                chance="petanque_game.throwing:THROWS")
