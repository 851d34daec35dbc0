"""The aim's risk in the table's preview (ui/table/previews.py `risk_of`, overlay.py): the hand's
spread drawn is the one fitted to the hand's simulated throws (ai/petanque_risk.py), the chances
of what may go wrong are written under the path's words (issue 33: a diamond aimed inside one's
own edge), worked out on a thread of their own while the frames go on, in three languages."""

import re
import threading
from pathlib import Path

import pytest
import yaml
from risk_aims import edge_point
from ui_support import do_what_is_due, fast_app, roll_off, speak
from ui_support import start_table as start

from petanque_game.ai.petanque_risk import aim_risk
from petanque_game.physics.hand import PERSON_HANDS, STEADY
from petanque_game.record import Seat
from petanque_game.ui.table import foresee, overlay, previews
from petanque_game.ui.table.aim import aim_at, preview

pytestmark = pytest.mark.usefixtures("home")
PEOPLE = [Seat("Ana", "human"), Seat("Bo", "human")]
NORMAL = PERSON_HANDS["normal"]
TEXTS = Path(__file__).resolve().parents[1] / "assets" / "text"


@pytest.fixture
def table(monkeypatch):
    """A table of two people, the diamond's throw due, thrown with the normal hand, and what each
    frame draws (`recorded`)."""
    speak("en")
    app = fast_app()
    scene = start(app, PEOPLE)
    roll_off(app, scene)
    hand = {"now": NORMAL}
    monkeypatch.setattr(scene, "hand_for", lambda seat: hand["now"])
    spreads, words = recorded(monkeypatch)
    yield app, scene, hand, spreads, words
    app.close()


def recorded(monkeypatch):
    """What each frame draws: [(the spread's outline on screen, faint?)], [[(a line of words,
    its colour)]]."""
    spreads, words = [], []
    real_spread, real_label = overlay._spread, overlay._label

    def spread(look, area, outline, col, **faint):
        spreads.append((outline, faint.get("faint", False)))
        real_spread(look, area, outline, col, **faint)

    def label(look, area, text, at, ring, col, pieces, *more):
        words.append([(text, col), *(more[0] if more and more[0] else [])])
        return real_label(look, area, text, at, ring, col, pieces, *more)
    monkeypatch.setattr(overlay, "_spread", spread)
    monkeypatch.setattr(overlay, "_label", label)
    return spreads, words


def frame(app, spreads, words):
    """One frame drawn: (the spreads, the lines of words) it drew."""
    spreads.clear()
    words.clear()
    app.render()
    return list(spreads), [line for lines in words for line in lines]


def edge_aim(scene, inside=60.0):
    """Issue 33's aim: the diamond 60 mm inside the thrower's own edge, thrown at 45 degrees."""
    seat, obj = scene.due[0], scene.due[1]
    assert obj == "diamond"
    scene.aim.target = edge_point(scene.level, 2, seat, 0.0, inside)
    scene.aim.elevation = 45.0
    return seat, aim_at(scene.level, 2, seat, scene.aim.target, 45.0, obj)


def on_screen(scene, spread):
    return [scene.view.to_screen(x, y) for x, y in spread.outline()]


def figure(line):
    return int(re.search(r"\d+", line).group())


def test_the_spread_is_the_hands_and_an_aim_near_the_own_edge_is_told_it_may_go_off(
        table, monkeypatch):
    app, scene, hand, spreads, words = table
    app.workers.risks = foresee.Foresight(at_once=True)
    seat, launch = edge_aim(scene)
    assert preview(scene.level, 2, seat, launch, "diamond", scene.state.table).warnings == []
    drawn, said = frame(app, spreads, words)
    risk = aim_risk(scene.level, scene.state.table, 2, seat, "diamond", launch, NORMAL)
    assert drawn == [(on_screen(scene, risk.spread), False)]  # the hand's, fitted to 128 throws
    off = [(line, col) for line, col in said if line.startswith("Off the board")]
    assert len(off) == 1 and 10 <= figure(off[0][0]) <= 20, said
    assert off[0][1] == app.look.colour("bad")
    # an exact hand: no spread (its throws are the aim), the figures still
    hand["now"] = STEADY
    drawn, said = frame(app, spreads, words)
    assert drawn == []
    # a safe aim in the middle of the board: the spread, no figures
    hand["now"] = NORMAL
    scene.aim.target = (0.0, 0.0)
    drawn, said = frame(app, spreads, words)
    assert len(drawn) == 1 and not drawn[0][1]
    assert not any("%" in line for line, _ in said), said


