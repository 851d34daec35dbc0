"""DESIGN.md's layers: rules import no pygame, pymunk or yaml; physics knows no pygame; nothing
but the command line imports the window."""

import ast
import subprocess
import sys
from pathlib import Path

import petanque_game

PACKAGE = Path(petanque_game.__file__).parent


def imported_modules(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def top_levels(folder: str) -> dict[Path, set[str]]:
    return {p: {n.split(".")[0] for n in imported_modules(p)}
            for p in (PACKAGE / folder).rglob("*.py")}


def test_rules_import_no_pygame_pymunk_or_yaml():
    for path, tops in top_levels("rules").items():
        assert not tops & {"pygame", "pymunk", "yaml"}, path


def test_rules_import_nothing_outside_the_standard_library_and_rules():
    for path in (PACKAGE / "rules").rglob("*.py"):
        for name in imported_modules(path):
            if name.startswith("petanque_game"):
                assert name.startswith("petanque_game.rules"), (path, name)


def test_physics_knows_no_pygame():
    for path, tops in top_levels("physics").items():
        assert "pygame" not in tops, path


def test_only_the_command_line_imports_the_window():
    for path in PACKAGE.rglob("*.py"):
        if path.parent.name == "ui" or path.name == "cli.py":
            continue
        assert not any(n.startswith("petanque_game.ui") for n in imported_modules(path)), path


def test_importing_every_game_loads_no_pygame_pymunk_or_yaml():
    code = ("import sys; from petanque_game.rules.games import games\n"
            "[g.rules for g in games()]\n"
            "bad = {'pygame', 'pymunk', 'yaml'} & {m.split('.')[0] for m in sys.modules}\n"
            "print(sorted(bad))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
