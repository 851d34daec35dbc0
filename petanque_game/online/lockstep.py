"""One match played on every computer of a room, in lockstep (docs/online.md).

The peers are the computers in their order: the host first, then the guests in the order they
joined; that is also the order of their hash chains' commitments in the record. Each seat is
played by one peer (`owners`): `you` by the host, a `remote` seat by the guest that took it, an AI
seat by the host, whose computer decides it and sends it like any decision (so one computer is
authoritative for it, and nothing depends on two computers computing the same search).

The `at`-th decision of the game goes like this on every computer: the seat's peer sends it; each
peer, once it has it (and has checked it is legal now), sends its reveal for the draw that follows,
if one does; when every reveal is in, the decision is applied (`Match.decide`, whose draw mixes the
reveals). Reveals come only after the decision is fixed, so no one can foresee the draw, and each
is checked against its peer's chain (`draws.Revealed`), so no one can choose it late.

A message that is not right (malformed, from a stranger, for a seat its sender does not play, out
of turn, illegal, a forged reveal) is refused: the game is left as it was, and a short line says
what was refused (`notices`, at most a few per peer).
"""

from __future__ import annotations

import collections
import time
from collections.abc import Callable
from typing import Any

from petanque_game import __version__
from petanque_game.draws import ChanceError, ForgedReveal, HashChain, Revealed
from petanque_game.match import Match, rebuild
from petanque_game.online import protocol as p
from petanque_game.online.arriving import ASK_EVERY, Arriving
from petanque_game.online.chat import CHAT_KEPT, Chatting
from petanque_game.online.gathering import Gathering
from petanque_game.online.leaving import Leaving
from petanque_game.online.link import Came, Ended, Entered, Event, Lost, Said, Went
from petanque_game.online.moves import move_form, read_move
from petanque_game.record import RecordError, parse_record
from petanque_game.rules.base import IllegalAction

KEPT = 8  # the last decisions and reveals a peer keeps to send again
NOTICES_PER_PEER = 5
Decider = Callable[["Lockstep", int], Any]  # the decision for one of this computer's seats


