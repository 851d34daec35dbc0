"""Throws: scenario tests from hand-built tables at rest (docs/rules.md, docs/design.md)."""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from petanque_game.ai.petanque import aim
from petanque_game.physics import cube, geometry
from petanque_game.physics.level import load_named_level
from petanque_game.physics.throw import (
    LaunchError,
    check_launch,
    random_launch,
    release_zone,
    simulate_throw,
)
from petanque_game.rules.petanque_table import DiamondRest, DieRest, Launch, Table

ROOT = Path(__file__).resolve().parents[1]
CLASSIC = load_named_level("classic")


def die_at(player, die, x, y, angle=0.0, orientation=0, on_board=True, off_during=None):
    return DieRest(player, die, x, y, angle, cube.TOP_FACE[orientation], on_board,
                   off_during if not on_board else None, None if not on_board else 0.0,
                   orientation)


def table(diamond_xy=(0.0, 0.0), *dice, diamond_angle=0.0):
    return Table(DiamondRest(diamond_xy[0], diamond_xy[1], diamond_angle, True), tuple(dice))


def wall_hit_launch(level, num_players, thrower):
    """A flat, slow throw from the back of the release zone: too low when it reaches the wall."""
    zone = release_zone(level, num_players, thrower)
    x, y = zone.point(1.0, 0.0)
    return Launch(x, y, zone.wall.angle + math.pi, 1300.0, 0.0, 0.0, 3)


# --- the wall ------------------------------------------------------------------------------

def test_throw_too_low_hits_the_wall_and_drops_back():
    """docs/rules.md#terningepetanque-physics: too flat, it hits the wall and falls back."""
    tb = table()
    for seat in (0, 1):
        launch = wall_hit_launch(CLASSIC, 2, seat)
        res = simulate_throw(CLASSIC, tb, 2, seat, "die", 0, launch)
        thrown = res.table.dice[-1]
        assert not thrown.on_board and thrown.off_during == seat and thrown.distance is None
        wall = CLASSIC.seat_wall(2, seat)
        nx, ny = math.cos(wall.angle), math.sin(wall.angle)
        behind = thrown.x * nx + thrown.y * ny
        assert behind > wall.distance + CLASSIC.walls.thickness  # on the thrower's side
        # and never past the wall's inner face on its way
        idx = len(res.path.bodies) - 1
        assert all(f[idx][0] * nx + f[idx][1] * ny > wall.distance for f in res.path.frames)
        assert res.table.diamond == tb.diamond


def test_a_higher_throw_clears_the_wall():
    zone = release_zone(CLASSIC, 2, 0)
    x, y = zone.point(1.0, 0.0)
    res = simulate_throw(CLASSIC, table(), 2, 0, "die", 0,
                         Launch(x, y, math.pi / 2, 1900.0, 0.5, 0.0, 3))
    assert res.table.dice[-1].on_board


# --- off the board, and whose throw it was -------------------------------------------------

def _knock(tb, thrower, target_xy, level=CLASSIC, past=60.0, num_players=2):
    """Low throws aimed through target_xy: the results of those that hit it."""
    out = []
    zone = release_zone(level, num_players, thrower)
    nx, ny = zone.normal
    for i in range(12):
        through = (target_xy[0] - nx * (past + 15 * i), target_xy[1] - ny * (past + 15 * i))
        launch = aim(level, num_players, thrower, through, roll=1.0).launched()
        out.append(simulate_throw(level, tb, num_players, thrower, "die", 0, launch))
    return out


def test_die_knocked_off_by_another_players_throw():
    """docs/rules.md#terningepetanque-dice-off: in another's throw: off_during = thrower."""
    victim = die_at(1, 0, 0.0, 205.0, orientation=4)
    tb = table((150.0, 0.0), victim)
    knocked = [r for r in _knock(tb, 0, (0.0, 205.0)) if not r.table.dice[0].on_board]
    assert knocked, "no throw knocked the die off"
    for r in knocked:
        d = r.table.dice[0]
        assert (d.player, d.die, d.off_during, d.distance) == (1, 0, 0, None)


