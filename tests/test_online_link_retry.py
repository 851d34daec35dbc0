"""A link to a relay that cannot be reached tries again, waits a little longer each time (with a
spread of its own), and gives up after `give_up` seconds, without ever touching the shared state
of Python's `random` module (a game or a test may have seeded it; Hypothesis checks it)."""

import random
import socket
import time

from petanque_game.online.link import Ended, Link, Lost, new_token


def closed_port() -> int:
    """A local port nothing listens on (taken and let go at once)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_link_that_cannot_reach_its_relay_tries_again_then_gives_up_leaving_random_alone():
    random.seed(1234)
    before = random.getstate()
    link = Link(f"ws://127.0.0.1:{closed_port()}", new_token(), give_up=0.6).start()
    seen: list[object] = []
    deadline = time.monotonic() + 20.0
    while not any(isinstance(e, Ended) for e in seen) and time.monotonic() < deadline:
        link.wait(0.2)
        seen += link.events()
    link.close()
    assert sum(isinstance(e, Lost) for e in seen) >= 2  # it tried again, more than once
    ended = [e for e in seen if isinstance(e, Ended)]
    assert len(ended) == 1 and ended[0].why == "gone", seen
    assert random.getstate() == before
