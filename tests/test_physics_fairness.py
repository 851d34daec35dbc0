"""The die's face is chance that nobody chooses: the faces of the dice each kind of seat throws,
in real matches, are even (chi-square against a fair die, p > 0.001).

The match draws the die's orientation in the hand after the seat has decided its aim; no AI sees
it (issue: chance no player can see). The quick tests throw 200 dice per kind of seat, and 16
for the expert, whose every throw is a search (about 0.5 s of CPU). A die loaded to land 6 in half
its throws, or to never land 1, fails the 200-throw kinds every time (no 1 in 200 throws gives
p < 1e-5 however the other faces fall), one landing 6 in a third of its throws 95% of the time
(simulated; with 600 throws 100%, but one landing 6 in a quarter of them 21% of the time against
87%: that is the slow twin's to find); the expert's 16 fail a seat steering three throws in four
to one face (98% of the time, simulated; 24 throws: 99.7%). The slow ones (`pytest -m slow`)
throw the 3,000 per kind the issue asks for.

A die already lying is knocked fairly too (physics 3, `physics/knocked.py`): the quick tests below
show that its face is the launch's tumble's to decide, not the aim's, and that the tumble changes
nothing else; the slow ones count the faces of knocked dice in recorded AI games
(`benchmarks/bench_faces.py` does the counting, the same code as the benchmark).
"""

from __future__ import annotations

from collections import Counter

import pytest

from petanque_game.ai.petanque import aim
from petanque_game.match import Match
from petanque_game.physics.cube import face_chi_square
from petanque_game.record import Seat

P_FLOOR = 0.001


def _thrown_faces(seats: list[Seat], throws: int, seed: int, fixed_aim: bool = False) -> list[int]:
    """Faces of the dice thrown (each die as its own throw settled) until `throws` are counted."""
    counts: Counter[int] = Counter()
    game = seed
    while sum(counts.values()) < throws:
        match = Match.new("terningepetanque", seats, {"rounds": 15, "allow_rethrow": False},
                          seed=game)
        aims = {}
        while not match.over and sum(counts.values()) < throws:
            state = match.state
            if match.ai_to_move:
                match.play_ai_turn()
            elif state.throw_due is None:
                match.decide(state.legal_actions()[0])  # the roll for who starts
            else:
                obj, die = state.throw_due
                seat = state.to_move
                if (seat, obj) not in aims:  # the same aim for every throw of this seat
                    aims[seat, obj] = aim(match.level, state.num_players, seat, (0.0, 0.0),
                                          obj=obj, roll=0.6)
                match.decide(match.rules.Throw(obj, die, aims[seat, obj]))
            event = match.record.events[-1]
            if event["action"] == "throw" and event["object"] == "die":
                counts[event["outcome"]["dice"][-1]["face"]] += 1
        game += 1
    return [counts[f] for f in range(1, 7)]


SEATS = {
    "easy": [Seat("A", "ai", "easy"), Seat("B", "ai", "easy")],
    "medium": [Seat("A", "ai", "medium"), Seat("B", "ai", "medium")],
    "expert": [Seat("A", "ai", "expert"), Seat("B", "ai", "expert")],
    "human with a fixed aim": [Seat("Ana", "human"), Seat("Bo", "human")],
}
# The people here throw exactly what they aim (the `exact_hands` fixture), so each seat's throws
# all follow one path: only the hand's orientation is left to chance. So their kind also shows
# that a fixed aim gives every face, not one (a die that never tumbled would show one): a face
# missing from 200 throws cannot pass (p < 1e-5, above).


@pytest.mark.parametrize("kind", sorted(SEATS))
def test_faces_of_the_dice_each_kind_of_seat_throws_are_even(kind, exact_hands):
    counts = _thrown_faces(SEATS[kind], 16 if kind == "expert" else 200, seed=200)
    _, p = face_chi_square(counts)
    assert p > P_FLOOR, (kind, counts)


@pytest.mark.slow
@pytest.mark.parametrize("kind", sorted(SEATS))
def test_faces_over_3000_throws_of_each_kind_of_seat_are_even(kind, exact_hands):
    counts = _thrown_faces(SEATS[kind], 3000, seed=1000)
    _, p = face_chi_square(counts)
    assert p > P_FLOOR, (kind, counts)


