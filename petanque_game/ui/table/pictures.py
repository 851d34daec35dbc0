"""What the table keeps beyond a frame and beyond its scene, owned by the app that shows it (one per
window) and let go with it: the board's pictures (board.py, board_pictures.py), the parts of the
picture kept from frame to frame (kept.py), the dice faces (draw.py; the flat dice of the panel
and the roll for who starts are the window's `DicePictures`, ui/dice.py, shared with the tray),
the score sheet's rows read so far and a replay's check of its throws, per session (rows.py,
replay.py). A replay's jump makes the table scene anew; these stay, so the new scene draws what
the window already holds and reads no event twice."""

from __future__ import annotations

import weakref
from collections.abc import MutableMapping

from petanque_game.ui.dice import DicePictures
from petanque_game.ui.dice import pictures_of as dice_pictures_of
from petanque_game.ui.recent import Recent
from petanque_game.ui.session import Session
from petanque_game.ui.table.board_pictures import MovingBoards
from petanque_game.ui.table.draw import FACES_KEPT, Faces
from petanque_game.ui.table.kept import KeptParts
from petanque_game.ui.table.replay import ReplayCheck
from petanque_game.ui.table.rows import SheetRows

MEMORY = "table_pictures"  # where the app's memory holds them


class TablePictures:
    """Everything the table keeps of its pictures between frames and between its scenes."""

    def __init__(self, dice: DicePictures | None = None) -> None:
        self.dice = dice if dice is not None else DicePictures()
        self.kept = KeptParts()
        self.boards = MovingBoards()  # the board's pictures, still and moving
        self.faces: Faces = Recent(FACES_KEPT)  # the dice faces made (table/draw.py `face_sprite`)
        self.rows: weakref.WeakKeyDictionary[Session, SheetRows] = weakref.WeakKeyDictionary()
        self.checks: weakref.WeakKeyDictionary[Session, ReplayCheck] = \
            weakref.WeakKeyDictionary()

    def rows_of(self, session: Session) -> SheetRows:
        """What the score sheet has read of `session`."""
        got = self.rows.get(session)
        if got is None:
            got = self.rows[session] = SheetRows()
        return got


def pictures_of(memory: MutableMapping[str, object]) -> TablePictures:
    """The table's pictures the app keeps in its `memory` (made on first use)."""
    got = memory.get(MEMORY)
    if not isinstance(got, TablePictures):
        got = memory[MEMORY] = TablePictures(dice_pictures_of(memory))
    return got
