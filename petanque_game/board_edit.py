"""A board being edited (the window's board editor, ui/scenes/board_editor.py), no window in it.

A draft is the board file's data (docs/levels.md) plus its name, changed by small edits in the
editor's words (move an obstacle, turn a wall, pick a felt's feel), each undoable. Whether the
game would accept the draft is asked of the same checker that reads board files
(`physics.level.parse_level_text`): `problem()` is its one line, with the part of the board it is
about (`Problem.part`), so the editor can mark that part; a draft with a problem is never saved.
"""

from __future__ import annotations

import copy
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import yaml

GRID = 10.0  # mm: what the snap rounds to
MAX_UNDO = 200
SQUARE = 30.0  # mm: the side of a new obstacle
# The felt's feel: what a player picks; the numbers stay under "advanced".
FEELS: dict[str, dict[str, float]] = {
    "normal": {"friction": 0.35, "restitution": 0.2, "landing_friction": 0.2, "roll_keep": 0.5,
               "roll_friction": 0.08},
    "fast": {"friction": 0.25, "restitution": 0.2, "landing_friction": 0.15, "roll_keep": 0.6,
             "roll_friction": 0.06},
    "slow": {"friction": 0.6, "restitution": 0.15, "landing_friction": 0.35, "roll_keep": 0.35,
             "roll_friction": 0.15},
    "bumpy": {"friction": 0.35, "restitution": 0.45, "landing_friction": 0.1, "roll_keep": 0.7,
              "roll_friction": 0.08},
}
SHAPES = ("rect", "circle", "polygon")


@dataclass(frozen=True)
class Problem:
    """Why the game would refuse the draft: the checker's line, and the part it is about
    ("board", "walls", ("obstacle", i), ("wall", i), or None for the board as a whole)."""

    line: str
    part: Any = None
    key: str | None = None  # the checker's key and reason (LevelError's), when it names a key
    reason: str | None = None


