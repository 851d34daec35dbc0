"""The replay's timeline marks each turn (issue 31, item 6): its marks are drawn once as one
picture, which a frame copies, not a line per mark (a 5,000-event game has hundreds); the
timeline looks exactly as when each frame drew the lines."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from test_ui_replay import record_file, watch

from petanque_game.ui import theme

pytestmark = pytest.mark.usefixtures("home")


def drawn_line_by_line(controls, surface: pygame.Surface) -> None:
    """The timeline as a frame drew it with a line per mark."""
    rect = controls.timeline_rect()
    look = controls.scene.look
    bar = pygame.Rect(rect.x, rect.centery - 4, rect.w, 8)
    pygame.draw.rect(surface, look.colour("panel_light"), bar, border_radius=4)
    done = pygame.Rect(bar.x, bar.y, controls.x_of(controls.session.shown, rect) - bar.x, bar.h)
    if done.w > 0:
        pygame.draw.rect(surface, look.colour("accent"), done, border_radius=4)
    for x, tall in controls.ticks():
        pygame.draw.line(surface, look.colour("text" if tall else "muted"),
                         (x, rect.y + (0 if tall else 4)), (x, rect.bottom - (0 if tall else 4)),
                         2 if tall else 1)
    thumb = (controls.x_of(controls.session.shown, rect), rect.centery)
    pygame.draw.circle(surface, look.colour("edge"), thumb, 10)
    pygame.draw.circle(surface, look.colour("accent" if controls.dragging else "text"), thumb, 8)


@pytest.mark.parametrize("game, options, seed", [("ten-thousand", {"target": 5000}, 2),
                                                 ("ship-captain-crew", {"target": 150}, 3)])
def test_the_timeline_looks_as_drawn_line_by_line(tmp_path, game, options, seed):
    app = watch(record_file(tmp_path, game, options, seed))
    controls = app.top.replay
    assert len(controls.ticks()) > 10
    for shown in (0, controls.total // 3, controls.total):
        controls.jump(shown)
        controls = app.top.replay
        ground = app.look.colour("panel")
        surfaces = [pygame.Surface(theme.LOGICAL_SIZE), pygame.Surface(theme.LOGICAL_SIZE)]
        for s in surfaces:
            s.fill(ground)
        controls.draw_timeline(surfaces[0])
        drawn_line_by_line(controls, surfaces[1])
        assert surfaces[0].get_view("2").raw == surfaces[1].get_view("2").raw, shown


def test_a_frame_of_the_timeline_draws_no_line_per_mark(tmp_path, monkeypatch):
    app = watch(record_file(tmp_path, "ship-captain-crew", {"target": 150}, 3))
    app.render()
    lines: list[tuple] = []
    line = pygame.draw.line

    def drawing(*args, **kwargs):
        lines.append(args)
        return line(*args, **kwargs)
    monkeypatch.setattr(pygame.draw, "line", drawing)
    app.top.replay.jump(app.top.replay.total // 2)  # a new scene: it takes the picture over
    app.render()
    assert len(app.top.replay.ticks()) > 10
    timeline = app.top.replay.timeline_rect().inflate(4, 4)
    assert [a for a in lines if timeline.collidepoint(a[2]) and timeline.collidepoint(a[3])] == []
