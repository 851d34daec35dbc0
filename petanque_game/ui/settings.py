"""The window's settings (key bindings, colours, language, sound, AI pace, aiming ...): the model,
the files it is read from and the file the settings scene saves.

Everything a player or designer tunes about the window lives in config/ui.yaml
(docs/design.md#data-not-code); a mistake there is reported in `problems` and the earlier value is
used instead.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib.resources.abc import Traversable
from types import MappingProxyType
from typing import Any

import pygame

from petanque_game.rules.petanque_table import HAND_NAMES
from petanque_game.ui import lang, theme

DEFAULT_KEYS: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "screenshot": ("f12",),
    "fullscreen": ("f11",),
    "back": ("escape",),
    "roll": ("r", "space"),
    "roll_one": ("1",),
    "bank": ("b",),
    "stop": ("s",),
    "close": ("c", "return"),
    "accept": ("a", "return"),
    "rethrow": ("t",),
    "pause": ("space", "p"),
    "step": ("right", "n"),
    "faster": ("=", "+", "up"),
    "slower": ("-", "down"),
    "help": ("f1",),
    "settings": ("f2",),
    "hint": ("h",),
    "use_hint": ("u",),
})

# Which actions are live at the same time (the window's own keys everywhere, then each game's and
# the replay's): one key may serve two actions only if no context has both (`key_conflict`).
WINDOW_ACTIONS = ("screenshot", "fullscreen", "back", "help", "settings")
KEY_CONTEXTS = (
    ("roll", "stop", "hint"),                # Ship, Captain and Crew
    ("roll", "roll_one", "close", "hint"),   # Shut the Box
    ("roll", "bank", "hint"),                # Ten Thousand
    ("roll", "accept", "rethrow", "hint", "use_hint"),  # Terningepetanque
    ("pause", "step", "faster", "slower"),   # a replay
)

# The settings the settings scene offers: the choices, the yes-or-no ones and the numbers.
CHOICES: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "language": tuple(lang.LANGUAGES), "palette": tuple(theme.PALETTES),
    "aim": ("point", "drag", "power"), "hand": HAND_NAMES})
FLAGS = ("sound", "fullscreen", "handover", "accept_at_once", "coach")
SECONDS = ("ai_delay", "roll_time", "replay_delay")  # 0 to 10 s each
NUMBERS: Mapping[str, tuple[float, float]] = MappingProxyType(
    {"volume": (0.0, 1.0), "animation_speed": (0.25, 4.0)})
WINDOW = ("window_size",)  # kept by the window itself (ui/app.py), not offered in the scene
PLAIN = (*CHOICES, *FLAGS, *SECONDS, *NUMBERS, *WINDOW)  # besides keys and colours
MIN_WINDOW = (320, 180)  # px: the least window size remembered


@dataclass
class Settings:
    """The window's tunable settings; `problems` lists what config/ui.yaml got wrong."""

    keys: dict[str, set[int]] = field(default_factory=dict)
    colours: dict[str, tuple[int, int, int]] = field(default_factory=dict)  # over theme's
    ai_delay: float = 0.8  # seconds between two AI decisions, so a human can follow
    roll_time: float = 0.7  # seconds a rolled die tumbles (cosmetic)
    replay_delay: float = 0.9  # seconds between replayed events at normal speed
    language: str = "en"  # the window's language (ui/lang.py LANGUAGES)
    sound: bool = True  # sounds on or off (ui/sound.py)
    volume: float = 0.7  # 0-1, over every sound
    fullscreen: bool = False  # start in full screen
    animation_speed: float = 1.0  # how fast throws and rolls play: 0.5 is half speed
    palette: str = "standard"  # players' colours (theme.PALETTES); "clear": players' marks
    handover: bool = True  # hide the table between two human players until the next is ready
    aim: str = "point"  # petanque aiming: "point" (where to stop), "drag" (a slingshot's pull)
    # or "power" (a timed power bar)
    hand: str = "normal"  # the hand a person's seat throws with by default (setup: per seat)
    accept_at_once: bool = True  # keep a petanque throw without asking (Throw again stays)
    coach: bool = True  # after a person's petanque throw, the coach (ui/table/coach.py)
    window_size: list[int] | None = None  # [width, height] the window had last; None: fit the
    # desktop (ui/app.py window_size_for)
    problems: list[str] = field(default_factory=list)
    # What the settings files gave before the player's own changes (settings.yaml) were laid over
    # them: `save_settings` keeps only what differs from it.
    files_gave: dict[str, Any] = field(default_factory=dict)

    def is_key(self, action: str, key: int) -> bool:
        return key in self.keys.get(action, ())

    def colour(self, name: str) -> tuple[int, int, int]:
        """The colour called `name`: this settings' own, or the built-in one."""
        found = self.colours.get(name)
        return found if found is not None else theme.COLOURS[name]


