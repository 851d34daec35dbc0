"""Terningepetanque's physics: levels, the 24 die orientations, and simulated throws.

pymunk moves the bodies in the board plane; the thrown body's height is integrated alongside
(docs/design.md#pseudo-3d-flight). A throw is a pure function of (level, table at rest, launch).
No pygame here.
"""

from petanque_game.physics.cube import top_face
from petanque_game.physics.level import (
    Level,
    LevelError,
    level_names,
    level_sha256,
    list_levels,
    load_level,
    load_named_level,
)
from petanque_game.physics.results import Path, ThrowResult
from petanque_game.physics.throw import (
    LaunchError,
    ReleaseZone,
    check_aim,
    check_launch,
    random_launch,
    release_zone,
    simulate_throw,
)

# The version of the physics (and of the scoring reading that comes with it) a record was made
# with: written into every new Terningepetanque record as its top-level "physics"; a record
# without one was made with version 1. Raised whenever a change makes old throws come out
# differently, so `verify` can say why an old record no longer matches.
#   1: the first physics (dice stop dead on landing, touching means exactly 0).
#   2: dice roll on the felt after landing, a perched die topples off, touching within 0.1 mm.
#   3: a die the throw knocks tumbles by chance, drawn by the match after the decision and
#      recorded as the launch's `tumble` (`knocked.py`). A launch without a tumble still runs
#      as version 2 did, so records of version 2 re-simulate exactly (`fold.py` checks that a
#      record's launches hold a tumble exactly when its version is 3 or later).
PHYSICS_VERSION = 3
TUMBLE_VERSION = 3  # the first version whose launches hold a tumble
SIMULATED_VERSIONS = (2, 3)  # the versions whose records this program re-simulates exactly

__all__ = [
    "PHYSICS_VERSION", "SIMULATED_VERSIONS", "TUMBLE_VERSION", "LaunchError", "Level",
    "LevelError", "Path", "ReleaseZone", "ThrowResult", "check_aim", "check_launch",
    "level_names", "level_sha256", "list_levels", "load_level", "load_named_level",
    "random_launch", "release_zone", "simulate_throw", "top_face",
]
