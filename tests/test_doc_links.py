"""The repository stands alone: every Markdown document a file names (code, comments, tests,
data, docs), and every section it names as `<document>.md#<anchor>`, is one the repository holds
(docs/README.md says how anchors are made)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SKIPPED_FOLDERS = {"__pycache__", "build", "dist", "node_modules"}
LARGEST = 4_000_000  # bytes: a file larger than this is data, not text anyone cites from

# The shipped boards' bytes are part of every record played on them (`level_sha256`,
# docs/records.md#the-top-level): editing an old comment in one would make `verify` warn about
# every such record. So these (file, name) citations stay as they are; the test below fails when
# one is no longer there, so that the list never outlives its reason.
PINNED = {("levels/classic.yaml", "RULES" + ".md")}

# A document's name, with an optional #anchor: `README.md`, `docs/rules.md#ten-thousand-scoring`,
# `../README.md` in a Markdown link. Part of a longer name or of a web address is not one.
REFERENCE = re.compile(r"(?<![\w./-])([\w.-][\w./-]*\.md)(#[\w-]+)?(?![\w])")


def text_files(root: Path) -> list[Path]:
    """Every text file under `root`, leaving out hidden folders (.git ...), caches and builds."""
    found = []
    for path in sorted(root.rglob("*")):
        parts = path.relative_to(root).parts
        if any(p.startswith(".") or p in SKIPPED_FOLDERS or p.endswith(".egg-info")
               for p in parts[:-1]):
            continue
        if path.is_file() and not path.is_symlink() and path.stat().st_size <= LARGEST:
            found.append(path)
    return found


def read_text(path: Path) -> str | None:
    data = path.read_bytes()
    if b"\0" in data:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation but hyphens dropped, each
    space a hyphen (`What \\`verify\\` checks` -> `what-verify-checks`)."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(markdown: str) -> set[str]:
    """The anchors of a document's headings (outside fenced code); a repeated one gets -1, -2."""
    found: set[str] = set()
    fenced = False
    for line in markdown.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        heading = re.match(r"#{1,6} +(.*?)#*\s*$", line)
        if heading and not fenced:
            base = slug(heading.group(1))
            name, n = base, 0
            while name in found:
                n += 1
                name = f"{base}-{n}"
            found.add(name)
    return found


def resolve(name: str, cited_in: Path, root: Path, names: dict[str, list[Path]]) -> Path | None:
    """The document `name` refers to: beside the citing file, from the repository's root, or,
    for a bare file name, the one file of that name."""
    for base in (cited_in.parent, root):
        candidate = (base / name).resolve()
        if candidate.is_file() and candidate.is_relative_to(root):
            return candidate
    if "/" not in name and len(names.get(name, [])) == 1:
        return names[name][0]
    return None


def broken_references(root: Path) -> list[str]:
    """'file:line: what is wrong' for every document or section named that `root` lacks."""
    files = text_files(root)
    names: dict[str, list[Path]] = {}
    for path in files:
        names.setdefault(path.name, []).append(path.resolve())
    sections: dict[Path, set[str]] = {}
    problems = []
    for path in files:
        text = read_text(path)
        if text is None:
            continue
        for number, line in enumerate(text.splitlines(), 1):
            for match in REFERENCE.finditer(line):
                name, anchor = match.group(1), match.group(2)
                where = f"{path.relative_to(root)}:{number}"
                if (path.relative_to(root).as_posix(), name) in PINNED:
                    continue
                target = resolve(name, path, root, names)
                if target is None:
                    problems.append(f"{where}: {name}: no such document in the repository")
                    continue
                if anchor is None:
                    continue
                if target not in sections:
                    sections[target] = anchors(target.read_text(encoding="utf-8"))
                if anchor[1:] not in sections[target]:
                    problems.append(f"{where}: {name}{anchor}: no such section in {name}")
    return problems


def test_every_document_and_section_named_is_in_the_repository():
    assert broken_references(ROOT) == []


def test_every_pinned_citation_is_still_there():
    for file, name in PINNED:
        assert name in (ROOT / file).read_text(encoding="utf-8"), (file, name)


def test_the_check_finds_a_missing_document_and_a_missing_section(tmp_path):
    md = ".md"  # the names below are built, so that this file itself names nothing missing
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / f"rules{md}").write_text(
        "# Rules\n\n## Ten Thousand: scoring\n\n```\n# not a heading\n```\n"
        "## What `verify` checks\n", encoding="utf-8")
    (tmp_path / "code.py").write_text(
        f'"""See docs/rules{md}#ten-thousand-scoring and docs/rules{md}#what-verify-checks,\n'
        f'[the rules](docs/rules{md}), rules{md}, https://example.org/x/NOTES{md}."""\n'
        f"# DESIGN{md}, principle 4\n"
        f"# docs/rules{md}#no-such-rule\n"
        f"# docs/rules{md}#not-a-heading\n", encoding="utf-8")
    (tmp_path / "docs" / f"index{md}").write_text(f"[top](../code.py) [rules](rules{md})\n",
                                                  encoding="utf-8")
    assert broken_references(tmp_path) == [
        f"code.py:3: DESIGN{md}: no such document in the repository",
        f"code.py:4: docs/rules{md}#no-such-rule: no such section in docs/rules{md}",
        f"code.py:5: docs/rules{md}#not-a-heading: no such section in docs/rules{md}",
    ]


def test_anchors_are_made_as_github_makes_them():
    assert anchors("# A\n## Ten Thousand: scoring\n### Ship, Captain and Crew: a turn\n"
                   "## What `verify` checks\n## A\n") == {
        "a", "ten-thousand-scoring", "ship-captain-and-crew-a-turn", "what-verify-checks", "a-1"}
