"""A screenshot of the window, kept in the user's screenshots folder (the screenshot key)."""

from __future__ import annotations

import os
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import pygame

from petanque_game import paths
from petanque_game.files import ensure_folder
from petanque_game.ui.look import Look
from petanque_game.ui.widgets import Toast


def save_screenshot(look: Look, render: Callable[[], pygame.Surface], toast: Toast) -> Path | None:
    """Save the picture `render()` draws as a PNG in the user's screenshots folder; where, or
    None when it could not be saved (`toast` says so either way)."""
    folder = paths.user_dir() / "screenshots"
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S-%f")[:-3]
    path = folder / f"screenshot-{stamp}.png"
    try:
        ensure_folder(folder)
        pygame.image.save(render(), os.fspath(path))
    except OSError as e:
        toast.show(look.tr("app.screenshot_unsaved_in", folder=str(folder),
                           reason=look.os_reason(e)), "bad")
        return None
    except pygame.error as e:
        toast.show(look.tr("app.screenshot_unsaved", reason=str(e)), "bad")
        return None
    toast.show(look.tr("app.screenshot_saved", path=str(path)), "info", 2.5)
    return path
