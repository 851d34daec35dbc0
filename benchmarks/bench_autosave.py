"""What a move's autosave costs in a game of 100, 1,000 and 10,000 events: the window's thread
(what it makes and hands over) and the saves' thread (its write, flushed to disk), the way the
window saves now (the move's events appended: save_appends.py) side by side with main's way
before it (the whole record made on the window's thread, `Record.dumps`, and the file written
whole, `files.write_atomic`).

    python benchmarks/bench_autosave.py [--sizes 100,1000,10000] [--runs 5] [--moves 20]
                                        [--folder DIR]

A Ship, Captain and Crew game in pot mode (8 easy AI seats, 1000 chips each) is played with no
saving to each size, once; each run then goes on from there on a copy, as the window plays it
(`LiveSession`, saving behind), for 2 moves not measured (a game opened in a window writes its
first two saves whole) and `--moves` measured ones. For each move, both ways on the same record:

- now: `LiveSession._hand_over` on the window's thread (the new events' lines, the record's
  frame, its size), its processor time; then the `Moves` it handed over written by a `Book` as
  the saves' thread writes them, its processor and wall-clock time (the spare brought up to
  date, flushed, and renamed over the record file);
- main's way: `Record.dumps` and the size check on the window's thread (this branch's dumps
  makes the same text with the same json.dumps of each event and one join as main's did); then
  `write_atomic` of that text, processor and wall-clock time, to a file of its own beside it.

The files go to `--folder` (default: a new folder under the system's temporary folder; a flush
to disk on a tmpfs costs nothing, so say where it ran). Prints per size and way the median over
every measured move of every run and the spread of the runs' medians (lowest-highest), and the
ratio main's way / now. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

PARTS = (("window", "window's thread, CPU"), ("thread CPU", "saves' thread, CPU"),
         ("thread", "saves' thread, wall"))
WARM = 2  # saves of a game opened in a window that are written whole (save_appends.py)


def base_game(size: int) -> Any:
    """A match played with no saving until it holds at least `size` events."""
    from petanque_game.match import Match
    from petanque_game.record import Seat

    seats = [Seat(f"AI {i + 1}", "ai", "easy") for i in range(8)]
    match = Match.new("ship-captain-crew", seats, {"mode": "pot", "chips": 1000}, seed=size)
    match.paths = False
    while len(match.record.events) < size:
        match.play_ai_turn()
    return match


def one_run(base: Any, folder: Path, moves: int) -> dict[str, list[float]]:
    """Per way and part, the milliseconds of each measured move of one run."""
    from petanque_game import save_thread
    from petanque_game.record import MAX_BYTES
    from petanque_game.save_appends import Book
    from petanque_game.ui.session import LiveSession

    now, old = folder / "now.json", folder / "main.json"
    session = LiveSession(base.copy(), now)  # its first save, whole and at once
    session.write_behind()
    handed: list[Any] = []
    session.writer.put_moves = lambda path, m: handed.append(m)  # type: ignore[method-assign]
    book = Book(now, save_thread.write_record)
    hand_over = session._hand_over
    found: dict[str, list[float]] = {f"{way} {part}": [] for way in ("now", "main")
                                     for part in ("window", "thread", "thread CPU")}
    cpu = [0.0]

    def timed_hand_over(path: Path, record: Any) -> None:
        c0 = time.thread_time()
        hand_over(path, record)
        cpu[0] = (time.thread_time() - c0) * 1000

    session.match.saver = timed_hand_over
    for i in range(WARM + moves):
        session.play_ai()
        t0, c0 = time.perf_counter(), time.thread_time()
        book.save(handed.pop())
        wrote, wrote_cpu = (time.perf_counter() - t0) * 1000, (time.thread_time() - c0) * 1000
        c0 = time.thread_time()
        text = session.record.dumps()
        if len(text.encode("utf-8")) > MAX_BYTES:
            raise SystemExit("over the record's size limit")
        made = (time.thread_time() - c0) * 1000
        t0, c0 = time.perf_counter(), time.thread_time()
        save_thread.write_record(old, text)
        whole, whole_cpu = (time.perf_counter() - t0) * 1000, (time.thread_time() - c0) * 1000
        if i >= WARM:
            found["now window"].append(cpu[0])
            found["now thread"].append(wrote)
            found["now thread CPU"].append(wrote_cpu)
            found["main window"].append(made)
            found["main thread"].append(whole)
            found["main thread CPU"].append(whole_cpu)
    assert now.read_bytes() == old.read_bytes()  # the same file either way
    book.drop()
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100,1000,10000")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--folder", help="where the files go (default: a new temporary folder)")
    args = parser.parse_args()
    folder = Path(args.folder or tempfile.mkdtemp(prefix="bench-autosave-"))
    folder.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("PETANQUE_GAME_HOME", str(folder / "home"))
    print(f"folder {folder}; load average at start {os.getloadavg()[0]:.2f}")
    print("| events | part | now, median ms (runs) | main's way, median ms (runs) | main / now |")
    print("| ---: | --- | ---: | ---: | ---: |")
    for size in (int(s) for s in args.sizes.split(",")):
        base = base_game(size)
        runs = [one_run(base, folder, args.moves) for _ in range(args.runs)]
        for part, label in PARTS:
            cells = []
            for way in ("now", "main"):
                values = [v for run in runs for v in run[f"{way} {part}"]]
                medians = [statistics.median(run[f"{way} {part}"]) for run in runs]
                cells.append((statistics.median(values), min(medians), max(medians)))
            (n, n_lo, n_hi), (m, m_lo, m_hi) = cells
            print(f"| {len(base.record.events):,} | {label} | {n:.3f} ({n_lo:.3f}-{n_hi:.3f}) | "
                  f"{m:.3f} ({m_lo:.3f}-{m_hi:.3f}) | {m / n:.1f} |")
    print(f"load average at the end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