def test_die_pushed_off_by_its_owners_other_die():
    """docs/rules.md#terningepetanque-dice-off: own other die hit: off_during = owner."""
    own = die_at(0, 1, 0.0, 205.0)
    tb = table((150.0, 0.0), own)
    knocked = [r for r in _knock(tb, 0, (0.0, 205.0)) if not r.table.dice[0].on_board]
    assert knocked
    assert all(r.table.dice[0].off_during == 0 for r in knocked)


def test_die_never_reaching_the_board_is_off_with_its_owner():
    zone = release_zone(CLASSIC, 2, 0)
    x, y = zone.point(0.0, 0.0)
    res = simulate_throw(CLASSIC, table(), 2, 0, "die", 1,
                         Launch(x, y, math.pi / 2, 700.0, 0.3, 0.0, 0))
    d = res.table.dice[-1]
    assert (d.on_board, d.off_during, d.die) == (False, 0, 1)


def test_dice_already_off_stay_as_they_were():
    gone = die_at(1, 0, 30.0, -420.0, on_board=False, off_during=1, orientation=7)
    tb = table((0.0, 0.0), gone)
    launch = aim(CLASSIC, 2, 0, (0.0, -60.0)).launched()
    res = simulate_throw(CLASSIC, tb, 2, 0, "die", 0, launch)
    assert res.table.dice[0] == gone
    assert res.path.off_from[1] == 0


# --- the diamond ---------------------------------------------------------------------------

def test_diamond_pushed_off_is_reset_at_the_centre():
    """docs/rules.md#terningepetanque-diamond-off: pushed off by a die: laid at the centre."""
    tb = table((0.0, 205.0))
    results = [r for r in _knock(tb, 0, (0.0, 205.0)) if r.table.diamond.reset]
    assert results
    for r in results:
        dm = r.table.diamond
        assert (dm.x, dm.y, dm.angle, dm.on_board) == (0.0, 0.0, 0.0, True)
        for d in r.table.dice:
            if d.on_board:  # distances are to the diamond where it now lies
                assert d.distance == pytest.approx(geometry.outline_distance(
                    geometry.placed(geometry.square(16), d.x, d.y, d.angle),
                    geometry.placed(geometry.rhombus(40, 24), 0.0, 0.0, 0.0)))


def test_diamond_reset_to_nearest_free_spot_when_centre_covered():
    blocker = die_at(1, 0, 0.0, 0.0)
    tb = table((200.0, 205.0), blocker)
    results = [r for r in _knock(tb, 0, (200.0, 205.0)) if r.table.diamond.reset]
    assert results
    for r in results:
        assert r.table.dice[0] == DieRest(1, 0, 0.0, 0.0, 0.0, 1, True, None,
                                          r.table.dice[0].distance, 0)  # still on the centre
        dm = r.table.diamond
        assert dm.on_board and dm.angle == 0.0 and (dm.x, dm.y) != (0.0, 0.0)
        assert math.hypot(dm.x, dm.y) < 40.0  # near the centre
        d = r.table.dice[0]
        assert d.on_board and d.distance > 0.0  # not laid on top of the die


def test_diamond_throw_off_the_board_is_reset():
    zone = release_zone(CLASSIC, 2, 0)
    x, y = zone.point(0.5, 0.0)
    res = simulate_throw(CLASSIC, Table(), 2, 0, "diamond", None,
                         Launch(x, y, math.pi / 2, 3500.0, 0.7, 0.0, 0))
    dm = res.table.diamond
    assert dm.reset and dm.on_board and (dm.x, dm.y) == (0.0, 0.0) and res.table.dice == ()


def test_diamond_throw_onto_the_board():
    launch = aim(CLASSIC, 2, 1, (20.0, 30.0), obj="diamond").launched()
    res = simulate_throw(CLASSIC, Table(), 2, 1, "diamond", None, launch)
    dm = res.table.diamond
    assert dm.on_board and not dm.reset
    assert math.hypot(dm.x - 20.0, dm.y - 30.0) < 10.0


# --- distances -----------------------------------------------------------------------------

