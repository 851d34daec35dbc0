"""Records are tamper-evident (issue 8, item 11): every roll and every die's orientation in the
hand is what the record's seed draws there, so an edited roll or orientation is caught. `verify`
exits 1 naming the event; the replay and Resume refuse the record in one line as well.

The seed's draws are computed here from the recipe in docs/records.md ("Random streams") with
hashlib and the bare Mersenne Twister, not with the program's own streams: another program can
check a record the same way.
"""

import copy
import json
from pathlib import Path

import pytest
from seed_streams import check_against_seed, seed_stream

from petanque_game.cli import main
from petanque_game.match import Match, SeedMismatch, rebuild
from petanque_game.record import Seat, load_record
from petanque_game.ui.session import LoadProblem, ReplaySession, resume

DATA = Path(__file__).parent / "data"
TRAY = {
    "ten-thousand": {"target": 1500},
    "shut-the-box": {"rounds": 2},
    "ship-captain-crew": {"target": 20, "cargo_reroll": "any"},
}


@pytest.fixture(scope="module")
def played():
    """A played game of each of the four games, as JSON."""
    out = {}
    for game, options in TRAY.items():
        match = Match.new(game, [Seat("Ana", "ai", "easy"), Seat("Bo", "ai", "expert")],
                          options, seed=11)
        match.play_to_end()
        out[game] = json.loads(match.record.dumps())
    match = Match.new("terningepetanque", [Seat("Ana", "ai", "easy"), Seat("Bo", "ai", "medium")],
                      {"rounds": 1}, seed=12, level="classic")
    match.play_to_end()
    out["terningepetanque"] = json.loads(match.record.dumps())
    return out


def test_the_documented_streams_are_the_ones_the_program_draws(played):
    match = Match.new("ten-thousand", [Seat("Ana", "human")], {}, seed=2**63 - 1)
    for purpose, seat in (("dice", None), ("hand", None), ("tumble", None), ("wobble", 1),
                          ("ai", 0)):
        ours, theirs = match.stream(purpose, seat), seed_stream(2**63 - 1, purpose, seat, 0)
        assert [ours.getrandbits(32) for _ in range(50)] == [
            theirs.getrandbits(32) for _ in range(50)]
    for game, data in played.items():
        assert check_against_seed(data) > 5, game


# --- an edited record is caught -------------------------------------------------------------------


