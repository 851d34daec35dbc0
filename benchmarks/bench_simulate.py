"""Throughput of headless play and of checking records, for the three tray games.

    python benchmarks/bench_simulate.py [--games N]

For each game: games per second of `simulate` with two easy AI players (and with two expert ones,
side by side, so the cost of the stronger AI shows as a ratio), then the time `verify` takes on
the longest record those games produced and on a long record built by chaining many turns.
Prints a table; nothing is asserted.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time

from petanque_game.match import Match, rebuild
from petanque_game.record import Seat, parse_record

GAMES = {
    "ten-thousand": {},
    "shut-the-box": {"rounds": 10},
    "ship-captain-crew": {},
}


def play(game: str, level: str, options: dict, games: int) -> tuple[float, list[Match]]:
    players = [Seat("A", "ai", level), Seat("B", "ai", level)]
    started = time.perf_counter()
    matches = []
    for seed in range(games):
        match = Match.new(game, players, options, seed)
        match.play_to_end()
        matches.append(match)
    return time.perf_counter() - started, matches


def time_verify(text: str, repeats: int = 5) -> float:
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        rebuild(parse_record(text))
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    args = parser.parse_args()
    print(f"machine: {platform.machine()}, {platform.python_implementation()} "
          f"{platform.python_version()}, {platform.platform()}")
    print(f"{'game':<20}{'easy games/s':>14}{'expert games/s':>16}{'expert/easy':>13}"
          f"{'long record':>13}{'events':>8}{'verify ms':>11}{'events/ms':>11}")
    for game, options in GAMES.items():
        easy_s, matches = play(game, "easy", options, args.games)
        expert_s, _ = play(game, "expert", options, args.games)
        longest = max(matches, key=lambda m: len(m.record.events))
        long_options = dict(options)
        if game == "ten-thousand":
            long_options["target"] = 100000
        elif game == "shut-the-box":
            long_options["rounds"] = 99
        else:
            long_options["target"] = 1000
        _, (long_match,) = play(game, "easy", long_options, 1)
        for label, match in (("longest", longest), ("long", long_match)):
            text = match.record.dumps()
            ms = time_verify(text) * 1000
            events = len(match.record.events)
            rates = (f"{args.games / easy_s:>14.1f}{args.games / expert_s:>16.1f}"
                     f"{easy_s / expert_s:>13.2f}") if label == "longest" else " " * 43
            print(f"{game if label == 'longest' else '':<20}{rates}{label:>13}{events:>8}"
                  f"{ms:>11.2f}{events / ms:>11.1f}")


if __name__ == "__main__":
    main()
