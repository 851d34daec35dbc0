"""What every game's rules share: who is to move, the actions, the refusal of an illegal one.

The rules are pure state machines (docs/design.md#rules-are-pure-state-machines): a state,
immutable, says whether a seat, chance or the engine is to move, lists what may be done, and `apply`
gives the next state. The rules never draw a random number: at a chance node the match draws one
outcome from `chance_outcomes()` with its own seeded stream and applies it like any other action.

A recorded event (docs/records.md#events) is one player's act with the chance outcome it caused: a
`Roll` decision followed by the `Dice` it produced is one `roll` event.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from enum import Enum
from fractions import Fraction
from typing import Any, Protocol, TypeVar, runtime_checkable

# Values of `State.to_move` that are not seats.
# the match draws a chance outcome (or, in Terningepetanque, the physics settles a throw)
CHANCE = -1
# the rules have a bookkeeping step to take (state.engine_action()), e.g. scoring a round
ENGINE = -2
TERMINAL = -3  # the game is over


@dataclass(frozen=True)
class Refusal:
    """Why an action is refused, as the rules say it: a text `key` (the texts in
    assets/text/<language>/refuse.yaml say it, each in its own language) and the `fields` it
    names, as (name, value) pairs. A value is a number, a word that needs no translating (a
    type's name, dice written "1-5-5") or a tuple of numbers or of such tuples, which the words
    list with the language's "and" and "or". The rules say no words of their own."""

    key: str
    fields: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, key: str, /, **fields: Any) -> Refusal:
        return cls(key, tuple((name, _frozen(value)) for name, value in fields.items()))


def _frozen(value: Any) -> Any:
    """A list as a tuple, all the way down: a refusal is a value, compared and kept as one."""
    return tuple(_frozen(v) for v in value) if isinstance(value, (list, tuple)) else value


def unworded(refusal: Refusal) -> str:
    """A refusal with no words to say it: its key and fields as they are."""
    shown = ", ".join(f"{k}={v!r}" for k, v in refusal.fields)
    return f"{refusal.key}({shown})"


# How a refusal reads when an exception carrying one is printed (a log, a record's error): the
# rules know no words, so the package sets this on import to the English texts (`words.english`).
wording: Callable[[Refusal], str] = unworded


class Refused(ValueError):
    """An exception that carries a `Refusal`; printed, it reads as `wording` says it."""

    def __init__(self, key: str | Refusal, /, **fields: Any):
        refusal = key if isinstance(key, Refusal) else Refusal.of(key, **fields)
        super().__init__(refusal)
        self.refusal = refusal

    def __str__(self) -> str:
        return wording(self.refusal)


class IllegalAction(Refused):
    """An action the rules refuse in this state: `refusal` says why, as a key and its fields."""


# --- actions shared by the tray games -------------------------------------------------------------


@dataclass(frozen=True)
class Roll:
    """A player's decision to roll `count` dice (the values come next, as a chance outcome).

    `reroll` names the cargo dice being rolled again in Ship, Captain and Crew with
    `cargo_reroll: any` (their values); it is None everywhere else.
    """

    count: int
    reroll: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Dice:
    """A chance outcome: the values the rolled dice show, in the order rolled."""

    values: tuple[int, ...]


@dataclass(frozen=True)
class Keep:
    """Ten Thousand: set these dice (values) aside from the last roll."""

    dice: tuple[int, ...]


@dataclass(frozen=True)
class Bank:
    """Ten Thousand: end the turn and bank the turn total."""


@dataclass(frozen=True)
class Close:
    """Shut the Box: close these boxes after the last roll."""

    boxes: tuple[int, ...]


@dataclass(frozen=True)
class Stop:
    """Ship, Captain and Crew: accept the cargo while rolls remain."""


