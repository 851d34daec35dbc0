"""The rule options each game starts with, from the game's own file in config/games/
(`<game id>.yaml`: its `options`, its rules page's order under `help`, its quick game under
`quick`), read through config.py's bounded loader and checked against the game's OPTIONS. A wrong
option falls back to the rules' default and becomes one problem naming its file and key."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from petanque_game.config import SHOWN, ConfigError, _cut, key_text, looks_like_key, read_yaml

# The games' registry and their options (every rules module) are imported by the functions that
# read them: the settings and texts the window starts with need none of them.


@dataclass(frozen=True)
class RuleDefaults:
    """The options each game starts with, and what was wrong with the file, if anything."""

    by_game: Mapping[str, Mapping[str, Any]]
    problems: tuple[str, ...] = field(default_factory=tuple)

    def options(self, game: str) -> dict[str, Any]:
        return dict(self.by_game[game])


def load_rule_defaults(path: Path | Any, name: str = "rules.yaml") -> RuleDefaults:
    """Rule options per game from one file at `path` (a mapping of game ids to options). Every
    game gets options: the file's where they are valid, the rules' defaults where they are
    missing or wrong (each wrong one is a problem)."""
    from petanque_game.rules.games import game_ids

    problems: list[str] = []
    try:
        data = read_yaml(path, name)
    except ConfigError as e:
        data, problems = {}, [str(e)]
    if data is None:
        data = {}
    if not isinstance(data, dict):
        problems.append(str(ConfigError(name, None, "expected a mapping of game ids to options")))
        data = {}
    for key in data:
        if key not in game_ids():
            problems.append(str(ConfigError(name, key_text(key),
                                            "unknown game; the games are "
                                            f"{', '.join(game_ids())}")))
    return _rule_defaults(data, lambda game: (name, game), problems)


def _rule_defaults(data: Mapping[str, Any], where: Any, problems: list[str]) -> RuleDefaults:
    """Every game's options from `data` (game id -> options given); `where(game)` is the file and
    the place of a game's options, for the problems."""
    from petanque_game.rules.games import game_ids, spec_of
    from petanque_game.rules.options import OptionError, resolve

    by_game = {}
    for game in game_ids():
        specs = spec_of(game).rules.OPTIONS
        name, place = where(game)
        given = data.get(game) or {}
        if not isinstance(given, dict):
            problems.append(str(ConfigError(name, place, "expected a mapping of options")))
            given = {}
        valid = {}
        for key, value in given.items():
            problem = _option_problem(specs, key, value)
            if problem is None:
                valid[key] = value
            else:
                problems.append(str(ConfigError(name, f"{place}.{key_text(key)}", problem)))
        try:
            by_game[game] = resolve(specs, valid)
        except OptionError as e:  # options valid alone but not together
            problems.append(str(ConfigError(name, place, str(e))))
            by_game[game] = resolve(specs, {})
    return RuleDefaults(MappingProxyType(by_game), tuple(problems))


def game_files(part: str, folder: Any = None) -> tuple[dict[str, Any], list[str]]:
    """Each game's `part` ("options": the rule options a new game starts with; "help": the order
    of its rules page) from its own file in config/games/, `<game id>.yaml`, by game id; and the
    problems found, each naming its file. A game adds its file; no shared file lists the games."""
    from petanque_game.rules.games import game_ids

    if folder is None:
        from petanque_game.data import config_dir

        folder = config_dir() / "games"
    found: dict[str, Any] = {}
    problems: list[str] = []
    entries = sorted(folder.iterdir(), key=lambda e: e.name) if folder.is_dir() else []
    for entry in entries:
        if not entry.name.endswith(".yaml"):
            continue
        game, name = entry.name[: -len(".yaml")], f"config/games/{entry.name}"
        try:
            data = read_yaml(entry, name)
        except ConfigError as e:
            problems.append(str(e))
            continue
        if game not in game_ids():
            problems.append(str(ConfigError(name, None, "unknown game; the games are "
                                            f"{', '.join(game_ids())}")))
        elif not isinstance(data, dict):
            problems.append(str(ConfigError(name, None, "expected a mapping with `options` and "
                                            "`help`")))
        else:
            found[game] = data.get(part)
    return found, problems


def shipped_rule_defaults() -> RuleDefaults:
    """The options each game starts with: the `options` of its file in config/games/."""
    data, problems = game_files("options")
    return _rule_defaults(data, lambda game: (f"config/games/{game}.yaml", "options"), problems)


def shipped_quick_options(folder: Any = None) -> tuple[dict[str, dict[str, Any]], list[str]]:
    """Each game's quick game, the setup's first offer: the options its file's `quick` part sets
    over its `options` (a game without the part has no quick game); and what was wrong, each
    problem naming its file and option (a wrong option is left out)."""
    from petanque_game.rules.games import spec_of

    found, problems = game_files("quick", folder)
    quick: dict[str, dict[str, Any]] = {}
    for game, given in found.items():
        name = f"config/games/{game}.yaml"
        if given is None:
            continue
        if not isinstance(given, dict):
            problems.append(str(ConfigError(name, "quick", "expected a mapping of options")))
            continue
        specs = spec_of(game).rules.OPTIONS
        quick[game] = {}
        for key, value in given.items():
            problem = _option_problem(specs, key, value)
            if problem is None:
                quick[game][key] = value
            else:
                problems.append(str(ConfigError(name, f"quick.{key_text(key)}", problem)))
    return quick, problems


def _option_problem(specs: Mapping[str, Any], key: Any, value: Any) -> str | None:
    """What is wrong with option `key: value`, or None. A long key or text is never a valid
    option (names and choices are short words), so the message is made from a cut copy."""
    from petanque_game.rules.options import OptionError, resolve

    if not looks_like_key(key):  # no option's name: the refusal would quote it
        return "unknown option"
    try:
        resolve(specs, {key: value})
        return None
    except OptionError as e:
        problem = str(e)

    def cut(v: Any) -> Any:
        return v[:SHOWN] + "..." if isinstance(v, str) and len(v) > SHOWN else v

    try:
        resolve(specs, {cut(key): cut(value)})
    except OptionError as e:
        problem = str(e)
    return _cut(problem, 200)
