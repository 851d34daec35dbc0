"""The settings scene: language, sound and volume, full screen, animation speed, the AI's pace, the
colour-blind-safe palette, the hot-seat hand-over, the petanque aim, a person's hand (the default
the setup gives each person's seat) and the keep of a throw, and the keys.

Every change applies at once and is kept at once in settings.yaml in the user folder
(settings.save_settings), which holds only what was changed here: the shipped config/ui.yaml and the
player's own ui.yaml still give everything else (settings.load_settings: built-in < config/ui.yaml <
your ui.yaml < settings.yaml). Resetting the keys hands them back to the files.

A key is rebound by clicking its action and pressing the new key; a key that another action
already uses where both are live is refused (settings.key_conflict), and Escape cancels.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from pathlib import Path

import pygame

from petanque_game import paths
from petanque_game.ui import lang, theme
from petanque_game.ui.keys import code_of, key_label
from petanque_game.ui.look import Look
from petanque_game.ui.scene import AppLike, Scene
from petanque_game.ui.settings import (
    CHOICES,
    SETTINGS_FILE,
    Settings,
    key_conflict,
    load_settings,
    save_settings,
)
from petanque_game.ui.widgets import Backdrop, Button, draw_lit, panel

LABEL_X, CONTROL_X, CONTROL_W = 60, 330, 450
ROW_Y, ROW_H = 110, 46
KEYS_RECT = pygame.Rect(820, 96, 430, 540)
KEY_ROW_Y, KEY_ROW_H = 162, 25
SLIDER = pygame.Rect(CONTROL_X, 0, 260, 10)  # y set by its row

ANIMATION_SPEEDS = (0.5, 0.75, 1.0, 1.5, 2.0)
AI_PACES = (("fast", 0.3), ("normal", 0.7), ("slow", 1.2), ("very_slow", 2.0))
# The settings the left column's buttons show (which one is selected).
SHOWN = ("language", "sound", "fullscreen", "animation_speed", "ai_delay", "palette", "handover",
         "aim", "hand", "accept_at_once", "coach")


class SettingsScene(Scene):
    """Rows of choices on the left, the keys on the right; Back (Escape) closes it."""

    def __init__(self, app: AppLike):
        super().__init__(app)
        self.waiting: str | None = None  # the action whose new key is awaited
        self.dragging = False  # the volume slider is held
        self._placed: tuple[tuple[object, ...], list[tuple[str, int, list[Button]]]] | None = None
        # the screen with no button or key lit, kept while the settings it shows are the same
        self.backdrop = Backdrop()

    @property
    def settings(self) -> Settings:
        return self.app.settings

    # --- changes ----------------------------------------------------------------------------------

    def change(self, key: str, value: object) -> None:
        """Set one setting, apply it where it shows at once, and keep it."""
        setattr(self.settings, key, value)
        if key == "language" and isinstance(value, str):
            self.look.speak(value)
            pygame.display.set_caption(self.look.tr("app.title"))
        elif key == "fullscreen":
            self.app.set_fullscreen(bool(value))
        self.save()

    def save(self) -> None:
        problem = save_settings(self.look, self.settings)
        if problem is not None:
            self.app.toast.show(self.look.tr("settings.unsaved", reason=problem), "bad", 5.0)

    def set_volume(self, x: int) -> None:
        share = (x - SLIDER.x) / SLIDER.w
        self.settings.volume = round(max(0.0, min(1.0, share)) * 20) / 20

    def reset_keys(self) -> None:
        self.waiting = None
        base = self.settings.files_gave.get("keys", {})
        defaults = load_settings({}).keys  # actions no file names keep the built-in keys
        self.settings.keys = {action: ({code_of(n) for n in base[action]}
                                       if base.get(action) else codes)
                              for action, codes in defaults.items()}
        self.save()
        self.app.toast.show(self.look.tr("settings.keys_reset"), "info", 2.0)

    def bind(self, action: str, code: int) -> None:
        """The awaited key for `action` (`self.waiting`): taken, or refused if it is in use."""
        self.waiting = None
        other = key_conflict(self.settings, action, code)
        if other is not None:
            self.app.toast.show(self.look.tr("settings.key_taken", name=key_label(self.look, code),
                                             action=action_label(self.look, other)), "bad", 3.0)
            return
        self.settings.keys[action] = {code}
        self.save()

    def close(self) -> None:
        self.app.pop()

    # --- the controls -----------------------------------------------------------------------------

    def rows(self) -> list[tuple[str, list[Button]]]:
        """(label, its buttons) per row of the left column."""
        look = self.look
        s = self.settings

        def choices(key: str, options: Sequence[tuple[str, object]], width: int,
                    size: int = 22) -> list[Button]:
            return [Button(pygame.Rect(0, 0, width, 44), label,
                           partial(self.change, key, value), size=size,
                           selected=getattr(s, key) == value, tag=f"{key}:{value}")
                    for label, value in options]

        on_off = [(look.tr("settings.switch_on"), True),
                  (look.tr("settings.switch_off"), False)]
        return [
            ("language", choices("language", [(name, code) for code, name in
                                              lang.LANGUAGES.items()], 146)),
            ("sound", choices("sound", on_off, 120)),
            ("volume", [Button(pygame.Rect(0, 0, 110, 44), look.tr("settings.test"),
                               lambda: self.look.play("roll"), size=22, tag="test_sound")]),
            ("display", choices("fullscreen", [(look.tr("settings.window"), False),
                                               (look.tr("settings.fullscreen"), True)], 180)),
            ("animation", choices("animation_speed", [(look.tr("settings.times", n=f"{v:g}"), v)
                                                      for v in ANIMATION_SPEEDS], 82)),
            ("ai_pace", choices("ai_delay", [(look.tr(f"settings.pace.{name}"), v)
                                             for name, v in AI_PACES], 104, 20)),
            ("palette", choices("palette", [(look.tr("settings.standard"), "standard"),
                                            (look.tr("settings.clear"), "clear")], 170, 20)),
            ("handover", choices("handover", on_off, 120)),
            ("aim", choices("aim", [(look.tr("settings.point"), "point"),
                                    (look.tr("settings.drag"), "drag"),
                                    (look.tr("settings.power"), "power")], 146)),
            ("hand", choices("hand", [(look.tr(f"setup.hand.{name}"), name)
                                      for name in CHOICES["hand"]], 146, 20)),
            ("accept_at_once", choices("accept_at_once", on_off, 120)),
            ("coach", choices("coach", on_off, 120)),
        ]

    def shown(self) -> tuple[object, ...]:
        """The language and the settings the left column shows."""
        return (self.look.language(), *(getattr(self.settings, key) for key in SHOWN))

    def placed_rows(self) -> list[tuple[str, int, list[Button]]]:
        """The rows placed, made again only when the language or a setting they show changed
        (a frame asks five times)."""
        of = self.shown()
        if self._placed is None or self._placed[0] != of:
            self._placed = (of, self._place())
        return self._placed[1]

    def _place(self) -> list[tuple[str, int, list[Button]]]:
        placed = []
        for i, (label, buttons) in enumerate(self.rows()):
            y = ROW_Y + i * ROW_H
            x = CONTROL_X + (SLIDER.w + 80 if label == "volume" else 0)
            for b in buttons:
                b.rect.topleft = (x, y)
                x += b.rect.w + 8
            placed.append((label, y, buttons))
        return placed

    def key_rows(self) -> list[tuple[str, pygame.Rect]]:
        actions = list(self.settings.keys)
        room = KEYS_RECT.bottom - 64 - KEY_ROW_Y  # above the Reset button
        step = min(KEY_ROW_H, room // max(1, len(actions)))
        return [(action, pygame.Rect(KEYS_RECT.x + 12, KEY_ROW_Y + i * step, KEYS_RECT.w - 24,
                                     step - 2))
                for i, action in enumerate(actions)]

    def buttons(self) -> list[Button]:
        look = self.look
        found = [b for _, _, row in self.placed_rows() for b in row]
        found.append(Button(pygame.Rect(KEYS_RECT.x + 12, KEYS_RECT.bottom - 56, 200, 44),
                            look.tr("settings.reset_keys"), self.reset_keys, size=22,
                            tag="reset_keys"))
        found.append(Button(pygame.Rect(1100, 652, 150, 56), look.tr("settings.back"), self.close,
                            size=28, hint="Esc", style="primary", tag="back"))
        return found

    def slider_rect(self) -> pygame.Rect:
        y = next(y for label, y, _ in self.placed_rows() if label == "volume")
        return pygame.Rect(SLIDER.x, y + 17, SLIDER.w, SLIDER.h)

    # --- input ------------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if self.waiting is not None:
                if event.key == pygame.K_ESCAPE:
                    self.waiting = None
                else:
                    self.bind(self.waiting, event.key)
            elif (self.settings.is_key("back", event.key)
                  or self.settings.is_key("settings", event.key)):
                self.close()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.waiting = None
            if self.slider_rect().inflate(16, 24).collidepoint(event.pos):
                self.dragging = True
                self.set_volume(event.pos[0])
                return True
            for b in self.buttons():
                if b.click(self.look, event.pos):
                    return True
            for action, rect in self.key_rows():
                if rect.collidepoint(event.pos):
                    self.waiting = action
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self.set_volume(event.pos[0])
        elif event.type == pygame.MOUSEBUTTONUP and self.dragging:
            self.dragging = False
            self.save()
            self.look.play("clack")
        return True  # nothing reaches the game below while the settings are open

    # --- drawing ----------------------------------------------------------------------------------

    covers = True  # draws the whole picture

    def draw(self, surface: pygame.Surface) -> None:
        where = paths.user_dir() / SETTINGS_FILE
        keys = tuple((action, tuple(sorted(codes))) for action, codes in self.settings.keys.items())
        key = self.look.drawn_in(self.shown(), self.settings.volume, keys, self.waiting, str(where))
        self.backdrop.draw(surface, key, lambda out: self._draw_unlit(out, where))
        mouse = self.mouse
        draw_lit(self.look, surface, self.buttons(), mouse)
        for action, rect in self.key_rows():
            if action != self.waiting and mouse is not None and rect.collidepoint(mouse):
                self.draw_key_row(surface, action, rect, True)

    def _draw_unlit(self, surface: pygame.Surface, where: Path) -> None:
        """The screen with no button or key row under the mouse."""
        look = self.look
        surface.fill(look.colour("background"))
        look.blit_text(surface, look.tr("settings.title"), (LABEL_X, 24), 52, "text", True)
        look.blit_text(surface, look.fit(look.tr("settings.saved_in", path=str(where)), 19,
                                           KEYS_RECT.x - LABEL_X - 20), (LABEL_X + 2, 78), 19,
                        "muted")
        for label, y, buttons in self.placed_rows():
            look.blit_text(surface, look.fit(look.tr(f"settings.{label}"), 26,
                                               CONTROL_X - LABEL_X - 12),
                            (LABEL_X, y + 22), 26, "text", True, "midleft")
            for b in buttons:
                b.draw(look, surface, None)
        self.draw_volume(surface)
        self.draw_swatches(surface)
        self.draw_keys(surface)
        for b in self.buttons()[-2:]:
            b.draw(look, surface, None)
        look.blit_text(surface, look.fit(look.tr("settings.files"), 20, 1020),
                        (LABEL_X, 690), 20, "muted", anchor="midleft")

    def draw_volume(self, surface: pygame.Surface) -> None:
        look = self.look
        bar = self.slider_rect()
        pygame.draw.rect(surface, look.colour("panel_light"), bar, border_radius=5)
        filled = pygame.Rect(bar.x, bar.y, round(bar.w * self.settings.volume), bar.h)
        on = self.settings.sound
        pygame.draw.rect(surface, look.colour("accent" if on else "disabled"), filled,
                         border_radius=5)
        pygame.draw.circle(surface, look.colour("text"), (filled.right, bar.centery), 12)
        look.blit_text(surface, f"{round(self.settings.volume * 100)} %",
                        (bar.right + 20, bar.centery), 24, "text" if on else "muted",
                        anchor="midleft")

    def draw_swatches(self, surface: pygame.Surface) -> None:
        """The first four players' colours (and marks) in the palette chosen."""
        y = next(y for label, y, _ in self.placed_rows() if label == "palette")
        for seat in range(4):
            centre = (CONTROL_X + 370 + seat * 28, y + 22)
            pygame.draw.circle(surface, self.look.player_colour(seat), centre, 12)
            if self.look.marks_shown():
                theme.draw_mark(surface, seat, centre, 12)

    def draw_keys(self, surface: pygame.Surface) -> None:
        look = self.look
        panel(look, surface, KEYS_RECT)
        look.blit_text(surface, look.tr("settings.keys"), (KEYS_RECT.x + 16, KEYS_RECT.y + 12),
                        28, "text", True)
        hint = (look.tr("settings.press_key", action=action_label(look, self.waiting))
                if self.waiting else look.tr("settings.click_action"))
        look.blit_text(surface, look.fit(hint, 19, KEYS_RECT.w - 32),
                        (KEYS_RECT.x + 16, KEYS_RECT.y + 40), 19,
                        "accent" if self.waiting else "muted")
        for action, rect in self.key_rows():
            self.draw_key_row(surface, action, rect, False)

    def draw_key_row(self, surface: pygame.Surface, action: str, rect: pygame.Rect,
                     hover: bool) -> None:
        """An action and its keys; lit under the mouse (over the row unlit: the same pixels
        and more), marked while its new key is awaited."""
        look = self.look
        waiting = action == self.waiting
        if waiting or hover:
            pygame.draw.rect(surface, look.colour("accent" if waiting else "panel_light"),
                             rect, border_radius=6)
        col = (30, 26, 16) if waiting else "text"
        look.blit_text(surface, look.fit(action_label(look, action), 21, 220),
                        (rect.x + 8, rect.centery), 21, col, anchor="midleft")
        names = ", ".join(sorted(key_label(look, c) for c in self.settings.keys[action]))
        look.blit_text(surface, look.fit(names, 21, rect.w - 240), (rect.right - 8,
                        rect.centery), 21, col if waiting else "accent", True, "midright")


def action_label(look: Look, action: str) -> str:
    """An action's name in the player's language (an action added later: its own name)."""
    key = f"settings.action.{action}"
    return look.tr(key) if look.has(key) else action
