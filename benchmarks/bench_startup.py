"""Start-up as a player meets it: from the command to the main menu drawn on an X screen.

    python benchmarks/bench_startup.py [--runs 10] [--against OTHER_CHECKOUT] [--display :N]
                                       [--instructions]

Starts `python -m petanque_game` (and the installed `petanque-game` command, when there is one)
again and again, each in a fresh user folder, on an X display: the one named by --display, else
a private Xvfb (1920x1080x24) that the script starts and ends. While the game starts, the script
looks at the screen from outside the process every few milliseconds (Xlib's XGetImage of a few
whole rows of the root window, through ctypes: cheap enough not to steal the game's core) and
notes when the screen first changes (the window mapped) and when it first shows the picture it
settles on (unchanged for 1 s after the window's first flip: the menu drawn). That picture is
checked to be the menu's: the window's own first flip (a small start-up file on the child's path
wraps `pygame.display.flip` and writes the wall time and the child's CPU time of each flip) must
have come before it, and once per checkout a full screenshot of that moment is saved (`--keep DIR`).

With --against, the other checkout (e.g. a git worktree of main) is started in turn with this one,
so that both meet the same load. Prints, per checkout and command, the median, fastest and slowest
times to the window and to the menu, the child's CPU time at its first flip, and the load average.
The pointer is parked in the screen's far corner (xdotool) so that no button glows under it.
Nothing is asserted; the goal is the menu on screen within 0.5 s.

With --instructions, each checkout is also started once under valgrind's callgrind (which must be
installed), on the same display, and left at its first flip: the instructions it ran by then, a
figure the machine's load does not change (its wall and processor times it does). SDL forks a
child at start on a desktop with no session bus (dbus-launch); a fork inherits the counts made
before it, so the process with the most is the game.
"""

from __future__ import annotations

import argparse
import ctypes
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCREEN = (1920, 1080)
ROWS = 12  # rows of the screen looked at in each look, spread over its height
SETTLED = 1.0  # seconds the screen stays the same after the first flip: the menu's picture
GIVE_UP = 20.0  # seconds: a start that shows nothing by then is reported
POLL = 0.003  # seconds between two looks at the screen

# Put in the child as sitecustomize.py: every flip's wall time and the child's CPU time then.
PROBE = '''
import os, sys, time
import pygame

_flip = pygame.display.flip

def flip():
    _flip()
    sys.stdout.write(f"FLIP {time.time():.6f} {time.process_time():.6f}\\n")
    sys.stdout.flush()
    if os.environ.get("BENCH_LEAVE_AT_FLIP"):
        os._exit(0)

pygame.display.flip = flip

import importlib.util
_game = importlib.util.find_spec("petanque_game").origin
sys.stdout.write("ROOT " + _game.rsplit("/petanque_game/", 1)[0] + "\\n")
sys.stdout.flush()
'''


class XImage(ctypes.Structure):
    """The first fields of Xlib's XImage: enough to read its pixels."""
    _fields_ = [("width", ctypes.c_int), ("height", ctypes.c_int), ("xoffset", ctypes.c_int),
                ("format", ctypes.c_int), ("data", ctypes.c_void_p),
                ("byte_order", ctypes.c_int), ("bitmap_unit", ctypes.c_int),
                ("bitmap_bit_order", ctypes.c_int), ("bitmap_pad", ctypes.c_int),
                ("depth", ctypes.c_int), ("bytes_per_line", ctypes.c_int),
                ("bits_per_pixel", ctypes.c_int)]


