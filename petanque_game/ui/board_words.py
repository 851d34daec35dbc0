"""The board checker's refusals in the board editor's own words, in the language in use.

The checker (physics/level_check.py, level_play.py) speaks the file format: `obstacles[0].points:
'block 1' is 20 mm across at its narrowest: ...`. The editor shows what the player sees: the part
("Obstacle 1 ('block 1'): its corners") and the reason in the editor's texts
(assets/text/<language>/editor.yaml, `why.*`). A reason the editor has no words for yet is shown
as the checker says it, after the part in the editor's words.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from petanque_game.ui.look import Look

if TYPE_CHECKING:
    from petanque_game.board_edit import Problem
    from petanque_game.board_files import ImportProblem

_NUMBER = r"(-?[0-9.]+(?:e[-+]?[0-9]+)?)"
# (pattern of the checker's reason, the text's key, the names of its groups): first match wins
REASONS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    (rf"^{_NUMBER} is out of range \[{_NUMBER}, {_NUMBER}\]( [^ (]+)?", "range",
     ("value", "low", "high", "unit")),
    (r"^must be a convex polygon", "convex", ()),
    (r"^every corner must lie on the board", "off_board", ()),
    (rf"^'.*' is {_NUMBER} mm across at its narrowest: at least {_NUMBER} mm", "thin",
     ("width", "least")),
    (rf"^'.*' is {_NUMBER} mm across at its narrowest and a throw can come down on its top: "
     rf".* wider than {_NUMBER} mm \(make it narrower, or at least {_NUMBER} mm high",
     "wide", ("width", "ledge", "top")),
    (rf"^covers the centre, where the diamond is laid: keep it at least {_NUMBER} mm",
     "centre", ("room",)),
    (rf"^is too small: .* needs {_NUMBER} mm", "small", ("room",)),
    (r"^the board's centre \(0, 0\) must lie inside it", "centre_inside", ()),
    (r"^wall '(.*)' crosses wall '(.*)' \(", "walls_cross", ("wall", "other")),
    (r"^wall '(.*)' crosses the board", "wall_board", ("wall",)),
    (r"^wall '(.*)' crosses obstacle '(.*)'$", "wall_block", ("wall", "block")),
    (r"^seat \d+'s release zone behind wall '(.*)' runs into wall '(.*)'$", "release",
     ("wall", "other")),
    (r"^from seat \d+ \(wall '(.*)'\) ", "seat", ("wall",)),
    (r"^with two players the walls must stand on opposite sides", "opposite", ()),
    (r"^.* is more than felt\.friction", "roll", ()),
    (r"^must be a non-empty text", "empty_text", ()),
    (rf"^must be one line of at most {_NUMBER} characters", "long_text", ("most",)),
    (r"^.* is used twice", "twice", ()),
    (r"^unknown key", "unknown", ()),
    (r"^missing$", "missing", ()),
)


def said(look: Look, problem: Problem, data: dict[str, Any] | None = None) -> str:
    """The editor's line for a checker's `Problem` (board_edit.py) of the draft whose data is
    `data` (for the names of its walls and obstacles)."""
    if problem.part == "name":
        from petanque_game.physics.level import name_fault

        fault = name_fault(problem.key or "", new=True)
        return look.tr(f"editor.why.name_{fault}" if fault else "editor.why.name_shipped")
    if problem.key is None or problem.reason is None:
        return problem.line.split(": ", 1)[-1]  # about the whole file: no key to put in words
    return look.tr("editor.why.line", part=place(look, problem.key, data or {}),
                   why=reason(look, problem.reason))


def reason(look: Look, text: str) -> str:
    """A checker's reason in the editor's words (the checker's own when there are none)."""
    for pattern, key, names in REASONS:
        found = re.match(pattern, text)
        if found:
            fields = {n: _written(look, (found.group(i + 1) or "").strip())
                      for i, n in enumerate(names)}
            if fields.get("unit"):  # " mm", " degrees" (in the language's word)
                unit = fields["unit"]
                fields["unit"] = " " + (look.tr(f"editor.unit.{unit}")
                                        if look.has(f"editor.unit.{unit}") else unit)
            return look.tr(f"editor.why.{key}", **fields)
    return text


def place(look: Look, key: str, data: dict[str, Any]) -> str:
    """A checker's key (`obstacles[1].points[2].x`) as the editor names that part."""
    found = re.match(r"^(obstacles|walls\.sides)\[(\d+)\](?:\.(\w+))?(?:\[(\d+)\])?", key)
    if found:
        kind, index, sub, corner = found.groups()
        i = int(index)
        listed = data.get("obstacles", []) if kind == "obstacles" else \
            data.get("walls", {}).get("sides", [])
        name = listed[i].get("name", "") if isinstance(listed, list) and i < len(listed) and \
            isinstance(listed[i], dict) else ""
        whole = look.tr("editor.part.obstacle" if kind == "obstacles" else "editor.part.wall",
                        n=i + 1)
        if name:
            whole += f" ({str(name)[:40]})"
        if corner is not None:
            return look.tr("editor.part.of", part=whole,
                           what=look.tr("editor.part.corner", n=int(corner) + 1))
        if sub in _SUBS and not (kind == "obstacles" and sub == "points"):  # the block itself
            return look.tr("editor.part.of", part=whole, what=look.tr(f"editor.part.{sub}"))
        return whole
    head, _, rest = key.partition(".")
    if head == "felt" and look.has(f"editor.felt.{rest}"):
        return look.tr("editor.part.of", part=look.tr("editor.part.felt"),
                       what=look.tr(f"editor.felt.{rest}"))
    if head == "seats" and rest in ("2", "3", "4"):
        return look.tr("editor.part.seats", n=rest)
    if head == "board" and rest.split("[")[0] in _SUBS:
        return look.tr("editor.part.of", part=look.tr("editor.part.felt"),
                       what=look.tr(f"editor.part.{rest.split('[')[0]}"))
    if look.has(f"editor.part.{head}"):
        return look.tr(f"editor.part.{head}")
    return key


def _written(look: Look, text: str) -> str:
    """A number of the checker's (`89.6`) with the language's decimal point (`89,6`); any other
    field (a wall's name) as it is."""
    if re.fullmatch(_NUMBER, text):
        return text.replace(".", look.tr("language.decimal_point"))
    return text


_SUBS = ("points", "height", "name", "length", "angle", "width", "radius", "shape")


def import_problem(look: Look, problem: ImportProblem) -> str:
    """Why a file was not imported (board_files.ImportProblem), in the player's words."""
    kinds: dict[str, Callable[[], str]] = {
        "is_folder": lambda: look.tr("files.is_folder"),
        "not_file": lambda: look.tr("editor.why.not_file"),
        "too_large": lambda: look.tr("editor.why.too_large", size=look.number(problem.size)),
        "system": lambda: look.os_reason(problem.error) if problem.error else problem.why,
    }
    return kinds.get(problem.kind, lambda: problem.why)()
