"""The physics and the benchmarks use pymunk's public API only, and throws stay deterministic.

Nothing reaches into pymunk's internals (its cffi module, a Space's or a Body's private
attributes, pymunk classes with their attribute handling replaced): a pymunk release may change
those at will. And the same throws give the same tables, bit for bit, in two fresh processes.
"""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from pathlib import Path

import source_trees

ROOT = Path(__file__).resolve().parents[1]
SOURCES = sorted([*(ROOT / "petanque_game").rglob("*.py"), *(ROOT / "benchmarks").rglob("*.py")])
TEXTS = sorted(p for d in ("petanque_game", "benchmarks") for p in (ROOT / d).rglob("*")
               if p.is_file() and "__pycache__" not in p.parts and p.suffix in (".py", ".md"))

# pymunk internals the physics once used for speed (see benchmarks/RESULTS.md)
PRIVATE = re.compile(r"_chipmunk_cffi|\._space\b|\._locked\b|\._body\b|_add_later|_remove_later"
                     r"|_post_step|__setattr__\s*=\s*object\.__setattr__")


def test_no_source_reaches_into_pymunk_internals():
    found = []
    for path in TEXTS:
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if PRIVATE.search(line):
                found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert not found, "\n".join(found)


def _private_pymunk_uses(tree: ast.AST) -> list[str]:
    """Imports of pymunk's private modules or names, and `pymunk._anything`."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names
                    if a.name.startswith("pymunk.") and "._" in "." + a.name[7:]]
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "pymunk":
            if "._" in "." + node.module[6:] or any(a.name.startswith("_") for a in node.names):
                out.append(f"from {node.module} import ...")
        elif (isinstance(node, ast.Attribute) and node.attr.startswith("_")
              and isinstance(node.value, ast.Name) and node.value.id == "pymunk"):
            out.append(f"pymunk.{node.attr}")
    return out


def test_nothing_private_is_imported_from_pymunk():
    found = {}
    for path in SOURCES:
        if "pymunk" not in path.read_text(encoding="utf-8"):
            continue  # names nothing of pymunk's: no tree to walk
        uses = _private_pymunk_uses(source_trees.tree(path))
        if uses:
            found[str(path.relative_to(ROOT))] = uses
    assert not found
    assert not (ROOT / "petanque_game" / "physics" / "chipmunk.py").exists()


def test_the_private_use_check_does_find_them():
    tree = ast.parse("import pymunk._chipmunk_cffi\nfrom pymunk._chipmunk_cffi import lib\n"
                     "from pymunk import _util\nimport pymunk\nx = pymunk._version\n")
    assert len(_private_pymunk_uses(tree)) == 4
    assert PRIVATE.search("space._locked = True") and PRIVATE.search("b._body")
    assert not PRIVATE.search("body.position") and not PRIVATE.search("self._bodies_at_rest")


_THROWS = r"""
import hashlib, random
from petanque_game.physics import load_named_level, simulate_throw
from petanque_game.physics.throw import random_launch
from petanque_game.rules.petanque_table import Table
h = hashlib.sha256()
for name in ("classic", "round-table", "bumper-lane"):
    level = load_named_level(name)
    rng = random.Random(name)
    for players in (2, 4):
        table = Table()
        plan = [("diamond", None, 0)] + [("die", d, p) for d in (0, 1) for p in range(players)]
        for obj, die, seat in plan:
            launch = random_launch(level, players, seat, rng,
                                   orientation=rng.randrange(24) if obj == "die" else 0)
            res = simulate_throw(level, table, players, seat, obj, die, launch)
            h.update(repr((res.table, res.steps, res.pymunk_steps, res.settled,
                           res.path)).encode())
            table = res.table
print(h.hexdigest())
"""


def _throws_hash(hash_seed: str) -> str:
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONHASHSEED=hash_seed)
    out = subprocess.run([sys.executable, "-c", _THROWS], check=True, capture_output=True,
                         text=True, env=env, cwd=str(ROOT), timeout=300)
    return out.stdout.strip()


def test_the_same_throws_hash_the_same_in_two_fresh_processes():
    """39 throws (whole rounds, every level, 2 and 4 players; tables, paths and step counts)."""
    first, second = _throws_hash("1"), _throws_hash("2")
    assert len(first) == 64
    assert first == second