class Lockstep(Leaving, Chatting, Arriving):
    """This computer's side of an online match (see the module docstring). `link` is a
    `link.Link` (or anything with `send_all` and `send_to`); `decide(lockstep, seat)` gives the
    decision of a seat this computer plays, or None while it is still being made."""

    def __init__(self, link: Any, chain: HashChain, role: str, name: str, level: str,
                 decide: Decider):
        self.link, self.chain, self.role, self.name, self.level = link, chain, role, name, level
        self.decide = decide
        self.match: Match | None = None
        self.peers: list[str] = []
        self.names: list[str] = []  # each peer's player
        self.owners: list[int] = []
        self.me: str = ""
        self.at = 0
        self.pending: tuple[int, Any] | None = None  # the decision at `at`, waiting for reveals
        self.early: dict[int, tuple[str, p.Decision]] = {}  # the next decisions, come early
        self.gathering: Gathering | None = None  # the host's, until every seat is taken
        self.revealed: set[int] = set()  # draws this computer has revealed
        self.sent: dict[tuple[str, int], dict[str, Any]] = {}  # kept to send again
        self.present: set[str] = set()
        self.absent_since: dict[str, float] = {}
        self.gone: set[int] = set()  # peers handed over to an AI
        self.ai_level: dict[int, str] = {}  # seats a handed-over peer played: now the AI's
        self.ended: str | None = None  # why this computer cannot go on
        # told (seat, the state before, the record's events before) after each decision applied
        self.applied: Callable[[int, Any, int], None] | None = None
        self.byes: set[str] = set()
        self.host_heard: str | None = None
        self.turned_away: tuple[float, str] | None = None
        self.notices: collections.deque[str] = collections.deque(maxlen=50)
        self.said: collections.deque[tuple[str, str]] = collections.deque(maxlen=CHAT_KEPT)
        self._chat_times: dict[str, collections.deque[float]] = {}
        self._refused: collections.Counter[str] = collections.Counter()
        self._stuck_since = time.monotonic()  # when the game last moved on (`_progress`)
        self._progress: tuple[Any, ...] = ()
        self._asked = 0.0
        self._seen: dict[tuple[int, int], str] = {}  # (peer, draw): its reveal, taken
        self._for: dict[tuple[int, int], str] = {}  # (peer, draw): the decision it revealed for
        self._spent: set[int] = set()  # draws whose decision the match refused: revealed twice
        self._ahead: dict[int, tuple[str, p.Reveal]] = {}  # peer's index: its reveal for the
        # draw after the one the game waits for (`_reveal`), and who sent it

    # --- what the loop asks ------------------------------------------------------------------

    @property
    def my_index(self) -> int | None:
        return self.peers.index(self.me) if self.me in self.peers else None

    def plays(self, seat: int) -> bool:
        """Does this computer decide `seat`?"""
        return bool(self.owners) and self.owners[seat] == self.my_index

    def waiting_for(self) -> str | None:
        """The name of the player the game waits for, when it is a seat played elsewhere."""
        m = self.match
        if m is None or m.over or self.pending is not None or m.seat_to_move is None:
            return None
        seat = m.seat_to_move
        return None if self.plays(seat) else m.seat(seat).name

    def handle(self, events: list[Event]) -> None:
        """Take what came from the link, then move the game on as far as it can go."""
        for event in events:
            if isinstance(event, Said):
                self._said(event)
            elif isinstance(event, Entered):
                self._entered(event)
            elif isinstance(event, Came):
                self._came(event.peer)
            elif isinstance(event, Went):
                self.present.discard(event.peer)
                self.absent_since.setdefault(event.peer, time.monotonic())
            elif isinstance(event, Ended):
                self.ended = event.reason
            elif isinstance(event, Lost):
                self.note(f"lost the relay: {event.reason}; trying again")
        self._advance()
        self._ask_when_stuck()

    def note(self, line: str) -> None:
        self.notices.append(line)

    # --- arriving ----------------------------------------------------------------------------

    def hello(self) -> dict[str, Any]:
        return p.write(p.Hello(p.PROTOCOL, __version__, self.role, self.chain.commitment,
                               self.name, self.level))

    def _entered(self, event: Entered) -> None:
        self.me = event.peer
        self.present = set(event.members)
        if event.again and self.match is not None:
            self.link.send_all(p.write(p.Ask(self.at)))  # the relay came back: carry on
        else:
            self.link.send_all(self.hello())
            if self.match is None and self.role == "guest":
                self.link.send_all(p.write(p.Ask(-1)))  # a game already under way: its record
                self._asked = time.monotonic()  # and again while it does not come

    def _came(self, peer: str) -> None:
        self.present.add(peer)
        self.absent_since.pop(peer, None)

    def _said(self, event: Said) -> None:
        peer = event.peer
        self._came(peer)
        try:
            message = p.read(event.body, event.size)
            if isinstance(message, p.Hello):
                self._hello(peer, message)
            elif isinstance(message, p.Bye):
                self._bye(peer, message)
            elif isinstance(message, p.Sync):
                self._sync(peer, message)
            elif self.match is None:
                return  # nothing else means anything before the game
            elif peer not in self.peers:
                raise p.BadMessage("it is not one of this game's computers")
            elif isinstance(message, p.Decision):
                self._decision(peer, message)
            elif isinstance(message, p.Reveal):
                self._reveal(peer, message)
            elif isinstance(message, p.Ask):
                self._ask(peer, message)
            elif isinstance(message, p.Handover):
                self._handover(peer, message)
            elif isinstance(message, p.Chat):
                self._chat(peer, message)
        except p.BadMessage as e:
            self._refuse(peer, str(e))

    def _refuse(self, peer: str, reason: str) -> None:
        self._refused[peer] += 1
        count = self._refused[peer]
        who = self.who(peer)
        if count <= NOTICES_PER_PEER:
            self.note(f"refused a message from {who}: {reason}")
        elif count == NOTICES_PER_PEER + 1:
            self.note(f"refusing more messages from {who}; not shown")

    def who(self, peer: str) -> str:
        if peer in self.peers and self.peers.index(peer) < len(self.names):
            return self.names[self.peers.index(peer)]
        if self.gathering is not None and peer in self.gathering.guests:
            return self.gathering.guests[peer].name
        return f"a stranger ({peer[:6]})"

    def send_sync(self, peer: str | None) -> None:
        assert self.match is not None
        body = p.write(p.Sync(self.match.record.dumps(), self.at, list(self.peers),
                              list(self.names), list(self.owners)))
        if peer is None:
            self.link.send_all(body)
        else:
            self.link.send_to(peer, body)

    def _sync(self, peer: str, sync: p.Sync) -> None:
        if self.match is not None:
            return  # the game is here already
        if peer not in sync.peers:
            raise p.BadMessage("a game sent by a computer that is not in it")
        if self.me not in sync.peers:
            raise p.BadMessage("a game this computer is not in")
        try:
            record = parse_record(sync.record)
            scheme = record.extra.get("chance")
            mine = sync.peers.index(self.me)
            if not isinstance(scheme, dict) or scheme.get("commitments", [None] * 10)[mine] \
                    != self.chain.commitment:
                raise p.BadMessage("the game's commitment for this computer is not its chain's")
            if len(sync.owners) != len(record.players) or len(sync.names) != len(
                    sync.peers) or any(o >= len(sync.peers) for o in sync.owners):
                raise p.BadMessage("the seats' owners do not fit the game")
            match = rebuild(record)
        except (RecordError, ChanceError, ForgedReveal, IllegalAction, ValueError) as e:
            raise p.BadMessage(f"the game sent is not valid: {str(e)[:120]}") from None
        self.match, self.peers, self.owners, self.at = match, list(sync.peers), \
            list(sync.owners), sync.at
        self.names = list(sync.names)
        self.revealed = set(range(match.draws_made))
        self.link.send_all(p.write(p.Ask(self.at)))

    # --- playing -----------------------------------------------------------------------------

    def begin(self, match: Match, peers: list[str], names: list[str], owners: list[int]) -> None:
        """The host's: the game starts with every seat taken."""
        self.match, self.peers, self.names, self.owners = match, peers, names, owners
        self.send_sync(None)

    def _decision(self, peer: str, d: p.Decision) -> None:
        assert self.match is not None
        if d.at < self.at:
            return  # one applied already, sent again
        if d.at > self.at:
            if d.at > self.at + len(self.owners) + 1:
                raise p.BadMessage(f"decision {d.at} long before decision {self.at}")
            self.early[d.at] = (peer, d)
            return
        if not 0 <= d.seat < len(self.owners) or self.peers[self.owners[d.seat]] != peer:
            raise p.BadMessage(f"it does not play seat {d.seat}")
        if self.pending is not None:
            if move_form(self.match, d.seat, self.pending[1]) != d.move:
                raise p.BadMessage(f"a second, different decision {d.at}")
            return
        self.pending = (d.seat, read_move(self.match, d.seat, d.move))

    def _reveal(self, peer: str, r: p.Reveal) -> None:
        assert self.match is not None and isinstance(self.match.chance, Revealed)
        index = self.peers.index(peer)
        if r.draw < self.match.draws_made:
            return  # sent again
        seen = self._seen.get((index, r.draw))
        if seen is not None:
            if seen != r.value:
                raise p.BadMessage(f"a second, different reveal for draw {r.draw}")
            return  # sent again
        if r.draw > self.match.draws_made + 1:
            raise p.BadMessage(f"a reveal for draw {r.draw}, far ahead of draw "
                            f"{self.match.draws_made}")
        if r.draw > self.match.draws_made:  # the next draw's, ahead of this one's (which was
            # lost, and will come again when asked for): taken once the game reaches its draw,
            # so that the chain takes the peer's reveals in order
            ahead = self._ahead.get(index)
            if ahead is not None and ahead[1].draw == r.draw and ahead[1] != r:
                raise p.BadMessage(f"a second, different reveal for draw {r.draw}")
            self._ahead[index] = (peer, r)
            return
        try:
            self.match.chance.add(index, r.draw, r.value)
        except ForgedReveal:
            raise p.BadMessage(f"its reveal for draw {r.draw} does not follow from its chain: "
                            f"forged") from None
        except ChanceError as e:
            raise p.BadMessage(str(e)[:120]) from None
        self._seen[(index, r.draw)] = r.value
        self._for[(index, r.draw)] = r.decision
        for old in [k for k in self._seen if k[1] < self.match.draws_made]:
            del self._seen[old]
            self._for.pop(old, None)

    def _take_ahead(self) -> None:
        """The reveals that came ahead of their draw, taken once the game has reached it."""
        assert self.match is not None
        for index, (peer, r) in list(self._ahead.items()):
            if r.draw <= self.match.draws_made:
                del self._ahead[index]
                try:
                    self._reveal(peer, r)
                except p.BadMessage as e:
                    self._refuse(peer, str(e))

    def _ask(self, peer: str, ask: p.Ask) -> None:
        if ask.at == -1:
            self.send_sync(peer)
            return
        for (_, at), body in sorted(self.sent.items(), key=lambda kv: kv[0][1]):
            if at >= (ask.at if body["type"] == "decision" else 0):
                self.link.send_to(peer, body)

    def _advance(self) -> None:
        m = self.match
        while m is not None and not m.over and self.ended is None:
            if self.pending is None:
                seat = m.seat_to_move
                if seat is None or not self.plays(seat):
                    return
                decision = self.decide(self, seat)
                if decision is None:
                    return
                self.pending = (seat, decision)
                self._send(("decision", self.at), p.write(p.Decision(
                    self.at, seat, move_form(m, seat, decision))))
            seat, decision = self.pending
            if m.draw_follows(decision):
                draw = m.draws_made
                if draw not in self.revealed:
                    assert isinstance(m.chance, Revealed)
                    value = self.chain.reveal(draw)
                    m.chance.add(self.my_index or 0, draw, value)
                    self.revealed.add(draw)
                    self._send(("reveal", draw), p.write(p.Reveal(draw, value, self._digest())))
                if not m.chance.ready(draw) or self._two_faced(draw):  # type: ignore[union-attr]
                    return
            self.pending = None
            before, first = m.state, len(m.record.events)
            try:
                m.decide(decision)
            except IllegalAction as e:  # the same on every computer: the seat decides again
                self.note(f"{m.seat(seat).name}'s decision was refused: {e}")
                self._spent.add(m.draws_made)  # its reveals stand for the next decision too
                continue
            self.at += 1
            if self.applied is not None:
                self.applied(seat, before, first)
            self._take_ahead()
            early = self.early.pop(self.at, None)
            if early is not None:
                try:
                    self._decision(*early)
                except p.BadMessage as e:
                    self._refuse(early[0], str(e))

    def _digest(self) -> str:
        assert self.match is not None and self.pending is not None
        seat, decision = self.pending
        return p.decision_digest(self.at, seat, move_form(self.match, seat, decision))

    def _two_faced(self, draw: int) -> bool:
        """Did a computer reveal draw `draw` for another decision than the one here? Then the
        seat's computer sent different decisions to different computers: the game stops here,
        the same on every honest computer, rather than going two ways."""
        if draw in self._spent:
            return False
        mine = self._digest()
        for (index, d), digest in self._for.items():
            if d == draw and digest != mine:
                self.ended = (f"{self.who(self.peers[index])} was given another decision "
                              f"{self.at} than this computer: a computer sent two; the game "
                              f"cannot go on")
                return True
        return False

    def _send(self, key: tuple[str, int], body: dict[str, Any]) -> None:
        self.sent[key] = body
        for old in sorted(k for k in self.sent if k[0] == key[0])[:-KEPT]:  # of each kind
            del self.sent[old]
        self.link.send_all(body)

    def _ask_when_stuck(self) -> None:
        now = time.monotonic()
        if self.match is None:
            self._ask_for_the_game(now)
            return
        if self.match.over:
            return
        progress = (self.at, self.pending is not None, self.match.draws_made, len(self._seen))
        if progress != self._progress:  # only the game moving on counts: not messages (asks)
            self._progress, self._stuck_since = progress, now
        if now - self._stuck_since > ASK_EVERY and now - self._asked > ASK_EVERY:
            self._asked = now
            self.link.send_all(p.write(p.Ask(self.at)))
