"""Issue 30 (items 1, 2, 8) and issue 33 (item 7), in the board editor's window: Save asks before
replacing a board of the player's (by mouse and by keyboard) and proposes free names; a refused
Save's line goes once a Save succeeds; Import never stops the window (a pipe, a folder) and says
why in the game's words; refusals in the editor's own words in each language; a trial game
(Try it) ends back in the editor with the draft as it was."""

import os
import threading
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from test_ui_board_editor import click, move_to, type_into
from ui_support import fast_app, press, speak, spoken

from petanque_game.physics.level import kept_dir, load_named_level, user_levels_dir
from petanque_game.ui.question import RECT
from petanque_game.ui.scenes.results import ResultsScene

pytestmark = pytest.mark.usefixtures("home")


def editor_of(app, start="start-empty"):
    app.key(pygame.K_b)
    click(app, start)
    return app.top


def ctrl(app, key):
    app.handle_logical(pygame.event.Event(pygame.KEYDOWN, key=key, mod=pygame.KMOD_CTRL,
                                          unicode="", scancode=0))


def asked(editor):
    return editor.question is not None


def test_save_asks_before_replacing_a_board_and_proposes_free_names():
    app = fast_app()
    try:
        editor = editor_of(app)
        assert editor.draft.name == "my-board"
        click(app, "save")
        first = (user_levels_dir() / "my-board.yaml").read_text()
        click(app, "start-empty")
        assert editor.draft.name == "my-board-2"  # a new draft: a name no board has
        type_into(app, editor.title_field, "Second")
        type_into(app, editor.file_field, "my-board")
        click(app, "save")
        assert asked(editor)
        assert (user_levels_dir() / "my-board.yaml").read_text() == first
        # the question is drawn over the editor, and takes the clicks
        picture = app.render_logical()
        assert picture.get_at(RECT.center)[:3] != picture.get_at((RECT.x - 20, RECT.y))[:3]
        app.click(next(b for b in editor.buttons if b.tag == "save").rect.center)
        assert asked(editor)  # the button under the question is not pressed
        app.click(next(b for b in editor.question.buttons if b.tag == "cancel").rect.center)
        assert not asked(editor)
        assert (user_levels_dir() / "my-board.yaml").read_text() == first
        click(app, "save")
        app.click(next(b for b in editor.question.buttons if b.tag == "replace").rect.center)
        assert not asked(editor) and load_named_level("my-board").title == "Second"
        assert len(list(kept_dir().glob("*.yaml"))) == 1  # the first board's text, kept
        # its own board saved again: no question
        type_into(app, editor.title_field, "Third")
        click(app, "save")
        assert not asked(editor) and load_named_level("my-board").title == "Third"
    finally:
        app.close()


def test_the_question_by_keyboard():
    app = fast_app()
    try:
        editor = editor_of(app)
        ctrl(app, pygame.K_s)
        click(app, "start-empty")
        type_into(app, editor.file_field, "my-board")
        ctrl(app, pygame.K_s)
        assert asked(editor)
        app.key(pygame.K_ESCAPE)  # nothing done, and the editor stays open
        assert not asked(editor) and app.top is editor
        ctrl(app, pygame.K_s)
        app.key(pygame.K_RETURN)  # saved under a free name instead
        assert not asked(editor) and editor.draft.name == "my-board-2"
        assert editor.file_field.value == "my-board-2"
        assert (user_levels_dir() / "my-board-2.yaml").is_file()
        type_into(app, editor.file_field, "my-board")
        ctrl(app, pygame.K_s)
        app.key(pygame.K_r)  # replaced
        assert not asked(editor) and kept_dir().is_dir()
    finally:
        app.close()


def test_a_refused_saves_line_goes_once_a_save_succeeds():
    app = fast_app()
    try:
        editor = editor_of(app)
        for name, fault in ((".hidden", "dot"), ("..", "dot"), ("con", "system"),
                            ("a?", "system")):
            type_into(app, editor.file_field, name)
            editor.save()
            assert editor.said == app.look.tr(f"editor.why.name_{fault}")
        assert not user_levels_dir().exists() or not list(user_levels_dir().iterdir())
        type_into(app, editor.file_field, "fine")
        editor.save()
        assert editor.said is None and (user_levels_dir() / "fine.yaml").is_file()
    finally:
        app.close()


def import_within(app, editor, given, seconds=8.0, unblock=None):
    """Type `given` into Import and press Enter; the window must answer (the import done, off
    its thread) within `seconds`. `unblock()` is called after that if the window is stuck, so
    that a test of a build that blocks fails rather than hangs."""
    done = threading.Event()
    if unblock is not None:
        threading.Thread(target=lambda: done.wait(seconds) or unblock(), daemon=True).start()
    started = time.monotonic()
    try:
        type_into(app, editor.path, given)
        while editor.importing is not None and time.monotonic() - started < seconds:
            app.step(0.01)
            app.render_logical()
            time.sleep(0.002)
    finally:
        done.set()
    assert editor.importing is None and time.monotonic() - started < seconds
    app.step(0.01)


