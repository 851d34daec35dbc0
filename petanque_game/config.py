"""Loading `config/*.yaml`: read with a safe loader, checked, handed out as read-only values.

A mistake names the file, the key and what was expected. The game keeps running: a broken entry
falls back to the built-in default and the problem is kept in `problems` for the window to show.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

import yaml

from petanque_game.rules import GAME_IDS, game_rules
from petanque_game.rules.options import OptionError, resolve

MAX_CONFIG_BYTES = 1024 * 1024


class ConfigError(ValueError):
    """A config file that cannot be used as it is; str() is one line naming file, key and reason."""

    def __init__(self, file: str, key: str | None, reason: str):
        self.file, self.key, self.reason = file, key, reason
        super().__init__(f"{file}: {key}: {reason}" if key else f"{file}: {reason}")


def read_yaml(path: Path | Any, name: str | None = None) -> Any:
    """Parse one YAML file safely; ConfigError for anything unreadable."""
    name = name or str(path)
    try:
        raw = path.read_bytes()
    except OSError as e:
        raise ConfigError(name, None, f"cannot read the file ({e.strerror or e})") from None
    if len(raw) > MAX_CONFIG_BYTES:
        raise ConfigError(name, None, f"the file is {len(raw)} bytes; at most {MAX_CONFIG_BYTES}")
    return parse_yaml(raw, name)


def parse_yaml(source: bytes | str, name: str) -> Any:
    """YAML text through the safe loader; ConfigError (naming `name`, the line and the column)
    for anything that is not valid YAML. Config files and levels both read with this."""
    try:
        return yaml.safe_load(source)
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(e, "problem", None) or "not valid YAML"
        raise ConfigError(name, None, f"not valid YAML{where}: {problem}") from None
    except RecursionError:
        raise ConfigError(name, None, "nested too deeply") from None


@dataclass(frozen=True)
class RuleDefaults:
    """The options each game starts with, and what was wrong with the file, if anything."""

    by_game: Mapping[str, Mapping[str, Any]]
    problems: tuple[str, ...] = field(default_factory=tuple)

    def options(self, game: str) -> dict[str, Any]:
        return dict(self.by_game[game])


def load_rule_defaults(path: Path | Any, name: str = "config/rules.yaml") -> RuleDefaults:
    """Rule options per game from `path`. Every game gets options: the file's where they are
    valid, RULES.md's defaults where they are missing or wrong (each wrong one is a problem)."""
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
        if key not in GAME_IDS:
            problems.append(str(ConfigError(name, str(key), f"unknown game; the games are "
                                            f"{', '.join(GAME_IDS)}")))
    by_game = {}
    for game in GAME_IDS:
        specs = game_rules(game).OPTIONS
        given = data.get(game) or {}
        if not isinstance(given, dict):
            problems.append(str(ConfigError(name, game, "expected a mapping of options")))
            given = {}
        valid = {}
        for key, value in given.items():
            try:
                resolve(specs, {key: value})
                valid[key] = value
            except OptionError as e:
                problems.append(str(ConfigError(name, f"{game}.{key}", str(e))))
        try:
            by_game[game] = resolve(specs, valid)
        except OptionError as e:  # options valid alone but not together
            problems.append(str(ConfigError(name, game, str(e))))
            by_game[game] = resolve(specs, {})
    return RuleDefaults(MappingProxyType(by_game), tuple(problems))


def shipped_rule_defaults() -> RuleDefaults:
    from petanque_game.data import config_dir

    return load_rule_defaults(config_dir() / "rules.yaml")
