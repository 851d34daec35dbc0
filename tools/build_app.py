"""Make the standalone app: one folder with the game, its data and a Python of its own, that runs on
a machine with no Python environment.

    python tools/build_app.py                  build into dist/petanque-game/ (PyInstaller)
    python tools/build_app.py install --user   put the build, its icon and a menu entry in ~/.local
    python tools/build_app.py uninstall --user take them away again (tools/app_install.py)
    python tools/build_app.py icons DIR        only render the icon as PNG files into DIR

The build needs the `build` extra (`pip install ".[build]"`, which pins PyInstaller). It is made on
and for the machine it runs on: the same command on Windows or macOS makes that system's app
(README, "Download and play"). The build holds the game, the shipped boards, settings, texts,
sounds and AI tables, and nothing else of the checkout; it writes only to the player's user
folder (petanque_game/paths.py), never into itself.

On Linux the build also carries a freedesktop menu entry, AppStream metainfo and the icon at
16-512 px under `share/`, which `install --user` copies where desktops look for them.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from app_install import APP_ID, NAME, InstallError, install, uninstall

LINUX = ROOT / "tools" / "linux"
DATA = ("levels", "config", "assets")  # top-level folders carried as petanque_game/data/<name>
# Modules PyInstaller would otherwise carry because something installed could use them.
# hashlib works without OpenSSL (its own sha256), so _hashlib and ssl take 5 MiB of OpenSSL for
# nothing; the game opens no network connection.
EXCLUDED = ("tkinter", "numpy", "PIL", "setuptools", "pip", "pytest", "hypothesis", "IPython",
            "unittest", "pydoc", "doctest", "ssl", "_ssl", "_hashlib", "asyncio", "_asyncio")


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "icons":
            render_icons(Path(args.folder))
        elif args.command == "install":
            install(Path(args.dist), _prefix(args), force=args.force)
        elif args.command == "uninstall":
            uninstall(_prefix(args))
        else:
            build(Path(args.dist), Path(args.work), windowed=args.windowed)
    except BuildError as e:
        print(f"build_app: {e}", file=sys.stderr)
        return 1
    except OSError as e:  # a disk full, a folder not writable: which file, and why
        where = f"{e.filename}: " if e.filename else ""
        print(f"build_app: {where}{e.strerror or e}", file=sys.stderr)
        return 1
    return 0


BuildError = InstallError  # what stops a build or an install, said in one line


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="build_app.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--dist", default=str(ROOT / "dist"), help="where the app goes (dist/)")
    parser.add_argument("--work", default=str(ROOT / "build"), help="PyInstaller's scratch folder")
    parser.add_argument("--windowed", action="store_true",
                        help="no console window (Windows, macOS); the commands then print nothing")
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("build", help="build the app (the default)")
    for name in ("install", "uninstall"):
        step = sub.add_parser(name, help=f"{name} the built app for this user (Linux)")
        step.add_argument("--user", action="store_true", required=True,
                          help="for this user only (the only kind there is)")
        step.add_argument("--prefix", default=str(Path.home() / ".local"),
                          help="the user's prefix (~/.local)")
        if name == "install":
            step.add_argument("--force", action="store_true",
                              help="replace a file or link install did not make (such as the "
                              "script `pip install --user` puts in ~/.local/bin)")
    icons = sub.add_parser("icons", help="render the icon as PNG files")
    icons.add_argument("folder")
    return parser


def _prefix(args: argparse.Namespace) -> Path:
    return Path(args.prefix).expanduser()


# --- the icon -------------------------------------------------------------------------------------

def render_icons(folder: Path) -> list[Path]:
    """The icon at every size of `icon.SIZES`, as `<folder>/<size>.png`."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from petanque_game.ui import icon

    pygame.display.init()
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for size in icon.SIZES:
        path = folder / f"{size}.png"
        pygame.image.save(icon.render(size), str(path))
        written.append(path)
    return written


# --- the build ------------------------------------------------------------------------------------

