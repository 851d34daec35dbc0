"""The text tables on disk: `assets/text/<language>/<area>.yaml`, one folder per language and one
file per area, read into flat tables whose keys are the area and the path inside the file
("menu.new_game"), and each game's own file of texts, `assets/text/<language>/games/<id>.yaml`,
whose areas join the shared ones. The window's `ui.lang` speaks from them in the player's language;
`words` says the rules' refusals from them, in English for the command line and the logs."""

from __future__ import annotations

from typing import Any


def read(code: str, only: str | None = None) -> dict[str, str]:
    """The texts of one language: each YAML file of its folder (or only the file called `only`),
    nested keys joined by dots under the file's name."""
    from petanque_game.config import read_yaml
    from petanque_game.data import assets_dir

    folder = assets_dir() / "text" / code
    found: dict[str, str] = {}
    if not folder.is_dir():
        return found
    entries = [folder / only] if only is not None else sorted(folder.iterdir(),
                                                              key=lambda e: e.name)
    for entry in entries:
        if not entry.name.endswith(".yaml") or not entry.is_file():
            continue
        area = entry.name[: -len(".yaml")]
        data = read_yaml(entry, f"assets/text/{code}/{entry.name}")
        flatten(area, data, found)
    for area, data in _game_texts(code, None if only is None else only[: -len(".yaml")]):
        flatten(area, data, found)
    return found


# language: the games' own files cut at their top-level keys, as [(area, its text, file)]
_sections: dict[str, list[tuple[str, str, str]]] = {}
_games: dict[tuple[str, str | None], list[tuple[str, Any]]] = {}  # (language, area): parsed


def _game_texts(code: str, area: str | None = None) -> list[tuple[str, Any]]:
    """(area, its texts) from each game's own file in `assets/text/<code>/games/`: only the parts
    of the files under `area` (all of them for None). A window that asks for the menu's words
    parses no game's rules page: each top-level key of a file is parsed on its own, the first
    time its area is asked for."""
    from petanque_game.config import MAX_CONFIG_BYTES, ConfigError, parse_yaml, read_bounded

    found = _games.get((code, area))
    if found is not None:
        return found
    sections = _sections.get(code)
    if sections is None:
        from petanque_game.data import assets_dir

        folder = assets_dir() / "text" / code / "games"
        sections = []
        for entry in sorted(folder.iterdir(), key=lambda e: e.name) if folder.is_dir() else []:
            if entry.name.endswith(".yaml") and entry.is_file():
                name = f"assets/text/{code}/games/{entry.name}"
                try:
                    text = read_bounded(entry, MAX_CONFIG_BYTES, name).decode("utf-8")
                except UnicodeDecodeError as e:
                    raise ConfigError(name, None, f"is not UTF-8 text (byte {e.start})") from None
                sections.extend((key, part, name) for key, part in _cut(text))
        _sections[code] = sections
    found = []
    for key, part, name in sections:
        if area is None or key == area:
            data = parse_yaml(part, name)
            if isinstance(data, dict):
                found.extend((str(a), texts) for a, texts in data.items())
    _games[(code, area)] = found
    return found


def _cut(text: str) -> list[tuple[str, str]]:
    """A YAML file's text cut before each top-level key: [(key, its part)]; comments and blank
    lines before a key go with it. Each part is a document of its own, starting with as many
    empty lines as come before it in the file, so that a mistake is said at its line."""
    parts: list[tuple[str, str]] = []
    lines = text.splitlines(keepends=True)
    start, key = 0, None
    for i, line in enumerate(lines):
        if line[:1] not in ("", " ", "\t", "\n", "\r", "#", "-"):
            if key is not None:
                parts.append((key, "\n" * start + "".join(lines[start:i])))
                start = i
            key = line.split(":", 1)[0].strip().strip("'\"")
    if key is not None:
        parts.append((key, "\n" * start + "".join(lines[start:])))
    return parts


def forget() -> None:
    """Read the games' own files again on next use."""
    _games.clear()
    _sections.clear()


def flatten(prefix: str, data: Any, into: dict[str, str]) -> None:
    if isinstance(data, dict):
        for key, value in data.items():
            flatten(f"{prefix}.{key}", value, into)
    elif data is not None:
        into[prefix] = str(data)
