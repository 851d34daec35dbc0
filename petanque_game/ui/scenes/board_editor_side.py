"""The board editor's side: its buttons (the boards to start from, the felt's shape, size and
feel, undo and redo, save, try, export, import) and its picture with no button lit, which the
editor keeps while what it shows is the same.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from functools import partial
from pathlib import Path
from typing import Any, Protocol

import pygame

from petanque_game import board_edit
from petanque_game.board_edit import Draft, Problem
from petanque_game.ui import board_view, board_words
from petanque_game.ui.game_ui import board_title
from petanque_game.ui.look import Look
from petanque_game.ui.scene import AppLike
from petanque_game.ui.text_field import TextField
from petanque_game.ui.widgets import Button

VIEW = board_view.VIEW
SIDE_X = 840  # the side's left edge


class Editing(Protocol):
    """What the side shows and does of the editor (board_editor.py's `BoardEditorScene`)."""

    app: AppLike
    draft: Draft
    advanced: bool
    selected: tuple[str, int] | None
    drag: tuple[tuple[int, int], tuple[int, int]] | None
    said: str | None
    path: TextField
    importing: Future[Draft | str] | None

    @property
    def look(self) -> Look: ...

    @property
    def fields(self) -> tuple[TextField, ...]: ...

    def problem(self) -> Problem | None: ...

    def to_board(self, pos: tuple[int, int]) -> tuple[float, float]: ...

    def wall_outline(self, wall: dict[str, Any]) -> list[tuple[float, float]]: ...

    def change(self, edit: Callable[..., object], *args: Any) -> None: ...

    def start_from(self, name: str | None) -> None: ...

    def set_shape(self, shape: str) -> None: ...

    def set_feel(self, feel: str) -> None: ...

    def nudge(self, key: str, factor: float) -> None: ...

    def toggle_advanced(self) -> None: ...

    def toggle_snap(self) -> None: ...

    def undo(self) -> None: ...

    def redo(self) -> None: ...

    def save(self, replace: str | None = None) -> Path | None: ...

    def try_it(self) -> None: ...

    def leave(self) -> None: ...

    def import_file(self) -> None: ...

    def export(self) -> Path | None: ...


def side_buttons(editor: Editing) -> list[Button]:
    """The side's buttons: the boards to start from, the felt's shape, size and feel (and its
    numbers), undo, redo and snap, save, try, back, export and import."""
    look = editor.look
    from petanque_game.physics.level import level_names

    starts = [None, *level_names()][:4]
    b = [Button(pygame.Rect(SIDE_X + i * 106, 52, 100, 36),
                look.tr("editor.empty") if name is None else
                look.fit(board_title(look, name), 16, 92),
                partial(editor.start_from, name), size=16, tag=f"start-{name or 'empty'}")
         for i, name in enumerate(starts)]
    for i, shape in enumerate(board_edit.SHAPES):
        b.append(Button(pygame.Rect(SIDE_X + i * 142, 254, 134, 40),
                        look.tr(f"editor.shape.{shape}"),
                        partial(editor.set_shape, shape), size=20,
                        style="primary" if editor.draft.data["board"]["shape"] == shape
                        else "normal", tag=f"shape-{shape}"))
    b.append(Button(pygame.Rect(SIDE_X, 302, 205, 40), look.tr("editor.smaller"),
                    lambda: editor.change(editor.draft.resize_felt, 0.9), size=20, tag="smaller"))
    b.append(Button(pygame.Rect(SIDE_X + 215, 302, 205, 40), look.tr("editor.larger"),
                    lambda: editor.change(editor.draft.resize_felt, 1.1), size=20, tag="larger"))
    feel = editor.draft.feel()
    for i, name in enumerate(board_edit.FEELS):
        b.append(Button(pygame.Rect(SIDE_X + i * 106, 372, 100, 40),
                        look.tr(f"editor.feels.{name}"),
                        partial(editor.set_feel, name), size=18,
                        style="primary" if feel == name else "normal", tag=f"feel-{name}"))
    b.append(Button(pygame.Rect(SIDE_X + 280, 344, 140, 24),
                    look.tr("editor.numbers_hide" if editor.advanced else "editor.numbers"),
                    editor.toggle_advanced, size=16, style="ghost", tag="advanced"))
    if editor.advanced:
        for i, key in enumerate(board_edit.FEELS["normal"]):
            for j, factor in enumerate((1 / 1.1, 1.1)):
                b.append(Button(pygame.Rect(SIDE_X + 310 + j * 56, 476 + i * 24, 50, 22),
                                "-" if j == 0 else "+",
                                partial(editor.nudge, key, factor), size=16,
                                tag=f"felt:{key}:{'-+'[j]}"))
    b += [Button(pygame.Rect(SIDE_X, 426, 134, 40), look.tr("editor.undo"), editor.undo,
                 size=20, tag="undo"),
          Button(pygame.Rect(SIDE_X + 142, 426, 134, 40), look.tr("editor.redo"), editor.redo,
                 size=20, tag="redo"),
          Button(pygame.Rect(SIDE_X + 284, 426, 136, 40),
                 look.tr("editor.snap_on" if editor.draft.snap else "editor.snap_off"),
                 editor.toggle_snap, size=20, tag="snap"),

          Button(pygame.Rect(SIDE_X, 640, 130, 56), look.tr("editor.save"), editor.save,
                 editor.problem() is None, 24, style="primary", tag="save"),
          Button(pygame.Rect(SIDE_X + 140, 640, 130, 56), look.tr("editor.try"), editor.try_it,
                 editor.problem() is None, 24, tag="try"),
          Button(pygame.Rect(SIDE_X + 280, 640, 140, 56), look.tr("menu.back"), editor.leave,
                 size=24, hint="Esc", tag="back"),
          ]
    if not editor.advanced:
        b += [Button(pygame.Rect(SIDE_X + 310, 548, 110, 40), look.tr("editor.import"),
                     editor.import_file, size=20, tag="import"),
              Button(pygame.Rect(SIDE_X, 478, 420, 40), look.tr("editor.export"),
                     editor.export, editor.problem() is None, 20, tag="export")]
    return b


def draw_all(surface: pygame.Surface, editor: Editing, buttons: list[Button]) -> None:
    """All but the light of the button under the mouse."""
    look = editor.look
    surface.fill(look.colour("background"))
    look.blit_text(surface, look.tr("editor.title"), (VIEW.x, 24), 44, "text", True)
    for i, part in enumerate(look.wrap(look.tr("editor.keys"), 15, VIEW.w)[:2]):
        look.blit_text(surface, part, (VIEW.x, 62 + 16 * i), 15, "muted")
    problem = editor.problem()
    board_view.draw(look, surface, editor.draft, problem.part if problem else None,
                    editor.selected, editor.drag)
    labels = [("editor.start", (SIDE_X, 32)), ("editor.name", (SIDE_X, 100)),
              ("editor.board_title", (SIDE_X, 166)),
              ("editor.description", (SIDE_X + 170, 166)),
              ("editor.shape.label", (SIDE_X, 234)), ("editor.feel", (SIDE_X, 352))]
    if not editor.advanced:
        labels.append(("editor.import_from", (SIDE_X, 528)))
    for label, at in labels:
        look.blit_text(surface, look.tr(label), at, 17, "muted")
    blink = int(editor.app.time * 2) % 2 == 0
    for field in editor.fields:
        if field is not editor.path or not editor.advanced:
            field.draw(look, surface, blink)
    if editor.advanced:
        for i, (key, value) in enumerate(editor.draft.data["felt"].items()):
            y = 487 + i * 24
            look.blit_text(surface, look.tr(f"editor.felt.{key}"), (SIDE_X, y), 17,
                            anchor="midleft")
            look.blit_text(surface, f"{value:g}", (SIDE_X + 298, y), 17, "accent",
                            anchor="midright")
    for b in buttons:
        b.draw(look, surface, None)
    if editor.importing is not None:
        line, colour = look.tr("editor.importing"), "muted"
    elif editor.said:
        line, colour = editor.said, "bad"
    elif problem:
        line, colour = board_words.said(look, problem, editor.draft.data), "bad"
    else:
        line, colour = look.tr("editor.ready"), "good"
    for i, part in enumerate(look.wrap(line, 16, 420)[:2]):
        look.blit_text(surface, part, (SIDE_X, 596 + 18 * i), 16, colour)
