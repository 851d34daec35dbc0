"""Where the shipped data lives: levels, config and assets.

Installed, the build carries the repository's top-level `levels/`, `config/` and `assets/` into
this package (see pyproject.toml) and they are found with importlib.resources. The standalone app
(tools/build_app.py) puts them beside this file as plain folders. Run from a source checkout,
neither exists and the top-level folders are used directly.
"""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path

_HERE = Path(__file__).resolve().parent
_CHECKOUT = _HERE.parents[1]


def _data(name: str) -> Traversable:
    try:
        return files(f"{__name__}.{name}")
    except ModuleNotFoundError:
        beside = _HERE / name
        return beside if beside.is_dir() else _CHECKOUT / name


def levels_dir() -> Traversable:
    return _data("levels")


def config_dir() -> Traversable:
    return _data("config")


def assets_dir() -> Traversable:
    return _data("assets")
