"""Issue 19, item 1: the board editor. A board built by simulated input (start, shape, feel,
blocks placed, dragged and turned, a name typed) is checked live, saved to the user's levels
folder, and a game played on it verifies; a board the game would refuse is marked and not
saved; undo and redo; Try it throws on the draft; import and export."""

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from ui_support import fast_app, speak

from petanque_game import paths
from petanque_game.board_edit import Draft, centre, empty_text
from petanque_game.match import Match, rebuild
from petanque_game.physics.level import load_named_level, user_levels_dir
from petanque_game.record import Seat, parse_record
from petanque_game.ui.scenes.board_editor import VIEW

pytestmark = pytest.mark.usefixtures("home")



def click(app, tag):
    button = next(b for b in app.top.buttons if b.tag == tag)
    assert button.enabled, tag
    app.click(button.rect.center)


def move_to(app, pos):
    app.handle_logical(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0,)))


def drag(app, start, end):
    app.handle_logical(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    move_to(app, end)
    app.handle_logical(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))


def type_into(app, field, text):
    app.click(field.rect.center)
    assert field.active
    for _ in range(len(field.value)):
        app.key(pygame.K_BACKSPACE)
    app.handle_logical(pygame.event.Event(pygame.TEXTINPUT, text=text))
    app.key(pygame.K_RETURN)


def test_a_board_built_by_hand_is_saved_and_a_game_on_it_verifies():
    app = fast_app()
    try:
        app.key(pygame.K_b)
        editor = app.top
        assert editor.name == "board_editor"
        click(app, "start-empty")
        click(app, "shape-circle")
        click(app, "feel-bumpy")
        assert editor.draft.feel() == "bumpy"
        spot = editor.to_screen(120, 60)
        move_to(app, spot)
        app.key(pygame.K_n)  # a block where the mouse is
        assert editor.selected == ("obstacle", 0)
        drag(app, spot, editor.to_screen(-100, -80))
        # moved, its centre on the grid
        assert centre(editor.draft.obstacles()[0]["points"]) == (-100.0, -80.0)
        app.key(pygame.K_q)  # turned
        type_into(app, editor.file_field, "garden")
        type_into(app, editor.title_field, "Garden table")
        assert editor.draft.problem() is None
        click(app, "save")
        saved = user_levels_dir() / "garden.yaml"
        assert saved.is_file()
        level = load_named_level("garden")
        assert level.title == "Garden table" and len(level.obstacles) == 1
        match = Match.new("terningepetanque", [Seat("A", "ai", "easy"), Seat("B", "ai", "easy")],
                          {"rounds": 1}, 8, "garden")
        match.play_to_end()
        assert rebuild(parse_record(match.record.dumps())).over  # verifies on the saved board
    finally:
        app.close()


def test_a_board_the_game_refuses_is_marked_and_not_saved():
    app = fast_app()
    try:
        app.key(pygame.K_b)
        editor = app.top
        click(app, "start-classic")
        move_to(app, editor.to_screen(0, 0))
        app.key(pygame.K_n)  # on the centre, where the diamond is laid
        problem = editor.draft.problem()
        assert problem is not None and problem.part == ("obstacle", 0)
        save = next(b for b in editor.buttons if b.tag == "save")
        assert not save.enabled
        assert editor.save() is None and not user_levels_dir().exists()
        picture = app.render_logical()
        x, y = editor.to_screen(0, 0)
        assert picture.get_at((x + 3, y + 3))[:3] == (200, 70, 60)  # the block in red
        app.key(pygame.K_DELETE)
        assert editor.draft.problem() is None
    finally:
        app.close()


def test_undo_and_redo():
    draft = Draft.from_text(empty_text(), "x")
    before = draft.text()
    draft.add_obstacle(100, 100)
    draft.set_feel("slow")
    after = draft.text()
    assert draft.undo() and draft.undo()
    assert draft.text() == before and not draft.undo()
    assert draft.redo() and draft.redo()
    assert draft.text() == after and not draft.redo()
    app = fast_app()
    try:
        app.key(pygame.K_b)
        editor = app.top
        click(app, "start-empty")
        click(app, "feel-fast")
        app.handle_logical(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z,
                                              mod=pygame.KMOD_CTRL, unicode="z", scancode=0))
        assert editor.draft.feel() == "normal"
        app.handle_logical(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_y,
                                              mod=pygame.KMOD_CTRL, unicode="y", scancode=0))
        assert editor.draft.feel() == "fast"
    finally:
        app.close()


