"""The Terningepetanque table's score sheet and its close-up, headless: the sheet holds each round's
points as the record scored them, its marks agree with the round's table, a round's row appears
only when the reckoning has moved its points, replays show the same sheet, the sheet stays in the
table area clear of the board and the seats' names, Tab shows or hides it; and the close-up of the
deciding dice never covers a body on the board or a seat's name, over the tables of whole games."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from ui_support import fast_app, start_table

from petanque_game import paths
from petanque_game.match import Match
from petanque_game.physics import release_zone
from petanque_game.record import Seat
from petanque_game.ui.play import open_game_scene
from petanque_game.ui.session import ReplaySession, new_game
from petanque_game.ui.table import draw as td
from petanque_game.ui.table.scene import AREA, TableScene
from petanque_game.ui.table.sheet import scored_rows, visible_rows

pytestmark = pytest.mark.usefixtures("home")

LEVELS = ("classic", "round-table", "bumper-lane")
NAMES = ("Åse", "Bjørn", "Kari", "Lars")


def ai_seats(n: int) -> list[Seat]:
    return [Seat(NAMES[i], "ai", "easy") for i in range(n)]


def played(level: str, n: int, rounds: int, seed: int = 4):
    """A finished AI game's live session."""
    session = new_game("terningepetanque", ai_seats(n), {"rounds": rounds}, seed, level)
    while not session.over:
        session.play_ai()
    return session


def to_reckoning(app, scene, moved: bool) -> None:
    """Step the table until a reckoning shows (with its points moved into the pad, or not)."""
    for _ in range(20_000):
        r = scene.reckoning
        if r is not None and scene.flight is None and (r.moved >= 1.0) == moved:
            return
        app.step(0.05)
    raise AssertionError("no reckoning came")


def board_box(scene) -> pygame.Rect:
    """The board's felt on screen (area coordinates)."""
    pts = scene.view.poly(scene.level.board.outline)
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def names_drawn(scene) -> list[pygame.Rect]:
    """Where each seat's name is drawn (area coordinates)."""
    frame = pygame.Rect(scene.view.board_rect)
    return [td.release_label(scene.look, frame, scene.view.view,
                             release_zone(scene.level, scene.n, s), s, p.name, False)[1]
            for s, p in enumerate(scene.session.players)]


# --- what it holds --------------------------------------------------------------------------------


@pytest.mark.parametrize("level, n", [("classic", 2), ("round-table", 4), ("bumper-lane", 3)])
def test_the_sheet_holds_each_rounds_points_and_its_marks_agree_with_the_table(level, n):
    session = played(level, n, rounds=4)
    ends = [e for e in session.record.events if e["action"] == "round_end"]
    rows = scored_rows(session)
    assert sorted(rows) == [1, 2, 3, 4]
    for e in ends:
        row = rows[e["round"]]
        assert list(row.points) == e["points"] and list(row.closest) == e["closest"]
    for s in range(n):
        assert sum(r.points[s] for r in rows.values()) == session.state.totals[s]
    # The marks explain the points: what a seat scores is its dice on the board when it is
    # closest or threw doubles, less what it lost (dice and the diamond knocked off).
    replay = ReplaySession(paths.records_dir() / session.saved_record.name)
    events = replay.record.events
    for i, e in enumerate(events):
        if e["action"] != "round_end":
            continue
        ended = replay.states[i - 1]
        row = rows[e["round"]]
        for s in range(n):
            on = [d.face for d in ended.table.dice if d.player == s and d.on_board]
            won = sum(on) if s in row.closest or s in row.doubles else 0
            assert row.points[s] == won + row.lost[s], (e["round"], s)
            assert (s in row.doubles) == (len(on) == 2 and on[0] == on[1])
    assert any(r.lost[s] < 0 for r in rows.values() for s in range(n)) or level != "bumper-lane"


def test_a_replay_and_the_live_game_hold_the_same_sheet():
    session = played("round-table", 3, rounds=3, seed=9)
    live = dict(scored_rows(session))
    replay = ReplaySession(paths.records_dir() / session.saved_record.name)
    replay.seek(len(replay.states))
    assert scored_rows(replay) == live
    replay.seek(0)
    fresh = ReplaySession(paths.records_dir() / session.saved_record.name)
    assert scored_rows(fresh) == {}  # nothing shown yet: nothing scored


