"""Hostile level files (hostile_levels.py): each is refused in one line naming the file, its key
and the reason, or is genuinely playable; none hangs, crashes or eats the memory.

The files are loaded in a child process that reports each file as it starts and ends. The
child's memory is capped, and each file has a generous 10 s before the test calls it a hang: no
timed assertion, but a loader that hangs (or dies) fails the test naming the file. The seconds
each file took are in its result, shown when its test fails.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hostile_levels import CASES, ROOT, run_child, write_all

CHILD = r"""
import json, sys, time
try:
    import resource
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))
except (ImportError, ValueError, OSError):
    pass
from petanque_game.physics.level import LevelError, load_level
for path in sys.argv[1:]:
    print(json.dumps({"start": path}), flush=True)
    started = time.perf_counter()
    try:
        level = load_level(path)
        out = {"playable": level.title}
    except LevelError as e:
        out = {"refused": str(e)}
    out.update(file=path, seconds=time.perf_counter() - started)
    print(json.dumps(out), flush=True)
print(json.dumps({"done": True}), flush=True)
"""


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hostile")
    expected = write_all(folder)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    got = run_child(CHILD, [str(folder / name) for name in expected], env)
    return {Path(r["file"]).name: r for r in got}, expected


def test_there_are_at_least_thirty_hostile_files():
    assert sum(1 for _, expected in CASES.values() if expected is not None) >= 30


@pytest.mark.parametrize("name", sorted(CASES))
def test_hostile_file_is_refused_in_one_line_or_is_playable(results, name):
    got, expected = results
    if name not in expected:
        pytest.skip("this system cannot make that file")
    r = got[name]
    if expected[name] is None:
        assert "playable" in r, r
        return
    assert "refused" in r, f"{name} was accepted: {r}"
    text = r["refused"]
    assert "\n" not in text and len(text) < 300, text
    assert text.startswith(f"{name}: "), text
    for fragment in expected[name]:
        assert fragment in text, text