def test_exact_tie_of_distances_in_a_symmetric_setup():
    """docs/rules.md#terningepetanque-scoring: equally close dice both score; a symmetric table
    ties."""
    a = die_at(0, 0, 60.0, 0.0)
    b = die_at(1, 0, -60.0, 0.0)
    tb = table((0.0, 0.0), a, b)
    res = simulate_throw(CLASSIC, tb, 2, 1, "die", 1, wall_hit_launch(CLASSIC, 2, 1))
    da, db = res.table.dice[0], res.table.dice[1]
    assert da.distance == db.distance == 60.0 - 8.0 - 20.0
    assert (da.x, da.y, db.x, db.y) == (60.0, 0.0, -60.0, 0.0)


def test_touching_is_distance_zero():
    tb = table((0.0, 0.0), die_at(0, 0, 27.9, 0.0))
    res = simulate_throw(CLASSIC, tb, 2, 1, "die", 0, wall_hit_launch(CLASSIC, 2, 1))
    assert res.table.dice[0].distance == 0.0


# --- flying over, landing on ---------------------------------------------------------------

def test_airborne_die_passes_over_a_die_on_the_board():
    """docs/design.md#pseudo-3d-flight: airborne bodies do not collide with those on the board."""
    sitter = die_at(1, 0, 0.0, -150.0, angle=0.3, orientation=9)
    tb = table((0.0, 120.0), sitter)
    launch = aim(CLASSIC, 2, 0, (0.0, 60.0), roll=0.0).launched()
    res = simulate_throw(CLASSIC, tb, 2, 0, "die", 0, launch)
    assert res.table.dice[0] == DieRest(1, 0, 0.0, -150.0, 0.3, sitter.face, True, None,
                                        res.table.dice[0].distance, 9)
    thrown = res.table.dice[1]
    assert thrown.on_board and thrown.y > -100.0
    over = [f[2] for f in res.path.frames if abs(f[2][1] + 150.0) < 16.0]
    assert over and all(z > 16.0 for _, _, z, _, _ in over)


def test_landing_on_a_die_drives_it_away_and_nothing_overlaps():
    sitter = die_at(1, 0, 0.0, 40.0)
    tb = table((0.0, 160.0), sitter)
    moved = 0
    for roll in (0.0, 0.1, 0.2):
        launch = aim(CLASSIC, 2, 0, (0.0, 40.0), roll=roll).launched()
        res = simulate_throw(CLASSIC, tb, 2, 0, "die", 0, launch)
        a, b = res.table.dice
        moved += (a.x, a.y) != (0.0, 40.0)
        if a.on_board and b.on_board:
            pa = geometry.placed(geometry.square(15.0), a.x, a.y, a.angle)
            pb = geometry.placed(geometry.square(15.0), b.x, b.y, b.angle)
            assert not geometry.overlap(pa, pb)
        assert res.settled
    assert moved


# --- determinism ---------------------------------------------------------------------------

_SCRIPT = """
import json, sys
from petanque_game.physics.level import load_named_level
from petanque_game.physics.throw import simulate_throw
from petanque_game.rules.petanque_table import Launch, Table
args = json.loads(sys.argv[1])
lv = load_named_level(args["level"])
res = simulate_throw(lv, Table.from_json(args["table"]), 2, 0, "die", 1,
                     Launch.from_json(args["launch"]))
def walk(v):
    if isinstance(v, float):
        return v.hex()
    if isinstance(v, dict):
        return {k: walk(x) for k, x in v.items()}
    if isinstance(v, list):
        return [walk(x) for x in v]
    return v
print(json.dumps([walk(res.table.to_json()), res.steps,
                  [[[walk(float(c)) for c in e] for e in f] for f in res.path.frames]]))
"""


def _busy_table():
    return table((10.0, 20.0), die_at(0, 0, -30.0, -20.0, 0.4, 5),
                 die_at(1, 0, 25.0, -40.0, 1.0, 11), die_at(1, 1, 5.0, -5.0, 0.0, 2))


