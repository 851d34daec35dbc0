"""The controls of each tray game: which dice are shown how, what a click on a die or a box means,
the buttons, the panel under the tray, the players' scores and the line saying what to do next.

A click becomes an action for the match (`scene.act`); a choice the rules refuse is answered with
the rules' own reason (a keyed refusal, said in the player's language: `look.refusal`), which
names what is possible instead. The controls keep only what the player is pointing at (a
selection) and what to show of the last turn.

Each game's controls also tell the expert's hint in the player's words (`advise`, run on the AI's
thread because the expert's tables may take longer than a frame) and say which dice, boxes or
button it points at, so the tray shows the hint and not only a sentence.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

import pygame

from petanque_game import words
from petanque_game.ui.component import Component
from petanque_game.ui.dice import DicePictures, pictures_of
from petanque_game.ui.look import Look
from petanque_game.ui.widgets import Button

if TYPE_CHECKING:
    from petanque_game.ai.hints import Told
    from petanque_game.ui.scene import AppLike
    from petanque_game.ui.session import Session, Step
    from petanque_game.ui.tray.layout import DieView, RollShown


@dataclass(frozen=True)
class Advice:
    """The expert's move for one state (`ai.hints.Hint`): its action, and its `told`
    (`ai.hints.Told`: numbers and sentence names, said in the language in use when drawn)."""

    state: object
    action: Any  # the game's action (`ai.hints.Hint.action`: any game's)
    told: Told


def advice(game: str, state: object) -> Advice:
    """The expert's hint for `state` of a tray game (run on the AI's thread)."""
    from petanque_game.ai.hints import hint

    given = hint(game, state)
    if given.told is None:  # every tray game's expert says its hint in keys
        raise ValueError(f"the hint for {game} says nothing in keys")
    return Advice(state, given.action, given.told)


def told(look: Look, advice: Advice) -> str:
    """The hint as the player reads it: "Close 3 and 6: expected penalty 12.4"."""
    return words.tell(advice.told, look.tr, look.number)


def decimal(look: Look, value: float, digits: int = 1) -> str:
    """A number with decimals as the language writes it: 12.4 / 12,4."""
    return words.decimal(value, digits, look.tr)


def percent(look: Look, p: float) -> str:
    """A chance as a player reads it: "64%", "over 99%", "under 1%", "sure" (in the language in
    use)."""
    return words.percent(p, look.tr)


def either(look: Look, options: list[str]) -> str:
    """'8, or 2 and 6, or 3 and 5': choices joined by the language's 'or'."""
    return look.tr("tray.join.or").join(options)


def both(look: Look, items: list[str]) -> str:
    """'2 and 6' / '1, 2 and 6': items joined by the language's 'and'."""
    return words.both(items, look.tr)


def dice_said(values: tuple[int, ...] | list[int]) -> str:
    return "-".join(map(str, values))


class Turned(Protocol):
    """What the controls of any tray game read of its state (each game's, of its own type)."""

    @property
    def to_move(self) -> int: ...


S_co = TypeVar("S_co", bound=Turned, covariant=True)  # the game's own state


class Tray(Protocol):
    """What a game's controls read of the tray they play on (the tray scene is one): the
    session, the app's settings, whose turn it is, the dice shown and the hint shown, and the
    two ways a click answers: an action for the match or a refusal."""

    @property
    def session(self) -> Session: ...

    @property
    def app(self) -> AppLike: ...

    @property
    def look(self) -> Look: ...

    @property
    def human_turn(self) -> bool: ...

    @property
    def busy(self) -> bool: ...

    @property
    def holding(self) -> bool: ...

    @property
    def roll(self) -> RollShown | None: ...

    def act(self, action: object) -> bool: ...

    def refuse(self, why: str) -> None: ...

    def after_settle(self, name: str) -> None: ...

    def advice_shown(self) -> Advice | None: ...


