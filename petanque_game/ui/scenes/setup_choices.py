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
from petanque_game.ui.lang import LANGUAGES
from petanque_game.ui.look import Look
from petanque_game.ui.names import default_name

KINDS: tuple[tuple[str, str | None], ...] = (
    ("human", None), ("ai", "easy"), ("ai", "medium"), ("ai", "expert"))
AI_NAMES = ("Astrid", "Bjørn", "Freja", "Gunnar", "Ingrid", "Leif", "Sigrid", "Åse")

LENGTHS = ("quick", "full")  # the setup's first offer, beside the rules' heading


def kind_label(look: Look, kind: int) -> str:
    """"Human", "AI easy", ... in the window's language."""
    who, level = KINDS[kind]
    return look.tr(f"setup.kind.{level or who}")


def option_label(look: Look, key: str) -> str:
    """The name of a rule option as the setup shows it (its own key when the table lacks it)."""
    return look.tr(f"setup.option.{key}") if look.has(f"setup.option.{key}") else key


def value_label(look: Look, key: str, value: Any) -> str:
    """A value of an option as its button shows it. A flag is told by its type, never by its
    value: 1 == True in Python, and "Rounds: 1" must not read "on"."""
    if isinstance(value, bool):
        name = f"setup.value.{key}.{'on' if value else 'off'}"
        plain = f"setup.value.{'on' if value else 'off'}"
        return look.tr(name) if look.has(name) else look.tr(plain)
    if isinstance(value, str):
        name = f"setup.value.{key}.{value}"
        return look.tr(name) if look.has(name) else value
    if isinstance(value, int):
        return look.number(value)
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
    # the seats (none yet: the setup starts with `first_players`)
    players: list[PlayerRow] = field(default_factory=list)
    options: dict[str, dict[str, Any]] = field(default_factory=dict)
    level: str | None = None

    def seats(self, look: Look) -> list[Seat]:
        seats = []
        for i, row in enumerate(self.players):
            kind, level = KINDS[row.kind]
            name = row.name.strip() or default_name(look, i + 1)
            seats.append(Seat(name, kind, level))
        return seats

    def name_problem(self, look: Look) -> str | None:
        """Why a player's name cannot be used (docs/records.md#the-top-level), or None."""
        for i, seat in enumerate(self.seats(look)):
            problem = name_problem(seat.name)
            if problem:
                return look.tr("setup.bad_name", n=i + 1, problem=problem)
        return None

    @staticmethod
    def first_players(look: Look) -> list[PlayerRow]:
        """The seats the setup shows before any game was set up: a person (named as `look` names
        seat 1) against an AI."""
        return [PlayerRow(default_name(look, 1), 0), PlayerRow("Astrid", 2)]

    def name_by_default(self, look: Look) -> None:
        """The seats named by default in any language named so in `look`'s ("Player 1" becomes
        "Spiller 1"); a name typed stays."""
        for i, row in enumerate(self.players):
            if any(row.name == (look.lookup(code, "setup.player_n") or "").format(n=i + 1)
                   for code in LANGUAGES):
                row.name = default_name(look, i + 1)

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

