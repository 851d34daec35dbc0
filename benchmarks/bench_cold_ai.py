"""Benchmark: the CPU time of a tray AI's first decision and first hint, with cold tables.

    python benchmarks/bench_cold_ai.py [--repeat 3] [--only ten-thousand]
    python benchmarks/bench_cold_ai.py --menu [--only shut-the-box]

Each case runs in a fresh Python process (so nothing is cached yet): it imports the AI and the
hints, builds a state where the expert has a real choice to make, then measures with
`time.process_time` (CPU, not wall time: the machine may be shared) the first `choose(...,
"expert", ...)` and, in another fresh process, the first `hints.hint(...)`. Cases cover every
target the Ten Thousand menu offers and others the options allow (500 to 100,000), both hot-dice
rules, solo and several players; every Shut the Box rule set and its last turn; Ship, Captain and
Crew for points, for a pot (2 and 8 players, both cargo rules) and in a match's last round.
Each process is run `--repeat` times; the table gives the median and the largest in ms, and the
largest of all. Nothing is asserted; the aim is 50 ms or less for every case.

`--menu` measures instead every option set the setup screen offers for each tray game with a
decision to make (each game's `GameUI.choices`: Ten Thousand 4, Shut the Box 48, Ship, Captain
and Crew 12), two players, with each level's first decision (easy, medium, expert) and the first
hint (Shut the Box also at the match's last turn, where the expert plays for a target: its
decision and hint). One process per option set imports the game and builds the state, then forks
once per call: each call runs in a fork with nothing made yet, as a fresh process would, without
paying for an interpreter's start each time (112 processes a repeat, 1-2 minutes on the 2-core
machine when it is quiet). `--warm` adds the same calls as the window meets them: after the
warm-up it runs for those options in the setup screen and again as the game's tray opens
(`ui/warm.py`, the same `play_a_little`), so twice as many processes. Each cell is the median and
the largest over `--repeat` processes; the largest per game and kind of call follow the table.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from itertools import product
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# (label, game, setup code making `state`): the state is built before the clock starts.
TT = "from petanque_game.rules import ten_thousand as tt\n"
TT_CHOOSING = TT + ("state = tt.TenThousandState(num_players={n}, target={target}, "
                    "hot_dice_banks={banks}, banked={banked}, phase=tt.CHOOSING, "
                    "turn_total=350, dice_in_hand=3)\n")
BOX = ("import dataclasses\nfrom petanque_game.rules import shut_the_box as stb\n"
       "from petanque_game.rules.base import Roll, Dice\n"
       "state = stb.new_game({n}, {opts}).apply(Roll(2)).apply(Dice((3, 4)))\n")
BOX_LAST = ("import dataclasses\nfrom petanque_game.rules import shut_the_box as stb\n"
            "from petanque_game.rules.base import Roll, Dice\n"
            "s = dataclasses.replace(stb.new_game(2, {opts}), turns_done=1, "
            "turn_penalties=((12,), ()))\n"
            "state = s.apply(Roll(2)).apply(Dice((3, 4)))\n")
SHIP = ("from petanque_game.rules import ship_captain_crew as scc\n"
        "from petanque_game.rules.base import Roll, Dice\n"
        "state = scc.new_game({n}, {opts}).apply(Roll(5)).apply(Dice((6, 5, 4, 2, 5)))\n")


def cases() -> list[tuple[str, str, str]]:
    found = []
    for target in (500, 1000, 2000, 5000, 7500, 10000, 20000, 100000):
        for banks in (True, False):
            rule = "banks" if banks else "carries"
            for n in (1, 2, 4):
                banked = tuple([target // 100 * 20] + [target // 100 * 30] * (n - 1))
                found.append((f"ten-thousand {target} {rule} {n}p", "ten-thousand",
                              TT_CHOOSING.format(n=n, target=target, banks=banks, banked=banked)))
        near = (target - 600, target - 400) if target > 1000 else (target - 400, target - 300)
        found.append((f"ten-thousand {target} banks 2p near the end", "ten-thousand",
                      TT_CHOOSING.format(n=2, target=target, banks=True, banked=near)))
    rule_sets = [{}, {"closing": "classic"}, {"partial_close": True}, {"close_all_three": True},
                 {"closing": "classic", "partial_close": True, "close_all_three": True},
                 {"shut_wins": True}]
    for opts in rule_sets:
        label = ",".join(f"{k}={v}" for k, v in opts.items()) or "seed rules"
        found.append((f"shut-the-box {label}", "shut-the-box", BOX.format(n=2, opts=opts)))
        found.append((f"shut-the-box {label} last turn", "shut-the-box",
                      BOX_LAST.format(opts=opts)))
    for n, opts in ((2, {}), (2, {"mode": "pot"}), (8, {"mode": "pot"}),
                    (2, {"mode": "pot", "cargo_reroll": "any"}),
                    (8, {"mode": "pot", "cargo_reroll": "any"}),
                    (4, {"target": 0, "rounds": 1}),
                    (8, {"target": 0, "rounds": 1, "cargo_reroll": "any"})):
        label = ",".join(f"{k}={v}" for k, v in opts.items()) or "points"
        found.append((f"ship-captain-crew {n}p {label}", "ship-captain-crew",
                      SHIP.format(n=n, opts=opts)))
    return found


MENU_STATES = {
    "ten-thousand": TT + "state = tt.TenThousandState(num_players=2, target={o[target]}, "
                         "hot_dice_banks={o[hot_dice_banks]}, banked=(1500, 2000), "
                         "phase=tt.CHOOSING, turn_total=350, dice_in_hand=3)\n",
    "shut-the-box": BOX.format(n=2, opts="{o}"),
    "ship-captain-crew": SHIP.format(n=2, opts="{o}"),
}
# Shut the Box at the match's last turn: the second seat plays to beat the first's total.
BOX_LAST_TURN = ("import dataclasses\nfrom petanque_game.rules import shut_the_box as stb\n"
                 "from petanque_game.rules.base import Roll, Dice\n"
                 "r = {o}.get('rounds', 1)\n"
                 "s = dataclasses.replace(stb.new_game(2, {o}), turns_done=2 * r - 1, "
                 "turn_penalties=((12,) * r, (9,) * (r - 1)))\n"
                 "state = s.apply(Roll(2)).apply(Dice((3, 4)))\n")


def menu_cases(warmed: bool = False) -> list[tuple[str, str, str, tuple[str, ...]]]:
    """(label, game, setup, what is measured) for every option set the setup screen offers;
    `warmed`: after the warm-up the setup screen runs for those options (ui/warm.py)."""
    sys.path.insert(0, str(ROOT))
    from petanque_game.rules.games import game_ids
    from petanque_game.ui.game_ui import has_hint, ui_of

    found = []
    for game in game_ids():
        entry = ui_of(game)
        if entry.scene != "tray" or not has_hint(game):
            continue  # the table's game, or one the dice alone decide (its AI builds nothing)
        keys = [k for k, _ in entry.choices]
        seen = set()
        for values in product(*(v for _, v in entry.choices)):
            options = dict(zip(keys, values))
            shown = {k: v for k, v in options.items() if k not in entry.hidden(options)}
            label = ",".join(f"{k}={v}" for k, v in shown.items())
            if label in seen:
                continue
            seen.add(label)
            warm = (f"from petanque_game.ui.warm import play_a_little\n"
                    f"play_a_little({game!r}, {shown!r})\n") if warmed else ""
            setup = warm + MENU_STATES[game].format(o=shown)
            found.append((f"{game} {label}", game, setup,
                          ("easy", "medium", "expert", "hint")))
            if game == "shut-the-box":
                found.append((f"{game} {label} last turn", game,
                              warm + BOX_LAST_TURN.format(o=shown), ("expert", "hint")))
    return found


CHILD = """
import json, random, sys, time
sys.path.insert(0, {root!r})
from importlib import import_module
from petanque_game.ai.hints import hint
import petanque_game.ai.hints_tray
from petanque_game.rules.games import spec_of
ai = import_module(spec_of({game!r}).ai)
{setup}
assert len(state.legal_actions()) > 1, "no choice to make"
start = time.process_time()
if {what!r} == "hint":
    hint({game!r}, state)
