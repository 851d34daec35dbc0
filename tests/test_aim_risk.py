"""The aim's risk and the hand's spread (ai/petanque_risk.py, issue 32 item 5, issue 33 item 2):
from where throws land as well as where they stop, against real throws (the match's release with
the hand's wobble, simulated to rest: tests/risk_aims.py). The full checks are `-m slow`;
benchmarks/bench_aim_risk.py prints the same figures."""

import math
import random
import statistics

import pytest
from risk_aims import edge_aims, edge_point, open_aims, real_throw
from ui_support import speak, spoken

from petanque_game.ai import petanque_risk
from petanque_game.ai.petanque_risk import SHOWN_FROM, THROWS, aim_risk, risk_lines
from petanque_game.ai.petanque_spread import fit_spread
from petanque_game.physics import load_named_level, top_face
from petanque_game.physics.hand import PERSON_HANDS, STEADY
from petanque_game.rules.petanque_table import Aim, DiamondRest, DieRest, Table
from petanque_game.ui.table.aim import aim_at, preview
from petanque_game.words import english_tr

NORMAL = PERSON_HANDS["normal"]


def test_the_sample_hands_are_as_wide_as_the_hand_in_every_error():
    """The old spread's 32 draws had a sideways error of 0.64 of the hand's."""
    errors = [e for e, _, _ in petanque_risk._sample()]
    assert len(errors) == THROWS
    for k in range(5):
        column = [e[k] for e in errors]
        assert abs(statistics.mean(column)) < 0.05
        assert 0.95 < statistics.pstdev(column) < 1.05, k
    turns = sorted(o for _, o, _ in petanque_risk._sample())
    assert {turns.count(o) for o in range(24)} <= {THROWS // 24, THROWS // 24 + 1}  # evenly


def test_the_spread_holds_four_in_five_real_throws():
    """A few aims, flat to high, the diamond and a die (the full check: `-m slow`, 78-82% of
    over 2,000 throws of each hand). The old spread held about 67% here."""
    rng = random.Random(5)
    held = thrown = 0
    for name, target in (("classic", (60.0, 40.0)), ("round-table", (-50.0, 90.0))):
        level = load_named_level(name)
        diamond = Table(DiamondRest(-150.0, -60.0, 0.0, True))
        for obj, table in (("diamond", Table()), ("die", diamond)):
            for height in (0.0, 25.0, 50.0, 70.0):
                aim = aim_at(level, 2, 0, target, height, obj)
                assert not preview(level, 2, 0, aim, obj, table).warnings
                drawn = aim_risk(level, table, 2, 0, obj, aim, NORMAL).spread
                for _ in range(40):
                    held += drawn.holds(*real_throw(level, table, 0, obj, aim, NORMAL, rng)[0])
                    thrown += 1
    assert 0.72 <= held / thrown <= 0.88, (held, thrown)


def test_a_spread_holds_its_share_of_an_even_sample():
    rng = random.Random(1)
    points = [(3.0 * rng.gauss(0, 1) + 100.0, rng.gauss(0, 1) - 5.0) for _ in range(4000)]
    drawn = fit_spread(points[:2000])
    assert 0.78 <= sum(drawn.holds(*p) for p in points[2000:]) / 2000 <= 0.82
    assert drawn.a > 2.5 * drawn.b and abs(math.sin(drawn.angle)) < 0.1  # long along x
    with pytest.raises(ValueError):
        fit_spread(points[:3])


@pytest.mark.parametrize("name, inside, height", [("classic", 100.0, 20.0),
                                                   ("classic", 60.0, 45.0),
                                                   ("round-table", 60.0, 45.0)])
def test_a_diamond_near_the_own_edge_is_told_it_may_land_off(name, inside, height):
    """Issue 33: aimed inside one's own edge, the preview's path and spread were clean while a
    good share of the hand's throws came down before the board."""
    level = load_named_level(name)
    aim = aim_at(level, 2, 0, edge_point(level, 2, 0, 0.0, inside), height, "diamond")
    assert preview(level, 2, 0, aim, "diamond", Table()).warnings == []  # the old preview: clean
    risk = aim_risk(level, Table(), 2, 0, "diamond", aim, NORMAL)
    rng = random.Random(3)
    rate = sum(real_throw(level, Table(), 0, "diamond", aim, NORMAL, rng)[1]
               for _ in range(100)) / 100
    assert rate >= 0.1
    assert abs(risk.off_board - rate) <= 0.1, (risk.off_board, rate)
    assert [f for f, _ in risk_lines(risk, english_tr)][:1] == ["off_board"]
    assert risk.own_wall == 0.0 and risk.diamond == 0.0


def test_a_throw_too_low_hits_its_own_wall():
    level = load_named_level("bumper-lane")
    flat = aim_at(level, 2, 0, (0.0, 55.0), 5.0, "die")
    weak = Aim(flat.x, flat.y, flat.direction, 500.0, 0.0, 0.0)
    table = Table(DiamondRest(0.0, 0.0, 0.0, True))
    risk = aim_risk(level, table, 2, 0, "die", weak, NORMAL)
    assert risk.own_wall >= 0.9 and risk.off_board >= risk.own_wall
    clean = aim_risk(level, table, 2, 0, "die", flat, NORMAL)
    assert clean.own_wall == 0.0


def test_the_dice_and_the_diamond_it_moves_are_told_apart():
    level = load_named_level("classic")
    own = DieRest(0, 0, 0.0, -70.0, 0.0, top_face(0), True, None, 50.0, 0)
    other = DieRest(1, 0, 150.0, 100.0, 0.0, top_face(5), True, None, 140.0, 5)
    table = Table(DiamondRest(0.0, 0.0, 0.0, True), (own, other))
    # a low throw along the middle: through its own die, on into the diamond; nowhere near the
    # other player's die
    through = aim_risk(level, table, 2, 0, "die", aim_at(level, 2, 0, (0.0, 40.0), 10.0, "die"),
                       NORMAL)
    assert through.own_die >= 0.5 and through.other_die <= 0.1
    # a high throw coming down short of everything
    short = aim_risk(level, table, 2, 0, "die", aim_at(level, 2, 0, (-150.0, -150.0), 60.0,
                                                        "die"), NORMAL)
    assert short.own_die == short.other_die == short.diamond == 0.0
    # seat 1 (the north wall) throws low through its own die: what is own goes with the seat
    theirs = aim_risk(level, table, 2, 1, "die", aim_at(level, 2, 1, (150.0, 60.0), 10.0, "die"),
                      NORMAL)
    assert theirs.own_die >= 0.5 and theirs.other_die <= 0.1


def test_the_same_aim_gives_the_same_figures_and_draws_nothing_of_anyones():
    level = load_named_level("round-table")
    aim = aim_at(level, 2, 1, (30.0, -200.0), 30.0, "diamond")
    state = random.getstate()
    first = aim_risk(level, Table(), 2, 1, "diamond", aim, NORMAL)
    again = list(petanque_risk.aim_risk_steps(level, Table(), 2, 1, "diamond", aim, NORMAL))
    assert again[-1] == first and again[:-1] == [None] * THROWS
    assert random.getstate() == state
    # an exact hand has no spread, but the die's orientation still varies
    assert aim_risk(level, Table(), 2, 1, "diamond", aim, STEADY).spread is None


def test_the_preview_says_each_chance_above_the_threshold_in_three_languages():
    risk = petanque_risk.Risk(0.23, 0.08, SHOWN_FROM - 0.01, 1.0, 0.0, None)
    lines = {}
    for code in ("en", "da", "nb"):
        speak(code)
        try:
            lines[code] = risk_lines(risk, spoken().tr)
        finally:
            speak("en")
    assert lines["en"] == [("off_board", "Off the board: 23%"),
                           ("own_wall", "Hits your own wall: 8%"),
                           ("own_die", "Moves your own die: over 99%")]
    for code in ("da", "nb"):
        assert [f for f, _ in lines[code]] == ["off_board", "own_wall", "own_die"]
        assert all("23" in t or "8" in t or "99" in t for _, t in lines[code])
        assert [t for _, t in lines[code]] != [t for _, t in lines["en"]]
        assert not any("table.risk" in t for _, t in lines[code])


# --- the full checks -------------------------------------------------------------------------


@pytest.mark.slow
def test_the_spread_holds_78_to_82_percent_of_every_hands_real_throws():
    """Over 2,000 real throws of each hand at aims all over every board (about 4 minutes)."""
    aims = open_aims(4)
    for name, hand in PERSON_HANDS.items():
        rng = random.Random(21)
        held = thrown = 0
        for level, seat, obj, aim, table in aims:
            drawn = aim_risk(level, table, 2, seat, obj, aim, hand).spread
            for _ in range(4):
                held += drawn.holds(*real_throw(level, table, seat, obj, aim, hand, rng)[0])
                thrown += 1
        assert thrown >= 2000
        assert 0.78 <= held / thrown <= 0.82, (name, held / thrown)


@pytest.mark.slow
def test_the_off_board_figure_is_within_5_points_near_every_edge():
    """Every shipped board, aims 20, 60 and 100 mm inside the edge in eight ways, three heights,
    both seats, the diamond and a die, 100 real throws of the normal hand each (about 8 minutes).
    A figure more than 5 points from its measured rate is measured again with 1,000 throws (100
    throws' rate is itself about 5 points uncertain near one half); every one must then be within
    5 points, and any aim that leaves the board in a tenth of its throws must be told."""
    rng = random.Random(11)
    gaps = []
    for _, level, seat, obj, aim, table in edge_aims():
        figure = aim_risk(level, table, 2, seat, obj, aim, NORMAL).off_board
        rate = sum(real_throw(level, table, seat, obj, aim, NORMAL, rng)[1]
                   for _ in range(100)) / 100
        if abs(figure - rate) > 0.05:
            rate = sum(real_throw(level, table, seat, obj, aim, NORMAL, rng)[1]
                       for _ in range(1000)) / 1000
        gaps.append(figure - rate)
        assert abs(figure - rate) <= 0.05, (level.title, seat, obj, aim, figure, rate)
        assert figure >= SHOWN_FROM or rate < 0.1
    assert statistics.mean(map(abs, gaps)) < 0.025
