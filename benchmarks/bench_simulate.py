"""Throughput of headless play and of checking records, for every game.

    python benchmarks/bench_simulate.py [--games N]

For each game: games per second of `simulate` with two easy AI players and with two expert ones,
side by side (the expert's cost shows as the ratio of the two rates), then the time `verify`
takes on the longest record those games produced and on a long game (a high target or many
rounds; for Terningepetanque 25 rounds with four players, every throw re-simulated).
Terningepetanque plays a tenth of the games (each is 15 rounds of physics).
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
    "terningepetanque": {"rounds": 15},
}
LONG = {
    "ten-thousand": ({"target": 100000}, 2),
    "shut-the-box": ({"rounds": 99}, 2),
    "ship-captain-crew": ({"target": 1000}, 2),
    "terningepetanque": ({"rounds": 25}, 4),
}


def play(game: str, level: str, options: dict, games: int,
         seats: int = 2) -> tuple[float, list[Match]]:
    players = [Seat(f"P{i}", "ai", level) for i in range(seats)]
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
    print(f"{'game':<20}{'easy games/s':>14}{'expert games/s':>16}{'expert:easy':>13}"
          f"{'long record':>13}{'events':>8}{'verify ms':>11}{'events/ms':>11}")
    for game, options in GAMES.items():
        games = max(1, args.games // 10) if game == "terningepetanque" else args.games
        easy_s, matches = play(game, "easy", options, games)
        expert_s, _ = play(game, "expert", options, games)
        longest = max(matches, key=lambda m: len(m.record.events))
        long_options, seats = LONG[game]
        _, (long_match,) = play(game, "easy", long_options, 1, seats)
        for label, match in (("longest", longest), ("long", long_match)):
            text = match.record.dumps()
            ms = time_verify(text) * 1000
            events = len(match.record.events)
            rates = (f"{games / easy_s:>14.1f}{games / expert_s:>16.1f}"
                     f"{easy_s / expert_s:>13.2f}") if label == "longest" else " " * 43
            print(f"{game if label == 'longest' else '':<20}{rates}{label:>13}{events:>8}"
                  f"{ms:>11.2f}{events / ms:>11.1f}")


if __name__ == "__main__":
    main()
