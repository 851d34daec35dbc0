"""bench_frames.py's scenes in a long game: a Ship, Captain and Crew pot game of a person against
an AI, played on (unpaced, no window) to at least LONG_EVENTS recorded events, then

- resumed from its autosave as a player would resume it, and played on in the window: the mouse
  moving every frame, the person's move made (by clicks) when it is due and at least a second
  (60 frames) after the person's last one, the AI's moves paced as the settings pace them; every
  move writes the autosave, so the frames measured include those writes;
- its record watched as a replay, the timeline held and dragged to and fro (a new point each
  frame).

Not run alone: bench_frames.py passes itself in (`bench`, for its timing loop and its App), so
that its settings (`--unpaced`, `--desktop`) hold here too.
"""

from __future__ import annotations

import random
import tempfile
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from test_ui_tray import human_move

from petanque_game import saves
from petanque_game.ai import choose
from petanque_game.match import Match
from petanque_game.record import Seat
from petanque_game.ui.play import open_game_scene
from petanque_game.ui.session import resume

LONG_EVENTS = 5000  # the record's length at least, when the measured frames begin
GAME = "ship-captain-crew"
OPTIONS = {"mode": "pot", "chips": 1000}  # a pot game of many rounds (no target ends it)
SEATS = [Seat("Ana", "human"), Seat("Bjørn", "ai", "easy")]
MOVE_EVERY = 60  # frames at least between two of the person's moves


def long_match(events: int = LONG_EVENTS, seed: int = 5) -> Match:
    """The pot game played on with no window and no saving until it holds at least `events`
    events and it is the person's turn (the person's decisions made by the easy AI's rules)."""
    match = Match.new(GAME, SEATS, OPTIONS, seed)
    match.paths = False
    made = 0
    while len(match.record.events) < events or match.seat_to_move != 0:
        if match.over:
            raise RuntimeError(f"the game ended at {len(match.record.events)} events")
        if match.ai_to_move:
            match.play_ai_turn()
        else:
            match.decide(choose(GAME, match.state, "easy", random.Random(made)))
            made += 1
    return match


def person_in_long_game(bench: ModuleType, frames: int) -> Any:
    """The long game resumed from its autosave, the person to move; see the module's text."""
    match = long_match()
    path, lock = saves.claim_new(GAME)
    match.autosave = path
    match.save()  # written whole, as a window leaves it
    lock.release()
    app = bench.new_app()
    open_game_scene(app, resume(path))
    scene = app.top
    since = [MOVE_EVERY]
    events_at_start = len(scene.session.record.events)

    def act(i: int) -> None:
        since[0] += 1
        if app.top is scene and scene.human_turn and not scene.busy and \
                not scene.session.over and since[0] >= MOVE_EVERY:
            human_move(app, scene)
            since[0] = 0

    times = bench.run_frames(app, frames, bench.both(bench.wander(app), act))
    if len(scene.session.record.events) <= events_at_start:
        raise RuntimeError("no move was made in the frames measured")
    return times


def long_replay_scrubbed(bench: ModuleType, frames: int) -> Any:
    """The long game's record watched, its timeline dragged to and fro."""
    path = Path(tempfile.mkdtemp(prefix="bench-frames-long-")) / f"{GAME}-long.json"
    path.write_text(long_match().record.dumps(), "utf-8")
    return bench.scrub(path, frames)


def scenes(bench: ModuleType, frames: int) -> dict[str, Callable[[], Any]]:
    """The long game's scenes, by the name bench_frames.py prints."""
    label = f"Ship pot game of {LONG_EVENTS:,}+ events"
    return {f"{label}, a person to move (autosaves)":
            lambda: person_in_long_game(bench, frames * 2),
            f"{label}, replay scrubbed": lambda: long_replay_scrubbed(bench, frames)}
