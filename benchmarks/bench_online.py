"""Online play on loopback: round-trip time per move and bytes per game, for every game.

    python benchmarks/bench_online.py [--games N]

A relay and two computers (the host and one guest, each with its link thread) in this process, on
127.0.0.1, play N games of each game with an easy AI seat on each computer (and a third,
the host's, where a game needs three). For each move
that draws, the time on the deciding computer from its decision being made (the AI's thinking
not counted) to its being applied, which needs the other computer's reveal: one round trip
through the relay. Bytes are what both links sent to the relay in a game (the relay's own
replies not counted). Prints a table; nothing is asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import platform
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from petanque_game.draws import HashChain
from petanque_game.online import relay as r
from petanque_game.online.gathering import Gathering
from petanque_game.online.link import Link, new_token
from petanque_game.online.lockstep import Lockstep
from petanque_game.online.moves import ai_decision
from petanque_game.rules.games import game_ids, spec_of

OPTIONS = {"terningepetanque": {"rounds": 3}}


def start_relay() -> tuple[str, asyncio.AbstractEventLoop, asyncio.Event, threading.Thread]:
    loop, where, ready = asyncio.new_event_loop(), [], threading.Event()
    stop = asyncio.Event()

    def run() -> None:
        asyncio.set_event_loop(loop)
        loop.run_until_complete(r.serve_relay(
            "127.0.0.1", 0, lambda h, p: (where.append(f"ws://{h}:{p}"), ready.set()), stop))

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    ready.wait(10)
    return where[0], loop, stop, thread


def one_game(url: str, game: str, seed: int) -> tuple[list[float], int, int]:
    made: dict[tuple[int, int], float] = {}
    times: list[float] = []

    def timed(lock: Lockstep, seat: int) -> object:
        decision = ai_decision(lock, seat)
        if lock.match is not None and lock.match.draw_follows(decision):
            made[(id(lock), lock.at)] = time.perf_counter()
        return decision

    host_link = Link(url, new_token()).start()
    host = Lockstep(host_link, HashChain.new(4096), "host", "Host", "easy", timed)
    seats = ["you", "remote"] + ["ai:easy"] * max(0, spec_of(game).min_players - 2)
    host.gathering = Gathering(game, seats, OPTIONS.get(game, {}), seed, None)
    links, locks = [host_link], [host]
    for _ in range(2000):
        host.handle(host_link.events())
        if host_link.room and host.me:
            break
        host_link.wait(0.01)
    guest_link = Link(url, new_token(), room=host_link.room).start()
    guest = Lockstep(guest_link, HashChain.new(4096), "guest", "Guest", "easy", timed)
    links.append(guest_link)
    locks.append(guest)
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        for link, lock in zip(links, locks):
            before = lock.at
            lock.handle(link.events())
            if lock.at > before and (id(lock), before) in made:
                times.append(time.perf_counter() - made.pop((id(lock), before)))
        if all(lock.match is not None and lock.match.over for lock in locks):
            break
        links[0].wait(0.0005)
    events = len(host.match.record.events) if host.match else 0
    for link in links:
        deadline = time.monotonic() + 2
        while not link.idle() and time.monotonic() < deadline:
            time.sleep(0.01)
        link.close()
    return times, sum(link.sent_bytes for link in links), events


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=3)
    args = parser.parse_args()
    url, loop, stop, thread = start_relay()
    print(f"Python {platform.python_version()}, {platform.machine()}; {args.games} games each")
    print(f"{'game':<20}{'moves timed':>12}{'median ms':>11}{'p95 ms':>9}{'bytes/game':>12}"
          f"{'events/game':>13}")
    everything: list[float] = []
    for game in game_ids():
        times: list[float] = []
        sizes, counts = [], []
        for seed in range(args.games):
            t, size, events = one_game(url, game, seed)
            times += t
            sizes.append(size)
            counts.append(events)
        everything += times
        q = statistics.quantiles(times, n=20) if len(times) > 1 else times * 19
        print(f"{game:<20}{len(times):>12}{statistics.median(times) * 1000:>11.2f}"
              f"{q[18] * 1000:>9.2f}{statistics.mean(sizes):>12.0f}"
              f"{statistics.mean(counts):>13.0f}")
    q = statistics.quantiles(everything, n=20)
    print(f"{'all':<20}{len(everything):>12}{statistics.median(everything) * 1000:>11.2f}"
          f"{q[18] * 1000:>9.2f}")
    loop.call_soon_threadsafe(stop.set)
    thread.join(30)


if __name__ == "__main__":
    main()
