"""Terningepetanque's first lesson (the how-to's button, ui/scenes/help.py): a few targets drawn on
an empty board in turn (the targets and what a throw teaches: ai/petanque_lesson.py), each with a
sentence or two on the hand's spread, the height and the power; after each throw the coach's
words say how close it came and why, with the aimed rest marked on the board as the coach marks
it; a target is hit, tried again or skipped; at the end a short summary, and a quick game, a
practice round or the menu.

Aiming is the table's point aiming: the person points where the throw should stop and clicks (or
presses Space); the wheel or W/S set the height, the arrow keys move the point. The hand is the
settings' (`hand`). The spread drawn round the point (the ellipse that holds 80% of the hand's
throws, ai/petanque_risk.py) is worked out on the AI's thread; meanwhile the last one is drawn
moved to the point. Nothing here is a game: no record, no statistics, nothing saved.
"""

from __future__ import annotations

import random
from concurrent.futures import Future
from dataclasses import replace
from typing import Any

import pygame

from petanque_game.ai import petanque_lesson as lesson
from petanque_game.ai.petanque_lesson import Target, Try
from petanque_game.ai.petanque_risk import SHOWN_FROM, Risk, aim_risk
from petanque_game.physics import hand as hands
from petanque_game.physics import release_zone
from petanque_game.physics.level import load_named_level
from petanque_game.rule_defaults import shipped_quick_options
from petanque_game.rules.petanque_table import DIAMOND, Aim, Table
from petanque_game.ui.first_games import OPPONENT, open_first_game
from petanque_game.ui.lesson_words import after_words, done_words
from petanque_game.ui.look import Look
from petanque_game.ui.scene import Scene
from petanque_game.ui.table import board as tb
from petanque_game.ui.table import draw as td
from petanque_game.ui.table.aim import aim_at, elevation_limits
from petanque_game.ui.table.camera import Camera
from petanque_game.ui.widgets import Button, panel
from petanque_game.words import percent

BOARD = pygame.Rect(16, 72, 760, 600)  # the board's part of the logical surface
SIDE = pygame.Rect(792, 72, 472, 600)  # the words and the buttons
TEXT, PAD = 24, 18
GOAL = (255, 214, 70)  # the target's ring
AIMED = (255, 236, 140)  # the aimed rest's ring and the wobble's line (the coach's colour)
SPREAD = (240, 240, 255)
HEIGHT_STEP = 5.0  # degrees a wheel notch or W/S
NUDGE = 5.0  # mm an arrow key moves the point
PLAYBACK = 1.0  # the throw played back at this share of real time
NUDGES = ((pygame.K_LEFT, (-1, 0)), (pygame.K_RIGHT, (1, 0)), (pygame.K_UP, (0, 1)),
          (pygame.K_DOWN, (0, -1)))  # the arrow keys' moves of the point (x, y: up the board)


