"""Terningepetanque's physics: levels, the 24 die orientations, and simulated throws.

pymunk moves the bodies in the board plane; the thrown body's height is integrated alongside
(pseudo-3D, DESIGN.md principle 5). A throw is a pure function of (level, table at rest, launch).
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
from petanque_game.physics.throw import (
    LaunchError,
    Path,
    ReleaseZone,
    ThrowResult,
    check_aim,
    check_launch,
    random_launch,
    release_zone,
    simulate_throw,
)

__all__ = [
    "LaunchError", "Level", "LevelError", "Path", "ReleaseZone", "ThrowResult", "check_aim", "check_launch",
    "level_names", "level_sha256", "list_levels", "load_level", "load_named_level",
    "random_launch", "release_zone", "simulate_throw", "top_face",
]