def test_a_player_cannot_decide_the_orientation(exact_hands):
    """A full Launch (with the hand's orientation) is not a decision: only an Aim is."""
    from petanque_game.rules.base import IllegalAction

    match = Match.new("terningepetanque", SEATS["human with a fixed aim"], {"rounds": 1}, seed=3)
    while match.state.throw_due is None:
        match.decide(match.state.legal_actions()[0])
    obj, die = match.state.throw_due
    seat = match.state.to_move
    chosen = aim(match.level, 2, seat, (0.0, 0.0), obj=obj)
    with pytest.raises(IllegalAction, match="aim"):
        match.decide(match.rules.Throw(obj, die, chosen.launched(5)))
    match.decide(match.rules.Throw(obj, die, chosen))
    assert match.record.events[-1]["launch"]["x"] == chosen.x  # a human's hand adds no wobble


def test_the_hand_orientation_changes_no_path_only_the_faces():
    """Why the faces are fair whatever anyone aims: a throw's path (every body's position and
    angle in every frame) does not depend on the thrown die's starting orientation, and its
    final orientation is the path's rotation applied to the start (cube.py), so a uniformly
    drawn start gives a uniform face however the aim was chosen."""
    from petanque_game.physics import cube
    from petanque_game.physics.level import load_named_level
    from petanque_game.physics.throw import simulate_throw
    from petanque_game.rules.petanque_table import DiamondRest, DieRest, Table

    level = load_named_level("classic")
    lying = DieRest(1, 0, 20.0, -30.0, 0.4, cube.TOP_FACE[9], True, None, 5.0, 9)
    table = Table(DiamondRest(0.0, 0.0, 0.0, True), (lying,))
    chosen = aim(level, 2, 0, (15.0, -25.0), roll=0.8)  # through the lying die
    runs = [simulate_throw(level, table, 2, 0, "die", 0, chosen.launched(o, 77))
            for o in range(24)]
    first = runs[0]
    for o, run in enumerate(runs):
        assert [[f[:4] for f in frame] for frame in run.path.frames] == \
            [[f[:4] for f in frame] for frame in first.path.frames]
        turned = cube.ROTATIONS[first.table.dice[-1].orientation]  # the path's rotation
        want = cube.ROTATIONS.index(cube._mul(turned, cube.ROTATIONS[o]))
        assert run.table.dice[-1].orientation == want
        assert run.table.dice[0] == first.table.dice[0]  # the knocked die: as without it
    assert first.table.dice[0].x != lying.x  # it was knocked
    assert sorted(r.table.dice[-1].face for r in runs) == sorted(list(range(1, 7)) * 4)


# --- knocked dice (physics 3) ------------------------------------------------------------------


def _knock_setup():
    from petanque_game.physics import cube
    from petanque_game.physics.level import load_named_level
    from petanque_game.rules.petanque_table import DiamondRest, DieRest, Table

    level = load_named_level("classic")
    lying = DieRest(1, 0, 20.0, -30.0, 0.4, cube.TOP_FACE[9], True, None, 5.0, 9)
    return level, lying, Table(DiamondRest(0.0, 0.0, 0.0, True), (lying,))


def test_a_knocked_dies_orientation_is_the_tumbles_to_decide_not_the_aims():
    """The same aim and hand through a lying die, with tumbles giving each of the 24 chance
    rotations: the throw's path is the same every time, and the knocked die ends in each of the 24
    orientations once, so every face four times. Nothing but the tumble (drawn after the decision)
    decides the face, so no one can steer it."""
    from petanque_game.physics.knocked import chance_rotation
    from petanque_game.physics.throw import simulate_throw

    level, lying, table = _knock_setup()
    tumbles = {}
    for tumble in range(1000):
        tumbles.setdefault(chance_rotation(tumble, lying.player, lying.die), tumble)
    assert len(tumbles) == 24
    chosen = aim(level, 2, 0, (15.0, -25.0), roll=0.8)  # through the lying die
    runs = [simulate_throw(level, table, 2, 0, "die", 0, chosen.launched(3, tumbles[u]))
            for u in range(24)]
    knocked = [run.table.dice[0] for run in runs]
    assert abs(knocked[0].x - lying.x) > 1.0
    assert {(d.x, d.y, d.angle) for d in knocked} == {(knocked[0].x, knocked[0].y,
                                                       knocked[0].angle)}
    assert sorted(d.orientation for d in knocked) == list(range(24))
    assert sorted(d.face for d in knocked) == sorted(list(range(1, 7)) * 4)
    assert len({run.table.dice[-1] for run in runs}) == 1  # the thrown die: the tumble's not


