"""Frame times of every scene of the window, drawn with SDL's software renderer at 1280x720.

    python benchmarks/bench_frames.py [--frames 600] [--only NAME ...] [--profile NAME]
                                      [--runs N] [--desktop WxH] [--unpaced]

One run visits every scene in the real App (SDL's dummy video driver, so no screen is needed) and
times each frame as the game's loop makes it: the events of that frame (the mouse moving every
frame, a click or a key now and then), `App.step(1/60)`, and `App.render()` (the drawing, and
the copy to the window). Frames are paced at 60 a second like the loop (what is left of a frame
is slept, so the AI's worker thread thinks in the gaps as it does in the game). Each App starts
with the first frame `App.loop` makes (ui/frame_loop.py `first_frame`, the same function): what
start-up made is then frozen out of the garbage collector's sight, as in the game's window, so
the full collections measured are the ones a player gets.

Scenes: the main menu; setup with each game selected; settings; a rules page and its how-to-play
tab; the replay list and the statistics (a user folder of ~50 records made by `simulate`); the
results screen with its chart; the hot-seat hand-over screen; the board editor; the challenges;
each tray game, all-AI and with a person to move (the three games of chance all-AI: no decision
is a person's); the Terningepetanque table while a person aims (the mouse moving every frame),
during a throw with 7 dice already on the board (4 AIs, late in a round) and during the
reckoning; a replay whose timeline is dragged to and fro (every frame a new point, reached by
several mouse motions as a real mouse sends them: MOTIONS); a long game (a Ship pot game of
5,000 events and more: the person's turns, each move autosaved, and its replay scrubbed:
frames_long.py).

First, three rows that are not the game: a frame of fixed pure-Python work (2, 4 and 6 ms when
nothing interrupts it), paced the same way, so that the machine's own tail is printed beside the
scenes' (on the 2-core VM of 2026-12 a frame of 6 ms of fixed work has a wall p99 about twice its
median with nothing else running).

Per scene: the frames counted, the median, the 99th percentile and the worst frame by the wall
clock, the same 99th percentile by processor time (`time.process_time`, all threads: on a machine
shared with other jobs the wall clock's tail is mostly waiting for a core, which this leaves out),
the 99th percentile of the window thread's own processor time (`time.thread_time`: what the
frame costs the thread that draws it; the AI's thread, which plays an AI's move ahead while the
frames go on, is left out), and whether the wall p99 meets issue 11's goal of 8 ms. The first 10
frames of a scene (fonts and pictures being made for the cache) are not counted. Nothing is
asserted.

`--unpaced` runs the frames back to back instead: each then costs less (the processor's caches
stay warm), which is not what the paced loop of the game sees.

`--desktop WxH` opens every App's window at the size the game gives a new window on a desktop of
that size (`window_size_for`: 1728x972 on 1920x1080), so each frame is also scaled into the
window; without it the window has the logical size (1280x720) and is drawn on directly.

`--profile NAME` runs cProfile over that one scene's frames and prints the top costs.

`--runs N` measures each scene N times, each in a fresh App, and prints one row per scene: the
median of the runs' medians and p99s, and each run's wall p99 (a p99 of 600 frames is the sixth
slowest frame, so one run's p99 swings with whatever else the machine did in that minute; the
goal is judged on the median run).
"""

from __future__ import annotations

import argparse
import cProfile
import math
import os
import pstats
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PETANQUE_GAME_HOME", tempfile.mkdtemp(prefix="bench-frames-"))
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(1, str(ROOT / "tests"))  # the tests' way of playing a tray turn by clicks

import frames_long  # the long game's scenes
import pygame
from bench_table_aim import until  # a Terningepetanque game played on to a given moment
from test_ui_tray import human_move

from petanque_game import paths
from petanque_game.match import Match
from petanque_game.record import Seat
from petanque_game.ui import theme
from petanque_game.ui.app import App, window_size_for
from petanque_game.ui.frame_loop import first_frame
from petanque_game.ui.game_ui import title
from petanque_game.ui.play import open_game_scene
from petanque_game.ui.session import new_game
from petanque_game.ui.settings import load_settings
from petanque_game.ui.table.view import AREA

