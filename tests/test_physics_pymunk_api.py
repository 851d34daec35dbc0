"""physics/chipmunk.py steps Chipmunk and reads bodies past pymunk's public API for speed; with
the public API alone (as a pymunk release that moved those internals would leave us) a throw must
come out the same, bit for bit."""

import os
import subprocess
import sys

SCRIPT = r"""
import hashlib, random
from petanque_game.physics import chipmunk, load_named_level, simulate_throw
from petanque_game.physics.throw import random_launch
from petanque_game.rules.petanque_table import Table
h = hashlib.sha256()
for name in ("classic", "round-table", "bumper-lane"):
    level = load_named_level(name)
    rng = random.Random(name)
    table = Table()
    plan = [("diamond", None, 0)] + [("die", d, p) for d in (0, 1) for p in range(3)]
    for obj, die, seat in plan:
        launch = random_launch(level, 3, seat, rng, orientation=rng.randrange(24)
                               if obj == "die" else 0)
        table = simulate_throw(level, table, 3, seat, obj, die, launch).table
        h.update(repr(table).encode())
print(chipmunk._cp is None, h.hexdigest())
"""


def throws_hash(public: bool) -> tuple[str, str]:
    env = dict(os.environ)
    env.pop("PETANQUE_PYMUNK_PUBLIC", None)
    if public:
        env["PETANQUE_PYMUNK_PUBLIC"] = "1"
    out = subprocess.run([sys.executable, "-c", SCRIPT], check=True, capture_output=True,
                         text=True, env=env, timeout=300)
    return tuple(out.stdout.split())


def test_the_public_pymunk_api_gives_the_same_tables_bit_for_bit():
    fast, public = throws_hash(public=False), throws_hash(public=True)
    assert fast[0] == "False" and public[0] == "True"  # both paths really ran
    assert fast[1] == public[1]
