"""Modules stay small (docs/design.md#habits-of-the-code): no module of petanque_game/ is
longer than LIMIT lines. The modules still over it are listed by name with their length today;
the list only shrinks: a module that grows over the limit fails, and so does a listed one that
has grown longer or has come under the limit (take it off the list)."""

from pathlib import Path

import petanque_game

PACKAGE = Path(petanque_game.__file__).parent
LIMIT = 400

# Still over the limit, to be split (issue 31): module -> its lines when it was listed.
STILL_OVER: dict[str, int] = {}


def lengths(root: Path) -> dict[str, int]:
    """Every module under `root` by its path from there ("ui/app.py"), with its number of lines."""
    return {path.relative_to(root).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
            for path in sorted(root.rglob("*.py"))}


def over(root: Path, limit: int = LIMIT) -> dict[str, int]:
    return {name: n for name, n in lengths(root).items() if n > limit}


def test_the_count_finds_a_module_over_the_limit(tmp_path):
    (tmp_path / "inner").mkdir()
    (tmp_path / "inner" / "long.py").write_text("x = 1\n" * 401, encoding="utf-8")
    (tmp_path / "short.py").write_text("x = 1\n" * 400, encoding="utf-8")
    assert over(tmp_path) == {"inner/long.py": 401}


def test_no_module_is_over_the_limit_but_the_listed():
    found = over(PACKAGE)
    assert {name: n for name, n in found.items() if name not in STILL_OVER} == {}


def test_the_listed_modules_only_shrink():
    sizes = lengths(PACKAGE)
    grown = {name: sizes.get(name) for name, was in STILL_OVER.items()
             if name not in sizes or sizes[name] > was or sizes[name] <= LIMIT}
    assert grown == {}, "grown past their listed length, gone, or under the limit now: " \
                        "take a module under the limit (or gone) off STILL_OVER"
