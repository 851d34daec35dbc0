"""Where a board editor's draft comes from: a shipped board or an empty one (named so that no
board has the name yet), or a board file the player names by its path.
"""

from __future__ import annotations

from petanque_game import board_edit, board_files
from petanque_game.board_edit import Draft, Problem
from petanque_game.ui import board_words
from petanque_game.ui.look import Look


def start_draft(start: str | None) -> Draft:
    """A draft of the board `start` (a board's name), or of an empty board."""
    from petanque_game.physics.level import board_text

    if start is None:
        return Draft.from_text(board_edit.empty_text(), board_files.free_name("my-board"))
    return Draft.from_text(board_text(start), board_files.free_name(f"my-{start}"))


def read_board(look: Look, given: str) -> Draft | str:
    """A draft of the board file at the path `given` (named free: `free_name`), or why not, in
    the player's words (run off the window's thread)."""
    from petanque_game.physics.level import LevelError

    try:
        text, stem = board_files.read_import(given)
        draft = Draft.from_text(text, board_files.free_name(stem))
    except board_files.ImportProblem as e:
        return board_words.import_problem(look, e)
    except UnicodeDecodeError:
        return look.tr("editor.why.not_text")
    except LevelError as e:
        return board_words.said(look, Problem(str(e), None, e.key, e.reason), {})
    return draft
