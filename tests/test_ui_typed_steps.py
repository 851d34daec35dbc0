"""The window reads typed steps, never the record's raw events, and never re-derives a rule: what
a roll secured in Ship, Captain and Crew is from the rules' facts (docs/design.md#typed-steps)."""

from __future__ import annotations

import re
from pathlib import Path

from petanque_game.rules import ship_captain_crew as scc
from petanque_game.rules.base import Dice, Roll, Stop

UI = Path(__file__).resolve().parents[1] / "petanque_game" / "ui"


def test_no_window_module_parses_raw_events_or_re_runs_the_rules_secure():
    for path in sorted(UI.glob("*.py")):
        text = path.read_text("utf-8")
        if path.name not in ("session.py", "ai_thread.py"):  # a live game's lines, made for
            # the saves' thread: the one place that reads the record's events for the window
            assert "record.events[" not in text, path.name
            assert not re.search(r"ev\[\"|ev\.get\(", text), path.name
        assert "from_json" not in text, path.name
        assert not re.search(r"\bsecure\(", text), path.name


def test_ship_facts_say_what_each_die_of_a_roll_became():
    s0 = scc.new_game(2)
    s1 = s0.apply(Roll(5)).apply(Dice((3, 6, 4, 5, 2)))
    facts = scc.turn_facts(s0, Roll(5), Dice((3, 6, 4, 5, 2)), s1)
    assert facts.roles == ("cargo", "ship", "crew", "captain", "cargo")
    assert (facts.secured, facts.cargo, facts.ended) == (3, (2, 3), False)
    s2 = s1.apply(Stop())
    stop = scc.turn_facts(s1, Stop(), None, s2)
    assert stop.ended and stop.score == 5


def test_ship_facts_of_a_roll_that_secures_only_the_ship():
    s0 = scc.new_game(2)
    s1 = s0.apply(Roll(5)).apply(Dice((6, 4, 4, 2, 1)))
    facts = scc.turn_facts(s0, Roll(5), Dice((6, 4, 4, 2, 1)), s1)
    assert facts.roles == ("ship", "", "", "", "") and facts.secured == 1 and facts.cargo == ()
