"""Chance in a game on one computer (docs/records.md, "Fairness"): a player who reads the autosave,
or copies it and resumes, learns nothing about the next draw. Each attack is also run against a
game drawn from its seed alone, where it works: that is what the fresh entropy takes away."""

import json
import math

from seed_streams import check_against_seed, seed_orientation, seed_roll, seed_stream, seed_tumble

from petanque_game.ai import hand_of
from petanque_game.draws import LocalEntropy
from petanque_game.match import Match, rebuild
from petanque_game.physics.hand import wobble
from petanque_game.record import Seat, load_record
from petanque_game.rules.base import Roll
from petanque_game.throwing import release

TRIALS = 1000
ROBOTS = [Seat("Astrid", "ai", "easy"), Seat("Bo", "ai", "easy")]


def read_autosave(path):
    """All the attacker has: the autosave's JSON."""
    return json.loads(path.read_text(encoding="utf-8"))


def at_a_die_throw(tmp_path, chance):
    """A Terningepetanque game, autosaved, where the seat to move is to throw a die."""
    match = Match.new("terningepetanque", ROBOTS, seed=11, autosave=tmp_path / "auto.json",
                      chance=chance)
    match.paths = False
    while match.state.throw_due is None or match.state.throw_due[0] != "die":
        match.play_ai_turn()
    return match


def near_hits(predicted, actual, sd):
    """Throws whose heading error came within 0.05 sd of the one predicted. A hand's error is
    normal: no guess made without the draw lands that near more often than the aim itself does,
    about 4% of the time (the normal's mass within 0.05 sd of its mean)."""
    return sum(abs(math.remainder(a - p, 2 * math.pi)) < 0.05 * sd
               for p, a in zip(predicted, actual))


def throw_attack(tmp_path, chance, trials):
    """The autosave-reading script against a throw: predict the die's orientation, the tumble
    and the hand's wobble (the heading it adds) from the file, then throw. Returns the hits on
    orientation and tumble and the correlation of predicted and actual heading errors."""
    match = at_a_die_throw(tmp_path, chance)
    seat = match.seat_to_move
    decided = match.ai_decision()
    aim = decided.launch
    data = read_autosave(tmp_path / "auto.json")
    seed, index = data["seed"], len(data["events"])
    hand = hand_of("easy")  # the thrower's hand, which the attacker knows
    guess = wobble(match.board, 2, seat, aim, hand, seed_stream(seed, "wobble", seat, index))
    orientation_hits = tumble_hits = 0
    predicted, actual = [], []
    for _ in range(trials):
        launch = release(match, seat, decided).launch  # drawn as Match.decide draws it
        orientation_hits += launch.orientation == seed_orientation(seed, index)
        tumble_hits += launch.tumble == seed_tumble(seed, index)
        predicted.append(guess.direction - aim.direction)
        actual.append(launch.direction - aim.direction)
    return orientation_hits, tumble_hits, predicted, actual


def test_reading_the_autosave_predicts_no_throw_better_than_chance(tmp_path):
    orientation_hits, tumble_hits, predicted, actual = throw_attack(tmp_path, LocalEntropy(),
                                                                    TRIALS)
    # 1 in 24 by chance: 41.7 expected, sd 6.3; 80 is six sds above
    assert orientation_hits < 80
    assert tumble_hits <= 1  # 1 in 2^32 by chance
    # the wobble: the attacker's guess lands near no more often than any guess (<= 40 expected)
    assert near_hits(predicted, actual, hand_of("easy").direction) < 70


def test_against_a_seed_only_game_the_same_script_predicts_every_throw(tmp_path):
    orientation_hits, tumble_hits, predicted, actual = throw_attack(tmp_path, None, 20)
    assert orientation_hits == tumble_hits == 20
    assert predicted == actual and near_hits(predicted, actual, hand_of("easy").direction) == 20


