"""Benchmark: the menu, Resume, Replays and Statistics with a long history (issue 16, item 6).

    PYTHONPATH=. python benchmarks/bench_histories.py [--records 3000] [--autosaves 200]
        [--sample 40] [--pool DIR] [--runs 3]

A pool of long games is played first (`simulate --record`: Ten Thousand to 100,000 for six seats,
Ship, Captain and Crew for 1,000 rounds, Shut the Box for 99 rounds, Terningepetanque for 30
rounds), or taken from `--pool DIR`. Autosaves are those games cut short (a prefix of a game's
events is the game in progress at that point).

1. First opening: `--sample` records and a tenth as many autosaves in a fresh user folder, each
   screen opened once with nothing indexed; what one file costs to index (verify's checks, the
   physics included, for a record; Resume's fold for an autosave).
2. Second opening: `--records` records and `--autosaves` autosaves, each a copy of a pool game
   with its seats renamed (so that the statistics see many players and games, not one game many
   times), the index already there. The index of the copies is made from their pool game's
   summary (the same events, so the same verdict and scores; the copies' own names, seats, sizes
   and times; a fingerprint of their own): indexing 3,000 long records for real takes longer
   than this benchmark may (step 1 gives its cost per file). Each screen is then opened in a
   window whose process remembers nothing (the index read from the user folder), `--runs` times:
   the time from opening it to the frame that shows the whole list.

The machine's load average is printed before and after: the 2 cores are shared.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
HOME = Path(tempfile.mkdtemp(prefix="bench-histories-"))
os.environ["PETANQUE_GAME_HOME"] = str(HOME / "home")

from petanque_game import history, paths
from petanque_game.record import load_record

POOL = [("ten-thousand", "ai:easy," * 5 + "ai:easy", ["target=100000"], 4),
        ("ship-captain-crew", "ai:easy,ai:easy,ai:easy,ai:easy", ["target=0", "rounds=1000"], 4),
        ("shut-the-box", "ai:easy,ai:easy,ai:easy,ai:easy", ["rounds=99"], 4),
        ("terningepetanque", "ai:easy,ai:easy", ["rounds=30"], 1)]
PLAYERS_LINE = re.compile(r'^ "players": .*$', re.M)


def make_pool(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    for game, players, options, games in POOL:
        cmd = [sys.executable, "-m", "petanque_game", "simulate", game, "--players", players,
               "--games", str(games), "--record", str(folder)]
        for option in options:
            cmd += ["--option", option]
        subprocess.run(cmd, check=True, capture_output=True, cwd=ROOT)
    return sorted(folder.glob("*.json"))


def renamed(text: str, k: int) -> str:
    """The record with its seats renamed (`P<k mod 40>-<seat>`): another game for the statistics,
    as valid as the first (names are not drawn from the seed)."""
    def seats(match: re.Match) -> str:
        n = [0]

        def name(m: re.Match) -> str:
            n[0] += 1
            return f'"name": "P{k % 40}-{n[0]}"'
        return re.sub(r'"name": "[^"]*"', name, match.group(0))
    return PLAYERS_LINE.sub(seats, text, count=1)


def unfinished(text: str) -> str:
    """The game cut at two thirds of its events, as its autosave held it then."""
    record = load_record_text(text)
    record.events = record.events[: len(record.events) * 2 // 3]
    record.result = None
    return record.dumps()


def load_record_text(text: str):
    from petanque_game.record import parse_record

    return parse_record(text)


def fill(records: int, autosaves: int, pool: list[Path]) -> list[tuple[Path, Path, int]]:
    """Copies of the pool games in the user folder: (copy, its pool game, k) for each."""
    made = []
    texts = {p: p.read_text("utf-8") for p in pool}
    cut = {p: unfinished(t) for p, t in texts.items()}
    rec, auto = paths.records_dir(), paths.autosaves_dir()
    rec.mkdir(parents=True, exist_ok=True)
    auto.mkdir(parents=True, exist_ok=True)
    now = time.time()
    for k in range(records):
        source = pool[k % len(pool)]
        path = rec / f"{source.stem}-{k:05d}.json"
        path.write_text(renamed(texts[source], k), "utf-8")
        os.utime(path, (now - k * 60, now - k * 60))
        made.append((path, source, k))
    for k in range(autosaves):
        source = pool[k % len(pool)]
        path = auto / f"{source.stem}-20260101-{k:06d}-1.json"
        path.write_text(renamed(cut[source], k), "utf-8")
        made.append((path, source, k))
    return made


def seed_index(made: list[tuple[Path, Path, int]], pool: list[Path]) -> None:
    """The index the first opening would write for the copies, from their pool games' summaries
    (see the module's words)."""
    for folder, physics in ((paths.records_dir(), True), (paths.autosaves_dir(), False)):
        staged = HOME / f"pool-{physics}"
        staged.mkdir(exist_ok=True)
        for p in pool:
            text = p.read_text("utf-8")
            (staged / p.name).write_text(text if physics else unfinished(text), "utf-8")
        of_pool = {s.name: s for s in history.scan(staged, physics).files}
        known = {}
        for path, source, k in made:
            if path.parent != folder:
                continue
            st = path.stat()
            base = of_pool[source.name]
            names = tuple(f"P{k % 40}-{i + 1}" for i in range(len(base.players)))
            known[path.name] = dataclasses.replace(
                base, name=path.name, size=st.st_size, mtime_ns=st.st_mtime_ns, players=names,
                fingerprint=f"{base.fingerprint[:48]}{len(known):016x}")
        assert history.save_index(folder, physics, known)


def open_and_time(screen: str, new_process: bool = True) -> tuple[float, float, int]:
    """Seconds from opening `screen` in a new window to the frame showing all of it, the CPU
    seconds of the process by then (both threads: the window's and the reader's); items."""
    from petanque_game.ui.app import App
    from petanque_game.ui.settings import load_settings

    if new_process:
        history.forget()  # a new window's process: only the index in the user folder
    app = App(settings=load_settings({"ai_delay": 0}))
    start, cpu = time.perf_counter(), time.process_time()
    if screen == "menu":
        app.step(0.0)
        scene = app.top
    else:
        scene = app.open(screen)
    while getattr(scene, "reader", None) is not None:
        time.sleep(0.002)
        app.step(0.0)
    app.render()
    took, cpu = time.perf_counter() - start, time.process_time() - cpu
    items = {"menu": lambda: 1, "statistics": lambda: len(scene.found.games)}.get(
        screen, lambda: len(scene.entries))()
    if screen == "menu":
        assert scene.resume_line, "the Resume line is read"
    app.close()
    return took, cpu, items


SCREENS = ("menu", "resume", "replays", "statistics")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=3000)
    parser.add_argument("--autosaves", type=int, default=200)
    parser.add_argument("--sample", type=int, default=40)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--pool", type=Path, default=None)
    args = parser.parse_args()
    print(f"load average at start: {os.getloadavg()}")
    try:
        t = time.perf_counter()
        pool = sorted(args.pool.glob("*.json")) if args.pool else make_pool(HOME / "pool")
        sizes = [p.stat().st_size for p in pool]
        print(f"pool: {len(pool)} games, {min(sizes) // 1024}-{max(sizes) // 1024} KiB, "
              f"{sum(len(load_record(p).events) for p in pool) // len(pool)} events on average "
              f"({time.perf_counter() - t:.0f} s)")

        random.Random(1).shuffle(pool)  # each game in turn, the samples mixed
        if args.sample:
            first_opening(args.sample, pool)
        made = fill(args.records, args.autosaves, pool)
        seed_index(made, pool)
        for new_process in (True, False):
            print(f"\nsecond opening, {args.records} records and {args.autosaves} autosaves, "
                  f"indexed ({args.runs} runs, each in a new window "
                  f"{'remembering nothing' if new_process else 'of the same process'}):")
            for screen in SCREENS:
                runs = [open_and_time(screen, new_process) for _ in range(args.runs)]
                times, cpus = [t for t, _, _ in runs], [c for _, c, _ in runs]
                print(f"  {screen:10s} wall median {1000 * statistics.median(times):5.0f} ms "
                      f"(min {1000 * min(times):.0f}, max {1000 * max(times):.0f}); CPU median "
                      f"{1000 * statistics.median(cpus):4.0f} ms (min {1000 * min(cpus):.0f}, "
                      f"max {1000 * max(cpus):.0f}); {runs[0][2]} shown")
    finally:
        shutil.rmtree(HOME, ignore_errors=True)
        print(f"\nload average at end: {os.getloadavg()}")
    return 0


def first_opening(sample: int, pool: list[Path]) -> None:
    """Each screen opened once on `sample` records (and a tenth as many autosaves), nothing
    indexed; the user folder emptied afterwards."""
    fill(sample, max(1, sample // 10), pool)
    print(f"\nfirst opening, {sample} records and {max(1, sample // 10)} autosaves, nothing "
          "indexed:")
    for screen in ("menu", "resume", "statistics", "replays"):
        took, cpu, items = open_and_time(screen)
        print(f"  {screen:10s} {took:7.2f} s, CPU {cpu:7.2f} s  ({items} shown)")
    shutil.rmtree(paths.user_dir())


if __name__ == "__main__":
    sys.exit(main())
