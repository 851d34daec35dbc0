"""Loading `config/*.yaml` (each game's `config/games/<game>.yaml` is read by rule_defaults.py):
read with a safe loader, checked, handed out as read-only values.

A mistake names the file, the key and what was expected. The game keeps running: a broken entry
falls back to the built-in default and the problem is kept in `problems` for the window to show.

Every YAML file the program reads (config, the player's ui.yaml, levels) goes through
`read_bounded` and `parse_yaml` here: the file must be a regular file no bigger than a limit
(checked before it is read), and the document may hold only so many values, counting each alias
as a copy of what it repeats, nest only so deep, and give no key twice. A user's value shown in
a message is cut short (`brief`, `key_text`).
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

MAX_CONFIG_BYTES = 256 * 1024  # the shipped files are a few KB; pure-Python YAML is slow
MAX_NODES = 20_000  # values a document may hold, every alias counted as a copy of its target
MAX_DEPTH = 32  # how deeply collections may nest
SHOWN = 40  # characters of a user's value shown in a message


class ConfigError(ValueError):
    """A config file that cannot be used as it is; str() is one line naming file, key and reason."""

    def __init__(self, file: str, key: str | None, reason: str):
        self.file, self.key, self.reason = file, key, reason
        super().__init__(f"{file}: {key}: {reason}" if key else f"{file}: {reason}")


def brief(value: Any, limit: int = SHOWN) -> str:
    """A user's value as a message shows it: at most about `limit` characters, never the whole
    of a long text or a big collection (a collection is named by its kind and size only)."""
    if isinstance(value, str):
        return repr(value if len(value) <= limit else value[:limit] + "...")
    if value is None or isinstance(value, (bool, int, float)):
        text = repr(value)
        return text if len(text) <= limit else text[:limit] + "..."
    try:
        return f"a {type(value).__name__} of {len(value)} items"
    except TypeError:
        return f"a {type(value).__name__}"


def looks_like_key(key: Any) -> bool:
    """Could `key` be a key of one of the game's files (short; letters, digits, underscores, and
    the hyphens of the games' ids)? Only such a key is quoted in a message: any other is named
    by its line, for a file that is no file of the game's (a secrets file, `token:VALUE:`) must
    not be shown on screen or logged."""
    return isinstance(key, (str, int)) and not isinstance(key, bool) and \
        re.fullmatch(r"[A-Za-z0-9_-]{1,32}", str(key)) is not None


def key_text(key: Any, line: int | None = None) -> str:
    """A user's mapping key as a message's place shows it: itself when it `looks_like_key`,
    else only where it is ("the key on line 3", or "a key" when the line is not known)."""
    if looks_like_key(key):
        return str(key)
    return f"the key on line {line}" if line else "a key (not shown)"


def read_bounded(path: Path | Any, limit: int, name: str) -> bytes:
    """The bytes of one file, refused (ConfigError) before anything is read when it is not a
    regular file (a folder, a pipe, a device) or is bigger than `limit` bytes."""
    if not isinstance(path, (str, os.PathLike)):  # packaged data that is not a file on disk
        try:
            raw: bytes = path.read_bytes()
        except OSError as e:
            raise ConfigError(name, None, f"cannot read the file ({e.strerror or e})") from None
        _check_size(len(raw), limit, name)
        return raw
    try:
        _check_stat(os.stat(path), limit, name)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as e:
        raise ConfigError(name, None, f"cannot read the file ({e.strerror or e})") from None
    try:
        _check_stat(os.fstat(fd), limit, name)  # the file opened is the file checked
        chunks, total = [], 0
        while total <= limit:
            chunk = os.read(fd, min(1 << 16, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as e:
        raise ConfigError(name, None, f"cannot read the file ({e.strerror or e})") from None
    finally:
        os.close(fd)
    if total > limit:  # it grew since it was measured
        raise ConfigError(name, None, f"the file is more than {limit} bytes")
    return b"".join(chunks)


def _check_stat(st: os.stat_result, limit: int, name: str) -> None:
    if stat.S_ISDIR(st.st_mode):
        raise ConfigError(name, None, "is a folder, not a file")
    if not stat.S_ISREG(st.st_mode):
        raise ConfigError(name, None, "is not a regular file (a pipe, a device or a socket)")
    _check_size(st.st_size, limit, name)


def _check_size(size: int, limit: int, name: str) -> None:
    if size > limit:
        raise ConfigError(name, None, f"the file is {size} bytes; at most {limit} are read")


def read_yaml(path: Path | Any, name: str | None = None) -> Any:
    """Parse one YAML file safely; ConfigError for anything unreadable."""
    name = name or str(path)
    return parse_yaml(read_bounded(path, MAX_CONFIG_BYTES, name), name)


def parse_yaml(source: bytes | str, name: str, max_nodes: int = MAX_NODES,
               max_depth: int = MAX_DEPTH) -> Any:
    """YAML text through the safe loader, bounded; ConfigError (naming `name`, and the key or
    the line and column) for anything that is not valid YAML, for a document holding more than
    `max_nodes` values (aliases counted as the copies they stand for: no "billion laughs"),
    nested deeper than `max_depth`, or a mapping giving one key twice. Every YAML the program
    reads comes through here: config files, the player's ui.yaml, levels."""
    loader = None
    try:
        loader = _BoundedLoader(source, max_nodes, max_depth)  # reads: can refuse already
        return loader.get_single_data()
    except _Refused as e:
        raise ConfigError(name, e.key or None, e.reason) from None
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(e, "problem", None) or getattr(e, "reason", None) or "unreadable"
        if "maximum nesting depth" in problem:
            # libyaml 0.2.6 scans a run of openings ahead and stops at its own limit (1000 deep)
            # before the composer has counted ours: the same refusal in our words.
            raise ConfigError(name, None, f"nested more than {max_depth} deep") from None
        raise ConfigError(name, None, f"not valid YAML{where}: {_unquoted(problem)}") from None
    except RecursionError:
        raise ConfigError(name, None, "nested too deeply") from None
    except (ValueError, OverflowError) as e:  # a date that is no date, a 5000-digit number
        raise ConfigError(name, None, f"not valid YAML: a value cannot be read "
                                      f"({_cut(str(e), 80)})") from None
    finally:
        if loader is not None:
            loader.dispose()


