"""A fixed corpus of Terningepetanque throws over every shipped board, and its digests.

`corpus_digests(count)` plays whole rounds on every board in `levels/` (2, 3 and 4 players;
the diamond first, then every die in turn, each throw from the table the last one left), with
launches drawn from a seeded stream: aimed at spots round the diamond (soft and hard, rolled and
lobbed, with spin), wild ones over each field's full range, and now and then the hardest throw a
seat may make; tumbles drawn, or none (physics version 2). Boards and player counts take turns
throw by throw, so a process that keeps anything from one throw to the next meets every board
between two throws of one. Each throw's digest is the SHA-256 of everything it gives back (the
settled table, the step counts, whether it settled, and the path for one throw in four), floats
as their exact repr. The digests depend only on the physics: the same in any process, whatever
ran before.

Used by `bench_throw.py --digests` (this code and main's side by side) and by
tests/test_physics_reuse.py (against digests recorded from main).
"""

from __future__ import annotations

import hashlib
import math
import random
from pathlib import Path
from typing import NamedTuple

from petanque_game.ai.petanque import aim
from petanque_game.physics.level import load_level_file
from petanque_game.physics.throw import random_launch, release_zone, simulate_throw
from petanque_game.rules.petanque_table import DIAMOND, TUMBLE_MAX, Launch, Table

LEVELS = Path(__file__).resolve().parents[1] / "levels"


def _launch(level, players: int, seat: int, obj: str, table: Table, rng: random.Random) -> Launch:
    orientation = rng.randrange(24) if obj != DIAMOND else 0
    tumble = None if rng.random() < 0.25 else rng.choice((0, TUMBLE_MAX, rng.randrange(TUMBLE_MAX)))
    if obj == DIAMOND:
        tumble = 0 if tumble is not None else None
    kind = rng.random()
    if kind < 0.45 and table.diamond is not None:
        d = table.diamond
        target = (d.x + rng.uniform(-60, 60), d.y + rng.uniform(-60, 60))
        chosen = aim(level, players, seat, target, roll=rng.random(), obj=obj,
                     spin=rng.uniform(-12, 12), depth=rng.random())
        return chosen.launched(orientation, tumble)
    if kind < 0.9:
        wild = random_launch(level, players, seat, rng, orientation=orientation)
        return Launch(*(getattr(wild, f) for f in Launch.FIELDS), tumble)
    zone, t = release_zone(level, players, seat), level.throw  # the hardest straight throw
    x, y = zone.point(rng.random(), rng.uniform(-zone.half_width, zone.half_width))
    inward = math.remainder(zone.wall.angle + math.pi, 2 * math.pi)
    return Launch(x, y, inward, t.max_speed, t.min_elevation, t.max_spin, orientation, tumble)


class Thrown(NamedTuple):
    """One throw of the corpus: what was thrown where, and what it gave."""

    name: str  # the board's
    level: object
    players: int
    seat: int
    obj: str
    die: int | None
    table: Table  # the table thrown at
    launch: Launch
    result: object  # the ThrowResult
    path: bool  # whether the path was recorded


def throws(count: int, seed: int = 18):
    """The corpus's first `count` throws (`Thrown`), as they are made."""
    levels = [(p.stem, load_level_file(p)) for p in sorted(LEVELS.glob("*.yaml"))]
    rng = random.Random(seed)
    games = []  # one round in progress per board and player count
    for name, level in levels:
        for players in (2, 3, 4):
            games.append([name, level, players, Table(), 0])
    made = 0
    while made < count:
        for game in games:
            if made >= count:
                break
            name, level, players, table, turn = game
            if turn == 0:
                obj, die, seat, table = DIAMOND, None, rng.randrange(players), Table()
            else:
                obj, die, seat = "die", (turn - 1) // players, (turn - 1) % players
            launch = _launch(level, players, seat, obj, table, rng)
            keep_path = made % 4 == 0
            result = simulate_throw(level, table, players, seat, obj, die, launch,
                                    record_path=keep_path)
            game[3] = result.table
            game[4] = (turn + 1) % (1 + 2 * players)
            made += 1
            yield Thrown(name, level, players, seat, obj, die, table, launch, result, keep_path)


def digest(result) -> str:
    data = repr((result.table, result.steps, result.pymunk_steps, result.settled, result.path))
    return hashlib.sha256(data.encode()).hexdigest()


def corpus_digests(count: int, seed: int = 18) -> list[str]:
    return [digest(thrown.result) for thrown in throws(count, seed)]


def block_digests(count: int, block: int = 100, seed: int = 18) -> list[str]:
    """The SHA-256 of each block of `block` throws' digests (tests/data/throw-corpus-blocks.txt)."""
    digests = corpus_digests(count, seed)
    return [hashlib.sha256("".join(digests[b:b + block]).encode()).hexdigest()
            for b in range(0, len(digests), block)]


if __name__ == "__main__":
    # COUNT: the digests of the first COUNT throws, one a line (bench_throw.py runs it for main);
    # COUNT --blocks: the block digests the tests keep
    import sys

    count = int(sys.argv[1])
    for line in block_digests(count) if "--blocks" in sys.argv else corpus_digests(count):
        print(line)
