"""Issue 30, item 10: a knock never sends a body through a wall or an obstacle, or out of the
world, on any board the checker accepts (physics/level_knocks.py bounds the speeds knocks make).

Boards at the checker's extremes (4 mm walls and bars, bodies as elastic as allowed, the mass
ratio, max_speed or landing push as high as the checker lets through, found by bisection) take
hard knocks: dice thrown at max_speed, flat or steep, at the diamond and dice lying in front of a
4 mm bar or a wall. Every physics step is watched (`pymunk.Space.step` wrapped): no body on the
board may have its centre pass into or across a wall or obstacle, or leave the world, and none
may move faster than the checker's bound. The default run throws 30 knocks a board; the slow one
(`-m slow`) 1,000.
"""

from __future__ import annotations

import math
import random

import pymunk
import pytest
from hostile_levels import box, classic

from petanque_game.physics import geometry, level_knocks, world
from petanque_game.physics.level_check import parse_level
from petanque_game.physics.level_spec import LevelError
from petanque_game.physics.throw import release_zone, simulate_throw
from petanque_game.rules.petanque_table import DiamondRest, DieRest, Launch, Table

BAR_Y = -150.0  # the bar's near face: a 4 mm bar across the board, 350 mm from its south edge


def _hard(d: dict) -> None:
    """Classic, made as hard as the checker allows on tunnelling: 4 mm walls 20 mm high (a flat
    throw clears them and lands at full speed), slippery felt (a die slides on at full speed),
    a 4 mm bar, everything as elastic as allowed."""
    d["walls"].update(thickness=4.0, height=20.0, elasticity=0.95)
    d["felt"].update(friction=0.05, landing_friction=0.0, roll_keep=0.95, roll_friction=0.0)
    d["board"].update(width=1400.0, height=1000.0)  # room to come to rest on such felt
    d["dice"]["elasticity"] = d["diamond"]["elasticity"] = 0.95
    d["throw"].update(hand_height=40.0, min_elevation=-20.0, max_spin=100.0)
    d["obstacles"] = [{"name": "bar", "height": 30.0,
                       "points": box(-150, BAR_Y, 150, BAR_Y + 4.0)}]


def _light_diamond(d: dict, dice_mass: float) -> None:
    _hard(d)
    d["diamond"]["mass"], d["dice"]["mass"] = 1.0, dice_mass


def _fast(d: dict, speed: float) -> None:
    _hard(d)
    d["throw"]["max_speed"] = speed


def _hard_landing(d: dict, drive: float) -> None:
    _hard(d)
    d["felt"]["restitution"], d["tumble"]["drive"] = 0.5, drive
    d["throw"]["hand_height"] = 150.0


def _accepted(change, value: float) -> bool:
    d = classic()
    change(d, value)
    try:
        parse_level(d, "knocks", "knocks.yaml")
    except LevelError:
        return False
    return True


def at_the_limit(change, low: float, high: float):
    """The board `change(doc, value)` with the highest value up to `high` the checker accepts
    (`low` is accepted)."""
    assert _accepted(change, low)
    if _accepted(change, high):
        low = high
    for _ in range(30 if low < high else 0):
        mid = (low + high) / 2.0
        low, high = (mid, high) if _accepted(change, mid) else (low, mid)
    d = classic()
    change(d, low)
    return parse_level(d, "knocks", "knocks.yaml")


EXTREMES = {
    "light-diamond": (_light_diamond, 1.0, 100.0),  # the dice as heavy as accepted
    "fast": (_fast, 2000.0, 8000.0),  # max_speed as high as 4 mm bars allow
    "hard-landing": (_hard_landing, 0.0, 2.0),  # the landing's push, on bouncy felt
}


@pytest.fixture(scope="module")
def boards():
    return {name: at_the_limit(*args) for name, args in EXTREMES.items()}


def test_the_board_of_the_issue_is_refused():
    """1 g diamond, 100 g dice, elasticity 0.95, 4 mm bars: a knock sent the diamond at ~116 m/s
    through a bar and the wall."""
    d = classic()
    _light_diamond(d, 100.0)
    d["throw"]["max_speed"] = 4800.0
    with pytest.raises(LevelError, match=r"diamond\.mass: a knock could send the diamond at up "
                       r"to .* m/s, through the walls \(4 mm\) in one physics step"):
        parse_level(d, "knocks", "knocks.yaml")