class Screen:
    """An X display looked at through Xlib (ctypes): rows of its root window's pixels."""

    def __init__(self, display: str):
        self.x11 = x11 = ctypes.cdll.LoadLibrary("libX11.so.6")
        x11.XOpenDisplay.restype = ctypes.c_void_p
        x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
        x11.XDefaultRootWindow.restype = ctypes.c_ulong
        x11.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        x11.XGetImage.restype = ctypes.POINTER(XImage)
        x11.XGetImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int,
                                  ctypes.c_uint, ctypes.c_uint, ctypes.c_ulong, ctypes.c_int]
        x11.XDestroyImage.argtypes = [ctypes.POINTER(XImage)]
        self.display = x11.XOpenDisplay(display.encode())
        if not self.display:
            raise SystemExit(f"cannot open the X display {display}")
        self.root = x11.XDefaultRootWindow(self.display)
        step = SCREEN[1] // (ROWS + 1)
        self.rows = [step * (i + 1) for i in range(ROWS)]

    def look(self) -> int:
        """A checksum of the rows looked at."""
        crc = 0
        for y in self.rows:
            image = self.x11.XGetImage(self.display, self.root, 0, y, SCREEN[0], 1,
                                       0xFFFFFFFF, 2)  # ZPixmap
            row = image.contents
            crc = zlib.crc32(ctypes.string_at(row.data, row.bytes_per_line), crc)
            self.x11.XDestroyImage(image)
        return crc


def one_run(screen: Screen, display: str, command: list[str], root: Path,
            keep: Path | None) -> dict[str, float]:
    """Seconds from the command to the window on screen ('window') and to the menu on screen
    ('menu'), the first flip's wall time ('flip') and the child's CPU time then ('cpu')."""
    with tempfile.TemporaryDirectory(prefix="bench-startup-") as tmp:
        Path(tmp, "sitecustomize.py").write_text(PROBE, encoding="utf-8")
        env = dict(os.environ, PETANQUE_GAME_HOME=str(Path(tmp, "home")), DISPLAY=display,
                   PYTHONPATH=os.pathsep.join([tmp, str(root)]), SDL_VIDEODRIVER="x11",
                   SDL_AUDIODRIVER=os.environ.get("SDL_AUDIODRIVER", "dummy"))
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # bytecode cached, as an installed game has it
        empty = screen.look()
        looks: list[tuple[float, int]] = []
        out = Path(tmp, "out.txt")
        with out.open("w") as sink:
            wall0 = time.time()
            start = time.perf_counter()
            # Started in the empty folder: `python -m` puts the working folder first on the path,
            # which would otherwise import the checkout the script was started from.
            child = subprocess.Popen(command, env=env, stdout=sink, stderr=subprocess.DEVNULL,
                                     cwd=tmp)
            changed = 0.0  # when the screen last changed
            while (now := time.perf_counter() - start) < GIVE_UP:
                looks.append((now, screen.look()))
                if len(looks) > 1 and looks[-1][1] != looks[-2][1]:
                    changed = now
                if now - changed >= SETTLED and looks[-1][1] != empty \
                        and "FLIP" in out.read_text():
                    break
                time.sleep(POLL)
            if keep is not None:
                subprocess.run(["import", "-display", display, "-window", "root",
                                str(keep)], check=False)
            child.terminate()
            child.wait(timeout=30)
        root_seen = [line for line in out.read_text().splitlines() if line.startswith("ROOT ")]
        if root_seen != [f"ROOT {root}"]:
            raise SystemExit(f"{' '.join(command)}: imported {root_seen}, not {root}")
        menu = looks[-1][1]
        if menu == empty:
            raise SystemExit(f"{' '.join(command)} ({root}): nothing came on screen")
        window = next(t for t, crc in looks if crc != empty)
        shown = next(t for t, crc in looks if crc == menu)
        flips = [line.split() for line in out.read_text().splitlines()
                 if line.startswith("FLIP ")]
        if not flips:
            raise SystemExit(f"{' '.join(command)} ({root}): the window never flipped")
        return {"window": window, "menu": shown, "flip": float(flips[0][1]) - wall0,
                "cpu": float(flips[0][2]), "flips": len(flips)}


def instructions(display: str, command: list[str], root: Path) -> int:
    """Instructions the game ran from its start to its first flip, counted by callgrind."""
    with tempfile.TemporaryDirectory(prefix="bench-startup-") as tmp:
        Path(tmp, "sitecustomize.py").write_text(PROBE, encoding="utf-8")
        env = dict(os.environ, PETANQUE_GAME_HOME=str(Path(tmp, "home")), DISPLAY=display,
                   PYTHONPATH=os.pathsep.join([tmp, str(root)]), SDL_VIDEODRIVER="x11",
                   SDL_AUDIODRIVER=os.environ.get("SDL_AUDIODRIVER", "dummy"),
                   BENCH_LEAVE_AT_FLIP="1")
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/cg.%p",
                        *command], env=env, cwd=tmp, check=False, capture_output=True)
        counts = [int(line.split()[1]) for out in Path(tmp).glob("cg.*")
                  for line in out.read_text(errors="replace").splitlines()
                  if line.startswith("summary:")]
        if not counts:
            raise SystemExit(f"{' '.join(command)} ({root}): callgrind counted nothing")
        return max(counts)


