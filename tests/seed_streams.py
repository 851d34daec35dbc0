"""The chance outcomes a record's seed draws, computed from the recipe in docs/records.md ("Random
streams") with hashlib and the bare Mersenne Twister, not with the program's own streams: what
another program would do to check a record."""

import hashlib
import random


def seed_stream(seed, purpose, seat, events, mix=None):
    """docs/records.md: the key's UTF-8 bytes followed by their SHA-512 digest, read as one
    big-endian integer, seed the Mersenne Twister (Python seeds from an int with MT19937's
    init_by_array over its 32-bit words, least significant first). `mix`: the hex digest of a
    draw's contributions (`mix_of` below), which ends the key of a game that takes them."""
    key = f"{seed}:{purpose}:{seat}:{events}".encode()
    if mix is not None:
        key += f":{mix}".encode()
    return random.Random(int.from_bytes(key + hashlib.sha512(key).digest(), "big"))


def below(rng, n):
    """A whole number 0 <= r < n: k = n's bit length, the top k bits of the next 32-bit output,
    drawn again until below n."""
    k = n.bit_length()
    while True:
        r = rng.getrandbits(k)
        if r < n:
            return r


def seed_roll(seed, index, count, mix=None):
    rng = seed_stream(seed, "dice", None, index, mix)
    return [1 + below(rng, 6) for _ in range(count)]


def seed_orientation(seed, index, mix=None):
    return below(seed_stream(seed, "hand", None, index, mix), 24)


def seed_tumble(seed, index, mix=None):
    """The first 32-bit output of the throw's `tumble` stream."""
    return seed_stream(seed, "tumble", None, index, mix).getrandbits(32)


def check_against_seed(data):
    """Every chance outcome of a record (as JSON) is the seed's; how many were checked."""
    checked = 0
    for index, event in enumerate(data["events"]):
        mix = mix_of(event["chance"]) if "chance" in event else None
        if event["action"] == "roll":
            assert event["dice"] == seed_roll(data["seed"], index, len(event["dice"]), mix), index
            checked += 1
        elif event["action"] == "throw":
            want = 0 if event["object"] == "diamond" else \
                seed_orientation(data["seed"], index, mix)
            assert event["launch"]["orientation"] == want, index
            checked += 1
            if "tumble" in event["launch"]:  # physics version 3 on
                want = 0 if event["object"] == "diamond" else \
                    seed_tumble(data["seed"], index, mix)
                assert event["launch"]["tumble"] == want, index
                checked += 1
    return checked


def mix_of(chance):
    """docs/records.md ("Fairness"): SHA-256, in lowercase hex, of the ASCII text of the draw's
    parts joined by ":": the local `entropy`, or each peer's reveal in peer order ("null" for a
    peer that had left)."""
    parts = [chance["entropy"]] if "entropy" in chance else \
        ["null" if r is None else r for r in chance["reveals"]]
    return hashlib.sha256(":".join(parts).encode("ascii")).hexdigest()
