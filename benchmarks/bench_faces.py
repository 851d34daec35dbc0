"""Benchmark: are the faces of thrown and knocked dice fair, per AI level, counted from records?

    PYTHONPATH=. python benchmarks/bench_faces.py [--games 40] [--levels easy,medium,expert]
        [--rounds 15] [--seed 1] [--record DIR] [--read DIR]

Plays two-player Terningepetanque games between AI players of the same level on the classic
board (the Match API, as `petanque-game simulate --record` does), writes each game's record into
DIR/LEVEL/, then reads the records back and counts, from the records alone:
- thrown dice: the face of every die as its own throw came to rest (the last die of the throw's
  outcome), on or off the board;
- knocked dice: every die that lay on the board before a throw by someone else or by its owner
  and whose position in that throw's outcome is more than KNOCKED mm from where it lay (pushed
  off the board included), split into the thrower's own dice and its opponents'.
For each level and kind it prints the count, the face counts, the chi-square p against a fair die
(`cube.face_chi_square`) and the mean face with its standard error (fair: 3.5). Dice moved by
more than BRUSHED but at most KNOCKED mm are counted apart ("brushed": by design they keep their
face), so a selection of them could be seen. `--read DIR` only counts the records already there.

Which physics plays is the one of the package imported: this checkout's (version 3) by default;
with `PYTHONPATH=/path/to/older/checkout` an older one (the records state their version), so the
same counts show the before and the after side by side.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parents[1]))  # PYTHONPATH, when set, comes first

KNOCKED = 1.0  # mm: a die moved further than this by a throw was knocked
BRUSHED = 0.01  # mm


@dataclass
class Faces:
    """Face counts of one kind of die."""

    counts: Counter = field(default_factory=Counter)

    def add(self, face: int) -> None:
        self.counts[face] += 1

    @property
    def n(self) -> int:
        return sum(self.counts.values())

    def stats(self) -> tuple[float, float, float]:
        """The chi-square p against a fair die, the mean face and its standard error."""
        from petanque_game.physics.cube import face_chi_square

        n = self.n
        faces = [self.counts[f] for f in range(1, 7)]
        mean = sum(f * c for f, c in zip(range(1, 7), faces)) / n
        var = sum(c * (f - mean) ** 2 for f, c in zip(range(1, 7), faces)) / (n - 1)
        return face_chi_square(faces)[1], mean, math.sqrt(var / n)

    def summary(self) -> str:
        n = self.n
        if n < 2:
            return f"{n:6d}"
        p, mean, se = self.stats()
        off = f" ({(mean - 3.5) / se:+.1f} SE)" if se > 0 else ""
        faces = " ".join(f"{self.counts[f]:4d}" for f in range(1, 7))
        return f"{n:6d}  {faces}  p={p:8.2g}  mean {mean:.3f} ± {se:.3f}{off}"


def count_record(data: dict, tally: dict[str, Faces]) -> None:
    """Add one Terningepetanque record's thrown, knocked and brushed dice to `tally` (keys
    'thrown', 'knocked own', 'knocked opponents', 'brushed own', 'brushed opponents')."""
    lying: dict[tuple[int, int], dict] = {}
    before: dict[tuple[int, int], dict] = {}
    for event in data["events"]:
        action = event["action"]
        if action == "round_end":
            lying = {}
            continue
        if action == "rethrow":  # the table is as it was before the taken-back throw
            lying = before
            continue
        if action != "throw":
            continue
        before = lying
        dice = event["outcome"]["dice"]
        thrower = event["player"]
        if event["object"] == "die":
            tally["thrown"].add(dice[-1]["face"])
        for d in dice:
            was = lying.get((d["player"], d["die"]))
            if was is None:
                continue
            moved = math.hypot(d["x"] - was["x"], d["y"] - was["y"])
            whose = "own" if d["player"] == thrower else "opponents"
            if moved > KNOCKED:
                tally[f"knocked {whose}"].add(d["face"])
            elif moved > BRUSHED:
                tally[f"brushed {whose}"].add(d["face"])
        lying = {(d["player"], d["die"]): d for d in dice if d["on_board"]}


KINDS = ("thrown", "knocked own", "knocked opponents", "brushed own", "brushed opponents")


def count_folder(folder: Path) -> tuple[dict[str, Faces], int, set]:
    """The tally of every record in `folder`, how many records, and their physics versions."""
    tally = {kind: Faces() for kind in KINDS}
    versions = set()
    paths = sorted(folder.glob("*.json"))
    for path in paths:
        data = json.loads(path.read_text("utf-8"))
        versions.add(data.get("physics", 1))
        count_record(data, tally)
    return tally, len(paths), versions


def play(level: str, games: int, rounds: int, seed: int, folder: Path) -> float:
    """Play `games` games between two AI players of `level`; seconds taken."""
    from petanque_game.match import Match
    from petanque_game.record import Seat

    folder.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    for k in range(games):
        s = seed + k
        match = Match.new("terningepetanque", [Seat("A", "ai", level), Seat("B", "ai", level)],
                          {"rounds": rounds, "allow_rethrow": False}, seed=s, level="classic")
        match.play_to_end()
        match.record.save(folder / f"terningepetanque-{s}.json")
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per level")
    parser.add_argument("--levels", default="easy,medium,expert")
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--record", type=Path, help="where to write the records")
    parser.add_argument("--read", type=Path, help="only count the records in DIR/LEVEL/")
    args = parser.parse_args()
    import petanque_game
    from petanque_game.physics import PHYSICS_VERSION

    print(f"package {Path(petanque_game.__file__).parent}, physics version {PHYSICS_VERSION}")
    root = args.read or args.record or Path("bench-faces-records")
    for level in args.levels.split(","):
        folder = root / level
        if args.read is None:
            seconds = play(level, args.games, args.rounds, args.seed, folder)
            print(f"\n{level}: {args.games} games of {args.rounds} rounds, seeds {args.seed}-"
                  f"{args.seed + args.games - 1}, {seconds:.0f} s "
                  f"({60.0 * args.games / seconds:.2f} games/min)")
        tally, n, versions = count_folder(folder)
        print(f"{level}: {n} records in {folder}, physics {sorted(versions)}")
        for kind in KINDS:
            print(f"  {kind:18s} {tally[kind].summary()}")


if __name__ == "__main__":
    main()
