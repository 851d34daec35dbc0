"""What the table's drawing helpers read of the table (the side panel, the prompt, the overlays,
the aims' previews, the score sheet's rows, the zoom's lines): the state shown, the throw due and
the parts' state, read-only. The table scene is one (table/turns.py and view.py); a helper names
the narrower protocol below when it needs less."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from petanque_game.ui.table.reckoning_places import Reckoned as Placed

if TYPE_CHECKING:
    import pygame

    from petanque_game.physics.hand import Hand
    from petanque_game.physics.level_spec import Level
    from petanque_game.rules.petanque_table import Aim
    from petanque_game.rules.terningepetanque import TerningepetanqueState as TableState
    from petanque_game.ui.look import Look
    from petanque_game.ui.scene import AppLike
    from petanque_game.ui.session import Session
    from petanque_game.ui.table.ai_aim import AiAim
    from petanque_game.ui.table.aim import Preview, Solved
    from petanque_game.ui.table.aiming import Drag
    from petanque_game.ui.table.camera import Camera
    from petanque_game.ui.table.hint import HintAsk
    from petanque_game.ui.table.pictures import TablePictures
    from petanque_game.ui.table.playback import Flight
    from petanque_game.ui.table.replay import ReplayCheck
    from petanque_game.ui.table.round_end import Reckoning
    from petanque_game.ui.table.start import StartRoll
    from petanque_game.ui.workers import Workers

Due = tuple[int, str, "int | None"]  # (seat, obj, die) of a throw due


class Framed(Protocol):
    """The camera, what the table is drawn with, and whether a person aims now (the zoom's
    lines say how to zoom then)."""

    @property
    def view(self) -> Camera: ...

    @property
    def look(self) -> Look: ...

    @property
    def human_turn(self) -> bool: ...

    @property
    def busy(self) -> bool: ...

    @property
    def due(self) -> Due | None: ...


class Scored(Protocol):
    """The state shown, the session and the reckoning on screen (the score sheet's rows)."""

    @property
    def state(self) -> TableState: ...

    @property
    def session(self) -> Session: ...

    @property
    def reckoning(self) -> Reckoning | None: ...

    @property
    def flight(self) -> Flight | None: ...

    @property
    def pictures(self) -> TablePictures: ...


class Previewed(Protocol):
    """What an aim's preview depends on: the board, the players, the table shown, the hands."""

    @property
    def level(self) -> Level: ...

    @property
    def n(self) -> int: ...

    @property
    def state(self) -> TableState: ...

    def hand_for(self, seat: int) -> Hand: ...

    @property
    def solved(self) -> Solved: ...

    def preview_of(self, launch: Aim, seat: int, obj: str) -> Preview: ...

    def play_points(self) -> list[tuple[float, float]]: ...

    @property
    def view(self) -> Camera: ...

    @property
    def workers(self) -> Workers: ...  # the App's threads: the previews' and the risks'


class Reckoned(Placed, Protocol):
    """The board, the camera, the players, the knocks (what the labels' places read) and the
    reckoning on screen (its card, its measure)."""

    @property
    def reckoning(self) -> Reckoning | None: ...


class TableShown(Framed, Scored, Previewed, Reckoned, Protocol):
    """All the drawing helpers read of the table."""

    @property
    def app(self) -> AppLike: ...

    @property
    def hint(self) -> HintAsk: ...

    @property
    def check(self) -> ReplayCheck | None: ...

    @property
    def start_roll(self) -> StartRoll | None: ...

    @property
    def ai_aim(self) -> AiAim | None: ...

    @property
    def aiming(self) -> bool: ...

    @property
    def flying(self) -> bool: ...

    @property
    def keeping(self) -> bool: ...

    @property
    def aim_mode(self) -> str: ...

    @property
    def drag(self) -> Drag | None: ...

    @property
    def keyed(self) -> bool: ...

    @property
    def elevation(self) -> float: ...

    @property
    def spin(self) -> float: ...

    def charge(self) -> float: ...

    def pointed(self) -> tuple[float, float] | None: ...

    def launch(self, power: float | None = None) -> Aim | None: ...

    def hinted_aim(self) -> Aim | None: ...

    def panel_players(self, rect: pygame.Rect) -> tuple[
            tuple[Any, ...], Callable[[pygame.Surface, pygame.Rect], None]]: ...


def due_throw(state: TableState) -> Due | None:
    """(seat, obj, die) of the throw due: the rules' `throw_due` ((obj, die)) and the seat to
    move."""
    due = state.throw_due
    return None if due is None else (state.to_move, *due)
