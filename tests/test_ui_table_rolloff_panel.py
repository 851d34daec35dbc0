"""The side panel's roll for who starts (ui/table/panel.py): seen under Xvfb at 800x600 with four
players and a three-way tie, the second pass's lines ran over the rule at the panel's foot ("The
highest throws the diamond first"). The latest passes that fit are shown above the rule; the
earlier ones are left to the log."""

from __future__ import annotations

import pytest
from ui_support import fast_app, press
from ui_support import start_table as start

from petanque_game.record import Seat
from petanque_game.ui.table.panel import AGAIN_H, ROLL_H, passes_that_fit

PEOPLE = [Seat(name, "human") for name in ("Ana", "Bo", "Cy", "Di")]


def test_the_latest_passes_that_fit_are_kept():
    four, three, two = ((0, 4), (1, 4), (2, 2), (3, 4)), ((0, 5), (1, 5), (3, 2)), ((0, 6), (1, 1))
    room = 4 * ROLL_H + AGAIN_H + 3 * ROLL_H
    assert passes_that_fit([four, three], room) == [four, three]
    assert passes_that_fit([four, three], room - 1) == [three]  # (and a line of who is tied)
    assert passes_that_fit([four, three], 3 * ROLL_H + AGAIN_H - 1) == []
    assert passes_that_fit([four, three, two], room) == [three, two]
    assert passes_that_fit([four, ()], 4 * ROLL_H + AGAIN_H) == [four, ()]  # a pass begun
    assert passes_that_fit([four], 4 * ROLL_H - 1) == []


def test_a_second_pass_of_four_players_stays_clear_of_the_rule(home):
    app = fast_app()
    scene = start(app, PEOPLE, seed=4)  # (seed 4: 4, 4, 2, 4 on the first pass: three roll again)
    for _ in range(2000):
        st = scene.session.state
        if (len(st.rolloff_passes) == 1 and len(st.rolloff_rolls) == 2) or st.starter is not None:
            break
        if scene.human_turn and not scene.busy:
            press(app, "roll")
        app.step(1 / 60)
    st = scene.session.state
    if st.starter is not None:
        pytest.fail("no second pass (the seed's rolls changed)")
    drawn: list[tuple[str, int, int]] = []  # text, y, size
    blit = app.look.blit_text

    def kept(surface, text, pos, size, *a, **k):
        drawn.append((text, pos[1], size))
        return blit(surface, text, pos, size, *a, **k)

    app.look.blit_text = kept
    scene.finish_animation()  # (the last die at rest)
    app.step(1 / 60)
    app.render()
    tr = app.look.tr
    said = {tr("table.start.rolled", name=PEOPLE[seat].name, value=value)
            for rolls in [*st.rolloff_passes, zip(st.rolloff_contenders, st.rolloff_rolls)]
            for seat, value in rolls}
    rolled = [(text, y) for text, y, size in drawn if size == 22 and text in said]
    rule = [y for text, y, size in drawn if size == 19 and text in tr("table.start.rule")]
    assert rolled, "no roll drawn"
    last = PEOPLE[st.rolloff_contenders[len(st.rolloff_rolls) - 1]].name  # the last roll
    assert any(text.startswith(last) for text, _ in rolled)
    if rule:  # the rule, when it is written, lies below every roll
        assert max(y for _, y in rolled) + 15 < min(rule)
    if len(rolled) < len(said):  # the first pass left out: who rolls again is said above
        tied = ", ".join(PEOPLE[seat].name for seat in st.rolloff_contenders)
        assert any(text == tr("table.start.tie", names=tied) for text, _, _ in drawn)
