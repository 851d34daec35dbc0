"""The table's parts kept as pictures (ui/table/kept.py): the board at rest with all on it (the
seats, the dice, the measures, the score sheet, the close-up, the reckoning's card) and the side
panel are the same pixels as drawing them anew every frame, and are drawn again when what they
show changes, not while only the aim moves."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from ui_support import (
    assert_a_jump_shows,
    assert_drawn_as_afresh,
    differing,
    do_what_is_due,
    fast_app,
    press,
    two_ais_at_the_reckoning,
)
from ui_support import start_table as start

from petanque_game.record import Seat
from petanque_game.ui.table import kept
from petanque_game.ui.table.view import AREA

pytestmark = pytest.mark.usefixtures("home")  # (each window's pictures are its own)


def same_as_drawn_anew(app, monkeypatch) -> None:
    for _ in range(kept.LAG + 2):  # (parts left late drawn, then all from the kept pictures)
        app.render()
    assert_drawn_as_afresh(app, monkeypatch)


def test_frames_from_kept_pictures_are_the_frames_drawn_anew(monkeypatch, ai_at_once):
    app = fast_app()
    app.settings.ai_delay = 0.4  # the AI's aim shown before it throws
    scene = start(app, [Seat("Ana", "human"), Seat("Robot", "ai", "easy")])
    seen = set()
    for i in range(6000):
        if scene.session.over and not scene.busy:
            break
        moment = ("aiming" if scene.aiming else "reckoning" if scene.reckoning is not None
                  else "AI's aim" if scene.ai_aim is not None else "flight" if scene.flying
                  else "other")
        if i % 97 == 0 or moment not in seen:
            app.handle_logical(pygame.event.Event(pygame.MOUSEMOTION, pos=(400 + i % 300, 300),
                                                  rel=(0, 0), buttons=(0, 0, 0)))
            same_as_drawn_anew(app, monkeypatch)
            seen.add(moment)
        if scene.human_turn and not scene.busy and i % 7 == 0:
            do_what_is_due(app, scene)
        if scene.reckoning is not None and scene.reckoning.moved >= 1.0:
            scene.continue_reckoning()
        app.step(1 / 30)
    same_as_drawn_anew(app, monkeypatch)  # the game over
    assert {"aiming", "reckoning", "AI's aim", "flight"} <= seen
    app.close()


def two_people_aiming():
    """A new window at a table of two people: who starts rolled for, the camera come to rest on
    the first aim."""
    app = fast_app()
    scene = start(app, [Seat("Ana", "human"), Seat("Bo", "human")])
    while scene.state.starter is None or scene.busy:
        if not scene.busy:
            press(app, "roll")
        app.step(1 / 30)
    for _ in range(200):
        app.step(1 / 30)
    return app, scene


def test_a_kept_part_is_drawn_again_when_what_it_shows_changes_and_only_then(monkeypatch):
    app, scene = two_people_aiming()
    assert scene.aiming and scene.view.still

    def pictures_made() -> int:
        """Pictures made over the frames in which what changed is drawn (parts changing
        together are spread over a few frames: kept.LAG)."""
        before = scene.pictures.kept.drawn
        for _ in range(kept.LAG + 2):
            app.render()
        return scene.pictures.kept.drawn - before

    app.handle_logical(pygame.event.Event(pygame.MOUSEMOTION, pos=(260, 300), rel=(0, 0),
                                          buttons=(0, 0, 0)))  # off the buttons pressed
    pictures_made()
    for x in range(300, 700, 40):  # the aim moves: only the aim is drawn anew
        app.handle_logical(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, 300), rel=(0, 0),
                                              buttons=(0, 0, 0)))
        assert pictures_made() == 0
    app.key(pygame.K_w)  # higher: the side panel's meter
    assert pictures_made() == 1
    app.key(pygame.K_TAB)  # the score sheet shown or hidden: the area, once the camera is still
    while not scene.view.still:
        app.step(1 / 60)
    assert pictures_made() == 1
    assert scene.sheet.rect is None  # (hidden now)
    monkeypatch.setattr(app.look, "language", lambda: "xx")  # all: the header, the area, the side
    assert pictures_made() == 5  # panel's two parts, the status bar
    assert pictures_made() == 0
    area = app.logical.subsurface(AREA).copy()
    scene.view.zoom(1.5)  # the camera moving: drawn anew each frame, not kept
    app.step(1 / 60)
    assert pictures_made() == 0 and differing(area, app.logical.subsurface(AREA)) > 0
    app.close()


def test_an_ai_only_reckonings_countdown_is_drawn_as_it_counts(monkeypatch, ai_at_once):
    app = fast_app()
    _, r = two_ais_at_the_reckoning(app, wait=5.0)
    for t in (2.0, 2.5, 3.2):  # the points landed; "continues in 3 s", 3, 2
        r.t = t
        same_as_drawn_anew(app, monkeypatch)
    app.close()


def test_parts_changing_together_are_drawn_over_a_few_frames_and_none_stays_old(monkeypatch):
    """All parts change at once (the language): the area is drawn in the frame, the others one
    a frame after it, and those still left kept.LAG frames late all in that frame; meanwhile the
    window keeps drawing frames, and then the picture is the one drawn anew."""
    monkeypatch.setattr(kept, "LAG", 3)  # the game's (the tests' default is none late)
    app = fast_app()  # (its own pictures: none of a key below kept by a test before)
    scene = start(app, [Seat("Ana", "human"), Seat("Bo", "human")])
    for _ in range(200):
        app.step(1 / 30)
        if scene.view.still and not scene.busy:
            break
    for _ in range(kept.LAG + 2):
        app.render()
    parts = scene.pictures.kept
    assert not parts.late_parts(scene.session)
    monkeypatch.setattr(app.look, "language", lambda: "xx")
    made = []
    while True:
        before = parts.drawn
        app.render()
        made.append(parts.drawn - before)
        if not parts.late_parts(scene.session):
            break
        assert scene.animating  # an old picture shown: frames go on until it is drawn
    # the area and the score sheet in it first; then the header, the players, the round's box
    # and the status bar, one a frame, the last of them LAG frames late
    assert made == [2, 1, 1, 2] and len(made) <= kept.LAG + 1
    parts.late[("gone", (0, 0), (1, 1))] = (parts.frame, object())  # another game's, gone
    assert not parts.late_parts(scene.session) and not scene.animating
    shown = app.logical.copy()
    with monkeypatch.context() as m:
        m.setattr(kept, "KEEP", False)
        app.render()
    assert differing(shown, app.logical) == 0
    app.close()


def test_the_table_paints_every_pixel_itself(monkeypatch, ai_at_once, tmp_path):
    """The table covers the window (no background filled under it each frame): every pixel of
    each frame is painted by its parts or the gaps between them, the same as on a filled
    background, at rest, while the camera moves, in a flight and in a replay dragged. (Parts
    the window holds from the frame before are copied anyway here: the test paints over it.)"""
    from petanque_game.ui.table import window
    from petanque_game.ui.table.scene import TableScene

    monkeypatch.setattr(window, "holds_frame_before", lambda scene, s: False)

    app = fast_app()
    app.settings.ai_delay = 0.4
    scene = start(app, [Seat("Ana", "human"), Seat("Robot", "ai", "easy")])

    def check() -> None:
        app.render()
        with monkeypatch.context() as m:
            m.setattr(TableScene, "covers", False)  # the app fills the background first
            app.render()
        filled = app.logical.copy()
        app.logical.fill((255, 0, 255))
        app.render()
        assert differing(filled, app.logical) == 0

    seen = set()
    for i in range(4000):
        if scene.session.over and not scene.busy:
            break
        moment = ("flight" if scene.flying else "aiming" if scene.aiming
                  else "moving" if not scene.view.still else "other")
        if moment not in seen:
            check()
            seen.add(moment)
        if scene.human_turn and not scene.busy and i % 7 == 0:
            do_what_is_due(app, scene)
        if scene.reckoning is not None:
            scene.continue_reckoning()
        app.step(1 / 30)
    assert {"flight", "moving", "aiming"} <= seen
    path = tmp_path / "game.json"
    path.write_text(scene.session.record.dumps(), "utf-8")
    app.close()
    app = fast_app()
    app.open_replay(path)
    rect = app.top.replay.timeline_rect()
    app.handle_logical(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                          pos=(rect.centerx, rect.centery)))
    assert app.top.replay.dragging
    check()
    app.close()


def test_parts_the_window_still_holds_are_not_copied_and_the_frames_are_the_same(monkeypatch):
    """The header, the side panel and the status bar are not copied again when the window
    holds them from the frame before; the frames are the same as copying them every frame,
    through a person aiming, a toast shown and gone, the rules opened over the table and
    closed, another window size and a window cleared unbeknown to the table."""
    from petanque_game.ui.game_ui import title
    from petanque_game.ui.table import window

    skipped = []  # blits not needed, in each window

    def frames(hold: bool) -> list[bytes]:
        out = []
        with monkeypatch.context() as m:
            if not hold:
                m.setattr(window, "holds_frame_before", lambda scene, s: False)
            app, _ = two_people_aiming()

            def frame(x: int = 400) -> None:
                app.handle_logical(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, 300),
                                                      rel=(0, 0), buttons=(0, 0, 0)))
                app.step(1 / 60)
                app.render()
                out.append(pygame.image.tobytes(app.logical, "RGB"))
            for x in range(300, 700, 40):
                frame(x)
            app.toast.show("hello", "info", 0.1)
            for _ in range(12):
                frame()
            app.open("rules", "terningepetanque", title(app.look, "terningepetanque"))
            frame()
            app.pop()
            for _ in range(3):
                frame()
            app.handle(pygame.event.Event(pygame.VIDEORESIZE, w=800, h=600, size=(800, 600)))
            for _ in range(3):
                frame()
            app.logical.fill((0, 0, 0))  # a window made anew at the same size, unbeknown
            for _ in range(2):
                frame()
            skipped.append(app.top.pictures.kept.skipped)
            app.close()
        return out

    held = frames(True)
    assert skipped[0] > 30  # the parts held were not copied
    assert held == frames(False)


def watched_record(tmp_path, frames: int):
    """The record of a game of two easy AIs played at the table for at most `frames` frames
    (to its end, when it comes sooner), written to a file to replay."""
    app = fast_app()
    scene = start(app, [Seat("Robot", "ai", "easy"), Seat("Rob", "ai", "easy")])
    for _ in range(frames):
        if scene.session.over and not scene.busy:
            break
        scene.skip_flight()
        if scene.reckoning is not None:
            scene.continue_reckoning()
        app.step(1 / 30)
    path = tmp_path / "game.json"
    path.write_text(scene.session.record.dumps(), "utf-8")
    app.close()
    return path


def test_a_replay_dragged_to_a_point_shows_that_point_once_the_drag_ends(ai_at_once, tmp_path):
    """Dragged to and fro over the timeline (the area kept while the position stays, the board
    from the moving board's pictures), then let go: the frame is the one of the replay jumped
    to that point at once, pixel for pixel (the table's area and the side panel; the status
    bar says whether the replay plays)."""
    path = watched_record(tmp_path, 20000)

    def at_rest(app) -> list[bytes]:
        for _ in range(kept.LAG + 2):
            app.render()
        return [pygame.image.tobytes(app.logical.subsurface(r), "RGB")
                for r in (AREA, pygame.Rect(972, 64, 308, 560))]

    app = fast_app()
    app.open_replay(path)
    rect = app.top.replay.timeline_rect()
    xs = [rect.x + 5, rect.right - 5, rect.x + rect.w // 3, rect.x + rect.w // 3 + 2,
          rect.x + rect.w // 2]
    app.handle_logical(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                          pos=(xs[0], rect.centery)))
    for x in xs:
        app.handle_logical(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, rect.centery),
                                              rel=(0, 0), buttons=(1, 0, 0)))
        app.step(1 / 60)  # (the frame's jump)
        app.render()
        app.render()  # (the same position: from the area kept)
    app.handle_logical(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1,
                                          pos=(xs[-1], rect.centery)))
    shown, where = at_rest(app), app.top.session.shown
    assert 0 < where < app.top.replay.total and not app.top.replay.dragging
    app.close()
    assert_a_jump_shows(path, where, shown, at_rest)


def test_a_replays_status_bar_from_its_kept_backdrop_is_the_one_drawn_anew(ai_at_once, tmp_path,
                                                                            monkeypatch):
    """A replay's status bar: its panel and buttons kept, the timeline and the line saying
    where the replay is drawn over them: the same pixels as game_scene.py drawing it whole,
    playing and dragged, the mouse over a button or not."""
    from petanque_game.ui.game_scene import GameScene
    from petanque_game.ui.table.panel import side_parts
    from petanque_game.ui.table.view import SIDE, STATUS_ROOM, TableDrawing
    from petanque_game.ui.widgets import shade

    path = watched_record(tmp_path, 3000)

    def drawn_whole(self, surface, prompt, buttons, urgent, history_lines=2):
        """The status bar as before it was kept: all of it drawn by game_scene.py."""
        _, box = side_parts(SIDE, len(self.session.players))
        surface.set_clip(STATUS_ROOM)
        surface.fill(self.look.colour("background"))
        shade(self.look, surface, box)
        surface.set_clip(None)
        GameScene.draw_status(self, surface, prompt, buttons, urgent, history_lines)

    app = fast_app()
    app.open_replay(path)
    rect = app.top.replay.timeline_rect()
    button = app.top.replay.buttons()[0].rect.center
    moves = [((rect.x + rect.w // 4, rect.centery), False), (button, False),
             ((rect.x + rect.w // 2, rect.centery), True),
             ((rect.x + rect.w // 3, rect.centery), True)]
    for pos, held in moves:
        if held and not app.top.replay.dragging:
            app.handle_logical(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
        app.handle_logical(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                              buttons=(int(held), 0, 0)))
        app.step(1 / 60)  # (a drag's jump)
        app.render()
        app.render()
        kept_bar = app.logical.subsurface(STATUS_ROOM).copy()
        with monkeypatch.context() as m:
            m.setattr(TableDrawing, "draw_status", drawn_whole)
            app.render()
        assert differing(kept_bar, app.logical.subsurface(STATUS_ROOM)) == 0
    app.close()