def test_same_throw_same_table_bit_for_bit_in_two_processes():
    """docs/design.md#a-throw-is-a-pure-function: the same in any process (float.hex)."""
    launch = aim(CLASSIC, 2, 0, (0.0, 0.0), roll=0.9).launched(13)
    args = json.dumps({"level": "classic", "table": _busy_table().to_json(),
                       "launch": launch.to_json()})
    env = {"PYTHONPATH": str(ROOT), "PYTHONHASHSEED": "0"}
    runs = []
    for seed in ("1", "2"):
        env["PYTHONHASHSEED"] = seed
        out = subprocess.run([sys.executable, "-c", _SCRIPT, args], capture_output=True,
                             text=True, env=env, cwd=str(ROOT), check=True).stdout
        runs.append(out)
    assert runs[0] == runs[1]
    here = simulate_throw(CLASSIC, _busy_table(), 2, 0, "die", 1, launch)
    table_hex, steps, _ = json.loads(runs[0])
    assert steps == here.steps
    assert table_hex["dice"][-1]["x"] == here.table.dice[-1].x.hex()
    assert Table.from_json(here.table.to_json()) == here.table
    moved = [d for d, o in zip(here.table.dice, _busy_table().dice) if (d.x, d.y) != (o.x, o.y)]
    assert moved  # the throw really did knock something


def test_repeat_in_process_is_identical():
    launch = aim(CLASSIC, 2, 0, (0.0, 0.0), roll=0.9).launched(13)
    a = simulate_throw(CLASSIC, _busy_table(), 2, 0, "die", 1, launch)
    b = simulate_throw(CLASSIC, _busy_table(), 2, 0, "die", 1, launch, record_path=False)
    assert a.table == b.table and a.steps == b.steps


# --- faces ---------------------------------------------------------------------------------

def _face_counts(n, seed, orientation=None):
    """Faces of n varied throws. With `orientation` None each die leaves the hand at a random
    orientation (as in a game); with a fixed one, any evenness must come from the tumbling."""
    rng = random.Random(seed)
    counts = Counter()
    levels = [CLASSIC, load_named_level("round-table"), load_named_level("bumper-lane")]
    for i in range(n):
        lv = levels[i % 3]
        players = 2 + i % 3
        seat = rng.randrange(players)
        zone_target = (rng.uniform(-120, 120), rng.uniform(-80, 80))
        tb = table((rng.uniform(-60, 60), rng.uniform(-40, 40)))
        start = rng.randrange(24) if orientation is None else orientation
        if i % 2:
            launch = random_launch(lv, players, seat, rng, orientation=start)
        else:
            launch = aim(lv, players, seat, zone_target, roll=rng.random(),
                         spin=rng.uniform(-10, 10)).launched(start)
        counts[simulate_throw(lv, tb, players, seat, "die", 0, launch,
                              record_path=False).table.dice[-1].face] += 1
    return [counts[f] for f in range(1, 7)]


def test_faces_come_up_evenly_small():
    counts = _face_counts(300, 7)
    stat, p = cube.face_chi_square(counts)
    assert p > 1e-4, (counts, stat)


@pytest.mark.slow
def test_faces_come_up_evenly_6000_throws():
    counts = _face_counts(6000, 2024)
    stat, p = cube.face_chi_square(counts)
    assert p > 0.001, (counts, stat)


def test_faces_come_out_of_the_tumbling_not_the_hand():
    """Every die leaves the hand showing the same face up: a fair spread of faces at rest can
    only come from the tumbling in flight, on landing, on bounces and when hit (the rules: the face
    on top comes out of the simulation). A die that did not tumble would show 1 every time."""
    counts = _face_counts(600, 11, orientation=0)
    stat, p = cube.face_chi_square(counts)
    assert p > 1e-4, (counts, stat)


@pytest.mark.slow
def test_faces_come_out_of_the_tumbling_6000_throws_from_one_hand_orientation():
    counts = _face_counts(6000, 2025, orientation=0)
    stat, p = cube.face_chi_square(counts)
    assert p > 0.001, (counts, stat)


def test_cube_has_24_orientations_and_fair_faces():
    assert len(set(cube.ROTATIONS)) == 24 and cube.ROTATIONS[0] == (1, 0, 0, 0, 1, 0, 0, 0, 1)
    assert Counter(cube.TOP_FACE) == {f: 4 for f in range(1, 7)}
    for o in range(24):
        for k in range(4):
            assert cube.roll(o, k, 4) == o
            assert cube.roll(cube.roll(o, k), (k + 2) % 4) == o
            assert cube.TOP_FACE[cube.roll(o, k, 2)] == 7 - cube.TOP_FACE[o]


# --- launches ------------------------------------------------------------------------------

