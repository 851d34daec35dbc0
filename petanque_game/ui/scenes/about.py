"""About (from the main menu): which version this is, what it is built on, where the player's own
files and the log are, and the licence.

The version is the package's one version (`petanque_game.__version__`, which pyproject.toml reads
too), the same that `petanque-game --version`, the log and every record's `program` field show.
"""

from __future__ import annotations

import platform

import pygame
import pymunk

from petanque_game import __version__, logs, paths
from petanque_game.ui import icon
from petanque_game.ui.scene import AppLike, Scene
from petanque_game.ui.widgets import Button, panel

ICON_SIZE = 128


def facts() -> list[tuple[str, str]]:
    """(text key of the label, value) for every line of the About screen."""
    sdl = ".".join(str(n) for n in pygame.get_sdl_version())
    return [
        ("about.version", __version__),
        ("about.built_on", f"Python {platform.python_version()}, pygame-ce {pygame.version.ver} "
                           f"(SDL {sdl}), pymunk {pymunk.version}"),
        ("about.user_folder", str(paths.user_dir())),
        ("about.log", str(logs.log_path())),
        ("about.licence", "MIT"),
    ]


class AboutScene(Scene):
    def __init__(self, app: AppLike):
        super().__init__(app)
        self.picture = icon.render(ICON_SIZE)
        self.back = Button(pygame.Rect(120, 600, 260, 64), self.look.tr("menu.back"), self.leave,
                           size=30, hint="Esc", style="primary", tag="back")

    def leave(self) -> None:
        self.app.pop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.back.click(self.look, event.pos)
        elif event.type == pygame.KEYDOWN and event.key in (
                pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE,
                pygame.K_BACKSPACE):
            self.leave()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        look = self.look
        surface.fill(look.colour("background"))
        surface.blit(self.picture, (120, 80))
        look.blit_text(surface, look.tr("menu.title"), (120 + ICON_SIZE + 30, 96), 64, "text",
                        True, shadow=True)
        look.blit_text(surface, look.tr("menu.subtitle"), (124 + ICON_SIZE + 30, 170), 30,
                        "accent")
        rect = pygame.Rect(110, 250, 1060, 320)
        panel(look, surface, rect)
        label_w = 260
        for i, (key, value) in enumerate(facts()):
            y = rect.y + 24 + 44 * i
            look.blit_text(surface, look.tr(key), (rect.x + 24, y), 24, "muted")
            look.blit_text(surface, look.fit(value, 24, rect.w - label_w - 48),
                            (rect.x + 24 + label_w, y), 24)
        look.blit_text(surface, look.fit(look.tr("about.thanks"), 20, rect.w - 48),
                        (rect.x + 24, rect.bottom - 40), 20, "muted")
        self.back.draw(look, surface, self.mouse)
