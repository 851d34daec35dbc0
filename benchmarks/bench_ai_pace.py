"""How long a person waits on the AI in a quick Terningepetanque game, headless.

    python benchmarks/bench_ai_pace.py [games]

A 2-player, 5-round game (the setup's quick game) on the classic board, a person against a medium
AI, is played in the window (SDL's dummy driver) at the window's own settings (config/ui.yaml: the
AI's pause, the animation speed) in simulated time: frames of 1/60 s. The person decides at once,
as a medium AI would, and presses Continue at each round's reckoning at once: what is counted is
only the time the window spends on the AI's move, from the moment the AI's seat is to move (its
roll for who starts, each throw) until its throw has come to rest and the person may act again:
- decision: the AI's thinking on its thread, in real (wall) time, counted whole (in the window it
  overlaps the last move's playback, so this is an upper bound);
- shown: the window's own pacing, in simulated time (the AI's aim shown, its pause, the throw's
  flight at the animation speed, the hold at rest).
Printed per game: the AI's throws, the waiting per throw (mean, most) and in all.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PETANQUE_GAME_HOME", tempfile.mkdtemp(prefix="bench-ai-pace-"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from petanque_game.ai import choose
from petanque_game.record import Seat
from petanque_game.ui import app as app_module
from petanque_game.ui.play import open_game_scene
from petanque_game.ui.session import new_game
from petanque_game.ui.settings import load_settings

DT = 1 / 60


def one_game(seed: int) -> tuple[int, list[float], float, float]:
    """(the AI's throws, the waiting on each of its turns, the decisions' real time, the game's
    whole time) of one quick game."""
    settings = load_settings()  # the shipped settings: config/ui.yaml
    settings.handover = False
    app = app_module.App(settings=settings)
    session = new_game("terningepetanque", [Seat("Player 1", "human"),
                                            Seat("Astrid", "ai", "medium")],
                       {"rounds": 5}, seed, "classic", autosave=False)
    open_game_scene(app, session)
    scene = app.top
    clock, waits, current = 0.0, [], None  # current: the waiting on the AI's move so far
    thought = 0.0
    throws = 0
    while not session.over or scene.busy:
        on_ai = session.ai_to_move or (current is not None and scene.busy)
        if on_ai and current is None:
            current = 0.0
        if session.thinking:  # the AI's decision on its thread: waited for in real time
            start = time.perf_counter()
            session._thought[1].result()
            spent = time.perf_counter() - start
            clock += spent
            thought += spent
            current = (current or 0.0) + spent
        if scene.reckoning is not None and scene.reckoning.wait is None and scene.flight is None:
            scene.continue_reckoning()  # the person reads the reckoning: not the AI's time
        if session.human_to_move and not scene.busy and not session.over:
            if current is not None:
                waits.append(current)
                current = None
            rng = session.match.stream("bench-person", session.seat_to_move)
            session.decide(choose(session.game, session.state, "medium", rng,
                                  session.match.level))
        before = len(session.record.events)
        app.step(DT)
        clock += DT
        if current is not None:
            current += DT
        throws += sum(1 for e in session.record.events[before:]
                      if e.get("action") == "throw" and e.get("player") == 1)
        if clock > 3600:
            raise RuntimeError("the game did not end within an hour")
    if current is not None:
        waits.append(current)
    app.close()
    return throws, waits, thought, clock


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    print("| seed | AI throws | per throw | of it deciding | AI's turns | longest turn | "
          "waiting in all | game in all |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for seed in range(1, games + 1):
        throws, waits, thought, clock = one_game(seed)
        print(f"| {seed} | {throws} | {sum(waits) / throws:.2f} s | {thought / throws:.2f} s | "
              f"{len(waits)} | {max(waits):.2f} s | {sum(waits) / 60:.2f} min | "
              f"{clock / 60:.2f} min |", flush=True)


if __name__ == "__main__":
    main()
