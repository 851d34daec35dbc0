"""Boards that are hard on the physics (hostile_levels.PHYSICS_BOARDS): every throw comes to rest
in bounded work, nothing rests beyond the world, and a record made on them verifies.

Work is counted, never timed: a die that cannot tip off its perch (a pocket between obstacles)
used to search for a free spot at every step, hundreds of searches (minutes) a throw; now at
most two. `benchmarks/bench_hostile_boards.py` measures the time.
"""

from __future__ import annotations

import json
import math
import random

import pytest
from hostile_levels import PHYSICS_BOARDS, edited, physics_board
from test_physics_property import check_settled, launch_from, random_table

from petanque_game.ai.petanque import aim
from petanque_game.cli import main
from petanque_game.physics import airborne, geometry
from petanque_game.physics.level import Level, load_named_level, user_levels_dir
from petanque_game.physics.level_check import parse_level
from petanque_game.physics.off_board import free_spot
from petanque_game.physics.throw import random_launch, simulate_throw
from petanque_game.record import check_table_within
from petanque_game.rules.petanque_table import DiamondRest, Table

BOARDS = {name: parse_level(physics_board(name), name, f"{name}.yaml") for name in PHYSICS_BOARDS}
SEARCHES = 2  # a topple's search, and the wider one laying the die down when it finds nothing


@pytest.fixture
def searches(monkeypatch):
    """Counts the flier's free-spot searches; a throw that makes more than 10 fails at once
    (the old physics made one at every step while a die was stuck)."""
    count = [0]

    def counted(*args, **kwargs):
        count[0] += 1
        if count[0] > 10:
            pytest.fail("more than 10 free-spot searches in one throw")
        return free_spot(*args, **kwargs)

    monkeypatch.setattr(airborne, "free_spot", counted)
    return count


def _into_pocket(i: int):
    level = BOARDS["pocket"]
    rng = random.Random(i)
    seat = i % 2
    target = (140.0 + rng.uniform(-15, 15), rng.uniform(-15, 15))
    return level, seat, aim(level, 2, seat, target, roll=rng.random() * 0.3).launched(0)


def test_a_die_stuck_in_a_pocket_is_laid_down_after_one_failed_search(searches):
    level = BOARDS["pocket"]
    stuck = 0
    for i in range(12):
        _, seat, launch = _into_pocket(i)
        searches[0] = 0
        table = Table(DiamondRest(0.0, 0.0, 0.0, True))
        res = simulate_throw(level, table, 2, seat, "die", 0, launch)
        assert res.settled
        assert searches[0] <= SEARCHES
        stuck += searches[0] == SEARCHES
        check_settled(level, table, res, seat)  # on the felt clear of every obstacle, or off
    assert stuck >= 3, "the pocket should catch some of these throws (the case under test)"


def test_a_die_on_top_of_a_thick_wall_falls_off_after_one_search(searches):
    """A die that comes down on top of a 200 mm thick wall and is still there after a quarter
    of a second falls off (the floor is all round a wall) instead of searching the board at
    every step while it skates along the wall's top."""
    level = BOARDS["tall-thick-walls"]
    rng = random.Random("walls")
    on_walls = 0
    for i in range(200):
        seat = i % 2
        table = Table(DiamondRest(0.0, 0.0, 0.0, True))
        searches[0] = 0
        res = simulate_throw(level, table, 2, seat, "die", 0, random_launch(level, 2, seat, rng))
        if searches[0]:
            on_walls += 1
            assert searches[0] == 1 and not res.table.dice[-1].on_board
        check_table_within(res.table, level.world_half_size, 0)
    assert on_walls >= 1, "some of these throws should come down on a wall's top"


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_crowded_tables_on_hostile_boards_end_cleanly_in_few_searches(name, searches):
    level = BOARDS[name]
    rng = random.Random(name)
    for i in range(30):
        num_players = 2 + i % 3
        thrower = i % num_players
        tb = random_table(level, rng, thrower, 7)
        if i % 2:
            targets = [(ob.outline[0][0] + 8, ob.outline[0][1] + 8) for ob in level.obstacles]
            target = rng.choice(targets or [(0.0, 0.0)])
            launch = aim(level, num_players, thrower, target, roll=rng.random(),
                         spin=rng.uniform(-5, 5)).launched(rng.randrange(24))
        else:
            launch = launch_from(level, num_players, thrower,
                                 tuple(rng.random() for _ in range(7)))
        searches[0] = 0
        res = simulate_throw(level, tb, num_players, thrower, "die", 0, launch)
        assert searches[0] <= SEARCHES
        check_settled(level, tb, res, thrower)
        check_table_within(res.table, level.world_half_size, 0)


def test_nothing_comes_to_rest_beyond_the_world(monkeypatch):
    """However small the world a record is checked against, a body that comes down beyond its
    edge lies at the edge (here a long throw over the far wall, with the world cut to 600 mm):
    a record the game writes keeps within what verify, Resume and replay accept."""
    level = load_named_level("classic")
    table = Table(DiamondRest(0.0, 0.0, 0.0, True))
    launch = aim(level, 2, 0, (0.0, 900.0), roll=0.5).launched(0)
    free = simulate_throw(level, table, 2, 0, "die", 0, launch)
    assert free.table.dice[-1].y > 600.0  # it comes down past 600 mm
    monkeypatch.setattr(Level, "world_half_size", property(lambda self: 600.0))
    cut = simulate_throw(level, table, 2, 0, "die", 0, launch)
    die = cut.table.dice[-1]
    assert not die.on_board and die.y == 599.0 and die.x == free.table.dice[-1].x
    check_table_within(cut.table, 600.0, 0)


