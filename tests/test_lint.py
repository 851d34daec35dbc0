"""The code stays lint-clean under the project's rule set (pyproject.toml [tool.ruff.lint]:
pyflakes, pycodestyle with lines of at most 100 characters, bugbear, import order, tidy imports,
pyupgrade, simplify, return, pylint and ruff's own rules), checked with every run of the tests, in
CI too (ruff comes with the test extras)."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_finds_nothing():
    ruff = shutil.which("ruff") or str(Path(sys.executable).with_name("ruff"))
    if not Path(ruff).exists():
        pytest.fail("ruff is not installed: pip install '.[test]' brings it")
    out = subprocess.run([ruff, "check", "petanque_game", "tests", "benchmarks", "tools"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
    assert out.returncode == 0, out.stdout + out.stderr