GOAL_MS = 8.0
SCREEN = pygame.Rect((0, 0), theme.LOGICAL_SIZE)
PACED = True  # --unpaced: frames back to back (as bench_table_frames.py times them)
WINDOW: tuple[int, int] | None = None  # --desktop: the window's size (None: the logical size)
WARM = 10  # frames not counted at the start of a scene: the caches being filled
TRAY_GAMES = {"ten-thousand": {"target": 3000}, "shut-the-box": {"rounds": 3},
              "ship-captain-crew": {"target": 30}}
CHANCE_GAMES = {"lcr": 3, "aces": 2, "even-odd": 2}  # the dice decide all: their seats
AIS = [Seat("Åse", "ai", "medium"), Seat("Bjørn", "ai", "medium"), Seat("Kari", "ai", "medium"),
       Seat("Leif", "ai", "medium")]
PERSON = Seat("Ana", "human")
Frame = Callable[[int], None]  # what happens before frame i: events, a move
# A dragged timeline's motions a frame: a mouse reports its moves 125 times a second (USB's
# usual rate; 500-1,000 for many gaming mice) and SDL hands on each, so a frame of a drag
# carries from 2 to 16 of them; 4 sits at the common end of that (the replay jumps once a
# frame however many came: ui/replay.py).
MOTIONS = 4


# --- timing -------------------------------------------------------------------------------------

class Times:
    """The wall-clock and processor milliseconds of the frames counted, and for each whether it
    was marked (a scene's own split, said by `marked_as`)."""

    def __init__(self, marked_as: str = "while a throw plays back") -> None:
        self.wall: list[float] = []
        self.cpu: list[float] = []
        self.window: list[float] = []  # the window thread's own processor time
        self.marked: list[bool] = []
        self.marked_as = marked_as

    def add(self, other: Times) -> None:
        self.wall += other.wall
        self.cpu += other.cpu
        self.window += other.window
        self.marked += other.marked

    def only_marked(self) -> Times:
        out = Times(self.marked_as)
        for w, c, t, m in zip(self.wall, self.cpu, self.window, self.marked):
            if m:
                out.wall.append(w)
                out.cpu.append(c)
                out.window.append(t)
                out.marked.append(m)
        return out


def new_app(**settings) -> App:
    """The App with the settings' own pauses (the AI's, the dice's tumble), quick to reach a scene
    only where a scene says so; its first frame made as `App.loop` makes it (`first_frame`: what
    start-up made is then frozen, out of the collector's sight, as in the game's window)."""
    app = App(size=WINDOW, settings=load_settings({"handover": False, **settings}))
    first_frame(app)
    return app


class Watch:
    """What a run wants to know of each frame besides its times: `begin` before the frame is
    timed, `counted` after a counted one with its milliseconds (bench_table_split.py splits
    each frame into its parts through it). This one wants nothing."""

    def begin(self) -> None:
        pass

    def counted(self, app: App, wall: float, cpu: float, own: float) -> None:
        pass


WATCH = Watch()  # every frame of `run_frames` is shown to it


def run_frames(app: App, frames: int, before: Frame | None = None,
               counted: Callable[[], bool] | None = None, mark: Callable[[], bool] | None = None,
               stop: Callable[[], bool] | None = None) -> Times:
    """`frames` frames paced at 60 a second (fewer if `stop()` comes true); those for which
    `counted()` holds (all by default), after the first WARM, are timed."""
    out = Times()
    next_frame = time.perf_counter()
    for i in range(frames + WARM):
        if stop is not None and stop():
            break
        WATCH.begin()
        t0, c0, w0 = time.perf_counter(), time.process_time(), time.thread_time()
        marked = mark is not None and mark()
        if before is not None:
            before(i)
        app.step(1 / 60)
        app.render()
        done, cpu, own = time.perf_counter(), time.process_time(), time.thread_time()
        if i >= WARM and (counted is None or counted()):
            out.wall.append((done - t0) * 1000)
            out.cpu.append((cpu - c0) * 1000)
            out.window.append((own - w0) * 1000)
            out.marked.append(marked or (mark is not None and mark()))
            WATCH.counted(app, out.wall[-1], out.cpu[-1], out.window[-1])
        next_frame = max(next_frame + 1 / 60, done)
        if PACED:
            time.sleep(max(0.0, next_frame - time.perf_counter()))
    return out