def key_lines(source: bytes | str, max_nodes: int = MAX_NODES,
              max_depth: int = MAX_DEPTH) -> dict[str, int]:
    """The line of every mapping key of a text `parse_yaml` accepts, by its place (`key_place`):
    for a message that names a key by its line rather than quote it ({} if it is refused)."""
    lines: dict[str, int] = {}
    loader = None
    try:
        loader = _BoundedLoader(source, max_nodes, max_depth)
        loader.key_lines = lines
        loader.get_single_data()
    except (yaml.YAMLError, _Refused, RecursionError, ValueError, OverflowError):
        pass
    finally:
        if loader is not None:
            loader.dispose()
    return lines


def key_place(where: str, key: Any) -> str:
    """The place of `key` in the mapping at `where` ("" for the top), as `parse_yaml`'s
    `key_lines` names it (never shown: it holds the key whole)."""
    return f"{where}.{key}" if where else str(key)


def _unquoted(problem: str) -> str:
    """The YAML reader's reason without what it quotes of the file (an alias's name, a character
    found): a file the player did not mean as settings (a link to a secrets file) is not shown."""
    def shown(m: re.Match) -> str:  # a token's name ('<scalar>') or one character ('@') stays
        inner = m.group(0)[1:-1]
        return m.group(0) if len(inner) <= 2 or re.fullmatch(r"<[a-z ]+>", inner) else ""

    return _cut(" ".join(re.sub(r"""'[^']*'|"[^"]*"|`[^`]*`""", shown, problem).split()), 80)


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit] + "..."


class _Refused(Exception):
    def __init__(self, key: str, reason: str):
        super().__init__(reason)
        self.key, self.reason = key, reason


