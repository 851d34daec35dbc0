"""Arriving in a room: the hellos and the goodbyes before a game, and a guest that asks for a
game it has not got (`Lockstep` takes these from here; docs/online.md).

Before the game a guest cannot tell the host from anyone else who has the room's code: the relay
names members, not roles. So a "host" hello of another version, or a goodbye that turns the guest
away, ends its game only when it comes from the host it has heard (the host answers each guest's
hello with its own), or when no host has been heard within TURNED_AWAY_WAIT seconds of it, and
never once the game is there. A stranger that says it is the host cannot end a guest's game
before it begins; a real host of another version still ends it with one line.
"""

from __future__ import annotations

import time
from typing import Any

from petanque_game import __version__
from petanque_game.online import protocol as p

ASK_EVERY = 2.0  # seconds waiting with nothing coming before asking the others again
TURNED_AWAY_WAIT = 5.0  # seconds a guest waits for its host before believing it was turned away


class Arriving:
    """The hellos and goodbyes of a `Lockstep` (its attributes are set there)."""

    link: Any
    role: str
    me: str
    match: Any
    peers: list[str]
    gathering: Any
    ended: str | None
    byes: set[str]
    host_heard: str | None  # the peer a guest heard say it is the host, in this version
    turned_away: tuple[float, str] | None  # when and why a guest was told to go, not yet sure
    _asked: float

    def hello(self) -> dict[str, Any]:
        raise NotImplementedError

    def send_sync(self, peer: str | None) -> None:
        raise NotImplementedError

    def _hello(self, peer: str, hello: p.Hello) -> None:
        if hello.protocol != p.PROTOCOL or hello.version != __version__:
            if self.role == "guest" and hello.role == "host" and self.match is None:
                self._told_to_go(peer, f"the host plays petanque-game {hello.version[:40]} "
                                       f"(protocol {hello.protocol}); this is {__version__} "
                                       f"(protocol {p.PROTOCOL}): both need the same version")
                return
            if self.role == "host":
                self.link.send_to(peer, p.write(p.Bye(
                    "version", f"the host plays petanque-game {__version__} (protocol "
                               f"{p.PROTOCOL}); this computer has {hello.version[:40]} "
                               f"(protocol {hello.protocol})")))
            raise p.BadMessage(f"it plays version {hello.version[:40]} (protocol "
                               f"{hello.protocol}); this is {__version__} (protocol "
                               f"{p.PROTOCOL})")
        if self.role == "guest" and hello.role == "host" and self.host_heard is None:
            self.host_heard, self.turned_away = peer, None
        if self.match is not None and peer in self.peers:
            self.send_sync(peer)
        elif self.gathering is not None and self.match is None:
            self.gathering.take(self, peer, hello)

    def _bye(self, peer: str, bye: p.Bye) -> None:
        if bye.reason == "left":
            self.byes.add(peer)
            return
        if self.match is None and self.role == "guest":
            self._told_to_go(peer, f"the host turned this computer away: {bye.text}")

    def _told_to_go(self, peer: str, why: str) -> None:
        """A guest without the game told it cannot play: believed from the host it heard, and
        from anyone when no host speaks up in a while (`_ask_for_the_game`)."""
        if peer == self.host_heard:
            self.ended = why
        elif self.host_heard is not None:
            raise p.BadMessage("it speaks as the host, and another computer is the host")
        elif self.turned_away is None:
            self.turned_away = (time.monotonic(), why)

    def _ask_for_the_game(self, now: float) -> None:
        """A guest in the room without the game says hello and asks for it every few seconds:
        its first words, or the start itself, may have been lost with a relay that restarted,
        and nobody else would send it again (a hello taken twice changes nothing)."""
        if self.role != "guest" or not self.me or self.ended is not None:
            return
        if self.turned_away is not None and self.host_heard is None and \
                now - self.turned_away[0] > TURNED_AWAY_WAIT:
            self.ended = self.turned_away[1]
            return
        if now - self._asked > ASK_EVERY:
            self._asked = now
            self.link.send_all(self.hello())
            self.link.send_all(p.write(p.Ask(-1)))
