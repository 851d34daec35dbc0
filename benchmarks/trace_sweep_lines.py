"""Which lines of the package a test's sweep meets, to size the sweeps of the default test run.

Not a timing: the evidence behind the sizes in docs/testing.md#the-default-runs-sizes. Two
questions, each answered with the lines (file and number) the package runs:

    python benchmarks/trace_sweep_lines.py games GAME COUNT
        The random games of a game's own rules sweep (tests/test_rules_*.py), COUNT of each
        option set, seeds and seat counts drawn as the sweep draws them: for each option set,
        the lines met in fewer than a fifth of the games, with the chance that N games of that
        set all miss them ((1 - share) ** N, for N = 50, 100 and 200). GAME is one of
        ship-captain-crew, shut-the-box, ten-thousand, terningepetanque.

    python benchmarks/trace_sweep_lines.py prefix MODULE FUNCTION 'ARGS' 'BIGGER_ARGS'
        A seeded test function (of tests/MODULE.py) called with two sizes, each in a fresh process
        (a cache filled by the first call would hide lines from the second): the lines the bigger
        size meets and the smaller does not. ARGS are the function's arguments as a JSON list,
        e.g. '[{"closing": "classic"}, 35]' '[{"closing": "classic"}, 60]'.
"""

from __future__ import annotations

import collections
import importlib
import json
import random
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import petanque_game

PACKAGE = str(Path(petanque_game.__file__).parent)


def traced(call) -> set[tuple[str, int]]:
    """The package's (file, line) pairs that `call()` runs."""
    met: set[tuple[str, int]] = set()

    def line(frame, event, _arg):
        if event == "line":
            met.add((frame.f_code.co_filename[len(PACKAGE) + 1:], frame.f_lineno))
        return line

    sys.settrace(lambda frame, _e, _a: line if frame.f_code.co_filename.startswith(PACKAGE)
                 else None)
    try:
        call()
    finally:
        sys.settrace(None)
    return met


def sweep(game: str):
    """(option sets, play(options, rng)) of a game's own rules sweep, one game per call."""
    if game == "ship-captain-crew":
        import test_rules_ship_captain_crew as t
        return t.OPTION_SETS, lambda o, r: t.play_random_game(r.randint(2, 8), o, r)
    if game == "shut-the-box":
        import test_rules_shut_the_box as t
        return t.OPTION_SETS, lambda o, r: t._random_games(
            o, r.getrandbits(32), r.randint(1, 6), r.randint(1, 3), r.random() < 0.5, 1)
    if game == "ten-thousand":
        import test_rules_ten_thousand as t
        return t.OPTION_SETS, lambda o, r: t.random_game(r, r.randint(1, 6), o)
    import test_rules_terningepetanque as t
    return ([{"allow_rethrow": True}, {"allow_rethrow": False}],
            lambda o, r: t._play_random_game(r, r.randint(2, 4), {**o, "rounds": r.randint(1, 5)}))


def games(game: str, count: int) -> None:
    option_sets, play = sweep(game)
    for number, options in enumerate(option_sets):
        rng = random.Random(f"{game}:{number}")
        seen: collections.Counter[tuple[str, int]] = collections.Counter()
        for _ in range(count):
            child = random.Random(rng.getrandbits(64))
            seen.update(traced(lambda: play(options, child)))  # noqa: B023 (called at once)
        rare = sorted((n / count, where) for where, n in seen.items() if n < count / 5)
        print(f"{options}: {count} games, {len(seen)} lines, {len(rare)} met in under a fifth")
        for share, (file, line) in rare:
            misses = "  ".join(f"{n}: {(1 - share) ** n:.3f}" for n in (50, 100, 200))
            print(f"    {file}:{line}  in {share:.1%} of games; all of N miss it: {misses}")


def prefix(module: str, function: str, small: str, big: str) -> None:
    met = []
    for args in (small, big):
        out = subprocess.run([sys.executable, __file__, "one", module, function, args],
                             check=True, capture_output=True, text=True).stdout
        met.append({tuple(pair) for pair in json.loads(out)})
    missing = sorted(met[1] - met[0])
    print(f"{function}{small}: {len(met[0])} lines; {function}{big}: {len(met[1])}; "
          f"met only by the bigger: {missing or 'none'}")


def one(module: str, function: str, args: str) -> None:
    run = getattr(importlib.import_module(module), function)
    print(json.dumps(sorted(traced(lambda: run(*json.loads(args))))))


if __name__ == "__main__":
    what, *given = sys.argv[1:]
    if what == "games":
        games(given[0], int(given[1]))
    else:
        {"prefix": prefix, "one": one}[what](*given)