class _Bounds(yaml.composer.Composer, yaml.constructor.SafeConstructor, yaml.resolver.Resolver):
    """yaml's safe loading, counting as it composes: every node made, and every alias as the whole
    of what it repeats, against one budget (so an alias bomb is refused after a few thousand
    steps, not expanded); nesting depth; and duplicate keys (refused, not silently overwritten).
    Each mapping node's place (`felt.friction`) is kept for the messages. The text's events come
    from the class it is joined with (`_loader`): its `read(source)` starts them."""

    read: Callable[[bytes | str], None]
    check_event: Callable[..., bool]
    dispose: Callable[[], None]

    def __init__(self, source: bytes | str, max_nodes: int, max_depth: int):
        self.read(source)
        yaml.composer.Composer.__init__(self)
        yaml.constructor.SafeConstructor.__init__(self)
        yaml.resolver.Resolver.__init__(self)
        self.budget, self.max_depth = max_nodes, max_depth
        self.count, self.depth = 0, 0
        self.place: list[str] = []
        self.expanded: dict[yaml.Node, int] = {}  # a composed node: the values it holds, all told
        self.places: dict[yaml.Node, str] = {}  # a mapping node: where it is
        self.key_lines: dict[str, int] | None = None  # see parse_yaml

    def _where(self) -> str:
        return _cut("".join(self.place).lstrip("."), 80)

    def _spend(self, n: int) -> None:
        self.count += n
        if self.count > self.budget:
            raise _Refused(self._where(), f"the document holds more than {self.budget} values "
                                          "(counting what each alias repeats)")

    def compose_node(self, parent: Any, index: Any) -> Any:
        if isinstance(index, int):
            self.place.append(f"[{index}]")
        elif isinstance(index, yaml.ScalarNode):
            self.place.append("." + key_text(index.value, index.start_mark.line + 1))
        else:
            self.place.append("")
        try:
            if self.check_event(yaml.AliasEvent):
                node = super().compose_node(parent, index)
                assert node is not None  # yaml composes a node or raises (its stubs allow None)
                size = self.expanded.get(node)
                if size is None:
                    raise _Refused(self._where(), "an alias repeats a value that holds it")
                self._spend(size)
                return node
            self.depth += 1
            if self.depth > self.max_depth:
                raise _Refused(self._where(), f"nested more than {self.max_depth} deep")
            node = super().compose_node(parent, index)
            assert node is not None
            self.depth -= 1
            expanded = self.expanded
            if isinstance(node, yaml.SequenceNode):
                expanded[node] = 1 + sum(expanded[child] for child in node.value)
            elif isinstance(node, yaml.MappingNode):
                expanded[node] = 1 + sum(expanded[k] + expanded[v] for k, v in node.value)
                self.places[node] = self._where()
            else:
                expanded[node] = 1
            self._spend(1)
            return node
        finally:
            self.place.pop()

    def construct_mapping(self, node: Any, deep: bool = False) -> dict:
        if isinstance(node, yaml.MappingNode):
            seen: dict = {}  # key: the line it is on
            for key_node, _ in node.value:
                if key_node.tag == "tag:yaml.org,2002:merge":
                    continue
                key = self.construct_object(key_node, deep=deep)
                try:
                    first = seen.get(key)
                except TypeError:  # unhashable: the base class refuses it
                    continue
                line = key_node.start_mark.line + 1
                where = self.places.get(node, "")
                if first is not None:
                    shown = key_text(key, first)
                    raise _Refused(f"{where}.{shown}" if where else shown,
                                   f"given twice (again at line {line})")
                seen[key] = line
                if self.key_lines is not None:
                    self.key_lines[key_place(where, key)] = line
        return super().construct_mapping(node, deep=deep)


class _PyEvents(yaml.reader.Reader, yaml.scanner.Scanner, yaml.parser.Parser):
    """PyYAML's own reader, scanner and parser: a text's events, in Python."""

    def read(self, source: bytes | str) -> None:
        yaml.reader.Reader.__init__(self, source)
        yaml.scanner.Scanner.__init__(self)
        yaml.parser.Parser.__init__(self)


def _libyaml_events() -> type | None:
    """libyaml's scanner and parser (PyYAML's C extension, in its wheels: the same events several
    times faster), given the text PyYAML's reader made of the source, so that what is not UTF-8,
    or a control character, is refused in the same words; None for a PyYAML built without it."""
    try:
        from yaml._yaml import CParser
    except ImportError:
        return None

    class LibEvents(CParser):
        def read(self, source: bytes | str) -> None:
            text = yaml.reader.Reader(source).prefix(len(source) + 1)  # with the end mark
            CParser.__init__(self, text[:-1])

    return LibEvents


def _loader(events: type) -> type[_Bounds]:
    """The bounded loader reading a text's events with `events` (composing, counting and making
    the values is _Bounds's in Python either way, so both read a document into the same values)."""
    return type("BoundedLoader", (_Bounds, events), {})


_BoundedLoader = _loader(_libyaml_events() or _PyEvents)
