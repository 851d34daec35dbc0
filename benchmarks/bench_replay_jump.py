"""Benchmark: how long a replay's jump takes (a step back, a click or a drag on the timeline), and
how long the statistics take to read a folder of records.

    PYTHONPATH=. python benchmarks/bench_replay_jump.py [--jumps 40] [--records 200]

A jump stands the session at the point (`ReplaySession.seek`), makes the game scene anew and lets
it take in every step up to there at rest, narration included; its cost grows with the point's
index. Measured per game on a long record: the median and p95 of jumps to points spread over
the game, and the jump to the end (the worst). Then the first and a second read of a folder of
records by `stats.read_folder` (the second finds them cached) and the menu's replay list.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from petanque_game import stats
from petanque_game.match import Match
from petanque_game.record import Seat

SEATS = [Seat("Åse", "ai", "easy"), Seat("Bjørn", "ai", "medium")]
LONG = [("ten-thousand", {"target": 10000}), ("shut-the-box", {"rounds": 5}),
        ("ship-captain-crew", {"mode": "pot", "chips": 10}),
        ("terningepetanque", {"rounds": 25})]


def record_file(folder: Path, game: str, options: dict, seed: int) -> Path:
    match = Match.new(game, SEATS, options, seed)
    match.play_to_end()
    path = folder / f"{game}-{seed}.json"
    path.write_text(match.record.dumps(), "utf-8")
    return path


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))]


def bench_jumps(folder: Path, jumps: int) -> None:
    from petanque_game.ui.app import App
    from petanque_game.ui.settings import load_settings

    print("| game | events | jump median ms | jump p95 ms | to the end ms |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for game, options in LONG:
        path = record_file(folder, game, options, 1)
        app = App(settings=load_settings({"replay_delay": 0}))
        app.open_replay(path)
        controls = app.top.replay
        total = controls.total
        times = []
        for k in range(jumps):
            target = (k * 7919) % (total + 1)  # spread over the game, not in order
            start = time.perf_counter()
            app.top.replay.jump(target)
            times.append(time.perf_counter() - start)
        start = time.perf_counter()
        app.top.replay.jump(0)
        app.top.replay.jump(total)
        end = time.perf_counter() - start
        print(f"| {game} | {total:,} | {1000 * statistics.median(times):.1f} | "
              f"{1000 * percentile(times, 0.95):.1f} | {1000 * end:.1f} |")


def bench_folder(folder: Path, records: int) -> None:
    from petanque_game.ui.listing import list_records

    games = [("ten-thousand", {"target": 5000}), ("shut-the-box", {}),
             ("ship-captain-crew", {})]
    for i in range(records):
        game, options = games[i % len(games)]
        record_file(folder, game, options, 100 + i)
    first = time.perf_counter()
    found = stats.read_folder(folder)
    first = time.perf_counter() - first
    again = time.perf_counter()
    stats.read_folder(folder)
    again = time.perf_counter() - again
    listed = time.perf_counter()
    list_records(folder)
    listed = time.perf_counter() - listed
    print(f"\n{len(found.games)} records: statistics first read {1000 * first:.0f} ms, "
          f"again (cached) {1000 * again:.1f} ms; replay list {1000 * listed:.0f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jumps", type=int, default=40)
    parser.add_argument("--records", type=int, default=200)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["PETANQUE_GAME_HOME"] = tmp
        jumps, records = Path(tmp) / "jumps", Path(tmp) / "records"
        jumps.mkdir()
        records.mkdir()
        bench_jumps(jumps, args.jumps)
        bench_folder(records, args.records)
    return 0


if __name__ == "__main__":
    sys.exit(main())
