"""Screens kept as one picture (issue 18, item 2): settings, setup, the board editor, the
challenges and the tray keep what they show with no button lit, and draw only the button under
the mouse (and what moves) over it. A kept picture is never stale: after each change (language,
hover, a choice, typing, a die picked) the frame is the one drawn afresh with nothing kept."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from ui_support import fast_app, pixels, read_lists, speak

from petanque_game.record import Seat
from petanque_game.ui import dice, kept_pictures, widgets
from petanque_game.ui.look import Look
from petanque_game.ui.play import open_game_scene
from petanque_game.ui.session import new_game
from petanque_game.ui.widgets import SETTLED, Button, draw_lit, panel

LOOK = Look()  # what these tests draw with (a window's look, as a new window has)

pytestmark = pytest.mark.usefixtures("home")



def kept_is_fresh(app, monkeypatch) -> bool:
    """Is the frame drawn from kept pictures the frame drawn with nothing kept? A check still
    running off the window's thread (the board editor's) is let finish first: the frame it ends
    is a new frame, not a stale one, and it must not end between the two pictures compared."""
    for scene in app.scenes:
        running = getattr(scene, "checking", None)
        if running is not None:
            running.result(timeout=60)
    app.step(0.0)
    for _ in range(SETTLED + 1):
        app.render_logical()
    kept = pixels(app.render_logical())
    with monkeypatch.context() as m:
        m.setattr(kept_pictures, "KEEP", False)  # nothing kept, and nothing kept used:
        for scene in app.scenes:
            for name, value in vars(scene).items():
                if isinstance(value, widgets.Backdrop):
                    m.setattr(scene, name, widgets.Backdrop())
                elif name in ("_buttons", "_placed"):  # the buttons made for the last state
                    m.setattr(scene, name, None)
        fresh = pixels(app.render_logical())
    return kept == fresh


def test_a_lit_button_covers_the_unlit_one_exactly():
    look = fast_app().look
    for button in (Button(pygame.Rect(20, 20, 220, 58), "Roll", hint="R"),
                   Button(pygame.Rect(20, 20, 120, 40), "Bank", style="primary"),
                   Button(pygame.Rect(20, 20, 146, 44), "Dansk", selected=True, size=22),
                   Button(pygame.Rect(20, 20, 130, 42), "Menu", style="ghost", size=24)):
        over = pygame.Surface((300, 120))
        over.fill((22, 27, 36))
        button.draw(look, over, None)
        draw_lit(look, over, [button], button.rect.center)
        straight = pygame.Surface((300, 120))
        straight.fill((22, 27, 36))
        button.paint(look, straight, button.rect, True)
        assert pixels(over) == pixels(straight), button.label


def test_a_panel_on_a_known_ground_is_the_panel_drawn_on_it():
    look = fast_app().look
    for rect, edge in ((pygame.Rect(30, 20, 300, 150), "edge"),
                       (pygame.Rect(10, 40, 500, 88), "accent")):
        blended, grounded = pygame.Surface((600, 240)), pygame.Surface((600, 240))
        for surface in (blended, grounded):
            surface.fill((22, 27, 36))
        panel(look, blended, rect, "panel", edge)
        panel(look, grounded, rect, "panel", edge, ground=(22, 27, 36))
        panel(look, grounded, rect, "panel", edge, ground=(22, 27, 36))  # the kept picture
        assert pixels(grounded) == pixels(blended)


def test_a_die_is_drawn_the_same_whatever_was_drawn_before():
    fast_app()

    def drawn(lift, pictures):
        out = pygame.Surface((200, 200))
        out.fill((24, 104, 66))
        pictures.draw_die(LOOK, out, 5, (100, 100), 86, 12.5, lift=lift)
        return pixels(out)

    alone = drawn(9.0, dice.DicePictures())
    after = dice.DicePictures()
    drawn(11.5, after)  # a shadow of another height and darkness made first
    assert drawn(9.0, after) == alone


def test_the_settings_screen_is_never_shown_stale(monkeypatch):
    app = fast_app()
    scene = app.open("settings")
    assert kept_is_fresh(app, monkeypatch)
    danish = next(b for b in scene.buttons() if b.tag == "language:da")
    app.mouse = danish.rect.center  # a button lit
    assert kept_is_fresh(app, monkeypatch)
    app.click(danish.rect.center)
    assert app.look.language() == "da" and kept_is_fresh(app, monkeypatch)
    action, row = scene.key_rows()[2]
    app.mouse = row.center  # a key row lit
    assert kept_is_fresh(app, monkeypatch)
    app.click(row.center)  # its new key awaited
    assert scene.waiting == action and kept_is_fresh(app, monkeypatch)
    app.key(pygame.K_F8)
    assert kept_is_fresh(app, monkeypatch)
    scene.set_volume(scene.slider_rect().x + 10)
    assert kept_is_fresh(app, monkeypatch)


def test_the_setup_screen_is_never_shown_stale(monkeypatch):
    app = fast_app()
    scene = app.open("setup")
    assert kept_is_fresh(app, monkeypatch)
    for game in ("shut-the-box", "terningepetanque"):
        scene.set_game(game)
        assert kept_is_fresh(app, monkeypatch)
        app.mouse = scene.buttons[-1].rect.center
        assert kept_is_fresh(app, monkeypatch)
    name = scene.fields[0]
    app.click(name.rect.center)  # typing: the field and its blinking cursor
    app.handle_logical(pygame.event.Event(pygame.TEXTINPUT, text="x"))
    assert name.active and kept_is_fresh(app, monkeypatch)
    for _ in range(3):
        app.step(0.3)
        assert kept_is_fresh(app, monkeypatch)


def test_the_board_editor_is_never_shown_stale(monkeypatch):
    app = fast_app()
    scene = app.open("board_editor")
    assert kept_is_fresh(app, monkeypatch)
    snap = next(b for b in scene.buttons if b.tag == "snap")
    app.mouse = snap.rect.center
    assert kept_is_fresh(app, monkeypatch)
    app.click(snap.rect.center)  # the grid, and the button's label
    assert kept_is_fresh(app, monkeypatch)
    app.mouse = (600, 300)
    app.key(pygame.K_n)  # a block laid and chosen
    assert scene.selected is not None and kept_is_fresh(app, monkeypatch)
    app.key(pygame.K_RIGHT)  # moved: the draft and its check changed
    assert kept_is_fresh(app, monkeypatch)
    app.click(scene.file_field.rect.center)
    app.handle_logical(pygame.event.Event(pygame.TEXTINPUT, text="?"))  # a name it refuses
    assert kept_is_fresh(app, monkeypatch)
    larger = next(b for b in scene.buttons if b.tag == "larger")
    app.click(larger.rect.center)
    assert kept_is_fresh(app, monkeypatch)


def test_the_challenges_screen_is_never_shown_stale(monkeypatch):
    app = fast_app()
    scene = app.open("challenges")
    assert kept_is_fresh(app, monkeypatch)  # while the list is read off the window's thread
    read_lists(app)
    assert kept_is_fresh(app, monkeypatch)  # the list taken in
    app.key(pygame.K_DOWN)  # another challenge chosen: its details
    assert scene.selected == 1 and kept_is_fresh(app, monkeypatch)
    app.mouse = scene.buttons[1].rect.center
    assert kept_is_fresh(app, monkeypatch)
    app.key(pygame.K_c)
    app.handle_logical(pygame.event.Event(pygame.TEXTINPUT, text="not a code"))
    app.key(pygame.K_RETURN)  # refused: the reason shown
    assert scene.problem and kept_is_fresh(app, monkeypatch)


def test_the_tray_is_never_shown_stale(monkeypatch):
    app = fast_app()
    open_game_scene(app, new_game("ten-thousand", [Seat("Ana", "human"),
                                                   Seat("Bo", "ai", "easy")], {}, 7))
    scene = app.top
    assert kept_is_fresh(app, monkeypatch)
    app.key(pygame.K_r)  # rolled (at once: no tumble in these settings)
    assert scene.roll is not None and kept_is_fresh(app, monkeypatch)
    for i, spot in enumerate(scene.die_spots()[:2]):
        app.click((scene_x(spot), scene_y(spot)))  # a die set aside: lifted and outlined
        assert kept_is_fresh(app, monkeypatch), f"die {i}"
    app.mouse = scene.menu_button.rect.center  # the header's Menu lit
    assert kept_is_fresh(app, monkeypatch)
    app.mouse = scene.settings_button.rect.center  # the gear redrawn over the lit button
    assert kept_is_fresh(app, monkeypatch)
    speak("nb")
    app.settings.language = "nb"
    assert kept_is_fresh(app, monkeypatch)


def scene_x(spot) -> int:
    from petanque_game.ui.tray.layout import FELT_RECT

    return int(FELT_RECT.x + spot.x)


def scene_y(spot) -> int:
    from petanque_game.ui.tray.layout import FELT_RECT

    return int(FELT_RECT.y + spot.y)


def test_the_rules_page_is_never_shown_stale(monkeypatch):
    app = fast_app()
    scene = app.open("rules", "terningepetanque", "Terningepetanque")
    assert kept_is_fresh(app, monkeypatch)
    app.key(pygame.K_DOWN)  # scrolled a row
    assert scene.top == 1 and kept_is_fresh(app, monkeypatch)
    tab = next(b for b in scene.buttons if b.tag == "tab:howto")
    app.mouse = tab.rect.center
    assert kept_is_fresh(app, monkeypatch)
    app.click(tab.rect.center)
    assert scene.page == "howto" and kept_is_fresh(app, monkeypatch)


def some_records() -> None:
    from petanque_game.match import Match
    from petanque_game.paths import records_dir

    folder = records_dir()
    folder.mkdir(parents=True, exist_ok=True)
    for game, seed in (("shut-the-box", 1), ("shut-the-box", 2), ("ten-thousand", 3)):
        match = Match.new(game, [Seat("Åse", "ai", "easy"), Seat("Bo", "ai", "easy")],
                          {"target": 1000} if game == "ten-thousand" else {}, seed)
        match.play_to_end()
        (folder / f"{game}-{seed}.json").write_text(match.record.dumps(), "utf-8")


def test_the_statistics_are_never_shown_stale(monkeypatch):
    from ui_support import read_lists

    some_records()
    app = fast_app()
    app.open("statistics")
    scene = read_lists(app)
    assert len(scene.kinds) >= 2 and kept_is_fresh(app, monkeypatch)
    tab = scene.tabs()[1]
    app.mouse = tab.rect.center  # a tab lit
    assert kept_is_fresh(app, monkeypatch)
    app.click(tab.rect.center)  # another game's table
    assert scene.kind == scene.kinds[1] and kept_is_fresh(app, monkeypatch)


def test_the_replay_list_is_never_shown_stale(monkeypatch):
    from ui_support import read_lists

    some_records()
    app = fast_app()
    app.open("replays")
    scene = read_lists(app)
    assert len(scene.entries) == 3 and kept_is_fresh(app, monkeypatch)
    app.mouse = scene.row_rect(1).center  # a row lit
    assert kept_is_fresh(app, monkeypatch)
    app.key(pygame.K_DOWN)  # the focus moved
    assert scene.focus == 1 and kept_is_fresh(app, monkeypatch)
    app.mouse = scene.back.rect.center
    assert kept_is_fresh(app, monkeypatch)


def test_the_board_editor_checks_a_changed_draft_off_the_frame(monkeypatch):
    import threading

    from petanque_game.board_edit import Draft
    from petanque_game.ui import session

    app = fast_app()
    scene = app.open("board_editor", "classic")
    assert scene.problem() is None and not scene.animating
    where = []
    real = Draft._check
    release = threading.Event()

    def check(draft):
        where.append(threading.current_thread() is threading.main_thread())
        release.wait(10)
        return real(draft)

    monkeypatch.setattr(Draft, "_check", check)
    app.workers.ai = session.AIThread()  # a thread of the test's own
    app.mouse = scene.to_screen(0, 0)
    app.key(pygame.K_n)  # a block on the centre, where the diamond is laid: refused
    app.step(1 / 60)
    app.render()  # the frame shows the last check finished, and does not wait for this one
    assert scene.problem() is None and scene.animating and where == [False]
    release.set()
    scene.checking.result(10)
    app.step(1 / 60)
    picture = app.render()
    assert scene.problem() is not None and scene.problem().part == ("obstacle", 0)
    assert not scene.animating and where == [False]
    x, y = scene.to_screen(0, 0)
    assert picture.get_at((x + 3, y + 3))[:3] == (200, 70, 60)  # the block in red
    assert not next(b for b in scene.buttons if b.tag == "save").enabled
    assert scene.save() is None  # Save checks the draft as it is, at once