def test_the_risk_is_worked_out_off_the_windows_thread_the_last_one_standing_in(
        table, monkeypatch):
    app, scene, _, spreads, words = table
    worker = app.workers.risks = foresee.Foresight()
    threads = set()
    real = previews.aim_risk_steps

    def steps(*args):
        for step in real(*args):
            threads.add(threading.current_thread())
            yield step
    monkeypatch.setattr(previews, "aim_risk_steps", steps)
    seat, launch = edge_aim(scene)
    drawn, said = frame(app, spreads, words)
    assert drawn == [] and not any("%" in line for line, _ in said)  # not worked out yet
    assert scene.animating  # frames go on until it is
    assert worker.wait(60.0)
    drawn, said = frame(app, spreads, words)
    assert len(drawn) == 1 and not drawn[0][1]
    assert any(line.startswith("Off the board") for line, _ in said)
    first = drawn[0][0]
    # the aim moves on: the last aim's spread, faint, moved by as much as the rest, no figures
    before = scene.view.to_screen(*preview(scene.level, 2, seat, launch, "diamond").rest)
    seat, launch = edge_aim(scene, 160.0)
    after = scene.view.to_screen(*preview(scene.level, 2, seat, launch, "diamond").rest)
    drawn, said = frame(app, spreads, words)
    assert len(drawn) == 1 and drawn[0][1]
    for (x0, y0), (x1, y1) in zip(first, drawn[0][0]):
        assert abs(x1 - x0 - (after[0] - before[0])) < 0.5
        assert abs(y1 - y0 - (after[1] - before[1])) < 0.5
    assert not any("%" in line for line, _ in said)
    assert worker.wait(60.0)
    drawn, said = frame(app, spreads, words)
    assert len(drawn) == 1 and not drawn[0][1]
    assert threads and threading.current_thread() not in threads  # never the window's


@pytest.mark.parametrize("code", ["en", "da", "nb"])
def test_the_risk_is_told_in_each_language(table, monkeypatch, code):
    app, scene, _, spreads, words = table
    app.workers.risks = foresee.Foresight(at_once=True)
    edge_aim(scene)
    speak(code)
    words_of = yaml.safe_load((TEXTS / code / "games" / "terningepetanque.yaml").read_text("utf-8"))
    start_of = words_of["table"]["risk"]["off_board"].split("{")[0]
    _, said = frame(app, spreads, words)
    assert any(line.startswith(start_of) and 10 <= figure(line) <= 20 for line, _ in said), said


def test_an_ais_aim_shows_its_hands_spread_and_no_figures(ai_at_once, monkeypatch):
    speak("en")
    app = fast_app()
    app.settings.ai_delay = 0.4
    worker = foresee.Foresight()  # the AI's aim waits for its preview, shown once it is
    app.workers.previews = worker
    scene = start(app, [Seat("Robot", "ai", "easy"), Seat("Ana", "human")])
    for _ in range(20000):
        if scene.human_turn and not scene.busy:
            do_what_is_due(app, scene)
        app.step(1 / 60)
        if scene.ai_aim is not None:
            break
    a = scene.ai_aim
    assert a is not None and worker.wait()
    app.workers.risks = foresee.Foresight(at_once=True)
    spreads, words = recorded(monkeypatch)
    drawn, said = frame(app, spreads, words)
    risk = aim_risk(scene.level, scene.state.table, 2, a.seat, a.obj, a.aim, scene.hand_for(a.seat))
    assert risk.spread is not None and drawn == [(on_screen(scene, risk.spread), False)]
    assert not any("%" in line for line, _ in said), said
    app.close()
