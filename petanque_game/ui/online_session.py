"""An online game in the window: the meeting before it (a room opened or joined, the seats filling
up) and the session the table and the tray show, which to them is a live game whose other seats
are decided elsewhere (docs/online.md).

The network is on the link's thread; the window takes what came once a frame (`poll`, from the
scene's `think`), never waiting for it. A person's decision goes to the lockstep, which sends it
and applies it once every computer's share of the chance is in; every decision applied, here or
elsewhere, becomes a step like any other. The AI seats this computer decides (the host's) are
worked out on the AI's thread, as in a game at one keyboard.
"""

from __future__ import annotations

import collections
import contextlib
from concurrent.futures import Future
from typing import Any

from petanque_game.online.gathering import Gathering
from petanque_game.online.link import Link, new_token
from petanque_game.online.lockstep import Lockstep
from petanque_game.online.rejoin import KeptUnreadable, claim, fresh
from petanque_game.online.relay import RelayThread
from petanque_game.rules.base import IllegalAction
from petanque_game.ui.session import LiveSession

GONE_SECONDS = 60.0  # away this long, a player's seat may be handed to the computer
CHAT_SHOWN = 8  # the chat's last lines the window keeps to show
HAND_OVER_LEVEL = "medium"


class Meeting:
    """A room on a relay, before and during the game: the link, this computer's lockstep and,
    for a host on a local network, the relay it runs itself."""

    def __init__(self, url: str, name: str, room: str | None = None,
                 gathering: Gathering | None = None, relay: RelayThread | None = None):
        self.relay = relay
        seat = fresh(new_token())
        if room is not None:  # this computer was in the room before: it comes back
            with contextlib.suppress(KeptUnreadable):
                seat = claim(room, seat.token)
        self.seat, self.kept = seat, False
        self.link = Link(url, seat.token, room=room, again=seat.again).start()
        role = "host" if gathering is not None else "guest"
        self.lock = Lockstep(self.link, seat.chain, role, name, "", _not_yet)
        self.lock.gathering = gathering
        self.url = url

    def poll(self) -> None:
        self.lock.handle(self.link.events())
        room = self.link.room
        if not self.kept and room is not None and self.lock.me:
            self.kept = True
            with contextlib.suppress(OSError):  # without it, only coming back is lost
                self.seat.keep(room)

    @property
    def code(self) -> str | None:
        return self.link.room

    @property
    def started(self) -> bool:
        return self.lock.match is not None

    @property
    def problem(self) -> str | None:
        return self.lock.ended

    def joined(self) -> int:
        """The guests in, for a host; the seats they are for: `Gathering.remote_seats`."""
        g = self.lock.gathering
        return 0 if g is None else len(g.guests)

    def close(self) -> None:
        self.link.close()
        self.seat.release()
        if self.relay is not None:
            self.relay.stop()


def _not_yet(lock: Lockstep, seat: int) -> Any:
    return None  # the session takes over deciding once the game scene shows it


