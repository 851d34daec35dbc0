"""Build Ten Thousand's expected-points tables and write them where the AI reads them.

    python tools/solve_ten_thousand_points.py [--out DIR]

The expert plays for points where no win table is shipped (a target the menu does not offer,
solo practice). Its far tables (one per `hot_dice_banks` setting) and the one-turn reach chances
take 0.1-0.3 s to build (`petanque_game/ai/ten_thousand_points`), too long for a first decision,
so they are built here and written to `assets/ai/ten-thousand-points.json`, then read back with
the game's own reader and compared with what was built. So are the rolls of one to six dice
grouped by their choices (`ten_thousand_dice.roll_groups`, 15-25 ms to build, which every turn
table needs): `assets/ai/ten-thousand-rolls.json`; and the points six fresh dice bring near the
target when hot dice bank (`ten_thousand_worth.build_fresh`, up to 0.3 s for a hint's first need
of them), in the points file.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from petanque_game.ai import ten_thousand_dice as dice
from petanque_game.ai import ten_thousand_points as points
from petanque_game.ai import ten_thousand_worth as worth


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "assets" / "ai"))
    args = parser.parse_args()
    built = {banks: points.build_far_table(banks) for banks in (True, False)}
    reach = points.build_reach_table()
    data = {points.rule_name(b): {"hot": t.hot, "rolls": t.rolls()} for b, t in built.items()}
    data["reach"] = reach
    fresh = {factor: worth.build_fresh(factor) for factor in points.FACTORS}
    data["fresh"] = {str(factor): values for factor, values in fresh.items()}
    out = Path(args.out) / points.FILE
    out.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    points._shipped.cache_clear()
    points.far_table.cache_clear()
    points._reach_table.cache_clear()
    for banks, table in built.items():
        back = points.far_table(banks)
        assert back._rolls == table._rolls and back._values == table._values, "read back wrong"
    assert points._reach_table() == reach, "reach chances read back wrong"
    worth._shipped_fresh.cache_clear()
    assert worth._shipped_fresh() == fresh, "fresh-dice worths read back wrong"
    print(f"wrote {out} ({out.stat().st_size:,} bytes)")
    rolls = Path(args.out) / dice.FILE
    rolls.write_text(json.dumps(dice.groups_json(), separators=(",", ":")) + "\n",
                     encoding="utf-8")
    dice._shipped.cache_clear()
    for n in range(dice.DICE + 1):
        assert dice._shipped()[n] == dice.build_roll_groups(n), "roll groups read back wrong"
    print(f"wrote {rolls} ({rolls.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