def test_the_tumble_changes_nothing_in_a_throw_that_knocks_nothing():
    """A die thrown clear of the lying one (it rolls on the felt): every tumble gives the same
    throw, frame by frame, as the physics of version 2 (no tumble); the lying die keeps its face."""
    from petanque_game.physics.throw import simulate_throw

    level, lying, table = _knock_setup()
    clear = aim(level, 2, 0, (-150.0, 60.0), roll=0.9)
    old = simulate_throw(level, table, 2, 0, "die", 0, clear.launched(3))
    for tumble in (0, 1, 2**31, 2**32 - 1):
        new = simulate_throw(level, table, 2, 0, "die", 0, clear.launched(3, tumble))
        assert new.table == old.table and new.path == old.path
    kept = old.table.dice[0]
    assert (kept.x, kept.y, kept.angle, kept.orientation) == (lying.x, lying.y, lying.angle,
                                                               lying.orientation)
    assert old.path.frames[0][-1][4] != old.table.dice[-1].orientation  # the thrown die rolled


def test_a_die_only_brushed_keeps_its_face_and_one_moved_is_turned_once():
    """`Knocks`: a lying die is turned by its chance rotation the first time it is found more than
    MOVED from where it lay, and never again in the same throw; the thrown die never."""
    from types import SimpleNamespace

    from petanque_game.physics import cube
    from petanque_game.physics.knocked import MOVED, Knocks, chance_rotation

    class Die:  # what Knocks reads of a world's item (hashed by identity, as an Item is)
        def __init__(self, player, x, orientation):
            self.kind, self.in_world, self.player, self.die = "die", True, player, 1
            self.body = SimpleNamespace(position=(x, 0.0))
            self.placed = (x, 0.0)  # where the world placed it (`parts.add_parts`)
            self.orientation = orientation

    lying, thrown = Die(0, 10.0, 5), Die(1, -200.0, 7)
    knocks = Knocks(123, [lying, thrown])
    assert not knocks.moved(lying, 10.0 + MOVED * 0.9, 0.0)
    lying.body.position = (10.0 + MOVED * 0.9, 0.0)
    knocks.sweep([lying, thrown])
    assert lying.orientation == 5  # brushed: as it lay
    assert knocks.moved(lying, 10.0 + MOVED * 1.1, 0.0)
    knocks.knock(lying)
    turned = cube.TURNED[chance_rotation(123, 0, 1)][5]
    assert lying.orientation == turned
    knocks.knock(lying)
    knocks.knock(thrown)
    assert (lying.orientation, thrown.orientation) == (turned, 7)
    assert not knocks.moved(lying, 500.0, 0.0)  # knocked once: no longer watched


def test_a_resumed_game_of_physics_2_goes_on_throwing_with_physics_2(tmp_path):
    """A game begun before knocked dice tumbled by chance keeps its physics when resumed: its new
    throws hold no tumble, and the whole record still verifies."""
    import json
    from pathlib import Path

    from petanque_game.cli import main
    from petanque_game.match import rebuild
    from petanque_game.record import record_from_json

    data = json.loads((Path(__file__).parent / "data" /
                       "physics-v2-terningepetanque.json").read_text("utf-8"))
    cut = max(i for i, e in enumerate(data["events"]) if e["action"] == "round_end")
    data["events"] = data["events"][:cut]  # the last round ends unscored
    data.pop("result")
    match = rebuild(record_from_json(data))
    match.play_to_end()
    assert match.record.extra["physics"] == 2
    played = json.loads(match.record.dumps())
    assert len(played["events"]) > cut
    assert not any("tumble" in e.get("launch", {}) for e in played["events"])
    path = tmp_path / "resumed.json"
    path.write_text(match.record.dumps(), encoding="utf-8")
    assert main(["verify", str(path)]) == 0


def _bench_faces():
    """benchmarks/bench_faces.py, whose counting of recorded games these tests share."""
    import importlib.util
    import sys
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_faces.py"
    spec = importlib.util.spec_from_file_location("bench_faces", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("bench_faces", module)  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return sys.modules["bench_faces"]


@pytest.mark.slow
@pytest.mark.parametrize("level, games", [("easy", 60), ("medium", 20), ("expert", 4)])
def test_knocked_and_thrown_faces_in_recorded_games_are_fair(tmp_path, level, games):
    """The issue's criteria on a smaller sample (benchmarks/RESULTS.md has the full one): games
    between two AI players of `level` are recorded, read back, and the faces of the thrown dice
    and of the knocked dice (the thrower's own and its opponents' apart) pass chi-square
    (p > 0.001) with a mean face within 3 standard errors of 3.5."""
    bench = _bench_faces()
    bench.play(level, games, 15, 500, tmp_path)
    tally, n, versions = bench.count_folder(tmp_path)
    assert n == games and versions == {3}
    for kind in ("thrown", "knocked own", "knocked opponents"):
        faces = tally[kind]
        assert faces.n >= 60, (kind, faces.counts)
        p, mean, se = faces.stats()
        assert p > P_FLOOR and abs(mean - 3.5) < 3 * se, (kind, faces.counts, p, mean, se)
