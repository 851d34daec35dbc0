"""Benchmark: does a newcomer who reads the coach get better over a game? (issue 33, Done-when)

    PYTHONPATH=. nice -n 5 python benchmarks/bench_learner.py [--games 40] [--rounds 5]
        [--ranges 1000,2000,3000,4000] [--board classic] [--control]

A scripted person (seat alternated game by game) plays two-player games of `--rounds` rounds (the
quick preset: 5) against the medium AI with the normal hand. The games are split evenly between
the seed ranges `--ranges` (game k of a range: seed range + k).

The person aims as a newcomer does, from what it sees and with no hint: every position it reads
off the table is off by 5 mm of perception noise (normal, each axis, its own stream). It points
the window's point aiming (`ui/table/aim.aim_at`) at a spot and throws at the height set (45
degrees to begin with, the window's own start):
- the diamond: a spot `diamond_in` mm inside its own edge (60 to begin with: "the diamond near
  your own wall", the first tactic issue 33 saw a person find);
- a die: the diamond as seen, moved by `offset` (mm along its throw and to its left; none to
  begin with), pulled in until it lies `margin` mm inside the board (0 to begin with); once it
  has learned to knock, when the die it sees nearest the diamond is another player's, that die as
  seen, 25 mm beyond.

After each of its throws it reads what the coach shows (`ai.petanque_coach.lesson`: the same
facts the card says; nothing else of the game's insides) and adjusts:
- the diamond's risk said above the expert's by 5 points or more, or the diamond off: the spot
  40 mm further in;
- its die off the board: `margin` 25 mm more;
- the expert's height said (it differs by 8 degrees or more): its height half way to it;
- "the expert's aim stops A mm long (short) and B mm left (right) of the diamond" (the coach's
  blue ring; `--old-coach`: not read, as the coach before it said no such thing): `offset` is the
  mean of what it was told so, over the throws whose expert aim was not a knock;
- `--old-coach` instead: "the expert aimed N mm closer to (farther from) the diamond" moves its
  aim N/2 mm further along its throw (within -30 to +40 mm), the only word the coach had of
  where the expert's aim stops;
- the expert's aim was for knocking a die away and worth a point or more above its own: it
  knocks from then on (above).
Each game starts afresh (a newcomer). `--reads` names the adjustments made (all by default:
diamond, margin, height, offset, knock, as listed above), to tell which of them helps.
`--control` also plays the same games with the adjusting turned off (the same newcomer who never
reads the coach), so the change from the first half of a game to the second can be told apart
from what the rounds' order does by itself.

Prints, per player, the mean points a round (its own round points, and its lead over medium) in
the first half of a game (rounds 1-2 of 5) and the second (rounds 4-5), the mean per-game
difference with its standard error and a 95% interval, and its whole game's mean lead a round;
against the control, the difference-in-differences and the whole game's lead, paired by game;
and the CPU seconds.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from petanque_game.ai.petanque_coach import Lesson, lesson
from petanque_game.match import Match
from petanque_game.physics import geometry
from petanque_game.physics.hand import PERSON_HANDS
from petanque_game.record import Seat
from petanque_game.rules.petanque_table import DIAMOND, Aim
from petanque_game.rules.terningepetanque_events import Thrown
from petanque_game.ui.table.aim import aim_at

GAME = "terningepetanque"
SEEN_NOISE = 5.0  # mm: the person's perception noise, each axis
HEIGHT_SAID = 8.0  # degrees (ui/table/coach.py says the expert's height from this on)
KNOCKS = ("knock_opponent", "knock_player")
READS = frozenset(("diamond", "margin", "height", "offset", "knock"))  # (the list above, in order)


@dataclass
class Newcomer:
    """What the scripted person has learned so far in a game (see the module's docstring)."""

    diamond_in: float = 60.0
    elevation: float = 45.0
    margin: float = 0.0
    offset: tuple[float, float] = (0.0, 0.0)
    told_offsets: int = 0
    beyond: float = 0.0  # (`--old-coach`)
    old_coach: bool = False
    reads: frozenset[str] = READS  # which of the coach's words it acts on (`--reads`)
    knocks: bool = False
    learns: bool = True
    told: list[str] = field(default_factory=list)  # what it changed, for --verbose

    def read(self, taught: Lesson) -> None:
        """Adjust from what the coach said of one of its throws."""
        if not self.learns:
            return
        if taught.obj == DIAMOND:
            mine, expert = _risk(taught.aim_worth), _risk(taught.expert_worth)
            if "diamond" in self.reads and (mine >= expert + 5 or not taught.rest_on):
                self.diamond_in += 40.0
                self.told.append(f"diamond {self.diamond_in:.0f} mm in")
            return
        if not taught.rest_on and "margin" in self.reads:
            self.margin += 25.0
            self.told.append(f"margin {self.margin:.0f}")
        if abs(taught.expert_elevation - taught.elevation) >= HEIGHT_SAID \
                and "height" in self.reads:
            self.elevation += 0.5 * (taught.expert_elevation - taught.elevation)
            self.told.append(f"height {self.elevation:.0f}")
        knock = taught.expert_label.key in KNOCKS
        near = taught.expert_nearer
        if self.old_coach and near is not None and abs(near) >= 3.0:
            self.beyond = max(-30.0, min(40.0, self.beyond + 0.5 * near))
            self.offset = (self.beyond, 0.0)
            self.told.append(f"beyond {self.beyond:.0f}")
        if taught.expert_offset is not None and not knock and not self.old_coach \
                and "offset" in self.reads:
            self.told_offsets += 1
            k = self.told_offsets
            self.offset = tuple((k - 1) / k * mine + told / k  # type: ignore[assignment]
                                for mine, told in zip(self.offset, taught.expert_offset))
            self.told.append(f"offset {self.offset[0]:.0f},{self.offset[1]:.0f}")
        if knock and taught.expert_worth - taught.aim_worth >= 1.0 and "knock" in self.reads:
            self.knocks = True

    def aim(self, match: Match, rng: random.Random) -> Aim:
        """Its aim for the throw due, from the table as it sees it."""
        state, level = match.state, match.level
        seat, n = state.to_move, state.num_players
        obj, _ = state.throw_due
        wall = level.seat_wall(n, seat)
        nx, ny = math.cos(wall.angle), math.sin(wall.angle)  # out through its own wall
        if obj == DIAMOND:
            reach = level.board.reach(wall.angle)
            d = max(0.0, reach - self.diamond_in)
            return aim_at(level, n, seat, (nx * d, ny * d), self.elevation, obj)
        dm = state.table.diamond
        spot = _seen(dm.x, dm.y, rng)
        dice = [(math.dist(_seen(d.x, d.y, rng), spot), d) for d in state.table.dice
                if d.on_board]
        nearest = min(dice, key=lambda t: t[0], default=None)
        if self.knocks and nearest is not None and nearest[1].player != seat:
            x, y = _seen(nearest[1].x, nearest[1].y, rng)
            spot = (x - 25.0 * nx, y - 25.0 * ny)
        else:  # (its throw goes in along -n; its left is n turned a quarter clockwise)
            along, left = self.offset
            spot = (spot[0] - along * nx + left * ny, spot[1] - along * ny - left * nx)
        return aim_at(level, n, seat, _inside(level, spot, self.margin), self.elevation, obj)


def _seen(x: float, y: float, rng: random.Random) -> tuple[float, float]:
    return x + rng.gauss(0.0, SEEN_NOISE), y + rng.gauss(0.0, SEEN_NOISE)


def _inside(level, spot: tuple[float, float], margin: float) -> tuple[float, float]:
    """`spot` pulled towards the board's centre until it lies `margin` mm inside the board."""
    x, y = spot
    for _ in range(60):
        if margin <= 0.0 or geometry.inside_convex(level.board.outline, x, y, margin):
            break
        x, y = 0.95 * x, 0.95 * y
    return x, y


def _risk(worth: float) -> float:
    """The diamond's risk in percent as the coach says it (ui/table/coach.py `_risk`)."""
    from petanque_game.rules.terningepetanque import DIAMOND_PENALTY

    return 100 * max(0.0, -worth / DIAMOND_PENALTY)


def play(seed: int, person: int, rounds: int, board: str, learns: bool,
         verbose: bool = False, old_coach: bool = False,
         reads: frozenset[str] = READS) -> list[tuple[int, int]]:
    """One game; each round's (the person's points, medium's points)."""
    seats = [Seat("Medium", "ai", "medium"), Seat("Medium", "ai", "medium")]
    seats[person] = Seat("Person", "human")
    match = Match.new(GAME, seats, {"rounds": rounds}, seed=seed, level=board,
                      hands=["normal" if i == person else None for i in range(2)])
    match.paths = False
    hand = PERSON_HANDS["normal"]
    me = Newcomer(learns=learns, old_coach=old_coach, reads=reads)
    eyes = random.Random(f"learner-eyes:{seed}")
    per_round: list[tuple[int, int]] = []
    totals = match.state.scores()
    while not match.over:
        state = match.state
        if match.ai_to_move:
            made = match.decide(match.ai_decision())
        elif state.throw_due is None or state.awaiting_accept:
            made = match.decide(state.legal_actions()[0])  # the roll for who starts; keep
        else:
            obj, die = state.throw_due
            aim = me.aim(match, eyes)
            made = match.decide(match.rules.Throw(obj, die, aim))
            if learns:
                for t in made:
                    if isinstance(t.event, Thrown) and t.event.player == person:
                        me.read(lesson(match.level, t.before, aim, t.event.launch,
                                       t.event.table, hand))
                        break
        if match.state.scores() != totals:
            now = match.state.scores()
            per_round.append((now[person] - totals[person], now[1 - person] - totals[1 - person]))
            totals = now
    if verbose:
        print(f"  seed {seed} seat {person}: {per_round} learned {me.told}", flush=True)
    return per_round


def halves(games: list[list[tuple[int, int]]], lead: bool) -> list[float]:
    """Per game: the second half's mean points a round less the first's (rounds 1-2 against the
    last two of 5; of other lengths, the first and last floor(rounds / 2))."""
    out = []
    for rounds in games:
        pts = [p - q if lead else p for p, q in rounds]
        k = len(pts) // 2
        out.append(statistics.mean(pts[-k:]) - statistics.mean(pts[:k]))
    return out


def report(name: str, games: list[list[tuple[int, int]]]) -> dict[str, list[float]]:
    k = len(games[0]) // 2
    found = {}
    for lead in (False, True):
        what = "lead over medium" if lead else "own points"
        first = [statistics.mean([(p - q if lead else p) for p, q in g[:k]]) for g in games]
        second = [statistics.mean([(p - q if lead else p) for p, q in g[-k:]]) for g in games]
        diff = halves(games, lead)
        se = statistics.stdev(diff) / math.sqrt(len(diff))
        mean = statistics.mean(diff)
        print(f"{name:9s} {what:17s}: first half {statistics.mean(first):+5.2f} a round "
              f"(sd {statistics.stdev(first):.2f}), second half {statistics.mean(second):+5.2f} "
              f"(sd {statistics.stdev(second):.2f}); difference {mean:+.2f} +- {se:.2f} "
              f"(95% {mean - 1.96 * se:+.2f} to {mean + 1.96 * se:+.2f})"
              + ("  beyond noise" if abs(mean) > 1.96 * se else "  within noise"))
        found[what] = diff
    whole = [statistics.mean(p - q for p, q in g) for g in games]  # the whole game's lead
    print(f"{name:9s} whole game: lead over medium {statistics.mean(whole):+.2f} a round")
    found["whole game's lead"] = whole
    return found


def _cpu() -> float:
    """CPU seconds of this process and the ones it waited for (the AI may think in another)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--ranges", default="1000,2000,3000,4000")
    parser.add_argument("--board", default="classic")
    parser.add_argument("--control", action="store_true",
                        help="also play the same games without reading the coach")
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--old-coach", action="store_true",
                        help="read only what the coach said before it showed the expert's rest")
    parser.add_argument("--reads", default=",".join(sorted(READS)),
                        help="which adjustments it makes, of " + ",".join(sorted(READS)))
    args = parser.parse_args()
    ranges = [int(r) for r in args.ranges.split(",")]
    seeds = [ranges[g % len(ranges)] + g // len(ranges) for g in range(args.games)]
    results = {}
    for name, learns in (("learner", True), ("control", False))[:2 if args.control else 1]:
        start = _cpu()
        reads = frozenset(args.reads.split(","))
        if not reads <= READS:
            parser.error(f"--reads: expected some of {','.join(sorted(READS))}")
        games = [play(seed, g % 2, args.rounds, args.board, learns, args.verbose, args.old_coach,
                      reads)
                 for g, seed in enumerate(seeds)]
        cpu = _cpu() - start
        print(f"{name}: {len(games)} games of {args.rounds} rounds on {args.board}, seeds "
              f"{args.ranges} (+0..{(args.games - 1) // len(ranges)}), seats alternated; "
              f"{cpu:.0f} s CPU", flush=True)
        results[name] = report(name, games)
    if args.control:
        for what in results["learner"]:
            dd = [a - b for a, b in zip(results["learner"][what], results["control"][what])]
            se = statistics.stdev(dd) / math.sqrt(len(dd))
            mean = statistics.mean(dd)
            told = what if what.startswith("whole") else f"{what}, second half less first"
            print(f"learner - control, {told}: {mean:+.2f} +- {se:.2f} a round "
                  f"(95% {mean - 1.96 * se:+.2f} to {mean + 1.96 * se:+.2f})")


if __name__ == "__main__":
    main()
