"""What the command line's subcommands share (cli.py, cli_challenge.py): the one-line usage
error, and reading --option KEY=VALUE and --level NAME|FILE."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

MAX_OPTION_TEXT = 100  # characters of one --option VALUE


class UsageError(Exception):
    """A command-line mistake: one line, exit 2."""


def check_option_lengths(pairs: list[str]) -> None:
    """Before any VALUE is read: none is long (a 5000-digit number is more than Python converts,
    and says so with a traceback)."""
    for pair in pairs:
        value = pair.partition("=")[2]
        if len(value) > MAX_OPTION_TEXT:
            raise UsageError(f"--option {pair[:40]!r}...: the value is {len(value)} characters; "
                             f"at most {MAX_OPTION_TEXT}")


def parse_options(pairs: list[str]) -> dict[str, Any]:
    from petanque_game.config import ConfigError, brief, parse_yaml

    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        if not sep or not key.strip():
            raise UsageError(f"--option {brief(pair, 80)} is not KEY=VALUE")
        try:
            value = parse_yaml(text, "--option")
        except ConfigError:
            raise UsageError(f"--option {brief(pair, 80)}: the value is not a YAML scalar") \
                from None
        if key.strip() in options:
            raise UsageError(f"--option {brief(key.strip(), 40)} is given twice; give each "
                             f"option once")
        options[key.strip()] = value
    return options


def check_level(spec: str, recording: bool = False) -> Any:
    """The board `--level` names: a level's name (shipped, or in the player's levels folder) or,
    when it has a / or \\ or ends in .yaml, the path of a level file (named by its file name)."""
    from petanque_game.config import brief
    from petanque_game.physics import LevelError, level_sha256, load_named_level
    from petanque_game.physics.level import load_level_file, user_levels_dir

    try:
        if not (any(c in spec for c in "/\\") or spec.endswith(".yaml")):
            return load_named_level(spec)
        board = load_level_file(spec)
    except (LevelError, OSError, KeyError, ValueError) as e:
        raise UsageError(f"level {brief(spec, 80)}: {e}") from None
    if recording:
        try:
            level_sha256(board.name)
        except LevelError:
            print(f"petanque-game simulate: note: the records name the board {board.name!r}; "
                  f"to verify or replay them, put {Path(spec).name} in {user_levels_dir()}",
                  file=sys.stderr)
    return board