def test_a_resumed_game_has_the_rounds_before_from_its_records_transitions():
    played_match = Match.new("terningepetanque", ai_seats(2), {"rounds": 3}, 5, "classic")
    while played_match.state.round_number < 3:
        played_match.play_ai_turn()
    from petanque_game.match import rebuild
    from petanque_game.record import parse_record
    from petanque_game.ui.session import LiveSession

    match = rebuild(parse_record(played_match.record.dumps()), check_physics=False)
    session = LiveSession(match)
    rows = scored_rows(session)
    assert sorted(rows) == [1, 2]
    assert tuple(sum(r.points[s] for r in rows.values()) for s in range(2)) == \
        match.state.totals


def test_a_watched_game_is_filled_by_its_reckonings_without_folding_its_record(monkeypatch):
    from petanque_game import match

    def no_fold(*args, **kwargs):
        raise AssertionError("the record was folded")

    app = fast_app()
    session = new_game("terningepetanque", ai_seats(3), {"rounds": 2}, 7, "bumper-lane")
    open_game_scene(app, session)
    scene = app.top
    with monkeypatch.context() as patched:
        patched.setattr(match, "fold", no_fold)
        for _ in range(20_000):
            if session.over and not scene.busy:
                break
            app.step(0.05)
            app.render_logical()  # the sheet is drawn every frame
        assert session.over
        filled = dict(scored_rows(session))
        assert [r.round for r in visible_rows(scene)] == [1, 2]
    replay = ReplaySession(paths.records_dir() / session.saved_record.name)
    replay.seek(len(replay.states))
    assert scored_rows(replay) == filled  # the reckonings' rows are the record's
    app.close()


def test_a_rounds_row_appears_when_the_reckoning_has_moved_its_points():
    app = fast_app()
    app.settings.ai_delay = 2.0  # an AI-only reckoning stays 7.5 s
    session = new_game("terningepetanque", ai_seats(2), {"rounds": 2}, 6, "round-table")
    open_game_scene(app, session)
    scene = app.top
    assert isinstance(scene, TableScene) and scene.sheet.rect is not None
    assert visible_rows(scene) == []
    to_reckoning(app, scene, moved=False)
    assert [r.round for r in visible_rows(scene)] == []  # the card shows; the sheet waits
    to_reckoning(app, scene, moved=True)
    rows = visible_rows(scene)
    assert [r.round for r in rows] == [1]
    assert rows[0].points == scene.reckoning.points
    app.close()


# --- where it is drawn ----------------------------------------------------------------------------


@pytest.mark.parametrize("level, n", [(lv, n) for lv in LEVELS for n in (2, 4)])
def test_the_sheet_stays_in_the_area_clear_of_the_board_and_the_names(level, n, monkeypatch):
    from petanque_game.ui.table import sheet as table_sheet

    drawn = []
    real = table_sheet.draw_sheet

    def watch(look, surface, place, rows, players, current):
        drawn.append((surface.get_size(), place, len(rows)))
        return real(look, surface, place, rows, players, current)

    monkeypatch.setattr("petanque_game.ui.table.view.draw_sheet", watch)
    app = fast_app()
    session = played(level, n, rounds=3)
    open_game_scene(app, session)
    scene = app.top
    scene.finish_animation()
    if scene.sheet.rect is None:
        scene.toggle_sheet()  # hidden by default: shown, the board shrinks beside it
    scene.settle_view()
    app.render_logical()
    (size, place, rows), = drawn
    assert size == AREA.size and rows == 3
    area = pygame.Rect((0, 0), AREA.size)
    assert area.contains(place.rect)
    assert place.rect.collidelist(names_drawn(scene)) < 0
    assert scene.play_points(), "the last round's table is framed"
    for x, y in scene.play_points():  # the rest view's play is clear of it ...
        assert not place.rect.inflate(24, 24).collidepoint(scene.view.to_screen(x, y))
    scene.toggle_whole()  # ... and so is the whole board's felt (Home)
    scene.view.settle()
    assert not place.rect.colliderect(board_box(scene))
    assert place.rect.collidelist(names_drawn(scene)) < 0
    # what is drawn there is the sheet: its panel, not the felt
    felt = app.logical.get_at((AREA.x + place.rect.x + 3, AREA.y + place.rect.bottom - 3))
    assert felt[:3] != scene.look.colour("felt")
    app.close()


