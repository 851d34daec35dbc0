"""Ship, Captain and Crew ("6-5-4", docs/rules.md#ship-captain-and-crew): points or pot, cargo
re-rolls. A turn (what a roll secures, the cargo, its re-rolls and the turn's facts) is
ship_captain_crew_turn.py's; the rounds, the points and the pot are here.

Readings (docs/rules.md is silent or leaves a choice here):
- Rounds: every player still in takes one turn in seat order, starting at the round's starting
  seat. Round 1 starts at seat 0; every later round (a points tie-break round included) starts at
  the first seat after the previous round's starting seat that plays in the new round. A pot
  roll-off is part of its round, not a new round: it keeps the round's number and starting seat,
  and the tied players roll off in seat order from that seat.
- Points: a turn's score is added to the total when the turn ends. After each round the match ends
  if some total has reached `target` (target > 0) or `rounds` rounds have been played (rounds > 0);
  the highest total then wins, and a tie for it is played off in further rounds among the tied
  players only (`round_number` keeps counting) until after a round one of them leads.
- Pot: the ante is paid when a round starts (so a new game already shows it in the pot);
  `ante` accepts 1-1000. A player whose chips reach 0 is out once the pot has been paid. `target`
  does not apply to the pot mode; `rounds` 0 there means "until one player has all the chips".
- Points mode refuses target 0 together with rounds 0 (OptionError naming both).
- `rounds` accepts 0-1000, `target` 0-1000.
- Every match ends after MAX_ROUNDS (1000) rounds at the latest, as if `rounds` were 1000 when it
  is 0; only a points tie-break or a pot roll-off, which end at the first round without a tie, can
  follow. Without it a pot game is a random walk of chips with no end in sight: 8 players with 10
  chips each measured up to 5,359 rounds, with 20 chips each up to 40,165 (a 28 MB record), and a
  game record must stay far below what a reader accepts (record.MAX_BYTES, 16 MiB). With the limit
  the longest game, 1000 rounds of 8 players, is about 1.5 MB (docs/records.md).
"""

from __future__ import annotations

import sys
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType

from petanque_game.rules import base
from petanque_game.rules.base import CHANCE, TERMINAL, Dice, IllegalAction, Roll, Stop, changed
from petanque_game.rules.games import CHIPS, POINTS, GameSpec, Tally
from petanque_game.rules.options import Option, OptionError, resolve
from petanque_game.rules.ship_captain_crew_events import CODECS
from petanque_game.rules.ship_captain_crew_turn import (
    FRESH_TURN,
    NUM_DICE,
    ROLES,
    ROLLS_PER_TURN,
    SECURE_ORDER,
    Phase,
    TurnFacts,
    secure,
)

MAX_ROUNDS = 1000  # no match lasts longer (see the module docstring)

GAME_ID = "ship-captain-crew"
TITLE = "Ship, Captain and Crew"
MIN_PLAYERS = 2
MAX_PLAYERS = 8
OPTIONS: dict[str, Option] = {
    "mode": Option("mode", "points", choices=("points", "pot"),
                   help="points: add up cargo; pot: play for a pot of chips each round"),
    "target": Option("target", 50, 0, 1000, help="points: the match ends at this total (0: none)"),
    "rounds": Option("rounds", 0, 0, MAX_ROUNDS,
                     help=f"the match ends after this many rounds (0: {MAX_ROUNDS} at most)"),
    "chips": Option("chips", 10, 1, 1000, help="pot: chips each player starts with"),
    "ante": Option("ante", 1, 1, 1000, help="pot: chips each player puts in at a round's start"),
    "cargo_reroll": Option("cargo_reroll", "both", choices=("both", "any"),
                           help="re-roll both cargo dice, or any of them (extra)"),
}


def new_game(num_players: int, options: Mapping | None = None) -> ShipCaptainCrewState:
    """A match at the start of round 1 (seat 0 to roll five dice)."""
    base.check_players(GAME_ID, num_players, MIN_PLAYERS, MAX_PLAYERS)
    opts = resolve(OPTIONS, options)
    if opts["mode"] == "points" and opts["target"] == 0 and opts["rounds"] == 0:
        raise OptionError("option.ship_endless")
    n = num_players
    state = ShipCaptainCrewState(
        num_players=n, mode=opts["mode"], target=opts["target"], rounds=opts["rounds"],
        starting_chips=opts["chips"], ante=opts["ante"], cargo_reroll=opts["cargo_reroll"],
        totals=(0,) * n, chips=(opts["chips"] if opts["mode"] == "pot" else 0,) * n,
        previous_scores=(None,) * n)
    return state._start_round(tuple(range(n)), 1, 0, tiebreak=False)


