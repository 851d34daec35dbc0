"""The table's pictures, owned by the app that shows them (one per window) and let go with it: the
parts of the picture kept from frame to frame (ui/table/kept.py). A replay's jump makes the table
scene anew; the pictures stay, so the new scene draws what the window already holds."""

from __future__ import annotations

from collections.abc import MutableMapping

from petanque_game.ui.table.kept import KeptParts

MEMORY = "table_pictures"  # where the app's memory holds them


class TablePictures:
    """Everything the table keeps of its pictures between frames and between its scenes."""

    def __init__(self) -> None:
        self.kept = KeptParts()


def pictures_of(memory: MutableMapping[str, object]) -> TablePictures:
    """The table's pictures the app keeps in its `memory` (made on first use)."""
    got = memory.get(MEMORY)
    if not isinstance(got, TablePictures):
        got = memory[MEMORY] = TablePictures()
    return got
