"""The window: the app loop, the scene stack, the logical surface scaled to the window.

Everything is drawn to a fixed 1280x720 logical surface, scaled (letterboxed) to whatever size the
window has; mouse positions are mapped back to logical coordinates before a scene sees them, so
scenes know nothing of the window's size or full screen (docs/design.md#a-thin-window).

Scenes are registered by name and opened by name (`app.open("setup")`: ui/scenes/__init__.py, whose
`SceneStack` the App is), so no scene imports another (docs/design.md#scenes-by-name).

It opens at the size it had when last resized, or at most of the desktop (ui/window_size.py), in
full screen if it was left in full screen, speaking the settings' language (ui/lang.py).

`App` works under SDL's dummy video driver: tests construct it, feed it events (`click`, `key`,
`handle`), `step` it and `render` it to a surface, or run whole frames with `tick`.

Errors: a refusal is a scene's business (a toast saying why). Anything else raised during a frame
is a bug and reaches one handler, `App.crash`: the traceback goes to the log in the user folder,
the scenes are closed (a game keeps its autosave, written after its last move) and the player sees
what failed and where the log is. SIGTERM and SIGINT end the window at once, whatever it is busy
with (`run`); the AI thinks on a daemon thread, which never holds up the exit. The window's
threads are its own (`App.workers`, ui/workers.py), ended when it closes.
"""

from __future__ import annotations

import contextlib
import os
import zlib
from pathlib import Path
from typing import Any

# SDL 2 on Linux decides how to show a window's software-drawn picture by making a hidden OpenGL
# window and context first (0.2 s of CPU, 0.5 s of wall time under X), and then shows every frame
# through an OpenGL texture (a flip of 1728x972 cost 27 ms under Xvfb, against 1.5 ms through X's
# shared memory). The game draws in software: show its picture the direct way. Set before pygame
# is imported; a player's own SDL_FRAMEBUFFER_ACCELERATION wins.
os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")

import pygame  # after the hint above

from petanque_game import logs, saves
from petanque_game.ui import frame_loop, icon, sound, theme
from petanque_game.ui.keys import key_event_code
from petanque_game.ui.look import Look
from petanque_game.ui.quitting import PictureUnsaved, Quit, run_app, unsaved_said
from petanque_game.ui.scenes import MENU, SceneStack
from petanque_game.ui.screenshot import save_screenshot
from petanque_game.ui.settings import Settings, load_settings, save_settings
from petanque_game.ui.start_problems import tell_start_problems
from petanque_game.ui.toast_place import toast_bottom
from petanque_game.ui.widgets import Toast
from petanque_game.ui.window_size import desktop_size, placement, show, window_size_for
from petanque_game.ui.workers import Workers

# What the window's callers and tests have long imported from here (now in quitting.py and
# window_size.py).
__all__ = ["App", "PictureUnsaved", "Quit", "run", "run_app", "window_size_for"]

KEEP_SIZE_AFTER = 0.5  # seconds after the last resize that the window's size is kept
MOUSE_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)


