"""The chat line of an online game: short lines the players say to each other while they play.
They are shown and forgotten, never written in the record. A line is at most `protocol.MAX_CHAT`
printable characters; each computer takes at most CHAT_LINES lines from one peer in CHAT_SECONDS
(more are refused like any wrong message), and holds only the last CHAT_KEPT of them."""

from __future__ import annotations

import collections
import time
from typing import Any

from petanque_game.online import protocol as p

CHAT_LINES, CHAT_SECONDS = 3, 10.0
CHAT_KEPT = 20


class Chatting:
    """What `Lockstep` says and hears on the chat line (`said`: (name, text), oldest first)."""

    link: Any
    name: str
    said: collections.deque[tuple[str, str]]
    _chat_times: dict[str, collections.deque[float]]

    def who(self, peer: str) -> str:
        raise NotImplementedError

    def _chat(self, peer: str, chat: p.Chat) -> None:
        if not self._chat_allowed(peer):
            raise p.BadMessage(f"more than {CHAT_LINES} chat lines in {CHAT_SECONDS:.0f} s")
        self.said.append((self.who(peer), chat.text))

    def say(self, text: str) -> bool:
        """Send a line to the others (cut to the longest allowed); False, and nothing sent, when
        it is empty or this computer has said CHAT_LINES lines in the last CHAT_SECONDS."""
        text = "".join(c for c in text if c.isprintable())[:p.MAX_CHAT].strip()
        if not text or not self._chat_allowed(""):
            return False
        self.link.send_all(p.write(p.Chat(text)))
        self.said.append((self.name, text))
        return True

    def _chat_allowed(self, peer: str) -> bool:
        """Room for one more line from `peer` ("" for this computer), which is then counted."""
        now = time.monotonic()
        times = self._chat_times.setdefault(peer, collections.deque(maxlen=CHAT_LINES))
        if len(times) == CHAT_LINES and now - times[0] < CHAT_SECONDS:
            return False
        times.append(now)
        return True
