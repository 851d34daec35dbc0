"""Another version of the game beside this checkout, for the benchmarks that compare two side by
side (`bench_throw.py --against`, `bench_throw_instructions.py`, `bench_rules_apply.py`): a git
ref checked out in a temporary `git worktree`, removed again however the benchmark ends."""

from __future__ import annotations

import contextlib
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@contextlib.contextmanager
def checkout_of(ref: str) -> Iterator[Path]:
    """The root of `ref` checked out (detached) in a temporary folder, for the time of the
    `with`."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "checkout"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(root),
                        ref], check=True)
        try:
            yield root
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(root)],
                           check=False)
