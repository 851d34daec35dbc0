"""Rule options: each game declares its options with defaults and ranges; a choice is checked here.

The same check serves a replay's `options` object, `simulate --option`, and `config/*.yaml`, so a
mistake is refused with the same words wherever it is made.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from petanque_game.rules.base import Refused

FAR = 10**15  # a whole number this large is shown by its size alone


class OptionError(Refused):
    """An unknown option or a value out of range; its refusal names the option."""


@dataclass(frozen=True)
class Option:
    """One rule option: its default, and either a whole-number range or a set of choices."""

    name: str
    default: Any
    low: int | None = None  # for whole numbers
    high: int | None = None
    step: int = 1  # a whole number must be a multiple of this
    choices: tuple[Any, ...] | None = None  # for words and booleans
    help: str = ""

    def check(self, value: Any) -> Any:
        if self.choices is not None:
            # bool is an int in Python: compare types too, so `true` is not the number 1.
            if not any(type(value) is type(c) and value == c for c in self.choices):
                raise OptionError("option.choices", name=repr(self.name), value=_show(value),
                                  choices=", ".join(_show(c) for c in self.choices))
            return value
        if self.low is None or self.high is None:
            raise TypeError(f"option {self.name!r} has neither choices nor a range")
        if type(value) is not int:
            raise OptionError("option.whole", name=repr(self.name), value=_show(value))
        if not self.low <= value <= self.high or value % self.step:
            raise OptionError("option.far" if abs(value) >= FAR else "option.range" if
                              self.step == 1 else "option.range_step", name=repr(self.name),
                              value=_show(value), low=self.low, high=self.high, step=self.step)
        return value


def _show(value: Any) -> str:
    """A value as a message shows it: briefly, whatever its size."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return ascii(value if len(value) <= 40 else value[:40] + "...")  # as config.brief
    if isinstance(value, int) and abs(value) >= FAR:
        return f"{'-' if value < 0 else ''}1e{len(str(abs(value))) - 1}"  # its size, briefly
    return repr(value) if isinstance(value, (int, float)) else type(value).__name__


def boolean(name: str, default: bool, help: str = "") -> Option:
    return Option(name, default, choices=(False, True), help=help)


def resolve(specs: Mapping[str, Option], given: Mapping[str, Any] | None) -> Mapping[str, Any]:
    """Every option of a game: the given values checked, the rest at their defaults (read-only).
    None means every default; anything else but a mapping (false, 0, "", []) is refused."""
    if given is None:
        given = {}
    if not isinstance(given, Mapping):
        raise OptionError("option.not_mapping", given=_show(given))
    for key in given:
        if key not in specs:
            raise OptionError("option.unknown", given=_show(key), known=tuple(sorted(specs)))
    values = {name: spec.check(given[name]) if name in given else spec.default
              for name, spec in specs.items()}
    return MappingProxyType(values)
