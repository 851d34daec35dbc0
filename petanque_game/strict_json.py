"""JSON read strictly, for files that may come from anyone (game records).

Python's `json` accepts what the JSON standard leaves open or forbids: NaN and Infinity, a key twice
in one object (the last one wins, silently), whole numbers of any length (and then fails to convert
one over 4300 digits with a message about `sys.set_int_max_str_digits`), and `\\uD800`-style escapes
that make a string no UTF-8 file can hold. `loads` refuses each of them with a reason a player can
read, as a JSONProblem.
"""

from __future__ import annotations

import json
from typing import Any

MAX_DIGITS = 30  # a whole number has at most this many digits


class JSONProblem(ValueError):
    """Text that is not strict JSON; str() is one line saying where and why."""


def loads(text: str) -> Any:
    """`text` parsed; JSONProblem for anything but strict JSON, RecursionError if nested too
    deeply."""
    try:
        data = json.loads(text, parse_constant=_refuse_constant, parse_int=_whole_number,
                          object_pairs_hook=_object)
    except json.JSONDecodeError as e:
        msg = e.msg.removesuffix(" at")  # "Unterminated string starting at"
        raise JSONProblem(f"not JSON: {msg[:1].lower()}{msg[1:]} at line {e.lineno}, "
                          f"column {e.colno}") from None
    except JSONProblem:
        raise
    except ValueError as e:  # a number Python will not convert
        raise JSONProblem(f"not usable JSON: {e}") from None
    if "\\u" in text:  # only an escape can make a lone surrogate
        _refuse_lone_surrogates(data)
    return data


def _refuse_constant(name: str) -> Any:
    raise JSONProblem(f"not JSON: {name} is not a number JSON allows")


def _whole_number(digits: str) -> int:
    length = len(digits.lstrip("-"))
    if length > MAX_DIGITS:
        raise JSONProblem(f"not usable JSON: a whole number of {length} digits is out of range "
                          f"(at most {MAX_DIGITS})")
    return int(digits)


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise JSONProblem(f"not usable JSON: the key {ascii(key)[:40]} appears twice in "
                                  "one object")
            seen.add(key)
    return obj


def _refuse_lone_surrogates(data: Any) -> None:
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            stack.extend(value.keys())
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
        elif isinstance(value, str) and not _is_text(value):
            raise JSONProblem(f"not usable JSON: the string {ascii(value)[:40]} holds a lone "
                              "surrogate (\\uD800-\\uDFFF), which is not text")


def _is_text(s: str) -> bool:
    try:
        s.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
