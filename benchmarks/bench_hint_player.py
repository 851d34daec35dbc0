"""Benchmark: scripted people at the Terningepetanque table against the medium AI (issue 15).

    PYTHONPATH=. nice -n 10 python benchmarks/bench_hint_player.py [--games 60] [--rounds 15]
        [--seed 0] [--board classic] [--hand normal] [--diamond-games 10]

(a) The hint player: a human seat that throws exactly the Aim the hint gives for its own hand
    (`ai.hints.hint(..., hand=...)`: `hinted_aim`), thrown by the match with its hand (default
    "normal"), keeps every throw and rolls when asked. Two-player games of `--rounds` rounds against
    the medium AI, the seats alternated game by game (game g: seed `--seed` + g, the hint player in
    seat g % 2). Target: it wins at least 65% of 60 games. A drawn game counts half.
(b) The diamond player: a human seat that aims every die to come to rest on the diamond
    (`ai.petanque.aim` at the diamond, the window's rest-point aiming; the diamond to the middle
    of the board), with the same hand, against the medium AI. Each die's distance to the diamond
    when it comes to rest (off the board: infinitely far) is noted for both seats. Target: the
    player's median within 1.5x the medium AI's.

Prints the games won with a 95% Wilson interval, the mean points each, the median distances and
the CPU seconds each part took.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from petanque_game.ai import hints
from petanque_game.ai import petanque as ai
from petanque_game.ai.hints_petanque import seed_of
from petanque_game.match import Match
from petanque_game.physics.hand import PERSON_HANDS
from petanque_game.record import Seat
from petanque_game.rules.petanque_table import DIAMOND, Aim

GAME = "terningepetanque"


def new_match(seed: int, person: int, rounds: int, board: str, hand: str) -> Match:
    seats = [Seat("Medium", "ai", "medium"), Seat("Medium", "ai", "medium")]
    seats[person] = Seat("Person", "human")
    return Match.new(GAME, seats, {"rounds": rounds}, seed=seed, level=board,
                     hands=[hand if i == person else None for i in range(2)])


def hinted_aim(match: Match) -> Aim:
    """Exactly the Aim `ai.hints.hint` gives the seat to move for its hand: the same search on
    the same stream, without the worth the hint then states (it changes nothing of the aim and
    is half of the hint's time; tests/test_hints.py checks that the two aims are the same)."""
    state = match.state
    hand = PERSON_HANDS[match.hand_name(match.seat_to_move)]
    return ai.search(match.level, ai.situation_of(state), random.Random(seed_of(state)),
                     hand=hand).aim


def hint_move(match: Match) -> object:
    """The hint player's decision: a throw is exactly the hinted Aim; otherwise the hint's
    action (roll for who starts, keep the throw)."""
    state = match.state
    if state.throw_due is not None and not state.awaiting_accept:
        obj, die = state.throw_due
        return match.rules.Throw(obj, die, hinted_aim(match))
    return hints.hint(GAME, state, match.level).action


def diamond_move(match: Match) -> object:
    """The diamond player's decision: every die aimed to rest on the diamond."""
    state = match.state
    if state.throw_due is None:
        return state.legal_actions()[0]  # the roll for who starts; keep every throw
    obj, die = state.throw_due
    dm = state.table.diamond
    spot = (0.0, 0.0) if obj == DIAMOND else (dm.x, dm.y)
    return match.rules.Throw(obj, die, ai.aim(match.level, state.num_players, state.to_move, spot,
                                           obj=obj))


def play(match: Match, person_move, distances: dict[str, list[float]] | None = None) -> None:
    """Play `match` to its end, the human seat deciding with `person_move`; with `distances`,
    note each die's distance to the diamond when it comes to rest, by who threw it."""
    while not match.over:
        seat = match.seat_to_move
        human = not match.ai_to_move
        throwing = match.state.throw_due is not None and match.state.throw_due[0] != DIAMOND \
            and not match.state.awaiting_accept
        match.decide(person_move(match) if human else match.ai_decision())
        if distances is not None and throwing:
            thrown = match.last_throw.table.dice[-1]
            assert thrown.player == seat
            distances["person" if human else "medium"].append(
                thrown.distance if thrown.on_board else math.inf)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a share of `wins` in `n`."""
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def hint_games(games: int, rounds: int, seed: int, board: str, hand: str,
               progress: bool = False) -> dict:
    """(a): the hint player's games; the share won (a draw half), the points, the CPU time."""
    won, points, start = 0.0, [], time.process_time()
    for g in range(games):
        person = g % 2
        match = new_match(seed + g, person, rounds, board, hand)
        play(match, hint_move)
        scores = match.state.scores()
        winners = match.state.winners()
        won += (1.0 / len(winners)) if person in winners else 0.0
        points.append((scores[person], scores[1 - person]))
        if progress:
            print(f"game {g}: seed {seed + g}, person in seat {person}: "
                  f"{scores[person]}-{scores[1 - person]}", flush=True)
    return {"games": games, "won": won, "points": points, "cpu": time.process_time() - start}


def diamond_games(games: int, rounds: int, seed: int, board: str, hand: str) -> dict:
    """(b): the diamond player's and the medium AI's dice distances to the diamond."""
    distances: dict[str, list[float]] = {"person": [], "medium": []}
    start = time.process_time()
    for g in range(games):
        play(new_match(seed + g, g % 2, rounds, board, hand), diamond_move, distances)
    return {"person": statistics.median(distances["person"]),
            "medium": statistics.median(distances["medium"]),
            "dice": len(distances["person"]), "cpu": time.process_time() - start}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--board", default="classic")
    parser.add_argument("--hand", default="normal", choices=sorted(PERSON_HANDS))
    parser.add_argument("--diamond-games", type=int, default=10)
    parser.add_argument("--progress", action="store_true", help="print each game's score")
    args = parser.parse_args()
    if args.diamond_games:
        d = diamond_games(args.diamond_games, args.rounds, args.seed, args.board, args.hand)
        print(f"(b) diamond player, {args.hand} hand, {args.diamond_games} games of "
              f"{args.rounds} rounds on {args.board} (seeds {args.seed}-"
              f"{args.seed + args.diamond_games - 1}), {d['dice']} dice each: median distance "
              f"{d['person']:.1f} mm vs medium AI {d['medium']:.1f} mm = "
              f"{d['person'] / d['medium']:.2f}x (target <= 1.5x); {d['cpu']:.0f} s CPU",
              flush=True)
    if args.games:
        r = hint_games(args.games, args.rounds, args.seed, args.board, args.hand, args.progress)
        lo, hi = wilson(r["won"], r["games"])
        mine = statistics.mean(p for p, _ in r["points"])
        theirs = statistics.mean(q for _, q in r["points"])
        print(f"(a) hint player, {args.hand} hand, {r['games']} games of {args.rounds} rounds "
              f"on {args.board} (seeds {args.seed}-{args.seed + r['games'] - 1}, seats "
              f"alternated): won {r['won']:g}/{r['games']} = {100 * r['won'] / r['games']:.0f}% "
              f"(95% CI {100 * lo:.0f}-{100 * hi:.0f}%, target >= 65%); mean points "
              f"{mine:.1f} vs {theirs:.1f}; {r['cpu']:.0f} s CPU "
              f"({r['cpu'] / r['games']:.1f} s a game)")


if __name__ == "__main__":
    main()
