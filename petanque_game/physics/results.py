"""What a simulated throw gives back: the settled table, and the path the window plays back.

Plain frozen values, apart from the code that makes them: `settle.py` fills them in from a
throw's world and `throw.simulate_throw` hands them out, so neither needs the other to name them.
"""

from __future__ import annotations

from dataclasses import dataclass

from petanque_game.rules.petanque_table import Table


@dataclass(frozen=True)
class Path:
    """A throw for playback: `fps` frames per simulated second, frame 0 at the release.

    `bodies` names the bodies in frame order: ("diamond", -1, -1) first when there is a diamond,
    then ("die", player, die) for every die of the result table in its order (the thrown die
    last). Each frame holds, per body, (x, y, z, angle, orientation): board position (mm), the
    height of the body's underside above the board (mm; 0 on the board), the angle in the plane
    (rad) and the cube orientation 0-23 (always 0 for the diamond). `off_from[i]` is the first
    frame at which body i has fallen off the board (0 for a die already off before the throw),
    or None when it stays on the board. A diamond that went off is laid at its new spot in one
    extra last frame (its off_from stays set: check the result table's `reset`). The last frame
    (before that) holds exactly the resting positions of the result table.
    """

    fps: int
    bodies: tuple[tuple[str, int, int], ...]
    frames: tuple[tuple[tuple[float, float, float, float, int], ...], ...]
    off_from: tuple[int | None, ...]


@dataclass(frozen=True)
class ThrowResult:
    table: Table  # the settled table
    path: Path | None  # None when simulate_throw was asked for no path
    steps: int  # simulated steps of 1/480 s (flight steps done in closed form included)
    settled: bool  # False when the time cap stopped the throw
    pymunk_steps: int = 0  # of `steps`, those run through pymunk (the rest: flight in closed form)
