"""The pymunk parts of a board, made once and lent to one throw at a time.

Making pymunk objects is most of what building a throw's world costs (`build.py`): a body with
its shape is about 25 us through pymunk's constructors and setters, the seats' walls and the
obstacles never change. So each board (a level and a number of players) keeps its parts: a
static body with the walls' and obstacles' shapes on it, and the bodies (each with its shape) of
the diamond and the dice, made the first time a throw needs them. A throw borrows a set
(`lend`), adds the parts it needs to a new `pymunk.Space` (`add_parts`: the seats' walls and the
obstacles, then the diamond, the dice in table order, the thrown body last), and gives them back
when it is done (`Parts.give_back`), out of that space, for the next throw.

Why a new space every throw and not one kept per board: Chipmunk numbers every shape as it is
added to a space (a counter the space keeps, which pymunk's public API cannot reset), and those
numbers order the collision pairs it finds, so a space that has seen other throws would order
them differently from a fresh one and the same throw could end elsewhere. A new space is cheap
(about 10 us); adding the same parts to it in the same order as a fresh build gives every shape
the same number. What a body could carry over from its last throw is set as a new body has it:
its position, angle, speed and spin, and the bias velocities Chipmunk keeps between two steps to
push overlaps apart (cleared by one `Body.update_position`, which moves the body by them before
the position is set anyway). A body that lay untouched all throw (no contact began with it, never
set moving) is exactly as pymunk found it, so the next throw from the very same rest (an AI's
search throws many times from one table) takes it as it lies, without a setter. The friction
joints are made new for each throw: a joint keeps its accumulated impulse, which pymunk offers no
way to clear. benchmarks/throw_corpus.py and
tests/test_physics_reuse.py hold the throws to the same digests as fresh worlds.

Sets are lent from a free list per board, so two threads (the window's throw and an AI's
search) each get their own; a set is only given back once its throw has finished, so a throw
that fails leaves its set to the garbage collector rather than half-used in the list.
"""

from __future__ import annotations

import math
from collections.abc import Container

import pymunk

from petanque_game.physics.build import (
    BODY_FILTER,
    GROUND,
    IDENTITY,
    STATIC,
    STATIC_FILTER,
    Item,
    KindPlan,
    StaticPlan,
    free_parts,
    kind_plan,
)
from petanque_game.physics.level import Level
from petanque_game.rules.petanque_table import DIAMOND, DiamondRest, DieRest, Launch, Table

Rest = DieRest | DiamondRest


class Parts:
    """A board's pymunk parts: the static body and its shapes, and bodies for the throw."""

    def __init__(self, level: Level, plan: StaticPlan, free: list[Parts]):
        self.free = free
        self.static_body = static = pymunk.Body(body_type=pymunk.Body.STATIC)
        self.statics: list[pymunk.Shape] = []
        self.tops = [height for _, height in plan.statics]
        for pts, _ in plan.statics:
            shape = pymunk.Poly(static, pts, IDENTITY)
            shape.elasticity = level.walls.elasticity
            shape.friction = 0.5
            shape.collision_type = STATIC
            shape.filter = STATIC_FILTER
            self.statics.append(shape)
        self.kinds = {kind: kind_plan(level, kind) for kind in (DIAMOND, "die")}
        # bodies not lent now, each with the rest it lies untouched at (or None)
        self.spare: dict[str, list[tuple[pymunk.Body, pymunk.Shape, Rest | None]]] = {
            DIAMOND: [], "die": []}
        self.lent: list[tuple[str, pymunk.Body, pymunk.Shape, Rest | None]] = []
        self.space: pymunk.Space | None = None

    def body(self, kind: str, rest: Rest | None, x: float, y: float,
             angle: float) -> tuple[pymunk.Body, pymunk.Shape]:
        """A body of `kind` (with its shape), at rest at (x, y) turned by `angle` (where `rest`
        lays it, or the thrown body's hand), as a body made new there would be."""
        spare = self.spare[kind]
        if rest is not None:
            for i, (_, _, laid) in enumerate(spare):
                if laid is rest:  # lying untouched where this very rest laid it: as new there
                    body, shape, _ = spare.pop(i)
                    self.lent.append((kind, body, shape, rest))
                    return body, shape
        if spare:
            body, shape, _ = spare.pop()
            pymunk.Body.update_position(body, 0.0)  # clears the bias velocities of its last step
            body.angle = 0.0  # a new body's turn, for placing it as a new one is placed
            body.position = (x, y)
            body.angle = angle
            if rest is not None:  # (the thrown body's speed and spin are the launch's: `Flier`)
                body.velocity = (0.0, 0.0)
                body.angular_velocity = 0.0
        else:
            body, shape = _new_body(self.kinds[kind], x, y, angle)
        self.lent.append((kind, body, shape, rest))
        return body, shape

    def give_back(self, untouched: Container[int] = frozenset()) -> None:
        """The throw is over: every part leaves its space, ready for the next throw. The bodies
        in `untouched` (by id) lay where their rest laid them all throw long, met nothing and
        were never set moving: pymunk left them exactly as it found them (no speed, no force, no
        bias velocity; a step adds exact zeros), so a throw from the same rest takes them as they
        are. (Not at an angle of -0.0, which a step turns into 0.0.)"""
        space = self.space
        if space is not None:
            space.remove(*space.constraints, *space.shapes, *space.bodies)
            self.space = None
        spare = self.spare
        for kind, body, shape, rest in self.lent:
            if rest is None and shape.collision_type != GROUND:  # the thrown body, in flight
                shape.collision_type = GROUND
                shape.filter = BODY_FILTER
            if rest is not None and id(body) in untouched and \
                    (rest.angle != 0.0 or math.copysign(1.0, rest.angle) > 0.0):
                spare[kind].append((body, shape, rest))
            else:
                spare[kind].append((body, shape, None))
        self.lent.clear()
        self.free.append(self)