class LessonScene(Scene):
    covers = True  # draws the whole picture

    def __init__(self, app: Any, game: str, seed: int | None = None):
        super().__init__(app)
        self.game = game  # (Terningepetanque: the game whose window entry offers a practice)
        self.level = load_named_level("classic")
        self.targets = lesson.targets(self.level)
        self.hand = hands.PERSON_HANDS.get(app.settings.hand, hands.PERSON_HANDS["normal"])
        self.rng = random.Random(seed)  # the hand's chance (a lesson is no game: not recorded)
        self.camera = Camera(self.level, BOARD.size)  # framed on the targets, the dice large
        self.camera.rest([(t.centre[0] + dx * t.radius, t.centre[1] + dy * t.radius)
                          for t in self.targets for _, (dx, dy) in NUDGES])
        self.camera.settle()
        self.zones = tuple(release_zone(self.level, lesson.PLAYERS, s)
                           for s in range(lesson.PLAYERS))
        self.walls = {self.level.seats[lesson.PLAYERS][s]: s for s in range(lesson.PLAYERS)}
        self.index = 0  # the target being thrown at (len(targets): the lesson is done)
        self.throws = [0] * len(self.targets)  # throws made at each target
        self.hits: list[int | None] = [None] * len(self.targets)  # the throw that hit it
        self.tried: Try | None = None  # the last throw, while its words are shown
        self.flight = 0.0  # seconds of the last throw played back so far
        self.flying = False  # the last throw is being played back
        self.low, self.high = elevation_limits(self.level)
        self.point, self.elevation = self.targets[0].centre, self.targets[0].height
        self.spread: tuple[tuple, Risk, tuple[float, float]] | None = None  # key, risk, point
        self.asked: tuple[tuple, Future] | None = None
        quick = shipped_quick_options()[0].get(game, {})
        self.quick_rounds = quick.get("rounds", "?")  # what the quick game offered is

    # --- the lesson -------------------------------------------------------------------------------

    @property
    def target(self) -> Target | None:
        return self.targets[self.index] if self.index < len(self.targets) else None

    @property
    def done(self) -> bool:
        return self.index >= len(self.targets)

    @property
    def aiming(self) -> bool:
        return not self.done and self.tried is None

    def aim(self) -> Aim:
        """The aim the point and the height make (the table's point aiming)."""
        t = self.target
        assert t is not None
        return aim_at(self.level, lesson.PLAYERS, lesson.SEAT, self.point, self.elevation, t.obj)

    def throw(self) -> None:
        """Throw the aim at the target: the hand's wobble, the physics, the words after."""
        t = self.target
        if t is None or not self.aiming:
            return
        self.throws[self.index] += 1
        self.tried = lesson.throw(self.level, t, self.aim(), self.hand, self.rng)
        if self.tried.passed and self.hits[self.index] is None:
            self.hits[self.index] = self.throws[self.index]
        self.flight, self.flying = 0.0, self.tried.path is not None

    def again(self) -> None:
        """The same target again, from the same table (the aim kept)."""
        self.tried, self.flying = None, False

    def next(self) -> None:
        """On to the next target (or the end), its aim started at its own middle and height."""
        self.tried, self.flying = None, False
        self.index += 1
        t = self.target
        if t is not None:
            self.point, self.elevation = t.centre, t.height

    def finish_flight(self) -> None:
        self.flying = False

    def quick_game(self) -> None:
        open_first_game(self.app, self.game, quick=True)

    def practice(self) -> None:
        open_first_game(self.app, self.game)

    # --- input ------------------------------------------------------------------------------------

    def buttons(self) -> list[Button]:
        y = SIDE.bottom - 76
        if self.done:
            specs = [("lesson.quick_game", self.quick_game, "primary", "quick"),
                     ("lesson.practice", self.practice, "normal", "practice"),
                     ("lesson.menu", self.app.back_to_menu, "ghost", "menu")]
        elif self.flying:
            return []
        elif self.tried is None:
            specs = [("table.button.throw", self.throw, "primary", "throw"),
                     ("lesson.skip", self.next, "ghost", "skip")]
        elif self.tried.passed:
            last = self.index == len(self.targets) - 1
            specs = [("lesson.finish" if last else "lesson.next", self.next, "primary", "next"),
                     ("lesson.try_again", self.again, "normal", "again")]
        else:
            specs = [("lesson.try_again", self.again, "primary", "again"),
                     ("lesson.skip", self.next, "ghost", "skip")]
        out: list[Button] = []
        x, w = SIDE.x + PAD, SIDE.w - 2 * PAD
        if self.done:  # one under another, the whole panel wide
            for k, (key, action, style, tag) in enumerate(reversed(specs)):
                label = self.look.tr(key, name=OPPONENT, rounds=self.quick_rounds)
                out.insert(0, Button(pygame.Rect(x, y - 64 * k, w, 56), label, action,
                                     size=24, style=style, tag=tag))
            return out
        w = (w - 10 * (len(specs) - 1)) // len(specs)
        for key, action, style, tag in specs:
            out.append(Button(pygame.Rect(x, y, w, 58), self.look.tr(key), action, size=24,
                              style=style, tag=tag))
            x += w + 10
        return out

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.flying:
                self.finish_flight()
            elif not any(b.click(self.look, event.pos) for b in self.buttons()) and self.aiming \
                    and BOARD.collidepoint(event.pos):
                self.point = self._board_at(event.pos)
                self.throw()
        elif event.type == pygame.MOUSEMOTION and self.aiming and BOARD.collidepoint(event.pos):
            self.point = self._board_at(event.pos)
        elif event.type == pygame.MOUSEWHEEL and self.aiming:
            self.lift(HEIGHT_STEP * event.y)
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)
        return True  # nothing reaches the scenes below

    def _key(self, key: int) -> None:
        if self.app.settings.is_key("back", key):
            self.app.pop()
        elif self.flying:
            self.finish_flight()
        elif self.aiming and key in (pygame.K_w, pygame.K_s):
            self.lift(HEIGHT_STEP if key == pygame.K_w else -HEIGHT_STEP)
        elif self.aiming and key in dict(NUDGES):
            dx, dy = dict(NUDGES)[key]
            self.point = (self.point[0] + dx * NUDGE, self.point[1] + dy * NUDGE)
        elif key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            first = self.buttons()[:1]  # the primary button's act
            if first:
                first[0].action and first[0].action()

    def lift(self, degrees: float) -> None:
        self.elevation = max(self.low, min(self.high, self.elevation + degrees))

    def _board_at(self, pos: tuple[int, int]) -> tuple[float, float]:
        return self.camera.to_board(pos[0] - BOARD.x, pos[1] - BOARD.y)

    # --- time -------------------------------------------------------------------------------------

    @property
    def animating(self) -> bool:
        return self.flying or self.asked is not None

    def update(self, dt: float) -> None:
        if self.flying and self.tried is not None and self.tried.path is not None:
            self.flight += dt * PLAYBACK
            path = self.tried.path
            if self.flight * path.fps >= len(path.frames) - 1:
                self.finish_flight()
        self._ask_spread()

    def _ask_spread(self) -> None:
        """The spread of the aim pointed (rounded to 5 mm and the height), asked of the AI's
        thread once the last ask is done."""
        t = self.target
        if self.asked is not None and self.asked[1].done():
            key, future = self.asked
            self.asked = None
            self.spread = (key, future.result(), key[2])
        if t is None or not self.aiming or self.asked is not None:
            return
        spot = (5.0 * round(self.point[0] / 5.0), 5.0 * round(self.point[1] / 5.0))
        key = (self.index, self.elevation, spot)
        if self.spread is not None and self.spread[0] == key:
            return
        level, hand, table = self.level, self.hand, t.table
        aim = aim_at(level, lesson.PLAYERS, lesson.SEAT, spot, self.elevation, t.obj)
        self.asked = (key, self.app.workers.in_background(lambda: aim_risk(
            level, table, lesson.PLAYERS, lesson.SEAT, t.obj, aim, hand)))

    def shown_spread(self) -> tuple[Any, Risk | None]:
        """The spread drawn round the point (the last one worked out, moved there) and the risk
        whose figures are this aim's (None when the spread is another aim's)."""
        if self.spread is None or not self.aiming:
            return None, None
        key, risk, at = self.spread
        s = risk.spread
        if s is None or key[0] != self.index:  # an exact hand's, or another target's
            return None, None
        current = key[1] == self.elevation and \
            abs(at[0] - self.point[0]) <= 2.5 and abs(at[1] - self.point[1]) <= 2.5
        moved = replace(s, x=s.x + self.point[0] - at[0], y=s.y + self.point[1] - at[1])
        return moved, risk if current else None

    # --- drawing ----------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        look = self.look
        surface.fill(look.colour("background"))
        title = look.tr("lesson.title")
        if not self.done:
            title += "  ·  " + look.tr("lesson.step", n=self.index + 1, count=len(self.targets))
        look.blit_text(surface, title, (BOARD.x + 4, 22), 32, "text", True)
        area = surface.subsurface(BOARD)
        view = self.camera.view
        area.blit(tb.board_surface(look, self.level, view, BOARD.size, self.walls, self.zones, 0),
                  (0, 0))
        if self.target is not None:
            self._draw_target(area, view, self.target)
        pygame.draw.rect(surface, look.colour("edge"), BOARD, 2, border_radius=6)
        panel(look, surface, SIDE)
        self._draw_words(surface)
        for b in self.buttons():
            b.draw(look, surface, self.mouse)

    def _draw_target(self, area: pygame.Surface, view: td.View, t: Target) -> None:
        look = self.look
        table = t.table
        if self.tried is not None and not self.flying:
            table = self.tried.table
        cx, cy = view.to_screen(*t.centre)
        r = t.radius * view.scale
        if t.goal == "near":  # where the die's middle may stop: the distance is edge to edge
            r += (self.level.diamond.short_diagonal + self.level.dice.side) / 2 * view.scale
        pygame.draw.circle(area, (20, 20, 20), (cx, cy), r + 1, 4)
        pygame.draw.circle(area, GOAL, (cx, cy), r, 2)
        if self.flying and self.tried is not None:
            self._draw_frame(area, view, self.tried)
        else:
            _draw_table(look, area, view, self.level, table)
        if self.aiming:
            spread, risk = self.shown_spread()
            if spread is not None:
                pts = [view.to_screen(x, y) for x, y in spread.outline()]
                td.poly_alpha(area, pts, SPREAD, 40)
                pygame.draw.lines(area, SPREAD, True, pts, 2)
            px, py = view.to_screen(*self.point)
            pygame.draw.line(area, SPREAD, (px - 8, py), (px + 8, py), 2)
            pygame.draw.line(area, SPREAD, (px, py - 8), (px, py + 8), 2)
            if risk is not None and risk.off_board >= SHOWN_FROM:
                look.blit_text(area, look.tr("lesson.off_risk", percent=percent(
                    min(risk.off_board, 0.995), look.tr)), (px + 12, py + 10), 20, "bad",
                    shadow=True)
        elif self.tried is not None and not self.flying:
            aimed, rest = view.to_screen(*self.tried.aimed), view.to_screen(*self.tried.rest)
            pygame.draw.line(area, (20, 20, 20), aimed, rest, 4)
            pygame.draw.line(area, AIMED, aimed, rest, 2)
            pygame.draw.circle(area, (20, 20, 20), aimed, 8, 4)
            pygame.draw.circle(area, AIMED, aimed, 7, 2)

    def _draw_frame(self, area: pygame.Surface, view: td.View, tried: Try) -> None:
        """The throw's path at the time played back."""
        path = tried.path
        assert path is not None
        frame = path.frames[min(len(path.frames) - 1, int(self.flight * path.fps))]
        for (kind, player, _), (x, y, z, angle, orientation) in zip(path.bodies, frame):
            if kind == DIAMOND:
                td.draw_diamond(area, view, self.level, x, y, angle, z)
            else:
                d = tried.table.die_of(player, _)
                face = d.face if d is not None else 1
                td.draw_table_die(self.look, area, view, self.level, player, face, x, y, angle, z,
                                  orientation=orientation, moving=True)

    def _draw_words(self, surface: pygame.Surface) -> None:
        look = self.look
        x, y, w = SIDE.x + PAD, SIDE.y + PAD, SIDE.w - 2 * PAD
        t = self.target
        if t is None:
            heading, said = done_words(look, self.targets, self.hits)
        elif self.tried is None or self.flying:
            heading = _goal(look, t)
            said = [look.tr(f"lesson.{t.goal}_why"),
                    look.tr("lesson.controls", degrees=f"{self.elevation:.0f}")]
        else:
            heading, said = after_words(look, self.tried, OPPONENT)
        for part in look.wrap(heading, TEXT + 3, w, True):
            look.blit_text(surface, part, (x, y), TEXT + 3, "accent", True)
            y += TEXT + 10
        y += 6
        for line in said:
            for part in look.wrap(line, TEXT, w):
                look.blit_text(surface, part, (x, y), TEXT, "text")
                y += TEXT + 6
            y += 8


def _goal(look: Look, t: Target) -> str:
    if t.goal == "near":
        return look.tr("lesson.near_goal", mm=f"{t.radius:.0f}")
    return look.tr(f"lesson.{t.goal}_goal", name=OPPONENT)



def _draw_table(look: Look, area: pygame.Surface, view: td.View, level: Any, table: Table) -> None:
    """The diamond and the dice at rest (those on the board)."""
    dm = table.diamond
    if dm is not None and dm.on_board:
        td.draw_diamond(area, view, level, dm.x, dm.y, dm.angle)
    for d in table.dice:
        if d.on_board:
            td.draw_table_die(look, area, view, level, d.player, d.face, d.x, d.y, d.angle)
