"""Issue 33: the Terningepetanque table read at a glance: every knock told, the distance labels
beside their own die and apart, a tie shown to the figure that decides it, touching the diamond
said as touching."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from types import SimpleNamespace

from petanque_game.rules.events import Transition
from petanque_game.rules.petanque_table import DiamondRest, DieRest, Launch, Table
from petanque_game.rules.terningepetanque_events import Thrown
from petanque_game.ui.narrate import tell_petanque

NAMES = ["Astrid", "Bo"]


def die(player, n, x, y, face, distance, on_board=True):
    return DieRest(player, n, x, y, 0.0, face, on_board, None if on_board else player,
                   distance if on_board else None, 0)


def told(before, after, thrower=1):
    event = Thrown(thrower, "die", 0, Launch(0.0, 0.0, 0.0, 1000.0, 0.7, 0.0), after)
    made = Transition(0, event, SimpleNamespace(table=before), SimpleNamespace(table=after))
    step = SimpleNamespace(after=SimpleNamespace(), before=None, transitions=[made])
    return tell_petanque(spoken(), step, NAMES)


def test_a_knocked_die_is_told_with_how_far_it_went_and_the_face_it_shows_now():
    speak("en")
    dm = DiamondRest(0.0, 0.0, 0.0, True)
    six = die(0, 0, 10.0, 0.0, 6, 0.0)
    before = Table(dm, (six,))
    after = Table(dm, (die(0, 0, 50.0, 0.0, 5, 40.0), die(1, 0, 12.0, 0.0, 3, 1.0)))
    lines = told(before, after)
    assert "Astrid's 6 was knocked 40 mm away and now shows 5, 40 mm from the diamond." in lines
    # moved, still the same face: said too; barely touched: not
    after = Table(dm, (die(0, 0, 30.0, 0.0, 6, 20.0), die(1, 0, 12.0, 0.0, 3, 1.0)))
    assert any("knocked 20 mm away and still shows 6" in line for line in told(before, after))
    after = Table(dm, (die(0, 0, 11.0, 0.0, 6, 1.0), die(1, 0, 12.0, 0.0, 3, 1.0)))
    assert not any("Astrid's 6" in line for line in told(before, after))


# --- the reckoning: its labels and its card ------------------------------------------------------

import pygame  # noqa: E402
import pytest  # noqa: E402
from ui_support import fast_app, speak, spoken  # noqa: E402

from petanque_game.match import Match  # noqa: E402
from petanque_game.record import Seat  # noqa: E402
from petanque_game.rules.terningepetanque_events import RoundEnded  # noqa: E402
from petanque_game.ui.app import window_size_for  # noqa: E402
from petanque_game.ui.narrate import knocked_dice  # noqa: E402
from petanque_game.ui.play import open_game_scene  # noqa: E402
from petanque_game.ui.session import Step, new_game  # noqa: E402
from petanque_game.ui.table import distances, reckoning  # noqa: E402
from petanque_game.ui.table.round_end import reckoning_of  # noqa: E402
from petanque_game.ui.table.scene import TableScene  # noqa: E402
from petanque_game.ui.table.window import AREA  # noqa: E402

pytestmark = pytest.mark.usefixtures("home")
_GAMES: dict[tuple[int, str, int], list] = {}
WINDOWS = ((800, 600), (1280, 720), (1920, 1080))  # 1920x1080: the desktop's default window


def played(n, ai="easy", rounds=4):
    """The transitions of a recorded game of `n` `ai` players (made once per test run)."""
    if (n, ai, rounds) not in _GAMES:
        match = Match.new("terningepetanque", [Seat(f"AI {i}", "ai", ai) for i in range(n)],
                          {"rounds": rounds}, seed=n, level="classic")
        made = []
        while not match.over:
            made += match.decide(match.ai_decision())
        _GAMES[(n, ai, rounds)] = made
    return _GAMES[(n, ai, rounds)]


def round_ends(n, ai="easy"):
    """The round ends of a recorded game, each with the throw before it."""
    made = played(n, ai)
    return [(t, next(u for u in reversed(made[:i]) if isinstance(u.event, Thrown)))
            for i, t in enumerate(made) if isinstance(t.event, RoundEnded)]


def knocks(n):
    """The throws that knocked a die in recorded games of `n` easy and of `n` medium players
    (eight rounds each)."""
    return [t for ai in ("easy", "medium") for t in played(n, ai, 8)
            if isinstance(t.event, Thrown) and knocked_dice(t.before.table, t.event.table)]


def window_of(window):
    return window_size_for(window) if window == (1920, 1080) else window


def table_scene(app, n):
    seats = [Seat("Astrid", "human")] + [Seat(f"Bo {i}", "ai", "medium") for i in range(1, n)]
    open_game_scene(app, new_game("terningepetanque", seats, {"rounds": 4}, 5, "classic",
                                  autosave=False))
    assert isinstance(app.top, TableScene)
    return app.top


def step_of(made):
    return Step(0, made.before, made.after, [made], made.index, made.player)


def shown_reckoning(app, scene, made, throw=None):
    """The reckoning of `made` shown on the scene (after `throw`, whose knocks it shows), the
    camera at rest on its table: where the dice, the diamond, the labels and the places dice
    were knocked from are, where the seats' names are, and the card as the frame drew it (area
    coordinates)."""
    if throw is not None:
        scene.knocks.on_transition(step_of(throw))
    scene.reckoning = reckoning_of(made, None)
    scene.view.rest(scene.play_points())
    scene.view.settle()
    app.render()
    card = scene.reckoning.card
    talked, names = reckoning._measure(scene, pygame.Surface(AREA.size), scene.reckoning)
    return talked, names, card


@pytest.mark.parametrize("window", WINDOWS)
@pytest.mark.parametrize("n", (2, 3, 4))
def test_the_rounds_card_covers_no_die_or_label_it_talks_about(window, n):
    """The card keeps clear of the dice, the diamond, their labels and where the round's last
    throw knocked dice from (in an easy and a medium game), and of the seats' names."""
    app = fast_app(size=window_of(window))
    scene = table_scene(app, n)
    ghosts = 0
    for made, throw in round_ends(n) + round_ends(n, "medium"):
        talked, names, card = shown_reckoning(app, scene, made, throw)
        ghosts += len(talked) - 2 * len(scene.reckoning.table.dice) - 1
        assert card.collidelist(talked) < 0, (made.event.round, card, talked)
        assert card.collidelist(names) < 0
        scene.knocks.on_transition(step_of(made))
    assert ghosts >= 2  # some rounds ended on a throw that knocked dice
    scene.reckoning = None
    app.close()


