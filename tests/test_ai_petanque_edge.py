"""The expert's learned edge in the hint's worth (issue 32, item 4; `ai/petanque_edge.py`): which
seats it is counted for, that a rollout adds it at each of their throws and nowhere else, the
shipped tree and what happens to one that cannot be read, and the tool's tree-growing."""

from __future__ import annotations

import json
import logging
import random
import statistics
import sys
from pathlib import Path

import pytest

from petanque_game.ai import petanque as ai
from petanque_game.ai import petanque_edge as learned
from petanque_game.ai.petanque_round import played_out
from petanque_game.ai.petanque_worth import Situation
from petanque_game.physics.hand import PERSON_HANDS, STEADY
from petanque_game.rules.petanque_table import DIE, DiamondRest, Table

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
import bench_hint_worth as worth
import learn_expert_edge as tool

ROOT = Path(__file__).resolve().parents[1]

NORMAL = PERSON_HANDS["normal"]


def test_the_searched_seats_are_the_throwers_own_and_those_with_the_experts_hand():
    assert ai.HANDS["expert"] not in PERSON_HANDS.values()
    assert ai.HANDS["expert"] != STEADY
    situation = Situation(Table(DiamondRest(0.0, 0.0, 0.0, True), ()), 4, 1, DIE, 0, (0,) * 4)
    hands = [ai.HANDS["expert"], NORMAL, ai.HANDS["medium"], NORMAL]
    assert ai._searched(situation, hands) == {0, 1}  # not seat 3: a person's hand
    assert ai._searched(situation, None) == {1}  # hands not known: the others club players


def test_a_throw_walks_the_own_tree_when_it_is_the_measured_seats_and_the_experts_else(
        monkeypatch):
    trees = {learned.EXPERT: {"value": -2.0}, learned.OWN: {"value": 1.5}}
    monkeypatch.setattr(learned, "shipped", lambda name=learned.EXPERT: trees[name])
    table = Table(DiamondRest(0.0, 0.0, 0.0, True), ())
    assert learned.edge(Situation(table, 2, 0, DIE, 1, (0, 0)), 0) == 1.5
    assert learned.edge(Situation(table, 2, 1, DIE, 1, (0, 0)), 0) == -2.0
    trees[learned.OWN] = None  # not shipped: that edge is nothing
    assert learned.edge(Situation(table, 2, 0, DIE, 1, (0, 0)), 0) == 0.0


@pytest.fixture(scope="module")
def mid_round():
    """A two-player mid-round situation with throws to come, the table a steady hint left."""
    (state, board), = worth.mid_round_states(1)
    situation = ai.situation_of(state)
    assert situation.to_come
    aim = ai.search(board, situation, random.Random(1), hand=NORMAL).aim
    return board, situation, ai.thrown_table(board, situation, aim, STEADY, random.Random(3))


def test_a_rollout_adds_the_edge_of_each_expert_throw_and_nothing_else(mid_round):
    board, situation, table = mid_round
    other = 1 - situation.thrower
    assert other in situation.to_come
    asked: list[Situation] = []

    def club(level, now, rng):
        asked.append(now)
        return ai._medium(level, now, rng)

    hands = [NORMAL if s == situation.thrower else ai.HANDS["expert"] for s in range(2)]
    plain = played_out(board, situation, table, club, hands, random.Random(4))
    theirs = [now for now in asked if now.thrower == other]
    asked.clear()
    counted = played_out(board, situation, table, club, hands, random.Random(4), {other})
    edges = [learned.edge(now, situation.thrower) for now in theirs]
    assert edges and all(e != 0.0 for e in edges)  # the shipped tree has no leaf at 0
    assert situation.thrower in situation.to_come  # its own throw to come: no edge
    assert counted == pytest.approx(plain + sum(edges), abs=1e-12)

    mine = [now for now in asked if now.thrower == situation.thrower]
    both = played_out(board, situation, table, club, hands, random.Random(4),
                      {other, situation.thrower})
    own = [learned.edge(now, situation.thrower) for now in mine]
    assert own and all(e != 0.0 for e in own)
    assert both == pytest.approx(plain + sum(edges) + sum(own), abs=1e-12)


