"""How long a person waits for the Terningepetanque hint after pressing H, in the window.

    python benchmarks/bench_hint_wait.py [--players 2,4] [--seeds 3] [--seed 1] [--rounds 2]
        [--think 0.5,1.5]

A person plays medium AIs on the classic board in the window (SDL's dummy driver, the shipped
settings, the coach on as it ships, the real AI thread; started as the window starts, what
start-up made frozen out of the collector's sight: `frame_loop.first_frame`). At each of the
person's throws they look at the table for `--think` seconds (frames drawn at 60 a second, in
real time), press H, and the wait is the real time from the key to the frame that has the hint;
then they throw the hint (Use hint, Throw). Two windows are compared on the same games, in one
run, one after the other for each game: the hint searched for only when H is pressed ("asked":
the table before the hint was searched for ahead), and searched for ahead while the person aims
("ahead", as shipped), for each `--think`. Everything else (rolls, keeps, the reckoning) is
decided at once, as a medium AI would, and the throws' flights are stepped without waiting or
drawing (one frame is drawn, untimed, before each look). Prints, by players and window, the
throws and the wait's median, p95 and most, in ms, over `--seeds` games from `--seed`; and the
frames' times while the person looked (the pointer moving over the board; events, update and
drawing), p95, p99 and most: what the search ahead on the AI's thread costs the window (both
threads want Python's one lock).
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PETANQUE_GAME_HOME", tempfile.mkdtemp(prefix="bench-hint-wait-"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame

from petanque_game.ai import choose
from petanque_game.record import Seat
from petanque_game.ui import app as app_module
from petanque_game.ui.frame_loop import first_frame
from petanque_game.ui.play import open_game_scene
from petanque_game.ui.session import new_game
from petanque_game.ui.settings import load_settings
from petanque_game.ui.table.window import AREA

DT = 1 / 60
AIS = ("Astrid", "Bjarke", "Cille")


def paced(app, until) -> list[float]:
    """Frames at 60 a second in real time (the window's own pace), at least one, until
    `until()` after a frame; each frame's time (s: events, update and drawing)."""
    due = time.perf_counter()
    frames = []
    while True:
        start = time.perf_counter()
        app.handle_logical(pygame.event.Event(pygame.MOUSEMOTION, pos=_pointer(len(frames)),
                                              rel=(0, 0), buttons=(0, 0, 0)))
        app.step(DT)
        app.render()
        frames.append(time.perf_counter() - start)
        if until():
            return frames
        due += DT
        time.sleep(max(0.0, due - time.perf_counter()))


def _pointer(i: int) -> tuple[int, int]:
    """The pointer moving over the board while the person looks (the aim's preview redrawn)."""
    return (AREA.centerx + int(250 * math.cos(i / 40)), AREA.centery + int(150 * math.sin(i / 40)))


def one_game(seed: int, players: int, rounds: int, think: float,
             ahead: bool) -> tuple[list[float], list[float]]:
    """The waits (s) from H to the hint shown, at each of the person's throws of one game, and
    the frames' times (s) while the person looked before H."""
    settings = load_settings()  # the shipped settings: config/ui.yaml (the coach on)
    settings.handover = False
    app = app_module.App(settings=settings)
    first_frame(app)  # as the window starts: what start-up made is out of the collector's sight
    seats = [Seat("Ana", "human")] + [Seat(name, "ai", "medium") for name in AIS[:players - 1]]
    session = new_game("terningepetanque", seats, {"rounds": rounds}, seed, "classic",
                       autosave=False)
    open_game_scene(app, session)
    scene = app.top
    if not ahead:
        scene.prepare_hint = lambda: None  # the hint searched for only when asked
    waits: list[float] = []
    looking: list[float] = []
    steps = 0
    while not session.over or scene.busy:
        if session.thinking:
            session._thought[1].result()  # the AI's decision, on its thread
        if scene.reckoning is not None and scene.reckoning.wait is None and scene.flight is None:
            scene.continue_reckoning()
        if session.human_to_move and not scene.busy and not session.over:
            if scene.aiming:
                # the frames between are stepped, not drawn (drawing back to back would leave the
                # previews' thread no quiet time): one drawn now, untimed, as the window has
                # drawn every frame before the look
                app.render()
                looked = time.perf_counter() + think
                looking += paced(app, lambda at=looked: time.perf_counter() >= at)
                st = scene.state
                scene.ask_hint()
                pressed = time.perf_counter()
                paced(app, lambda st=st: scene.hint.current(st) is not None)
                waits.append(time.perf_counter() - pressed)
                scene.use_hint()
                scene.throw()
            else:  # the roll for who starts, a throw to keep
                rng = session.match.stream("bench-person", session.seat_to_move)
                session.decide(choose(session.game, session.state, "medium", rng,
                                      session.match.level))
        app.step(DT)
        steps += 1
        if steps > 200_000:
            raise RuntimeError("the game did not end")
    app.close()
    return waits, looking


def row(label: str, waits: list[float], looking: list[float]) -> str:
    ms = sorted(w * 1000 for w in waits)
    frames = sorted(f * 1000 for f in looking)
    return (f"| {label} | {len(ms)} | {statistics.median(ms):.0f} | {_p(ms, 0.95):.0f} | "
            f"{ms[-1]:.0f} | {_p(frames, 0.95):.1f} | {_p(frames, 0.99):.1f} | "
            f"{frames[-1]:.1f} |")


def _p(sorted_ms: list[float], q: float) -> float:
    return sorted_ms[min(len(sorted_ms) - 1, round(q * (len(sorted_ms) - 1)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--players", default="2,4")
    ap.add_argument("--seeds", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--think", default="0.5,1.5", help="seconds the person looks before H")
    args = ap.parse_args()
    thinks = [float(t) for t in args.think.split(",")]
    print("| players, window, looked before H | throws | wait median ms | p95 | most | "
          "frames while looking p95 ms | p99 | most |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for players in (int(p) for p in args.players.split(",")):
        found: dict[str, tuple[list[float], list[float]]] = {}
        for seed in range(args.seed, args.seed + args.seeds):
            windows = [("asked", thinks[-1], False)] + [(f"ahead, {t:g} s", t, True)
                                                         for t in thinks]
            for label, think, ahead in windows:
                waits, looking = one_game(seed, players, args.rounds, think, ahead)
                kept = found.setdefault(label, ([], []))
                kept[0].extend(waits)
                kept[1].extend(looking)
        for label, (waits, looking) in found.items():
            print(row(f"{players}, {label}", waits, looking), flush=True)


if __name__ == "__main__":
    main()
