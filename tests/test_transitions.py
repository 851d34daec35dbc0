"""One event, one transition: `Match.decide` returns a transition (event, state before, state
after, facts) for each event it writes, the engine's round end included, and a record's fold makes
the same transitions through the same `Match.advance`, so live play and replay cannot differ."""

from __future__ import annotations

from petanque_game.ai.petanque import aim
from petanque_game.match import Match, rebuild
from petanque_game.record import Seat, parse_record
from petanque_game.rules.base import ENGINE
from petanque_game.rules.events import Rolled
from petanque_game.rules.terningepetanque_events import Rethrown, RoundEnded


def test_a_person_s_round_of_terningepetanque_gives_one_transition_per_event_live_and_folded():
    match = Match.new("terningepetanque", [Seat("Ana", "human"), Seat("Bo", "ai", "easy")],
                      {"rounds": 1}, seed=4)
    rules, made, accepts = match.rules, [], []
    while not match.over:
        if match.ai_to_move:
            made += match.decide(match.ai_decision())
            continue
        state = match.state
        actions = state.legal_actions()
        if rules.Rethrow() in actions:
            rethrow = not any(isinstance(t.event, Rethrown) for t in made)
            step = match.decide(rules.Rethrow() if rethrow else rules.Accept())
            if not rethrow:
                accepts.append(step)
            made += step
        elif actions:
            made += match.decide(actions[0])  # the roll for who starts
        else:
            obj, die = state.throw_due
            made += match.decide(rules.Throw(obj, die, aim(match.level, 2, 0, (10.0, -20.0),
                                                           obj=obj)))
    events = match.record.events
    assert made == match.transitions and [t.index for t in made] == list(range(len(events)))
    kinds = [type(t.event) for t in made]
    assert kinds.count(Rethrown) == 1 and kinds.count(RoundEnded) == 1 and Rolled in kinds
    assert [e["action"] for e in events] == [t.event.action for t in made]
    # Keeping a throw writes nothing, but the one that ends the round brings the round end.
    assert all(step == [] for step in accepts[:-1]) and len(accepts[-1]) == 1
    end = accepts[-1][0]
    assert isinstance(end.event, RoundEnded) and end.before.to_move == ENGINE
    assert not end.before.awaiting_accept  # the state the round ended in: its throw kept
    assert end.after.totals == tuple(t + p for t, p in zip(end.before.totals, end.event.points))
    folded = rebuild(parse_record(match.record.dumps()))
    assert [(t.index, t.event, t.before, t.after, t.facts) for t in folded.transitions] == \
        [(t.index, t.event, t.before, t.after, t.facts) for t in made]


def test_a_tray_decision_and_its_facts_are_one_transition():
    match = Match.new("ship-captain-crew", [Seat("A", "ai", "easy"), Seat("B", "ai", "easy")],
                      seed=2)
    before = match.state
    decision = match.ai_decision()
    (made,) = match.decide(decision)
    assert isinstance(made.event, Rolled) and made.event.decision == decision
    assert made.before is before and made.after is match.state
    assert made.facts == match.spec.facts(before, decision, made.event.outcome, made.after)
    assert match.record.events[-1] == made.event.write()
