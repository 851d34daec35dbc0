"""Watching a record: the recorded events re-applied one by one at a watchable pace, with pause,
step, slower and faster. The game scene draws it exactly as it draws play."""

from __future__ import annotations

import pygame

from petanque_game.ui.widgets import Button

SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)


class ReplayControls:
    def __init__(self, scene):
        self.scene = scene
        self.paused = False
        self.speed_index = 2
        self.wait = 0.0

    @property
    def session(self):
        return self.scene.session

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_index]

    def update(self, dt: float) -> None:
        if self.paused or self.session.at_end:
            return
        self.wait += dt * self.speed
        if self.wait >= self.scene.app.settings.replay_delay:
            self.wait = 0.0
            self.step()

    def step(self) -> None:
        if self.session.advance() is not None:
            self.scene.sync()

    def toggle(self) -> None:
        self.paused = not self.paused

    def step_once(self) -> None:
        self.paused = True
        if self.scene.busy:
            self.scene.finish_animation()
        self.step()

    def faster(self) -> None:
        self.speed_index = min(len(SPEEDS) - 1, self.speed_index + 1)

    def slower(self) -> None:
        self.speed_index = max(0, self.speed_index - 1)

    def buttons(self) -> list[Button]:
        specs = [("Play" if self.paused else "Pause", self.toggle, "Space", "pause", 150),
                 ("Step", self.step_once, "Right", "step", 120),
                 ("Slower", self.slower, "-", "slower", 120),
                 ("Faster", self.faster, "+", "faster", 120)]
        return self.scene.layout_buttons(
            [Button(pygame.Rect(0, 0, w, 64), label, action, True, 26, hint,
                    "primary" if tag == "pause" else "normal", tag=tag)
             for label, action, hint, tag, w in specs])

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN:
            return False
        s = self.scene.app.settings
        for action, fn in (("pause", self.toggle), ("step", self.step_once),
                           ("faster", self.faster), ("slower", self.slower)):
            if s.is_key(action, event.key):
                fn()
                return True
        return False

    def prompt(self) -> str:
        total = len(self.session.states)
        where = f"event {self.session.shown} of {total}"
        if self.session.at_end:
            return f"Replay finished ({where})."
        state = "paused" if self.paused else f"speed x{self.speed:g}"
        return f"Replay: {where}, {state}."