@pytest.mark.parametrize("window", WINDOWS)
@pytest.mark.parametrize("n", (2, 3, 4))
def test_every_knock_is_told_and_drawn_where_nothing_covers_it(window, n):
    """Each throw that knocked a die (recorded easy and medium games), shown at rest: the die is
    drawn faint where it lay and whole where it lies, both inside the board's part of the area
    (not under the score sheet) and clear of the close-up and the zoom's lines; and the status
    bar's lines tell each knock whole."""
    from petanque_game.ui.table import knocks as knocks_drawn
    from petanque_game.ui.table.zoom import zoom_labels

    speak("en")
    app = fast_app(size=window_of(window))
    scene = table_scene(app, n)
    found = knocks(n)
    assert len(found) >= 3
    names = [p.name for p in scene.session.players]
    for made in found:
        scene.session.state = made.after
        scene.knocks.on_transition(step_of(made))
        scene.pending_lines.extend(scene.session.narrate(step_of(made)))
        scene.flush_lines()
        scene.view.rest(scene.play_points())
        scene.view.settle()
        app.render()
        table, view = made.after.table, scene.view.view
        board = pygame.Rect(scene.view.board_rect)
        plan = scene.closeup(table, False)
        covers = [r for _, r in zoom_labels(scene, plan[0] if plan else None)]
        covers += [plan[0]] if plan else []
        pairs = knocked_dice(made.before.table, made.after.table)
        assert scene.knocks.of(table) == pairs
        spots = knocks_drawn.spots(scene.level, view, pairs)
        now = knocks_drawn.spots(scene.level, view, [(new, new) for _, new in pairs
                                                     if new.on_board])
        for r in spots + now:
            assert board.contains(r), (made.index, board, r)
            assert r.collidelist(covers) < 0, (made.index, r, covers)
        width = 1248 - 40 - sum(b.rect.w + 10 for b in scene.buttons())
        told = tell_petanque(app.look, step_of(made), names)
        assert scene.history[-2:] == told[-2:]  # the status bar's lines: the last of the throw's
        for line in told[-2:]:
            assert app.look.fit(line, 22, width) == line, line  # each whole
    app.close()


