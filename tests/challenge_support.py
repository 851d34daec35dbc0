"""For the tests of challenges: their seats and day, a game played to its end, and random damage
to a challenge results file (`challenges/results.json`): a byte changed, the file cut short, junk
put in, a value of another type, a key taken out."""

import json
import random
from datetime import date

from petanque_game.record import Seat

YOU = Seat("You", "human")
EXPERT = Seat("AI 2 (expert)", "ai", "expert")
DAY = date(2026, 12, 1)


def play_out(match):
    """Play `match` to its end, the person deciding as an easy AI would."""
    from petanque_game.ai import choose

    while not match.over:
        if match.ai_to_move:
            match.play_ai_turn()
        else:
            board = match.level if match.spec.board else None
            match.decide(choose(match.record.game, match.state, "easy",
                                match.stream("test-person", match.seat_to_move), board))
    return match

MUTATIONS = ("flip", "cut", "insert", "swap-value", "drop-key")


def mutate(raw: bytes, rng: random.Random) -> bytes:
    how = rng.choice(MUTATIONS)
    if how == "flip":
        i = rng.randrange(len(raw))
        return raw[:i] + bytes([rng.randrange(256)]) + raw[i + 1:]
    if how == "cut":
        return raw[:rng.randrange(len(raw))]
    if how == "insert":
        i = rng.randrange(len(raw))
        junk = rng.choice([b"\xff", b"\x00", b'"', b"{", b"]", b"NaN", b"1e999", b"9" * 40,
                           b'"x": 1,', b"\\ud800"])
        return raw[:i] + junk + raw[i:]
    data = json.loads(raw)
    entries = list(data["challenges"].values())
    entry = rng.choice(entries)
    key = rng.choice(sorted(entry))
    if how == "drop-key":
        del entry[key]
    else:
        entry[key] = rng.choice(["text", -1, 0, 2**80, 1.5, None, True, [], {}, "2026-13-01",
                                 "x" * 200, "\u0000"])
    return json.dumps(data).encode("utf-8")
