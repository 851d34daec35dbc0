"""A part of a game scene that owns its own state: the aim being taken, a throw played back, the
reckoning at a round's end, the score sheet, the camera's controls, the hint... (docs/design.md,
scenes from components). The scene hands each component the steps the session takes, the events
the player makes and the time that passes, and lays them out; a component never reaches into the
scene. Each method has a do-nothing default, so a component says only what it does."""

from __future__ import annotations

from typing import TYPE_CHECKING, Generic, Protocol, TypeVar, overload

if TYPE_CHECKING:
    import pygame

    from petanque_game.ui.session import Step

T = TypeVar("T")


class Component(Protocol):
    """What a scene asks of each of its parts."""

    def on_transition(self, step: Step) -> None:
        """The session took `step` (a decision and what the rules made of it)."""
        return

    def handle(self, event: pygame.event.Event) -> bool:
        """The player's `event`: True when this part took it (no other part sees it then)."""
        return False

    def update(self, dt: float) -> None:
        """`dt` seconds passed on screen."""
        return

    def draw(self, surface: pygame.Surface) -> None:
        """Draw this part where the scene placed it."""
        return


class Forward(Generic[T]):
    """A scene's attribute that is one of its parts' own (`part`.`name`): read and set there. For
    what outside code reads of a scene by its old name (tests, tools), so the part stays the
    only owner of its state."""

    def __init__(self, part: str, name: str) -> None:
        self.part, self.name = part, name

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> Forward[T]: ...

    @overload
    def __get__(self, obj: object, owner: type | None = None) -> T: ...

    def __get__(self, obj: object | None, owner: type | None = None) -> T | Forward[T]:
        if obj is None:
            return self
        got: T = getattr(getattr(obj, self.part), self.name)
        return got

    def __set__(self, obj: object, value: T) -> None:
        setattr(getattr(obj, self.part), self.name, value)
