"""The layers (docs/design.md#layers): rules import no pygame, pymunk or yaml; physics knows no
pygame; nothing but the command line imports the window; no module is in an import cycle."""

import ast
import subprocess
import sys
from pathlib import Path

import source_trees

import petanque_game

PACKAGE = Path(petanque_game.__file__).parent


def imported_modules(path: Path) -> set[str]:
    names = set()
    for node in source_trees.nodes(path):
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


def test_physics_imports_nothing_above_it():
    """physics/ sits below the players and the driver: no ai, match, fold or window in it (test
    support that throws like the AI, such as tests/dense_tables.py, lives in tests/)."""
    above = ("ai", "match", "fold", "saves", "stats", "history", "ui", "cli")
    for path in (PACKAGE / "physics").rglob("*.py"):
        for name in imported_modules(path):
            assert not any(name == f"petanque_game.{a}" or name.startswith(f"petanque_game.{a}.")
                           for a in above), (path, name)


def test_only_the_command_line_imports_the_window():
    for path in PACKAGE.rglob("*.py"):
        if "ui" in path.relative_to(PACKAGE).parts[:-1] or path.name == "cli.py":
            continue
        assert not any(n.startswith("petanque_game.ui") for n in imported_modules(path)), path


def test_importing_every_game_loads_no_pygame_pymunk_or_yaml():
    code = ("import sys; from petanque_game.rules.games import games\n"
            "[g.rules for g in games()]\n"
            "bad = {'pygame', 'pymunk', 'yaml'} & {m.split('.')[0] for m in sys.modules}\n"
            "print(sorted(bad))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


# --- no import cycle -------------------------------------------------------------------------

def module_names() -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its own name)."""
    out = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def import_graph() -> dict[str, set[str]]:
    """Module -> the package's modules it imports anywhere in its text: at the top, inside
    functions and under `if TYPE_CHECKING:` alike. `from package import name` counts as importing
    the module `package.name` when there is one, else the package itself."""
    modules = module_names()
    graph = {}
    for name, path in modules.items():
        found = set()
        for node in source_trees.nodes(path):
            if isinstance(node, ast.Import):
                found.update(a.name for a in node.names if a.name in modules)
            elif isinstance(node, ast.ImportFrom) and node.module in modules:
                for a in node.names:
                    sub = f"{node.module}.{a.name}"
                    found.add(sub if sub in modules else node.module)
        found.discard(name)
        graph[name] = found
    return graph


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import each other round a circle (the strongly connected
    components of more than one module, by Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return groups


def test_the_cycle_finder_finds_a_circle():
    assert import_cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert import_cycles({"a": {"b"}, "b": set()}) == []


def test_no_module_is_in_an_import_cycle():
    """No module of the package imports itself back round a circle, even through an import
    inside a function or for type hints only: the window's included (scenes are opened by name,
    ui/scenes/__init__.py, and know the app only as `scene.AppLike`)."""
    graph = import_graph()
    assert "petanque_game.physics.world" in graph["petanque_game.physics.settle"]  # it sees
    assert "petanque_game.ui.scene" in graph["petanque_game.ui.scenes"]  # ... ui/ too
    assert import_cycles(graph) == []


def test_no_scene_imports_the_app():
    """Only the command line imports ui/app.py; a scene uses the app through `AppLike`."""
    for path in (PACKAGE / "ui").rglob("*.py"):
        if path.name != "app.py":
            assert "petanque_game.ui.app" not in imported_modules(path), path


def test_the_app_is_what_scenes_expect(home, monkeypatch):
    """The App has every member of the `AppLike` protocol scenes are typed against."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    from petanque_game.ui.app import App
    from petanque_game.ui.scene import AppLike
    from petanque_game.ui.settings import load_settings

    app = App(settings=load_settings({}))
    try:
        assert isinstance(app, AppLike)
        assert not isinstance(object(), AppLike)
    finally:
        app.close()


def test_levels_and_launch_checks_load_no_pymunk():
    """Reading levels and checking launches needs no pymunk: it is loaded with the first
    simulated throw (`throw.simulate_throw` imports `settle.py` when it is called)."""
    code = ("import sys; import petanque_game.physics, petanque_game.physics.hand\n"
            "petanque_game.physics.load_named_level('classic')\n"
            "print('pymunk' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