else:
    ai.choose(state, {what!r}, random.Random(0))
print(json.dumps(time.process_time() - start))
"""


def first_call(game: str, setup: str, what: str) -> float:
    code = CHILD.format(root=str(ROOT), game=game, setup=setup, what=what)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=False)
    if out.returncode:
        raise SystemExit(f"{game}: {out.stderr}")
    return json.loads(out.stdout.strip().splitlines()[-1]) * 1000.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only", default="", help="only the cases whose label starts so")
    parser.add_argument("--menu", action="store_true", help="every option set the setup offers, "
                        "each level's first decision and the first hint")
    parser.add_argument("--warm", action="store_true", help="with --menu: also after the "
                        "warm-up that the setup screen runs for the options shown (ui/warm.py)")
    args = parser.parse_args()
    if args.menu:
        menu(args)
        return
    worst = (0.0, "")
    print(f"{'case':<58}{'decision ms':>16}{'hint ms':>16}   (median / largest)")
    for label, game, setup in cases():
        if not label.startswith(args.only):
            continue
        row = []
        for what in ("expert", "hint"):
            times = [first_call(game, setup, what) for _ in range(args.repeat)]
            row.append(f"{statistics.median(times):7.1f} /{max(times):6.1f}")
            worst = max(worst, (max(times), f"{label} ({what})"))
        print(f"{label:<58}{row[0]:>16}{row[1]:>16}", flush=True)
    print(f"largest first call: {worst[0]:.1f} ms CPU, {worst[1]}")


MENU_CHILD = """
import json, os, random, sys, time
sys.path.insert(0, {root!r})
from importlib import import_module
from petanque_game.ai.hints import hint
import petanque_game.ai.hints_tray
from petanque_game.rules.games import spec_of
ai = import_module(spec_of({game!r}).ai)
{setup}
assert len(state.legal_actions()) > 1, "no choice to make"
found = {{}}
for what in {whats!r}:
    read, write = os.pipe()
    if os.fork() == 0:  # a fork: nothing of this call made yet, as in a fresh process
        start = time.process_time()
        if what == "hint":
            hint({game!r}, state)
        else:
            ai.choose(state, what, random.Random(0))
        os.write(write, json.dumps(time.process_time() - start).encode())
        os._exit(0)
    os.close(write)
    found[what] = json.loads(os.read(read, 100))
    os.wait()
