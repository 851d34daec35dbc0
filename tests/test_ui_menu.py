"""The menu's Resume says what it resumes; the replay list shows per game its title, date,
players, winner and scores, newest first, with the unfinished games among them, which can be
resumed from the list; the statistics scene is reached from the menu and says when there is
nothing to count."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from ui_support import fast_app, read_lists, speak, spoken

from petanque_game import paths
from petanque_game.match import Match
from petanque_game.record import Seat
from petanque_game.ui.scenes.game_lists import ReplayListScene
from petanque_game.ui.scenes.menu import MenuScene
from petanque_game.ui.scenes.statistics import StatisticsScene, decimal
from petanque_game.ui.session import LiveSession, new_game

pytestmark = pytest.mark.usefixtures("home")

AIS = [Seat("Åse", "ai", "easy"), Seat("Bjørn", "ai", "expert")]



def unfinished_game(decisions=12):
    """A Ten Thousand game left half-way: its autosave in the user folder, no window on it."""
    session = new_game("ten-thousand", AIS, {}, 5)
    for _ in range(decisions):
        session.play_ai()
    session.close()
    return session


def finished_record(game, seed, created, options=None):
    match = Match.new(game, AIS, options or {}, seed, created=created)
    match.play_to_end()
    folder = paths.records_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{game}-{seed}.json"
    path.write_text(match.record.dumps(), "utf-8")
    return match, path


def button(scene, tag):
    return next(b for b in scene.buttons if b.tag == tag)


def test_resume_says_what_it_resumes():
    session = unfinished_game()
    a, b = session.state.scores()
    assert a or b, "the game has scores to show"
    app = fast_app()
    assert button(app.top, "resume").hint == ""  # the first frame does not wait for it
    app.step(0.01)
    read_lists(app)  # read off the window's thread
    resume = button(app.top, "resume")
    assert resume.enabled
    assert resume.hint == f"Ten Thousand, Åse vs Bjørn, {a:,} - {b:,}"
    speak("da")
    app.top.enter()
    app.step(0.01)
    read_lists(app)
    dot = lambda n: f"{n:,}".replace(",", ".")  # noqa: E731
    assert button(app.top, "resume").hint == f"Titusind, Åse mod Bjørn, {dot(a)} - {dot(b)}" \
        if app.look.has("games.ten-thousand.title") else \
        f"Ten Thousand, Åse mod Bjørn, {dot(a)} - {dot(b)}"


def test_resume_with_two_games_says_how_many():
    unfinished_game()
    unfinished_game(4)
    app = fast_app()
    app.step(0.01)
    read_lists(app)
    assert button(app.top, "resume").hint == "2 unfinished games"


def test_the_replay_list_describes_each_game_newest_first():
    older, _ = finished_record("ten-thousand", 2, "2026-01-01T10:00:00+00:00", {"target": 5000})
    newer, _ = finished_record("shut-the-box", 1, "2026-01-02T10:00:00+00:00")
    (paths.records_dir() / "broken.json").write_text("{", "utf-8")
    unfinished_game()  # started now: the newest
    app = fast_app()
    app.click(button(app.top, "replays").rect.center)
    scene = read_lists(app)
    assert isinstance(scene, ReplayListScene)
    good = [e for e in scene.entries if not e.broken]
    assert [e.title(app.look).split("  -  ")[0] for e in good] == ["Ten Thousand", "Shut the Box",
                                                         "Ten Thousand"]
    assert good[0].unfinished and good[0].resumable
    assert not good[1].unfinished and not good[2].unfinished
    title = good[2].title(app.look)
    assert title.endswith("2026-01-01 " + title[-5:])  # the date it was played
    # winner and final scores (Shut the Box: the penalties)
    won = AIS[newer.state.winners()[0]].name
    pens = " - ".join(str(-s) for s in newer.state.scores())
    assert good[1].detail(app.look) == f"Åse (easy) vs Bjørn (expert)  -  {won} won  -  {pens}"
    a, b = older.record.result["scores"]
    assert good[2].detail(app.look).endswith(f"won  -  {a:,} - {b:,}")
    broken = [e for e in scene.entries if e.broken]
    assert len(broken) == 1 and broken[0].path.name == "broken.json"
    app.render_logical()


def test_an_unfinished_game_in_the_replay_list_can_be_resumed_or_watched():
    unfinished_game()
    app = fast_app()
    app.open("replays")
    scene = read_lists(app)
    assert scene.entries[0].resumable
    app.click(scene.resume_rect(0).center)
    assert isinstance(app.top.session, LiveSession) and app.top.session.interactive
    app.back_to_menu()
    app.open("replays")
    read_lists(app)
    app.click(app.top.row_rect(0).midleft)  # the row itself: watch it
    assert not app.top.session.interactive
    assert app.top.replay is not None


def test_statistics_from_the_menu_empty_and_full():
    app = fast_app()
    app.click(button(app.top, "statistics").rect.center)
    scene = read_lists(app)
    assert isinstance(scene, StatisticsScene)
    assert scene.kind is None and scene.rows() == []
    app.render_logical()
    app.key(pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)
    for seed in (1, 2, 3):
        finished_record("ten-thousand", seed, f"2026-01-0{seed}T10:00:00", {"target": 3000})
    finished_record("shut-the-box", 1, "2026-01-05T10:00:00")
    app.key(pygame.K_s)
    scene = read_lists(app)
    assert scene.kinds == ["ten-thousand", "shut-the-box"] and scene.kind == "ten-thousand"
    assert sum(p.games for p in scene.rows()) == 6  # three games, two seats each
    app.click(next(b for b in scene.tabs() if b.tag == "shut-the-box").rect.center)
    assert scene.kind == "shut-the-box"
    app.render_logical()


def test_averages_are_written_as_the_language_writes_them():
    said = spoken()
    assert decimal(said, 4512.5) == "4,512.5" and decimal(said, 20.0) == "20"
    assert decimal(said, -3.25) == "-3.2"
    speak("da")
    assert decimal(spoken(), 4512.5) == "4.512,5"
    speak("nb")
    assert decimal(spoken(), 4512.5) == "4 512,5"


def test_one_wheel_notch_scrolls_the_replay_list_one_row():
    """SDL sends a notch twice, as MOUSEWHEEL and as buttons 4/5: only one of them scrolls."""
    for seed in range(ReplayListScene.ROWS + 3):
        finished_record("shut-the-box", seed, f"2026-01-01T10:{seed:02d}:00+00:00")
    app = fast_app()
    scene = app.open("replays")
    read_lists(app)
    assert len(scene.entries) > scene.ROWS and scene.scroll == 0
    at = scene.row_rect(1).center
    app.handle_logical(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    app.handle_logical(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=5))
    app.handle_logical(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=5))
    assert scene.scroll == 1
    assert app.top is scene  # the button half of the notch opened no replay
