"""The text tables on disk: `assets/text/<language>/<area>.yaml`, one folder per language and one
file per area, read into flat tables whose keys are the area and the path inside the file
("menu.new_game"). The window's `ui.lang` speaks from them in the player's language; `words`
says the rules' refusals from them, in English for the command line and the logs."""

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
    return found


def flatten(prefix: str, data: Any, into: dict[str, str]) -> None:
    if isinstance(data, dict):
        for key, value in data.items():
            flatten(f"{prefix}.{key}", value, into)
    elif data is not None:
        into[prefix] = str(data)
