"""A throw played back on the table (a component of the table scene, ui/component.py): the physics'
path shown at the player's animation speed, its sounds when their frame shows, the camera
following the thrown piece, and the bodies drawn in the air. While it plays, the table shows the
state as it was before the throw (`shown`): nothing of the outcome shows before the piece has come
to rest on screen. The pace and the sounds are ui/table/watch.py's."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from petanque_game.physics.level_spec import Level
from petanque_game.physics.results import Path
from petanque_game.rules.events import Transition
from petanque_game.rules.petanque_table import Table
from petanque_game.rules.terningepetanque import TerningepetanqueState as TableState
from petanque_game.rules.terningepetanque_events import Thrown
from petanque_game.ui.component import Component
from petanque_game.ui.look import Look
from petanque_game.ui.session import Step
from petanque_game.ui.table import board as tb
from petanque_game.ui.table import draw as td
from petanque_game.ui.table import watch
from petanque_game.ui.table.camera import Camera

FOLLOW_RATE = 2.0  # a throw's camera eases this much faster than the one at rest


@dataclass
class Flight:
    """A throw being played back: the physics' path and where we are in it (ui/table/watch.py:
    the pace, and the sounds it makes)."""

    path: Path  # the physics' path of the throw (its frames, bodies and fps)
    table: Table  # where it all comes to rest
    t: float = 0.0  # seconds on screen since the playback began
    path_t: float = 0.0  # seconds of the path shown so far (the release is at 0)
    rest: float = 0.0  # seconds shown at rest after the last frame
    hold: float = watch.HOLD  # seconds to rest on the last frame
    sounds: list[tuple[int, str]] | None = None  # (frame, sound) still to be heard

    @property
    def frame(self) -> int:
        return min(len(self.path.frames) - 1, int(self.path_t * self.path.fps))

    @property
    def over(self) -> bool:
        """Has the last frame been shown (the bodies are at rest)?"""
        return bool(self.path_t * self.path.fps >= len(self.path.frames) - 1)

    @property
    def done(self) -> bool:
        return self.over and self.rest >= self.hold

    def advance(self, dt: float, speed: float) -> None:
        """`dt` seconds more on screen at the player's animation `speed` (1.0 normal)."""
        lead = max(0.0, min(dt, watch.LEAD - self.t))
        self.t += dt
        if self.over:
            self.rest += dt
            return
        self.path_t += (dt - lead) * watch.PACE * max(0.05, speed)


class Playback(Component):
    """The throw in the air, if any, and the state and table shown while it plays."""

    def __init__(self, look: Look, level: Level, speed: Callable[[], float],
                 path_of: Callable[[Step, Transition], Path | None],
                 faces: td.Faces | None = None) -> None:
        self.look = look  # (the throws heard with its sounds)
        self.level = level
        self.faces = faces  # the dice faces made so far (the table's: ui/table/pictures.py)
        self.speed = speed  # the player's animation speed (a setting: read each frame)
        self.path_of = path_of  # a throw's path to show (None: shown at rest)
        self.flight: Flight | None = None
        self.shown: TableState | None = None  # the state shown while a throw is in the air
        self.before = Table()  # the table as it lay when the throw in flight was made

    def on_transition(self, step: Step) -> None:
        for made in step.transitions:
            if isinstance(made.event, Thrown):
                self.start(self.path_of(step, made), made.event.table, step.before)

    def start(self, path: Path | None, table: Table, before: TableState) -> None:
        """A throw made from the state `before`, coming to rest as `table`: played along `path`
        (none, or an empty one: shown at rest at once)."""
        self.flight = Flight(path, table) if path is not None and path.frames else None
        self.shown = before
        self.before = before.table

    @property
    def flying(self) -> bool:
        return self.flight is not None and not self.flight.done

    def skip(self) -> None:
        """A click or a key ends the playback at once."""
        self.flight = None
        self.shown = None

    def update(self, dt: float) -> None:
        """The throw played on: its pace, and its sounds when their frame shows."""
        f = self.flight
        if f is None:
            return
        if f.sounds is None:
            f.sounds = watch.sound_moments(f.path, self.level)
        f.advance(dt, self.speed())
        shown = f.path_t * f.path.fps
        while f.sounds and f.t >= watch.LEAD and f.sounds[0][0] <= shown:
            self.look.play(f.sounds.pop(0)[1])
        if f.done:
            self.flight = None

    def settle(self) -> None:
        """After the camera has moved: once the throw is over, the state shown is the
        session's again."""
        if self.flight is None:
            self.shown = None

    def follow(self, cam: Camera, dt: float) -> bool:
        """The camera follows the piece in the air; False when nothing is in the air."""
        f = self.flight
        if f is None or f.over:
            return False
        pieces = watch.poses(f.path, f.path_t)
        cam.frame(self._followed(f, pieces))
        cam.update(dt, FOLLOW_RATE)
        thrown = pieces[-1]
        cam.keep_inside([(thrown.x, thrown.y),
                         (thrown.x, thrown.y + thrown.z * td.HEIGHT_SHIFT)], 24.0)
        return True

    @staticmethod
    def _followed(f: Flight, pieces: list[watch.Pose]) -> list[tuple[float, float]]:
        """What a throw's camera frames: the thrown piece (and how high it is), the diamond (the
        board's centre when the diamond is the one thrown) and every body moving now."""
        thrown = pieces[-1]
        points = [(thrown.x, thrown.y), (thrown.x, thrown.y + thrown.z * td.HEIGHT_SHIFT)]
        if len(pieces) == 1:
            points.append((0.0, 0.0))
        for body, p in zip(f.path.bodies, pieces):
            if body[0] == "diamond" or p.moving:
                points.append((p.x, p.y))
        return points

    def draw_bodies(self, area: pygame.Surface, view: td.View, moving: bool) -> None:
        """The bodies as they are now in the throw: in the air, rolling or lying (those gone
        off the board faint)."""
        look = self.look
        from petanque_game.physics import top_face

        f = self.flight
        if f is None:
            return
        pieces = watch.poses(f.path, f.path_t)
        frame = f.frame
        level = self.level
        bodies: list[tuple[float, float, float, Callable[[pygame.Surface], None]]] = []
        for i, p in enumerate(pieces):
            kind, player, _ = f.path.bodies[i]
            off = f.path.off_from[i]
            gone = off is not None and frame >= off
            if kind == "diamond" and f.table.diamond is not None and f.table.diamond.reset \
                    and frame == len(f.path.frames) - 1:
                gone = False  # laid back at its new spot
            alpha = 100 if gone else 255
            draw: Callable[[pygame.Surface], None]
            if kind == "diamond":
                def draw(s: pygame.Surface, p: watch.Pose = p, alpha: int = alpha) -> None:
                    td.draw_diamond(s, view, level, p.x, p.y, p.angle, p.z, alpha)
            else:
                def draw(s: pygame.Surface, p: watch.Pose = p, alpha: int = alpha,
                         player: int = player) -> None:
                    td.draw_table_die(look, s, view, level, player, top_face(p.orientation), p.x,
                                      p.y, p.angle, p.z, alpha,
                                      orientation=p.orientation if p.moving else None, tip=p.tip,
                                      moving=moving, faces=self.faces)
            bodies.append((p.x, p.y, p.z, draw))
        tb.paint(look, area, view, level, bodies)
