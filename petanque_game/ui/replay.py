"""Watching a record: the recorded events re-applied one by one at a watchable pace, with play and
pause, slower and faster, a step forward or back, and a timeline to jump to any turn or round.
The game scene draws it exactly as it draws play.

A step forward plays the next event as play showed it (the dice tumble, the throw flies). Any other
move (a step back, a jump on the timeline, Home and End) stands the session at that point at once
(`ReplaySession.seek`) and makes the game scene anew from it: the new scene takes in the steps up
to there at rest (animations finished, no sound), so it shows exactly what forward play showed at
that point, never a long run of intermediate animations.

While the timeline is dragged, a mouse sends several motions a frame: each only says where the
replay is due (`due`), and the frame's update jumps there once (`jump_due`), to where the mouse
was last.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Protocol

import pygame

from petanque_game.ui.look import Look
from petanque_game.ui.play import scene_name
from petanque_game.ui.scene import AppLike
from petanque_game.ui.settings import Settings
from petanque_game.ui.widgets import Button, keyed_picture

if TYPE_CHECKING:
    from petanque_game.ui.replay_session import ReplaySession

SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
LEFT = 36  # the timeline's left end: the status bar's text starts here
SNAP = 8  # pixels: a click this close to a turn's mark on the timeline jumps to that turn


class Shown(Protocol):
    """What the controls use of the game scene that shows the replay (game_scene.py's)."""

    app: AppLike
    name: str
    replay: ReplayControls | None

    @property
    def look(self) -> Look: ...

    results_shown: bool
    picture_held: bool

    @property
    def busy(self) -> bool: ...

    def sync(self) -> None: ...

    def finish_animation(self) -> None: ...

    def flush_lines(self) -> None: ...

    def layout_buttons(self, specs: list[Button]) -> list[Button]: ...

    def enter(self) -> None: ...

    def exit(self) -> None: ...


class ReplayControls:
    def __init__(self, scene: Shown, session: ReplaySession):
        self.scene = scene
        self.session = session
        self.paused = False
        self.speed_index = 2
        self.wait = 0.0
        self.dragging = False
        self.due: int | None = None  # where a drag's motions this frame want the replay
        self.made_in: int | None = None  # `frames_drawn` when a drag's jump made the scene
        self._marks: list[tuple[int, str]] | None = None
        self._timeline: pygame.Rect | None = None  # `timeline_rect`
        self._ticks: list[tuple[int, bool]] | None = None  # `ticks`
        self._marks_drawn: tuple[object, pygame.Surface, tuple[int, int]] | None = None

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_index]

    @property
    def total(self) -> int:
        return len(self.session.states)

    def marks(self) -> list[tuple[int, str]]:
        """Where each turn or round ends on the timeline (events shown), read once."""
        if self._marks is None:
            self._marks = self.session.marks()
        return self._marks

    def jump_due(self) -> bool:
        """Jump to where the timeline's drag wants the replay this frame, if anywhere; True when
        the scene was made anew (this one is no longer shown). While the drag goes on, a jump
        and the drawing of where it landed fall in two frames: the frame that jumps holds the
        last picture (`picture_held`), the next one draws the new scene and does not jump, so
        the picture follows the mouse 30 times a second (a jump and a drawing in one frame made
        a replay's longest frames). Once let go, the replay goes where it was let go at once."""
        if self.due is None or (self.dragging and self.undrawn):
            return False
        return self.jump(self.due, hold=self.dragging)

    @property
    def undrawn(self) -> bool:
        """Was the scene made by a drag's jump, and no frame drawn since?"""
        return self.made_in == self.scene.app.frames_drawn

    def update(self, dt: float) -> None:
        if self.paused or self.dragging or self.session.at_end:
            return
        self.wait += dt * self.speed
        if self.wait >= self.scene.app.settings.replay_delay:
            self.wait = 0.0
            self.step()

    def step(self) -> None:
        if self.session.advance() is not None:
            self.scene.sync()

    def toggle(self) -> None:
        if self.paused and self.session.at_end:
            self.jump(0)  # play again from the start
        self.paused = not self.paused

    def step_once(self) -> None:
        self.paused = True
        if self.scene.busy:
            self.scene.finish_animation()
        self.step()

    def step_back(self) -> None:
        self.paused = True
        self.jump(self.session.shown - 1)

    def turn_back(self) -> None:
        """To the start of the turn or round being shown (or of the one before, when already
        there)."""
        shown = self.session.shown
        self.jump(max([m for m, _ in self.marks() if m < shown], default=0))

    def turn_forward(self) -> None:
        shown = self.session.shown
        self.jump(min([m for m, _ in self.marks() if m > shown], default=self.total))

    def faster(self) -> None:
        self.speed_index = min(len(SPEEDS) - 1, self.speed_index + 1)

    def slower(self) -> None:
        self.speed_index = max(0, self.speed_index - 1)

    # --- jumping ----------------------------------------------------------------------------------

    def jump(self, shown: int, hold: bool = False) -> bool:
        """Stand after `shown` events at once, the scene at rest there (see the module's words);
        True when the scene was made anew (`hold`: it holds the picture this frame). Whatever a
        drag had due is superseded."""
        self.due = None
        shown = max(0, min(self.total, shown))
        old = self.scene
        app = old.app
        if shown == self.session.shown and not old.busy:
            return False
        with _quiet(app.settings):
            self.session.seek(shown)
            scene = app.make(old.name or scene_name(self.session.game), self.session)
            if not isinstance(scene, type(old)) or scene.replay is None:  # (made by its name)
                raise TypeError(f"{type(scene).__name__} does not show this replay")
            scene.replay.take_over(self)
            if type(scene) is type(old) and hasattr(scene, "take_pictures"):
                scene.take_pictures(old)
            scene.sync()
            scene.finish_animation()
            scene.flush_lines()
        scene.results_shown = self.session.at_end  # they open when the replay plays to its end
        scene.picture_held = hold
        if hold and scene.replay is not None:
            scene.replay.made_in = app.frames_drawn
        replaced: object = old  # (one of the app's scenes, if it is still on the stack)
        where = next((i for i, shown in enumerate(app.scenes) if shown is replaced), None)
        if where is not None:
            old.exit()
            app.scenes[where] = scene
            scene.enter()
        return True

    def take_over(self, other: ReplayControls) -> None:
        """Carry on where the controls of the scene this one replaces left off."""
        self.paused, self.speed_index, self.dragging = (other.paused, other.speed_index,
                                                        other.dragging)
        self._marks = other._marks
        self._timeline = other._timeline  # (the buttons' widths never change)
        self._ticks = other._ticks
        self._marks_drawn = other._marks_drawn

    # --- the buttons and keys ---------------------------------------------------------------------

    def buttons(self) -> list[Button]:
        look = self.scene.look
        pause = look.tr("replay.play") if self.paused else look.tr("replay.pause")
        specs = [(look.tr("replay.back"), self.step_back, look.tr("replay.key_left"), "back", 108,
                  self.session.shown > 0),
                 (pause, self.toggle, look.tr("replay.key_space"), "pause", 124, True),
                 (look.tr("replay.step"), self.step_once, look.tr("replay.key_right"), "step",
                  108, not self.session.at_end),
                 (look.tr("replay.slower"), self.slower, "-", "slower", 136, self.speed_index > 0),
                 (look.tr("replay.faster"), self.faster, "+", "faster", 124,
                  self.speed_index < len(SPEEDS) - 1)]
        return self.scene.layout_buttons(
            [Button(pygame.Rect(0, 0, w, 64), label, action, enabled, 24 if
                    look.font(24, True).size(label)[0] <= w - 14 else 20, hint,
                    "primary" if tag == "pause" else "normal", tag=tag)
             for label, action, hint, tag, w, enabled in specs])

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.timeline_rect().inflate(0, 16).collidepoint(event.pos):
                self.dragging = True
                self.jump(self.index_at(event.pos[0]))
                return True
        elif event.type == pygame.MOUSEMOTION and self.dragging:
            self.due = self.index_at(event.pos[0], snap=False)  # jumped to once, in the update
            return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            return True
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        s = self.scene.app.settings
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        if event.key == pygame.K_LEFT or s.is_key("step_back", event.key):
            self.turn_back() if shift else self.step_back()
            return True
        if event.key == pygame.K_RIGHT and shift:
            self.turn_forward()
            return True
        fixed = {pygame.K_HOME: lambda: self.jump(0), pygame.K_END: lambda: self.jump(self.total),
                 pygame.K_PAGEUP: self.turn_back, pygame.K_PAGEDOWN: self.turn_forward}
        if event.key in fixed:
            fixed[event.key]()
            return True
        for action, fn in (("pause", self.toggle), ("step", self.step_once),
                           ("faster", self.faster), ("slower", self.slower)):
            if s.is_key(action, event.key):
                fn()
                return True
        return False

    # --- the timeline -----------------------------------------------------------------------------

    def timeline_rect(self) -> pygame.Rect:
        """Across the status bar's text (left of its buttons), above the line saying where the
        replay is (worked out once: the buttons' widths never change)."""
        if self._timeline is None:
            first = self.buttons()[0].rect  # the buttons stand right-aligned in the status bar
            self._timeline = pygame.Rect(LEFT, first.y + 2, first.x - 24 - LEFT, 22)
        return self._timeline.copy()

    def x_of(self, shown: int, rect: pygame.Rect) -> int:
        return rect.x + round(rect.w * shown / max(1, self.total))

    def index_at(self, x: int, snap: bool = True) -> int:
        """The number of events shown at `x` on the timeline: a turn's mark when one is near."""
        rect = self.timeline_rect()
        shown = round((x - rect.x) / max(1, rect.w) * self.total)
        if snap:
            near = [(abs(self.x_of(m, rect) - x), m) for m, _ in self.marks()]
            near = [t for t in near if t[0] <= SNAP]
            if near:
                shown = min(near)[1]
        return max(0, min(self.total, shown))

    def draw_timeline(self, surface: pygame.Surface) -> None:
        look = self.scene.look
        rect = self.timeline_rect()
        bar = pygame.Rect(rect.x, rect.centery - 4, rect.w, 8)
        pygame.draw.rect(surface, look.colour("panel_light"), bar, border_radius=4)
        done = pygame.Rect(bar.x, bar.y, self.x_of(self.session.shown, rect) - bar.x, bar.h)
        if done.w > 0:
            pygame.draw.rect(surface, look.colour("accent"), done, border_radius=4)
        marks, at = self.marks_picture()
        surface.blit(marks, at)
        thumb = (self.x_of(self.session.shown, rect), rect.centery)
        pygame.draw.circle(surface, look.colour("edge"), thumb, 10)
        pygame.draw.circle(surface, look.colour("accent" if self.dragging else "text"), thumb, 8)

    def ticks(self) -> list[tuple[int, bool]]:
        """The turns' marks drawn on the timeline, as (x, tall): every one, or every 5th, 10th,
        20th ... when they crowd, each fifth of those drawn tall. Worked out once, so that a
        frame's timeline costs the same in a game of any length."""
        if self._ticks is None:
            rect, marks = self.timeline_rect(), self.marks()
            every = 1
            while marks and rect.w / (len(marks) / every) < 6:
                every *= 5 if every == 1 else 2
            self._ticks = [(self.x_of(m, rect), (k + 1) % (every * 5) == 0)
                           for k, (m, _) in enumerate(marks) if (k + 1) % every == 0]
        return self._ticks

    def marks_picture(self) -> tuple[pygame.Surface, tuple[int, int]]:
        """The turns' marks (`ticks`) as one picture and where it goes, kept while the colours
        stay: a long game's hundred marks cost a frame one copy, not a line each."""
        rect = self.timeline_rect()
        colours = (self.scene.look.colour("text"), self.scene.look.colour("muted"))
        if self._marks_drawn is None or self._marks_drawn[0] != colours:
            room = rect.inflate(4, 4)  # (a line's ends and width reach past the timeline's)

            def paint(on: pygame.Surface) -> None:
                for x, tall in self.ticks():
                    pygame.draw.line(on, colours[0] if tall else colours[1],
                                     (x - room.x, rect.y - room.y + (0 if tall else 4)),
                                     (x - room.x, rect.bottom - room.y - (0 if tall else 4)),
                                     2 if tall else 1)
            self._marks_drawn = (colours, keyed_picture(room.size, paint), room.topleft)
        return self._marks_drawn[1], self._marks_drawn[2]

    def prompt(self) -> str:
        look = self.scene.look
        shown, total = self.session.shown, self.total
        marks = self.marks()
        unit = marks[0][1] if marks else "event"
        done = bisect_right(marks, shown, key=lambda mark: mark[0])  # marks ending by `shown`
        where = look.tr(f"replay.where_{unit}", n=look.number(min(len(marks), done + 1)),
                        of=look.number(len(marks)), event=look.number(shown),
                        events=look.number(total))
        if self.session.at_end:
            return look.tr("replay.finished", where=where)
        if self.paused:
            return look.tr("replay.paused", where=where)
        return look.tr("replay.playing", where=where, speed=f"{self.speed:g}")


@contextmanager
def _quiet(settings: Settings) -> Iterator[None]:
    """No sound while a jump takes the steps in again (they were heard when they were played)."""
    was = settings.sound
    settings.sound = False
    try:
        yield
    finally:
        settings.sound = was