def roll_attack(tmp_path, chance, trials):
    """The autosave-reading script against a tray roll: predict the six dice of Ten Thousand's
    first roll from the file; the hits, die by die."""
    match = Match.new("ten-thousand", ROBOTS, seed=5, autosave=tmp_path / "auto.json",
                      chance=chance)
    assert match.draw_follows(Roll(6))
    data = read_autosave(tmp_path / "auto.json")
    guess = seed_roll(data["seed"], len(data["events"]), 6)
    hits = 0
    for _ in range(trials):
        with match.drawing():  # as Match.advance draws a roll
            dice = match.draw_dice(6).values
        hits += sum(a == b for a, b in zip(dice, guess))
    return hits


def test_reading_the_autosave_predicts_no_roll_better_than_chance(tmp_path):
    hits = roll_attack(tmp_path, LocalEntropy(), TRIALS)
    # 6,000 dice, 1 in 6 by chance: 1,000 expected, sd 28.9
    assert 830 < hits < 1170


def test_against_a_seed_only_game_the_same_script_predicts_every_roll(tmp_path):
    assert roll_attack(tmp_path, None, 50) == 300


def test_each_fresh_draw_is_uniform(tmp_path):
    """The fresh draws are still fair dice: each face about a sixth (6,000 dice)."""
    match = Match.new("ten-thousand", ROBOTS, seed=5, chance=LocalEntropy())
    counts = [0] * 6
    for _ in range(TRIALS):
        with match.drawing():
            for v in match.draw_dice(6).values:
                counts[v - 1] += 1
    assert all(880 < c < 1120 for c in counts), counts  # 1,000 expected, sd 28.9


def test_save_scumming_a_roll_gives_other_dice(tmp_path):
    """Copy the autosave, roll, put the copy back and resume: the resumed game draws afresh."""
    path = tmp_path / "auto.json"
    Match.new("ten-thousand", [Seat("Ana", "human"), ROBOTS[1]], seed=9, autosave=path,
              chance=LocalEntropy())
    kept = path.read_bytes()
    rolls = []
    for _ in range(4):
        path.write_bytes(kept)
        resumed = rebuild(load_record(path))
        resumed.autosave = path
        resumed.decide(Roll(6))
        rolls.append(resumed.record.events[-1]["dice"])
        assert isinstance(resumed.chance, LocalEntropy)
    assert len({tuple(r) for r in rolls}) > 1  # four equal rolls of six dice: 1 in 6^18


def test_save_scumming_a_seed_only_game_gives_the_same_dice(tmp_path):
    path = tmp_path / "auto.json"
    Match.new("ten-thousand", [Seat("Ana", "human"), ROBOTS[1]], seed=9, autosave=path)
    kept = path.read_bytes()
    rolls = []
    for _ in range(2):
        path.write_bytes(kept)
        resumed = rebuild(load_record(path))
        resumed.decide(Roll(6))
        rolls.append(resumed.record.events[-1]["dice"])
    assert rolls[0] == rolls[1]


def test_save_scumming_a_throw_gives_another_throw(tmp_path):
    match = at_a_die_throw(tmp_path, LocalEntropy())
    decided = match.ai_decision()
    kept = (tmp_path / "auto.json").read_bytes()
    launches = []
    for _ in range(2):
        (tmp_path / "auto.json").write_bytes(kept)
        resumed = rebuild(load_record(tmp_path / "auto.json"), check_physics=False)
        resumed.paths = False
        while resumed.state.throw_due is None:  # the last throw, kept (Accept is not recorded)
            resumed.play_ai_turn()
        resumed.decide(decided)
        throw = next(e for e in reversed(resumed.record.events) if e["action"] == "throw")
        launches.append(throw["launch"])
    assert launches[0]["tumble"] != launches[1]["tumble"]  # equal once in 2^32
    assert any(launches[0][k] != launches[1][k]  # and the hand wobbles afresh
               for k in ("x", "y", "direction", "speed", "elevation"))


def test_a_record_holds_what_another_program_needs_to_rederive_each_draw(tmp_path):
    """The record's events carry their entropy, and docs/records.md's recipe (re-done in
    tests/seed_streams.py without the program's streams) gives each roll from it."""
    match = Match.new("ten-thousand", ROBOTS, seed=3, chance=LocalEntropy())
    for _ in range(30):
        match.play_ai_turn()
    data = json.loads(match.record.dumps())
    assert data["chance"] == {"scheme": "local"}
    assert check_against_seed(data) == match.draws_made > 5
