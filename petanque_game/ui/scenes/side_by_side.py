"""Two replays side by side: a challenge taken, beside the challenger's game (results screen,
"Side by side"). Each half is the game's own replay scene (table or tray), drawn at the full
logical size on a surface of its own and scaled into its half; both play at once, at the
replay's pace, and Space pauses or resumes both.

Each half's scene sees a `Pane` as its app: the window's app for everything (settings, time,
memory), except that the pane's scene is its top, it has a toast of its own, no mouse, and the
scenes it would open above itself (the results at the end, the rules) are not opened: the
comparison stays on screen.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from petanque_game.ui import theme
from petanque_game.ui.scene import AppLike, Scene
from petanque_game.ui.widgets import Button, Toast

HALF = pygame.Rect(0, 0, 620, 349)  # a half: the logical picture at 0.484
LEFT = HALF.move(13, 150)
RIGHT = HALF.move(647, 150)


class Pane:
    """What a half's scene takes for the app (see the module's docstring)."""

    def __init__(self, app: AppLike):
        self._app = app
        self.scene: Scene | None = None
        self.toast = Toast()
        self.mouse = None
        self.finished = False

    def __getattr__(self, name: str) -> Any:  # (the app's, whatever it is: see the docstring)
        return getattr(self._app, name)

    @property
    def top(self) -> Scene | None:
        return self.scene

    def open(self, name: str, *args: Any, **kw: Any) -> None:
        if name == "results":
            self.finished = True  # the game's end: the pane stays on its last picture

    def open_settings(self) -> bool:
        return False

    def back_to_menu(self) -> None:
        self._app.pop()


class SideBySideScene(Scene):
    def __init__(self, app: AppLike, mine: Path, theirs: Path, labels: tuple[str, str]):
        super().__init__(app)
        from petanque_game.ui.play import scene_name
        from petanque_game.ui.replay_session import ReplaySession

        self.labels = labels
        self.panes: list[Pane] = []
        for path in (mine, theirs):
            pane = Pane(app)
            session = ReplaySession(path, app.look)  # LoadProblem: the caller says why
            scene = pane.scene = app.factories[scene_name(session.game)](pane, session)
            scene.name = "side"
            scene.enter()
            self.panes.append(pane)
        self.picture = pygame.Surface(theme.LOGICAL_SIZE).convert()
        self.paused = False
        self.back = Button(pygame.Rect(1050, 640, 200, 58), self.look.tr("menu.back"), app.pop,
                           size=28, hint="Esc", tag="back")

    @property
    def animating(self) -> bool:
        return not self.paused and not all(p.finished for p in self.panes)

    def update(self, dt: float) -> None:
        if self.paused:
            return
        for pane in self.panes:
            pane.toast.update(dt)
            if pane.scene is not None:
                pane.scene.update(dt)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.back.click(self.look, event.pos)
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.app.pop()
            elif event.key == pygame.K_SPACE:
                self.paused = not self.paused
        return True

    def draw(self, surface: pygame.Surface) -> None:
        look = self.look
        surface.fill(look.colour("background"))
        look.blit_text(surface, look.tr("challenges.side_by_side"), (40, 30), 48, "text", True)
        for pane, rect, label in zip(self.panes, (LEFT, RIGHT), self.labels):
            if pane.scene is not None:
                pane.scene.draw(self.picture)
            surface.blit(pygame.transform.smoothscale(self.picture, rect.size), rect.topleft)
            pygame.draw.rect(surface, look.colour("edge"), rect.inflate(6, 6), 3,
                             border_radius=6)
            look.blit_text(surface, look.fit(label, 26, rect.w, True),
                            (rect.x, rect.y - 40), 26, "accent", True)
        hint = look.tr("challenges.paused" if self.paused else "challenges.space_pauses")
        look.blit_text(surface, hint, (40, 660), 22, "muted")
        self.back.draw(look, surface, self.mouse)