def test_dice_that_round_alike_show_the_figure_that_tells_them_apart():
    speak("en")
    dm = DiamondRest(0.0, 0.0, 0.0, True)
    table = Table(dm, (die(0, 0, 30.0, 0.0, 6, 1.6), die(1, 0, -30.0, 0.0, 2, 2.3),
                       die(0, 1, 0.0, 60.0, 3, 41.0), die(1, 1, 0.0, -60.0, 4, 41.04)))
    figures = distances.distance_figures(spoken(), table)
    assert figures[(0, 0)] == "1.6 mm" and figures[(1, 0)] == "2.3 mm"
    assert figures[(0, 1)] == "41 mm" and figures[(1, 1)] == "41 mm"  # they decide nothing
    apart = Table(dm, (die(0, 0, 30.0, 0.0, 6, 1.6), die(1, 0, -30.0, 0.0, 2, 7.3)))
    assert distances.distance_figures(spoken(), apart) == {(0, 0): "2 mm", (1, 0): "7 mm"}
    touching = Table(dm, (die(0, 0, 30.0, 0.0, 6, 0.05), die(1, 0, -30.0, 0.0, 2, 0.4)))
    assert distances.distance_figures(spoken(), touching) == {(0, 0): "touching", (1, 0): "0.4 mm"}


@pytest.mark.parametrize("n", (2, 3, 4))
def test_each_distance_label_lies_beside_its_own_die_and_apart_from_the_others(n):
    app = fast_app(size=(1280, 720))
    scene = table_scene(app, n)
    for made, throw in round_ends(n):
        talked, _, _ = shown_reckoning(app, scene, made, throw)
        table = scene.reckoning.table
        k = len(table.dice) + 1
        pieces, labels = talked[:k] + talked[k + len(table.dice):], talked[k:k + len(table.dice)]
        for i, label in enumerate(labels):
            assert label.inflate(-8, -4).collidelist(labels[i + 1:]) < 0  # no two overlap
            assert label.inflate(-8, -4).collidelist(pieces) < 0  # nor hide a die (or a knock)
            if table.dice[i].on_board:  # its own die the nearest
                gaps = [reckoning._gap(label.inflate(-8, -4), p.center) for p in pieces]
                assert gaps[i] <= min(gaps) + 0.5, (made.event.round, i, gaps)
    scene.reckoning = None
    app.close()


def test_use_hint_puts_its_height_in_place_for_its_throw_only(exact_hands):
    from ui_support import roll_off
    from ui_support import start_table as start

    app = fast_app()
    scene = start(app, [Seat("Ana", "human"), Seat("Bo", "human")])
    roll_off(app, scene)
    lo, _ = scene.aim.limits
    scene.aim.elevation, scene.aim.spin = lo + 1.25, 0.0  # the player's own height
    app.key(pygame.K_u)
    while scene.hinted is None and scene.hint.future is not None:
        app.step(1 / 60)
    aim = scene.hinted[0]
    assert scene.elevation != lo + 1.25  # the hint's height, for its throw
    app.key(pygame.K_SPACE)
    assert scene.session.steps[-1].transitions[0].event.launch.elevation == aim.elevation
    assert scene.elevation == lo + 1.25 and scene.spin == 0.0  # the player's own again
    app.close()


def test_throw_again_counts_down_long_enough_for_a_person_before_an_ai_throws(exact_hands):
    from ui_support import settle
    from ui_support import start_table as start

    from petanque_game.ui.table.turns import ACCEPT_GRACE

    speak("en")
    app = fast_app()
    app.settings.accept_at_once = True
    scene = start(app, [Seat("Ana", "human"), Seat("Bo", "ai", "easy")])
    for _ in range(3000):  # to Ana's first die (the roll, the diamond and Bo's throws on the way)
        if scene.aiming and scene.due[1] == "die":
            break
        if scene.human_turn and not scene.busy and scene.state.starter is None:
            scene.roll_for_start()
        elif scene.aiming:
            app.key(pygame.K_SPACE)
        app.step(1 / 60)
    settle(app, scene)
    app.key(pygame.K_SPACE)  # Ana's die: Bo throws next
    settle(app, scene)
    assert scene.keeping and not scene.keeping_on
    assert ACCEPT_GRACE >= 5.0  # time for a person to read it and press T

    def said():
        return next(b.label for b in scene.buttons() if b.tag == "rethrow")

    assert said() == f"Throw again ({ACCEPT_GRACE:.0f})"
    for _ in range(int(ACCEPT_GRACE * 60) - 90):
        app.step(1 / 60)
    assert said() == "Throw again (2)" and scene.session.state.awaiting_accept
    for _ in range(100):
        app.step(1 / 60)
    assert scene.session.steps[-1].seat == 1 or not scene.keeping  # kept: Bo's turn
    app.close()


