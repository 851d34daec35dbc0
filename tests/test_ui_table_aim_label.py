"""The aim's warning ("It pushes the diamond") is said beside the ring where it covers no piece
lying on the board: above the ring first, else below, else to a side (at 800x600 it hid the very
diamond it warned of)."""

import pygame
import pytest
from ui_support import fast_app

from petanque_game.ui.table.overlay import _label

AT, RING = (400, 150), 10


@pytest.fixture(autouse=True)
def window(home):
    """A window, as the table draws in one (its fonts made anew after another test's quit)."""
    return fast_app()


def place(look, pieces):
    area = pygame.Surface((800, 300))
    return _label(look, area, "It pushes the diamond", AT, RING, (220, 60, 60), pieces)


def piece(x, y):
    rect = pygame.Rect(0, 0, 24, 24)
    rect.center = (x, y)
    return rect


def test_above_the_ring_when_nothing_lies_there(window):
    rect = place(window.look, [])
    assert rect.bottom <= AT[1] - RING


def test_below_when_the_diamond_lies_just_above(window):
    diamond = piece(AT[0], AT[1] - RING - 14)
    rect = place(window.look, [diamond])
    assert rect.top >= AT[1] + RING and not rect.colliderect(diamond)


def test_beside_when_pieces_lie_above_and_below(window):
    pieces = [piece(AT[0], AT[1] - RING - 14), piece(AT[0], AT[1] + RING + 14)]
    rect = place(window.look, pieces)
    assert rect.collidelist(pieces) < 0
    assert rect.left >= AT[0] + RING or rect.right <= AT[0] - RING


def test_above_after_all_when_every_place_is_covered(window):
    pieces = [piece(AT[0] + dx, AT[1] + dy) for dx in range(-400, 401, 20)
              for dy in range(-150, 151, 20)]
    rect = place(window.look, pieces)
    assert rect.bottom <= AT[1] - RING


def test_the_hints_words_and_the_aims_words_never_cover_each_other(monkeypatch):
    """The hint shown and the person's own aim both warn at about the same place (found under
    Xvfb: "Hint - It pushes the diamond" was hidden under the aim's "It pushes the diamond")."""
    from petanque_game.record import Seat
    from petanque_game.rules.petanque_table import Aim
    from petanque_game.ui.play import open_game_scene
    from petanque_game.ui.session import new_game
    from petanque_game.ui.table import overlay
    from petanque_game.ui.table.aim import Preview

    app = fast_app()
    open_game_scene(app, new_game("terningepetanque", [Seat("A", "human"), Seat("B", "human")],
                                  {"rounds": 15}, 1, "classic"))
    scene = app.top
    warned = Preview([(0.0, -300.0, 0.0), (0.0, -40.0, 0.0)], (0.0, -40.0), (0.0, 10.0),
                     [("table.aim.into_diamond", (0.0, -5.0))])
    monkeypatch.setattr(scene, "preview_of", lambda *a: warned)
    placed = []
    real = overlay._label

    def label(*args):
        placed.append(real(*args))
        return placed[-1]
    monkeypatch.setattr(overlay, "_label", label)
    area = pygame.Surface((960, 552))
    labels = []
    for colour, said in ((overlay.HINT_COLOUR, "Hint"), (None, None)):
        overlay.draw_flight(scene, area, Aim(0.0, -300.0, 1.5708, 900.0, 0.6, 0.0), (0, "die"),
                            colour, said, p=warned, labels=labels)
    assert len(placed) == 2 and not placed[0].colliderect(placed[1])
    assert labels == [r.inflate(10, 4) for r in placed]
    app.close()
