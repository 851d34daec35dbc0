"""The tray's pictures kept by what they show (issue 18, goal 2): the header, the players' column
and the dice at rest are kept apart and shared by the scenes a replay's jumps make, so a scrub
draws a position from pictures already made. Nothing kept is ever shown stale (another game,
other players, another point of a replay), and once a drag stops the tray shows the point under
the thumb exactly as a replay opened at that point does."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from test_ui_kept import kept_is_fresh, pixels
from ui_support import fast_app, speak

from petanque_game.match import Match
from petanque_game.record import Seat
from petanque_game.ui import dice, kept_pictures, theme, widgets
from petanque_game.ui.kept_pictures import Pictures
from petanque_game.ui.play import open_game_scene
from petanque_game.ui.session import new_game

pytestmark = pytest.mark.usefixtures("home")

AIS = [Seat("Åse", "ai", "easy"), Seat("Bjørn", "ai", "medium"), Seat("Kari", "ai", "easy")]


def test_a_kept_part_is_painted_once_and_then_shown_as_painted():
    fast_app()
    kept = Pictures(2)
    area = pygame.Rect(10, 20, 60, 30)
    painted = []

    def paint(colour):
        def draw(surface):
            painted.append(colour)
            pygame.draw.circle(surface, colour, area.center, 12)
        return draw

    def frame(key, colour):
        out = pygame.Surface((100, 80))
        out.fill((22, 27, 36))
        kept.drawn(out, key, area, paint(colour))
        return pixels(out)

    red = frame("red", (200, 30, 30))
    assert frame("red", (200, 30, 30)) == red and painted == [(200, 30, 30)]
    blue = frame("blue", (30, 30, 200))
    assert blue != red and len(painted) == 2
    frame("green", (30, 200, 30))  # the oldest (red) forgotten: its surface holds green now
    assert frame("blue", (30, 30, 200)) == blue and len(painted) == 3
    assert frame("red", (200, 30, 30)) == red and len(painted) == 4  # painted again, not green


def test_nothing_is_kept_when_keeping_is_off(monkeypatch):
    fast_app()
    monkeypatch.setattr(kept_pictures, "KEEP", False)
    kept, calls = Pictures(4), []
    out = pygame.Surface((40, 40))
    for _ in range(3):
        kept.drawn(out, "same", pygame.Rect(0, 0, 40, 40), calls.append)
    assert len(calls) == 3 and not kept.kept


def test_another_game_with_other_players_is_not_shown_from_the_last_ones_pictures(monkeypatch):
    app = fast_app()
    open_game_scene(app, new_game("lcr", [Seat("Ana", "human"), *AIS[:2]], {}, 4))
    assert kept_is_fresh(app, monkeypatch)
    others = [Seat("Leif", "human"), Seat("Mona", "ai", "medium"), Seat("Nils", "ai", "easy")]
    open_game_scene(app, new_game("lcr", others, {}, 4))  # the same header, scores and turn
    assert kept_is_fresh(app, monkeypatch)
    app.settings.palette = "clear"  # the cards' marks and colours
    assert kept_is_fresh(app, monkeypatch)


def replay_of(tmp_path, game, options, seed):
    match = Match.new(game, AIS[:3 if game == "lcr" else 2], options, seed)
    match.play_to_end()
    path = tmp_path / f"{game}-{seed}.json"
    path.write_text(match.record.dumps(), "utf-8")
    return path


def drag_to(app, x, y):
    app.handle_logical(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0),
                                          buttons=(1, 0, 0)))
    app.step(1 / 60)
    app.render_logical()


@pytest.mark.parametrize("game, options, seed", [("ship-captain-crew", {"target": 30}, 3),
                                                 ("lcr", {}, 3)])
def test_a_scrub_stops_on_the_point_under_the_thumb_drawn_as_a_fresh_replay_draws_it(
        tmp_path, monkeypatch, game, options, seed):
    path = replay_of(tmp_path, game, options, seed)
    app = fast_app()
    app.open_replay(path)
    app.top.replay.paused = True
    controls = app.top.replay
    rect = controls.timeline_rect()
    app.handle_logical(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                          pos=(rect.x + 1, rect.centery)))
    for f in (0.9, 0.2, 0.7, 0.1, 0.55, 0.3, 0.8):  # to and fro: positions seen come back
        for k in range(6):
            drag_to(app, rect.x + int(rect.w * f * (k + 1) / 6), rect.centery)
        assert kept_is_fresh(app, monkeypatch), f"dragged to {f:.0%}"
    stop = rect.x + int(rect.w * 0.42)
    drag_to(app, stop, rect.centery)
    app.handle_logical(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1,
                                          pos=(stop, rect.centery)))
    shown = app.top.session.shown
    assert shown == app.top.replay.index_at(stop, snap=False)
    assert not app.top.replay.dragging
    after_drag = pixels(app.render_logical())
    monkeypatch.setattr(kept_pictures, "KEEP", False)  # the same point, opened afresh, nothing kept
    fresh = fast_app()
    fresh.open_replay(path)
    fresh.top.replay.paused = True
    fresh.top.replay.jump(shown)
    assert fresh.top.session.shown == shown
    assert pixels(fresh.render_logical()) == after_drag


def test_a_tumbling_dies_shadow_is_the_shadow_drawn_whole():
    fast_app()
    for size, angle, lift in ((86, 37.6, 20.4), (86, 12.0, 0.0), (64, 301.2, 75.0)):
        pictures = dice.DicePictures()
        grow, a = int(size + lift * 0.3), max(30, 110 - int(lift * 2))
        whole = pygame.Surface((grow + 8, grow + 8), pygame.SRCALPHA)
        pygame.draw.rect(whole, (0, 0, 0, a), whole.get_rect().inflate(-6, -6),
                         border_radius=grow // 4)
        whole = pygame.transform.rotate(whole, int(angle) % 90)
        pictures._shadow(size, angle + 90, lift)  # its shape made first, for another angle
        shadow = pictures._shadow(size, angle, lift)
        assert pygame.image.tobytes(shadow, "RGBA") == pygame.image.tobytes(whole, "RGBA")


def letter_at_a_time(s, f, width):
    if f.size(s)[0] <= width:
        return s
    while s and f.size(s + "...")[0] > width:
        s = s[:-1]
    return s + "..."


def test_a_line_shortened_to_fit_is_the_longest_start_that_fits():
    look = fast_app().look
    lines = ["Terningepetanque: Åse against Bjørn, 3 rounds, won by Bjørn 21 to 17",
             "WWWWWWWWWWWWWWWWWWWWWWW iiiiiiiiiiiiiiiiiiiiiii", "a", "", "æøå ÆØÅ — 10,000"]
    for size, bold in ((19, False), (22, False), (26, True), (44, True)):
        f = look.font(size, bold)
        for line in lines:
            for width in (0, 5, 30, 90, 200, 333, 640, 2000):
                assert theme._fit(line, f, width) == letter_at_a_time(line, f, width), \
                    (line, size, width)


@pytest.mark.usefixtures("ai_at_once")
def test_the_shut_the_box_panel_is_never_shown_stale(monkeypatch):
    """Kept by what it shows: the boxes open, chosen, allowed and hinted, and its line."""
    from test_ui_tray_games import wait_for_hint

    app = fast_app()
    open_game_scene(app, new_game("shut-the-box", [Seat("Ana", "human"), AIS[0]], {}, 5))
    scene = app.top
    assert kept_is_fresh(app, monkeypatch)
    app.key(pygame.K_r)  # rolled: the boxes that may close glow
    assert scene.session.state.phase == "close" and kept_is_fresh(app, monkeypatch)
    for box in sorted(scene.controls.selected) or [min(scene.session.state.closable()[0])]:
        app.click(scene.controls.tile_rect(box).center)  # chosen, or no longer chosen
        assert kept_is_fresh(app, monkeypatch), f"box {box}"
    wait_for_hint(app, scene)  # the hinted boxes outlined
    assert scene.advice_shown() is not None and kept_is_fresh(app, monkeypatch)
    speak("da")
    app.settings.language = "da"
    assert kept_is_fresh(app, monkeypatch)


def test_the_replay_list_works_out_each_games_scores_off_the_frame(monkeypatch):
    """The list's reader (off the window's thread) asks each listed game how its scores are
    shown, which imports the game's rules there: the frame the rows arrive in imported them
    (60 ms in a fresh window)."""
    from test_ui_kept import some_records

    from petanque_game import paths, stats
    from petanque_game.ui import listing

    some_records()
    asked = []
    real = stats.measure
    monkeypatch.setattr(stats, "measure", lambda kind: asked.append(kind) or real(kind))
    entries = listing.list_records(paths.records_dir())
    assert {e.summary.kind for e in entries} == set(asked) == {"shut-the-box", "ten-thousand"}


@pytest.mark.parametrize("game", ["shut-the-box", "lcr"])
def test_every_tray_frame_covers_the_whole_picture(game):
    """The tray draws every pixel of its frame (`covers`: nothing is drawn under it): a picture
    filled with a colour it never uses shows none of it after a frame, whether the backdrop is
    painted from its parts, copied whole while the dice tumble, or copied around the tray."""
    app = fast_app()
    app.settings.roll_time = 0.7  # the dice tumble for a while
    open_game_scene(app, new_game(game, [Seat("Ana", "human"), *AIS[:2]], {}, 6))
    scene = app.top
    seen = set()
    for frame in range(40):
        if frame == 8:
            app.key(pygame.K_r)  # a roll: the dice tumble, then lie still
        if frame == 20:
            scene.backdrop = widgets.Backdrop()  # painted afresh from the kept parts
        app.step(1 / 60)
        picture = app.render_logical()
        picture.fill((255, 0, 255))
        picture = app.render_logical()
        seen.add(scene.rolling)
        shows = pygame.mask.from_threshold(picture, (255, 0, 255), (1, 1, 1, 255)).count()
        assert shows == 0, f"frame {frame}: {shows} pixels not drawn"
    assert seen == {True, False}
