"""Local play made honest in the window: a game set up there draws with fresh entropy and starts
with take-backs off; a game that took a throw back says so on its results screen, in Statistics
and for challenges (docs/records.md, "Fairness"; docs/challenges.md)."""

import random

import pytest
from ui_support import fast_app, spoken

from petanque_game import challenge, paths, stats
from petanque_game.ai import choose
from petanque_game.challenge import ChallengeError
from petanque_game.match import Match
from petanque_game.record import Seat
from petanque_game.rules.terningepetanque_events import Accept, Rethrow
from petanque_game.ui.scenes import results_challenge
from petanque_game.ui.scenes.results import ResultsScene
from petanque_game.ui.scenes.setup import SetupScene
from petanque_game.ui.session import LiveSession

pytest.importorskip("petanque_game.physics")
pytestmark = pytest.mark.usefixtures("home")


def start_from_setup(game, *clicks):
    app = fast_app()
    setup = SetupScene(app)
    app.push(setup)
    setup.set_game(game)
    for tag in clicks:
        app.click(next(b for b in setup.buttons if b.tag == tag).rect.center)
    app.click(next(b for b in setup.buttons if b.tag == "start").rect.center)
    return app.top.session.record


def test_a_game_set_up_in_the_window_draws_fresh_and_starts_without_take_backs():
    record = start_from_setup("terningepetanque", "level:classic")
    assert record.options["allow_rethrow"] is False
    assert record.extra["chance"] == {"scheme": "local"}
    assert start_from_setup("ten-thousand").extra["chance"] == {"scheme": "local"}


def test_take_backs_are_there_for_whoever_turns_them_on():
    record = start_from_setup("terningepetanque", "level:classic", "opt:allow_rethrow:True")
    assert record.options["allow_rethrow"] is True


def game_with_a_take_back():
    """A one-round game in which the person takes their first die throw back."""
    match = Match.new("terningepetanque", [Seat("Ana", "human"), Seat("Bo", "ai", "easy")],
                      {"rounds": 1, "allow_rethrow": True}, seed=3, hands=["normal", None])
    match.paths = False
    took_back = False
    while not match.over:
        if match.ai_to_move:
            match.play_ai_turn()
        elif match.state.awaiting_accept:
            undo = not took_back and match.state.table.dice
            match.decide(Rethrow() if undo else Accept())
            took_back = took_back or bool(undo)
        else:
            match.decide(choose("terningepetanque", match.state, "easy", random.Random(1),
                                match.board))
    return match


@pytest.fixture(scope="module")
def taken_back():
    return game_with_a_take_back()


def test_a_take_back_is_marked_in_the_record_and_on_the_results_screen(taken_back):
    assert taken_back.record.take_backs == 1
    app = fast_app()
    scene = ResultsScene(app, LiveSession(taken_back))
    assert app.look.tr_n("results.take_backs", 1) in scene.challenge_line
    app.push(scene)
    app.render()


def test_a_game_without_take_backs_is_not_marked():
    match = Match.new("ten-thousand", [Seat("Ana", "ai", "easy")], {"target": 1000}, seed=2)
    match.play_to_end()
    assert match.record.take_backs == 0
    scene = ResultsScene(fast_app(), LiveSession(match))
    assert "Take-backs" not in scene.challenge_line


def test_statistics_count_the_games_with_take_backs(taken_back):
    records = paths.records_dir()
    records.mkdir(parents=True)
    (records / "a.json").write_text(taken_back.record.dumps(), "utf-8")
    plain = Match.new("ten-thousand", [Seat("Ana", "ai", "easy")], {"target": 1000}, seed=2)
    plain.play_to_end()
    (records / "b.json").write_text(plain.record.dumps(), "utf-8")
    found = stats.read_folder(records)
    assert len(found.games) == 2 and found.take_backs == 1
    assert [g.take_backs for g in found.games if g.kind == "terningepetanque"] == [1]


def test_a_game_with_a_take_back_cannot_be_the_one_to_beat_nor_counts_as_an_attempt(taken_back):
    with pytest.raises(ChallengeError):
        challenge.from_record(taken_back.record, None)
    made = challenge.new("terningepetanque", [Seat("You", "human"), Seat("Bo", "ai", "easy")],
                         {"rounds": 1, "allow_rethrow": True}, seed=3,
                         board=challenge.shipped_board("classic"), hand="normal")
    session = LiveSession(taken_back)
    assert results_challenge.keep_once(session, made) is None
    said = spoken()
    assert said.tr("challenges.take_backs") in results_challenge.line(said, session, made, None)
