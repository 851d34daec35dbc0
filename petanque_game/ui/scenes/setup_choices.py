"""What the setup scene chooses and remembers between games (`SetupChoices`, kept in the app's
memory): the game, who plays (each seat a person or an AI of a level, and a person's hand at the
table), the rule options and the board; and how its choices are labelled in the window's
language.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from petanque_game.record import Seat, name_problem
from petanque_game.rules.games import game_ids
from petanque_game.ui import lang
from petanque_game.ui.names import default_name

KINDS: tuple[tuple[str, str | None], ...] = (
    ("human", None), ("ai", "easy"), ("ai", "medium"), ("ai", "expert"))
AI_NAMES = ("Astrid", "Bjørn", "Freja", "Gunnar", "Ingrid", "Leif", "Sigrid", "Åse")

LENGTHS = ("quick", "full")  # the setup's first offer, beside the rules' heading


def kind_label(kind: int) -> str:
    """"Human", "AI easy", ... in the window's language."""
    who, level = KINDS[kind]
    return lang.tr(f"setup.kind.{level or who}")


def option_label(key: str) -> str:
    """The name of a rule option as the setup shows it (its own key when the table lacks it)."""
    return lang.tr(f"setup.option.{key}") if lang.has(f"setup.option.{key}") else key


def value_label(key: str, value: Any) -> str:
    """A value of an option as its button shows it. A flag is told by its type, never by its
    value: 1 == True in Python, and "Rounds: 1" must not read "on"."""
    if isinstance(value, bool):
        name = f"setup.value.{key}.{'on' if value else 'off'}"
        plain = f"setup.value.{'on' if value else 'off'}"
        return lang.tr(name) if lang.has(name) else lang.tr(plain)
    if isinstance(value, str):
        name = f"setup.value.{key}.{value}"
        return lang.tr(name) if lang.has(name) else value
    if isinstance(value, int):
        return lang.number(value)
    return str(value)


def same_value(a: Any, b: Any) -> bool:
    """Equal and of one kind: True is not the round count 1."""
    return a == b and isinstance(a, bool) == isinstance(b, bool)


@dataclass
class PlayerRow:
    name: str
    kind: int  # index into KINDS
    hand: str | None = None  # a person's hand at the petanque table; None: the settings' default


@dataclass
class SetupChoices:
    """What the setup scene remembers between games (kept in the app's memory)."""

    game: str = field(default_factory=lambda: game_ids()[0])
    players: list[PlayerRow] = field(default_factory=lambda: [PlayerRow(default_name(1), 0),
                                                              PlayerRow("Astrid", 2)])
    options: dict[str, dict[str, Any]] = field(default_factory=dict)
    level: str | None = None

    def seats(self) -> list[Seat]:
        seats = []
        for i, row in enumerate(self.players):
            kind, level = KINDS[row.kind]
            name = row.name.strip() or default_name(i + 1)
            seats.append(Seat(name, kind, level))
        return seats

    def name_problem(self) -> str | None:
        """Why a player's name cannot be used (docs/records.md#the-top-level), or None."""
        for i, seat in enumerate(self.seats()):
            problem = name_problem(seat.name)
            if problem:
                return lang.tr("setup.bad_name", n=i + 1, problem=problem)
        return None

    def hand_of(self, i: int, default: str) -> str:
        """The hand row `i`'s person throws with: chosen in the setup, else `default` (the
        settings' "Your hand")."""
        return self.players[i].hand or default

    def hands(self, default: str) -> list[str | None]:
        """Each seat's hand for the match (None for an AI seat: it throws with its level's)."""
        return [self.hand_of(i, default) if KINDS[row.kind][0] == "human" else None
                for i, row in enumerate(self.players)]

    def person(self) -> str | None:
        """The first person's name, as typed (None: no person, or no name typed)."""
        return next((row.name.strip() for row in self.players
                     if KINDS[row.kind][0] == "human" and row.name.strip()), None)