def _key_codes(names: Any, where: str, problems: list[str]) -> set[int] | None:
    from petanque_game.ui.keys import code_of

    listed = isinstance(names, list)
    if isinstance(names, str):
        names = [names]
    if not isinstance(names, list) or not names:
        problems.append(f"{where}: expected a key name or a list of key names")
        return None
    codes = set()
    for i, name in enumerate(names):
        try:
            codes.add(code_of(str(name)))
        except ValueError:  # the text is not shown: it may be anything the file holds
            problems.append(f"{where}{f'[{i}]' if listed else ''}: not the name of a key")
    return codes or None


SETTINGS_FILE = "settings.yaml"  # in the user folder: what the player changed in the settings scene


def load_settings(data: Any = None, name: str = "config/ui.yaml") -> Settings:
    """Settings from parsed YAML `data`; None: the settings files, each over the one before:
    the built-in values < the shipped config/ui.yaml < the player's own ui.yaml in the user
    folder (written by hand) < settings.yaml in the user folder (what the player changed in the
    settings scene, and only that: a setting changed there wins over ui.yaml's; one the scene
    resets, such as the keys, is ui.yaml's again). Each problem names its file and setting; a
    wrong setting keeps the value it had."""
    if not pygame.display.get_init():
        # Key names need SDL's video part: only that (pygame.init() would open the sound device
        # before the window's first frame, with the mixer's defaults), and, as pygame.init()
        # did, no error where there is no video device (the names are then pygame's own).
        with contextlib.suppress(pygame.error):
            pygame.display.init()
    problems: list[str] = []
    settings = Settings(problems=problems)
    settings.keys = {action: _key_codes(list(default), action, []) or set()
                     for action, default in DEFAULT_KEYS.items()}  # (every default names keys)
    if data is not None:
        _apply(settings, data, name, problems)
        settings.files_gave = plain(settings)
        return settings
    from petanque_game import paths
    from petanque_game.data import config_dir

    user = paths.user_dir()
    for path, label in ((config_dir() / "ui.yaml", name), (user / "ui.yaml", str(user / "ui.yaml")),
                        (user / SETTINGS_FILE, str(user / SETTINGS_FILE))):
        if path.name == SETTINGS_FILE:
            settings.files_gave = plain(settings)
        mine = path != config_dir() / "ui.yaml"
        if mine and isinstance(path, os.PathLike) and _present(path) \
                and paths.leaves_user_folder(path):
            problems.append(f"{label}: a link to a file outside your user folder; not read")
            continue
        found = _read(path, label, problems)
        if found is not None:
            _apply(settings, found, label, problems)
    return settings


def plain(settings: Settings) -> dict[str, Any]:
    """The settings the scene offers, as a settings file writes them (keys by their names)."""
    from petanque_game.ui.keys import stored_name

    found: dict[str, Any] = {key: getattr(settings, key) for key in PLAIN}
    found["keys"] = {action: sorted(stored_name(code) for code in codes)
                     for action, codes in settings.keys.items()}
    return found


def save_settings(words: lang.Words, settings: Settings) -> str | None:
    """Keep what the player changed (what differs from the settings files) in settings.yaml in
    the user folder, written whole or not at all; None, or why it could not be written (in the
    language of `words`)."""
    import yaml

    from petanque_game import paths
    from petanque_game.files import write_atomic

    now, base = plain(settings), settings.files_gave
    changed = {key: value for key, value in now.items() if key != "keys" and value != base.get(key)}
    keys = {action: names for action, names in now["keys"].items()
            if names != base.get("keys", {}).get(action)}
    if keys:
        changed["keys"] = keys
    path = paths.user_dir() / SETTINGS_FILE
    text = ("# What you changed in the settings scene, over config/ui.yaml and your ui.yaml.\n"
            + yaml.safe_dump(changed, allow_unicode=True, sort_keys=True))
    try:
        write_atomic(path, text)
    except OSError as e:
        return f"{path}: {words.os_reason(e)}"
    return None


def key_conflict(settings: Settings, action: str, code: int) -> str | None:
    """The action that already uses the key `code` where `action` is live too, or None."""
    def together(a: str, b: str) -> bool:
        if a in WINDOW_ACTIONS or b in WINDOW_ACTIONS:
            return True
        known = [c for c in KEY_CONTEXTS if a in c or b in c]
        if not any(a in c for c in known) or not any(b in c for c in known):
            return True  # an action no context names: it may be live anywhere
        return any(a in c and b in c for c in known)

    for other, codes in settings.keys.items():
        if other != action and code in codes and together(action, other):
            return other
    return None


