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
from functools import partial
from pathlib import Path
from typing import Any

import pygame

from petanque_game import board_edit, board_files
from petanque_game.board_edit import Draft, Problem
from petanque_game.ui import board_view, board_words, lang, theme
from petanque_game.ui.game_ui import board_title
from petanque_game.ui.question import Answer, Question
from petanque_game.ui.scene import AppLike, Scene
from petanque_game.ui.widgets import Backdrop, Button, TextField, draw_lit, look

VIEW = board_view.VIEW
SIDE_X = 840
MEMORY = "board_editor"


class BoardEditorScene(Scene):
    covers = True  # draws the whole picture
    def __init__(self, app: AppLike, start: str | None = None):
        super().__init__(app)
        kept = app.memory.get(MEMORY)
        self.draft: Draft = kept if isinstance(kept, Draft) and start is None else _start(start)
        app.memory[MEMORY] = self.draft
        self.file_field = TextField(pygame.Rect(SIDE_X, 120, 420, 40), self.draft.name, 40)
        self.title_field = TextField(pygame.Rect(SIDE_X, 186, 160, 40),
                                     self.draft.data["title"], 60)
        self.description = TextField(pygame.Rect(SIDE_X + 170, 186, 250, 40),
                                     self.draft.data["description"], 400)
        self.path = TextField(pygame.Rect(SIDE_X, 548, 300, 40), "", 400)
        self.selected: Any = None  # ("obstacle", i) or ("wall", i)
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
            from petanque_game.ui.session import in_background

            self.checking = in_background(self.draft.check_later())
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
        key = (lang.language(), draft.data["board"]["shape"], draft.feel(), draft.snap,
               self.advanced, self.problem() is None)
        if self._buttons is None or self._buttons[0] != key:
            self._buttons = (key, self._make_buttons())
        return self._buttons[1]

    def _make_buttons(self) -> list[Button]:
        from petanque_game.physics.level import level_names

        starts = [None, *level_names()][:4]
        b = [Button(pygame.Rect(SIDE_X + i * 106, 52, 100, 36),
                    lang.tr("editor.empty") if name is None else
                    theme.fit(board_title(name), 16, 92),
                    partial(self.start_from, name), size=16, tag=f"start-{name or 'empty'}")
             for i, name in enumerate(starts)]
        for i, shape in enumerate(board_edit.SHAPES):
            b.append(Button(pygame.Rect(SIDE_X + i * 142, 254, 134, 40),
                            lang.tr(f"editor.shape.{shape}"),
                            partial(self.set_shape, shape), size=20,
                            style="primary" if self.draft.data["board"]["shape"] == shape
                            else "normal", tag=f"shape-{shape}"))
        b.append(Button(pygame.Rect(SIDE_X, 302, 205, 40), lang.tr("editor.smaller"),
                        lambda: self.change(self.draft.resize_felt, 0.9), size=20, tag="smaller"))
        b.append(Button(pygame.Rect(SIDE_X + 215, 302, 205, 40), lang.tr("editor.larger"),
                        lambda: self.change(self.draft.resize_felt, 1.1), size=20, tag="larger"))
        feel = self.draft.feel()
        for i, name in enumerate(board_edit.FEELS):
            b.append(Button(pygame.Rect(SIDE_X + i * 106, 372, 100, 40),
                            lang.tr(f"editor.feels.{name}"),
                            partial(self.set_feel, name), size=18,
                            style="primary" if feel == name else "normal", tag=f"feel-{name}"))
        b.append(Button(pygame.Rect(SIDE_X + 280, 344, 140, 24),
                        lang.tr("editor.numbers_hide" if self.advanced else "editor.numbers"),
                        self.toggle_advanced, size=16, style="ghost", tag="advanced"))
        if self.advanced:
            for i, key in enumerate(board_edit.FEELS["normal"]):
                for j, factor in enumerate((1 / 1.1, 1.1)):
                    b.append(Button(pygame.Rect(SIDE_X + 310 + j * 56, 476 + i * 24, 50, 22),
                                    "-" if j == 0 else "+",
                                    partial(self.nudge, key, factor), size=16,
                                    tag=f"felt:{key}:{'-+'[j]}"))
        b += [Button(pygame.Rect(SIDE_X, 426, 134, 40), lang.tr("editor.undo"), self.undo,
                     size=20, tag="undo"),
              Button(pygame.Rect(SIDE_X + 142, 426, 134, 40), lang.tr("editor.redo"), self.redo,
                     size=20, tag="redo"),
              Button(pygame.Rect(SIDE_X + 284, 426, 136, 40),
                     lang.tr("editor.snap_on" if self.draft.snap else "editor.snap_off"),
                     self.toggle_snap, size=20, tag="snap"),

              Button(pygame.Rect(SIDE_X, 640, 130, 56), lang.tr("editor.save"), self.save,
                     self.problem() is None, 24, style="primary", tag="save"),
              Button(pygame.Rect(SIDE_X + 140, 640, 130, 56), lang.tr("editor.try"), self.try_it,
                     self.problem() is None, 24, tag="try"),
              Button(pygame.Rect(SIDE_X + 280, 640, 140, 56), lang.tr("menu.back"), self.leave,
                     size=24, hint="Esc", tag="back"),
              ]
        if not self.advanced:
            b += [Button(pygame.Rect(SIDE_X + 310, 548, 110, 40), lang.tr("editor.import"),
                         self.import_file, size=20, tag="import"),
                  Button(pygame.Rect(SIDE_X, 478, 420, 40), lang.tr("editor.export"),
                         self.export, self.problem() is None, 20, tag="export")]
        return b

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
        self.draft = self.app.memory[MEMORY] = _start(name)
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
        self._words()
        self.question = None
        problem = self.draft.problem()
        if problem is not None:
            self.said = board_words.said(problem, self.draft.data)
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
            self.said = lang.tr("editor.not_saved", why=lang.os_reason(e))
            return None
        self.draft.saved = (name, hashlib.sha256(text.encode("utf-8")).hexdigest())
        self.said = None
        self.app.toast.show(lang.tr("editor.saved", path=str(path)), "info", 4.0)
        return path

    def ask_replace(self, taken: board_files.Taken) -> None:
        """The question before a board of the player's is replaced: replace it, save under a
        free name instead, or neither."""
        other = board_files.free_name(taken.name)

        def elsewhere() -> None:
            self.draft.name = self.file_field.value = other
            self.save()

        self.question = Question(
            [lang.tr("editor.ask.taken", name=taken.name), lang.tr("editor.ask.kept")],
            [Answer(lang.tr("editor.ask.replace"), lambda: self.save(taken.seen), pygame.K_r,
                    "R", "danger", "replace"),
             Answer(lang.tr("editor.ask.other", name=other), elsewhere, pygame.K_RETURN,
                    lang.tr("editor.ask.enter"), "primary", "other-name"),
             Answer(lang.tr("editor.ask.cancel"), self.close_question, pygame.K_ESCAPE, "Esc",
                    tag="cancel")])

    def close_question(self) -> None:
        self.question = None

    def export(self) -> Path | None:
        """A copy of the board in the user folder's exports/, under a name no file there has."""
        self._words()
        problem = self.draft.problem()
        if problem is not None:
            self.said = board_words.said(problem, self.draft.data)
            return None
        try:
            path = board_files.export(self.draft.name, self.draft.text())
        except OSError as e:
            self.said = lang.tr("editor.not_exported", why=lang.os_reason(e))
            return None
        self.said = None
        self.app.toast.show(lang.tr("editor.exported", path=str(path)), "info", 5.0)
        return path

    def import_file(self) -> None:
        """The board file at the path typed, read and checked off the window's thread (a file
        on a slow or stuck disk never stops the window); `update` takes the answer."""
        from petanque_game.ui.session import in_background

        given = self.path.value.strip()
        if not given:
            self.path.active = True
            return
        if self.importing is not None:
            return  # one at a time
        self.importing = in_background(lambda: _read_board(given))

    def update(self, dt: float) -> None:
        if self.importing is not None and self.importing.done():
            found, self.importing = self.importing.result(), None  # a bug of ours is raised
            if isinstance(found, str):
                self.said = lang.tr("editor.not_imported", why=found)
                return
            self.draft = self.app.memory[MEMORY] = found
            self._show_words()

    def try_it(self) -> None:
        """A practice game on the draft: you against a medium AI, one round, kept nowhere."""
        from petanque_game.physics.level import LevelError, parse_level_text
        from petanque_game.record import Seat
        from petanque_game.ui.names import person_name
        from petanque_game.ui.session import new_game, new_seed

        self._words()
        try:
            level = parse_level_text(self.draft.text(), self.draft.name or "draft", "user")
        except LevelError as e:
            self.said = board_words.said(Problem(str(e), None, e.key, e.reason), self.draft.data)
            return
        from petanque_game.rules.games import games

        board_game = next(spec for spec in games() if spec.board)  # the game played on boards
        session = new_game(board_game.id, [Seat(person_name(self.app), "human"),
                                           Seat("AI", "ai", "medium")],
                           {"rounds": 1}, new_seed(), level, practice=True)
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
                if b.click(event.pos):
                    return True
            if VIEW.collidepoint(event.pos):
                self._press(event.pos)
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
            return self._key(event)
        return event.type in (pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.TEXTINPUT)

    def _press(self, pos: tuple[int, int]) -> None:
        x, y = self.to_board(pos)
        hit = self.draft.obstacle_at(x, y)
        if hit is not None:
            self.selected, self.drag = ("obstacle", hit), (pos, pos)
            return
        for i, wall in enumerate(self.draft.walls()):
            if board_edit.inside([list(p) for p in self.wall_outline(wall)], x, y):
                self.selected = ("wall", i)
                return
        self.selected = None

    def _key(self, event: pygame.event.Event) -> bool:
        ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        key, sel = event.key, self.selected
        if key == pygame.K_ESCAPE:
            self.leave()
        elif ctrl and key == pygame.K_z:
            self.undo()
        elif ctrl and key == pygame.K_y:
            self.redo()
        elif ctrl and key == pygame.K_s:
            self.save()
        elif key == pygame.K_g:
            self.toggle_snap()
        elif key == pygame.K_n:
            mouse = self.app.mouse
            at = self.to_board(mouse) if mouse and VIEW.collidepoint(mouse) else \
                (self.draft.reach() / 2, 0.0)  # off the centre, where the diamond is laid
            self.selected = ("obstacle", self.draft.add_obstacle(*at))
        elif sel and sel[0] == "obstacle":
            self._obstacle_key(key, sel[1])
        elif sel and sel[0] == "wall":
            turns = {pygame.K_q: 5, pygame.K_e: -5}
            if key == pygame.K_s:
                self.change(self.draft.seats_from, sel[1])
                return True
            longer = {pygame.K_PLUS: 20, pygame.K_EQUALS: 20, pygame.K_KP_PLUS: 20,
                      pygame.K_MINUS: -20, pygame.K_KP_MINUS: -20}
            if key in turns:
                self.change(self.draft.turn_wall, sel[1], turns[key])
            elif key in longer:
                self.change(self.draft.lengthen_wall, sel[1], longer[key])
        return True

    def _obstacle_key(self, key: int, i: int) -> None:
        steps = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, 1),
                 pygame.K_DOWN: (0, -1)}
        if key in (pygame.K_DELETE, pygame.K_BACKSPACE):
            self.change(self.draft.remove_obstacle, i)
            self.selected = None
        elif key in (pygame.K_q, pygame.K_e):
            self.change(self.draft.turn_obstacle, i, 15 if key == pygame.K_q else -15)
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.change(self.draft.scale_obstacle, i, 1.2)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.change(self.draft.scale_obstacle, i, 1 / 1.2)
        elif key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.change(self.draft.raise_obstacle, i, 10 if key == pygame.K_PAGEUP else -10)
        elif key in steps:
            dx, dy = steps[key]
            self.change(self.draft.move_obstacle, i, dx * board_edit.GRID, dy * board_edit.GRID)

    # --- drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        fields = tuple((f.value, f.active) for f in self.fields)
        blink = int(self.app.time * 2) % 2 == 0 and any(f.active for f in self.fields)
        key = look(self.draft.name, repr(self.draft.data), self.draft.snap, self.said,
                   self.selected, self.drag, self.advanced, fields, blink, self.problem(),
                   self.importing is not None)
        buttons = self.buttons
        self.backdrop.draw(surface, key, lambda out: self._draw_all(out, buttons))
        if self.question is not None:
            self.question.draw(surface, self.mouse)
            return
        draw_lit(surface, buttons, self.mouse)

    def _draw_all(self, surface: pygame.Surface, buttons: list[Button]) -> None:
        """All but the light of the button under the mouse."""
        surface.fill(theme.colour("background"))
        theme.blit_text(surface, lang.tr("editor.title"), (VIEW.x, 24), 44, "text", True)
        for i, part in enumerate(theme.wrap(lang.tr("editor.keys"), 15, VIEW.w)[:2]):
            theme.blit_text(surface, part, (VIEW.x, 62 + 16 * i), 15, "muted")
        problem = self.problem()
        board_view.draw(surface, self.draft, problem.part if problem else None, self.selected,
                        self.drag)
        labels = [("editor.start", (SIDE_X, 32)), ("editor.name", (SIDE_X, 100)),
                  ("editor.board_title", (SIDE_X, 166)),
                  ("editor.description", (SIDE_X + 170, 166)),
                  ("editor.shape.label", (SIDE_X, 234)), ("editor.feel", (SIDE_X, 352))]
        if not self.advanced:
            labels.append(("editor.import_from", (SIDE_X, 528)))
        for label, at in labels:
            theme.blit_text(surface, lang.tr(label), at, 17, "muted")
        blink = int(self.app.time * 2) % 2 == 0
        for field in self.fields:
            if field is not self.path or not self.advanced:
                field.draw(surface, blink)
        if self.advanced:
            for i, (key, value) in enumerate(self.draft.data["felt"].items()):
                y = 487 + i * 24
                theme.blit_text(surface, lang.tr(f"editor.felt.{key}"), (SIDE_X, y), 17,
                                anchor="midleft")
                theme.blit_text(surface, f"{value:g}", (SIDE_X + 298, y), 17, "accent",
                                anchor="midright")
        for b in buttons:
            b.draw(surface, None)
        if self.importing is not None:
            line, colour = lang.tr("editor.importing"), "muted"
        elif self.said:
            line, colour = self.said, "bad"
        elif problem:
            line, colour = board_words.said(problem, self.draft.data), "bad"
        else:
            line, colour = lang.tr("editor.ready"), "good"
        for i, part in enumerate(theme.wrap(line, 16, 420)[:2]):
            theme.blit_text(surface, part, (SIDE_X, 596 + 18 * i), 16, colour)


def _start(start: str | None) -> Draft:
    """A draft of the board `start` (a board's name), or of an empty board."""
    from petanque_game.physics.level import board_text

    if start is None:
        return Draft.from_text(board_edit.empty_text(), board_files.free_name("my-board"))
    return Draft.from_text(board_text(start), board_files.free_name(f"my-{start}"))


def _read_board(given: str) -> Draft | str:
    """A draft of the board file at the path `given` (named free: `free_name`), or why not, in
    the player's words (run off the window's thread)."""
    from petanque_game.physics.level import LevelError

    try:
        text, stem = board_files.read_import(given)
        draft = Draft.from_text(text, board_files.free_name(stem))
    except board_files.ImportProblem as e:
        return board_words.import_problem(e)
    except UnicodeDecodeError:
        return lang.tr("editor.why.not_text")
    except LevelError as e:
        return board_words.said(Problem(str(e), None, e.key, e.reason), {})
    return draft
