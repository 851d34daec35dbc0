"""The hands the Terningepetanque expert imagines for itself (ai/petanque.py): streams whose
first normal draws are spread evenly over the hand's errors, and the chance the match draws only
after a decision, sampled from them.

A search throws every candidate aim with the same hands. A hand's wobble (physics/hand.py) takes
only its set normal draws, so after each throw the hand is put back by its count of them alone
(`Drawn.again`); a draw of any other kind marks the stream, and the whole stream is put back.
"""

from __future__ import annotations

import random
from statistics import NormalDist

from petanque_game.ai.petanque_hand_errors import spread_errors
from petanque_game.physics.hand import draw_orientation, draw_tumble

WOBBLES = 5  # the normal draws `wobble` makes for one throw
_NORMAL = NormalDist()


class Drawn(random.Random):
    """A hand's stream whose first normal draws are set beforehand (`spread_hands`); any draw
    after those, and every other kind of draw, comes from its own seeded stream."""

    def __init__(self, seed: int, normals: list[float]):
        super().__init__(seed)
        self.normals, self.drawn, self.stirred = normals, 0, False

    def gauss(self, mu: float = 0.0, sigma: float = 1.0) -> float:
        if self.drawn >= len(self.normals):
            return super().gauss(mu, sigma)
        self.drawn += 1
        return mu + sigma * self.normals[self.drawn - 1]

    def random(self) -> float:
        self.stirred = True
        return super().random()

    def getrandbits(self, k: int) -> int:
        self.stirred = True
        return super().getrandbits(k)

    def getstate(self) -> tuple:
        return super().getstate(), self.drawn

    def setstate(self, state: tuple) -> None:
        super().setstate(state[0])
        self.drawn, self.stirred = state[1], False

    def again(self, state: tuple) -> None:
        """Back to `state` (a `getstate` of it): by the count of set draws alone when nothing
        else was drawn since, else the whole stream."""
        if self.stirred:
            self.setstate(state)
        else:
            self.drawn = state[1]


def spread_hands(rng: random.Random, count: int) -> list[Drawn]:
    """`count` streams for hands to throw with, drawn from `rng`, spread evenly over the hand's
    errors (a Latin hypercube): in each of a hand's first WOBBLES normal draws (`wobble`: the
    release point, heading, speed, elevation, spin) the `count` hands take one value from each of
    `count` equally likely slices, in random order. Each hand is still a fair draw of the hand,
    and a mean over them varies no more than over independent hands (measured, a little less:
    a worth is a step function of where the die stops; benchmarks/bench_hint_worth.py)."""
    columns = []
    for _ in range(WOBBLES):
        slices = list(range(count))
        rng.shuffle(slices)
        columns.append([_NORMAL.inv_cdf(min(max((s + rng.random()) / count, 1e-12), 1 - 1e-12))
                        for s in slices])
    return [Drawn(rng.getrandbits(64), [column[i] for column in columns])
            for i in range(count)]


def even_hands(rng: random.Random, count: int) -> list[Drawn]:
    """`count` streams for hands to throw with, drawn from `rng`, whose errors are scrambled
    Sobol points (`petanque_hand_errors.spread_errors`, what the hint's worth is averaged over).
    Unlike `spread_hands`, not only all `count` of them but their first 2, 4, 8, ... too are
    spread evenly over the errors: the first stages of the search's race, which send the
    candidates on or out, meet an even spread of hands, not a few random ones."""
    return [Drawn(rng.getrandbits(64), errors) for errors in spread_errors(rng, count)]


def unseen_chance(sample: random.Random) -> tuple[int, int]:
    """What the match draws only after the decision (the die's orientation in the hand, the
    tumble of the dice it knocks: `physics.hand`), sampled instead from a generator seeded by
    the hand sample, which is left as it was: every candidate meets the same chance, and none of
    it is the match's."""
    state = sample.getstate()
    unseen = random.Random(sample.getrandbits(64) ^ 0x7A3C5E91B2D4F608)
    sample.setstate(state)
    return draw_orientation(unseen), draw_tumble(unseen)