def test_a_landing_push_too_hard_is_refused_naming_drive():
    d = classic()
    d["felt"]["restitution"], d["tumble"]["drive"] = 0.9, 2.0
    with pytest.raises(LevelError, match=r"tumble\.drive: a knock could send a die"):
        parse_level(d, "knocks", "knocks.yaml")


def test_the_shipped_boards_stay_accepted_with_room():
    from petanque_game.physics.level import level_names, load_named_level

    for name in level_names():
        level = load_named_level(name)
        _, width = level_knocks.thinnest(level)
        assert level_knocks.fastest(level, level.dice.mass) / 480 < (16 + width) / 2


class Watch:
    """Wraps pymunk.Space.step: after every step of a throw's world, every body on the board
    (the thrown die once it is down) is followed through the walls and obstacles that world has,
    and checked against the world's edge. A contact may push a body's centre into a thin wall
    for a step (it moves up to max_speed / 480 before pymunk sees the overlap); passing through
    is leaving it by a side facing away from the side it came in by."""

    def __init__(self, monkeypatch):
        self.worlds: dict[int, world.World] = {}
        self.last: dict[int, tuple[float, float]] = {}
        self.entered: dict[tuple[int, int], tuple[float, float]] = {}
        self.tunnels: list[str] = []
        self.fastest: dict[str, float] = {}
        made, step = world.World.__init__, pymunk.Space.step

        def init(w, *args, **kwargs):
            made(w, *args, **kwargs)
            self.worlds = {id(w.space): w}
            self.outlines = [geometry.ccw(o) for o in w.plan.outlines]
            self.last, self.entered = {}, {}

        def watched(space, dt):
            step(space, dt)
            w = self.worlds.get(id(space))
            if w is not None:
                self.after_step(w)

        monkeypatch.setattr(world.World, "__init__", init)
        monkeypatch.setattr(pymunk.Space, "step", watched)

    def after_step(self, w: world.World) -> None:
        edge = w.level.world_half_size
        for it in w.live:
            if not it.awake or (it is w.thrown and w.flier.airborne):
                continue
            body = it.body
            x, y = body.position
            speed = body.velocity.length
            self.fastest[it.kind] = max(self.fastest.get(it.kind, 0.0), speed)
            before = self.last.get(id(it))
            self.last[id(it)] = (x, y)
            if abs(x) > edge or abs(y) > edge:
                self.tunnels.append(f"a {it.kind} left the world at ({x:.0f}, {y:.0f})")
            if before is None:
                continue
            for k, outline in enumerate(self.outlines):
                key = (id(it), k)
                for normal, entering in crossings(outline, before, (x, y)):
                    if entering:
                        self.entered[key] = normal
                        continue
                    came = self.entered.pop(key, None)
                    if came is not None and came[0] * normal[0] + came[1] * normal[1] < 0:
                        self.tunnels.append(
                            f"a {it.kind} at {speed:.0f} mm/s passed through {outline} "
                            f"({before[0]:.1f}, {before[1]:.1f}) -> ({x:.1f}, {y:.1f})")


def crossings(poly, a, b) -> list[tuple[tuple[float, float], bool]]:
    """Where the segment a-b crosses the sides of the convex, counter-clockwise polygon, in
    order along it: (the side's outward normal, whether a-b goes in there)."""
    xs, ys = [p[0] for p in poly], [p[1] for p in poly]
    if max(a[0], b[0]) < min(xs) or min(a[0], b[0]) > max(xs) or \
            max(a[1], b[1]) < min(ys) or min(a[1], b[1]) > max(ys):
        return []
    dx, dy = b[0] - a[0], b[1] - a[1]
    found = []
    for p, q in zip(poly, poly[1:] + poly[:1]):
        ex, ey = q[0] - p[0], q[1] - p[1]
        across = dx * ey - dy * ex
        if across == 0.0:
            continue
        t = ((p[0] - a[0]) * ey - (p[1] - a[1]) * ex) / across  # along a-b
        u = ((p[0] - a[0]) * dy - (p[1] - a[1]) * dx) / across  # along the side
        if 0.0 < t <= 1.0 and 0.0 <= u <= 1.0:
            length = math.hypot(ex, ey)
            normal = (ey / length, -ex / length)
            found.append((t, normal, dx * normal[0] + dy * normal[1] < 0.0))
    return [(normal, entering) for _, normal, entering in sorted(found)]


