"""The relay in this process (a thread of its own) with plain WebSocket clients: rooms by code,
messages forwarded to the others stamped with the sender's id, refusals in one line, the caps
on members, the rooms nobody is in dropped; and the strict reading of the peers' messages and
moves."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import secrets
import threading

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from petanque_game.match import Match
from petanque_game.online import protocol as p
from petanque_game.online import relay as r
from petanque_game.online.moves import move_form, read_move
from petanque_game.online.rooms import ALPHABET, new_code, read_code
from petanque_game.record import Seat


@pytest.fixture
def relay():
    """(url, the Relay) of a relay serving on a free port until the test ends."""
    loop = asyncio.new_event_loop()
    stop = asyncio.Event()
    where: list[str] = []
    ready = threading.Event()
    served = r.Relay()

    def run():
        asyncio.set_event_loop(loop)

        def told(host, port):
            where.append(f"ws://{host}:{port}")
            ready.set()

        loop.run_until_complete(r.serve_relay("127.0.0.1", 0, told, stop, served))

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    assert ready.wait(10)
    yield where[0], served
    loop.call_soon_threadsafe(stop.set)
    thread.join(30)
    loop.close()


@pytest.fixture
def sockets():
    """Opens connections that are closed when the test ends."""
    with contextlib.ExitStack() as stack:
        yield lambda url: stack.enter_context(connect(url, open_timeout=5))


def member(opened, url, kind="open", room=None, again=False, protocol=r.RELAY_PROTOCOL):
    ws = opened(url)
    hello = {"t": kind, "protocol": protocol, "token": secrets.token_hex(16)}
    if room:
        hello.update(room=room, again=again)
    ws.send(json.dumps(hello))
    return ws, json.loads(ws.recv(5))


def test_members_of_a_room_hear_each_other_under_their_ids(relay, sockets):
    url, _ = relay
    a, room = member(sockets, url)
    assert room["t"] == "room" and read_code(room["room"]) == room["room"]
    b, joined = member(sockets, url, "enter", room["room"])
    assert joined["members"] == [room["peer"]]
    assert json.loads(a.recv(5)) == {"t": "came", "peer": joined["peer"]}
    b.send(json.dumps({"t": "all", "body": {"type": "ask", "at": 0}}))
    assert json.loads(a.recv(5)) == {"t": "msg", "peer": joined["peer"],
                                      "body": {"type": "ask", "at": 0}}
    b.close()
    assert json.loads(a.recv(5)) == {"t": "went", "peer": joined["peer"]}
    a.close()


@pytest.mark.parametrize(("kind", "room", "protocol", "why"), [
    ("enter", "ACDEFG", r.RELAY_PROTOCOL, "no_room"),
    ("enter", "nonsense", r.RELAY_PROTOCOL, "code"),
    ("open", None, 99, "protocol"),
    ("hello", None, r.RELAY_PROTOCOL, "first"),
])
def test_a_wrong_first_message_is_refused_in_one_line(relay, sockets, kind, room, protocol, why):
    url, _ = relay
    ws, reply = member(sockets, url, kind, room, protocol=protocol)
    assert reply["t"] == "refused" and reply["why"] == why and len(reply["text"]) < 100
    ws.close()


def test_a_room_holds_at_most_its_members_and_an_empty_one_is_dropped(relay, sockets):
    url, served = relay
    first, room = member(sockets, url)
    others = [member(sockets, url, "enter", room["room"])[0] for _ in range(r.MAX_MEMBERS - 1)]
    extra, reply = member(sockets, url, "enter", room["room"])
    assert reply["why"] == "room_full"
    for ws in [first, *others, extra]:
        ws.close()
    code = room["room"]
    assert code in served.rooms
    served.sweep(float("inf"))
    assert code not in served.rooms


def test_a_member_coming_back_with_its_token_replaces_its_old_connection(relay, sockets):
    url, _ = relay
    token = secrets.token_hex(16)
    a = sockets(url)
    a.send(json.dumps({"t": "open", "protocol": 1, "token": token}))
    room = json.loads(a.recv(5))
    b = sockets(url)
    b.send(json.dumps({"t": "enter", "protocol": 1, "token": token, "room": room["room"]}))
    again = json.loads(b.recv(5))
    assert again["peer"] == room["peer"] and again["members"] == []
    b.close()
    a.close()


def test_room_codes_avoid_look_alikes_and_read_back_however_typed():
    for c in "01OILZ2S5B8UV":
        assert c not in ALPHABET
    code = new_code()
    assert read_code(code.lower()[:3] + "-" + code[3:]) == code
    assert read_code("ABC") is None


def test_a_message_is_read_strictly():
    ok = p.read({"type": "reveal", "draw": 3, "value": "a" * 64, "decision": "b" * 64}, 90)
    assert ok == p.Reveal(3, "a" * 64, "b" * 64)
    for body, said in [({"type": "reveal", "draw": 3, "decision": "b" * 64}, "lacks 'value'"),
                       ({"type": "reveal", "draw": True, "value": "a" * 64,
                         "decision": "b" * 64}, "draw must be"),
                       ({"type": "ask", "at": 0, "more": 1}, "unknown field 'more'"),
                       ({"type": "x" * 5000}, "unknown message type 'xxxx")]:
        with pytest.raises(p.BadMessage, match=said):
            p.read(body, 100)


def test_a_decision_travels_as_its_record_event_and_only_a_legal_one_is_read():
    match = Match.new("ten-thousand", [Seat("A", "human"), Seat("B", "human")], seed=1)
    roll = match.state.legal_actions()[0]
    assert move_form(match, 0, roll) == {"action": "roll", "player": 0, "count": 6}
    assert read_move(match, 0, {"action": "roll", "player": 0, "count": 6}) == roll
    with pytest.raises(p.BadMessage, match="not a legal move"):
        read_move(match, 0, {"action": "roll", "player": 0, "count": 5})
    with pytest.raises(p.BadMessage, match="not to move"):
        read_move(match, 1, {"action": "roll", "player": 1, "count": 6})
    match.decide(roll)
    keep = match.state.legal_actions()[0]
    form = move_form(match, 0, keep)
    match.decide(keep)
    assert match.record.events[-1] == form  # a keep: exactly the event the record holds


def test_a_message_over_the_cap_closes_its_connection_and_the_room_goes_on(relay, sockets):
    url, _ = relay
    a, room = member(sockets, url)
    b, _ = member(sockets, url, "enter", room["room"])
    a.recv(5)  # b came
    b.send("x" * (r.MAX_MESSAGE + 1))
    with pytest.raises(ConnectionClosed) as closed:
        b.recv(5)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009  # too big
    _, joined = member(sockets, url, "enter", room["room"])
    assert joined["t"] == "room"


def test_a_connection_that_keeps_flooding_is_held_back_then_closed(relay, sockets, monkeypatch):
    monkeypatch.setattr(r, "RATE", 20.0)
    monkeypatch.setattr(r, "BURST", 20.0)
    monkeypatch.setattr(r, "FLOOD_SECONDS", 0.5)
    url, _ = relay
    a, room = member(sockets, url)
    b, _ = member(sockets, url, "enter", room["room"])
    a.recv(5)
    body = json.dumps({"t": "all", "body": {"type": "ask", "at": 0}})
    with pytest.raises(ConnectionClosed):
        for _ in range(5000):
            b.send(body)
        b.recv(15)  # closed: after its close times out, the flood before it unread
    got = 0
    with contextlib.suppress(TimeoutError):
        while True:
            message = json.loads(a.recv(0.5))
            got += message["t"] == "msg"
    assert 20 <= got < 200  # what the rate let through, not the flood


def test_a_throw_the_match_would_refuse_is_refused_before_its_draw_is_revealed():
    """A remote aim outside the board's limits (too fast, say) passed the rules' check and was
    refused only by the match, after every computer had sent its reveal for the throw's draw, so
    the thrower learnt that draw. It is refused when read, before anyone reveals."""
    from petanque_game.ai import choose

    match = Match.new("terningepetanque", [Seat("A", "human"), Seat("B", "human")], seed=3)
    while match.state.throw_due is None:  # the rolls for who starts
        match.decide(match.state.legal_actions()[0])
    seat = match.seat_to_move
    decided = choose("terningepetanque", match.state, "easy", random.Random(1), match.level)
    form = move_form(match, seat, decided)
    assert read_move(match, seat, form) == decided  # a throw the match makes: read
    too_fast = dict(form, launch=dict(form["launch"], speed=match.level.throw.max_speed * 1.5))
    with pytest.raises(p.BadMessage, match="cannot be made"):
        read_move(match, seat, too_fast)