def turn_facts(before: ShipCaptainCrewState, decision: object, outcome: object,
               after: ShipCaptainCrewState) -> TurnFacts | None:
    """The facts of one recorded step (a roll with its dice, or a stop); None for others."""
    if isinstance(decision, Stop):
        return TurnFacts(3, before.cargo, (), True, sum(before.cargo))
    if not isinstance(decision, Roll) or not isinstance(outcome, Dice):
        return None
    values = outcome.values
    pending = before.apply(decision)
    secured, cargo = pending._secured_by(values)
    roles = [""] * len(values)
    if before.qualified:
        roles = ["cargo"] * len(values)
    else:
        for k, need in enumerate(SECURE_ORDER[before.secured_count:secured]):
            i = next(j for j, v in enumerate(values) if v == need and not roles[j])
            roles[i] = ROLES[before.secured_count + k]
        if secured == 3:
            roles = [r or "cargo" for r in roles]
    ended = after.finished or after.rolls_used == 0
    return TurnFacts(secured, cargo, tuple(roles), ended, sum(cargo) if secured == 3 else 0)


@dataclass(frozen=True)
class ShipCaptainCrewState:
    """A moment of the match. Read-only, informative attributes and properties:

    `turn_player` (whose turn), `secured` (ship, captain, crew flags), `cargo` (the two cargo
    values, sorted; empty before qualifying), `rolls_left`, `last_roll` (this turn's last roll),
    `round_number` (1-based), `start_seat` (the round's starting seat), `round_players` (seats
    playing the current round or roll-off, in turn order), `round_scores` (per seat: score in
    the current round or roll-off, None if not played / not in it), `previous_scores` (the same for
    the last finished round or roll-off), `tiebreak` (points: a tie-break round), `rolloff` (pot:
    how many roll-offs this round has had), `totals` (points), `chips` and `pot` (pot),
    `players_in` (pot: seats with chips or still playing this round), `options`.
    """

    num_players: int
    mode: str
    target: int
    rounds: int
    starting_chips: int
    ante: int
    cargo_reroll: str
    totals: tuple[int, ...]
    chips: tuple[int, ...]
    pot: int = 0
    round_number: int = 0
    start_seat: int = 0
    round_players: tuple[int, ...] = ()
    round_scores: tuple[int | None, ...] = ()
    previous_scores: tuple[int | None, ...] = ()
    turn_index: int = 0
    tiebreak: bool = False
    rolloff: int = 0
    secured_count: int = 0
    cargo: tuple[int, ...] = ()
    rolls_used: int = 0
    pending: int = 0  # dice the seat has decided to roll and chance must now draw (0: none)
    kept: tuple[int, ...] = ()  # the cargo die kept during a one-die cargo re-roll
    last_roll: tuple[int, ...] = ()
    finished: bool = False
    final_winners: tuple[int, ...] = ()

    # --- what the window and the AI read -------------------------------------------------------

    @property
    def options(self) -> Mapping:
        return MappingProxyType({"mode": self.mode, "target": self.target, "rounds": self.rounds,
                                 "chips": self.starting_chips, "ante": self.ante,
                                 "cargo_reroll": self.cargo_reroll})

    @property
    def is_terminal(self) -> bool:
        return self.finished

    @property
    def round_limit(self) -> int:
        """The round after which the match ends at the latest (before any tie-break or roll-off):
        `rounds`, or MAX_ROUNDS when `rounds` is 0."""
        return self.rounds or MAX_ROUNDS

    @property
    def to_move(self) -> int:
        if self.finished:
            return TERMINAL
        return CHANCE if self.pending else self._seat

    @property
    def turn_player(self) -> int | None:
        """The seat whose turn it is (None once the match is over)."""
        return None if self.finished else self._seat

    @property
    def _seat(self) -> int:
        """The seat whose turn it is, while the match goes on."""
        return self.round_players[self.turn_index]

    @property
    def phase(self) -> Phase:
        if self.finished:
            return Phase.OVER
        return Phase.DICE if self.pending else Phase.ROLL

    @property
    def roller(self) -> int | None:
        """At a chance node: the seat whose roll it is."""
        return self.turn_player if self.pending else None

    @property
    def dice_to_roll(self) -> int:
        """At a chance node: how many dice must be drawn (0 elsewhere)."""
        return 0 if self.finished else self.pending

    @property
    def secured(self) -> tuple[bool, bool, bool]:
        """(ship, captain, crew): which are secured this turn."""
        return self.secured_count > 0, self.secured_count > 1, self.secured_count > 2

    @property
    def qualified(self) -> bool:
        return self.secured_count == 3

    @property
    def rolls_left(self) -> int:
        return ROLLS_PER_TURN - self.rolls_used

    @property
    def players_in(self) -> tuple[int, ...]:
        """Seats still in the match (pot: chips in hand or in this round's pot; points: all)."""
        if self.mode == "points":
            return tuple(range(self.num_players))
        playing = set(self.round_players) if not self.finished else set()
        return tuple(s for s in range(self.num_players) if self.chips[s] > 0 or s in playing)

    engine_action = base.no_engine_step  # no bookkeeping steps of its own

    def scores(self) -> tuple[int, ...]:
        """Totals (points mode) or chips in hand (pot mode), per seat."""
        return self.totals if self.mode == "points" else self.chips

    def winners(self) -> tuple[int, ...]:
        return self.final_winners

    # --- what may be done ----------------------------------------------------------------------

    def legal_actions(self) -> list[Roll | Stop]:
        if self.finished or self.pending:
            return []
        if not self.qualified:
            return [Roll(NUM_DICE - self.secured_count)]
        actions: list[Roll | Stop] = [Stop(), Roll(2)]
        if self.cargo_reroll == "any":
            actions += [Roll(1, reroll=(v,)) for v in sorted(set(self.cargo))]
        return actions

    def chance_outcomes(self) -> list[tuple[Dice, Fraction]]:
        if self.pending and not self.finished:
            return base.ordered_dice_outcomes(self.pending)
        return []

    def apply(self, action: object) -> ShipCaptainCrewState:
        if self.finished:
            raise IllegalAction("over")
        if self.pending:
            if not isinstance(action, Dice):
                raise IllegalAction("dice_due", count=self.pending)
            return self._rolled(base.dice_values(action, self.pending))
        if isinstance(action, Stop):
            if not self.qualified:
                raise IllegalAction("ship.no_cargo")
            return self._end_turn(sum(self.cargo))
        if isinstance(action, Dice):
            raise IllegalAction("decide_first", seat=self.turn_player)
        if not isinstance(action, Roll):
            raise IllegalAction("ship.not_a_move", given=type(action).__name__)
        return changed(self, pending=action.count, kept=self._check_roll(action))

    def _check_roll(self, roll: Roll) -> tuple[int, ...]:
        """Refuse an illegal roll; return the cargo die that stays (for a one-die re-roll)."""
        count, reroll = roll.count, roll.reroll
        if type(count) is not int:
            raise IllegalAction("roll_count", given=repr(count))
        if reroll is not None:
            if not isinstance(reroll, (tuple, list)) or any(type(v) is not int for v in reroll):
                raise IllegalAction("ship.reroll_values", given=repr(reroll))
            reroll = tuple(sorted(reroll))
        if not self.qualified:
            need = NUM_DICE - self.secured_count
            if reroll is not None:
                raise IllegalAction("ship.no_cargo_yet")
            if count != need:
                raise IllegalAction("ship.roll_all", need=need, given=count)
            return ()
        a, b = self.cargo
        if count == 2:
            if reroll is not None and reroll != (a, b):
                raise IllegalAction("ship.not_both", a=a, b=b, given=repr(list(reroll)))
            return ()
        if count == 1:
            if self.cargo_reroll != "any":
                raise IllegalAction("ship.both_together")
            if reroll is None and a == b:
                return (a,)  # both cargo dice show the same: which one is re-rolled is moot
            if reroll is None or len(reroll) != 1 or reroll[0] not in (a, b):
                raise IllegalAction("ship.name_die", a=a, b=b)
            return (b,) if reroll[0] == a else (a,)
        raise IllegalAction("ship.reroll_count", given=count)

    # --- what follows from an action -----------------------------------------------------------

    def _rolled(self, values: tuple[int, ...]) -> ShipCaptainCrewState:
        secured, cargo = self._secured_by(values)
        state = changed(self, pending=0, kept=(), last_roll=values, secured_count=secured,
                        cargo=cargo, rolls_used=self.rolls_used + 1)
        if state.rolls_left == 0:
            return state._end_turn(sum(cargo) if secured == 3 else 0)
        return state

    def _secured_by(self, values: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
        """(secured, cargo) after the dice `values` of the roll pending now."""
        if self.qualified:
            return 3, tuple(sorted(self.kept + values))
        return secure(self.secured_count, values)

    def _end_turn(self, score: int) -> ShipCaptainCrewState:
        seat = self._seat
        scores = list(self.round_scores)
        scores[seat] = score
        totals = list(self.totals)
        if self.mode == "points":
            totals[seat] += score
        state = changed(self, round_scores=tuple(scores), totals=tuple(totals),
                        turn_index=self.turn_index + 1, **FRESH_TURN)
        if state.turn_index < len(state.round_players):
            return state
        return state._end_round()

    def _end_round(self) -> ShipCaptainCrewState:
        n, scores = self.num_players, self.round_scores
        state = changed(self, previous_scores=scores)
        played = [0 if v is None else v for v in scores]  # each of round_players has a score
        best = base.best_seats(played, list(self.round_players))
        if self.mode == "points":
            if self.tiebreak:
                group = self.round_players
            elif ((self.target and max(self.totals) >= self.target)
                  or self.round_number >= self.round_limit):
                group = tuple(range(n))
            else:
                return state._start_round(tuple(range(n)), self.round_number + 1,
                                          self._next_start(range(n)), tiebreak=False)
            leaders = base.best_seats(list(self.totals), list(group))
            if len(leaders) == 1:
                return changed(state, finished=True, final_winners=leaders)
            return state._start_round(leaders, self.round_number + 1,
                                      self._next_start(leaders), tiebreak=True)
        if len(best) > 1:  # pot: a roll-off among the tied, part of this round
            order = tuple(sorted(best, key=lambda s: (s - self.start_seat) % n))
            return changed(state, round_players=order, round_scores=(None,) * n, turn_index=0,
                           rolloff=self.rolloff + 1)
        chips = list(self.chips)
        chips[best[0]] += self.pot
        state = changed(state, chips=tuple(chips), pot=0)
        alive = tuple(s for s in range(n) if chips[s] > 0)
        if len(alive) == 1 or self.round_number >= self.round_limit:
            return changed(state, finished=True,
                           final_winners=base.best_seats(chips, list(range(n))))
        return state._start_round(alive, self.round_number + 1, self._next_start(alive),
                                  tiebreak=False)

    def _next_start(self, players: Collection[int]) -> int:
        """The first seat after this round's starting seat that plays in the next round."""
        n = self.num_players
        return next((self.start_seat + d) % n for d in range(1, n + 1)
                    if (self.start_seat + d) % n in players)

    def _start_round(self, players: tuple[int, ...], number: int, start: int,
                     tiebreak: bool) -> ShipCaptainCrewState:
        n = self.num_players
        order = tuple(sorted(players, key=lambda s: (s - start) % n))
        chips, pot = list(self.chips), self.pot
        if self.mode == "pot":
            for s in order:
                paid = min(self.ante, chips[s])
                chips[s] -= paid
                pot += paid
        return changed(self, round_number=number, start_seat=start, round_players=order,
                       round_scores=(None,) * n, turn_index=0, tiebreak=tiebreak, rolloff=0,
                       chips=tuple(chips), pot=pot, **FRESH_TURN)


def _tally_entry(options: Mapping) -> str:
    """The statistics count the pot mode's chips apart from the points mode's points."""
    return "pot" if options.get("mode") == "pot" else ""


def _rounds_done(events: list, index: int, state: ShipCaptainCrewState) -> int:
    # round_number is the round being played; once the game is over, the last one is done too
    return state.round_number if state.to_move == TERMINAL else state.round_number - 1


SPEC = GameSpec(GAME_ID, TITLE, sys.modules[__name__], frozenset({"roll", "stop"}),
                "petanque_game.ai.ship_captain_crew", MIN_PLAYERS, MAX_PLAYERS, order=20,
                facts=turn_facts, codecs=CODECS, window="petanque_game.ui.tray.ship",
                hints="petanque_game.ai.hints_tray",
                tally=Tally({"": POINTS, "pot": CHIPS}, _tally_entry, "round", _rounds_done))