def test_import_of_a_pipe_or_a_folder_never_stops_the_window(tmp_path):
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)

    def unblock():  # a writer that opens and closes: a reader stuck on the pipe gets its end
        os.close(os.open(fifo, os.O_RDWR))

    app = fast_app()
    try:
        editor = editor_of(app)
        before = editor.draft
        import_within(app, editor, str(fifo), unblock=unblock)
        tr = app.look.tr
        assert editor.said == tr("editor.not_imported", why=tr("editor.why.not_file"))
        import_within(app, editor, str(tmp_path))
        assert editor.said == tr("editor.not_imported", why=tr("files.is_folder"))
        assert editor.draft is before
    finally:
        app.close()


@pytest.mark.parametrize("code", ["en", "da", "nb"])
def test_refusals_are_in_the_editors_own_words(code):
    speak(code)
    app = fast_app()
    try:
        editor = editor_of(app, "start-classic")
        move_to(app, editor.to_screen(0, 0))
        app.key(pygame.K_n)  # a block on the middle, where the diamond is laid
        editor.draft.problem()
        editor.save()
        said = editor.said
        assert "obstacles[" not in said and ".points" not in said
        assert said.startswith(app.look.tr("editor.part.obstacle", n=1))
        assert said.split(": ", 1)[1].startswith(app.look.tr("editor.why.centre", room="X")[:12])
        assert said.split(": ", 1)[0] == app.look.tr("editor.part.obstacle", n=1) + " (block 1)"
        app.render_logical()
        app.key(pygame.K_DELETE)
        click(app, "advanced")
        for _ in range(40):
            click(app, "felt:friction:+")
        editor.save()
        tr = app.look.tr
        assert editor.said.startswith(tr("editor.part.of", part=tr("editor.part.felt"),
                                         what=tr("editor.felt.friction")))
        assert "felt.friction" not in editor.said
    finally:
        app.close()


def play_to_results(app, scene):
    """The trial game (you against the AI, one round) played to its results, the person aiming
    at the middle each time."""
    from test_ui_table import settle, throw_by_mouse

    for _ in range(3000):
        s = scene.session
        if isinstance(app.top, ResultsScene):
            return app.top
        if scene.reckoning is not None and not scene.flying:
            press(app, "continue")
        elif scene.human_turn and not scene.busy and not s.over:
            if s.state.starter is None:
                press(app, "roll")
            elif s.state.awaiting_accept:
                press(app, "accept")
            else:
                throw_by_mouse(app, scene)
                settle(app, scene)
        app.step(1 / 30)
    raise AssertionError("the trial game did not end")


def test_a_trial_game_ends_back_in_the_editor():
    app = fast_app()
    try:
        editor = editor_of(app, "start-classic")
        editor.draft.add_obstacle(200, 100)
        draft, data = editor.draft, repr(editor.draft.data)
        click(app, "try")
        results = play_to_results(app, app.top)
        assert next(b for b in results.buttons if b.tag == "menu").label == \
            app.look.tr("editor.back_to_editor")
        assert {b.tag for b in results.buttons} == {"again", "menu"}  # kept nowhere: no more
        app.key(pygame.K_ESCAPE)
        assert app.top is editor and editor.draft is draft and repr(draft.data) == data
        click(app, "try")
        results = play_to_results(app, app.top)
        press(app, "again")  # another trial of the same draft
        assert app.top.name == "table" and app.top.session.practice
        app.top.leave()
        assert app.top is editor
    finally:
        app.close()


def _edits():
    """Drafts of the classic board with one edit the game refuses, as the editor's buttons and
    keys make them."""
    from petanque_game.board_edit import Draft
    from petanque_game.physics.level import board_text

    def draft():
        return Draft.from_text(board_text("classic"), "t")

    def wide(d):
        i = d.add_obstacle(200, 100)
        for _ in range(6):
            d.scale_obstacle(i, 1.2)

    def small(d):
        for _ in range(40):
            d.resize_felt(0.9)

    def polygon(d):
        d.set_shape("polygon")
        d.data["board"]["points"][0] = [0, 0]

    edits = {"wide block": wide,
             "block off the felt": lambda d: d.move_obstacle(d.add_obstacle(200, 100), 500, 0),
             "block on the middle": lambda d: d.add_obstacle(0, 0),
             "small felt": small, "turned wall": lambda d: d.turn_wall(0, 45),
             "rolling": lambda d: d.set_number("felt", "roll_friction", 0.5),
             "friction": lambda d: d.set_number("felt", "friction", 0.01),
             "no title": lambda d: d.set_words("", "x"), "dented felt": polygon}
    out = {}
    for name, edit in edits.items():
        d = draft()
        edit(d)
        out[name] = d
    return out


@pytest.mark.parametrize("code", ["en", "da", "nb"])
def test_every_refusal_an_edit_makes_is_in_the_editors_words(code):
    from petanque_game.ui import board_words

    speak(code)
    look = spoken()
    for name, draft in _edits().items():
        problem = draft.problem()
        assert problem is not None, name
        said = board_words.said(look, problem, draft.data)
        for file_word in ("obstacles", "walls.", "sides[", "felt.", "board.", "out of range",
                          "seats.", "t.yaml", "must be a"):
            assert file_word not in said, (name, said)
        assert board_words.reason(look, problem.reason) != problem.reason, (name, problem.reason)
