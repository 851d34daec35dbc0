"""The Terningepetanque board while the camera moves (ui/table/board_pictures.py): drawn from kept
pictures, the same board as painting it anew (pixel for pixel at a rung's scale, and at 16 px
blocks in between), no painting while the camera moves once the pictures are made, and no stale
picture after the board, the seats, the felt's colour, the board's room or the window change."""

import dataclasses
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from ui_support import differing as all_differing
from ui_support import fast_app

from petanque_game.physics import load_named_level, release_zone
from petanque_game.record import Seat
from petanque_game.ui.look import Look
from petanque_game.ui.play import open_game_scene
from petanque_game.ui.session import new_game
from petanque_game.ui.table import board as tb
from petanque_game.ui.table import board_pictures as bp
from petanque_game.ui.table.draw import View
from petanque_game.ui.table.foresee import Foresight
from petanque_game.ui.table.scene import AREA, TableScene

LOOK = Look()  # what these tests draw with (a window's look, as a new window has)

pytestmark = pytest.mark.usefixtures("home")


@pytest.fixture(autouse=True)
def window():
    pygame.display.init()
    pygame.display.set_mode((1280, 720))


def seats(level, n: int):
    zones = tuple(release_zone(level, n, s) for s in range(n))
    return {level.seats[n][s]: s for s in range(n)}, zones


def painted(level, view: View, n: int = 2, active: int | None = 1) -> pygame.Surface:
    """The board painted anew for `view` (what the window drew at every frame before)."""
    walls, zones = seats(level, n)
    surf = tb.new_surface(AREA.size)
    tb.paint_board(LOOK, surf, level, view, walls, zones, active)
    return surf


def moving(level, view: View, n: int = 2, active: int | None = 1,
           kept: bp.MovingBoards | None = None) -> pygame.Surface:
    """The moving board for `view`, from the pictures `kept` (none: from nothing kept)."""
    walls, zones = seats(level, n)
    surf = tb.new_surface(AREA.size)
    bp.draw_moving(LOOK, surf, level, view, walls, zones, active, kept)
    return surf


def differing(a: pygame.Surface, b: pygame.Surface) -> int:
    """Pixels that differ, of every other column and row (as this file has always compared)."""
    return all_differing(a, b, step=2)