class Draft:
    def __init__(self, data: dict[str, Any], name: str):
        self.data = data
        self.name = name
        self._past: list[dict[str, Any]] = []
        self._future: list[dict[str, Any]] = []
        self.snap = True
        # (name, SHA-256 of the text) of the last board this draft saved: saved again under that
        # name, it replaces its own file without a question (unless the file changed since)
        self.saved: tuple[str, str] | None = None
        # The last check and what it was of (the name and the data as text): the window asks
        # every frame, and a check (the file written and read back, the seats' throws tried)
        # takes tens of milliseconds.
        self._checked: tuple[tuple[str, str], Problem | None] | None = None

    @classmethod
    def from_text(cls, text: str, name: str) -> Draft:
        """A draft of a board file's text (a shipped board to start from, or an import);
        LevelError when the text is not a board the game accepts."""
        from petanque_game.physics.level import parse_level_text

        parse_level_text(text, name)
        return cls(yaml.safe_load(text), name)

    # --- the file ------------------------------------------------------------------------------

    def text(self) -> str:
        head = "# Made in the board editor of petanque-game. The format: docs/levels.md.\n"
        return head + yaml.safe_dump(self.data, sort_keys=False, allow_unicode=True,
                                     default_flow_style=None, width=100)

    def problem(self) -> Problem | None:
        """What the game would refuse in the draft, or None: it can be saved and played (checked
        again only when the name or the data changed since the last time)."""
        of = (self.name, repr(self.data))
        if self._checked is None or self._checked[0] != of:
            self._checked = (of, self._check())
        return self._checked[1]

    def checked(self) -> tuple[bool, Problem | None]:
        """Is the last check of the draft as it is now, and what did it find?"""
        of = (self.name, repr(self.data))
        if self._checked is not None and self._checked[0] == of:
            return True, self._checked[1]
        return False, None

    def check_later(self) -> Callable[[], tuple[tuple[str, str], Problem | None]]:
        """The check of the draft as it is now, to be run on another thread (it checks a copy):
        what it was of, and what it found, for `keep_check`."""
        of, draft = (self.name, repr(self.data)), Draft(copy.deepcopy(self.data), self.name)
        return lambda: (of, draft._check())

    def keep_check(self, of: tuple[str, str], problem: Problem | None) -> None:
        """A check made by `check_later`: `problem()` answers from it while the draft is what
        it was of."""
        self._checked = (of, problem)

    def _check(self) -> Problem | None:
        from petanque_game.physics.level import LevelError, name_problem, parse_level_text

        named = name_problem(self.name, new=True)
        if named is not None:
            return Problem(f"{self.name}: {named}", "name", self.name, named)
        try:
            parse_level_text(self.text(), self.name)
        except LevelError as e:
            return Problem(str(e), part_of(str(e)), e.key, e.reason)
        return None

    # --- undo ----------------------------------------------------------------------------------

    def _edit(self) -> dict[str, Any]:
        """Before a change: keep what there was, for undo; the data to change."""
        self._past.append(copy.deepcopy(self.data))
        del self._past[:-MAX_UNDO]
        self._future.clear()
        return self.data

    def undo(self) -> bool:
        if not self._past:
            return False
        self._future.append(self.data)
        self.data = self._past.pop()
        return True

    def redo(self) -> bool:
        if not self._future:
            return False
        self._past.append(self.data)
        self.data = self._future.pop()
        return True

    def _snap(self, value: float) -> float:
        return round(value / GRID) * GRID if self.snap else round(value, 1)

    # --- the felt ------------------------------------------------------------------------------

    def set_shape(self, shape: str) -> None:
        """Rectangle, round or polygon, about as big as the felt was."""
        reach = self.reach()
        data = self._edit()
        if shape == "rect":
            data["board"] = {"shape": "rect", "width": self._snap(reach * 2),
                             "height": self._snap(reach * 1.3)}
        elif shape == "circle":
            data["board"] = {"shape": "circle", "radius": self._snap(reach)}
        else:  # a regular octagon to start from
            data["board"] = {"shape": "polygon", "points": [
                [self._snap(reach * math.cos(math.radians(22.5 + 45 * i))),
                 self._snap(reach * math.sin(math.radians(22.5 + 45 * i)))] for i in range(8)]}
        self._fit_walls()

    def resize_felt(self, factor: float) -> None:
        """The felt larger or smaller by `factor`, the obstacles kept where they are."""
        data = self._edit()
        board = data["board"]
        for key in ("width", "height", "radius"):
            if key in board:
                board[key] = max(GRID, self._snap(board[key] * factor))
        if "points" in board:
            board["points"] = [[self._snap(x * factor), self._snap(y * factor)]
                               for x, y in board["points"]]
        self._fit_walls()

    def reach(self) -> float:
        """How far the felt reaches from its centre, at most."""
        board = self.data["board"]
        if board["shape"] == "rect":
            width: float = board["width"]
            height: float = board["height"]
            return max(width, height) / 2
        if board["shape"] == "circle":
            radius: float = board["radius"]
            return radius
        return max(math.hypot(x, y) for x, y in board["points"])

    def set_feel(self, feel: str) -> None:
        data = self._edit()
        data["felt"] = dict(FEELS[feel])

    def feel(self) -> str | None:
        """The preset the felt's numbers are, or None (numbers of one's own)."""
        return next((name for name, numbers in FEELS.items() if numbers == self.data["felt"]),
                    None)

    def set_number(self, section: str, key: str, value: float) -> None:
        """An "advanced" number, as it is."""
        self._edit()[section][key] = value

    # --- walls ---------------------------------------------------------------------------------

    def walls(self) -> list[dict[str, Any]]:
        sides: list[dict[str, Any]] = self.data["walls"]["sides"]
        return sides

    def turn_wall(self, index: int, degrees: float) -> None:
        wall = self._edit()["walls"]["sides"][index]
        wall["angle"] = round((wall["angle"] + degrees + 360) % 360, 1)

    def lengthen_wall(self, index: int, mm: float) -> None:
        wall = self._edit()["walls"]["sides"][index]
        wall["length"] = max(GRID, self._snap(wall["length"] + mm))

    def seats_from(self, index: int) -> None:
        """The first seat throws from wall `index`, the others following it clockwise (the
        walls' order); two players from it and the wall two further on."""
        names = [w["name"] for w in self.data["walls"]["sides"]]
        order = names[index:] + names[:index]
        seats = self._edit()["seats"]
        for n in list(seats):
            count = int(n)
            seats[n] = [order[0], order[len(order) // 2]] if count == 2 else order[:count]

    def _fit_walls(self) -> None:
        """After the felt changed size: every wall as long as the felt is wide across it."""
        for wall in self.data["walls"]["sides"]:
            wall["length"] = self._snap(2 * self.reach())

    # --- obstacles -----------------------------------------------------------------------------

    def obstacles(self) -> list[dict[str, Any]]:
        obstacles: list[dict[str, Any]] = self.data["obstacles"]
        return obstacles

    def add_obstacle(self, x: float, y: float) -> int:
        """A square block centred at (x, y) mm; its index."""
        data = self._edit()
        x, y, h = self._snap(x), self._snap(y), SQUARE / 2
        taken = {o["name"] for o in data["obstacles"]}
        n = 1 + len(data["obstacles"])
        while f"block {n}" in taken:
            n += 1
        data["obstacles"].append({"name": f"block {n}", "height": 40.0, "points": [
            [x - h, y - h], [x + h, y - h], [x + h, y + h], [x - h, y + h]]})
        return len(data["obstacles"]) - 1

    def remove_obstacle(self, index: int) -> None:
        del self._edit()["obstacles"][index]

    def move_obstacle(self, index: int, dx: float, dy: float) -> None:
        """Moved by (dx, dy) mm; with the snap on, its centre lands on the grid."""
        block = self._edit()["obstacles"][index]
        cx, cy = centre(block["points"])
        tx, ty = self._snap(cx + dx), self._snap(cy + dy)
        block["points"] = [[round(x + tx - cx, 1), round(y + ty - cy, 1)]
                           for x, y in block["points"]]

    def turn_obstacle(self, index: int, degrees: float) -> None:
        block = self._edit()["obstacles"][index]
        cx, cy = centre(block["points"])
        c, s = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
        block["points"] = [[round(cx + (x - cx) * c - (y - cy) * s, 1),
                            round(cy + (x - cx) * s + (y - cy) * c, 1)]
                           for x, y in block["points"]]

    def scale_obstacle(self, index: int, factor: float) -> None:
        block = self._edit()["obstacles"][index]
        cx, cy = centre(block["points"])
        block["points"] = [[round(cx + (x - cx) * factor, 1), round(cy + (y - cy) * factor, 1)]
                           for x, y in block["points"]]

    def raise_obstacle(self, index: int, mm: float) -> None:
        block = self._edit()["obstacles"][index]
        block["height"] = max(GRID, block["height"] + mm)

    def obstacle_at(self, x: float, y: float) -> int | None:
        """The obstacle whose outline holds (x, y) mm, the topmost (last) first."""
        for i in reversed(range(len(self.obstacles()))):
            if inside(self.obstacles()[i]["points"], x, y):
                return i
        return None

    # --- words ---------------------------------------------------------------------------------

    def set_words(self, title: str, description: str) -> None:
        data = self._edit()
        data["title"], data["description"] = title, description


def empty_text() -> str:
    """An empty board to start from: the classic board's walls, dice and throw, no obstacles."""
    from petanque_game.physics.level import board_text

    data = yaml.safe_load(board_text("classic"))
    data["title"], data["description"] = "My board", "A board of my own."
    data["obstacles"] = []
    return yaml.safe_dump(data, sort_keys=False)


def centre(points: list[list[float]]) -> tuple[float, float]:
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


def inside(points: list[list[float]], x: float, y: float) -> bool:
    """Is (x, y) inside the convex outline `points` (either order)?"""
    signs = set()
    for (ax, ay), (bx, by) in zip(points, points[1:] + points[:1]):
        cross = (bx - ax) * (y - ay) - (by - ay) * (x - ax)
        if cross:
            signs.add(cross > 0)
    return len(signs) <= 1


def part_of(line: str) -> Any:
    """The part of the board a checker's line is about."""
    found = re.search(r": (obstacles|walls\.sides)\[(\d+)\]", line)
    if found:
        return ("obstacle" if found.group(1) == "obstacles" else "wall", int(found.group(2)))
    for key, part in ((": board", "board"), (": felt", "felt"), (": walls", "walls"),
                      (": seats", "walls"), (": obstacles", "obstacles"), (": throw", "throw"),
                      (": title", "words"), (": description", "words")):
        if key in line:
            return part
    return None
