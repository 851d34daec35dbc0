"""Every game, registered once: what the record, the match, the AI, the command line and the window
need to know about a game, found by its id.

A game is a rules module in this package that defines `SPEC`, a `GameSpec`: its id and title,
its rules module (with `new_game`, `OPTIONS` and its state), the seats it takes, the recorded
actions of its events, the dotted name of its AI module, and whether it is played on a board
with the physics. The games are found by looking through this package for modules with a `SPEC`
(`games()`), so a new game is a new module here, nothing else in `rules/`; `register` adds one
from elsewhere (a test's toy game), `unregister` takes it away again.

A game owns its events (`events.py`): `codecs` maps each action name it records, beyond the
shared `roll`, to the `EventCodec` that reads and writes that event; `codec` and `codec_for`
find one by name or by the decision it records. `implied` names a decision the record leaves
out, and `facts` what the rules made of a step, for the window.

What the rest of the program needs of a game beyond its rules is named here too, so that a new
game touches only its own modules and data files: `window` (the module holding the window's
entry for it, `WINDOW`: its scene, controls, narration and how-to), `hints` (the module that
registers its hint, "" when it has no decision to hint) and `tally` (how the statistics count
its scores). They are dotted names, never imports: the rules stay free of the window and the AI.
"""

from __future__ import annotations

import pkgutil
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from importlib import import_module
from types import MappingProxyType, ModuleType
from typing import Any

from petanque_game.rules.events import SHARED_CODECS, EventCodec, EventError, as_codec

__all__ = ["EventCodec", "EventError", "GameSpec", "game_ids", "games", "register", "spec_of",
           "unregister"]


@dataclass(frozen=True)
class Measure:
    """How one game's scores are counted: the number players speak of and which way is better."""

    name: str = "points"  # "points", "penalty" or "chips" (the statistics' and the chart's label)
    lower_better: bool = False
    sign: int = 1  # the shown number is sign * the rules' score

    def shown(self, scores: Iterable[int]) -> tuple[int, ...]:
        return tuple(self.sign * s for s in scores)

    def best(self, values: Iterable[int]) -> int:
        return min(values) if self.lower_better else max(values)


POINTS = Measure("points")
PENALTY = Measure("penalty", lower_better=True, sign=-1)
CHIPS = Measure("chips")


def _no_entry(options: Mapping[str, Any]) -> str:
    return ""


def _events_done(events: list, index: int, state: Any) -> int:
    return index + 1


@dataclass(frozen=True)
class Tally:
    """How the statistics count a game. `measures` by entry: "" for the game itself, another
    name when an option makes a score another thing (counted apart as "<id>/<entry>");
    `entry(options)` is the entry a game's options fall in. `unit` and `progress(events, index,
    state after event index)`: how far a game has come, in the unit players count it in ("round",
    "turn"; "event" counts events)."""

    measures: Mapping[str, Measure] = field(default_factory=lambda: {"": POINTS})
    entry: Callable[[Mapping[str, Any]], str] = _no_entry
    unit: str = "event"
    progress: Callable[[list, int, Any], int] = _events_done


@dataclass(frozen=True)
class GameSpec:
    """One game, as everything outside its rules module sees it."""

    id: str  # the record's "game" (docs/records.md#the-top-level)
    title: str  # what players call it
    rules: ModuleType  # new_game(num_players, options), OPTIONS, its State
    actions: frozenset[str]  # the "action" of every event its records may hold
    ai: str  # dotted name of its AI module: choose(state, level, rng) (board games: board too)
    min_players: int
    max_players: int
    order: int = 100  # place in the menus
    board: bool = False  # played on a Terningepetanque board, each throw simulated
    codecs: Mapping[str, EventCodec] = field(default_factory=dict)  # its own actions
    # what the rules made of a step, for the window to tell and draw (never re-derived there):
    # facts(state before, decision, chance outcome or None, state after) -> a value or None
    facts: Callable[[Any, Any, Any, Any], Any] | None = None
    # a decision the record leaves out, due before an event: implied(state, event) -> it or None
    implied: Callable[[Any, Any], Any] | None = None
    _recorders: dict[type, EventCodec | None] = field(default_factory=dict, init=False, repr=False,
                                        compare=False)  # codec_for's answers, by decision class
    window: str = ""  # dotted name of the window's module for it (with WINDOW); "": none
    hints: str = ""  # dotted name of the module registering its hint; "": no decision to hint
    tally: Tally = field(default_factory=Tally)  # how the statistics count it
    # "module:NAME" of its chance hook (petanque_game/chance_hook.py); "": dice, as the tray games
    chance: str = ""

    @property
    def options(self) -> Mapping[str, Any]:
        return MappingProxyType(self.rules.OPTIONS)

    def new_game(self, num_players: int, options: Mapping | None = None) -> Any:
        return self.rules.new_game(num_players, options)

    def codec(self, action: str) -> EventCodec | None:
        """The codec of one of this game's actions (its own, else the shared one); None for an
        action it does not record."""
        if action not in self.actions:
            return None
        return as_codec(action, self.codecs.get(action) or SHARED_CODECS[action])

    def codec_for(self, decision: Any) -> EventCodec | None:
        """The codec recording `decision`; None for a decision that is not recorded
        (Terningepetanque's Accept)."""
        kind = type(decision)
        if kind not in self._recorders:
            found = (self.codec(a) for a in sorted(self.actions))
            self._recorders[kind] = next(
                (c for c in found if c is not None and issubclass(kind, c.decided)), None)
        return self._recorders[kind]


_added: dict[str, GameSpec] = {}
_found: dict[str, GameSpec] | None = None


def _find() -> dict[str, GameSpec]:
    global _found
    if _found is None:
        found = {}
        for info in pkgutil.iter_modules(_package_path()):
            module = import_module(f"{__package__}.{info.name}")
            spec = getattr(module, "SPEC", None)
            if isinstance(spec, GameSpec):
                found[spec.id] = spec
        _found = found
    return _found


def _package_path() -> list[str]:
    return list(import_module(__package__).__path__)


def games() -> tuple[GameSpec, ...]:
    """Every game, in menu order (then by id)."""
    every = {**_find(), **_added}
    return tuple(sorted(every.values(), key=lambda s: (s.order, s.id)))


def game_ids() -> tuple[str, ...]:
    return tuple(spec.id for spec in games())


def spec_of(game_id: str) -> GameSpec:
    """The game with this id; KeyError for an unknown one."""
    spec = _added.get(game_id) or _find().get(game_id)
    if spec is None:
        raise KeyError(game_id)
    return spec


def register(spec: GameSpec) -> None:
    """Add a game from outside this package (a test's toy game); its id must be new."""
    if spec.id in _find() or spec.id in _added:
        raise ValueError(f"a game {spec.id!r} is registered already")
    _added[spec.id] = spec


def unregister(game_id: str) -> None:
    """Take away a game `register` added."""
    del _added[game_id]