def _new_body(kp: KindPlan, x: float, y: float, angle: float) -> tuple[pymunk.Body, pymunk.Shape]:
    body = pymunk.Body(kp.mass, kp.moment)
    body.position = (x, y)
    body.angle = angle
    shape = pymunk.Poly(body, kp.local, IDENTITY)
    shape.elasticity, shape.friction, shape.collision_type = kp.elasticity, kp.friction, GROUND
    shape.filter = BODY_FILTER
    return body, shape


def lend(level: Level, num_players: int, plan: StaticPlan) -> Parts:
    """A set of `level`'s parts for `num_players`, not in use by any other throw."""
    free: list[Parts] = free_parts(level, num_players)
    try:
        return free.pop()
    except IndexError:
        return Parts(level, plan, free)


def add_parts(space: pymunk.Space, parts: Parts, table: Table, thrower: int, obj: str,
              die: int | None, launch: Launch, top: dict[pymunk.Shape, float],
              order: dict[pymunk.Shape, int], index: dict[pymunk.Shape, int]) -> list[Item]:
    """The board's parts (`parts.Parts`, lent for this throw) added to `space`: the seats' walls
    and the obstacles, then every body of the throw in the fixed order: the diamond, the dice in
    table order, the thrown body last (where it leaves the hand, still at rest:
    `airborne.Flier` launches it). Every shape's top height goes into `top`, its place in the
    adding order into `order`, and a body's shape into `index` with its place in the list
    returned. A die already off the board gets no pymunk parts."""
    for shape, height in zip(parts.statics, parts.tops):
        top[shape] = height
        order[shape] = len(order)
    items: list[Item] = []
    bodies, shapes = [], []

    def add(it: Item, rest: DieRest | DiamondRest | None) -> Item:
        kp = parts.kinds[it.kind]
        it.local = kp.local
        it.height = kp.height
        x = rest.x if rest is not None else 0.0
        y = rest.y if rest is not None else 0.0
        angle = rest.angle if rest is not None else 0.0
        it.entry = (x, y, 0.0, angle, it.orientation)
        items.append(it)
        if rest is not None and not rest.on_board:
            it.on, it.was_off, it.off_frame = False, True, 0
            return it
        body, shape = parts.body(it.kind, rest if it.rest is not None else None, x, y, angle)
        it.placed = (0.0 + x, 0.0 + y)  # its position as pymunk gives it back (-0.0 as 0.0)
        it.force = kp.force
        it.torque = kp.torque
        bodies.append(body)
        shapes.append(shape)
        it.body, it.shape = body, shape
        it.ke_rest = kp.ke_rest
        it.roll_ke = kp.roll_ke
        it.in_world = True
        top[shape] = kp.height
        order[shape] = len(order)
        index[shape] = len(items) - 1
        return it

    if table.diamond is not None:
        add(Item(DIAMOND, -1, -1, table.diamond), table.diamond)
    for d in table.dice:
        add(Item("die", d.player, d.die, d), d)
    if obj == DIAMOND:
        add(Item(DIAMOND, -1, -1, None), None)
    else:
        assert die is not None  # a die's throw names its die (`throw.simulate_throw` checks)
        rest = DieRest(thrower, die, launch.x, launch.y, launch.direction, 1, True, None, None,
                       launch.orientation)
        add(Item("die", thrower, die, None), rest).orientation = launch.orientation
    # one call, as pymunk adds them: the bodies first, then the shapes in this order (the order
    # Chipmunk numbers them in, the same as adding them one by one)
    space.add(parts.static_body, *bodies, *parts.statics, *shapes)
    parts.space = space
    return items
