"""Solve Ship, Captain and Crew's pot round exactly and write the AI's shipped table.

    python tools/solve_ship_pot.py [--out DIR]

For both cargo rules (`cargo_reroll: both` and `any`) it builds every player's chance to take
the pot in rounds and roll-offs of up to 8 players (`petanque_game/ai/ship_captain_crew_pot`,
which says how) and writes them to `assets/ai/ship-pot.json`. The file is read back with the
game's own reader and compared with what was built.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from petanque_game.ai import ship_captain_crew_pot as pot


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "assets" / "ai"))
    args = parser.parse_args()
    out = Path(args.out) / pot.FILE
    built, data = {}, {}
    for anymode in (False, True):
        start = time.process_time()
        built[anymode] = pot.PotTables(anymode)
        data[pot.rule_name(anymode)] = pot.to_json(built[anymode])
        print(f"cargo_reroll {pot.rule_name(anymode)}: {time.process_time() - start:.2f} s CPU")
    out.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    for anymode, tables in built.items():
        back = pot.from_json(json.loads(out.read_text(encoding="utf-8"))[pot.rule_name(anymode)],
                             anymode)
        assert back.rolloff == tables.rolloff and back._w == tables._w, "read back differently"
    print(f"wrote {out} ({out.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