class Controls(Component, Generic[S_co]):
    """A tray game's own part of the window (ui/component.py): its buttons and keys, what a click
    on a die or on the panel means, the panel under the tray, the players' scores and the
    header's line, what a turn came to and where the hint points. Each game subclasses it; the
    scene routes the player's events and the session's steps to it and lays it out."""

    outcome_sound = ""  # the sound of a turn-ending roll (`outcome`), if it has one

    def __init__(self, scene: Tray):
        self.scene = scene
        self.selected: set[int] = set()

    @property
    def state(self) -> S_co:
        state: S_co = self.scene.session.state
        return state

    @property
    def pictures(self) -> DicePictures:
        """The dice pictures the window keeps (ui/dice.py)."""
        return pictures_of(self.scene.app.memory)

    def name(self, seat: int | None) -> str:
        if seat is None:
            return ""
        return self.scene.session.players[seat].name

    @property
    def human(self) -> bool:
        return self.scene.human_turn and not self.scene.busy

    def not_now(self) -> bool:
        """Refuse a click when it is not a human's move; True when refused."""
        look = self.scene.look
        if self.human:
            return False
        s = self.scene.session
        if s.over:
            self.scene.refuse(look.tr("tray.refuse.over"))
        elif not s.interactive:
            self.scene.refuse(look.tr("tray.refuse.replay"))
        elif not self.scene.busy:
            self.scene.refuse(look.tr("tray.refuse.wait", name=self.name(self.state.to_move)))
        return True

    def waiting_prompt(self) -> str:
        s = self.scene.session
        if s.over:
            return self.scene.look.tr("tray.prompt.over")
        online = getattr(s, "waiting_line", None)  # a seat decided on another computer
        if online:
            return str(online)
        seat = s.state.to_move
        if seat is not None and seat >= 0 and s.players[seat].kind == "ai":
            return self.scene.look.tr("tray.prompt.ai_playing", name=self.name(seat))
        return ""

    def on_transition(self, step: Step) -> None:
        self.selected.clear()

    def handle(self, event: pygame.event.Event) -> bool:
        """A key the game takes (its buttons' keys, a die's number)."""
        return event.type == pygame.KEYDOWN and self.key(event.key)

    # --- what each game says (each game overrides these) ------------------------------------------

    def tray_dice(self, roll: RollShown) -> list[DieView]:
        """How each die of `roll` is drawn on the tray."""
        from petanque_game.ui.tray.layout import DieView

        return [DieView(v) for v in roll.values]

    def click_die(self, i: int) -> None:
        """The person clicked die `i` of the roll on the tray."""

    def buttons(self) -> list[Button]:
        return []

    def draw_panel(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The panel under the tray."""

    def prompt(self) -> str:
        return ""

    def score(self, seat: int) -> str:
        return ""

    def subline(self, seat: int) -> str:
        return ""

    def header(self) -> str:
        return ""

    def panel_shows(self) -> Hashable | None:
        """Everything `draw_panel` draws from (the state's part it shows, choices, the hint,
        its words), when the panel is worth keeping as a picture by it; None: drawn each frame.
        The panel must then draw only inside `layout.PANEL_INSIDE`."""
        return None

    def click_panel(self, pos: tuple[int, int]) -> bool:
        return False

    def key(self, key: int) -> bool:
        return False

    def is_key(self, action: str, key: int) -> bool:
        return self.scene.app.settings.is_key(action, key)

    def button(self, label: str, action: Callable[[], None], enabled: bool, hint: str, tag: str,
               style: str = "normal", width: int = 190) -> Button:
        return Button(pygame.Rect(0, 0, width, 64), label, action, enabled and self.human, 26,
                      hint, style, tag=tag)

    # --- hints (each game overrides these) --------------------------------------------------------

    def advise(self, state: object) -> Advice:
        """The expert's move in `state` and what to say of it (run on the AI's thread)."""
        return advice(self.scene.session.game, state)

    def advice_dice(self, advice: Advice) -> set[int]:
        """The dice of the tray's roll the hint points at."""
        return set()

    def advice_boxes(self, advice: Advice) -> set[int]:
        return set()

    def advice_button(self, advice: Advice) -> str:
        """The tag of the button the hint points at ("" for none)."""
        return ""

    def outcome(self, step: Step) -> str:
        """What a roll that ended the turn came to ("Bust! 2-3-4-6-6: nothing scores"), shown
        on the tray while the dice stay; "" when the step did not end a turn with a roll."""
        return ""
