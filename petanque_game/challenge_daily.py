"""The daily challenge of each game, made from the date alone: the seed is the SHA-256 of the
game's id and the date, with the rules' own defaults, solo where the game allows one player and
otherwise against one expert, on the classic board with the normal hand. The same for everyone
that day, with no network; and since the date gives all of it, a challenge that says it is a
day's daily is checked against what that day gives (`not_the_daily`).
"""

from __future__ import annotations

import functools
import hashlib
from datetime import date
from typing import Any

from petanque_game.challenge_setup import (
    DAILY_BOARD,
    DAILY_HAND,
    DAILY_OPPONENT,
    TAKER,
    Board,
    Challenge,
    ident_of,
    shipped_board,
)
from petanque_game.record import Seat
from petanque_game.rules.games import spec_of
from petanque_game.rules.options import resolve


def _daily_seed(game: str, day: date) -> int:
    digest = hashlib.sha256(f"petanque-game daily {game} {day.isoformat()}".encode()).hexdigest()
    return int(digest[:15], 16)


def daily_setup(game: str, day: date) -> dict[str, Any]:
    """What the date gives the daily challenge of `game` (the arguments of `new`)."""
    spec = spec_of(game)
    seats = [Seat(TAKER, "human")]
    if spec.min_players > 1:
        seats += [DAILY_OPPONENT] * (spec.min_players - 1)
    return {"game": game, "seats": seats, "options": {}, "seed": _daily_seed(game, day),
            "board": _daily_board() if spec.board else None,
            "hand": DAILY_HAND if spec.board else None, "daily": day.isoformat()}


SEED_MARK, DAY_MARK = 1234567890123456789, "0001-02-03"  # in a daily's setup, to be replaced


def daily_ident(game: str, day: date) -> str:
    """The ident of `daily(game, day)`, without making it: its setup's text is the same for
    every day but the seed and the date (quick, for checking many results)."""
    before, between, after = _daily_canon(game)
    return ident_of(f"{before}{day.isoformat()}{between}{_daily_seed(game, day)}{after}")


@functools.cache
def _daily_canon(game: str) -> tuple[str, str, str]:
    """The text of `game`'s daily setup, cut where the seed and the date go."""
    given = daily_setup(game, date(1, 2, 3))
    options = dict(resolve(spec_of(game).rules.OPTIONS, {}))
    canon = Challenge(game, options, SEED_MARK, tuple(given["seats"]), given["hand"],
                      given["board"], given["daily"]).canon()
    seed_at = f'"seed":{SEED_MARK}'
    day_at = f'"daily":"{DAY_MARK}"'
    assert canon.count(seed_at) == 1 and canon.count(day_at) == 1 and \
        canon.index(day_at) < canon.index(seed_at)  # sorted keys: "daily" before "seed"
    before, rest = canon.split(day_at)
    between, after = rest.split(seed_at)
    return before + '"daily":"', '"' + between + '"seed":', after


def not_the_daily(made: Challenge) -> str | None:
    """Why `made`, which says it is the daily challenge of its date, is not what that date
    gives (a seed, an option, a seat, the board or the hand changed), or None."""
    assert made.daily is not None
    given = daily_setup(made.game, date.fromisoformat(made.daily))
    spec = spec_of(made.game)
    differs = [("seed", made.seed != given["seed"]),
               ("options", dict(made.options) != dict(resolve(spec.rules.OPTIONS, {}))),
               ("players", list(made.seats) != given["seats"]),
               ("board", (made.board and made.board.text) != (given["board"] and
                                                               given["board"].text)),
               ("hand", made.hand != given["hand"])]
    changed = [what for what, wrong in differs if wrong]
    if not changed:
        return None
    return (f"not the daily challenge of {made.daily}: its {changed[0]} differs from what the "
            "date gives (changed by hand?)")


@functools.cache
def _daily_board() -> Board:
    """The daily challenges' board (shipped: the same for the whole run)."""
    return shipped_board(DAILY_BOARD)
