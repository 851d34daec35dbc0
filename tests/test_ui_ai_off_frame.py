"""The AI's move off the frame (ui/session.py, ui/game_scene.py): a frame never waits for the
AI's decision after its pause (a decision still being worked out on the AI's thread is played in
a later frame),
and the autosave's text of an AI's move is made on the AI's thread with the move, the same text
as the window would have made."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import dataclasses
import threading
from concurrent.futures import Future

import pytest
from ui_support import fast_app, start_table

from petanque_game.match import Match
from petanque_game.record import Record, Seat
from petanque_game.ui import ai_thread, session
from petanque_game.ui.session import LiveSession

pytestmark = pytest.mark.usefixtures("home")
SEATS = [Seat("Åse", "ai", "medium"), Seat("Bjørn", "ai", "easy")]


class Later(session.AtOnce):
    """The AI's work held until `release()`: a decision still being worked out."""

    def __init__(self) -> None:
        self.held: list = []

    def submit(self, fn, /, *args, **kwargs) -> Future:
        future: Future = Future()
        self.held.append((future, lambda: fn(*args, **kwargs)))
        return future

    def release(self) -> None:
        for future, work in self.held:
            future.set_running_or_notify_cancel()
            ai_thread._run(future, work)
        self.held.clear()


def test_a_frame_never_waits_for_the_ais_decision(monkeypatch):
    later = Later()
    app = fast_app()
    app.workers.ai = later
    app.settings.ai_delay = 0.1  # (with no pause at all, the move is waited for at once)
    scene = start_table(app, SEATS)
    played = []
    real = scene.session.play_ai
    monkeypatch.setattr(scene.session, "play_ai", lambda: (played.append(1), real()))
    for _ in range(20):  # the AI's pause is over, its decision not done: the frames go on
        app.step(1 / 60)
    assert scene.session.thinking and played == [] and later.held
    later.release()
    assert not scene.session.thinking
    app.step(1 / 60)
    assert played == [1]  # played in the frame after it was done
    app.close()


def test_the_autosave_of_an_ais_move_is_made_with_the_move(tmp_path, monkeypatch):
    match = Match.new("terningepetanque", SEATS, {"rounds": 1}, seed=9, level="classic")
    reference = Match.new("terningepetanque", SEATS, {"rounds": 1}, seed=9, level="classic")
    live = LiveSession(match, tmp_path / "auto.json")
    live.write_behind()
    real = Record.dumps
    calls = []  # for each text made: was it on the window's thread?
    for _ in range(5):
        live.think()
        calls.clear()
        monkeypatch.setattr(Record, "dumps", lambda self: (
            calls.append(threading.current_thread() is threading.main_thread()), real(self))[1])
        live.play_ai()
        monkeypatch.setattr(Record, "dumps", real)
        reference.play_ai_turn()
        live.writer.wait(tmp_path / "auto.json")
        assert True not in calls  # the window's thread made no text: the AI's thread did
        assert (tmp_path / "auto.json").read_text("utf-8") == reference.record.dumps()
    live.close()


def test_the_seat_to_move_is_worked_out_once_per_state(monkeypatch):
    """Who is to move (the rules' throw order) is asked of the match once per state, however
    often a frame asks the session, and follows the state when it changes."""
    match = Match.new("terningepetanque", [Seat("Ana", "human"), SEATS[0]], {"rounds": 1},
                      seed=9, level="classic")
    live = LiveSession(match)
    asked = []
    real = Match.seat_to_move
    monkeypatch.setattr(Match, "seat_to_move", property(lambda m: (asked.append(1),
                                                                   real.fget(m))[1]))
    for _ in range(30):
        assert live.seat_to_move == real.fget(match)
        assert live.human_to_move != live.ai_to_move
    assert len(asked) == 1
    match.state = dataclasses.replace(match.state)  # another state (here the same moment)
    assert live.seat_to_move == real.fget(match) and len(asked) == 2  # asked again, once
