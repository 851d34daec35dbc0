"""What a window keeps of the pictures and texts it made, up to a number, forgetting the one
used longest ago first (`Recent`).

Kept things used to be forgotten all at once when there were too many: the next frames then made
anew every text and die on the screen, which a long replay scrubbed met every few dozen frames
(a frame of a millisecond or more over its usual cost). Forgetting one at a time, the oldest
first, keeps what the screen still shows."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from typing import TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Recent(OrderedDict[K, V]):
    """A mapping of at most `limit` entries: `keep` forgets the one used longest ago when it
    would hold more; `find` counts as a use (a plain `get` does not)."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def find(self, key: K) -> V | None:
        """The value kept for `key` (now the most recently used), or None."""
        value = self.get(key)
        if value is not None:
            self.move_to_end(key)
        return value

    def keep(self, key: K, value: V) -> V:
        """Keep `value` for `key`, forgetting the entry used longest ago when over the limit;
        returns `value`."""
        self[key] = value
        self.move_to_end(key)
        if len(self) > self.limit:
            self.popitem(last=False)
        return value