def build(dist: Path, work: Path, windowed: bool = False) -> Path:
    """Build the app into `dist/petanque-game/`; returns that folder."""
    try:
        from PyInstaller.__main__ import run as pyinstaller
    except ImportError:
        raise BuildError('PyInstaller is missing: pip install ".[build]"') from None
    from petanque_game import __version__

    started = time.perf_counter()
    work.mkdir(parents=True, exist_ok=True)
    icons = render_icons(work / "icons")
    entry = work / "petanque_game_app.py"
    entry.write_text("from petanque_game.cli import main\n\nraise SystemExit(main())\n",
                     encoding="utf-8")
    options = ["--noconfirm", "--clean", "--onedir", "--name", NAME, "--log-level", "WARN",
               "--distpath", str(dist), "--workpath", str(work / "pyinstaller"),
               "--specpath", str(work), "--paths", str(ROOT),
               # the games' rules and AIs are found by name at run time (rules/games.py)
               "--collect-submodules", "petanque_game",
               "--windowed" if windowed else "--console"]
    for name in DATA:
        options += ["--add-data", f"{ROOT / name}{os.pathsep}petanque_game/data/{name}"]
    for module in EXCLUDED:
        options += ["--exclude-module", module]
    icon = _system_icon(icons, work)
    if icon is not None:
        options += ["--icon", str(icon)]
    pyinstaller([*options, str(entry)])
    app = dist / NAME
    if sys.platform.startswith("linux"):
        _linux_share(app, icons)
    size = sum(f.stat().st_size for f in app.rglob("*") if f.is_file() and not f.is_symlink())

    print(f"petanque-game {__version__}: {app} ({size / 2**20:.1f} MiB, "
          f"{time.perf_counter() - started:.0f} s)")
    return app


def _system_icon(icons: list[Path], work: Path) -> Path | None:
    """The icon file the system's app format takes: none on Linux (the menu entry names the
    PNGs), an .ico on Windows (written here: PNG images in an ICO container), and on macOS
    the 512 px PNG, which PyInstaller turns into an .icns when Pillow is installed."""
    if sys.platform == "win32":
        return _write_ico(icons, work / f"{NAME}.ico")
    if sys.platform == "darwin":
        return next(p for p in icons if p.stem == "512")
    return None


def _write_ico(icons: list[Path], path: Path) -> Path:
    """An ICO file of the 16-256 px PNGs (Windows Vista and later read PNG entries)."""
    chosen = [p for p in icons if int(p.stem) <= 256]
    blobs = [p.read_bytes() for p in chosen]
    header = ((0).to_bytes(2, "little") + (1).to_bytes(2, "little")
              + len(blobs).to_bytes(2, "little"))
    offset = 6 + 16 * len(blobs)
    entries = b""
    for p, blob in zip(chosen, blobs):
        side = int(p.stem) % 256  # 0 means 256
        entries += (bytes([side, side, 0, 0]) + (1).to_bytes(2, "little")
                    + (32).to_bytes(2, "little") + len(blob).to_bytes(4, "little")
                    + offset.to_bytes(4, "little"))
        offset += len(blob)
    path.write_bytes(header + entries + b"".join(blobs))
    return path


def _linux_share(app: Path, icons: list[Path]) -> None:
    """The menu entry, the metainfo and the icons, under `<app>/share/` as a desktop expects."""
    share = app / "share"
    for p in icons:
        folder = share / "icons" / "hicolor" / f"{p.stem}x{p.stem}" / "apps"
        folder.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(p, folder / f"{APP_ID}.png")
    (share / "applications").mkdir(parents=True, exist_ok=True)
    shutil.copyfile(LINUX / "petanque-game.desktop", share / "applications" / f"{APP_ID}.desktop")
    (share / "metainfo").mkdir(parents=True, exist_ok=True)
    shutil.copyfile(LINUX / "petanque-game.metainfo.xml",
                    share / "metainfo" / f"{APP_ID}.metainfo.xml")


if __name__ == "__main__":
    raise SystemExit(main())
