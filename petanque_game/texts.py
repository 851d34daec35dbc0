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
    for area, data in _game_texts(code):
        if only is None or only == f"{area}.yaml":
            flatten(area, data, found)
    return found


_games: dict[str, list[tuple[str, Any]]] = {}  # language: (area, texts) of the games' own files


def _game_texts(code: str) -> list[tuple[str, Any]]:
    """(area, its texts) from each game's own file in `assets/text/<code>/games/`."""
    from petanque_game.config import read_yaml
    from petanque_game.data import assets_dir

    found = _games.get(code)
    if found is not None:
        return found
    folder = assets_dir() / "text" / code / "games"
    found = []
    for entry in sorted(folder.iterdir(), key=lambda e: e.name) if folder.is_dir() else []:
        if entry.name.endswith(".yaml") and entry.is_file():
            data = read_yaml(entry, f"assets/text/{code}/games/{entry.name}")
            if isinstance(data, dict):
                found.extend((str(area), texts) for area, texts in data.items())
    _games[code] = found
    return found


def forget() -> None:
    """Read the games' own files again on next use."""
    _games.clear()


def flatten(prefix: str, data: Any, into: dict[str, str]) -> None:
    if isinstance(data, dict):
        for key, value in data.items():
            flatten(f"{prefix}.{key}", value, into)
    elif data is not None:
        into[prefix] = str(data)