def block_diff(a: pygame.Surface, b: pygame.Surface) -> tuple[int, float]:
    """The largest and the mean colour difference of the two pictures' 16 px blocks."""
    size = (a.get_width() // 16, a.get_height() // 16)
    sa, sb = pygame.transform.smoothscale(a, size), pygame.transform.smoothscale(b, size)
    d = [max(abs(p - q) for p, q in zip(sa.get_at((x, y))[:3], sb.get_at((x, y))[:3]))
         for x in range(size[0]) for y in range(size[1])]
    return max(d), sum(d) / len(d)


@pytest.mark.parametrize("name", ["classic", "bumper-lane"])
@pytest.mark.parametrize("rung", [0, 2])
def test_at_a_rungs_scale_the_moving_board_is_the_painted_one_pixel_for_pixel(name, rung):
    level = load_named_level(name)
    view = View(bp.RUNG ** rung, (463 + 9 * rung, 281 - 7 * rung))
    assert differing(moving(level, view), painted(level, view)) == 0  # the active band too


def test_the_round_felts_edge_is_the_only_difference_at_a_rungs_scale():
    """The round felt is keyed out round its cloth, cut where the picture ends: its edge may
    fall a pixel otherwise, nothing else."""
    level = load_named_level("round-table")
    view = View(1.0, (470, 270))
    assert differing(moving(level, view), painted(level, view)) < 0.01 * 480 * 276


@pytest.mark.parametrize("name", ["classic", "round-table", "bumper-lane"])
@pytest.mark.parametrize("over", [1.03, 1.1, 1.6])
def test_between_rungs_and_beyond_them_the_moving_board_matches_at_16_px(name, over):
    """Scaled up from the rung below (smoothly beyond the largest picture kept): the walls, the
    felt's edge, the rings and the bands where they belong, to the 16 px block."""
    level = load_named_level(name)
    view = View(over, (470, 280))
    most, mean = block_diff(moving(level, view), painted(level, view))
    assert most <= 16 and mean <= 3.0, (most, mean)


def test_a_new_board_new_seats_or_another_felt_make_a_new_picture(monkeypatch):
    view = View(1.0, (480, 276))
    classic, lane = load_named_level("classic"), load_named_level("bumper-lane")
    kept = bp.MovingBoards()
    assert differing(moving(classic, view, kept=kept), painted(classic, view)) == 0
    assert differing(moving(lane, view, kept=kept), painted(lane, view)) == 0  # not classic's
    assert differing(moving(classic, view, 4, 3, kept), painted(classic, view, 4, 3)) == 0
    made = kept.painted
    moving(classic, view, 4, 0, kept)  # another seat to throw: the same picture, its band over
    assert kept.painted == made
    real = LOOK.colour
    monkeypatch.setattr(LOOK, "colour", lambda name: (120, 30, 30) if name == "felt"
                        else real(name))
    assert differing(moving(classic, view, kept=kept), painted(classic, view)) == 0
    assert kept.painted == made + 1


def test_a_board_edited_under_the_same_name_is_another_board():
    import dataclasses

    level = load_named_level("classic")
    wider = dataclasses.replace(level, board=dataclasses.replace(
        level.board, outline=tuple((x * 1.2, y) for x, y in level.board.outline)))
    view = View(1.0, (480, 276))
    kept = bp.MovingBoards()
    moving(level, view, kept=kept)
    assert differing(moving(wider, view, kept=kept), painted(wider, view)) == 0


def start(app, players: int = 2) -> TableScene:
    seats_ = [Seat("Ann", "human")] + [Seat(f"AI {i}", "ai", "medium") for i in range(1, players)]
    open_game_scene(app, new_game("terningepetanque", seats_, {"rounds": 1}, 3, "classic"))
    assert isinstance(app.top, TableScene)
    return app.top


def only_the_board(monkeypatch, scene: TableScene) -> None:
    """Nothing drawn over the board in its area (names, bodies, labels, the score sheet)."""
    for name in ("_draw_seats", "_draw_table", "_draw_flight", "_draw_zoom", "_draw_sheet"):
        monkeypatch.setattr(scene, name, lambda *a, **k: None)
    monkeypatch.setattr(scene, "_draw_closeup", lambda *a, **k: None)


def zoom_and_back(app, scene, calls: list) -> int:
    """The player zooms in (towards a corner) and back (Home), each eased to rest frame by frame;
    the frames drawn while the camera moved. The frame the camera stops in paints no board: its
    picture was prepared on the way."""
    moved = 0
    for zoom in (lambda: scene.view.zoom(1.8, (-250.0, 150.0)), scene.view.reset_zoom):
        zoom()
        for _ in range(240):
            app.step(1 / 60)
            if scene.view.still:
                break
            app.render()
            moved += 1
        before = len(calls)
        app.render()
        assert len(calls) == before
    return moved


def test_the_camera_moving_paints_no_board_once_its_pictures_are_made(monkeypatch):
    app = fast_app()
    scene = start(app)
    app.render()
    calls = []
    real = tb.paint_board
    monkeypatch.setattr(tb, "paint_board", lambda *a, **k: (calls.append(a[3]), real(*a, **k)))
    assert zoom_and_back(app, scene, calls) > 40
    first = len(calls)
    assert first <= 16  # a picture per rung passed, and the two views at rest in strips
    calls.clear()
    moved = zoom_and_back(app, scene, calls)
    assert moved > 40 and calls == []  # the rest views are cached too: nothing painted at all
    app.close()


def test_the_board_drawn_in_the_window_is_the_pictures_own_after_a_resize_and_the_sheet(
        monkeypatch):
    """What the scene shows of a moving board, after the window was resized and after the
    score sheet took its room beside the board, is the picture made anew for that view."""
    app = fast_app()
    scene = start(app, players=3)
    only_the_board(monkeypatch, scene)

    def check() -> None:
        scene.view.zoom(1.5 if scene.view.user_zoom == 1.0 else 1 / scene.view.user_zoom)
        for _ in range(5):
            app.step(1 / 60)
        assert not scene.view.still
        app.render()
        room = pygame.Rect(scene.view.board_rect)
        shown = app.logical.subsurface(room.move(AREA.topleft)).copy()
        walls = {scene.level.seats[scene.n][s]: s for s in range(scene.n)}
        fresh = tb.new_surface(room.size)  # (from no picture kept)
        view = scene.view.view
        bp.draw_moving(app.look, fresh, scene.level, View(view.scale, (view.centre[0] - room.x,
                                                             view.centre[1] - room.y)),
                       walls, tuple(scene.zones), scene.due[0] if scene.due else None)
        inner = shown.get_rect().inflate(-8, -8)  # the area's edge is drawn over the board
        assert differing(shown.subsurface(inner), fresh.subsurface(inner)) == 0

    check()
    app.handle(pygame.event.Event(pygame.VIDEORESIZE, w=800, h=600, size=(800, 600)))
    app.render()
    check()
    before = scene.view.board_rect
    scene.toggle_sheet()
    assert scene.view.board_rect != before  # the sheet shown or hidden: another room
    check()
    app.close()


def test_the_players_rows_kept_as_a_picture_are_the_rows_drawn_anew(monkeypatch):
    """The side panel's players (ui/table/panel.py `kept_panel`): the same pixels as drawing
    them each frame, and drawn again when a score, the player to move or the language change."""
    from petanque_game.ui.table import kept as kept_parts

    app = fast_app()
    scene = start(app, players=3)
    for _ in range(400):  # on to a round with points
        app.step(1 / 30)
        if scene.state.starter is not None and not scene.busy and scene.due is not None \
                and scene.due[1] == "die":
            break
    assert scene.state.to_move >= 0  # the arrow at the row of the player to move is drawn
    app.render()  # (a part seen the first time is drawn straight; kept from its second frame)
    app.render()
    kept = app.logical.copy()
    with monkeypatch.context() as m:  # drawn straight onto the window's picture, as before
        m.setattr(kept_parts, "KEEP", False)
        app.render()
    assert differing(app.logical, kept) == 0
    assert differing(app.logical.subsurface((970, 60, 310, 660)),
                     kept.subsurface((970, 60, 310, 660))) == 0
    drawn = []
    real = scene.draw_players
    monkeypatch.setattr(scene, "draw_players", lambda *a: (drawn.append(a[2](0)), real(*a)))
    app.render()
    assert drawn == []  # nothing changed: blitted
    scene.session.state = dataclasses.replace(scene.session.state, totals=(7, 0, 0))
    app.render()
    assert drawn == ["7"]
    monkeypatch.setattr(app.look, "language", lambda: "xx")
    app.render()
    assert len(drawn) == 2
    app.close()


@pytest.mark.parametrize("name", ["classic", "round-table"])
def test_a_still_picture_prepared_in_strips_is_the_one_painted_at_once(name):
    level = load_named_level(name)
    walls, zones = seats(level, 3)
    view = View(1.37, (431, 262))
    kept = tb.Boards()
    for _ in range(tb.STRIPS - 1):
        tb.prepare_board(LOOK, level, view, AREA.size, walls, zones, 2, kept)
        assert not tb.board_kept(LOOK, level, view, AREA.size, walls, zones, 2, kept)  # not yet all
    tb.prepare_board(LOOK, level, view, AREA.size, walls, zones, 2, kept)
    assert tb.board_kept(LOOK, level, view, AREA.size, walls, zones, 2, kept)
    prepared = tb.board_surface(LOOK, level, view, AREA.size, walls, zones, 2, kept)
    assert differing(prepared, painted(level, view, 3, 2)) == 0


def test_a_moving_frames_die_face_is_scaled_from_a_near_size_and_the_exact_one_when_made():
    from petanque_game.ui.recent import Recent
    from petanque_game.ui.table import draw as td

    faces: td.Faces = Recent(td.FACES_KEPT)  # the faces made (a table's own)
    colours = ((200, 40, 40), (250, 250, 250))
    near = td.near_face_sprite(5, 23, *colours, 0, faces)
    assert near.get_size() == (23, 23)  # from the 24 px sprite, scaled down
    assert (5, 24, *colours, 0) in faces and (5, 23, *colours, 0) not in faces
    turned = td.near_face_sprite(5, 23, *colours, 30, faces)
    exact = td.face_sprite(5, 23, *colours, 30, faces)
    assert abs(turned.get_width() - exact.get_width()) <= 1  # turned: about its own size
    assert td.near_face_sprite(5, 23, *colours, 30, faces) is exact  # made: the exact one since
    mid = td.face_sprite(5, 23, *colours, 0, faces)
    d = [max(abs(p - q) for p, q in zip(near.get_at((x, y)), mid.get_at((x, y))))
         for x in range(23) for y in range(23)]
    assert sum(d) / len(d) < 40  # the same face, a pixel's shift at most here and there


@pytest.mark.parametrize("name", ["classic", "round-table"])
def test_pictures_painted_ahead_in_strips_are_the_ones_painted_at_once(name):
    level = load_named_level(name)
    walls, zones = seats(level, 3)
    scales = (bp.RUNG ** -1, bp.RUNG ** 1)
    asks, kept = 0, bp.MovingBoards()
    while bp.paint_ahead(LOOK, level, walls, zones, scales, 1.0, kept=kept,
                         previews=Foresight(at_once=True)):
        asks += 1
    board = tb.board_key(LOOK, level, walls, 3)
    rungs = sorted(r for b, r in kept.pictures if b == board)
    assert rungs == [-1, 0, 1] and asks == 3 * bp.STRIPS
    bounds, _ = bp._bounds(level)
    for r in rungs:
        world = bp._world(bounds, bp.RUNG ** r)
        whole = tb.new_surface(world.size)
        tb.paint_board(LOOK, whole, level, View(bp.RUNG ** r, (-world.x, -world.y)), walls, zones,
                       None)
        assert differing(kept.pictures[(board, r)], whole) == 0


def test_pictures_are_painted_ahead_on_the_previews_thread(monkeypatch):
    import threading

    worker = Foresight()  # the game's: a thread, in the window's quiet time
    threads = []
    real = tb.paint_board
    monkeypatch.setattr(tb, "paint_board", lambda *a, **k: (
        threads.append(threading.current_thread() is threading.main_thread()), real(*a, **k)))
    made = []  # the picture's surface too (megabytes: milliseconds to make)
    new = tb.new_surface
    monkeypatch.setattr(tb, "new_surface", lambda size: (
        made.append(threading.current_thread() is threading.main_thread()), new(size))[1])
    level = load_named_level("classic")
    walls, zones = seats(level, 2)
    kept = bp.MovingBoards()
    for _ in range(200):
        if not bp.paint_ahead(LOOK, level, walls, zones, (1.0, 1.0), 1.0, kept=kept,
                              previews=worker):
            break
        worker.drawn()  # a frame drawn: its quiet time follows
        assert worker.wait()
    assert (tb.board_key(LOOK, level, walls, 2), 0) in kept.pictures
    assert len(threads) == bp.STRIPS and not any(threads)  # none on the window's thread
    assert made and not any(made)  # (and the painting's own work surfaces, the first time)


def test_a_moving_frame_scales_a_near_rungs_picture_and_paints_none():
    level = load_named_level("classic")
    view = View(bp.RUNG ** 2 * 1.05, (470, 280))
    kept = bp.MovingBoards()
    moving(level, View(bp.RUNG, (470, 280)), kept=kept)  # rung 1 painted
    made = kept.painted
    stand_in = moving(level, view, kept=kept)  # rung 2 not painted: rung 1's picture scaled up
    assert kept.painted == made
    most, mean = block_diff(stand_in, painted(level, view))
    assert most <= 24 and mean <= 4.0, (most, mean)
    moving(level, View(bp.RUNG ** -2, (470, 280)), kept=kept)  # none within NEAR rungs: painted
    assert kept.painted == made + 1
