"""The aim a person takes at the table (a component of the table scene, ui/component.py): the point
aimed at, the elevation, the spin, the power (charged while the button is held, with the `power`
way of aiming), the slingshot's pull (`drag`), and the hint's aim put in place by Use hint. It
turns them into a legal `Aim` (ui/table/aim.py); the scene decides when a throw is made of it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from petanque_game.physics.level_spec import Level
from petanque_game.physics.predict import predict
from petanque_game.rules.petanque_table import Aim
from petanque_game.ui.component import Component
from petanque_game.ui.session import Step
from petanque_game.ui.table.aim import (
    ELEVATION_STEP,
    TARGET_STEP,
    Solved,
    aim_at,
    aim_drag,
    aim_launch,
    elevation_limits,
    spin_step,
)

# The power bar (power aiming) swings while the button is held: up through the powers whose throw
# stops on the board, at an even BAR_RATE mm of rest distance a second (a timing error of a tenth
# of a second costs the same anywhere on the board), then on to full power in BAR_TOP seconds,
# and back down the same way. It starts where the power stands (what the preview shows) and
# waits there CLICK_HOLD seconds: a click throws that power.
BAR_RATE = 600.0  # mm of rest distance a second, over the board
BAR_REACH = 2.1  # the board's reach, in the board's extents (the far corner from the wall)
BAR_TOP = 0.35  # seconds from the board's far edge on to full power
CLICK_HOLD = 0.2  # seconds the bar waits before it moves
# Shift held while the bar swings or a drag is pulled: the bar moves, and the pull follows the
# mouse, at this share of their pace (a fine adjustment)
FINE = 0.25
BAR_SOLVE = 24  # halvings of the power range finding a rest distance's power
HINT_SNAP = 8  # px: after Use hint, a point this near the hint's ring throws the hint's aim

Point = tuple[float, float]  # mm on the board
Pixel = tuple[int, int]  # px on the logical surface

# a drag: (where it was grabbed (mm, px), where it is pulled to now (mm, px))
Drag = tuple[Point, Pixel, Point, Pixel]


def aim_mode(setting: str) -> str:
    """The way of aiming the `aim` setting names: "power", "drag" or (anything else) "point"."""
    return setting if setting in ("power", "drag") else "point"


@dataclass
class Aiming(Component):
    """The person's aim, kept between throws (the elevation, spin and power stay as set)."""

    level: Level
    target: Point = (0.0, 0.0)
    power: float = 0.45
    elevation: float = 45.0  # degrees (kept within the level's limits)
    spin: float = 0.0  # rad/s
    charging: float | None = None  # seconds held, while charging (power aiming)
    pressed: bool = False  # the left button went down on the board (point aiming)
    drag: Drag | None = None
    mouse: Pixel | None = None  # where the mouse was at the drag's last pull (px)
    hinted: tuple[Aim, object, Point] | None = None  # Use hint: aim, its state, its rest
    own: tuple[float, float] | None = None  # the height and spin set before Use hint
    keyed: bool = False  # the arrow keys moved the point (drag aiming then throws at it too)
    solved: Solved = field(default_factory=Solved)  # the aims solved (the scene's)
    limits: tuple[float, float] = field(init=False)

    def __post_init__(self) -> None:
        self.limits = elevation_limits(self.level)
        self.elevation = max(self.limits[0], min(self.limits[1], self.elevation))

    # --- the component ----------------------------------------------------------------------------

    def on_transition(self, step: Step) -> None:
        """A new step: whatever was being made of the aim is let go (the point, height, spin
        and power stay; but the height and spin Use hint put in place are the player's own
        again, when the hint's aim was not changed since). The diamond come to rest for a new
        round: the point starts on it, whoever threw it."""
        for made in step.transitions:
            placed = made.after.table.diamond
            if made.before.table.diamond is None and placed is not None:
                self.target = (placed.x, placed.y)
        if self.hinted is not None and self.own is not None:
            aim = self.hinted[0]
            if abs(self.elevation - math.degrees(aim.elevation)) < 1e-6 and self.spin == aim.spin:
                self.elevation, self.spin = self.own
        self.own = None
        self.charging = None
        self.pressed = False
        self.drag = None
        self.hinted = None
        self.keyed = False

    def update(self, dt: float) -> None:
        if self.charging is not None:
            held = self.charging + dt * (FINE if fine_held() else 1.0)
            self.charging = held if self.charging > CLICK_HOLD else self.charging + dt

    def cancel(self) -> None:
        """The right button: the throw being made is let go."""
        self.charging = None
        self.pressed = False
        self.drag = None

    @property
    def making(self) -> bool:
        """Is a throw being made (pulled or charged)? Escape cancels it then."""
        return self.drag is not None or self.charging is not None

    # --- changing it ------------------------------------------------------------------------------

    def elevate(self, degrees: float) -> None:
        lo, hi = self.limits
        self.elevation = max(lo, min(hi, self.elevation + degrees))

    def wheel(self, y: int) -> None:
        """A wheel notch: the elevation up or down."""
        self.elevate(ELEVATION_STEP * (1 if y > 0 else -1 if y < 0 else 0))

    def turn(self, steps: int) -> None:
        top = self.level.throw.max_spin
        self.spin = max(-top, min(top, self.spin + steps * spin_step(self.level)))

    def move_target(self, dx: float, dy: float) -> None:
        self.keyed = True
        half = self.level.world_half_size
        x, y = self.target
        self.target = (max(-half, min(half, x + dx)), max(-half, min(half, y + dy)))

    def key(self, key: int, mod: int, mode: str) -> bool:
        """The aim's own keys: the arrows move the point (five times as far with Shift), W/S the
        elevation, Q/E the spin, X/Z the power (power aiming). True if `key` was one."""
        far = TARGET_STEP * (5 if mod & pygame.KMOD_SHIFT else 1)
        moves = {pygame.K_LEFT: (-far, 0.0), pygame.K_RIGHT: (far, 0.0),
                 pygame.K_UP: (0.0, far), pygame.K_DOWN: (0.0, -far)}
        if key in moves:
            self.move_target(*moves[key])
        elif key in (pygame.K_w, pygame.K_s):  # (Page Up/Down: the camera's zoom)
            self.elevate(ELEVATION_STEP if key == pygame.K_w else -ELEVATION_STEP)
        elif key in (pygame.K_q, pygame.K_e):
            self.turn(1 if key == pygame.K_q else -1)
        elif key in (pygame.K_z, pygame.K_x) and mode == "power":
            self.power = max(0.02, min(1.0, self.power + (0.02 if key == pygame.K_x else -0.02)))
        else:
            return False
        return True

    def press(self, at: Point, pos: Pixel, mode: str) -> None:
        """The left button down on the board at `at` (mm; `pos` px): a drag grabbed, the power
        charged, or the point pressed (thrown when let go)."""
        if mode == "drag":
            self.drag, self.mouse = (at, pos, at, pos), pos
            return
        self.target = at
        if mode == "power":
            self.charging = 0.0
        else:
            self.pressed = True

    def pulled_to(self, mouse: Pixel, fine: bool) -> Pixel:
        """Where the mouse at `mouse` pulls the drag to (px): the mouse itself, or with `fine`
        (Shift held) the pull moved on by FINE of the mouse's move since the last pull."""
        last, self.mouse = self.mouse, mouse
        if self.drag is None or not fine or last is None:
            return mouse
        end = self.drag[3]
        return (round(end[0] + (mouse[0] - last[0]) * FINE),
                round(end[1] + (mouse[1] - last[1]) * FINE))

    def pull(self, at: Point, pos: Pixel) -> None:
        """The mouse moved while a drag is held: it pulls to `at` (mm; `pos` px)."""
        if self.drag is not None:
            grab, grab_px, _, _ = self.drag
            self.drag = (grab, grab_px, at, pos)

    def put_hint(self, aim: Aim, state: object, rest: Point) -> None:
        """Use hint: the hint's height and spin, the point on where it comes to rest; thrown as
        the hint's own aim until the aim is changed (or the next step: the height and spin
        are the player's own again)."""
        if self.own is None:
            self.own = (self.elevation, self.spin)
        self.elevation = math.degrees(aim.elevation)
        self.spin = aim.spin
        self.target = rest
        self.drag = None
        self.charging = None
        self.hinted = (aim, state, rest)

    # --- what it aims -----------------------------------------------------------------------------

    def top_moment(self) -> float:
        """Seconds the bar takes from no power to full power."""
        return self._reach() / BAR_RATE + BAR_TOP

    def charge(self) -> float:
        """The power the bar shows now: the power kept while nothing is charged."""
        if self.charging is None or self.charging <= CLICK_HOLD:
            return self.power
        top = self.top_moment()
        u = (self._moment(self.power) + max(0.0, self.charging - CLICK_HOLD)) % (2 * top)
        return self._power_at(u if u <= top else 2 * top - u)

    def _reach(self) -> float:
        return BAR_REACH * self.level.board.extent

    def _rest(self, power: float) -> float:
        """How far (mm) a lone die thrown at `power` at the height set comes to rest."""
        t = self.level.throw
        return float(predict(self.level, "die", max(1.0, power * t.max_speed),
                             math.radians(self.elevation)).rest)

    def _power_for(self, rest: float) -> float:
        """The power whose throw comes to rest `rest` mm away (full power when none does)."""
        lo, hi = 0.0, 1.0
        if self._rest(hi) <= rest:
            return hi
        for _ in range(BAR_SOLVE):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if self._rest(mid) < rest else (lo, mid)
        return (lo + hi) / 2

    def _power_at(self, u: float) -> float:
        """The bar's power `u` seconds into its swing up."""
        board = self._reach() / BAR_RATE
        edge = self._power_for(self._reach())
        if u <= board:
            return max(0.02, self._power_for(u * BAR_RATE))
        return min(1.0, edge + (1.0 - edge) * (u - board) / BAR_TOP)

    def _moment(self, power: float) -> float:
        """The moment of the swing up at which the bar shows `power`."""
        edge = self._power_for(self._reach())
        if power <= edge:
            return self._rest(power) / BAR_RATE
        return self._reach() / BAR_RATE + (power - edge) / max(1e-9, 1.0 - edge) * BAR_TOP

    def hint_in_place(self, state: object, on_screen: Point, rest_on_screen: Point) -> bool:
        """Is the aim the hint's (Use hint), unchanged since: its height and spin, no drag or
        charge, and the point (`on_screen`) on its ring (`rest_on_screen`) within HINT_SNAP
        px?"""
        if self.hinted is None:
            return False
        aim, hinted_for, _ = self.hinted
        if hinted_for is not state or self.making:
            return False
        if abs(self.elevation - math.degrees(aim.elevation)) > 1e-6 or self.spin != aim.spin:
            return False
        (ax, ay), (bx, by) = on_screen, rest_on_screen
        return abs(ax - bx) + abs(ay - by) <= HINT_SNAP

    def launch(self, due: tuple[int, str, int | None], players: int, mode: str,
               power: float | None, in_place: bool) -> Aim | None:
        """The aim taken now for the throw `due` ((seat, obj, die)): the hint's while it is in
        place (`in_place`), the slingshot's while a drag is pulled. None with drag aiming while
        nothing is pulled (unless the arrow keys have moved the point: then it is aimed there)."""
        if power is None and in_place and self.hinted is not None:
            return self.hinted[0]
        seat = due[0]
        if mode == "drag" and self.drag is not None:
            grab, grab_px, pull, pull_px = self.drag
            px = ((grab_px[0] - pull_px[0]) ** 2 + (grab_px[1] - pull_px[1]) ** 2) ** 0.5
            return aim_drag(self.level, players, seat, grab, pull, px, self.elevation, self.spin)
        if mode == "drag" and not self.keyed:
            return None  # nothing pulled yet
        if mode == "power":
            return aim_launch(self.level, players, seat, self.target,
                              self.charge() if power is None else power, self.elevation,
                              self.spin)
        return aim_at(self.level, players, seat, self.target, self.elevation, due[1], self.spin,
                      self.solved)

    def pointed(self, mode: str, in_place: bool) -> Point | None:
        """Where the player points the rest at (point aiming), or None."""
        if mode == "power" or self.drag is not None or in_place:
            return None
        return self.target


def fine_held() -> bool:
    """Is Shift held (the fine adjustment of the power bar and the drag)?"""
    return bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
