"""The scene interface (a scene stack as in Tuxemon and pyroller: docs/design.md#scenes-by-name),
and `AppLike`, what a scene may use of the app that shows it.

A scene handles input (consuming an event or passing it to the scene below), updates its own
animation clock, and draws to the fixed 1280x720 logical surface. `draw` never changes game state:
drawing the same moment twice gives the same picture.

A scene is opened by its name through the app (`app.open("results", session)`,
ui/scenes/__init__.py), so a scene module never imports another. Scenes know the app only as
`AppLike`, so no scene imports ui/app.py, not even for its type hints.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

import pygame

from petanque_game.ui.settings import Settings
from petanque_game.ui.widgets import Toast

if TYPE_CHECKING:
    from petanque_game.ui.look import Look
    from petanque_game.ui.workers import Workers


@runtime_checkable
class AppLike(Protocol):
    """What scenes and their helpers use of the app (ui/app.py `App` is one): its settings, its
    look, its message line, what scenes remember, the pointer and the clock, and the scene stack."""

    settings: Settings
    toast: Toast
    memory: dict[str, Any]  # what a scene remembers between visits, by scene name
    mouse: tuple[int, int] | None  # the pointer on the logical surface, once it has moved
    window: pygame.Surface  # the window's own surface (its size: what a frame is drawn into)
    frames_drawn: int  # frames drawn so far (a scene can tell the frame before was its)
    time: float  # seconds of app time (animations only)
    running: bool
    scenes: list[Scene]  # bottom first
    factories: dict[str, Callable[..., Scene]]  # (app, *arguments) -> a new scene, by name
    workers: Workers  # its threads: the AI's, the saves', the previews' (ui/workers.py)
    look: Look  # what it draws, speaks and plays with (ui/look.py)

    @property
    def top(self) -> Scene | None: ...

    def visible(self) -> list[Scene]: ...

    def make(self, name: str, *args: Any, **kw: Any) -> Scene: ...

    def open(self, name: str, *args: Any, **kw: Any) -> Scene: ...

    def push(self, scene: Scene) -> None: ...

    def pop(self) -> Scene | None: ...

    def replace(self, scene: Scene) -> None: ...

    def back_to_menu(self) -> None: ...

    def open_settings(self) -> bool: ...

    def open_replay(self, path: Path) -> None: ...

    def set_fullscreen(self, on: bool) -> None: ...


@runtime_checkable
class TellsProblems(Protocol):
    """A scene with a line of its own for what went wrong (the menu's: a broken autosave or
    record, a folder that cannot be used), shown until the next action."""

    problem: str | None

    def say(self, problem: str) -> None:
        """Show `problem` in the line, and in the message line for a while."""


class Scene:
    """Base scene: override what you need."""

    opaque = True  # False: the scene below is drawn first (an overlay such as the results panel)
    # True: `draw` paints every pixel of the picture itself (the scenes below it too, if it is
    # not opaque), so the window draws neither the background nor the scenes below under it
    covers = False
    # the name it was opened by (ui/scenes/__init__.py); "" for a scene pushed as an object
    name = ""
    # True in the frame a replay's drag made the scene (ui/replay.py `jump_due`): the window
    # shows the picture before it once more, and draws this scene in the next frame
    picture_held = False

    def __init__(self, app: AppLike):
        self.app = app

    def enter(self) -> None:
        """Pushed onto the stack."""

    def exit(self) -> None:
        """Popped off the stack."""

    def pause(self) -> None:
        """Another scene was pushed on top of this one."""

    def resume(self) -> None:
        """The scene on top of this one was popped."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        """True when the event was consumed; False passes it to the scene below."""
        return False

    def update(self, dt: float) -> None:
        """Advance animations and timers by `dt` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw onto the logical surface; never change game state here."""

    def draw_ahead(self, surface: pygame.Surface) -> None:
        """In a frame the scene holds the picture (`picture_held`): draw on `surface`, which is
        not shown, what the next frame's `draw` will take from kept pictures."""

    @property
    def mouse(self) -> tuple[int, int] | None:
        return self.app.mouse

    @property
    def look(self) -> Look:
        """What the scene draws, speaks and plays with: its window's (ui/look.py)."""
        return self.app.look


@contextmanager
def unlit(app: AppLike) -> Iterator[None]:
    """Draw as if the pointer were nowhere: no button lit (a picture kept whatever the hover,
    with the button under the pointer drawn lit over it, or a game under a veil)."""
    mouse, app.mouse = app.mouse, None
    try:
        yield
    finally:
        app.mouse = mouse