@pytest.mark.parametrize("change,field", [
    ({"speed": 0.0}, "launch.speed"),
    ({"speed": -5.0}, "launch.speed"),
    ({"speed": 99999.0}, "launch.speed"),
    ({"elevation": 1.5}, "launch.elevation"),
    ({"elevation": -0.5}, "launch.elevation"),
    ({"spin": 1000.0}, "launch.spin"),
    ({"direction": -math.pi / 2}, "launch.direction"),
    ({"x": 0.0, "y": 0.0}, "release zone"),
    ({"x": 0.0, "y": -370.0}, "release zone"),
    ({"x": 2000.0}, "release zone"),
    ({"speed": float("nan")}, "launch.speed"),
    ({"x": float("inf")}, "launch.x"),
    ({"orientation": 24}, "launch.orientation"),
])
def test_check_launch_refuses_with_one_clear_reason(change, field):
    base = aim(CLASSIC, 2, 0, (0.0, 0.0)).launched()
    fields = base.to_json() | change
    bad = Launch(**fields)
    with pytest.raises(LaunchError, match=field.replace(".", r"\.")):
        check_launch(CLASSIC, 2, 0, bad)
    with pytest.raises(LaunchError):
        simulate_throw(CLASSIC, table(), 2, 0, "die", 0, bad)


def test_check_launch_refuses_the_wrong_seat():
    launch = aim(CLASSIC, 2, 0, (0.0, 0.0)).launched()
    check_launch(CLASSIC, 2, 0, launch)
    with pytest.raises(LaunchError, match=r"launch\.direction"):
        check_launch(CLASSIC, 2, 1, launch)
    with pytest.raises(LaunchError, match="release zone"):
        check_launch(CLASSIC, 2, 1, Launch(launch.x, launch.y, -math.pi / 2, launch.speed,
                                           launch.elevation, 0.0, 0))
    with pytest.raises(LaunchError, match="thrower"):
        check_launch(CLASSIC, 2, 2, launch)
    with pytest.raises(LaunchError, match="num_players"):
        check_launch(CLASSIC, 5, 0, launch)


def _perching_throws(level, seat, height, elevation, speeds, players=2, lateral=0.0):
    zone = release_zone(level, players, seat)
    x, y = zone.point(1.0, lateral)
    for speed in speeds:
        res = simulate_throw(level, table(), players, seat, "die", 0,
                             Launch(x, y, zone.wall.angle + math.pi, speed, elevation, 0.0, 0))
        if any(abs(f[-1][2] - height) < 1e-9 for f in res.path.frames):
            yield res


def test_die_landing_on_top_of_the_wall_slides_off_and_falls():
    """A die coming down onto the wall's top does not stay there (or pass through it)."""
    results = list(_perching_throws(CLASSIC, 0, CLASSIC.walls.height, 1.2,
                                    [1300.0 + 5 * i for i in range(60)]))
    assert results
    for res in results:
        d = res.table.dice[-1]
        assert res.settled and not d.on_board and d.off_during == 0


def test_die_landing_on_top_of_an_obstacle_slides_off():
    lane = load_named_level("bumper-lane")
    bumper = lane.obstacles[0]  # the west bumper, in line with a west throw at y = 55
    results = list(_perching_throws(lane, 0, bumper.height, 1.1,
                                    [1500.0 + 10 * i for i in range(150)], lateral=-55.0))
    assert results
    for res in results:
        d = res.table.dice[-1]
        assert res.settled
        if d.on_board:
            square = geometry.placed(geometry.square(15.0), d.x, d.y, d.angle)
            assert not geometry.overlap(square, bumper.outline)


def test_path_has_60_frames_per_simulated_second():
    res = simulate_throw(CLASSIC, _busy_table(), 2, 0, "die", 1,
                         aim(CLASSIC, 2, 0, (0.0, 0.0), roll=0.9).launched(13))
    assert res.path.fps == 60
    assert len(res.path.frames) == res.steps // 8 + 1
    assert res.path.bodies == (("diamond", -1, -1), ("die", 0, 0), ("die", 1, 0), ("die", 1, 1),
                               ("die", 0, 1))
    last = res.path.frames[-1]
    for (x, y, z, _angle, o), d in zip(last[1:], res.table.dice):
        assert (x, y, z, o) == (d.x, d.y, 0.0, d.orientation)
