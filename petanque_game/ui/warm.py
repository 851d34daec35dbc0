"""The tray AI's tables made ready while the player is still in the setup screen, and as a live
tray game opens: every way into one (a new game, Resume, a challenge, a new game from the results
through the setup, people taking turns, AIs alone) opens its `TrayScene`, which asks for this
(tests/test_cold_ai.py).

The expert's first decision or hint for a set of rules builds what it needs once per process (Ten
Thousand's turn tables, Shut the Box's closes and odds): tens of milliseconds of CPU. So while the
player sets up a tray game, the options shown are played for a few moves by expert seats on a
thread of their own, with a hint at each, and the game that starts finds them made
(benchmarks/bench_cold_ai.py --menu --warm). Only the latest options asked for are warmed: a
player clicking through the choices queues nothing. Nothing here changes a game: the moves are a
throwaway match's, and every table is a pure function of the rules.
"""

from __future__ import annotations

import contextlib
import gc
import threading
from collections.abc import Mapping, MutableMapping
from typing import Any

MOVES = 6  # decisions of the throwaway match: a roll, a keep or a close, and on
MEMORY = "warmer"  # where the app's memory holds its Warmer (`warmer_of`)
Key = tuple[str, tuple[tuple[str, Any], ...]]  # a game and its options (`key_of`)


class Warmer:
    """The window's warm-ups (one per App, `warmer_of`): the latest asked for and not yet taken,
    those begun, and the thread doing them, which ends when nothing more is asked for."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.wanted: Key | None = None
        self.done: set[Key] = set()
        self.worker: threading.Thread | None = None

    def _work(self) -> None:
        while True:
            with self.lock:
                if self.wanted is None:
                    self.worker = None
                    return
                key, self.wanted = self.wanted, None
                self.done.add(key)
            try:
                play_a_little(key[0], dict(key[1]))
                # The tables just made live as long as the process: out of the collector's
                # sight, a full collection (which stops every thread, the window's too) no longer
                # walks them (27 ms in a results frame before). Freezing is a splice of lists,
                # not a walk.
                gc.freeze()
            except Exception as exc:  # a warm-up that fails only leaves tables cold
                from petanque_game.logs import report_bug

                report_bug(exc, f"warming the AI for {key[0]} {key[1]}")  # a bug: logged, in full


def warmer_of(memory: MutableMapping[str, object]) -> Warmer:
    """The warm-ups of the app whose `memory` this is (made on first use)."""
    got = memory.get(MEMORY)
    if not isinstance(got, Warmer):
        got = memory[MEMORY] = Warmer()
    return got


def warm(warmer: Warmer, game: str, options: Mapping[str, Any]) -> None:
    """Make the expert's tables for `game` with `options` ready, on `warmer`'s thread."""
    from petanque_game.rules.games import spec_of

    if not spec_of(game).hints:
        return  # a game the dice alone decide: its AI builds nothing
    key = key_of(game, options)
    with warmer.lock:
        if key in warmer.done or key == warmer.wanted:
            return
        warmer.wanted = key
        if warmer.worker is None:
            warmer.worker = threading.Thread(target=warmer._work, name="petanque-warm",
                                             daemon=True)
            warmer.worker.start()


def key_of(game: str, options: Mapping[str, Any]) -> Key:
    """What a warm-up is remembered by: the game and its options with the rules' defaults filled
    in, so the setup's choices and the record's options of the same game are one warm-up."""
    from petanque_game.rules.games import spec_of

    defaults = {name: option.default for name, option in spec_of(game).options.items()}
    return game, tuple(sorted((defaults | dict(options)).items()))


def play_a_little(game: str, options: dict[str, Any], moves: int = MOVES) -> None:
    """A throwaway match of expert seats (two, or as many as the game needs at least): `moves`
    decisions, a hint before each."""
    from petanque_game.ai.hints import hint
    from petanque_game.match import Match
    from petanque_game.record import Seat
    from petanque_game.rules.games import spec_of

    count = max(2, spec_of(game).min_players)
    seats = [Seat(f"AI {n + 1}", "ai", "expert") for n in range(count)]
    match = Match.new(game, seats, options, seed=0)
    for _ in range(moves):
        if match.over:
            return
        # nothing to hint here (the engine's turn): the decision still warms
        with contextlib.suppress(ValueError):
            hint(game, match.state)
        match.play_ai_turn()
