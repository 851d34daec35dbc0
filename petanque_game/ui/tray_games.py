"""The controls of each tray game: which dice are shown how, what a click on a die or a box means,
the buttons, the panel under the tray, the players' scores and the line saying what to do next.

A click becomes an action for the match (`scene.act`); a choice the rules refuse is answered with
the rules' own reason (a keyed refusal, said in the player's language: `lang.refusal`), which
names what is possible instead. The controls keep only what the player is pointing at (a
selection) and what to show of the last turn.

Each game's controls also tell the expert's hint in the player's words (`advise`, run on the AI's
thread because the expert's tables may take longer than a frame) and say which dice, boxes or
button it points at, so the tray shows the hint and not only a sentence.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from petanque_game.ui import lang
from petanque_game.ui.widgets import Button

CHANCES = frozenset({"win", "win_rival", "win_about", "pot", "share", "shut"})  # chances (0-1)
SURE = {"pot": "sure_pot", "share": "sure_share"}  # a sure chance said other than "you win"


@dataclass(frozen=True)
class Advice:
    """The expert's move for one state, kept as numbers and sentence names so that it is told in
    the language in use when drawn: `move` names the sentence of the move (tray.hint.move.*,
    filled with `fields`; `count` picks the one/other form), `worth` what it is worth (a chance for
    the CHANCES, else points or a penalty: `value`), `alt` the other choice and its worth."""

    state: Any
    action: Any
    move: str
    fields: tuple[tuple[str, Any], ...] = ()
    count: int | None = None
    worth: str = ""
    value: float = 0.0
    alt: str = ""
    alt_value: float = 0.0
    alt_count: int | None = None


def told(advice: Advice) -> str:
    """The hint as the player reads it: "Close 3 and 6: expected penalty 12.4"."""
    fields = {k: _said(v) for k, v in advice.fields}
    key = f"tray.hint.move.{advice.move}"
    move = lang.tr(key, **fields) if advice.count is None else lang.tr_n(key, advice.count,
                                                                         **fields)
    if not advice.worth:
        return move
    chance = advice.worth in CHANCES
    digits = 1
    if advice.alt and not chance and round(advice.value, 1) == round(advice.alt_value, 1) and \
            advice.value != advice.alt_value:
        digits = 2  # say the difference when one decimal would not tell them apart
    if chance and advice.value >= 1.0 - 1e-9:
        worth = lang.tr(f"tray.hint.worth.{SURE.get(advice.worth, 'sure')}")
    elif chance and advice.value <= 1e-9:
        worth = lang.tr("tray.hint.worth.no_chance")
    else:
        worth = lang.tr(f"tray.hint.worth.{advice.worth}", x=_worth(advice.value, chance, digits),
                        **fields)
    if not advice.alt:
        return lang.tr("tray.hint.line", move=move, worth=worth)
    key = f"tray.hint.alt.{advice.alt}"
    x = _worth(advice.alt_value, chance, digits)
    alt = lang.tr(key, x=x, **fields) if advice.alt_count is None else lang.tr_n(
        key, advice.alt_count, x=x, **fields)
    return lang.tr("tray.hint.line_alt", move=move, worth=worth, alt=alt)


def _worth(value: float, chance: bool, digits: int = 1) -> str:
    if chance:
        return percent(value)
    if float(value).is_integer():
        return lang.number(int(value))
    return decimal(value, digits)


def _said(value: Any) -> str:
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return lang.number(value)
    if isinstance(value, tuple):
        return both([_said(v) for v in value])
    return str(value)


def decimal(value: float, digits: int = 1) -> str:
    """A number with decimals as the language writes it: 12.4 / 12,4."""
    return f"{value:.{digits}f}".replace(".", lang.tr("tray.decimal_point"))


def percent(p: float) -> str:
    """A chance as a player reads it: "64%", "over 99%", "under 1%", "sure" (in the language in
    use)."""
    if p >= 1.0 - 1e-9:
        return lang.tr("tray.chance.sure")
    shown = round(100 * p)
    if shown >= 100:
        return lang.tr("tray.chance.over_99")
    if shown <= 0:
        return lang.tr("tray.chance.under_1")
    return lang.tr("tray.chance.percent", n=shown)


def either(options: list[str]) -> str:
    """'8, or 2 and 6, or 3 and 5': choices joined by the language's 'or'."""
    return lang.tr("tray.join.or").join(options)


def both(items: list[str]) -> str:
    """'2 and 6' / '1, 2 and 6': items joined by the language's 'and'."""
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])}{lang.tr('tray.join.and')}{items[-1]}"


def dice_said(values: tuple[int, ...] | list[int]) -> str:
    return "-".join(map(str, values))


class Controls:
    outcome_sound = ""  # the sound of a turn-ending roll (`outcome`), if it has one

    def __init__(self, scene):
        self.scene = scene
        self.selected: set[int] = set()

    @property
    def state(self) -> Any:
        return self.scene.session.state

    def name(self, seat: int | None) -> str:
        if seat is None:
            return ""
        return self.scene.session.players[seat].name

    @property
    def human(self) -> bool:
        return self.scene.human_turn and not self.scene.busy

    def not_now(self) -> bool:
        """Refuse a click when it is not a human's move; True when refused."""
        if self.human:
            return False
        s = self.scene.session
        if s.over:
            self.scene.refuse(lang.tr("tray.refuse.over"))
        elif not s.interactive:
            self.scene.refuse(lang.tr("tray.refuse.replay"))
        elif not self.scene.busy:
            self.scene.refuse(lang.tr("tray.refuse.wait", name=self.name(self.state.to_move)))
        return True

    def waiting_prompt(self) -> str:
        s = self.scene.session
        if s.over:
            return lang.tr("tray.prompt.over")
        seat = s.state.to_move
        if seat is not None and seat >= 0 and s.players[seat].kind == "ai":
            return lang.tr("tray.prompt.ai_playing", name=self.name(seat))
        return ""

    def on_step(self, step) -> None:
        self.selected.clear()

    def click_panel(self, pos: tuple[int, int]) -> bool:
        return False

    def key(self, key: int) -> bool:
        return False

    def is_key(self, action: str, key: int) -> bool:
        return self.scene.app.settings.is_key(action, key)

    def button(self, label: str, action, enabled: bool, hint: str, tag: str,
               style: str = "normal", width: int = 190) -> Button:
        return Button(pygame.Rect(0, 0, width, 64), label, action, enabled and self.human, 26,
                      hint, style, tag=tag)

    # --- hints (each game overrides these) ---------------------------------------------------------

    def advise(self, state: Any) -> Advice:
        """The expert's move in `state` and what to say of it (run on the AI's thread)."""
        raise NotImplementedError

    def advice_dice(self, advice: Advice) -> set[int]:
        """The dice of the tray's roll the hint points at."""
        return set()

    def advice_boxes(self, advice: Advice) -> set[int]:
        return set()

    def advice_button(self, advice: Advice) -> str:
        """The tag of the button the hint points at ("" for none)."""
        return ""

    def outcome(self, step) -> str:
        """What a roll that ended the turn came to ("Bust! 2-3-4-6-6: nothing scores"), shown
        on the tray while the dice stay; "" when the step did not end a turn with a roll."""
        return ""