def test_the_shipped_tree_is_whole_and_says_the_expert_takes_more_than_a_club_player():
    tree = learned.shipped()
    assert tree is not None
    made = json.loads((ROOT / "assets" / "ai" / learned.EXPERT).read_text())["made"]
    assert made["rows"] >= 3000 and made["made_by"] == "tools/learn_expert_edge.py"
    assert made["mean"] < -0.5  # on average the search takes points a club throw leaves

    def leaves(node):
        return [node["value"]] if "split" not in node else leaves(node["lo"]) + leaves(node["hi"])
    assert len(leaves(tree)) >= 4 and min(leaves(tree)) < -1.0


def test_the_shipped_own_tree_is_whole_and_says_the_hints_aim_adds_to_a_club_throw():
    tree = learned.shipped(learned.OWN)
    assert tree is not None
    made = json.loads((ROOT / "assets" / "ai" / learned.OWN).read_text())["made"]
    assert made["rows"] >= 2000 and made["seed"] == tool.OWN_SEED
    assert made["mean"] > 0.3  # the hint's own later throw does better than a club player's

    def leaves(node):
        return [node["value"]] if "split" not in node else leaves(node["lo"]) + leaves(node["hi"])
    assert len(leaves(tree)) >= 4 and max(leaves(tree)) > 1.0


@pytest.mark.parametrize("text", [
    "", "{", '{"tree": 3}', '{"tree": {"split": "nonsense", "below": 1, "lo": {}, "hi": {}}}',
    '{"tree": {"split": "stake", "below": 1, "lo": {"value": 1}}}',
    '{"tree": {"value": "a lot"}}', '{"made": {}}', '{"tree": {"value": NaN}}',
    '{"tree": {"value": true}}',
    '{"tree": {"split": "stake", "below": NaN, "lo": {"value": 1}, "hi": {"value": 2}}}',
])
def test_a_tree_that_cannot_be_read_is_said_and_left_out(tmp_path, caplog, text):
    path = tmp_path / "edge.json"
    path.write_text(text, encoding="utf-8")
    with caplog.at_level(logging.WARNING):
        assert learned.read(path) is None
    assert str(path) in caplog.text and "club player" in caplog.text
    assert learned.read(tmp_path / "missing.json") is None


def test_a_tree_walks_lower_values_left():
    tree = {"split": "my_dist", "below": 5.0, "lo": {"value": -2.0},
            "hi": {"split": "x_after", "below": 0.5, "lo": {"value": 0.5}, "hi": {"value": 1.0}}}
    learned.check(tree)
    seen = dict.fromkeys(learned.FEATURES, 0.0)
    assert learned.walk(tree, {**seen, "my_dist": 4.9}) == -2.0
    assert learned.walk(tree, {**seen, "my_dist": 5.0}) == 0.5
    assert learned.walk(tree, {**seen, "my_dist": 9.0, "x_after": 1.0}) == 1.0


def test_the_tool_grows_the_split_that_is_there():
    rng = random.Random(2)
    rows = []
    for _ in range(2000):
        row = {name: rng.uniform(0, 100) for name in learned.FEATURES}
        row["edge"] = (-3.0 if row["my_dist"] < 20.0 else 0.0) + rng.gauss(0.0, 1.0)
        rows.append(row)
    tree = tool.grow(rows, 1, 100)
    learned.check(tree)
    assert tree["split"] == "my_dist" and tree["below"] == pytest.approx(20.0, abs=1.0)
    assert tree["lo"]["value"] == pytest.approx(-3.0, abs=0.15)
    assert tree["hi"]["value"] == pytest.approx(0.0, abs=0.1)
    few = tool.grow(rows[:150], 3, 100)  # too few rows to split
    assert few == {"value": round(statistics.fmean(r["edge"] for r in rows[:150]), 4),
                   "rows": 150}


def test_the_tool_splits_first_where_told_and_over_the_features_given():
    rng = random.Random(5)
    rows = []
    for _ in range(2000):
        row = {name: rng.uniform(0, 100) for name in learned.FEATURES}
        row["rest"] = float(rng.randrange(2))
        row["edge"] = (-3.0 if row["my_dist"] < 20.0 else 0.0) + rng.gauss(0.0, 1.0)
        rows.append(row)
    tree = tool.grow(rows, 2, 100, tool.OWN_FIRST)
    learned.check(tree)
    assert (tree["split"], tree["below"]) == tool.OWN_FIRST  # not the strong split below it
    assert tree["lo"]["split"] == tree["hi"]["split"] == "my_dist"
    assert tree["lo"]["rows"] + tree["hi"]["rows"] == 2000
    without = tool.grow(rows, 1, 100, None, tuple(n for n in learned.FEATURES if n != "my_dist"))
    assert without.get("split") != "my_dist"
