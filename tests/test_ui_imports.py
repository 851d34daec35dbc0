"""Scenes by name (docs/design.md#scenes-by-name): the window's modules, read with `ast`,
every import counted wherever it stands (at the top or inside a function), except those under
`if TYPE_CHECKING:`, which never run. No scene module imports another scene module, only the
registry (ui/scenes/__init__.py) imports scene modules, and the ui modules import each other in no
circle."""

import ast
from functools import cache
from pathlib import Path

import pytest
import source_trees

import petanque_game

UI = Path(petanque_game.__file__).parent / "ui"
PREFIX = "petanque_game.ui."

# The modules that hold the scenes opened by name (ui/scenes/__init__.py), one per line.
SCENE_MODULES = {
    "scenes.menu",     # MenuScene
    "scenes.game_lists",  # ReplayListScene, ResumeListScene
    "scenes.setup",    # SetupScene
    "table.scene",  # TableScene
    "tray.scene",   # TrayScene
    "scenes.results",  # ResultsScene
    "scenes.help",     # RulesScene
    "scenes.settings_scene",  # SettingsScene
    "scenes.handover",  # HandoverScene
    "scenes.trouble",  # ErrorScene
    "scenes.statistics",  # StatisticsScene
    "scenes.about",  # AboutScene
    "scenes.online",  # OnlineScene
    "scenes.challenges",  # ChallengesScene
    "scenes.board_editor",  # BoardEditorScene
    "scenes.side_by_side",  # SideBySideScene
}
REGISTRY = "scenes"


def _type_checking_only(node: ast.AST) -> bool:
    test = getattr(node, "test", None)
    return isinstance(node, ast.If) and (
        (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
        or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"))


def _imports(tree: ast.AST) -> list[tuple[str, list[str]]]:
    """(module, [names imported from it]) of every import in `tree`, however deep."""
    found: list[tuple[str, list[str]]] = []
    stack = [tree]
    while stack:
        node = stack.pop()
        if _type_checking_only(node):
            stack.extend(node.orelse)  # the `if` body is for the type checker only
            continue
        if isinstance(node, ast.Import):
            found += [(alias.name, []) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, "relative imports are not used in this project"
            found.append((node.module or "", [alias.name for alias in node.names]))
        stack.extend(ast.iter_child_nodes(node))
    return found


@cache  # read when a test asks, on the one worker that runs this file, not as it is collected
def ui_import_graph() -> dict[str, set[str]]:
    """{ui module: the ui modules it imports}, by short name ("menu", "theme", ...)."""
    files = {_name(p): p for p in UI.rglob("*.py") if p.parent != UI or p.name != "__init__.py"}
    modules = set(files)
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        edges = set()
        for module, names in _imports(source_trees.tree(path)):
            if module == "petanque_game.ui" or module.startswith(PREFIX):
                package = module[len(PREFIX):] if module.startswith(PREFIX) else ""
                inner = {f"{package}.{n}" if package else n for n in names}
                if inner & modules:  # from petanque_game.ui.table import view
                    edges.update(inner & modules)
                elif package:  # from petanque_game.ui.table.view import TableView
                    edges.add(package if package in modules else package.split(".")[0])
        graph[name] = edges - {name}
    return graph


def _name(path) -> str:
    """A ui module's short name: "theme", "table.view" for one in a subpackage, "scenes" for the
    subpackage's own `__init__.py`."""
    parts = path.relative_to(UI).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One circle of imports in `graph` (as the path round it), or None."""
    done: set[str] = set()
    path: list[str] = []
    on_path: set[str] = set()

    def visit(node: str) -> list[str] | None:
        if node in on_path:
            return [*path[path.index(node):], node]
        if node in done:
            return None
        path.append(node)
        on_path.add(node)
        for nxt in sorted(graph.get(node, ())):
            cycle = visit(nxt)
            if cycle:
                return cycle
        path.pop()
        on_path.discard(node)
        done.add(node)
        return None

    for start in sorted(graph):
        cycle = visit(start)
        if cycle:
            return cycle
    return None


def test_the_scene_modules_named_here_are_the_window_s():
    assert SCENE_MODULES | {REGISTRY, "app", "scene"} <= set(ui_import_graph())
    scene_classes = {_name(p) for p in UI.rglob("*.py")
                     if any(isinstance(n, ast.ClassDef) and n.name.endswith("Scene")
                            and n.name not in ("Scene", "GameScene")
                            for n in source_trees.tree(p).body)}
    assert scene_classes == SCENE_MODULES  # a new scene module is named in this test


@pytest.mark.parametrize("module", sorted(SCENE_MODULES))
def test_no_scene_module_imports_another(module):
    imported = ui_import_graph()[module]
    assert not imported & SCENE_MODULES, f"{module} imports {imported & SCENE_MODULES}"


def test_only_the_registry_imports_the_scene_modules():
    graph = ui_import_graph()
    importers = {m: graph[m] & SCENE_MODULES for m in graph if graph[m] & SCENE_MODULES}
    assert importers == {REGISTRY: SCENE_MODULES}


def test_the_ui_modules_import_each_other_in_no_circle():
    cycle = find_cycle(ui_import_graph())
    assert cycle is None, " -> ".join(cycle)


def test_the_cycle_finder_finds_a_circle_and_function_local_imports_count():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) is None
    tree = ast.parse("from typing import TYPE_CHECKING\n"
                     "if TYPE_CHECKING:\n    from petanque_game.ui.app import App\n"
                     "def f():\n    from petanque_game.ui import menu, theme\n"
                     "    import petanque_game.ui.tray.x\n")
    assert sorted(_imports(tree)) == [("petanque_game.ui", ["menu", "theme"]),
                                      ("petanque_game.ui.tray.x", []),
                                      ("typing", ["TYPE_CHECKING"])]


def test_every_registered_name_opens_its_scene(home):
    from ui_support import fast_app

    from petanque_game.record import Seat
    from petanque_game.ui.scenes import SCENES
    from petanque_game.ui.session import new_game

    app = fast_app()
    assert app.top.name == "menu" and set(app.factories) == set(SCENES)
    session = new_game("ten-thousand", [Seat("Ana", "human"), Seat("Bo", "human")], {}, 1)
    from petanque_game.match import Match

    finished = Match.new("ten-thousand", [Seat("Ana", "ai", "easy")], {"target": 500}, 3)
    finished.play_to_end()
    kept = home / "finished.json"
    kept.write_text(finished.record.dumps(), encoding="utf-8")
    arguments = {"tray": (session,), "results": (session,), "rules": ("ten-thousand", "Tk"),
                 "error": ("a bug", None), "handover": ("Bo", 1),
                 "side_by_side": (kept, kept, ("Ana", "Ana"))}
    for name in SCENES:
        if name == "table":
            continue  # needs a Terningepetanque session: tests/test_ui_table.py opens it
        scene = app.open(name, *arguments.get(name, ()))
        assert app.top is scene and scene.name == name
        app.render()
    with pytest.raises(KeyError, match="no scene is registered as 'nosuch'"):
        app.open("nosuch")
    app.back_to_menu()
    assert [s.name for s in app.scenes] == ["menu"]
    app.close()
