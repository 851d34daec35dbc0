"""The board editor (from the main menu): make a Terningepetanque board of your own.

Start from a shipped board or an empty one; pick the felt's shape, size and feel; place, move
(drag), turn (Q/E), resize (+/-) and raise (Page Up/Down) blocks; turn and lengthen the throwing
walls; snap to a 10 mm grid (G); undo and redo (Ctrl+Z, Ctrl+Y). The checker that reads board
files runs after every change: its line is shown, and the part it is about is marked in red; a
board the game would refuse is not saved. "Try it" throws on the board being edited (a practice
game that is kept nowhere; the draft waits in the app's memory for the way back, and the game's
end comes back to it). Saved boards go to the user folder's `levels/`, where the setup screen
lists them: a new draft's name is one no board has, and a board already there is replaced only
once the player says so (a question over the editor), its old text kept for the games played on
it (board_files.py). Export writes a copy to the user folder's `exports/`, Import reads a board
file by its path, off the window's thread. The checker's refusals are said in the editor's words
(ui/board_words.py).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import pygame

from petanque_game import board_files
from petanque_game.board_edit import Draft, Problem
from petanque_game.ui import board_view, board_words
from petanque_game.ui.board_drafts import read_board, start_draft
from petanque_game.ui.question import Answer, Question
from petanque_game.ui.scene import AppLike, Scene
from petanque_game.ui.scenes.board_editor_keys import key_pressed, press
from petanque_game.ui.scenes.board_editor_side import SIDE_X, VIEW, draw_all, side_buttons
from petanque_game.ui.text_field import TextField
from petanque_game.ui.widgets import Backdrop, Button, draw_lit

MEMORY = "board_editor"


class BoardEditorScene(Scene):
    covers = True  # draws the whole picture

    def __init__(self, app: AppLike, start: str | None = None):
        super().__init__(app)
        kept = app.memory.get(MEMORY)
        self.draft: Draft = kept if isinstance(kept, Draft) and start is None else \
            start_draft(start)
        app.memory[MEMORY] = self.draft
        self.file_field = TextField(pygame.Rect(SIDE_X, 120, 420, 40), self.draft.name, 40)
        self.title_field = TextField(pygame.Rect(SIDE_X, 186, 160, 40),
                                     self.draft.data["title"], 60)
        self.description = TextField(pygame.Rect(SIDE_X + 170, 186, 250, 40),
                                     self.draft.data["description"], 400)
        self.path = TextField(pygame.Rect(SIDE_X, 548, 300, 40), "", 400)
        self.selected: tuple[str, int] | None = None  # ("obstacle", i) or ("wall", i)
        self.drag: tuple[tuple[int, int], tuple[int, int]] | None = None
        self.said: str | None = None
        self.advanced = False  # the felt's numbers shown (in place of export and import)
        # The screen but the button under the mouse, kept while what it shows is the same; the
        # buttons, made again only when their labels or states change.
        self.backdrop = Backdrop()
        self._buttons: tuple[Any, list[Button]] | None = None
        # The draft's check as the screen shows it: the last one finished. A change is checked
        # on the AI's thread, off the frame (tens of milliseconds); Save, Try it and Export check
        # the draft as it is, at once.
        self.shown_check: Problem | None = self.draft.problem()
        self.checking: Future[tuple[tuple[str, str], Problem | None]] | None = None
        self.importing: Future[Draft | str] | None = None  # a board file being read
        self.question: Question | None = None  # asked before a board is replaced

    def problem(self) -> Problem | None:
        """What the screen shows of the draft's check (see `shown_check`)."""
        known, problem = self.draft.checked()
        if not known and self.checking is not None and self.checking.done():
            of, found = self.checking.result()  # a bug in the check is raised here, logged
            self.checking = None
            self.draft.keep_check(of, found)
            self.shown_check = found
            known, problem = self.draft.checked()
        if known:
            self.shown_check = problem
            return problem
        if self.checking is None:
            self.checking = self.app.workers.in_background(self.draft.check_later())
        return self.shown_check

    @property
    def animating(self) -> bool:
        return self.checking is not None or self.importing is not None  # frames until done

    @property
    def fields(self) -> tuple[TextField, ...]:
        return self.file_field, self.title_field, self.description, self.path

    # --- what is where on screen ---------------------------------------------------------------

    def scale(self) -> float:
        return board_view.scale(self.draft)

    def to_screen(self, x: float, y: float) -> tuple[int, int]:
        return board_view.to_screen(self.draft, x, y)

    def to_board(self, pos: tuple[int, int]) -> tuple[float, float]:
        return board_view.to_board(self.draft, pos)

    def wall_outline(self, wall: dict[str, Any]) -> list[tuple[float, float]]:
        return board_view.wall_outline(self.draft, wall)

    @property
    def buttons(self) -> list[Button]:
        """The side's buttons (kept while their labels and states are the same)."""
        draft = self.draft
        key = (self.look.language(), draft.data["board"]["shape"], draft.feel(), draft.snap,
               self.advanced, self.problem() is None)
        if self._buttons is None or self._buttons[0] != key:
            self._buttons = (key, side_buttons(self))
        return self._buttons[1]

    def toggle_advanced(self) -> None:
        self.advanced = not self.advanced

    def nudge(self, key: str, factor: float) -> None:
        """One of the felt's numbers a tenth up or down (the checker says when it is too far)."""
        value = self.draft.data["felt"][key]
        self.change(self.draft.set_number, "felt", key,
                    round(max(value, 0.01) * factor, 3))

    # --- editing -------------------------------------------------------------------------------

    def change(self, edit: Callable[..., object], *args: Any) -> None:
        edit(*args)
        self.said = None

    def set_shape(self, shape: str) -> None:
        self.change(self.draft.set_shape, shape)

    def set_feel(self, feel: str) -> None:
        self.change(self.draft.set_feel, feel)

    def start_from(self, name: str | None) -> None:
        """A new draft: of the shipped board `name`, or of an empty board."""
        self.draft = self.app.memory[MEMORY] = start_draft(name)
        self._show_words()

    def _show_words(self) -> None:
        self.file_field.value, self.title_field.value = self.draft.name, self.draft.data["title"]
        self.description.value = self.draft.data["description"]
        self.selected, self.said = None, None

    def undo(self) -> None:
        self.draft.undo()
        self.selected = None

    def redo(self) -> None:
        self.draft.redo()
        self.selected = None

    def toggle_snap(self) -> None:
        self.draft.snap = not self.draft.snap

    def _words(self) -> None:
        """The name and title fields into the draft (the title as one undo step)."""
        self.draft.name = self.file_field.value.strip()
        title, about = self.title_field.value.strip(), self.description.value.strip()
        if (title, about) != (self.draft.data["title"], self.draft.data["description"]):
            self.draft.set_words(title, about)

    def save(self, replace: str | None = None) -> Path | None:
        """The board into the user folder's levels/, if the game accepts it. A board of that
        name already there (not the one this draft saved last) is replaced only once the player
        says so (`ask_replace`); `replace` is what they agreed to replace."""
        look = self.look
        self._words()
        self.question = None
        problem = self.draft.problem()
        if problem is not None:
            self.said = board_words.said(look, problem, self.draft.data)
            return None
        name, text = self.draft.name, self.draft.text()
        made = self.draft.saved
        if replace is None and made is not None and made[0] == name:
            replace = made[1]  # its own file, as it saved it
        try:
            path = board_files.save(name, text, replace)
        except board_files.Taken as taken:
            self.ask_replace(taken)
            return None
        except OSError as e:
            self.said = look.tr("editor.not_saved", why=look.os_reason(e))
            return None
        self.draft.saved = (name, hashlib.sha256(text.encode("utf-8")).hexdigest())
        self.said = None
        self.app.toast.show(look.tr("editor.saved", path=str(path)), "info", 4.0)
        return path

    def ask_replace(self, taken: board_files.Taken) -> None:
        """The question before a board of the player's is replaced: replace it, save under a
        free name instead, or neither."""
        look = self.look
        other = board_files.free_name(taken.name)

        def elsewhere() -> None:
            self.draft.name = self.file_field.value = other
            self.save()

        self.question = Question(
            self.look, [look.tr("editor.ask.taken", name=taken.name), look.tr("editor.ask.kept")],
            [Answer(look.tr("editor.ask.replace"), lambda: self.save(taken.seen), pygame.K_r,
                    "R", "danger", "replace"),
             Answer(look.tr("editor.ask.other", name=other), elsewhere, pygame.K_RETURN,
                    look.tr("editor.ask.enter"), "primary", "other-name"),
             Answer(look.tr("editor.ask.cancel"), self.close_question, pygame.K_ESCAPE, "Esc",
                    tag="cancel")])

    def close_question(self) -> None:
        self.question = None

    def export(self) -> Path | None:
        """A copy of the board in the user folder's exports/, under a name no file there has."""
        look = self.look
        self._words()
        problem = self.draft.problem()
        if problem is not None:
            self.said = board_words.said(look, problem, self.draft.data)
            return None
        try:
            path = board_files.export(self.draft.name, self.draft.text())
        except OSError as e:
            self.said = look.tr("editor.not_exported", why=look.os_reason(e))
            return None
        self.said = None
        self.app.toast.show(look.tr("editor.exported", path=str(path)), "info", 5.0)
        return path

    def import_file(self) -> None:
        """The board file at the path typed, read and checked off the window's thread (a file
        on a slow or stuck disk never stops the window); `update` takes the answer."""
        given = self.path.value.strip()
        if not given:
            self.path.active = True
            return
        if self.importing is not None:
            return  # one at a time
        self.importing = self.app.workers.in_background(lambda: read_board(self.look, given))

    def update(self, dt: float) -> None:
        if self.importing is not None and self.importing.done():
            found, self.importing = self.importing.result(), None  # a bug of ours is raised
            if isinstance(found, str):
                self.said = self.look.tr("editor.not_imported", why=found)
                return
            self.draft = self.app.memory[MEMORY] = found
            self._show_words()

    def try_it(self) -> None:
        """A practice game on the draft: you against a medium AI, one round, kept nowhere."""
        from petanque_game.draws import new_seed
        from petanque_game.physics.level import LevelError, parse_level_text
        from petanque_game.record import Seat
        from petanque_game.ui.names import person_name
        from petanque_game.ui.session import new_game

        self._words()
        try:
            level = parse_level_text(self.draft.text(), self.draft.name or "draft", "user")
        except LevelError as e:
            self.said = board_words.said(self.look, Problem(str(e), None, e.key, e.reason),
                                         self.draft.data)
            return
        from petanque_game.rules.games import games

        board_game = next(spec for spec in games() if spec.board)  # the game played on boards
        session = new_game(board_game.id, [Seat(person_name(self.app), "human"),
                                           Seat("AI", "ai", "medium")],
                           {"rounds": 1}, new_seed(), level, practice=True, look=self.look)
        from petanque_game.ui.game_scene import GameScene

        table = self.app.make("table", session)
        if isinstance(table, GameScene):
            table.back_to_opener = True  # Escape or Menu comes back here, to the draft
        self.app.push(table)

    def leave(self) -> None:
        self.app.memory.pop(MEMORY, None)
        self.app.pop()

    # --- input ---------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.question is not None:  # it takes every event while it is open
            self.question.handle(event)
            return True
        for field in self.fields:
            if field.active:
                if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN,
                                                                  pygame.K_KP_ENTER):
                    field.active = False
                    if field is self.path:
                        self.import_file()
                    self._words()
                    return True
                if field.handle(event):
                    return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for field in self.fields:
                field.active = field.rect.collidepoint(event.pos)
            if any(f.active for f in self.fields):
                return True
            self._words()
            for b in self.buttons:
                if b.click(self.look, event.pos):
                    return True
            if VIEW.collidepoint(event.pos):
                press(self, event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag:
            start, _ = self.drag
            self.drag = None
            if self.selected and self.selected[0] == "obstacle" and event.pos != start:
                (x0, y0), (x1, y1) = self.to_board(start), self.to_board(event.pos)
                self.change(self.draft.move_obstacle, self.selected[1], x1 - x0, y1 - y0)
            return True
        if event.type == pygame.MOUSEMOTION and self.drag:
            self.drag = (self.drag[0], event.pos)
            return True
        if event.type == pygame.KEYDOWN:
            return key_pressed(self, event)
        return event.type in (pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.TEXTINPUT)

    # --- drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        fields = tuple((f.value, f.active) for f in self.fields)
        blink = int(self.app.time * 2) % 2 == 0 and any(f.active for f in self.fields)
        key = self.look.drawn_in(self.draft.name, repr(self.draft.data), self.draft.snap, self.said,
                                 self.selected, self.drag, self.advanced, fields, blink,
                                 self.problem(), self.importing is not None)
        buttons = self.buttons
        self.backdrop.draw(surface, key, lambda out: draw_all(out, self, buttons))
        if self.question is not None:
            self.question.draw(surface, self.mouse)
            return
        draw_lit(self.look, surface, buttons, self.mouse)
