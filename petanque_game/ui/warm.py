"""The tray AI's tables made ready while the player is still in the setup screen (or as a resumed
tray game opens).

The expert's first decision or hint for a set of rules builds what it needs once per process (Ten
Thousand's turn tables, Shut the Box's closes and odds): tens of milliseconds of CPU. So while the
player sets up a tray game, the options shown are played for a few moves by expert seats on a
thread of their own, with a hint at each, and the game that starts finds them made
(benchmarks/bench_cold_ai.py --menu --warm). Only the latest options asked for are warmed: a
player clicking through the choices queues nothing. Nothing here changes a game: the moves are a
throwaway match's, and every table is a pure function of the rules.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Mapping
from typing import Any

log = logging.getLogger(__name__)

MOVES = 6  # decisions of the throwaway match: a roll, a keep or a close, and on
_lock = threading.Condition()
_wanted: tuple[str, tuple] | None = None  # the latest (game, options) asked for, not yet taken
_done: set[tuple[str, tuple]] = set()
_worker: threading.Thread | None = None


def warm(game: str, options: Mapping[str, Any]) -> None:
    """Make the expert's tables for `game` with `options` ready, on the warming thread."""
    global _wanted, _worker
    key = (game, tuple(sorted(options.items())))
    with _lock:
        if key in _done or key == _wanted:
            return
        _wanted = key
        if _worker is None:
            _worker = threading.Thread(target=_work, name="petanque-warm", daemon=True)
            _worker.start()
        _lock.notify()


def _work() -> None:
    global _wanted
    while True:
        with _lock:
            while _wanted is None:
                _lock.wait()
            key, _wanted = _wanted, None
            _done.add(key)
        try:
            play_a_little(key[0], dict(key[1]))
        except Exception:  # noqa: BLE001 - a warm-up that fails only leaves the tables cold
            log.exception("warming the AI for %s %s", *key)


def play_a_little(game: str, options: dict[str, Any], moves: int = MOVES) -> None:
    """A throwaway match of two expert seats: `moves` decisions, a hint before each."""
    from petanque_game.ai.hints import hint
    from petanque_game.match import Match
    from petanque_game.record import Seat

    seats = [Seat("A", "ai", "expert"), Seat("B", "ai", "expert")]
    match = Match.new(game, seats, options, seed=0)
    for _ in range(moves):
        if match.over:
            return
        try:
            hint(game, match.state)
        except ValueError:  # nothing to hint here (the engine's turn): the decision still warms
            pass
        match.play_ai_turn()
