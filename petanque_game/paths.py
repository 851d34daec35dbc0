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


def autosaves_dir() -> Path:
    """The games in progress, one autosave each, rewritten after every event (saves.py)."""
    return user_dir() / "autosaves"


def index_dir() -> Path:
    """The indexes of the records and autosaves folders (history.py): a cache, rebuilt when lost."""
    return user_dir() / "index"


def old_autosave_path() -> Path:
    """Where versions before per-game autosaves kept the one game in progress (read, and moved
    into autosaves/, by saves.py)."""
    return user_dir() / "autosave.json"


def user_dir_problem() -> str | None:
    """Why games cannot be saved in the user folder (it is a file, or read-only), or None."""
    folder = user_dir()
    probe = folder
    while not probe.exists() and probe.parent != probe:
        probe = probe.parent  # the folder is made at the first save: can it be?
    if not probe.is_dir():
        return f"your user folder {folder} cannot be made: {probe} is a file, not a folder"
    if not os.access(probe, os.W_OK | os.X_OK):
        if probe == folder:
            return f"your user folder {folder} is read-only: games cannot be saved"
        return f"your user folder {folder} cannot be made: {probe} is read-only"
    return None


def leaves_user_folder(path: str | os.PathLike) -> bool:
    """Does `path`, a file in the user folder that the game reads by itself (settings.yaml,
    ui.yaml, a board in levels/), lead out of the user folder through a symbolic link? Such a file
    is not read: a link to a secrets file must not have its lines shown in messages."""
    try:
        home = os.path.realpath(user_dir())
        return os.path.commonpath([os.path.realpath(path), home]) != home
    except (OSError, ValueError):  # a loop, or another drive: not inside
        return True


def folder_problems() -> dict[Path, str]:
    """The folders of the user folder that are there but are not folders (a file called `records`
    or `levels`), each with what the player is told of it."""
    found = {}
    for folder, what in ((records_dir(), "finished games cannot be kept or listed"),
                         (autosaves_dir(), "games cannot be saved or resumed"),
                         (user_dir() / "levels", "your own boards cannot be listed")):
        if os.path.lexists(folder) and not folder.is_dir():
            found[folder] = f"{folder} is not a folder: {what}"
    return found
