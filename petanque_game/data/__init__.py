"""Where the shipped data lives: levels, config and assets.

Installed, the build carries the repository's top-level `levels/`, `config/` and `assets/` into
this package (see pyproject.toml) and they are found with importlib.resources. Run from a source
checkout, those subpackages do not exist and the top-level folders are used directly.
"""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path

_CHECKOUT = Path(__file__).resolve().parents[2]


def _data(name: str) -> Traversable:
    try:
        return files(f"{__name__}.{name}")
    except ModuleNotFoundError:
        return _CHECKOUT / name


def levels_dir() -> Traversable:
    return _data("levels")


def config_dir() -> Traversable:
    return _data("config")


def assets_dir() -> Traversable:
    return _data("assets")
