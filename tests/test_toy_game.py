"""A fifth game is one rules module, one AI module and their tests: a toy game, registered from
this test alone, plays through `simulate`, `verify` and the record's round trip with nothing
else in the program changed (docs/design.md#a-game-is-registered-once).

The toy is a small Pig: on your turn roll one die as often as you like; a 1 ends the turn with
nothing, anything else adds to the turn total; `hold` banks the turn total. The first to the
target (option `target`, default 20) wins; after 40 turns the highest total wins. `hold` is an
action of this game's own, recorded through its own codec; rolls are the shared `roll` events.
This module is the toy's rules module and its AI module at once.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from types import MappingProxyType
from typing import Any

import pytest

from petanque_game.cli import main
from petanque_game.match import Match, rebuild
from petanque_game.record import Seat, parse_record
from petanque_game.rules import options as opts
from petanque_game.rules.base import CHANCE, TERMINAL, Dice, IllegalAction, Roll
from petanque_game.rules.games import EventError, GameSpec, register, unregister

GAME_ID = "toy-pig"
OPTIONS = {"target": opts.Option("target", 20, low=5, high=100, help="points that win")}
TURNS = 40


@dataclass(frozen=True)
class Hold:
    """Bank the turn total."""


@dataclass(frozen=True)
class PigState:
    num_players: int
    target: int
    totals: tuple[int, ...]
    turn: int = 0  # turns played
    turn_total: int = 0
    rolling: bool = False

    @property
    def options(self) -> Mapping:
        return MappingProxyType({"target": self.target})

    @property
    def roller(self) -> int:
        return self.turn % self.num_players

    @property
    def is_terminal(self) -> bool:
        return self.turn >= TURNS or max(self.totals) >= self.target

    @property
    def to_move(self) -> int:
        if self.is_terminal:
            return TERMINAL
        return CHANCE if self.rolling else self.roller

    @property
    def dice_to_roll(self) -> int:
        return 1 if self.rolling else 0

    def legal_actions(self) -> list:
        if self.to_move < 0:
            return []
        return [Roll(1), Hold()] if self.turn_total else [Roll(1)]

    def chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        return [(Dice((v,)), Fraction(1, 6)) for v in range(1, 7)] if self.rolling else []

    def apply(self, action: Any) -> PigState:
        if self.rolling:
            if not isinstance(action, Dice) or len(action.values) != 1:
                raise IllegalAction("one die's value is due")
            v = action.values[0]
            if v == 1:
                return replace(self, turn=self.turn + 1, turn_total=0, rolling=False)
            return replace(self, turn_total=self.turn_total + v, rolling=False)
        if action not in self.legal_actions():
            raise IllegalAction(f"{action} is not allowed now")
        if isinstance(action, Roll):
            return replace(self, rolling=True)
        totals = list(self.totals)
        totals[self.roller] += self.turn_total
        return replace(self, totals=tuple(totals), turn=self.turn + 1, turn_total=0)

    def scores(self) -> tuple[int, ...]:
        return self.totals

    def winners(self) -> tuple[int, ...]:
        if not self.is_terminal:
            return ()
        best = max(self.totals)
        return tuple(s for s, t in enumerate(self.totals) if t == best)


def new_game(num_players: int, options: Mapping | None = None) -> PigState:
    chosen = opts.resolve(OPTIONS, options)
    return PigState(num_players, chosen["target"], (0,) * num_players)


def choose(state: PigState, level: str, rng: random.Random) -> Any:
    """Easy holds at 8 or more, the others at 15 (or at the target)."""
    need = state.target - state.totals[state.roller]
    stop_at = 8 if level == "easy" else 15
    if state.turn_total and (state.turn_total >= min(stop_at, need)):
        return Hold()
    return Roll(1)


class HoldCodec:
    decision = Hold
    required = frozenset({"player"})
    optional = frozenset()

    def encode(self, seat: int, decision: Any) -> dict[str, Any]:
        return {"action": "hold", "player": seat}

    def decode(self, event: Mapping[str, Any]) -> Any:
        if set(event) != {"action", "player"}:
            raise EventError("a hold records nothing but its player")
        return Hold()


SPEC = GameSpec(GAME_ID, "Toy Pig", sys.modules[__name__], frozenset({"roll", "hold"}),
                __name__, 1, 4, codecs={"hold": HoldCodec()})


@pytest.fixture
def toy():
    register(SPEC)
    yield SPEC
    unregister(GAME_ID)


def test_a_toy_game_registered_from_a_test_plays_through_simulate_and_verify(toy, tmp_path,
                                                                              capsys):
    assert main(["simulate", GAME_ID, "--players", "ai:easy,ai:expert", "--games", "4",
                 "--record", str(tmp_path), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["game"] == GAME_ID and summary["games"] == 4 and sum(summary["wins"]) >= 4
    records = sorted(tmp_path.glob(f"{GAME_ID}-*.json"))
    assert len(records) == 4
    for path in records:
        data = json.loads(path.read_text("utf-8"))
        assert {e["action"] for e in data["events"]} == {"roll", "hold"}
        assert main(["verify", str(path), "--json"]) == 0
        verdict = json.loads(capsys.readouterr().out)
        assert verdict["complete"] and verdict["scores"] == data["result"]["scores"]


def test_a_toy_game_record_round_trips_and_a_tampered_one_is_refused(toy, tmp_path, capsys):
    match = Match.new(GAME_ID, [Seat("Ana", "ai", "easy"), Seat("Bo", "ai", "medium")], seed=5)
    match.play_to_end()
    text = match.record.dumps()
    again = rebuild(parse_record(text))
    assert again.state == match.state and again.record.dumps() == text
    data = json.loads(text)
    hold = next(i for i, e in enumerate(data["events"]) if e["action"] == "hold")
    data["events"][hold]["extra"] = 1
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert main(["verify", str(bad)]) == 2
    assert f"event {hold}" in capsys.readouterr().err


def test_an_unknown_game_is_still_refused_once_the_toy_is_gone(tmp_path, capsys):
    match_text = None
    register(SPEC)
    try:
        match = Match.new(GAME_ID, [Seat("Ana", "ai", "easy")], seed=1)
        match.play_to_end()
        match_text = match.record.dumps()
    finally:
        unregister(GAME_ID)
    path = tmp_path / "toy.json"
    path.write_text(match_text, encoding="utf-8")
    assert main(["verify", str(path)]) == 2
    assert "unknown game" in capsys.readouterr().err