def mouse_at(app: App, pos: tuple[int, int], held: bool = False) -> None:
    app.handle_logical(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                          buttons=(int(held), 0, 0)))


def wander(app: App, rect: pygame.Rect = SCREEN) -> Frame:
    """The mouse moving every frame along a loop over `rect` (over buttons, so hovers change)."""
    def move(i: int) -> None:
        a = i * 0.045
        mouse_at(app, (int(rect.centerx + rect.w * 0.45 * math.cos(a)),
                       int(rect.centery + rect.h * 0.45 * math.sin(1.7 * a))))
    return move


def both(*frames: Frame) -> Frame:
    def each(i: int) -> None:
        for f in frames:
            f(i)
    return each


# --- a user folder of records --------------------------------------------------------------------

def make_records() -> None:
    """About 50 finished games in the user folder's records, made by `simulate`."""
    folder = paths.records_dir()
    folder.mkdir(parents=True, exist_ok=True)
    runs = [("ten-thousand", "ai:easy,ai:medium", 16, ["target=3000"]),
            ("shut-the-box", "ai:easy,ai:medium,ai:medium", 14, []),
            ("ship-captain-crew", "ai:medium,ai:easy", 14, ["target=30"]),
            ("terningepetanque", "ai:easy,ai:easy", 6, ["rounds=3"])]
    for game, players, n, options in runs:
        cmd = [sys.executable, "-m", "petanque_game", "simulate", game, "--players", players,
               "--games", str(n), "--record", str(folder), "--force"]
        for o in options:
            cmd += ["--option", o]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL,
                       env={**os.environ, "PYTHONPATH": str(ROOT)})


# --- the scenes, one function each ---------------------------------------------------------------

def menu(frames: int) -> Times:
    app = new_app()
    return run_frames(app, frames, wander(app))


def setup(game: str, frames: int) -> Times:
    app = new_app()
    scene = app.open("setup")
    scene.set_game(game)
    return run_frames(app, frames, wander(app))


def settings(frames: int) -> Times:
    app = new_app()
    app.open("settings")
    return run_frames(app, frames, wander(app))


def rules(page: str, frames: int) -> Times:
    app = new_app()
    scene = app.open("rules", "terningepetanque", title(app.look, "terningepetanque"))
    scene.show(page)
    return run_frames(app, frames, wander(app))


def replay_list(frames: int) -> Times:
    app = new_app()
    app.open("replays")
    return run_frames(app, frames, wander(app))


