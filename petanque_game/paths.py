"""Where a player's own files go: settings, records, the autosave. Never into the installation.

PETANQUE_GAME_HOME overrides the place (the tests use it); otherwise the platform's usual folder
for application data.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

APP = "petanque-game"


def user_dir() -> Path:
    override = os.environ.get("PETANQUE_GAME_HOME")
    if override:
        return Path(override)
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / APP


def records_dir() -> Path:
    """Finished games, one record each."""
    return user_dir() / "records"


def autosave_path() -> Path:
    """The game in progress, rewritten after every event."""
    return user_dir() / "autosave.json"
