"""Learned edges: what a searched throw adds beyond a club player's throw, for the hint's worth.

The hint's stated worth plays the round on with every throw to come aimed by a club player's
rule (`petanque_round`). Two kinds of throw are aimed better than that, and a search in every
rollout would cost seconds a hint (about 0.2 s a throw):

- an expert AI's: it weighs a dozen aims on the real table before it throws (`petanque.search`),
  knocks away the die that leads more often and more surely; with the club rule for it, over
  1,080 hinted throws the real lead came out a point below the worth (issue 32);
- the hinted player's own later throws, when the player throws the hint again (the same search
  with the player's hand): with the club rule for them, the worth of a seat's first die came out
  0.9 points below the real lead against medium.

So the rollout still throws the club rule's aim, and adds what the search would have done
beyond it, learned from the search itself: `tools/learn_expert_edge.py` plays hint situations
and at each such throw inside the hint's rollouts throws that one throw twice on the same
streams, once as the search aims it and once as the club rule does, the rest of the round the
same way; the difference in the hinted player's end lead is the edge of that throw. A
regression tree over a few things any table shows (`features`: how near the player's and the
others' best dice lie, what the round is worth to the player as it stands, the throws left)
holds the mean edge in each kind of situation; the two trees are shipped in `assets/ai/`
(EXPERT, OWN) and walked here in microseconds. Each edge is learned with the rest of the round
club-played (benchmarks/RESULTS.md, "The hint's worth against the real lead", says how near the
sum comes to real rounds).

A tree that cannot be read leaves those throws as the club model plays them (logged): the hint
still works, only less true.
"""

from __future__ import annotations

import json
import logging
import math
from functools import cache
from importlib.resources.abc import Traversable
from pathlib import Path

from petanque_game.ai.petanque_worth import Situation, gap, lead
from petanque_game.data import assets_dir

_log = logging.getLogger(__name__)

EXPERT, OWN = "expert-edge.json", "own-edge.json"  # the two trees, in assets/ai/
FAR = 999.0  # mm: the distance said for a die that is not there
# what the tree looks at, in this order (`features`)
FEATURES = ("stake", "me_closest", "my_dist", "my_face", "my_n", "other_dist", "x_dist",
            "x_face", "me_after", "x_after", "die", "crowd", "dm_r", "rest")
CROWD = 60.0  # mm: a die this near the diamond is in the crowd round it


def features(now: Situation, me: int) -> dict[str, float]:
    """The situation of the throw `now` (a searched one) as `me`, whose lead is measured,
    sees it: `stake` its expected lead as the table lies with the throws to come (this one
    included), whether its best die lies closest, that die's distance and face and how many of
    its dice lie, the best other seat's distance, the thrower's best distance and face, the
    throws each of the two has left after this one, the die thrown (0, 1), how many dice lie
    within CROWD of the diamond, the diamond's distance from the board's middle, and how many
    throws of any seat are left after this one (for a seat's own throw, the others' too)."""
    table = now.table
    on = [d for d in table.dice if d.on_board and d.distance is not None]
    mine = min((d for d in on if d.player == me), key=gap, default=None)
    best_other = min((d for d in on if d.player != me), key=gap, default=None)
    theirs = min((d for d in on if d.player == now.thrower), key=gap, default=None)
    diamond = table.diamond
    return {
        "stake": lead(table, me, now.penalties, (now.thrower, *now.to_come)),
        "me_closest": float(mine is not None
                            and (best_other is None or gap(mine) < gap(best_other))),
        "my_dist": FAR if mine is None else gap(mine),
        "my_face": 0.0 if mine is None else float(mine.face),
        "my_n": float(sum(1 for d in on if d.player == me)),
        "other_dist": FAR if best_other is None else gap(best_other),
        "x_dist": FAR if theirs is None else gap(theirs),
        "x_face": 0.0 if theirs is None else float(theirs.face),
        "me_after": float(sum(1 for s in now.to_come if s == me)),
        "x_after": float(sum(1 for s in now.to_come if s == now.thrower)),
        "die": float(now.die or 0),
        "crowd": float(sum(1 for d in on if gap(d) < CROWD)),
        "dm_r": 0.0 if diamond is None else (diamond.x ** 2 + diamond.y ** 2) ** 0.5,
        "rest": float(len(now.to_come)),
    }


def edge(now: Situation, me: int) -> float:
    """The points a searched throw `now` is expected to add to `me`'s end lead beyond what the
    club rule's throw would: an expert seat's (negative: it takes more) or `me`'s own later
    throw, thrown as the hint aims it; 0 when that tree is not shipped."""
    tree = shipped(OWN if now.thrower == me else EXPERT)
    if tree is None:
        return 0.0
    return walk(tree, features(now, me))


def walk(node: dict, seen: dict[str, float]) -> float:
    """The tree's value for the features `seen`: each split sends lower values left."""
    while "split" in node:
        node = node["lo"] if seen[node["split"]] < node["below"] else node["hi"]
    return float(node["value"])


@cache
def shipped(name: str = EXPERT) -> dict | None:
    """A shipped tree (EXPERT or OWN in `assets/ai/`, read once), None when it is not whole."""
    return read(assets_dir() / "ai" / name)


def read(path: Traversable | Path) -> dict | None:
    """The tree a file written by `tools/learn_expert_edge.py` holds; None, logged, when it
    cannot be read or is not a whole tree (`check`)."""
    try:
        tree = json.loads(path.read_text(encoding="utf-8"))["tree"]
        check(tree)
        return dict(tree)
    except (OSError, ValueError, KeyError, TypeError) as e:
        _log.warning("the learned edge %s cannot be used (%s): the worth plays those throws "
                     "as a club player would", path, e)
        return None


def check(node: object, depth: int = 0) -> None:
    """ValueError unless `node` is a whole tree over FEATURES (each split at a finite value,
    each leaf a finite value of at most 100 points either way)."""
    if not isinstance(node, dict) or depth > 32:
        raise ValueError("not a tree node")
    if "split" in node:
        if node["split"] not in FEATURES or not _finite(node.get("below")):
            raise ValueError(f"a split on {node.get('split')!r} the tree does not know")
        check(node.get("lo"), depth + 1)
        check(node.get("hi"), depth + 1)
    elif not _finite(node.get("value")) or abs(node["value"]) > 100:
        raise ValueError("a leaf without a value")


def _finite(x: object) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)
