"""How large a die at rest is on screen, per desktop, window and board, headless.

    python benchmarks/bench_dice_size.py

For each desktop size (emulated: SDL's dummy driver has none) the window opens at the size the
App gives it (`app.window_size_for`), and at 800x600 and in full screen on a 1920x1080 desktop;
for each shipped board, with 2 and 4 players, the Terningepetanque table is opened (the score
sheet where it goes by default) and the camera is at rest, the board fitted. A die is laid at the
board's centre and drawn; its side is then measured twice, in window pixels:
- computed: the side in logical pixels (die side in mm times the camera's scale) times the
  window's scale;
- counted: the width of the die's pixels (its player's colour) on the window's row through the
  die's centre, after the picture was scaled into the window as the App shows it.
Also printed: the deciding dice's close-up die, in window pixels. Nothing is asserted.

Then the camera's rest view, framed on the play (ui/table/camera.py): for each board and 2 and 4
players, the tables of real games (`play_tables`: every table a throw meets with the diamond lying,
in two medium-AI and two easy-AI games of three rounds, seeds 0-1) framed in turn on the scene's
board part at each window (the default window on a 1920x1080 desktop, 1280x720 and 800x600), the
die's computed side in window pixels: the least, the median and the shares of tables at 24 px and
at 16 px or more.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PETANQUE_GAME_HOME", tempfile.mkdtemp(prefix="bench-dice-size-"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame

from petanque_game.match import Match
from petanque_game.record import Seat
from petanque_game.ui import app as app_module
from petanque_game.ui.play import open_game_scene
from petanque_game.ui.session import new_game
from petanque_game.ui.settings import load_settings
from petanque_game.ui.table import draw as td
from petanque_game.ui.table.closeup import CLOSEUP_DIE
from petanque_game.ui.table.view import AREA

LEVELS = ("classic", "round-table", "bumper-lane")
DESKTOPS = ((1920, 1080), (1366, 768), (1280, 720), (800, 600))


def counted(app, scene, seat: int) -> int:
    """The die's width in window pixels on the row through its centre."""
    sx, sy = scene.view.to_screen(0.0, 0.0)
    scale, ox, oy = app._fit()
    wx, wy = round(ox + (AREA.x + sx) * scale), round(oy + (AREA.y + sy) * scale)
    body = app.look.player_colour(seat)
    near = [x for x in range(max(0, wx - 80), min(app.window.get_width(), wx + 80))
            if _close(app.window.get_at((x, wy))[:3], body)]
    return max(near) - min(near) + 1 if near else 0


def _close(rgb, body) -> bool:
    """The die's colour, its lit or rim shade (not the felt's green, nor the wood's brown)."""
    return max(abs(a - b) for a, b in zip(rgb, body)) <= 70


def measure(window: tuple[int, int], full: bool, level: str, n: int) -> tuple[float, int, float,
                                                                              bool]:
    app = app_module.App(size=window, settings=load_settings({"handover": False}))
    if full:  # a full screen of the window's size (the dummy driver keeps what it is given)
        app.window = pygame.display.set_mode(window)
    seats = [Seat("Ann", "human")] + [Seat(f"AI {i}", "ai", "easy") for i in range(1, n)]
    open_game_scene(app, new_game("terningepetanque", seats, {"rounds": 15}, 3, level,
                                  autosave=False))
    scene = app.top
    scene.view.settle()
    scale = app._fit()[0]
    computed = td.die_px(scene.level, scene.view.view) * scale
    # one die of seat 1 (blue: unlike the felt and the wood) at the board's centre, at rest
    app.render_logical()
    td.draw_table_die(app.look, app.logical.subsurface(AREA), scene.view.view, scene.level, 1, 2,
                      0.0, 0.0, 0.0)
    app.present()
    width = counted(app, scene, 1)
    sheet = scene.sheet.rect is not None
    app.close()
    return computed, width, CLOSEUP_DIE * scale, sheet


def play_tables(level: str, n: int, games: int = 2, rounds: int = 3, ai: str = "medium") -> list:
    """Every table a throw met with the diamond lying, in `games` games of `rounds` rounds of `ai`
    players on `level` with `n` players (seeds 0 ..)."""
    tables = []
    for seed in range(games):
        match = Match.new("terningepetanque", [Seat(f"AI {i}", "ai", ai) for i in range(n)],
                          {"rounds": rounds}, seed=seed, level=level)
        while not match.over:
            table = match.state.table
            if match.state.throw_due is not None and table.diamond is not None:
                tables.append(table)
            match.play_ai_turn()
    return tables


def rest_dice(window: tuple[int, int], level: str, n: int, tables: list) -> list[float]:
    """The die's side in window px at the rest view of each table, on a scene at `window`."""
    app = app_module.App(size=window, settings=load_settings({"handover": False}))
    seats = [Seat("Ann", "human")] + [Seat(f"AI {i}", "ai", "easy") for i in range(1, n)]
    open_game_scene(app, new_game("terningepetanque", seats, {"rounds": 15}, 3, level,
                                  autosave=False))
    cam, scale = app.top.view, app._fit()[0]
    sizes = []
    for table in tables:
        cam.rest([(table.diamond.x, table.diamond.y)]
                 + [(d.x, d.y) for d in table.dice if d.on_board])
        cam.settle()
        sizes.append(td.die_px(app.top.level, cam.view) * scale)
    app.close()
    return sizes


def rest_view_table() -> None:
    windows = ((app_module.window_size_for((1920, 1080)), "desktop 1920x1080"),
               ((1280, 720), "window 1280x720"), ((800, 600), "window 800x600"))
    print("\n| window | board | players | tables | least | median | at 24 px or more | at 16 px "
          "or more |")
    print("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: |")
    for level in LEVELS:
        for n in (2, 4):
            tables = play_tables(level, n) + play_tables(level, n, ai="easy")
            for window, label in windows:
                sizes = sorted(rest_dice(window, level, n, tables))
                share = sum(s >= 24.0 for s in sizes) / len(sizes)
                readable = sum(s >= 16.0 for s in sizes) / len(sizes)
                print(f"| {label} {window[0]}x{window[1]} | {level} | {n} | {len(sizes)} | "
                      f"{sizes[0]:.1f} px | {sizes[len(sizes) // 2]:.1f} px | {share:.0%} | "
                      f"{readable:.0%} |", flush=True)


def main() -> None:
    cases = [(app_module.window_size_for(d), False, f"desktop {d[0]}x{d[1]}") for d in DESKTOPS]
    cases += [((800, 600), False, "window 800x600"), ((1920, 1080), True,
                                                      "full screen 1920x1080")]
    print("| screen | window | board | players | die (computed) | die (counted) | "
          "close-up die | sheet |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for window, full, label in cases:
        for level in LEVELS:
            for n in (2, 4):
                computed, width, closeup, sheet = measure(window, full, level, n)
                print(f"| {label} | {window[0]}x{window[1]} | {level} | {n} | {computed:.1f} px | "
                      f"{width} px | {closeup:.0f} px | {'shown' if sheet else 'Tab'} |",
                      flush=True)


if __name__ == "__main__":
    if "--rest" not in sys.argv:
        main()
    rest_view_table()