def knock(level, rng: random.Random) -> tuple[Table, Launch]:
    """A die thrown at max_speed from the south seat at the diamond or a die lying in front of
    the bar, or (one time in four) beside it, with nothing but the walls beyond; flat or steep."""
    t = level.throw
    half_d = level.diamond.long_diagonal / 2
    if rng.random() < 0.75:
        dx = rng.uniform(-120, 120)
    else:
        dx = rng.choice((-1, 1)) * rng.uniform(200, 300)
    dy = BAR_Y - half_d - rng.uniform(1, 30)
    dice = []
    for k in range(rng.randrange(4)):  # a few dice beside the diamond, clear of it and the bar
        x = dx + (1 if k % 2 else -1) * (half_d + level.dice.side * (1 + k // 2))
        y = BAR_Y - level.dice.side - rng.uniform(1, 20)
        dice.append(DieRest(1, k, x, y, 0.0, 1, True, None, 1.0, 0))
    table = Table(DiamondRest(dx, dy, rng.uniform(-0.3, 0.3), True), tuple(dice))
    zone = release_zone(level, 2, 0)
    tx, ty = rng.choice([(dx, dy)] + [(d.x, d.y) for d in dice])
    lateral = max(-zone.half_width + 1, min(zone.half_width - 1, tx + rng.uniform(-4, 4)))
    x, y = zone.point(rng.random(), lateral)
    heading = math.atan2(ty - y, tx - x)
    if rng.random() < 0.6:  # flat: it lands short and slides into them at full speed
        elevation = rng.uniform(0.0, math.radians(4))
        speed = t.max_speed * rng.uniform(0.9, 1.0)
    else:  # at any elevation, as fast as comes down on them
        elevation = rng.uniform(t.min_elevation, t.max_elevation)
        top = level.diamond.thickness if (tx, ty) == (dx, dy) else level.dice.side
        speed = coming_down(level, elevation, math.hypot(tx - x, ty - y), top + 1.0)
    spin = rng.uniform(-t.max_spin, t.max_spin)
    return table, Launch(x, y, heading, speed, elevation, spin, rng.randrange(24),
                         rng.randrange(1000))


def coming_down(level, elevation: float, distance: float, top: float) -> float:
    """The speed of a throw at `elevation` whose underside comes down to `top` (mm) after
    `distance` (mm) along the felt (no walls in the way), or max_speed when it falls short."""
    t, g = level.throw, level.gravity
    start = t.hand_height - level.dice.side / 2 + distance * math.tan(elevation)
    drop = g * distance * distance / (2 * math.cos(elevation) ** 2)  # times 1 / speed^2

    def height(speed: float) -> float:
        return start - drop / (speed * speed)

    low, high = 1.0, t.max_speed
    if height(high) < top:
        return high
    for _ in range(40):
        mid = (low + high) / 2
        low, high = (mid, high) if height(mid) < top else (low, mid)
    return high


def _knocks(boards, monkeypatch, name: str, count: int) -> dict[str, float]:
    level = boards[name]
    watch = Watch(monkeypatch)
    rng = random.Random(name)
    struck = 0
    for _ in range(count):
        table, launch = knock(level, rng)
        before = table.diamond
        res = simulate_throw(level, table, 2, 0, "die", 0, launch)
        struck += res.table.diamond != before
    assert watch.tunnels == [], f"{len(watch.tunnels)} tunnels: {watch.tunnels[:3]}"
    assert struck >= count // 3, "most knocks should move the diamond (the case under test)"
    for kind, mass in (("diamond", level.diamond.mass), ("die", level.dice.mass)):
        assert watch.fastest.get(kind, 0.0) <= level_knocks.fastest(level, mass)
    return watch.fastest


@pytest.mark.parametrize("name", sorted(EXTREMES))
def test_hard_knocks_on_extreme_boards_never_tunnel(boards, monkeypatch, name):
    _knocks(boards, monkeypatch, name, 30)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(EXTREMES))
def test_a_thousand_hard_knocks_on_extreme_boards_never_tunnel(boards, monkeypatch, name):
    _knocks(boards, monkeypatch, name, 1000)