def write(tmp_path, data, name="game.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def refused_everywhere(path, capsys, words):
    """verify exits 1 with one line naming the file and the event; the replay and Resume refuse
    the record with the same line."""
    assert main(["verify", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"{path}: {words}"), err
    for load in (ReplaySession, resume):
        with pytest.raises(LoadProblem) as refused:
            load(path)
        assert str(refused.value) == err.strip()


def test_a_first_roll_edited_to_six_ones_exits_1_naming_the_event(home, tmp_path, capsys):
    """The issue's own example: it verified as valid."""
    match = Match.new("ten-thousand", [Seat("Ana", "human"), Seat("Bo", "ai", "easy")], {},
                      seed=42)
    match.decide(match.state.legal_actions()[0])  # Ana rolls six dice
    data = json.loads(match.record.dumps())
    drawn = data["events"][0]["dice"]
    assert drawn != [1] * 6
    data["events"][0]["dice"] = [1] * 6
    path = write(tmp_path, data)
    refused_everywhere(path, capsys, f"event 0: roll differs from the seed's: recorded "
                                     f"[1, 1, 1, 1, 1, 1], the seed gives {drawn}")


@pytest.mark.parametrize("game", sorted(TRAY))
def test_a_roll_edited_anywhere_in_a_tray_game_is_caught_at_that_event(home, tmp_path, capsys,
                                                                       played, game):
    for which in (1, -1):  # the second roll and the last
        data = copy.deepcopy(played[game])
        rolls = [i for i, e in enumerate(data["events"]) if e["action"] == "roll"]
        index = rolls[which]
        dice = data["events"][index]["dice"]
        dice[0] = dice[0] % 6 + 1  # one die shows another face
        path = write(tmp_path, data, f"{which}.json")
        refused_everywhere(path, capsys, f"event {index}: roll differs from the seed's: "
                                         f"recorded {dice}")


def test_the_same_dice_under_another_seed_are_caught(tmp_path, capsys, played):
    data = copy.deepcopy(played["ten-thousand"])
    data["seed"] += 1
    path = write(tmp_path, data)
    assert main(["verify", str(path)]) == 1
    assert "event 0: roll differs from the seed's" in capsys.readouterr().err


def test_a_terningepetanque_roll_for_who_starts_edited_is_caught(home, tmp_path, capsys, played):
    data = copy.deepcopy(played["terningepetanque"])
    assert data["events"][0]["action"] == "roll"
    die = data["events"][0]["dice"]
    die[0] = die[0] % 6 + 1
    path = write(tmp_path, data)
    refused_everywhere(path, capsys, f"event 0: roll differs from the seed's: recorded {die}")


def test_a_dies_orientation_in_the_hand_edited_is_caught(home, tmp_path, capsys, played):
    data = copy.deepcopy(played["terningepetanque"])
    index = next(i for i, e in enumerate(data["events"])
                 if e["action"] == "throw" and e["object"] == "die")
    launch = data["events"][index]["launch"]
    drawn = launch["orientation"]
    launch["orientation"] = (drawn + 5) % 24
    path = write(tmp_path, data)
    refused_everywhere(path, capsys, f"event {index}: the die's orientation in the hand differs "
                                     f"from the seed's: recorded {(drawn + 5) % 24}, the seed "
                                     f"gives {drawn}")


def test_a_diamond_thrown_at_another_orientation_is_caught(tmp_path, capsys, played):
    data = copy.deepcopy(played["terningepetanque"])
    index = next(i for i, e in enumerate(data["events"])
                 if e["action"] == "throw" and e["object"] == "diamond")
    data["events"][index]["launch"]["orientation"] = 3
    path = write(tmp_path, data)
    assert main(["verify", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"event {index}: the diamond's orientation in the hand is recorded as 3; it is " \
           f"always 0" in err, err


def test_a_throws_tumble_edited_is_caught_at_that_event(home, tmp_path, capsys, played):
    """The chance in how knocked dice land (physics 3) is the seed's too: a tumble edited to
    steer a knocked die's face is caught, whether or not the throw knocked anything."""
    data = copy.deepcopy(played["terningepetanque"])
    index = max(i for i, e in enumerate(data["events"])
                if e["action"] == "throw" and e["object"] == "die")
    launch = data["events"][index]["launch"]
    drawn = launch["tumble"]
    launch["tumble"] = drawn ^ 1
    path = write(tmp_path, data)
    refused_everywhere(path, capsys, f"event {index}: the throw's tumble differs from the "
                                     f"seed's: recorded {drawn ^ 1}, the seed gives {drawn}")


def test_a_diamond_thrown_with_a_tumble_is_caught(tmp_path, capsys, played):
    data = copy.deepcopy(played["terningepetanque"])
    index = next(i for i, e in enumerate(data["events"])
                 if e["action"] == "throw" and e["object"] == "diamond")
    data["events"][index]["launch"]["tumble"] = 7
    assert main(["verify", str(write(tmp_path, data))]) == 1
    err = capsys.readouterr().err
    assert f"event {index}: the diamond throw's tumble is recorded as 7; it is always 0" in err


# --- records of earlier versions ---------------------------------------------------------------


def test_a_record_of_an_earlier_version_holds_the_seeds_draws():
    """The streams have not changed: the record of the first physics (tests/data) has every roll
    and orientation its seed draws; only its throws re-simulate differently now."""
    old = DATA / "physics-v1-terningepetanque.json"
    data = json.loads(old.read_text("utf-8"))
    assert check_against_seed(data) == 7  # two rolls for who starts, a diamond, four dice
    rebuilt = rebuild(load_record(old), check_physics=False)  # as Resume and the replay read it
    assert rebuilt.over


def test_an_edited_roll_in_an_old_record_is_not_blamed_on_the_physics(tmp_path, capsys):
    data = json.loads((DATA / "physics-v1-terningepetanque.json").read_text("utf-8"))
    data["events"][0]["dice"] = [data["events"][0]["dice"][0] % 6 + 1]
    path = write(tmp_path, data)
    assert main(["verify", str(path)]) == 1
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert "event 0: roll differs from the seed's" in err and "physics" not in err, err
    with pytest.raises(SeedMismatch):
        rebuild(load_record(path), check_physics=False)
