"""What the tray keeps beyond a frame and beyond its scene, owned by the app that shows it (one per
window) and let go with it: the header and the players' column (backdrop.py), the tray with the
dice at rest (felt.py), a game's panel (sheet.py) and the dice themselves (the window's
`DicePictures`, ui/dice.py, shared with the table and the menu). A replay's jump makes the tray
scene anew, and a scrub goes back and forth over the same positions: these stay, so the new scene
draws what the window already holds."""

from __future__ import annotations

from collections.abc import MutableMapping

from petanque_game.ui.dice import DicePictures
from petanque_game.ui.dice import pictures_of as dice_pictures_of
from petanque_game.ui.kept_pictures import Pictures

MEMORY = "tray_pictures"  # where the app's memory holds them


class TrayPictures:
    """Everything the tray keeps of its pictures between frames and between its scenes."""

    def __init__(self, dice: DicePictures | None = None) -> None:
        self.dice = dice if dice is not None else DicePictures()
        self.headers = Pictures(6)  # the header line (backdrop.py)
        self.columns = Pictures(24)  # the players' column
        self.felts = Pictures(8)  # the tray with the dice at rest, by what they show (felt.py)
        self.panels = Pictures(8)  # a game's panel, for a game that says what it shows (sheet.py)


def pictures_of(memory: MutableMapping[str, object]) -> TrayPictures:
    """The tray's pictures the app keeps in its `memory` (made on first use)."""
    got = memory.get(MEMORY)
    if not isinstance(got, TrayPictures):
        got = memory[MEMORY] = TrayPictures(dice_pictures_of(memory))
    return got
