"""Issue 19, item 2 in the window: Challenges from the menu (today's challenge of every game, a
code from a friend), a challenge played to its end with its result kept and shown beside the
one to beat, and "Challenge a friend" on the results screen of a game one person played."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from datetime import date

import pygame
import pytest
from ui_support import fast_app, paste_challenge_code, read_lists

from petanque_game import challenge as challenges
from petanque_game import challenge_play, challenge_results
from petanque_game.ai import choose
from petanque_game.record import Seat
from petanque_game.ui.play import open_game_scene
from petanque_game.ui.scenes.results import ResultsScene
from petanque_game.ui.session import new_game

pytestmark = pytest.mark.usefixtures("home")



def play_out(app, session):
    """Step the window until the results show, the person deciding as a medium AI would."""
    for step in range(20000):
        if isinstance(app.top, ResultsScene):
            return app.top
        if not session.human_to_move and step % 30 == 0:
            app.key(pygame.K_RETURN)  # on past a reckoning
        if session.human_to_move and not session.over:
            seat = session.seat_to_move
            rng = session.match.stream("test-person", seat)
            board = session.match.level if session.match.spec.board else None
            session.decide(choose(session.game, session.state, "medium", rng, board))
        app.step(1 / 30)
    raise AssertionError("the game did not end")


def test_todays_challenge_is_played_from_the_menu_and_its_result_kept():
    app = fast_app()
    try:
        app.key(pygame.K_c)
        scene = read_lists(app)
        assert scene.name == "challenges"
        games = [e.challenge.game for e in scene.entries]
        assert "shut-the-box" in games and "terningepetanque" in games
        scene.selected = games.index("shut-the-box")
        app.key(pygame.K_RETURN)
        session = app.top.session
        assert session.challenge.daily == date.today().isoformat()
        assert session.record.extra["challenge"] == session.challenge.ident
        assert app.top.challenge_tag == "DAILY CHALLENGE"  # said in the game's header
        results = play_out(app, session)
        assert results.challenge_line.startswith("Challenge: you scored")
        kept = challenge_results.results()[session.challenge.ident]
        assert kept.attempts == 1 and kept.best == session.state.scores()[0]
        app.key(pygame.K_ESCAPE)
        app.key(pygame.K_c)  # the list shows the result beside today's challenge
        assert read_lists(app).results[session.challenge.ident].attempts == 1
        app.render_logical()
    finally:
        app.close()


def test_a_code_pasted_in_opens_that_challenge():
    made = challenges.new("ten-thousand", [Seat("You", "human")], {"target": 1500}, 31)
    app = fast_app()
    try:
        app.key(pygame.K_c)
        scene = paste_challenge_code(app, made.code())
        assert scene.chosen == made and scene.problem is None
        paste_challenge_code(app, "PG1-broken")
        assert "damaged" in scene.problem
        app.render_logical()
    finally:
        app.close()


def test_challenge_a_friend_writes_a_challenge_with_the_game_to_beat():
    app = fast_app()
    try:
        session = new_game("ten-thousand", [Seat("You", "human"), Seat("Åse", "ai", "easy")],
                           {"target": 1000}, 12)
        open_game_scene(app, session)
        results = play_out(app, session)
        button = next(b for b in results.buttons if b.tag == "challenge")
        app.click(button.rect.center)
        [path] = [p for p in challenge_play.challenges_dir().glob("challenge-*.json")]
        made = challenges.load(str(path))
        assert made.challenger.events == session.record.events
        assert [s.kind for s in made.seats] == ["human", "ai"]
        assert made.code() in app.toast.message
        # the friend plays it: the result screen says what there was to beat
        friend = challenge_play.start(made, "Bjørn")
        assert friend.state.scores() == (0, 0)
    finally:
        app.close()


def test_statistics_has_a_tab_of_the_challenges_taken():
    from petanque_game.ui.scenes.statistics import CHALLENGES

    made = challenges.daily("shut-the-box", date(2026, 12, 1))
    challenge_results.keep_result(made, -12)
    challenge_results.keep_result(made, -9)
    app = fast_app()
    try:
        app.key(pygame.K_s)
        scene = read_lists(app)
        assert CHALLENGES in scene.kinds
        scene.pick(CHALLENGES)
        [row] = scene.rows()
        assert (row.attempts, row.best) == (2, -9)
        app.render_logical()
    finally:
        app.close()


@pytest.mark.parametrize("game, options", [("ten-thousand", {"target": 1000}),
                                           ("terningepetanque", {"rounds": 1})])
def test_a_challenge_ends_with_both_games_side_by_side(game, options):
    from petanque_game.match import Match
    from petanque_game.ui.scenes.side_by_side import LEFT, RIGHT
    from petanque_game.ui.session import LiveSession

    seats = [Seat("Astrid", "human"), Seat("Åse", "ai", "easy")]
    level = "classic" if game == "terningepetanque" else None
    theirs = Match.new(game, seats, options, 21, level)
    while not theirs.over:
        if theirs.ai_to_move:
            theirs.play_ai_turn()
        else:
            theirs.decide(choose(game, theirs.state, "easy", theirs.stream("t", 0),
                                 theirs.level if level else None))
    board = challenges.shipped_board("classic") if level else None
    made = challenges.from_record(theirs.record, board)
    app = fast_app()
    try:
        session = LiveSession(challenge_play.start(made, "Bjørn"))
        session.challenge = made
        open_game_scene(app, session)
        results = play_out(app, session)
        assert session.saved_record is not None
        button = next(b for b in results.buttons if b.tag == "side")
        app.click(button.rect.center)
        side = app.top
        assert side.name == "side_by_side"
        for _ in range(120):
            app.step(1 / 30)
        assert all(p.scene.session.shown > 0 for p in side.panes)
        picture = app.render_logical()
        background = tuple(picture.get_at((5, 5)))
        for rect in (LEFT, RIGHT):
            inside = {tuple(picture.get_at((x, rect.centery)))
                      for x in range(rect.x, rect.right, 7)}
            assert len(inside - {background}) > 5
        app.key(pygame.K_ESCAPE)
        assert isinstance(app.top, ResultsScene)
    finally:
        app.close()
