"""Each die's distance to the diamond as the table's labels say it: whole millimetres, with the
decimals that tell the closest die apart from one the rules reckon farther, and "touching" for a
die against the diamond. The reckoning, the side panel and the view's labels all say it so."""

from __future__ import annotations

from petanque_game.rules.petanque_table import Table
from petanque_game.rules.terningepetanque_score import reckoned_distance
from petanque_game.ui.look import Look

FINEST = 3  # decimals at most in a distance's figure (finer than the physics tells apart)


def distance_figures(look: Look, table: Table) -> dict[tuple[int, int], str]:
    """Each die's distance to the diamond as its label says it, by (seat, die): whole mm, but
    as many decimals as it takes to tell the closest die apart from a die the rules reckon
    farther (a die marked closest and another both "2 mm": "1.6 mm" and "2.3 mm"); "touching"
    for a die that touches the diamond (it is reckoned at 0)."""
    on = [d for d in table.dice if d.on_board]
    reckoned = {(d.player, d.die): reckoned_distance(d) for d in on}
    digits = dict.fromkeys(reckoned, 0)
    best = min(reckoned.values(), default=0.0)
    closest = {key for key, value in reckoned.items() if value == best}
    for _ in range(FINEST):
        said = {key: f"{value:.{digits[key]}f}" for key, value in reckoned.items()}
        first = {said[key] for key in closest}
        alike = {key for key in reckoned if said[key] in first and key not in closest}
        if not alike:
            break
        for key in alike | closest:  # they and the closest: told apart
            digits[key] += 1
    figures = {}
    for key, value in reckoned.items():
        figures[key] = look.tr("table.reckoning.touching") if value == 0.0 else \
            look.tr("table.reckoning.mm", mm=look.decimal(value, digits[key]) if digits[key]
                    else look.number(round(value)))
    return figures
