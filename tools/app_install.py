"""Installing the built app for one user (Linux), and taking it away again: only what it made.

`install` copies the build to `<prefix>/lib/petanque-game/`, links `<prefix>/bin/petanque-game` to
its program and writes its menu entry, metainfo and icons under `<prefix>/share/`. Before it
writes anything it looks at every place it will write. A file or link there that an earlier
install did not make (the `petanque-game` script of `pip install --user .`, say) stops it with one
line saying what is there; `--force` replaces such a file or link (never what a link points to).
A folder, pipe or device where a file goes, or a file where a folder goes, stops it even then.
Nothing is written through a link: each file is written beside its place and renamed over it.

What it wrote is kept in a manifest, `<prefix>/lib/petanque-game/install-manifest.json`: every
file with its SHA-256, every link with its target. `uninstall` removes exactly those that are
still as written and says which it left, and removes nothing where there is no manifest.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import stat
import subprocess
from dataclasses import dataclass
from pathlib import Path

NAME = "petanque-game"
APP_ID = "io.github.petanquegame.PetanqueGame"  # the desktop's id of the app: keep it stable
MANIFEST = "install-manifest.json"
# characters that make the desktop entry spec's Exec quote an argument
RESERVED = set(' \t\n"\'\\><~|&;$*?#()`')


class InstallError(Exception):
    """What stops an install or an uninstall, said in one line."""


@dataclass(frozen=True)
class Place:
    """One thing install writes: a file (its bytes, or the build's file to copy) or a link."""

    rel: str  # under the prefix, with "/"
    what: str  # as a message names it
    sha: str = ""  # a file's SHA-256
    source: Path | None = None  # a file copied from the build
    data: bytes | None = None  # a file written from these bytes
    target: str | None = None  # a link's target


def install(dist: Path, prefix: Path, force: bool = False) -> Path:
    """Install the build in `dist` under `prefix` (see the module's text); returns the program."""
    app = dist / NAME
    if not (app / NAME).is_file():
        raise InstallError(f"no build in {app}: run `python tools/build_app.py` first")
    home = prefix / "lib" / NAME
    program = home / NAME
    places = _places(app, program)
    old = _manifest(home)
    replace_home = _check_home(home, force)
    if replace_home:  # what lies beyond a link in the app's folder's place is not looked at
        places_checked = [p for p in places if not p.rel.startswith(f"lib/{NAME}/")]
    else:
        places_checked = places
    foreign = [(p, why) for p in places_checked if (why := _foreign(prefix, p, old, force))]
    if foreign:
        place, why = foreign[0]
        more = f" (and {len(foreign) - 1} more)" if len(foreign) > 1 else ""
        raise InstallError(f"{prefix / place.rel} {why}{more}: remove it yourself, or run "
                           "`install --user --force` to replace it; nothing was installed")
    if replace_home:
        home.unlink()  # --force: someone else's file or link where the app's folder goes
    made = _still_made(prefix, old)
    new = {p.rel for p in places}
    for rel in [rel for rel in made if rel not in new]:  # the old build's own, still as written
        (prefix / rel).unlink()
        del made[rel]
    home.mkdir(parents=True, exist_ok=True)
    try:
        for place in places:
            _write(prefix / place.rel, place)
            made[place.rel] = place.target if place.target is not None else place.sha
    finally:
        _write_manifest(home, made)
    _tidy(home)
    _refresh_desktop(prefix)
    print(f"installed: {program}\n  menu entry: "
          f"{prefix / 'share' / 'applications' / f'{APP_ID}.desktop'}")
    return program


def uninstall(prefix: Path) -> None:
    """Remove what `install` made under `prefix`, where it is still as written."""
    home = prefix / "lib" / NAME
    if home.is_symlink() or not home.is_dir():
        raise InstallError(f"nothing to uninstall: {home} is not a folder install made")
    made = _manifest(home)
    if made is None:
        raise InstallError(f"nothing to uninstall: {home / MANIFEST} is missing or not install's "
                           "manifest; nothing was removed")
    kept = []
    for rel, written in made.items():
        path = prefix / rel
        if _as_written(path, written):
            path.unlink()
        elif path.is_symlink() or path.exists():
            kept.append(path)
    (home / MANIFEST).unlink()
    _tidy(home)
    if home.is_dir() and not any(home.iterdir()):
        home.rmdir()
    _refresh_desktop(prefix)
    print(f"uninstalled from {prefix}")
    for path in kept:
        print(f"  kept {path}: changed since it was installed")


def exec_argument(path: Path) -> str:
    """`path` as an argument of a desktop entry's Exec key: quoted when the spec asks (with `"`,
    `` ` ``, `$` and `\\` escaped inside), then as a string value (`\\` doubled, a line break
    or tab as its escape) with `%` doubled (a literal percent beside the field codes)."""
    text = str(path)
    if any((ord(c) < 32 and c not in "\t\n\r") or ord(c) == 127 for c in text):
        raise InstallError(f"{text!r} holds a control character, which a menu entry cannot "
                           "carry: install under another --prefix")
    if any(c in RESERVED for c in text):
        text = '"' + "".join("\\" + c if c in '"`$\\' else c for c in text) + '"'
    text = text.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t")
    return text.replace("\r", "\\r").replace("%", "%%")


# --- what goes where ------------------------------------------------------------------------------

def _places(app: Path, program: Path) -> list[Place]:
    """Everything install writes, in order: the build's files and links, the program's link in
    bin/, and the menu entry, metainfo and icons under share/."""
    places = []
    home_rel = f"lib/{NAME}"
    for folder, dirs, files in os.walk(app):
        dirs.sort()
        here = Path(folder)
        for name in sorted(files) + sorted(d for d in dirs if (here / d).is_symlink()):
            source = here / name
            rel = (source.relative_to(app)).as_posix()
            if rel == MANIFEST:
                raise InstallError(f"{source}: a build does not hold a file of that name")
            if source.is_symlink():
                places.append(Place(f"{home_rel}/{rel}", "the app's file",
                                    target=os.readlink(source)))
            else:
                places.append(Place(f"{home_rel}/{rel}", "the app's file", _sha(source), source))
    places.append(Place(f"bin/{NAME}", "the program's link", target=str(program)))
    share = app / "share"
    entry = share / "applications" / f"{APP_ID}.desktop"
    for source in sorted(share.rglob("*")) if share.is_dir() else []:
        if source.is_symlink() or not source.is_file():
            continue
        rel = "share/" + source.relative_to(share).as_posix()
        if source == entry:
            text = source.read_text(encoding="utf-8")
            data = text.replace(f"Exec={NAME}", f"Exec={exec_argument(program)}").encode()
            places.append(Place(rel, "the menu entry", hashlib.sha256(data).hexdigest(),
                                data=data))
        else:
            what = "the metainfo" if rel.startswith("share/metainfo/") else "the icon"
            places.append(Place(rel, what, _sha(source), source))
    return places


def _check_home(home: Path, force: bool) -> bool:
    """May the app's folder be made or used? True when --force is to replace what is there."""
    _folders_on_the_way(home)
    if home.is_symlink():
        what = f"a link (to {os.readlink(home)})"
    elif home.exists() and not home.is_dir():
        if not home.is_file():
            raise InstallError(f"{home} is not a file or a folder (a pipe, socket or device), "
                               "where the app's folder goes: move it away first")
        what = "a file"
    else:
        return False
    if not force:
        raise InstallError(f"{home} is {what} that install did not make, where the app's folder "
                           "goes: remove it yourself, or run `install --user --force` to "
                           "replace it; nothing was installed")
    return True


def _folders_on_the_way(path: Path) -> None:
    """One line when something not a folder stands where a folder on the way to `path` goes."""
    for parent in reversed(path.parents):
        if parent.is_symlink() and not parent.exists():
            raise InstallError(f"{parent} is a broken link, and install writes inside it")
        if parent.exists() and not parent.is_dir():
            raise InstallError(f"{parent} is not a folder, and install writes inside it")


def _foreign(prefix: Path, place: Place, old: dict[str, str] | None, force: bool) -> str:
    """Why install may not write `place` ("" when it may)."""
    path = prefix / place.rel
    _folders_on_the_way(path)
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return ""
    except OSError as e:
        raise InstallError(f"{path}: {e.strerror}") from None
    if stat.S_ISDIR(mode):
        raise InstallError(f"{path} is a folder, where {place.what} goes: move it away first")
    if not (stat.S_ISLNK(mode) or stat.S_ISREG(mode)):
        raise InstallError(f"{path} is not a file (a pipe, socket or device), where "
                           f"{place.what} goes: move it away first")
    if old is not None and place.rel in old and _as_written(path, old[place.rel]):
        return ""
    if force:
        return ""
    if stat.S_ISLNK(mode):
        return f"is a link (to {os.readlink(path)}) that install did not make"
    if old is not None and place.rel in old:
        return "has changed since install wrote it"
    if place.rel == f"bin/{NAME}":
        return ("is a file install did not make (perhaps the script of `pip install --user`; "
                "`pip uninstall petanque-game` removes that one)")
    return "is a file that install did not make"


# --- the manifest ---------------------------------------------------------------------------------

def _manifest(home: Path) -> dict[str, str] | None:
    """{place under the prefix: a file's SHA-256 or a link's target} of the last install; None
    when there is none (or what is there is not one install wrote)."""
    path = home / MANIFEST
    if home.is_symlink() or path.is_symlink() or not path.is_file():
        return None
    try:
        with path.open("rb") as f:
            data = json.loads(f.read(4 << 20).decode("utf-8"))
    except (OSError, ValueError):
        return None
    if not (isinstance(data, dict) and data.get("app") == NAME
            and isinstance(data.get("made"), dict)):
        return None
    made = data["made"]
    for rel, written in made.items():
        parts = Path(rel).parts
        if not isinstance(written, str) or not parts or Path(rel).is_absolute() or \
                ".." in parts or rel.startswith(f"lib/{NAME}/{MANIFEST}"):
            return None
    return made


def _write_manifest(home: Path, made: dict[str, str]) -> None:
    data = json.dumps({"app": NAME, "made": made}, indent=1, sort_keys=True).encode("utf-8")
    _write(home / MANIFEST, Place(MANIFEST, "the manifest", data=data))


def _still_made(prefix: Path, old: dict[str, str] | None) -> dict[str, str]:
    """The old manifest's places that are still as the last install wrote them."""
    return {rel: w for rel, w in (old or {}).items() if _as_written(prefix / rel, w)}


def _as_written(path: Path, written: str) -> bool:
    """Is `path` the link to `written`, or the file whose SHA-256 is `written`?"""
    try:
        mode = os.lstat(path).st_mode
    except OSError:
        return False
    if stat.S_ISLNK(mode):
        return os.readlink(path) == written
    return stat.S_ISREG(mode) and _sha(path) == written


# --- writing --------------------------------------------------------------------------------------

def _write(path: Path, place: Place) -> None:
    """Write `place` at `path`: made beside it under a temporary name, then renamed over it (a
    link already there is replaced, never written through)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    scratch = path.with_name(f".{path.name}.installing")
    if scratch.is_symlink() or scratch.exists():
        scratch.unlink()
    if place.target is not None:
        os.symlink(place.target, scratch)
    elif place.source is not None:
        shutil.copyfile(place.source, scratch)
        shutil.copymode(place.source, scratch)
    else:
        assert place.data is not None
        with open(scratch, "xb") as f:
            f.write(place.data)
    os.replace(scratch, path)


def _tidy(home: Path) -> None:
    """Remove the empty folders under the app's folder (an old build's, or after uninstall)."""
    if home.is_symlink() or not home.is_dir():
        return
    for folder, dirs, _ in os.walk(home, topdown=False):
        for d in dirs:
            p = Path(folder) / d
            if not p.is_symlink() and p.is_dir() and not any(p.iterdir()):
                p.rmdir()


def _sha(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _refresh_desktop(prefix: Path) -> None:
    """Tell the desktop's caches, where the tools for it are installed (nothing breaks without)."""
    for command in (["update-desktop-database", str(prefix / "share" / "applications")],
                    ["gtk-update-icon-cache", "-q", "-t",
                     str(prefix / "share" / "icons" / "hicolor")]):
        if shutil.which(command[0]):
            subprocess.run(command, check=False, capture_output=True)
