"""A die knocked from where it lay lands on a face nobody can tell beforehand (physics version 3).

Between throws every die lies in plain sight, its orientation known to all. Turned by the physics
alone (whole quarter turns for each hard hit and each side rolled: `world.py`, `rolling.py`), a
knocked die would land on a face a thrower could work out beforehand, and so choose which dice to
knock for their faces. From physics version 3 on, a die that the throw moves tumbles by chance:
the first time the world finds it more than MOVED mm from where it lay (at a check, every 1/60 s,
and once more when the throw has come to rest), or struck hard enough to turn over, it is turned
by one of the 24 rotations, each with equal chance, drawn from the launch's `tumble`. The match
draws the tumble after the thrower decided the aim (`physics.hand`), as it draws the die's
orientation in the hand, so no one, the AI included, knows it beforehand.

Why that makes every knocked die fair: the path of a throw does not depend on any die's
orientation, so whatever turns come after the chance rotation u are fixed apart from u, and the
die ends on A u B (A the turns after, B the orientation before); u -> A u B is one-to-one
(`cube.TURNED`), so a uniformly random u leaves the die uniformly random over the 24 orientations,
whatever anyone knew or chose. A die moved less than MOVED (brushed, or settling against a
neighbour) keeps its face, as it should.

The rotation for die `die` of seat `player` is splitmix64(splitmix64(tumble) + 2 * player + die)
modulo 24 (docs/records.md): one draw per die and throw, the same in any process and whatever
order the world meets the dice in. The thrown die draws nothing here: its orientation in the hand
is already chance nobody sees. A launch without a tumble (a throw of physics version 2) turns
knocked dice by the physics alone, exactly as that version did.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from petanque_game.physics import cube

if TYPE_CHECKING:
    from petanque_game.physics.item import Item

MOVED = 1.0  # mm from where it lay: a die moved further has been knocked
_MASK = (1 << 64) - 1


def splitmix64(x: int) -> int:
    """One output of the splitmix64 generator whose state was `x` (Steele, Lea and Flood)."""
    z = (x + 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def chance_rotation(tumble: int, player: int, die: int) -> int:
    """The rotation (0-23, `cube.ROTATIONS`) that the throw with `tumble` gives die `die` of seat
    `player` when it knocks it."""
    return splitmix64(splitmix64(tumble) + 2 * player + die) % cube.COUNT


class Knocks:
    """The dice lying in one throw's world that it has not knocked yet, and where each lay."""

    def __init__(self, tumble: int, items: list[Item]) -> None:
        self.tumble = tumble
        thrown = items[-1]
        self.lying = {it: it.placed for it in items  # (where pymunk has placed it)
                      if it.kind == "die" and it.in_world and it is not thrown}

    def moved(self, it: Item, x: float, y: float) -> bool:
        """Is `it`, a die not yet knocked, now further than MOVED from where it lay?"""
        lay = self.lying.get(it)
        return lay is not None and math.hypot(x - lay[0], y - lay[1]) > MOVED

    def knock(self, it: Item) -> None:
        """`it` has been knocked: the first time, it turns by its chance rotation."""
        if self.lying.pop(it, None) is not None:
            u = chance_rotation(self.tumble, it.player, it.die)
            it.orientation = cube.TURNED[u][it.orientation]

    def sweep(self, items: list) -> None:
        """At the end of the throw: every die still on the board that has moved is knocked (one
        may have crept further while too slow to be read at the checks), in item order."""
        for it in items:
            if it in self.lying and it.in_world and self.moved(it, *it.body.position):
                self.knock(it)
