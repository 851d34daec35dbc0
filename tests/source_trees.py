"""The package's own source files as syntax trees, read once in each test process.

Several test files read every module of the package (the layers and the import cycles, the
games' own parts, pymunk's public names, the words drawn and the refusals raised), and some of
them read a module again in each test: each file is parsed once here, and its nodes listed once,
in the order ast.walk gives them. The trees are shared: the tests only read them."""

import ast
from functools import cache
from pathlib import Path


@cache
def tree(path: Path) -> ast.Module:
    """The syntax tree of the source file at `path`."""
    return ast.parse(Path(path).read_text(encoding="utf-8"))


@cache
def nodes(path: Path) -> tuple[ast.AST, ...]:
    """Every node of the file's tree, as ast.walk lists them."""
    return tuple(ast.walk(tree(path)))
