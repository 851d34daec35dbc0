"""The reckoning's card is placed once per table and view: the table's area is drawn whole again
while the same card shows (its countdown, a hover), and the search for a clear place on the board
is not made again each time; a moved camera places it anew, where the search puts it."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest
from ui_support import fast_app, two_ais_at_the_reckoning

from petanque_game.ui.table import reckoning
from petanque_game.ui.table.view import AREA

pytestmark = pytest.mark.usefixtures("home")


def test_the_card_is_placed_once_while_the_table_and_the_view_stay(monkeypatch, ai_at_once):
    app = fast_app()
    scene, r = two_ais_at_the_reckoning(app, wait=9.0)
    searches = []
    card_rect = reckoning._card_rect

    def searching(*args):
        searches.append(args)
        return card_rect(*args)
    monkeypatch.setattr(reckoning, "_card_rect", searching)
    for t in (2.0, 3.2, 4.4, 5.6):  # the countdown: the area drawn whole each time
        r.t = t
        app.render()
    assert len(searches) == 1
    scene.view.zoom(1.3)  # the camera moves: the card is placed anew
    for _ in range(120):
        app.step(1 / 60)
        app.render()
        if scene.view.still:
            break
    assert scene.view.still and len(searches) > 1
    app.render()
    drawn = reckoning._measure(scene, app.logical.subsurface(AREA).copy(), r)
    assert r.card == card_rect(scene, AREA, drawn).move(-AREA.x, -AREA.y)
    app.close()