class App(SceneStack):
    """The window and its scene stack (scenes registered and opened by name:
    ui/scenes/__init__.py)."""

    def __init__(self, size: tuple[int, int] | None = None, replay: str | None = None,
                 settings: Settings | None = None, start_menu: bool = True,
                 sound_later: bool = False, workers: Workers | None = None):
        pygame.display.init()
        pygame.font.init()
        # its threads (the AI's, the saves', the previews'), ended at its close
        self.workers = workers if workers is not None else Workers()
        self._sound_due = sound_later  # `run`: the sound starts once the first frame is shown
        if not sound_later:
            self.start_sound()
        self.settings = settings or load_settings()
        # what the window draws, speaks and plays with (in its settings' colours, at its volume),
        # its own until it closes: a new window starts from nothing (docs/design.md, "What the
        # window keeps")
        self.look = Look(self.settings)
        pygame.display.set_caption(self.look.tr("app.title"))
        pygame.display.set_icon(icon.window_icon())  # before the window opens, so it shows at once
        self.toast = Toast()
        self.window_size = size or window_size_for(desktop_size(), self.settings.window_size)
        self.fullscreen = False
        self._resized: float | None = None  # app time of a resize not yet kept in the settings
        self.window = pygame.display.set_mode(self.window_size, pygame.RESIZABLE)
        if self.settings.fullscreen:
            self.set_fullscreen(True)
        self.logical = pygame.Surface(theme.LOGICAL_SIZE).convert()
        self.ahead: pygame.Surface | None = None  # `_ahead`
        self._shown: int | None = None  # the checksum of the napping frame shown last, if any
        SceneStack.__init__(self)
        self.memory: dict[str, Any] = {}  # what a scene remembers between visits, by scene name
        self.mouse: tuple[int, int] | None = None
        self.time = 0.0  # seconds of app time (animation clock; never used by a rule)
        self.frames_drawn = 0  # frames drawn so far (a scene can tell the frame before was its)
        pygame.key.start_text_input()
        self.errors = 0  # bugs met so far (App.crash)
        self.quit_warned = False  # told once that quitting keeps an unsaved game as last saved
        # what killed saves and finished games left behind; a user folder that cannot be tidied
        # is reported below
        with contextlib.suppress(OSError):
            saves.tidy_user_folder()
        if start_menu:
            self.open(MENU)
        tell_start_problems(self)
        if replay is not None:
            self.open_replay(Path(replay))

    def start_sound(self) -> None:
        """pygame's other parts and the sound mixer (ui/sound.py `start_mixer`)."""
        sound.start_mixer()

    # --- a replay ---------------------------------------------------------------------------------

    def open_replay(self, path: Path) -> None:
        """Watch the record at `path` (or back at the menu, saying why it cannot be watched)."""
        from petanque_game.ui import play  # the games and records: not before they are needed

        play.open_replay_scene(self, path)

    # --- input ------------------------------------------------------------------------------------

    def to_logical(self, pos: tuple[float, float]) -> tuple[int, int]:
        """A window position mapped to the logical surface (may fall outside it, in the bars)."""
        scale, ox, oy = self._fit()
        return int((pos[0] - ox) / scale), int((pos[1] - oy) / scale)

    def _fit(self) -> tuple[float, int, int]:
        return placement(self.window.get_size())

    def handle(self, event: pygame.event.Event) -> None:
        """One event from the window (mouse positions in window pixels)."""
        if event.type in MOUSE_EVENTS:
            pos = self.to_logical(event.pos)
            attrs = {k: v for k, v in event.dict.items() if k != "pos"}
            event = pygame.event.Event(event.type, pos=pos, **attrs)
        self.handle_logical(event)

    def handle_logical(self, event: pygame.event.Event) -> None:
        """One event with mouse positions already in logical coordinates."""
        if event.type == pygame.QUIT:
            if not self.quit_warned and self.warn_unsaved():
                return
            self.running = False
            return
        if event.type == pygame.VIDEORESIZE:
            if not self.fullscreen and self.window.get_size() != tuple(event.size):
                self.window = pygame.display.set_mode(event.size, pygame.RESIZABLE)
            if not self.fullscreen:
                self.window_size = self.window.get_size()
                self._resized = self.time
            return
        if event.type in (pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED):
            self.window = pygame.display.get_surface() or self.window  # (None: no window yet)
            return
        if event.type in MOUSE_EVENTS:
            self.mouse = event.pos
        if event.type in (pygame.KEYDOWN, pygame.KEYUP) and not event.key:
            code = key_event_code(event.key, getattr(event, "scancode", 0))
            event = pygame.event.Event(event.type, {**event.dict, "key": code})
        if event.type == pygame.KEYDOWN:
            if self.settings.is_key("screenshot", event.key):
                self.screenshot()
                return
            if self.settings.is_key("fullscreen", event.key):
                self.toggle_fullscreen()
                return
            if self.settings.is_key("settings", event.key) and self.open_settings():
                return
        for scene in reversed(self.scenes):
            if scene.handle_event(event):
                return
            if scene.opaque:
                return

    def warn_unsaved(self) -> bool:
        """Before the window closes: the games whose last moves the disk refused are tried once
        more; if one still is not saved, say so (True) and let the next close go through."""
        if unsaved_said(self.look, self.scenes, self.toast):
            self.quit_warned = True  # the next close goes through
            return True
        return False

    def click(self, pos: tuple[int, int], button: int = 1) -> None:
        """A click at a logical position (tests, and keyboard shortcuts that press a button)."""
        self.handle_logical(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                               buttons=(0, 0, 0)))
        self.handle_logical(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        self.handle_logical(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))

    def key(self, key: int, text: str = "") -> None:
        self.handle_logical(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text,
                                               scancode=0))
        if text:
            self.handle_logical(pygame.event.Event(pygame.TEXTINPUT, text=text))
        self.handle_logical(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=text,
                                               scancode=0))

    def open_settings(self) -> bool:
        """Show the settings scene over whatever is shown (not a second one above it)."""
        if any(scene.name in ("settings", "error") for scene in self.scenes):
            return False
        self.open("settings")
        return True

    # --- window -----------------------------------------------------------------------------------

    def toggle_fullscreen(self) -> None:
        self.set_fullscreen(not self.fullscreen)

    def set_fullscreen(self, on: bool) -> None:
        """Full screen or a window, as the settings say from now on."""
        if on == self.fullscreen:
            return
        try:
            if self.fullscreen:
                self.window = pygame.display.set_mode(self.window_size, pygame.RESIZABLE)
            else:
                self.window_size = self.window.get_size()
                self.window = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            self.fullscreen = on
        except pygame.error as e:
            self.toast.show(self.look.tr("app.no_fullscreen", reason=str(e)), "bad")
        if self.settings.fullscreen != self.fullscreen:
            self.settings.fullscreen = self.fullscreen
            self.keep_window_settings()

    def keep_window_settings(self) -> None:
        """Keep the window's size and full screen in settings.yaml, for the next start."""
        self._resized = None
        if not self.fullscreen and min(self.window_size) > 0:
            self.settings.window_size = [int(v) for v in self.window_size]
        problem = save_settings(self.look, self.settings)
        if problem is not None:
            logs.note(f"Settings: the window's size was not kept: {problem}")

    def screenshot(self) -> Path | None:
        """Save the logical picture as a PNG in the user's screenshots folder (ui/screenshot.py)."""
        return save_screenshot(self.look, self.render_logical, self.toast)

    # --- the loop ---------------------------------------------------------------------------------

    def step(self, dt: float) -> None:
        """Advance the app by `dt` seconds: the visible scenes' animations, AI pacing, the toast."""
        self.time += dt
        if self._resized is not None and self.time - self._resized >= KEEP_SIZE_AFTER:
            self.keep_window_settings()  # once the player has stopped dragging the edge
        self.toast.update(dt)
        for scene in list(self.visible()):
            scene.update(dt)

    def render_logical(self) -> pygame.Surface:
        """Draw the frame on `logical`: the window's own surface when the window has the logical
        size (so showing it copies nothing), else a surface of its own, which `present` scales
        into the window."""
        self.logical = self._canvas()
        self.frames_drawn += 1
        scenes = self.visible()
        # from the highest scene that paints the whole picture itself (those below it, if any,
        # included), else from the bottom, on the background
        covering = [i for i, scene in enumerate(scenes) if getattr(scene, "covers", False)]
        if not covering:
            self.logical.fill(self.look.colour("background"))
        for scene in scenes[covering[-1] if covering else 0:]:
            scene.draw(self.logical)
        self.toast.draw(self.look, self.logical, self.toast_bottom())
        return self.logical

    def _canvas(self) -> pygame.Surface:
        """The surface the next frame is drawn on (`render_logical`)."""
        if self.window.get_size() == theme.LOGICAL_SIZE:
            return self.window
        if self.logical is self.window or self.logical.get_size() != theme.LOGICAL_SIZE:
            return pygame.Surface(theme.LOGICAL_SIZE).convert()
        return self.logical

    def _ahead(self) -> pygame.Surface:
        """The surface a held frame's scenes draw ahead on (`Scene.draw_ahead`), never shown."""
        if self.ahead is None:
            self.ahead = pygame.Surface(theme.LOGICAL_SIZE).convert()
        return self.ahead

    def toast_bottom(self) -> int:
        """Where the toast's bottom edge goes (ui/toast_place.py)."""
        return toast_bottom(self.look, self.toast, self.top)

    def render(self) -> pygame.Surface:
        """Draw the frame to the logical surface and present it scaled in the window; in a
        frame that holds the picture (`Scene.picture_held`), the last one stays shown."""
        if self.holds_picture():
            for scene in self.visible():
                if scene.picture_held:
                    scene.draw_ahead(self._ahead())
                    scene.picture_held = False
            return self.logical
        self.render_logical()
        self.present()
        return self.logical

    def present(self) -> None:
        """Show the logical surface in the window, scaled to fit (letterboxed); a frame drawn on
        the window itself is only flipped."""
        if self.logical is not self.window:
            show(self.logical, self.window)
        pygame.display.flip()
        self._shown = None  # what is shown now is not known to match a napping frame

    def tick(self, dt: float, events: list[pygame.event.Event] | None = None,
             woken: bool = False) -> None:
        """One frame: the window's events (those waiting, after `events`), `dt` seconds of the
        scenes' time, the picture. An error raised in it is a bug, handed to `crash`. `woken`:
        a napping window's timed frame, shown only if its picture changed (scaling and showing
        a frame costs ten times drawing it)."""
        try:
            for event in [*(events or ()), *pygame.event.get()]:
                self.handle(event)
                if not self.running:
                    break
            if self.running:
                self.step(dt)
            if self.running and woken and not self.holds_picture():
                self.render_logical()
                # (pygame's stubs do not say a BufferProxy has the buffer protocol; it has)
                picture = zlib.crc32(self.logical.get_view("2"))  # type: ignore[arg-type]
                if picture != self._shown:
                    self.present()
                    self._shown = picture
            elif self.running:
                self.render()
        except Exception as exc:  # the one handler of bugs in the window
            self.crash(exc)

    @property
    def animating(self) -> bool:
        """Does anything move on its own (a scene's animation, the AI's pause, a toast)? If not,
        the loop sleeps until an event comes (`loop`)."""
        return self.toast.visible or any(getattr(scene, "animating", False)
                                         for scene in self.visible())

    def holds_picture(self) -> bool:
        """Does a scene shown hold the last picture this frame (`Scene.picture_held`)?"""
        return any(scene.picture_held for scene in self.visible())

    def crash(self, exc: Exception) -> None:
        """A bug: log it with its traceback, close every scene (a game in progress keeps its
        autosave) and show what failed and where the log is. A bug in that screen itself is
        raised on, to `run`."""
        log, line = logs.report_bug(exc, "window")
        exc.logged = True  # type: ignore[attr-defined]
        self.errors += 1
        if (self.top is not None and self.top.name == "error") or self.errors > 20:
            raise exc
        scenes, self.scenes = self.scenes, []
        for scene in reversed(scenes):
            try:
                scene.exit()
            except Exception as again:  # logged; the next scene still closes
                logs.report_bug(again, "window, closing a scene after a bug")
        self.toast = Toast()
        self.open("error", line, log)

    def loop(self) -> None:
        """The window's frames until it closes (ui/frame_loop.py); its sound, when due, starts
        once the first is shown."""
        frame_loop.loop(self, self._sound_after_first_frame)

    def _sound_after_first_frame(self) -> None:
        if self._sound_due:
            self._sound_due = False
            self.start_sound()

    def run_frames(self, count: int, picture: Path | None = None) -> None:
        """`count` frames at once, the last saved at `picture` (ui/frame_loop.py)."""
        frame_loop.run_frames(self, count, picture)

    def close(self) -> None:
        for scene in reversed(self.scenes):
            scene.exit()
        self.scenes = []
        self.workers.close()  # every save written; no thread of the window left running
        pygame.quit()  # (the look's fonts and sounds die with pygame)


def run(replay: str | None = None, frames: int | None = None,
        picture: Path | None = None) -> int:
    """Open the window (at the main menu, or watching the replay FILE); returns the exit code.
    With `frames`, the window closes by itself after that many frames (`App.run_frames`)."""
    if frames is None:
        return run_app(lambda: App(replay=replay, sound_later=True))

    def briefly() -> App:
        app = App(replay=replay, sound_later=True)
        app.loop = lambda: app.run_frames(frames, picture)  # type: ignore[method-assign]
        return app

    return run_app(briefly)
