"""The hands the hint's stated worth is averaged over (ai/petanque_hand_errors.py): spread evenly
over the hand's errors, each one still a fair draw of the hand, the same from the same stream.
How much less the worth varies is measured by benchmarks/bench_hint_worth.py --estimators."""

from __future__ import annotations

import random
import statistics

from petanque_game.ai import petanque as ai
from petanque_game.ai.petanque_hand_errors import ERRORS, spread_errors

SLICES = statistics.NormalDist()


def _slice(z: float, count: int) -> int:
    return int(count * SLICES.cdf(z))


def test_every_error_takes_one_value_from_each_slice():
    hands = spread_errors(random.Random(4), 64)
    assert len(hands) == 64 and all(len(h) == ERRORS == ai.WOBBLES for h in hands)
    for k in range(ERRORS):
        assert sorted(_slice(h[k], 64) for h in hands) == list(range(64))


def test_speed_and_heading_together_fill_every_cell_of_a_grid():
    """Speed and heading move where a die stops most: their pairs fill an 8 x 8 grid of equally
    likely cells, one hand in each (independent hands leave about a third of the cells empty)."""
    for seed in range(5):
        hands = spread_errors(random.Random(seed), 64)
        cells = {(_slice(h[2], 8), _slice(h[1], 8)) for h in hands}
        assert len(cells) == 64


def test_the_same_stream_gives_the_same_hands_and_another_stream_others():
    assert spread_errors(random.Random("a"), 48) == spread_errors(random.Random("a"), 48)
    assert spread_errors(random.Random("a"), 48) != spread_errors(random.Random("b"), 48)


def test_each_hand_is_a_fair_draw_of_the_hand():
    """Scrambled afresh from each stream, any one hand of a batch is a standard normal in every
    error: over 400 streams, hand 5 and hand 40 of 48 have mean 0 and sd 1 (within 4 standard
    errors), and no slice of the error is favoured."""
    batches = [spread_errors(random.Random(s), 48) for s in range(400)]
    for index in (5, 40):
        for k in range(ERRORS):
            drawn = [batch[index][k] for batch in batches]
            assert abs(statistics.mean(drawn)) <= 4 / 400 ** 0.5
            assert 0.86 <= statistics.pstdev(drawn) <= 1.14
            counts = [0] * 4
            for z in drawn:
                counts[_slice(z, 4)] += 1
            assert all(70 <= c <= 130 for c in counts), counts


def test_a_lone_hand_is_a_plain_normal_draw():
    drawn = [spread_errors(random.Random(s), 1)[0] for s in range(400)]
    for k in range(ERRORS):
        values = [h[k] for h in drawn]
        assert abs(statistics.mean(values)) <= 4 / 400 ** 0.5
        assert 0.86 <= statistics.pstdev(values) <= 1.14