def _apply(settings: Settings, data: Any, name: str, problems: list[str]) -> None:
    """Lay one file's settings over `settings`."""
    from petanque_game.config import key_text

    if not isinstance(data, dict):
        problems.append(f"{name}: expected a mapping of settings")
        return
    for key in data:
        if key not in ("keys", "colours", *PLAIN):
            problems.append(f"{name}: {key_text(key)}: unknown setting")
    given_keys = data.get("keys") or {}
    if not isinstance(given_keys, dict):
        problems.append(f"{name}: keys: expected a mapping of actions to key names")
        given_keys = {}
    bound = {}
    for action, names in given_keys.items():
        if action not in DEFAULT_KEYS:
            problems.append(f"{name}: keys.{key_text(action)}: unknown action")
            continue
        codes = _key_codes(names, f"{name}: keys.{action}", problems)
        if codes:
            bound[action] = codes
    _bind(settings, bound, name, problems)
    for key, value in data.items():
        why = _plain_problem(key, value)
        if why is not None:  # the value is not shown: it may be anything the file holds
            problems.append(f"{name}: {key}: {why}")
        elif key in PLAIN:
            setattr(settings, key, float(value) if key in SECONDS or key in NUMBERS else value)
    colours = data.get("colours") or {}
    if isinstance(colours, dict):
        for key, value in colours.items():
            if key not in theme.COLOURS:
                problems.append(f"{name}: colours.{key_text(key)}: unknown colour")
            elif (isinstance(value, list) and len(value) == 3
                  and all(type(v) is int and 0 <= v <= 255 for v in value)):
                settings.colours[key] = (value[0], value[1], value[2])
            else:
                problems.append(f"{name}: colours.{key}: expected [red, green, blue], 0-255 each")
    else:
        problems.append(f"{name}: colours: expected a mapping of names to [r, g, b]")


def _bind(settings: Settings, bound: dict[str, set[int]], name: str, problems: list[str]) -> None:
    """Lay one file's keys over `settings`, refusing as the settings scene does a key that
    another action uses where both are live (`key_conflict`): such an action keeps its keys."""
    from petanque_game.ui.keys import key_label

    earlier = dict(settings.keys)
    settings.keys.update(bound)
    refused: dict[str, tuple[int, str]] = {}
    while True:  # a refusal gives an action its old keys back, which may clash anew
        clash = next(((action, code, other) for action in bound if action not in refused
                      for code in sorted(settings.keys[action])
                      if (other := key_conflict(settings, action, code)) is not None), None)
        if clash is None:
            break
        action, code, other = clash
        refused[action] = (code, other)
        settings.keys[action] = earlier[action]
    for action, (code, other) in refused.items():
        problems.append(f"{name}: keys.{action}: {key_label(lang.Words(), code)} is the key of "
                        f"{other} too, and both are used at the same time")


def _plain_problem(key: Any, value: Any) -> str | None:
    """Why `value` cannot be the setting `key` (None: it can, or `key` is not a plain one)."""
    if key in SECONDS and not (type(value) in (int, float) and 0 <= value <= 10):
        return "expected seconds from 0 to 10"
    if key in NUMBERS:
        low, high = NUMBERS[key]
        if not (type(value) in (int, float) and low <= value <= high):
            return f"expected a number from {low:g} to {high:g}"
    if key in WINDOW and value is not None and not (
            isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)
            and value[0] >= MIN_WINDOW[0] and value[1] >= MIN_WINDOW[1]):
        return (f"expected [width, height] in pixels, at least {MIN_WINDOW[0]} by "
                f"{MIN_WINDOW[1]}")
    if key in FLAGS and type(value) is not bool:
        return "expected true or false"
    if key in CHOICES and value not in CHOICES[key]:
        return f"expected one of {', '.join(CHOICES[key])}"
    return None


def _read(path: Traversable, name: str, problems: list[str]) -> Any:
    """One ui.yaml's settings, None when there is none. Anything at that name that is not a
    readable ordinary file (a folder, a pipe, a dangling link) is a problem, reported like any other
    by config's reader, which opens only a regular file."""
    from petanque_game.config import ConfigError, read_yaml

    if not _present(path):
        return None
    try:
        return read_yaml(path, name)
    except ConfigError as e:
        problems.append(str(e))
    return None


def _present(path: Traversable) -> bool:
    """Is there anything at all at `path` (without opening it)?"""
    if not isinstance(path, (str, os.PathLike)):  # shipped data that is not a file on disk
        return path.is_file() or path.is_dir()
    try:
        os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):  # none; or no user folder, said elsewhere
        return False
    except OSError:
        return True  # there, but cannot be looked at: the reader says why
    return True