print(json.dumps(found))
"""


def first_calls(game: str, setup: str, whats: tuple[str, ...]) -> dict[str, float]:
    """ms of CPU of each first call in `whats`, each in its own fork of one process."""
    code = MENU_CHILD.format(root=str(ROOT), game=game, setup=setup, whats=whats)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=False)
    if out.returncode:
        raise SystemExit(f"{game}: {out.stderr}")
    return {k: v * 1000.0 for k, v in json.loads(out.stdout.strip().splitlines()[-1]).items()}


def menu(args: argparse.Namespace) -> None:
    """The --menu table: ms of CPU of each first call, cold and (with --warm) after the warm-up,
    as "median/largest" over --repeat processes; then the largest per game."""
    load = os.getloadavg()[0]
    kinds = [False, True] if args.warm else [False]
    whats = ("easy", "medium", "expert", "hint")
    print(f"--repeat {args.repeat}: each cell the median/largest ms of CPU of that first call")
    print("".join(f"{w + (' warm' if warmed else ''):>13}" for warmed in kinds for w in whats)
          + "   option set (2 players)")
    worst: dict[tuple[str, bool, str], tuple[float, float, str]] = {}
    cold_cases = menu_cases(False)
    warm_cases = menu_cases(True)
    for (label, game, setup, asked), (_, _, warm_setup, _) in zip(cold_cases, warm_cases):
        if not label.startswith(args.only):
            continue
        cells = []
        for warmed in kinds:
            runs = [first_calls(game, warm_setup if warmed else setup, asked)
                    for _ in range(args.repeat)]
            for what in whats:
                if what not in asked:
                    cells.append("")
                    continue
                times = [run[what] for run in runs]
                med, top = statistics.median(times), max(times)
                key = (game, warmed, what)
                if top > worst.get(key, (0.0, 0.0, ""))[1]:
                    worst[key] = (med, top, label)
                cells.append(f"{med:.1f}/{top:.1f}")
        print("".join(f"{c:>13}" for c in cells) + f"   {label}", flush=True)
    print("largest per game (median/largest ms of CPU over the repeats, the case):")
    for (game, warmed, what), (med, top, label) in sorted(worst.items()):
        state = "after the warm-up" if warmed else "cold"
        print(f"  {game:<18} {what:<7} {state:<18} {med:6.1f} / {top:6.1f}  {label}")
    print(f"load average {load:.2f} at the start, {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