def start_xvfb() -> tuple[str, subprocess.Popen]:
    """A private X server on the first free display number from 90."""
    for n in range(90, 140):
        if not Path(f"/tmp/.X{n}-lock").exists():
            server = subprocess.Popen(["Xvfb", f":{n}", "-screen", "0",
                                       f"{SCREEN[0]}x{SCREEN[1]}x24"],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for _ in range(100):  # its socket, once it listens (a busy machine: seconds)
                if server.poll() is not None or Path(f"/tmp/.X11-unix/X{n}").exists():
                    break
                time.sleep(0.1)
            if server.poll() is None:
                time.sleep(0.2)
                return f":{n}", server
    raise SystemExit("no free X display for Xvfb")


def describe(label: str, runs: list[dict[str, float]]) -> str:
    def ms(key: str) -> str:
        v = sorted(r[key] * 1000 for r in runs)
        return f"{statistics.median(v):.0f} ({v[0]:.0f}-{v[-1]:.0f})"
    late = max(r["menu"] - r["flip"] for r in runs) * 1000
    return (f"| {label} | {len(runs)} | {ms('window')} | {ms('menu')} | {ms('flip')} | "
            f"{ms('cpu')} | {late:.0f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--against", type=Path, help="another checkout, started in turn")
    parser.add_argument("--display", help="an X display to use (default: a private Xvfb)")
    parser.add_argument("--keep", type=Path, help="a folder for one screenshot per checkout")
    parser.add_argument("--instructions", action="store_true",
                        help="also count each checkout's instructions to its first flip "
                             "(valgrind's callgrind)")
    args = parser.parse_args()
    server = None
    display = args.display
    if display is None:
        display, server = start_xvfb()
    try:
        subprocess.run(["xdotool", "mousemove", str(SCREEN[0] - 1), str(SCREEN[1] - 1)],
                       env=dict(os.environ, DISPLAY=display), check=False)
        screen = Screen(display)
        roots = [ROOT] + ([args.against.resolve()] if args.against else [])
        commands = [("python -m petanque_game", [sys.executable, "-m", "petanque_game"])]
        installed = shutil.which("petanque-game")
        if installed:
            commands.append(("petanque-game", [installed]))
        cases = [(root, label, cmd) for root in roots for label, cmd in commands]
        for root, _, cmd in cases:  # warm the disk's caches: what a second start sees
            one_run(screen, display, cmd, root, None)
        if args.keep:
            args.keep.mkdir(parents=True, exist_ok=True)
        found: dict[tuple[Path, str], list[dict[str, float]]] = {c[:2]: [] for c in cases}
        load = [os.getloadavg()[0]]
        for i in range(args.runs):
            for root, label, cmd in cases:  # in turn, so that a busy moment hits all alike
                keep = (args.keep / f"{root.name}-{label.split()[0]}.png"
                        if args.keep and i == 0 else None)
                found[(root, label)].append(one_run(screen, display, cmd, root, keep))
        load.append(os.getloadavg()[0])
        print(f"Start-up under X (display {display}, {SCREEN[0]}x{SCREEN[1]}), {args.runs} runs "
              f"each, bytecode cached; load average {load[0]:.2f} at the start, {load[1]:.2f} "
              f"at the end. Milliseconds from the command, median (fastest-slowest):")
        print("| checkout, command | runs | window on screen | menu on screen | first flip "
              "| child CPU at first flip | menu after first flip, worst |")
        print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
        for (root, label), runs in found.items():
            print(describe(f"{root}, `{label}`", runs))
        if args.instructions:
            print("Instructions to the first flip (callgrind), millions:")
            for root, label, cmd in cases:
                print(f"| {root}, `{label}` | {instructions(display, cmd, root) / 1e6:.1f} |")
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=10)


if __name__ == "__main__":
    main()