@runtime_checkable
class State(Protocol):
    """The interface of every game's state. Each game module defines a frozen dataclass with it
    (tests/test_conformance.py checks every registered game against it)."""

    @property
    def num_players(self) -> int: ...

    @property
    def options(self) -> Mapping[str, Any]:
        """Every rule option of the game, resolved (read-only)."""

    @property
    def to_move(self) -> int:
        """A seat index, or CHANCE, ENGINE or TERMINAL."""

    @property
    def is_terminal(self) -> bool:
        """The game is over (to_move is TERMINAL)."""

    @property
    def phase(self) -> Enum:
        """Where the game stands, as the game's own `Phase` enum (for the window to compare)."""

    @property
    def round_number(self) -> int:
        """The round being played, from 1."""

    @property
    def dice_to_roll(self) -> int:
        """At a chance node that rolls dice: how many (0 elsewhere)."""

    @property
    def roller(self) -> int | None:
        """At a chance node: the seat whose roll or throw it is (None elsewhere)."""

    def engine_action(self) -> object:
        """When to_move is ENGINE: the rules' own bookkeeping step (IllegalAction elsewhere)."""

    def legal_actions(self) -> list:
        """What the seat to move may do (empty unless a seat is to move)."""

    def chance_outcomes(self) -> list[tuple[object, Fraction]]:
        """At a chance node: every outcome with its exact probability (they sum to 1)."""

    def apply(self, action: object) -> State:
        """The next state; raises IllegalAction with the reason when the rules refuse it."""

    def scores(self) -> tuple[int, ...]:
        """Each seat's score now, as `verify` prints it (docs/records.md#what-verify-checks)."""

    def winners(self) -> tuple[int, ...]:
        """Seats that won, ascending; empty until the game is over."""


def check_players(game: str, given: object, low: int, high: int) -> None:
    """Refuse a number of players the game `game` (its id) is not for: a game's `new_game`."""
    if type(given) is not int or not low <= given <= high:
        raise Refused("players", game=game, low=low, high=high, given=repr(given))


def no_engine_step(state: object) -> object:
    """`engine_action` of a game whose rules take no bookkeeping steps of their own."""
    raise IllegalAction("no_engine_step")


def ordered_dice_outcomes(count: int) -> list[tuple[Dice, Fraction]]:
    """Every ordered roll of `count` fair dice, each with probability 6**-count."""
    p = Fraction(1, 6**count)
    outcomes: list[tuple[Dice, Fraction]] = [(Dice(()), Fraction(1))]
    for _ in range(count):
        outcomes = [(Dice((*d.values, v)), p) for d, _ in outcomes for v in range(1, 7)]
    return outcomes


def dice_values(outcome: Dice, count: int) -> tuple[int, ...]:
    """A chance outcome's values, refused unless they are a list of `count` values 1 to 6."""
    if not isinstance(outcome.values, (tuple, list)):
        raise IllegalAction("dice_not_list", given=type(outcome.values).__name__)
    values = tuple(outcome.values)
    check_dice(values, count)
    return values


def check_dice(values: tuple[int, ...], count: int) -> None:
    """Refuse a chance outcome that is not `count` values from 1 to 6."""
    if len(values) != count:
        raise IllegalAction("dice_count", rolled=count, given=len(values))
    for v in values:
        if type(v) is not int or not 1 <= v <= 6:
            raise IllegalAction("die_value", value=repr(v))


def best_seats(values: list[int], seats: list[int], highest: bool = True) -> tuple[int, ...]:
    """The seats among `seats` whose value is the best (highest, or lowest), ascending."""
    pick = max if highest else min
    best = pick(values[s] for s in seats)
    return tuple(sorted(s for s in seats if values[s] == best))


_Copied = TypeVar("_Copied")
_FIELD_NAMES: dict[type, frozenset[str]] = {}


def changed(state: _Copied, /, **changes: Any) -> _Copied:
    """A copy of the frozen dataclass `state` with `changes` made: what `dataclasses.replace`
    gives, about six times quicker for a state of twenty-odd fields (replace calls the frozen
    `__init__`, which sets every field one at a time). Every AI search and every hint applies the
    rules thousands of times, so this is felt in the game, not only in the tests.

    The copy takes the state's whole `__dict__`, so a state must hold its fields and nothing else
    (no cached values: tests/test_rules_changed.py checks every game's states). A name that is not
    a field is refused, as replace refuses it."""
    cls = type(state)
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = frozenset(f.name for f in fields(cls) if f.init)  # type: ignore[arg-type]
    if not names.issuperset(changes):
        unknown = sorted(set(changes) - names)
        raise TypeError(f"{cls.__name__} has no field {unknown[0]!r}")
    copy = object.__new__(cls)
    kept = copy.__dict__
    kept.update(state.__dict__)
    kept.update(changes)
    return copy
