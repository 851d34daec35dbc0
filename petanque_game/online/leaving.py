"""Leaving for good: a peer away longer than the others wait, and its seats handed to an AI on
the computer of the first peer still in the game (`Lockstep` takes these from here)."""

from __future__ import annotations

from typing import Any

from petanque_game.draws import Revealed
from petanque_game.online import protocol as p


class Leaving:
    """Who is away, who keeps the game, and handing a gone peer's seats over."""

    match: Any
    link: Any
    peers: list[str]
    owners: list[int]
    me: str
    present: set[str]
    absent_since: dict[str, float]
    gone: set[int]
    ai_level: dict[int, str]

    def note(self, line: str) -> None:
        raise NotImplementedError

    def who(self, peer: str) -> str:
        raise NotImplementedError

    def _handover(self, peer: str, h: p.Handover) -> None:
        index = self.peers.index(peer)
        if h.keeper != index or h.peer == index or not 0 <= h.peer < len(self.peers):
            raise p.BadMessage("a hand-over it cannot make")
        self.hand_over(h.peer, h.level, h.keeper, tell=False)

    def hand_over(self, peer: int, level: str, keeper: int, tell: bool = True) -> None:
        """Peer number `peer` is gone for good: its seats go to an AI on `keeper`'s computer."""
        assert self.match is not None and isinstance(self.match.chance, Revealed)
        if peer in self.gone:
            return
        self.gone.add(peer)
        self.match.chance.leave(peer)
        for seat, owner in enumerate(self.owners):
            if owner == peer:
                self.owners[seat] = keeper
                if self.match.seat(seat).kind == "human":
                    self.ai_level[seat] = level
        self.note(f"{self.who(self.peers[peer])}'s seat is now played by the computer")
        if tell:
            self.link.send_all(p.write(p.Handover(peer, level, keeper)))

    def absent_for(self, now: float) -> list[tuple[int, float]]:
        """The game's peers not in the room, with how long they have been away."""
        return [(i, now - self.absent_since.get(peer, now)) for i, peer in enumerate(self.peers)
                if peer != self.me and peer not in self.present and i not in self.gone]

    def keeper(self) -> int | None:
        """The first peer still in the game that is here: it hands a gone peer's seats over."""
        for i, peer in enumerate(self.peers):
            if i not in self.gone and (peer == self.me or peer in self.present):
                return i
        return None
