"""What a player saw wrong at the table, each fixed (issue 15): a long name cut in the score
sheet's header, "You starts", a hint's planned push said in the warning's red, the reckoning's
card over a seat's name, and the release point out of sight with nothing to show where it is."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from ui_support import fast_app, speak, spoken

from petanque_game.ai.hints import Hint
from petanque_game.ai.petanque import Label
from petanque_game.match import Match
from petanque_game.record import Seat
from petanque_game.rules.petanque_table import Aim
from petanque_game.rules.terningepetanque_events import RoundEnded
from petanque_game.ui.app import window_size_for
from petanque_game.ui.narrate import says
from petanque_game.ui.play import open_game_scene
from petanque_game.ui.session import new_game
from petanque_game.ui.table import overlay as table_overlay
from petanque_game.ui.table import reckoning
from petanque_game.ui.table.aim import Preview
from petanque_game.ui.table.hint import meant_contacts
from petanque_game.ui.table.round_end import reckoning_of
from petanque_game.ui.table.scene import TableScene
from petanque_game.ui.table.sheet import _label, place_sheet

pytestmark = pytest.mark.usefixtures("home")
LEVELS = ("classic", "round-table", "bumper-lane")


def start(app, level="classic", n=2, first="Astrid Kristoffersen"):
    seats = [Seat(first, "human")] + [Seat(f"Bjørn {i}", "ai", "medium") for i in range(1, n)]
    open_game_scene(app, new_game("terningepetanque", seats, {"rounds": 3}, 5, level))
    assert isinstance(app.top, TableScene)
    return app.top


def test_the_sheet_header_has_room_for_a_first_name_whole():
    app = fast_app()  # the window's fonts
    names = ["Astrid Kristoffersen", "Bjørn"]
    place = place_sheet(app.look, _classic(), names, 15, (960, 552), True)
    assert place.kind == "columns"
    assert _label(app.look, names[0], place.seat_w - 8) == "Astrid"  # not "Astri"
    assert _label(app.look, names[1], place.seat_w - 8) == "Bjørn"
    short = place_sheet(app.look, _classic(), ["Ann", "Bo"], 15, (960, 552), True)
    assert short.seat_w < place.seat_w  # short names keep the sheet narrow
    app.close()


def _classic():
    from petanque_game.physics import load_named_level

    return load_named_level("classic")


@pytest.mark.parametrize("language, you, said", [
    ("en", "You", "You start and throw the diamond"),
    ("da", "Du", "Du starter og kaster diamanten"),
    ("nb", "Du", "Du starter og kaster diamanten")])
def test_the_default_player_starts_in_the_second_person(language, you, said):
    before = spoken().language()
    speak(language)
    try:
        assert spoken().tr("setup.you") == you
        assert says(spoken(), "table.start.starts", you) == said
        if language == "en":
            assert says(spoken(), "table.start.starts", "Åse") == \
                "Åse starts and throws the diamond"
    finally:
        speak(before)


def test_a_hints_planned_push_or_knock_is_not_drawn_as_a_warning(monkeypatch):
    app = fast_app()
    scene = start(app)
    aim = Aim(0.0, -300.0, 1.5708, 900.0, 0.6, 0.0)
    warned = Preview([(0.0, -300.0, 0.0), (0.0, -40.0, 0.0)], (0.0, -40.0), (0.0, 10.0),
                     [("table.aim.into_diamond", (0.0, -5.0))])
    monkeypatch.setattr(scene, "preview_of", lambda *a: warned)
    bad = app.look.colour("bad")

    def reds(meant):
        surface = pygame.Surface((960, 552))
        surface.fill((0, 0, 0))
        table_overlay.draw_flight(scene, surface, aim, (0, "die"), table_overlay.HINT_COLOUR,
                                  "Hint", meant=meant)
        return sum(surface.get_at((x, y))[:3] == bad for x in range(0, 960, 2)
                   for y in range(0, 552, 2))

    assert reds(()) > 0  # a plain aim into the diamond: the cross and the red words
    # the plan is read from the hint's label key, never from its English words
    push = Hint(aim, "garbled English", 2.0, Label("push"))
    assert meant_contacts(push) == ("table.aim.into_diamond",)
    assert reds(meant_contacts(push)) == 0
    knock = Hint(aim, "garbled English", 1.0, Label("knock_player", 1))
    assert meant_contacts(knock) == ("table.aim.into_die",)
    assert meant_contacts(Hint(aim, "", 1.0, Label("at_diamond"))) == \
        ("table.aim.into_diamond",)  # to come to rest against it
    assert meant_contacts(Hint(aim, "Push the diamond on", 1.0, Label("short"))) == ()
    app.close()


def round_ends(level, n, rounds=2):
    """The round ends of a game of `n` easy AIs on `level`."""
    match = Match.new("terningepetanque", [Seat(f"AI {i}", "ai", "easy") for i in range(n)],
                      {"rounds": rounds}, seed=0, level=level)
    made = []
    while not match.over:
        made += match.decide(match.ai_decision())
    return [t for t in made if isinstance(t.event, RoundEnded)]


@pytest.mark.parametrize("n", (2, 4))
@pytest.mark.parametrize("level", LEVELS)
def test_the_reckoning_card_hides_no_seats_name(level, n):
    app = fast_app(size=window_size_for((1920, 1080)))
    scene = start(app, level, n)
    area = table_overlay.AREA
    for made in round_ends(level, n):
        scene.reckoning = reckoning_of(made, None)
        table = scene.reckoning.table
        scene.view.rest([(table.diamond.x, table.diamond.y)])
        scene.view.settle()
        card = reckoning._card_rect(scene, area).move(-area.x, -area.y)
        assert card.collidelist(reckoning._seat_names(scene)) < 0
        # with the measure drawn first, the card covers fewer of its dice and distances
        drawn = reckoning._measure(scene, pygame.Surface(area.size), scene.reckoning)
        clear = reckoning._card_rect(scene, area, drawn).move(-area.x, -area.y)
        assert clear.collidelist(reckoning._seat_names(scene)) < 0
        assert len(clear.collidelistall(drawn[0])) <= len(card.collidelistall(drawn[0]))
    scene.reckoning = None
    app.close()


def test_a_release_out_of_sight_is_shown_by_an_arrow_at_the_edge(monkeypatch):
    app = fast_app(size=window_size_for((1920, 1080)))
    scene = start(app, "round-table")
    for _ in range(4000):  # to the person's second die: the play framed, the release beyond
        if scene.human_turn and not scene.busy and scene.state.starter is None:
            scene.roll_for_start()
        if scene.aiming and scene.state.throws_done >= 2:
            break
        if scene.aiming:
            app.handle_logical(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0,
                                                  unicode=" "))
        if scene.state.awaiting_accept:
            app.handle_logical(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0,
                                                  unicode="a"))
        app.step(0.05)
    for _ in range(100):
        app.step(0.05)
    assert scene.aiming and scene.view.scale > scene.view.fit * 1.2
    launch = scene.launch()
    frame = pygame.Rect(scene.view.board_rect)
    assert not frame.collidepoint(scene.view.to_screen(launch.x, launch.y))
    arrows = []
    real = table_overlay._release_arrow
    monkeypatch.setattr(table_overlay, "_release_arrow",
                        lambda look, area, f, a, b, seat: arrows.append((f, a, b)) or
                        real(look, area, f, a, b, seat))
    app.render()
    (inside_frame, inside, outside), = arrows
    assert frame.contains(inside_frame) and inside_frame.collidepoint(inside)
    assert not inside_frame.collidepoint(outside)
    app.close()
