"""pymunk with less Python around Chipmunk, for the hot paths of a throw; the same results.

A throw steps Chipmunk a few hundred times and builds a dozen bodies, shapes and joints; pymunk's
Python layer around those calls cost about as much as the physics (`benchmarks/bench_throw.py`).
Each shortcut here does exactly the Chipmunk calls pymunk would, and says why what it leaves out
is not needed by `world.py`.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import pymunk

# The shortcuts reach past pymunk's public API (its cffi `lib`, a body's `_body`). Should a pymunk
# release move those, every shortcut falls back to the public calls, which give the same numbers
# (tests/test_physics_pymunk_api.py checks that bit for bit). PETANQUE_PYMUNK_PUBLIC=1 forces the
# public calls; nothing else reads it.
try:
    if os.environ.get("PETANQUE_PYMUNK_PUBLIC"):
        raise ImportError("the public pymunk API was asked for")
    from pymunk._chipmunk_cffi import lib as _cp

    _cp.cpBodyGetPosition, _cp.cpBodyGetVelocity, _cp.cpSpaceStep  # noqa: B018 -- all there?
    if not hasattr(pymunk.Body(1.0, 1.0), "_body"):
        raise ImportError("pymunk bodies no longer keep their Chipmunk body as _body")
except (ImportError, AttributeError):
    _cp = None


# pymunk's Body, Shape and Constraint carry a typing mixin whose __setattr__ only calls
# object.__setattr__ (it exists for mypy); every property write and every attribute pymunk sets
# while creating the object goes through it, about 0.3 us each (some 30 us of building a world).
# These subclasses write straight through: the same property setters, the same Chipmunk calls.
class _Body(pymunk.Body):
    __setattr__ = object.__setattr__


class _Poly(pymunk.Poly):
    __setattr__ = object.__setattr__


class _PivotJoint(pymunk.PivotJoint):
    __setattr__ = object.__setattr__


class _GearJoint(pymunk.GearJoint):
    __setattr__ = object.__setattr__


_SPACE_PARTS = ("_space", "_locked", "_add_later", "_remove_later", "_post_step_callbacks",
                "_removed_shapes", "_bodies_to_check")


def chipmunk_step(space: pymunk.Space) -> tuple[Callable[[Any, float], None], Any]:
    """(step, cp_space): `step(cp_space, dt)` is `space.step(dt)` less pymunk's Python wrapper.

    `_World.run` sets `space._locked` around each call and checks `deferred_work` at the end.
    What pymunk 7's `Space.step` does around Chipmunk's `cpSpaceStep`, and why skipping it
    changes nothing here:
    1. asserts that bodies added since the last step have a positive, finite mass and moment:
       `build._kind_plan` makes sure of that itself, and bodies are only added by `_Build._add`;
    2. sets `_locked`, so that `Space.add`/`remove` from a callback is deferred: the caller does
       the same (our callbacks never add or remove: joints are added after the step, falls are
       taken at the checks);
    3. empties `_removed_shapes`, which keeps removed shapes alive until the next step: here
       they stay alive as long as the world, which is longer;
    4. applies what was deferred during the step and runs post-step callbacks: there are none
       (see 2; `deferred_work` raises if that ever changes);
    5. runs `cpHastySpaceStep` when the space is threaded: ours never is (PHYSICS_NOTES).
    The Chipmunk call and its `dt` are the same, so the results are the same bit for bit. If
    pymunk's internals ever differ from the above, the plain `Space.step` is used.
    """
    if _cp is None or space.threaded or not all(hasattr(space, name) for name in _SPACE_PARTS):
        return (lambda _, dt: space.step(dt)), None
    return _cp.cpSpaceStep, space._space


# `body.position` / `body.velocity` build a Vec2d from Chipmunk's cpVect; the checks read them
# often enough for that to show, so they read the cpVect itself: the same .x and .y (the same
# doubles), for a third of the time.
if _cp is not None:
    _get_position, _get_velocity = _cp.cpBodyGetPosition, _cp.cpBodyGetVelocity

    def position(body: pymunk.Body) -> Any:
        return _get_position(body._body)

    def velocity(body: pymunk.Body) -> Any:
        return _get_velocity(body._body)
else:
    def position(body: pymunk.Body) -> Any:
        return body.position

    def velocity(body: pymunk.Body) -> Any:
        return body.velocity


def deferred_work(space: pymunk.Space) -> bool:
    """Did anything ask pymunk to defer work to the end of a step (see `chipmunk_step`)?"""
    return bool(getattr(space, "_add_later", None) or getattr(space, "_remove_later", None)
                or getattr(space, "_post_step_callbacks", None))
