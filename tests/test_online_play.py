"""Online play end to end (issue 29): a relay and headless clients as processes on 127.0.0.1 play
whole games, each side ending with the same record, both records valid; a client killed mid-game
comes back with the same code and the game ends; the relay restarted mid-game is found again; a
version mismatch and a relay gone for good end a client with one line (exit 1)."""

from __future__ import annotations

import os
import signal
import socket
import time

import pytest
from online_support import Processes, events_of, finish, in_game, records, verify, wait_until

import petanque_game

# (game, seats, options): 2 to 4 seats, AI seats among them; the slow set plays all seven
QUICK = [("ten-thousand", "you,remote,ai:easy", ()),
         ("terningepetanque", "remote,you", ("--option", "rounds=1")),
         ("ship-captain-crew", "you,ai:medium,remote,remote", ())]
SLOW = [("shut-the-box", "remote,you", ()), ("lcr", "you,remote,ai:easy", ()),
        ("aces", "you,remote", ()), ("even-odd", "you,remote,ai:easy", ()),
        ("terningepetanque", "you,ai:easy,remote", ("--option", "rounds=2"))]


@pytest.fixture
def procs(tmp_path):
    ps = Processes(tmp_path)
    yield ps
    ps.close()


def play(procs, url, game, seats, options, seed=3):
    host, code = procs.host(game, url, seats, *options, "--seed", str(seed), home=f"h-{game}")
    guests = [procs.join(code, url, home=f"g{i}-{game}") for i in range(seats.count("remote"))]
    code_host, out, err = finish(host, 300)
    assert code_host == 0, err
    assert out.splitlines()[0].startswith("scores:")
    homes = [f"h-{game}"] + [f"g{i}-{game}" for i in range(len(guests))]
    for guest in guests:
        code_guest, _, err = finish(guest, 60)
        assert code_guest == 0, err
    return [records(procs.tmp / f"{home}-records") for home in homes]


def check_same_and_valid(found):
    assert all(len(r) == 1 for r in found)
    first = events_of(found[0][0])
    assert first and all(events_of(r[0]) == first for r in found[1:])
    for r in found:
        checked = verify(r[0])
        assert checked.returncode == 0, checked.stderr
        assert "complete" in checked.stdout


@pytest.mark.parametrize(("game", "seats", "options"), QUICK)
def test_two_computers_play_a_game_to_its_end_with_the_same_record(procs, game, seats, options):
    _, url = procs.relay()
    check_same_and_valid(play(procs, url, game, seats, options))


@pytest.mark.slow
@pytest.mark.parametrize(("game", "seats", "options"), SLOW)
def test_every_game_is_played_online(procs, game, seats, options):
    _, url = procs.relay()
    check_same_and_valid(play(procs, url, game, seats, options))


def test_a_guest_killed_mid_game_joins_again_with_the_code_and_the_game_ends(procs):
    _, url = procs.relay()
    host, code = procs.host("ten-thousand", url, "you,remote", "--option", "target=40000",
                            "--seed", "1")
    guest = procs.join(code, url)
    in_game(procs, code)
    assert host.poll() is None and guest.poll() is None  # mid-game
    guest.send_signal(signal.SIGKILL)
    guest.wait(10)
    again = procs.join(code, url)
    assert finish(host, 180)[0] == 0
    assert finish(again, 60)[0] == 0
    check_same_and_valid([records(procs.tmp / "host-records"),
                          records(procs.tmp / "guest-records")])


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_game_goes_on_after_the_relay_restarts(procs):
    port = free_port()
    relay, url = procs.relay(port)
    host, code = procs.host("ten-thousand", url, "you,remote", "--option", "target=40000",
                            "--seed", "2")
    guest = procs.join(code, url)
    in_game(procs, code)
    assert host.poll() is None
    relay.send_signal(signal.SIGTERM)
    assert relay.wait(10) == 0  # ended cleanly
    time.sleep(0.5)
    procs.relay(port)
    assert finish(host, 180)[0] == 0
    assert finish(guest, 60)[0] == 0
    check_same_and_valid([records(procs.tmp / "host-records"),
                          records(procs.tmp / "guest-records")])


