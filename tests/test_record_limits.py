"""Issue 8, item 2: every game the options allow ends within a bound that keeps its record far
below what a reader accepts (record.MAX_BYTES), and a write over that cap fails clearly."""

import dataclasses
import errno
import subprocess
import sys

import pytest

from petanque_game import files, record
from petanque_game.match import Match, rebuild
from petanque_game.record import MAX_BYTES, Seat, parse_record
from petanque_game.rules import ship_captain_crew as scc
from petanque_game.ui.session import new_game

AIS = [Seat("Astrid", "ai", "easy"), Seat("Bjorn", "ai", "easy")]


def test_an_autosave_over_16_mib_cannot_happen_a_pot_game_of_1000_chips_ends_in_1000_rounds(
        tmp_path):
    """The pot game of the issue (chips 1000) was a random walk of 191,670 events and 17 MB; it
    now ends after MAX_ROUNDS rounds, the most chips winning, its record far below the cap. Played
    by the issue's own command in a process of its own, which ends without a traceback (the game
    read back from its record: the match the command played)."""
    out = subprocess.run([sys.executable, "-m", "petanque_game", "simulate", "ship-captain-crew",
                          "--players", "ai:easy,ai:easy", "--option", "mode=pot", "--option",
                          "chips=1000", "--json", "--record", str(tmp_path)], check=False,
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stderr
    text = (tmp_path / "ship-captain-crew-0.json").read_text("utf-8")
    match = rebuild(parse_record(text))
    assert match.over and match.state.round_number == scc.MAX_ROUNDS
    assert match.record.result["winners"] == list(match.state.winners())
    size = len(text.encode("utf-8"))
    assert size < MAX_BYTES / 20  # 2 players: 0.43 MB; 8 players about 1.5 MB (docs/records.md)


@pytest.mark.parametrize("options", [{"mode": "pot", "chips": 10}, {"mode": "points",
                                                                     "target": 1000}])
def test_no_match_goes_past_the_round_limit(options):
    """The limit for both modes: when round MAX_ROUNDS ends without a tie, the match is over."""
    state = scc.new_game(2, options)
    state = dataclasses.replace(state, round_number=scc.MAX_ROUNDS)
    assert state.round_limit == scc.MAX_ROUNDS
    for values in ((6, 5, 4, 6, 6), (1, 1, 1, 1, 1), (1, 1, 1, 1, 1), (1, 1, 1, 1, 1)):
        if state.finished:
            break
        seat_roll = state.legal_actions()[-1] if not state.qualified else scc.Stop()
        state = state.apply(seat_roll)
        if state.pending:
            state = state.apply(scc.Dice(values[:state.pending]))
    while not state.finished:  # the rest of the round: seat 1 scores 0
        state = state.apply(scc.Roll(5 - state.secured_count))
        state = state.apply(scc.Dice((1,) * state.pending))
    assert state.finished and state.round_number == scc.MAX_ROUNDS and state.winners() == (0,)


def test_the_rounds_option_names_its_bound():
    with pytest.raises(scc.OptionError, match="'rounds' is 1001; expected 0 to 1000"):
        scc.new_game(2, {"mode": "pot", "rounds": 1001})
    assert "1000 at most" in scc.OPTIONS["rounds"].help


def test_a_record_over_the_cap_is_refused_when_written_too(home, monkeypatch):
    monkeypatch.setattr(record, "MAX_BYTES", 600)
    match = Match.new("ten-thousand", AIS, {}, 1)
    path = home / "r.json"
    with pytest.raises(files.TooLarge) as refused:
        for _ in range(50):
            match.play_ai_turn()
            match.record.save(path)
    assert refused.value.errno == errno.EFBIG
    assert "over the 600 bytes a reader accepts" in files.os_reason(refused.value)
    assert record.load_record(path).events  # the last save that fitted is whole


def test_the_window_says_so_when_a_save_is_over_the_cap(home, monkeypatch):
    session = new_game("ten-thousand", AIS, {}, 2)
    monkeypatch.setattr(record, "MAX_BYTES", 100)
    session.play_ai()
    # the move that would not fit is taken back and the game stops there (issue 16, item 7)
    assert "cannot go on" in session.save_problem and "bytes a reader accepts" in \
        session.save_problem
    assert session.record.events == [] and not session.ai_to_move
    session.close()
