"""Ten Thousand's medium, measured: its share of wins against a level, and its costly banks.

    python benchmarks/bench_ten_thousand_medium.py [--seeds N] [--ranges 0,100000,200000]
                                                   [--targets 10000,5000] [--rival easy]
                                                   [--carries] [--show K]

A bank is costly when, valued by the exact two-player solution (the shipped win tables, which
the tests hold against an independent solve: test_ai_ten_thousand_win.py), it leaves medium more
than `COSTLY` less chance to win than rolling on would (and then playing on to win). Games are
played from both seats on each seed (the dice of a seed are the same for both games), each seat
with its own random stream.
Each seed range gives its share and its count of games with a costly bank; the pooled share's
standard error is over all the seeds. tests/test_ai_ten_thousand_medium.py uses `measure`.
"""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import dataclass, field

from petanque_game.ai import ten_thousand as ai
from petanque_game.ai import ten_thousand_win as win
from petanque_game.rules import ten_thousand as tt
from petanque_game.rules.base import CHANCE, Bank

COSTLY = 0.05


@dataclass
class Measured:
    games: int = 0
    pair_shares: list[float] = field(default_factory=list)  # medium's share per seed (0, .5, 1)
    costly_games: int = 0
    costly: list[tuple] = field(default_factory=list)  # (mine, total, dice, theirs, bank, roll)

    @property
    def share(self) -> float:
        return sum(self.pair_shares) / len(self.pair_shares)

    @property
    def error(self) -> float:
        """The standard error of `share`, over the seeds."""
        n, mean = len(self.pair_shares), self.share
        return (sum((p - mean) ** 2 for p in self.pair_shares) / (n - 1) / n) ** 0.5


def measure(seeds: range, target: int, banks: bool = True, rival: str = "easy") -> Measured:
    """Medium against `rival` on `seeds`, each seed from both seats."""
    found = Measured()
    for seed in seeds:
        won = 0
        for levels in (("medium", rival), (rival, "medium")):
            winner, costly = _game(levels, seed, {"target": target, "hot_dice_banks": banks})
            won += levels[winner] == "medium"
            found.games += 1
            found.costly_games += bool(costly)
            found.costly += costly
        found.pair_shares.append(won / 2)
    return found


def _game(levels: tuple[str, str], seed: int, options: dict) -> tuple[int, list[tuple]]:
    state = tt.new_game(2, options)
    dice = random.Random(seed)
    streams = [random.Random(seed * 100 + seat) for seat in range(2)]
    costly = []
    while not state.is_terminal:
        if state.to_move == CHANCE:
            state = state.apply(tt.Dice(tuple(dice.randint(1, 6)
                                              for _ in range(state.dice_to_roll))))
            continue
        seat = state.to_move
        action = ai.choose(state, levels[seat], streams[seat])
        if levels[seat] == "medium" and action == Bank() and \
                state.banked[seat] + state.turn_total < state.target:
            pos = win.position(state)
            bank, roll = win.bank_value(pos), win.roll_value(pos)
            if roll - bank > COSTLY:
                costly.append((state.banked[seat], state.turn_total, state.dice_in_hand,
                               state.banked[1 - seat], round(bank, 3), round(roll, 3)))
        state = state.apply(action)
    return state.winners()[0], costly


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=500, help="seeds per range (2 games each)")
    parser.add_argument("--ranges", default="0,100000,200000", help="first seed of each range")
    parser.add_argument("--targets", default="10000,5000")
    parser.add_argument("--rival", default="easy")
    parser.add_argument("--carries", action="store_true", help="hot_dice_banks: false")
    parser.add_argument("--show", type=int, default=0, metavar="K", help="list K costly banks")
    args = parser.parse_args()
    for target in map(int, args.targets.split(",")):
        pooled = Measured()
        for first in map(int, args.ranges.split(",")):
            began = time.process_time()
            found = measure(range(first, first + args.seeds), target, not args.carries,
                            args.rival)
            print(f"to {target:,}, seeds {first:,}-{first + args.seeds - 1:,}: medium "
                  f"{100 * found.share:.1f}% +- {100 * found.error:.1f} against {args.rival} "
                  f"in {found.games} games; {found.costly_games} with a costly bank "
                  f"({time.process_time() - began:.1f} s CPU)", flush=True)
            pooled.games += found.games
            pooled.pair_shares += found.pair_shares
            pooled.costly_games += found.costly_games
            pooled.costly += found.costly
        print(f"to {target:,}, pooled: {100 * pooled.share:.1f}% +- {100 * pooled.error:.1f} in "
              f"{pooled.games} games; {pooled.costly_games} games "
              f"({100 * pooled.costly_games / pooled.games:.2f}%) with a costly bank")
        for bank in pooled.costly[:args.show]:
            print("   on {:,} with {:,} on {} dice against {:,}: banking {}, rolling {}"
                  .format(*bank))


if __name__ == "__main__":
    main()