def test_a_relay_restart_as_the_game_starts_does_not_stall_it(procs):
    """The relay stops the moment the guest is in the room: the guest's hello, or the host's
    start, is lost with it. Before, both sides then waited for each other for good; the guest
    now asks again until it has the game."""
    port = free_port()
    relay, url = procs.relay(port)
    host, code = procs.host("ten-thousand", url, "you,remote", "--option", "target=3000",
                            "--seed", "2")
    guest = procs.join(code, url)
    assert wait_until((procs.tmp / "guest" / "online" / f"{code}-1.json").is_file, 60, 0.005)
    relay.send_signal(signal.SIGTERM)
    assert relay.wait(10) == 0
    time.sleep(0.5)
    procs.relay(port)
    assert finish(host, 90)[0] == 0
    assert finish(guest, 60)[0] == 0
    check_same_and_valid([records(procs.tmp / "host-records"),
                          records(procs.tmp / "guest-records")])


def test_a_relay_gone_for_good_ends_the_game_with_one_line(procs):
    relay, url = procs.relay()
    host, _ = procs.host("ten-thousand", url, "you,remote", "--give-up", "1")
    relay.kill()
    status, _, err = finish(host, 60)
    assert status == 1
    assert err.strip().splitlines()[-1].startswith("petanque-game online: ")
    assert "relay" in err and "Traceback" not in err


def test_a_code_no_room_has_is_one_line(procs):
    _, url = procs.relay()
    status, _, err = finish(procs.join("ACDEFG", url), 30)
    assert status == 1
    assert err.strip() == ("petanque-game online: the relay refused: there is no room ACDEFG "
                           "on this relay")


def test_the_relay_prints_its_address_first_and_ends_cleanly_on_sigterm(procs):
    relay, url = procs.relay()
    assert url.rsplit(":", 1)[1].isdigit()
    relay.send_signal(signal.SIGINT)
    assert relay.wait(10) == 0
    _, _, err = finish(relay, 5)
    assert err == ""


def test_a_peer_of_another_version_is_told_so_in_one_line(procs, tmp_path):
    """The guest runs with another version (set through sitecustomize on its path)."""
    fake = tmp_path / "fake"
    fake.mkdir()
    (fake / "sitecustomize.py").write_text(
        "import petanque_game\npetanque_game.__version__ = '9.9.9'\n", encoding="utf-8")
    _, url = procs.relay()
    host, code = procs.host("ten-thousand", url, "you,remote")
    path = os.pathsep.join([str(fake), os.environ.get("PYTHONPATH", "")])
    guest = procs.start("online", "join", code, "--relay", url, "--as", "ai:easy",
                        home="guest", env={"PYTHONPATH": path})
    status, _, err = finish(guest, 60)
    assert status == 1
    last = err.strip().splitlines()[-1]
    assert last.startswith("petanque-game online: ")
    assert "9.9.9" in last and petanque_game.__version__ in last, last
    host.kill()


def test_a_guest_gone_past_the_rejoin_time_has_its_seat_handed_to_an_ai(procs):
    _, url = procs.relay()
    host, code = procs.host("ten-thousand", url, "you,remote", "--option", "target=100000",
                            "--rejoin-time", "1", "--hand-over", "ai:easy", "--seed", "6")
    guest = procs.join(code, url)
    in_game(procs, code)
    assert host.poll() is None
    guest.send_signal(signal.SIGKILL)
    guest.wait(10)
    status, _, err = finish(host, 180)
    assert status == 0, err
    assert "seat is now played by the computer" in err
    [record] = records(procs.tmp / "host-records")
    checked = verify(record)
    assert checked.returncode == 0 and "complete" in checked.stdout


def test_without_a_hand_over_a_guest_gone_past_the_rejoin_time_ends_the_game(procs):
    _, url = procs.relay()
    host, code = procs.host("ten-thousand", url, "you,remote", "--option", "target=100000",
                            "--rejoin-time", "1", "--seed", "6")
    guest = procs.join(code, url, "--name", "Bo")
    in_game(procs, code)
    guest.send_signal(signal.SIGKILL)
    guest.wait(10)
    status, _, err = finish(host, 60)
    assert status == 1
    assert err.strip().splitlines()[-1] == \
        "petanque-game online: Bo has been gone for more than 1 s"
