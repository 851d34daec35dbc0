"""What a window keeps of its texts and dice pictures forgets the one used longest ago when full
(ui/recent.py), never all at once: a text or a turned die still on the screen stays kept while
a long replay scrubbed makes hundreds of new ones (each forgotten one is made again in the next
frame that shows it)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from petanque_game.ui import dice, theme
from petanque_game.ui.look import Look
from petanque_game.ui.recent import Recent
from petanque_game.ui.table import draw
from petanque_game.ui.table.pictures import TablePictures

LOOK = Look()  # what these tests draw with (a window's look, as a new window has)


@pytest.fixture
def pens():
    """Pens of their own (the window's are its look's, an App's)."""
    pygame.font.init()  # (left running: the pens keep their fonts until pygame is quit)
    return theme.Pens()


def test_the_entry_used_longest_ago_goes_first():
    kept: Recent[str, int] = Recent(3)
    for i, key in enumerate("abc"):
        kept.keep(key, i)
    assert kept.find("a") == 0  # a use: "b" is now the oldest
    kept.keep("d", 3)
    assert list(kept) == ["c", "a", "d"]
    assert kept.find("b") is None
    kept.keep("c", 9)  # kept again: a use, and the new value
    kept.keep("e", 4)
    assert dict(kept) == {"d": 3, "c": 9, "e": 4}
    assert len(kept) == kept.limit


def test_a_text_shown_every_frame_is_kept_while_many_new_ones_come(pens):
    shown = pens.text("What happened", 21, "muted", True)
    for i in range(3 * theme.TEXT_KEPT):
        pens.text(f"Ana rolled {i}", 19)
        if i % 50 == 0:  # drawn again now and then, as a log's heading every frame
            assert pens.text("What happened", 21, "muted", True) is shown, i
    assert len(pens.texts) == theme.TEXT_KEPT


def test_a_wrapped_line_shown_every_frame_is_not_wrapped_again(pens, monkeypatch):
    wrapped: list[str] = []
    real = theme._wrap

    def counted(s: str, f: pygame.font.Font, width: int) -> list[str]:
        wrapped.append(s)
        return real(s, f, width)

    monkeypatch.setattr(theme, "_wrap", counted)
    entry = "Bjørn rolled 6-5-4-2-1: secured ship, captain and crew; cargo 2 + 1 = 3."
    first = pens.wrap(entry, 19, 250)
    for i in range(3 * theme.TEXT_KEPT):
        pens.wrap(f"Ana rolled {i} and kept it", 19, 250)
        if i % 50 == 0:
            assert pens.wrap(entry, 19, 250) == first
    assert wrapped.count(entry) == 1
    assert len(pens.wrapped) == theme.TEXT_KEPT


def test_a_die_at_rest_keeps_its_turned_face_while_tumbling_dice_make_new_ones():
    pictures = dice.DicePictures()
    surface = pygame.Surface((200, 200))
    colours = dict(body=(240, 240, 240), pip=(20, 20, 20))
    pictures.draw_die(LOOK, surface, 4, (100, 100), 48, 17.25, **colours)
    kept = pictures._turned(LOOK, 4, 48, colours["body"], colours["pip"], 17.25, 255)
    shadow = pictures._shadow(48, 17.25, 0.0)
    for i in range(2 * dice.SHADOWS):
        # a tumble: new angles and heights every frame
        pictures.draw_die(LOOK, surface, 1 + i % 6, (100, 100), 48, i * 0.37, lift=i % 40,
                          **colours)
        if i % 50 == 0:
            again = pictures._turned(LOOK, 4, 48, colours["body"], colours["pip"], 17.25, 255)
            assert again is kept
            assert pictures._shadow(48, 17.25, 0.0) is shadow
    assert len(pictures.turned) == dice.TURNED and len(pictures.shadows) <= dice.SHADOWS


def test_a_table_die_at_rest_keeps_its_face_while_a_scrubbed_replay_makes_new_ones():
    """The table's dice faces (ui/table/draw.py `face_sprite`, kept in the table's pictures) are
    made at the die's size and angle: a replay scrubbed makes new ones every frame."""
    faces = TablePictures().faces
    body, pip = (240, 240, 240), (20, 20, 20)
    still = draw.face_sprite(4, 30, body, pip, 17, faces)
    near = draw.near_face_sprite(2, 26, body, pip, 41, faces)
    for i in range(2 * draw.FACES_KEPT):
        draw.face_sprite(1 + i % 6, 20 + i // 90 % 50, body, pip, i % 90, faces)  # all new
        if i % 50 == 0:
            assert draw.face_sprite(4, 30, body, pip, 17, faces) is still, i
            assert draw.near_face_sprite(2, 26, body, pip, 41, faces) is near, i
    assert len(faces) == draw.FACES_KEPT


def test_the_tray_laid_on_the_ground_in_use_stays_while_other_grounds_come():
    pictures = dice.DicePictures()
    pygame.font.init()
    laid = pictures.tray_on(LOOK, (300, 200), 12, (10, 20, 30))
    for i in range(3 * dice.LAID):
        pictures.tray_on(LOOK, (300, 200), 12, (i, i, i))
        assert pictures.tray_on(LOOK, (300, 200), 12, (10, 20, 30)) is laid, i
    assert len(pictures.laid) == dice.LAID
