"""The host's gathering: the game it offers, the guests who come for its remote seats in the order
they come, and the start of the game once every remote seat is taken (lockstep.py plays it)."""

from __future__ import annotations

from typing import Any

from petanque_game.draws import Revealed
from petanque_game.match import Match
from petanque_game.online import protocol as p
from petanque_game.record import Seat

# the AI seats' names, as New game's AI players have (a name reads the same in any language)
AI_NAMES = ("Astrid", "Bjørn", "Freja", "Gunnar", "Ingrid", "Leif", "Sigrid", "Åse")


class Gathering:
    """`seats` in turn order, each "you", "remote" or "ai:LEVEL"; the rest is `Match.new`'s."""

    def __init__(self, game: str, seats: list[str], options: dict[str, Any], seed: int,
                 level: Any):
        self.game, self.seats, self.options, self.seed, self.level = \
            game, seats, options, seed, level
        self.guests: dict[str, p.Hello] = {}  # in the order they came

    @property
    def remote_seats(self) -> int:
        return self.seats.count("remote")

    def take(self, lock: Any, peer: str, hello: p.Hello) -> None:
        """A guest's hello: it takes the next remote seat, or is told every seat is taken; the
        game starts when the last is taken. `lock` is the host's `lockstep.Lockstep` (not named
        here: it owns this gathering)."""
        if hello.role != "guest":
            raise p.BadMessage("a second host")
        if peer not in self.guests:
            if len(self.guests) >= self.remote_seats:
                lock.link.send_to(peer, p.write(p.Bye("full", "every seat is taken")))
                return
            self.guests[peer] = hello
            lock.note(f"{hello.name} joined")
        lock.link.send_to(peer, lock.hello())  # the guest hears which computer is the host
        if len(self.guests) == self.remote_seats and lock.me:
            self.start(lock)

    def start(self, lock: Any) -> None:
        guests = list(self.guests.items())
        players, owners, taken = [], [], 0
        people = {lock.name[:32]} | {h.name[:32] for _, h in guests}
        ai_names = iter([n for n in AI_NAMES if n not in people] +
                        [f"AI {n}" for n in range(1, 11)])
        for spec in self.seats:
            if spec == "you":
                players.append(seat_of(lock.level, lock.name))
                owners.append(0)
            elif spec == "remote":
                hello = guests[taken][1]
                taken += 1
                players.append(seat_of(hello.level, hello.name))
                owners.append(taken)
            else:
                level = spec.partition(":")[2]
                players.append(Seat(next(ai_names), "ai", level))  # a name in any language
                owners.append(0)  # the host's computer decides the AI seats
        commitments = [lock.chain.commitment] + [h.commitment for _, h in guests]
        match = Match.new(self.game, players, self.options, self.seed, self.level,
                          chance=Revealed(commitments))
        lock.begin(match, [lock.me] + [g for g, _ in guests],
                   [lock.name] + [h.name for _, h in guests], owners)


def seat_of(level: str, name: str) -> Seat:
    """A record seat for a player: a person's (`level` "") or an AI's ("easy" ...)."""
    return Seat(name[:32], "ai", level) if level else Seat(name[:32], "human")
