"""Packaging truths (issue 16, item 15): the Python version pyproject claims is one the code runs
on, and the licence pyproject declares is shipped beside it."""

import glob
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))

# Modules that need nothing beyond the standard library: they import on a bare interpreter.
PLAIN_MODULES = ["petanque_game.data", "petanque_game.paths",
                 "petanque_game.rules.games", "petanque_game.files", "petanque_game.logs"]


def lowest_claimed() -> tuple[int, int]:
    claim = PROJECT["project"]["requires-python"]
    assert claim.startswith(">="), claim
    major, minor = claim[2:].split(".")[:2]
    return int(major), int(minor)


def interpreter(version: tuple[int, int]) -> str | None:
    """A Python of exactly `version` on this machine (on PATH or under pyenv), or None."""
    name = f"python{version[0]}.{version[1]}"
    found = [shutil.which(name)]
    found += sorted(glob.glob(os.path.expanduser(f"~/.pyenv/versions/{version[0]}.{version[1]}.*"
                                                 f"/bin/{name}")))
    for candidate in filter(None, found):
        try:
            out = subprocess.run([candidate, "-c", "import sys; print(sys.version_info[:2])"],
                                 capture_output=True, text=True, timeout=60, check=False)
        except OSError:
            continue
        if out.returncode == 0 and out.stdout.strip() == str(version):
            return candidate
    return None


def test_the_lowest_python_claimed_runs_the_code():
    version = lowest_claimed()
    assert version <= sys.version_info[:2]  # the tests themselves run on a version claimed
    python = interpreter(version)
    if python is None:
        pytest.skip(f"no Python {version[0]}.{version[1]} on this machine")
    code = "; ".join(f"import {m}" for m in PLAIN_MODULES)
    out = subprocess.run([python, "-I", "-c", f"import sys; sys.path.insert(0, {str(ROOT)!r}); "
                          + code], capture_output=True, text=True, timeout=120, check=False)
    assert out.returncode == 0, out.stderr


def test_ruff_checks_for_the_lowest_python_claimed():
    major, minor = lowest_claimed()
    assert PROJECT["tool"]["ruff"]["target-version"] == f"py{major}{minor}"


def test_the_licence_declared_is_shipped():
    assert PROJECT["project"]["license"] == "MIT"
    assert PROJECT["project"]["license-files"] == ["LICENSE"]
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License") and "the petanque-game authors" in text