@pytest.mark.parametrize("name", ["pocket", "ledges"])
def test_a_record_made_on_a_hostile_board_verifies(tmp_path, monkeypatch, capsys, name):
    monkeypatch.setenv("PETANQUE_GAME_HOME", str(tmp_path / "home"))
    folder = user_levels_dir()
    folder.mkdir(parents=True)
    (folder / f"{name}.yaml").write_text(edited(PHYSICS_BOARDS[name]), encoding="utf-8")
    out = tmp_path / "out"
    assert main(["simulate", "terningepetanque", "--players", "ai:easy,ai:expert",
                 "--option", "rounds=1", "--level", name, "--record", str(out)]) == 0
    record = out / "terningepetanque-0.json"
    assert json.loads(record.read_text("utf-8"))["level"] == name
    capsys.readouterr()
    assert main(["verify", str(record)]) == 0, capsys.readouterr()


def test_the_hostile_boards_are_accepted_and_hard():
    """The fixtures are what they claim: accepted, and each holds what makes it hard."""
    pocket, ledges = BOARDS["pocket"], BOARDS["ledges"]
    assert len(pocket.obstacles) == 5
    assert max(geometry.width(ob.outline) for ob in ledges.obstacles if ob.height < 800) >= 65.0
    assert min(geometry.width(ob.outline) for ob in BOARDS["thin-obstacles"].obstacles) < 5.0
    tall = BOARDS["tall-thick-walls"].walls
    assert tall.height >= 300.0 and tall.thickness == 200.0


# --- the faster free-spot search decides every spot as the plain one ------------------------

def _plain_free_spot(board, others, outline_at, x0, y0, clearance, reach):
    """free_spot as it was: every spot of every ring, read plainly (the body wholly on the
    board, more than `clearance` from each of `others`)."""
    limit = int(min(reach, board.extent) / 2.0) + 2
    for ring in range(limit):
        r = 2.0 * ring
        count = max(1, math.ceil(2.0 * math.pi * r / 2.0))
        for j in range(count):
            a = 2.0 * math.pi * j / count
            x, y = x0 + r * math.cos(a), y0 + r * math.sin(a)
            poly = outline_at(x, y)
            if all(board.contains(px, py) for px, py in poly) and \
                    all(geometry.outline_distance(poly, o) > clearance for o in others):
                return x, y
    return None


def _scene(rng: random.Random):
    shipped = [load_named_level(n) for n in ("classic", "round-table")] + list(BOARDS.values())
    level = rng.choice(shipped)
    board, extent = level.board, level.board.extent
    others = [ob.outline for ob in level.obstacles]
    for _ in range(rng.randrange(0, 10)):
        local = geometry.square(rng.uniform(8, 30)) if rng.random() < 0.7 else \
            geometry.rhombus(40, 24)
        others.insert(0, geometry.placed(local, rng.uniform(-extent, extent),
                                         rng.uniform(-extent, extent), rng.uniform(-3, 3)))
    for _ in range(rng.randrange(0, 3)):  # blocks of all sizes and shapes
        cx, cy, radius = rng.uniform(-extent, extent), rng.uniform(-extent, extent), \
            rng.uniform(5, 150)
        m = rng.randrange(3, 7)
        others.append(geometry.ccw(tuple(
            (cx + radius * math.cos(2 * math.pi * i / m + rng.uniform(0, 0.3)),
             cy + radius * math.sin(2 * math.pi * i / m + rng.uniform(0, 0.3)))
            for i in range(m))))
    local = geometry.square(rng.uniform(5, 40)) if rng.random() < 0.7 else \
        geometry.rhombus(40, 24)
    angle = rng.uniform(-3, 3)
    x0, y0 = rng.uniform(-1.2 * extent, 1.2 * extent), rng.uniform(-1.2 * extent, 1.2 * extent)
    return (board, others, lambda x, y: geometry.placed(local, x, y, angle), x0, y0,
            rng.choice([0.0, 0.5, 2.0]), rng.choice([48.0, 120.0, 300.0]))


def _same_spots(cases: int, seed: int) -> None:
    rng = random.Random(seed)
    found = 0
    resumed = 0
    for _ in range(cases):
        args = _scene(rng)
        spot = free_spot(*args)
        assert spot == _plain_free_spot(*args)
        found += spot is not None
        near = args[-1] / 4.0  # a search of less reach, then this one resumed past its rings
        if free_spot(*args[:-1], near) is None:
            assert free_spot(*args, searched=near) == spot
            resumed += 1
    assert 0 < found < cases and resumed  # every kind of answer was compared


def test_free_spot_finds_the_same_spot_as_the_plain_search():
    _same_spots(25, 1)


@pytest.mark.slow
def test_free_spot_finds_the_same_spot_as_the_plain_search_many():
    _same_spots(600, 2)