class OnlineSession(LiveSession):
    """A live game whose seats played on other computers are decided there (see the module
    docstring). It keeps no autosave: the other computers hold the game too; the finished game
    is kept in records/ as any other."""

    def __init__(self, meeting: Meeting):
        lock = meeting.lock
        assert lock.match is not None
        super().__init__(lock.match)
        self.meeting = meeting

        self.lockstep = lock
        lock.decide = self._decider
        lock.applied = self._applied
        self._chosen: Any = None
        self._ai: tuple[Any, Future] | None = None
        self._news: list[str] = []
        self._shown_notices = len(lock.notices)
        self._present = set(lock.present)
        self._gone_said: set[int] = set()
        self.chat_lines: collections.deque[str] = collections.deque(maxlen=CHAT_SHOWN)
        self._take_chat()

    # --- what the scenes ask ---------------------------------------------------------------------

    def person_here(self, seat: int) -> bool:
        return self.lockstep.plays(seat) and self.match.seat(seat).kind == "human" \
            and seat not in self.lockstep.ai_level

    @property
    def human_to_move(self) -> bool:
        seat = self.seat_to_move
        return (seat is not None and self.person_here(seat) and self.lockstep.pending is None
                and self._chosen is None and self.lockstep.ended is None)

    @property
    def ai_to_move(self) -> bool:
        """Anything but a person here deciding: the scene keeps drawing frames and polling."""
        return not self.over and not self.human_to_move

    thinking = True  # the scene's AI pause never waits for a decision made elsewhere

    def think(self) -> None:
        self.poll()

    def play_ai(self) -> None:
        self.poll()

    def planned(self) -> Any:
        return None

    @property
    def waiting_line(self) -> str | None:
        """"Waiting for Åse..." while a seat played elsewhere decides, or the chance's shares."""
        look = self.look
        if self.over:
            return None
        if self.lockstep.ended is not None:
            return look.tr("online.cannot_go_on", why=self.lockstep.ended)
        name = self.lockstep.waiting_for()
        if name is not None:
            return look.tr("online.waiting_for", name=name) + "  " + look.tr("online.chat_key")
        if self.lockstep.pending is not None or self._chosen is not None:
            return look.tr("online.waiting_chance")
        return None

    def news(self) -> list[str]:
        """Lines to tell the player since last asked (who left, came back, what was refused,
        what was said), taken from the network first: the scene asks every frame, also while
        the person here decides (when nothing else polls)."""
        self.poll()
        out, self._news = self._news, []
        return out

    def decide(self, action: Any) -> str | None:
        if not self.human_to_move:
            return self.look.tr("online.not_now")
        if not (self.spec.board and isinstance(action, self.rules.Throw)):
            try:
                self.match.state.apply(action)  # the rules' refusal, said at once
            except IllegalAction as e:
                return self.look.refusal(e.refusal)
        self._chosen = action
        self.poll()
        return None

    def say(self, text: str) -> bool:
        """A line to the others on the chat line (False: too many just now)."""
        said = self.lockstep.say(text)
        self.poll()
        return said

    def open_chat(self, app: Any) -> None:
        """The chat line over the game (F3 in the game scenes)."""
        app.open("online_chat", self)

    def hand_over_gone(self) -> bool:
        """Give the seats of the players gone for a while to the computer (this computer decides
        them when it is the first still here); True if any was."""
        keeper = self.lockstep.keeper()
        gone = [i for i, away in self.lockstep.absent_for(_now()) if away > GONE_SECONDS]
        if keeper is None or not gone:
            return False
        for index in gone:
            self.lockstep.hand_over(index, HAND_OVER_LEVEL, keeper)
        return True

    @property
    def leave_line(self) -> str:
        """What a person leaving the game from the menu is told: the others play on and see
        them away; the room's code brings them back (Play online, Join)."""
        return self.look.tr("online.left_here", code=self.meeting.code or "")

    def close(self) -> None:
        super().close()
        self.meeting.close()

    # --- the network, once a frame ---------------------------------------------------------------

    def _take_chat(self) -> None:
        """The chat lines the others said since, shown and told as news."""
        said = self.lockstep.said
        while said:
            name, text = said.popleft()
            line = self.look.tr("online.chat_line", name=name, text=text)
            self.chat_lines.append(line)
            self._news.append(line)

    def poll(self) -> None:
        self.meeting.poll()
        lock = self.lockstep
        for line in list(lock.notices)[self._shown_notices:]:
            self._news.append(line)
        self._shown_notices = len(lock.notices)
        if lock.notices.maxlen and self._shown_notices >= lock.notices.maxlen:
            lock.notices.clear()
            self._shown_notices = 0
        mine = lock.me
        for peer in self._present - lock.present:
            if peer in lock.peers and peer != mine:
                self._news.append(self.look.tr("online.left", name=lock.who(peer)))
        for peer in lock.present - self._present:
            if peer in lock.peers and peer != mine:
                self._news.append(self.look.tr("online.back", name=lock.who(peer)))
        self._present = set(lock.present)
        self._take_chat()
        for index, away in lock.absent_for(_now()):
            if away > GONE_SECONDS and index not in self._gone_said:
                self._gone_said.add(index)
                self._news.append(self.look.tr("online.gone", name=lock.who(lock.peers[index]),
                                               key="H"))

    def _decider(self, lock: Lockstep, seat: int) -> Any:
        if self.person_here(seat):
            chosen, self._chosen = self._chosen, None
            return chosen
        state = self.match.state
        if self._ai is None or self._ai[0] is not state:
            from petanque_game.online.moves import ai_decision

            self._ai = (state, self.workers.in_background(lambda: ai_decision(lock, seat)))
        future = self._ai[1]
        if not future.done():
            return None
        self._ai = None
        return future.result()  # an AI that fails is a bug: up to the window's handler

    def _applied(self, seat: int, before: Any, first: int) -> None:
        self._after(before, self.match.transitions[first:], first, seat)
        self.match.last_throw = None  # shown with this step only


def _now() -> float:
    import time

    return time.monotonic()
