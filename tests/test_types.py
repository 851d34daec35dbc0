"""The type checker finds nothing in the whole package (pyproject.toml [tool.mypy]: every module
of `petanque_game`, the window's too, under one set of flags and no exclusions), checked with
every run of the tests, in CI too (mypy and the stubs it needs come with the test extras).

mypy keeps what it learnt in a cache in the user's cache folder, one per checkout, so a second
run reads only what changed: under half a second of CPU against about 6 s for a cold one."""

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def cache_dir() -> Path:
    """mypy's cache for this checkout: in the user's cache folder, named by the checkout's path
    (two checkouts never share one, nor write into the repository)."""
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    checkout = hashlib.sha256(str(ROOT).encode()).hexdigest()[:16]
    return base / "petanque-game" / f"mypy-{checkout}"


def test_mypy_finds_nothing():
    try:
        import mypy  # noqa: F401
    except ImportError:
        pytest.skip("mypy is not installed: pip install '.[test]' brings it")
    out = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(cache_dir())],
                         cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.startswith("Success: no issues found"), out.stdout


def test_the_checked_set_is_the_whole_package():
    """Issue 31, item 5: the whole package under the type checker, the window's modules (ui/,
    its scenes, the table and the tray) and all of ai/ included, with no module left out."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["mypy"]
    assert config["files"] == ["petanque_game"]
    assert not {"exclude", "overrides"} & set(config), "no module is left out or checked less"
    assert config["disallow_untyped_defs"] and config["check_untyped_defs"]