def statistics_scene(frames: int) -> Times:
    """The statistics, a tab (game) clicked every 60 frames."""
    app = new_app()
    scene = app.open("statistics")

    def pick(i: int) -> None:
        if i % 60 == 59:
            tabs = scene.tabs()
            app.click(tabs[(i // 60) % len(tabs)].rect.center)
    return run_frames(app, frames, both(wander(app), pick))


def results(frames: int) -> Times:
    """A Ten Thousand game of 2 AIs played to its end (unpaced, not drawn), then its results."""
    app = new_app(ai_delay=0, roll_time=0)
    open_game_scene(app, new_game("ten-thousand", AIS[:2], {"target": 3000}, 5))
    for _ in range(20000):
        if app.top.name == "results":
            break
        app.step(1 / 30)
    if app.top.name != "results":
        raise RuntimeError("the game never ended")
    return run_frames(app, frames, wander(app))


def handover(frames: int) -> Times:
    app = new_app()
    open_game_scene(app, new_game("ten-thousand", [PERSON, Seat("Åse", "human")], {}, 5))
    app.open("handover", "Åse", 1, ["Ana rolled 1, 5, 5, 2, 3, 6 and banked 200."])
    return run_frames(app, frames, wander(app))


def tray_ai(game: str, frames: int) -> Times:
    app = new_app()
    seats = CHANCE_GAMES.get(game, 3 if game == "shut-the-box" else 2)
    open_game_scene(app, new_game(game, AIS[:seats], TRAY_GAMES.get(game, {}), 7))
    return run_frames(app, frames)


def board_editor(frames: int) -> Times:
    app = new_app()
    app.open("board_editor")
    return run_frames(app, frames, wander(app))


def challenges(frames: int) -> Times:
    app = new_app()
    app.open("challenges")
    return run_frames(app, frames, wander(app))


def tray_person(game: str, frames: int) -> Times:
    """A person against an AI: the mouse moving every frame, the person's move (by clicks) made
    20 frames after it becomes due."""
    app = new_app()
    scene = open_game_scene(app, new_game(game, [PERSON, AIS[1]], TRAY_GAMES[game], 7)) and app.top
    waited = [0]

    def act(i: int) -> None:
        if app.top is scene and scene.human_turn and not scene.busy and not scene.session.over:
            waited[0] += 1
            if waited[0] >= 20:
                human_move(app, scene)
                waited[0] = 0
    return run_frames(app, frames, both(wander(app), act))


def table_aiming(frames: int) -> Times:
    """A person's throw due with dice on the board, the mouse over the board every frame (a new
    aim solved and its arc drawn each time)."""
    app = new_app(ai_delay=0, roll_time=0)
    open_game_scene(app, new_game("terningepetanque", [PERSON, *AIS[1:]], {"rounds": 2}, 11,
                                  "classic"))
    scene = app.top
    until(app, scene, lambda: scene.aiming and len(scene.session.state.table.dice) >= 5)
    return run_frames(app, frames, wander(app, AREA.inflate(-200, -120)),
                      counted=lambda: scene.aiming)


def table_throw(frames: int) -> Times:
    """4 AIs, late in rounds: every frame from the moment 7 dice lie on the board until the
    round's reckoning (the AIs' pauses and their throws); `marked`: a throw playing back."""
    app = new_app(ai_delay=0, roll_time=0)
    open_game_scene(app, new_game("terningepetanque", AIS, {"rounds": 15}, 11, "classic"))
    scene = app.top
    out = Times()

    def late() -> bool:
        on = sum(d.on_board for d in scene.session.state.table.dice)
        return not scene.busy and scene.due is not None and scene.due[1] == "die" and on >= 7
    while len(out.wall) < frames and not scene.session.over:
        app.settings.ai_delay, app.settings.roll_time = 0, 0
        for _ in range(20000):  # on to the next late table, no throw watched on the way
            if late() or scene.session.over:
                break
            scene.skip_flight()
            app.step(1 / 60)
        if not late():
            break
        app.settings.ai_delay, app.settings.roll_time = 0.8, 0.7
        out.add(run_frames(app, min(900, frames - len(out.wall)), mark=lambda: scene.flying,
                           stop=lambda: scene.reckoning is not None))
    return out


def reckoning(frames: int) -> Times:
    app = new_app(ai_delay=0, roll_time=0)
    open_game_scene(app, new_game("terningepetanque", [PERSON, *AIS[1:]], {"rounds": 2}, 11,
                                  "classic"))
    scene = app.top
    until(app, scene, lambda: scene.reckoning is not None and not scene.flying)
    scene.reckoning.wait = None  # stays on the reckoning: no one clicks on
    return run_frames(app, frames, wander(app))


def scrubbed(game: str, options: dict, frames: int) -> Times:
    """A recorded game watched, its timeline held and dragged to and fro: a new point each frame."""
    match = Match.new(game, AIS[:CHANCE_GAMES.get(game, 2)], options, 3)
    match.play_to_end()
    path = Path(tempfile.mkdtemp(prefix="bench-frames-replay-")) / f"{game}-3.json"
    path.write_text(match.record.dumps(), "utf-8")
    return scrub(path, frames)


def scrub(path: Path, frames: int) -> Times:
    """The record at `path` watched, its timeline dragged to and fro."""
    app = new_app()
    app.open_replay(path)
    rect = app.top.replay.timeline_rect()
    app.handle_logical(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                          pos=(rect.x + 1, rect.centery)))

    def drag(i: int) -> None:
        for k in range(1, MOTIONS + 1):  # the way from the last frame's point, in MOTIONS steps
            x = rect.x + int(rect.w * (0.5 - 0.5 * math.cos((i - 1 + k / MOTIONS) * 0.02)))
            mouse_at(app, (x, rect.centery), held=True)

    drawn = [app.frames_drawn]

    def drew() -> bool:  # asked before and after each frame: True after one that drew
        before, drawn[0] = drawn[0], app.frames_drawn
        return drawn[0] != before
    times = run_frames(app, frames, drag, mark=drew)
    times.marked_as = "the frames that drew (a drag's jump shows in the next frame)"
    return times


# --- the run ------------------------------------------------------------------------------------

class FixedWork:
    """Not the game: a frame of the same pure-Python work every time, paced like the game's, for
    this machine's own tail (what p99 a frame of a given median gets here with nothing of ours
    varying). Stands in for the App in `run_frames`."""

    def __init__(self, ms: float) -> None:
        self.loops = max(1, round(ms / 1000 / _seconds_per_loop()))

    def step(self, dt: float) -> None:
        pass

    def render(self) -> None:
        _spin(self.loops)


def _spin(loops: int) -> int:
    total = 0
    for i in range(loops):
        total += i * i
    return total


def _seconds_per_loop() -> float:
    best = math.inf
    for _ in range(5):  # the fastest of five: what the loop costs when nothing interrupts it
        start = time.process_time()
        _spin(200_000)
        best = min(best, time.process_time() - start)
    return best / 200_000


def scenes(frames: int) -> dict[str, Callable[[], Times]]:
    """Every scene measured, by the name printed; each made anew when called."""
    games = list(TRAY_GAMES)
    out: dict[str, Callable[[], Times]] = {
        f"the machine alone, {ms} ms of fixed work": lambda ms=ms: run_frames(FixedWork(ms),
                                                                              frames)
        for ms in (2, 4, 6)}
    out["main menu"] = lambda: menu(frames)
    for game in [*games, "terningepetanque"]:
        out[f"setup, {game}"] = lambda g=game: setup(g, frames // 2)
    out |= {
        "settings": lambda: settings(frames),
        "rules page (Terningepetanque)": lambda: rules("rules", frames // 2),
        "how-to-play tab (Terningepetanque)": lambda: rules("howto", frames // 2),
        "replay list (~50 records)": lambda: replay_list(frames),
        "statistics (~50 records, tabs clicked)": lambda: statistics_scene(frames),
        "results with its chart (Ten Thousand)": lambda: results(frames),
        "hand-over screen": lambda: handover(frames),
        "board editor": lambda: board_editor(frames),
        "challenges": lambda: challenges(frames),
    }
    for game in games:
        out[f"{game}, all-AI"] = lambda g=game: tray_ai(g, frames * 2)
        out[f"{game}, a person to move"] = lambda g=game: tray_person(g, frames * 2)
    for game in CHANCE_GAMES:
        out[f"{game}, all-AI"] = lambda g=game: tray_ai(g, frames * 2)
    out |= {
        "table, aiming (mouse moving)": lambda: table_aiming(frames),
        "table, 4 AIs, 7-8 dice on the board": lambda: table_throw(frames * 2),
        "table, the reckoning": lambda: reckoning(frames),
        "replay scrubbed, Terningepetanque": lambda: scrubbed("terningepetanque",
                                                              {"rounds": 15}, frames),
        "replay scrubbed, Ship, Captain and Crew": lambda: scrubbed("ship-captain-crew",
                                                                    {"target": 30}, frames),
        "replay scrubbed, LCR": lambda: scrubbed("lcr", {}, frames),
    }
    return out | frames_long.scenes(sys.modules[__name__], frames)


def p99(ms: list[float]) -> float:
    """The 99th percentile of `ms`, sorted."""
    return ms[int(0.99 * (len(ms) - 1))]


def judged(wall: float, cpu: float) -> str:
    return "yes" if wall <= GOAL_MS else ("CPU only" if cpu <= GOAL_MS else "NO")


def runs_row(label: str, runs: list[Times]) -> str:
    """One scene measured several times: the median run's figures, and every run's wall p99."""
    runs = [t for t in runs if t.wall]
    if not runs:
        return f"| {label} | 0 | | | | | | | no frames | |"
    med = statistics.median
    walls, cpus = [sorted(t.wall) for t in runs], [sorted(t.cpu) for t in runs]
    windows = [sorted(t.window) for t in runs]
    p99_wall, p99_cpu = med(p99(w) for w in walls), med(p99(c) for c in cpus)
    each = " / ".join(f"{p99(w):.2f}" for w in walls)
    return (f"| {label} | {sum(len(w) for w in walls)} | {med(med(w) for w in walls):.2f} | "
            f"{p99_wall:.2f} | {max(w[-1] for w in walls):.2f} | "
            f"{med(med(c) for c in cpus):.2f} | {p99_cpu:.2f} | "
            f"{med(p99(w) for w in windows):.2f} | {judged(p99_wall, p99_cpu)} | {each} |")


def row(label: str, t: Times) -> str:
    if not t.wall:
        return f"| {label} | 0 | | | | | | | no frames |"
    wall, cpu, window = sorted(t.wall), sorted(t.cpu), sorted(t.window)
    ok = judged(p99(wall), p99(cpu))
    return (f"| {label} | {len(wall)} | {statistics.median(wall):.2f} | {p99(wall):.2f} | "
            f"{wall[-1]:.2f} | {statistics.median(cpu):.2f} | {p99(cpu):.2f} | "
            f"{p99(window):.2f} | {ok} |")


def desktop_size(text: str) -> tuple[int, int]:
    """`--desktop`'s WxH."""
    try:
        w, h = (int(n) for n in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not WIDTHxHEIGHT (1920x1080)") from None
    if w < 1 or h < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: a size of at least 1x1")
    return w, h


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=600, help="frames per scene (about)")
    parser.add_argument("--only", nargs="*", help="scenes whose name contains one of these")
    parser.add_argument("--profile", help="profile the first scene whose name contains this")
    parser.add_argument("--unpaced", action="store_true",
                        help="frames back to back, not 60 a second (caches stay warm)")
    parser.add_argument("--runs", type=int, default=1,
                        help="measure each scene this many times (the median run is judged)")
    parser.add_argument("--desktop", metavar="WxH", type=desktop_size,
                        help="the window a new game opens on a desktop of this size (1920x1080)")
    args = parser.parse_args()
    global PACED, WINDOW
    PACED = not args.unpaced
    WINDOW = window_size_for(args.desktop) if args.desktop else None
    chosen = scenes(args.frames)
    if args.profile:
        name = next(n for n in chosen if args.profile in n)
        chosen = {name: chosen[name]}
    elif args.only:
        chosen = {n: f for n, f in chosen.items() if any(o in n for o in args.only)}
    if any("records" in name for name in chosen):  # the replay list's and statistics' folder
        make_records()
    if args.profile:
        profile = cProfile.Profile()
        profile.enable()
        chosen[name]()
        profile.disable()
        print(f"cProfile of {name!r}")
        pstats.Stats(profile).sort_stats("cumulative").print_stats(40)
        pstats.Stats(profile).sort_stats("tottime").print_stats(25)
        return
    window = "x".join(map(str, WINDOW or theme.LOGICAL_SIZE))
    where = f"the window {window} (desktop {args.desktop[0]}x{args.desktop[1]})" \
        if args.desktop else window
    print(f"SDL video driver {os.environ['SDL_VIDEODRIVER']}, {where}, pygame-ce "
          f"{pygame.version.ver}; load average at start {os.getloadavg()[0]:.2f}")
    if args.runs > 1:
        print(f"each scene {args.runs} times; figures are the median run's, worst is the worst of "
              "all")
        print("| scene | frames | median ms | p99 ms | worst ms | median CPU ms | p99 CPU ms "
              "| p99 window thread CPU ms | p99 <= 8 ms | each run's p99 ms |")
        print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |")
    else:
        print("| scene | frames | median ms | p99 ms | worst ms | median CPU ms | p99 CPU ms "
              "| p99 window thread CPU ms | p99 <= 8 ms |")
        print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
    for name, measure in chosen.items():
        if args.runs > 1:
            runs = []
            for _ in range(args.runs):
                runs.append(measure())
                pygame.quit()
            print(runs_row(name, runs), flush=True)
            marked = [t.only_marked() for t in runs if any(t.marked)]
            if marked:
                print(runs_row(f"  the same, only {marked[0].marked_as}", marked), flush=True)
            continue
        times = measure()
        print(row(name, times), flush=True)
        if any(times.marked):
            print(row(f"  the same, only {times.marked_as}", times.only_marked()),
                  flush=True)
        pygame.quit()
    print(f"load average at the end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
