"""The board editor's keys and its clicks on the felt: a block or a wall picked, a block moved,
turned, resized and raised, a wall turned and lengthened, a new block, and the editor's own keys
(undo, redo, save, snap, back).
"""

from __future__ import annotations

import pygame

from petanque_game import board_edit
from petanque_game.ui.scenes.board_editor_side import VIEW, Editing


def press(editor: Editing, pos: tuple[int, int]) -> None:
    """A click on the felt: the block under it picked (and dragged), else the wall, else none."""
    x, y = editor.to_board(pos)
    hit = editor.draft.obstacle_at(x, y)
    if hit is not None:
        editor.selected, editor.drag = ("obstacle", hit), (pos, pos)
        return
    for i, wall in enumerate(editor.draft.walls()):
        if board_edit.inside([list(p) for p in editor.wall_outline(wall)], x, y):
            editor.selected = ("wall", i)
            return
    editor.selected = None

def key_pressed(editor: Editing, event: pygame.event.Event) -> bool:
    """A key: Escape, undo, redo, save, snap, a new block, or an edit of the part picked."""
    ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
    key, sel = event.key, editor.selected
    if key == pygame.K_ESCAPE:
        editor.leave()
    elif ctrl and key == pygame.K_z:
        editor.undo()
    elif ctrl and key == pygame.K_y:
        editor.redo()
    elif ctrl and key == pygame.K_s:
        editor.save()
    elif key == pygame.K_g:
        editor.toggle_snap()
    elif key == pygame.K_n:
        mouse = editor.app.mouse
        at = editor.to_board(mouse) if mouse and VIEW.collidepoint(mouse) else \
            (editor.draft.reach() / 2, 0.0)  # off the centre, where the diamond is laid
        editor.selected = ("obstacle", editor.draft.add_obstacle(*at))
    elif sel and sel[0] == "obstacle":
        obstacle_key(editor, key, sel[1])
    elif sel and sel[0] == "wall":
        turns = {pygame.K_q: 5, pygame.K_e: -5}
        if key == pygame.K_s:
            editor.change(editor.draft.seats_from, sel[1])
            return True
        longer = {pygame.K_PLUS: 20, pygame.K_EQUALS: 20, pygame.K_KP_PLUS: 20,
                  pygame.K_MINUS: -20, pygame.K_KP_MINUS: -20}
        if key in turns:
            editor.change(editor.draft.turn_wall, sel[1], turns[key])
        elif key in longer:
            editor.change(editor.draft.lengthen_wall, sel[1], longer[key])
    return True

def obstacle_key(editor: Editing, key: int, i: int) -> None:
    """A key on the block `i` picked: remove, turn, resize, raise or move it."""
    steps = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, 1),
             pygame.K_DOWN: (0, -1)}
    if key in (pygame.K_DELETE, pygame.K_BACKSPACE):
        editor.change(editor.draft.remove_obstacle, i)
        editor.selected = None
    elif key in (pygame.K_q, pygame.K_e):
        editor.change(editor.draft.turn_obstacle, i, 15 if key == pygame.K_q else -15)
    elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
        editor.change(editor.draft.scale_obstacle, i, 1.2)
    elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
        editor.change(editor.draft.scale_obstacle, i, 1 / 1.2)
    elif key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
        editor.change(editor.draft.raise_obstacle, i, 10 if key == pygame.K_PAGEUP else -10)
    elif key in steps:
        dx, dy = steps[key]
        editor.change(editor.draft.move_obstacle, i, dx * board_edit.GRID, dy * board_edit.GRID)