# --- the aim's preview: touching, and the hint's words ------------------------------------------

from petanque_game.ai.hints import Hint  # noqa: E402
from petanque_game.ai.petanque import Label  # noqa: E402
from petanque_game.physics import load_named_level  # noqa: E402
from petanque_game.rules.petanque_table import Aim  # noqa: E402
from petanque_game.ui.table import aim as table_aim  # noqa: E402
from petanque_game.ui.table import overlay  # noqa: E402
from petanque_game.ui.table.aim import Preview  # noqa: E402
from petanque_game.ui.table.hint import as_previewed, meant_contacts  # noqa: E402


def test_a_die_that_stops_against_the_diamond_is_said_to_touch_it_not_to_push_it():
    import math

    level = load_named_level("classic")
    aim = table_aim.aim_at(level, 2, 0, (0.0, 0.0), 40.0, "die")
    rest = table_aim.preview(level, 2, 0, aim, "die", Table()).rest
    ux, uy = math.cos(aim.direction), math.sin(aim.direction)
    within = table_aim._reach(level, "die") + table_aim._reach(level, "diamond")

    def said(short_of):  # the diamond lies so the die meets it `short_of` mm before it stops
        at = within - short_of
        table = Table(DiamondRest(rest[0] + ux * at, rest[1] + uy * at, 0.0, True))
        return [w[0] for w in table_aim.preview(level, 2, 0, aim, "die", table).warnings]

    assert said(1.5) == ["table.aim.touches_diamond"]
    assert said(25.0) == ["table.aim.into_diamond"]  # it runs on into it: a push


def reds(scene, aim, p, meant=(), colour=None):
    surface = pygame.Surface((960, 552))
    surface.fill((0, 0, 0))
    overlay.draw_flight(scene, surface, aim, (0, "die"), colour, "Hint" if colour else None,
                        meant=meant, p=p)
    bad = scene.look.colour("bad")
    return sum(surface.get_at((x, y))[:3] == bad for x in range(0, 960, 2)
               for y in range(0, 552, 2))


def test_touching_is_not_drawn_as_a_warning_and_a_hints_words_match_its_path():
    speak("en")
    app = fast_app()
    scene = table_scene(app, 2)
    aim = Aim(0.0, -300.0, 1.5708, 900.0, 0.6, 0.0)
    path = [(0.0, -300.0, 0.0), (0.0, -40.0, 0.0)]
    touching = Preview(path, (0.0, -40.0), (0.0, 10.0),
                       [("table.aim.touches_diamond", (0.0, 5.0))])
    pushing = Preview(path, (0.0, -40.0), (0.0, 10.0),
                      [("table.aim.into_diamond", (0.0, 5.0))])
    assert reds(scene, aim, pushing) > 0 and reds(scene, aim, touching) == 0
    # a push whose path meets a die first: its words say so, and the die is no warning
    via = Preview(path, (0.0, -40.0), (0.0, 10.0), [("table.aim.into_die", (0.0, -20.0)),
                                                    ("table.aim.into_diamond", (0.0, 5.0))])
    push = Hint(aim, "", 2.0, Label("push"))
    planned = as_previewed(push, via)
    assert planned.label.key == "push_via_die" and planned.action is aim
    assert app.look.tr(f"table.hint.label.{planned.label.key}") == \
        "Push the diamond on, through a die"
    assert reds(scene, aim, via, meant_contacts(planned), overlay.HINT_COLOUR) == 0
    assert as_previewed(push, pushing) is push  # the path as planned: said as planned
    app.close()


def test_the_closest_dies_label_in_play_keeps_off_a_die_lying_above_it():
    speak("en")
    app = fast_app()
    scene = table_scene(app, 2)
    view = scene.view
    die_px = scene.level.dice.side * view.scale
    dm = DiamondRest(0.0, 0.0, 0.0, True)
    near = die(0, 0, 30.0, 0.0, 6, 1.6)
    side = scene.level.dice.side
    above = die(1, 0, 30.0, 1.2 * side * (1 if view.to_screen(0, 1)[1] < view.to_screen(0, 0)[1]
                                          else -1), 2, 9.0)
    table = Table(dm, (near, above))
    rect = reckoning.closest_label(app.look, pygame.Surface(AREA.size), view, die_px, table, near,
                                   "2 mm")
    box = pygame.Rect(0, 0, die_px, die_px)
    box.center = view.to_screen(above.x, above.y)
    assert not rect.colliderect(box)
    assert reckoning._gap(rect, view.to_screen(near.x, near.y)) < die_px  # beside its own die
    app.close()