def test_try_it_throws_on_the_draft_and_the_draft_waits():
    app = fast_app()
    try:
        app.key(pygame.K_b)
        editor = app.top
        click(app, "start-round-table")
        click(app, "try")
        table = app.top
        assert table.name == "table" and table.session.practice
        assert table.session.match.level.title == editor.draft.data["title"]
        app.key(pygame.K_ESCAPE)  # leaving the try: back to the draft, not to the menu
        assert app.top is editor
        click(app, "try")
        app.back_to_menu()
        app.key(pygame.K_b)
        assert app.top.draft is editor.draft  # the draft waited in the app's memory
    finally:
        app.close()


def imported(app, editor, seconds=10.0):
    """Steps the window until the import typed is done (it is read off the window's thread);
    the window must answer within `seconds`."""
    deadline = time.monotonic() + seconds
    while editor.importing is not None:
        assert time.monotonic() < deadline, "the import did not finish"
        app.step(0.01)
        time.sleep(0.002)
    app.step(0.01)


def test_export_and_import(tmp_path):
    app = fast_app()
    try:
        app.key(pygame.K_b)
        editor = app.top
        click(app, "start-bumper-lane")
        click(app, "export")
        [exported] = list((paths.user_dir() / "exports").glob("*.yaml"))
        click(app, "start-empty")
        type_into(app, editor.path, str(exported))
        imported(app, editor)
        assert editor.draft.data["title"] == "Bumper Lane" and editor.said is None
        type_into(app, editor.path, str(tmp_path / "nothing.yaml"))
        imported(app, editor)
        assert editor.said.startswith("Not imported")
    finally:
        app.close()


@pytest.mark.parametrize("language", ["en", "da", "nb"])
def test_the_editor_draws_in_every_language(language):
    speak(language)
    app = fast_app()
    try:
        app.key(pygame.K_b)
        picture = app.render_logical()
        assert picture.get_at(VIEW.center)[:3] != (0, 0, 0)
    finally:
        app.close()


def test_the_setup_screen_opens_the_editor_and_lists_the_board_saved_there():
    app = fast_app()
    try:
        app.key(pygame.K_n)
        setup = app.top
        click(app, "game:terningepetanque")
        click(app, "boards:edit")
        editor = app.top
        assert editor.name == "board_editor" and editor.draft.name == "my-classic"
        click(app, "save")
        app.key(pygame.K_ESCAPE)
        assert app.top is setup
        app.step(1 / 30)
        assert any(b.tag == "level:my-classic" for b in setup.buttons)
    finally:
        app.close()


def test_seats_start_at_a_chosen_wall_and_the_description_is_kept():
    app = fast_app()
    try:
        app.key(pygame.K_b)
        editor = app.top
        click(app, "start-classic")
        north = next(i for i, w in enumerate(editor.draft.walls()) if w["name"] == "north")
        outline = editor.wall_outline(editor.draft.walls()[north])
        x = sum(p[0] for p in outline) / 4
        y = sum(p[1] for p in outline) / 4
        app.click(editor.to_screen(x, y))
        assert editor.selected == ("wall", north)
        app.key(pygame.K_s)
        seats = editor.draft.data["seats"]
        assert seats[2] == ["north", "south"] and seats[4][0] == "north"
        assert editor.draft.problem() is None
        type_into(app, editor.description, "Kaffebordet i haven.")
        type_into(app, editor.file_field, "kaffe")
        click(app, "save")
        assert load_named_level("kaffe").description == "Kaffebordet i haven."
    finally:
        app.close()


def test_the_felts_numbers_under_the_fold():
    app = fast_app()
    try:
        app.key(pygame.K_b)
        editor = app.top
        click(app, "start-classic")
        assert not any(b.tag.startswith("felt:") for b in editor.buttons)
        click(app, "advanced")
        click(app, "felt:friction:+")
        assert editor.draft.data["felt"]["friction"] == 0.385
        assert editor.draft.feel() is None  # numbers of its own now
        for _ in range(40):
            click(app, "felt:friction:+")
        assert editor.draft.problem().part == "felt"  # past what the checker allows
        app.render_logical()
    finally:
        app.close()


@pytest.mark.parametrize("code", ["en", "da", "nb"])
def test_the_boards_to_start_from_are_named_by_their_titles(code):
    speak(code)
    app = fast_app()
    try:
        app.key(pygame.K_b)
        labels = {b.tag: b.label for b in app.top.buttons if b.tag.startswith("start-")}
        assert labels["start-classic"] == app.look.tr("boards.classic.title")
        assert labels["start-empty"] == app.look.tr("editor.empty")
    finally:
        app.close()