def test_tab_shows_and_hides_the_sheet_and_the_board_takes_the_room():
    app = fast_app()
    session = new_game("terningepetanque", ai_seats(4), {"rounds": 15}, 3, "classic")
    open_game_scene(app, session)
    scene = app.top
    assert scene.sheet.rect is None  # four columns would shrink the classic board too much
    whole = scene.view.fit
    app.key(pygame.K_TAB)
    assert scene.sheet.rect is not None and scene.view.fit < whole
    app.key(pygame.K_TAB)
    assert scene.sheet.rect is None and scene.view.fit == whole
    app.close()


def test_a_click_on_the_sheet_hides_it_and_one_on_its_hint_shows_it_and_neither_throws():
    app = fast_app()
    seats = [Seat("Ann", "human"), Seat("Bjørn", "ai", "easy")]
    scene = start_table(app, seats, rounds=3, level="round-table")
    for _ in range(2000):  # to the person's first throw
        if scene.aiming:
            break
        if scene.human_turn and not scene.busy and scene.state.starter is None:
            scene.roll_for_start()
        app.step(0.05)
    assert scene.aiming and scene.sheet.rect is not None
    events = len(scene.session.record.events)
    app.click(scene.sheet.rect.move(AREA.topleft).center)
    assert scene.sheet.rect is None and scene.sheet_hint_shown
    app.render_logical()
    app.click((AREA.x + 14, AREA.y + 12))  # on "Tab: score sheet"
    assert scene.sheet.rect is not None
    assert len(scene.session.record.events) == events  # nothing was thrown
    app.close()


# --- the close-up never hides a body or a name ---------------------------------------------------


def game_tables(level: str, n: int, rounds: int, seed: int):
    """Every table a throw settled on in an AI game."""
    match = Match.new("terningepetanque", ai_seats(n), {"rounds": rounds}, seed, level)
    tables = []
    while not match.over:
        match.play_ai_turn()
        t = match.state.table
        if t.diamond is not None and t.dice and (not tables or tables[-1] is not t):
            tables.append(t)
    return tables


def drawn_bodies(scene, table) -> list[pygame.Rect]:
    """The rectangles the dice on the board and the diamond cover when drawn (measured by
    drawing them on a scratch surface)."""
    scratch = pygame.Surface(AREA.size, pygame.SRCALPHA)
    view = scene.view.view
    found = [td.draw_table_die(scene.look, scratch, view, scene.level, d.player, d.face, d.x, d.y,
                               d.angle)
             for d in table.dice if d.on_board]
    dm = table.diamond
    scratch.fill((0, 0, 0, 0))
    td.draw_diamond(scratch, view, scene.level, dm.x, dm.y, dm.angle)
    found.append(scratch.get_bounding_rect())
    return found


@pytest.mark.parametrize("level", LEVELS)
def test_the_close_up_never_covers_a_body_or_a_name(level):
    app = fast_app()
    tables = game_tables(level, 4, rounds=3, seed=11) + game_tables(level, 2, rounds=3, seed=12)
    assert len(tables) >= 30
    shown = 0
    for n in (4, 2):
        session = new_game("terningepetanque", ai_seats(n), {"rounds": 1}, 1, level)
        open_game_scene(app, session)
        scene = app.top
        scene.view.settle()
        for table in tables:
            if len({d.player for d in table.dice}) > n:
                continue
            plan = scene.closeup(table, False)
            if plan is None:
                continue
            shown += 1
            rect = plan[0].inflate(6, 6)  # its frame too
            assert pygame.Rect(scene.view.board_rect).contains(plan[0])
            assert rect.collidelist(drawn_bodies(scene, table)) < 0
            assert rect.collidelist(names_drawn(scene)) < 0
    assert shown >= 20  # the close-up was shown for most of them
    app.close()
