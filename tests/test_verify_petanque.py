"""`verify` on Terningepetanque records (docs/records.md#what-verify-checks): throws re-simulated; a
bad launch exits 2, an outcome or round_end that differs exits 1 naming the event."""

import copy
import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

from petanque_game.cli import main
from petanque_game.match import Match
from petanque_game.record import Seat


@pytest.fixture(scope="module")
def game():
    """A finished one-round, three-player game between AI seats, as JSON."""
    players = [Seat("Ana", "ai", "easy"), Seat("Bo", "ai", "medium"), Seat("Cy", "ai", "easy")]
    match = Match.new("terningepetanque", players, {"rounds": 1}, seed=4, level="classic")
    match.play_to_end()
    return json.loads(match.record.dumps())


def verify(tmp_path, record, *args):
    path = tmp_path / "tp.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return path, main(["verify", str(path), *args])


def first_throw(record, obj="die"):
    return next(i for i, e in enumerate(record["events"])
                if e["action"] == "throw" and e["object"] == obj)


def test_a_played_game_verifies_with_its_result(tmp_path, capsys, game):
    _, code = verify(tmp_path, game, "--json")
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert out["complete"] and out["scores"] == game["result"]["scores"]
    assert out["winners"] == game["result"]["winners"]
    actions = [e["action"] for e in game["events"]]
    assert actions.count("throw") == 7 and actions[-1] == "round_end"


@pytest.mark.parametrize("change, words", [
    (lambda launch: launch.pop("speed"), "launch lacks 'speed'"),
    (lambda launch: launch.update(speed=1e9), "speed"),
    (lambda launch: launch.update(speed=-5.0), "speed"),
    (lambda launch: launch.update(elevation=3.0), "elevation"),
    (lambda launch: launch.update(x=0.0, y=0.0), "release"),
    (lambda launch: launch.update(orientation=24), "orientation"),
    (lambda launch: launch.update(tumble=-1), "launch.tumble is -1"),
    (lambda launch: launch.update(tumble=2**32), "launch.tumble is 4294967296"),
    (lambda launch: launch.update(tumble=1.5), "launch.tumble is 1.5"),
    (lambda launch: launch.pop("tumble"), "launch lacks 'tumble', which every throw of a record "
                                          "of physics version 3 holds"),
    (lambda launch: launch.update(spin="fast"), "spin must be a number"),
    (lambda launch: launch.update(direction=True), "direction must be a number"),
])
def test_a_bad_launch_exits_2_naming_the_event(tmp_path, capsys, game, change, words):
    record = copy.deepcopy(game)
    index = first_throw(record)
    change(record["events"][index]["launch"])
    path, code = verify(tmp_path, record)
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith(f"{path}: event {index}: ") and err.count("\n") == 1
    assert words in err, err


def test_an_infinite_launch_value_is_not_json(tmp_path, capsys, game):
    record = copy.deepcopy(game)
    record["events"][first_throw(record)]["launch"]["speed"] = math.inf
    path = tmp_path / "inf.json"
    path.write_text(json.dumps(record), encoding="utf-8")  # json writes Infinity
    assert main(["verify", str(path)]) == 2
    assert "Infinity is not a number JSON allows" in capsys.readouterr().err


@pytest.mark.parametrize("change, words", [
    (lambda out: out["dice"][-1].update(x=out["dice"][-1]["x"] + 0.01), "x: recorded"),
    (lambda out: out["dice"][-1].update(face=out["dice"][-1]["face"] % 6 + 1), "face"),
    (lambda out: out["dice"][-1].update(angle=out["dice"][-1]["angle"] + 1e-6), "angle"),
    (lambda out: out["diamond"].update(reset=not out["diamond"]["reset"]), "reset"),
])
def test_an_outcome_that_differs_from_the_simulation_exits_1(tmp_path, capsys, game, change,
                                                             words):
    record = copy.deepcopy(game)
    index = first_throw(record)
    change(record["events"][index]["outcome"])
    _, code = verify(tmp_path, record)
    err = capsys.readouterr().err
    assert code == 1
    assert f"event {index}: " in err and words in err, err


def test_a_tiny_float_wobble_within_tolerance_is_accepted(tmp_path, game):
    record = copy.deepcopy(game)
    die = record["events"][first_throw(record)]["outcome"]["dice"][-1]
    die["x"] += 1e-9  # docs/records.md#what-verify-checks: within 1e-6 mm
    assert verify(tmp_path, record)[1] == 0


def test_a_round_end_that_differs_exits_1(tmp_path, capsys, game):
    record = copy.deepcopy(game)
    end = record["events"][-1]
    end["points"][0] += 1
    record.pop("result")
    _, code = verify(tmp_path, record)
    assert code == 1
    assert f"event {len(record['events']) - 1}: round_end records" in capsys.readouterr().err


def test_a_missing_round_end_leaves_the_game_unfinished(tmp_path, capsys, game):
    record = copy.deepcopy(game)
    record["events"].pop()
    record.pop("result")
    _, code = verify(tmp_path, record, "--json")
    assert code == 0
    assert json.loads(capsys.readouterr().out)["complete"] is False


def test_a_throw_out_of_turn_exits_2(tmp_path, capsys, game):
    record = copy.deepcopy(game)
    index = first_throw(record)
    record["events"][index]["player"] = (record["events"][index]["player"] + 1) % 3
    _, code = verify(tmp_path, record)
    assert code == 2
    assert f"event {index}: " in capsys.readouterr().err


def test_an_unknown_level_exits_2(tmp_path, capsys, game):
    record = dict(game, level="no-such-board")
    _, code = verify(tmp_path, record)
    assert code == 2
    assert "no-such-board" in capsys.readouterr().err


def test_a_changed_level_hash_is_a_warning_only(tmp_path, capsys, game):
    record = dict(game, level_sha256="0" * 64)
    _, code = verify(tmp_path, record)
    assert code == 0
    assert "warning: the level 'classic' differs" in capsys.readouterr().err


def test_a_rethrow_is_verified(tmp_path, capsys):
    """A taken-back throw stays in the record, followed by `rethrow`; the table is as before."""
    players = [Seat("Ana", "human"), Seat("Bo", "ai", "easy")]
    match = Match.new("terningepetanque", players, {"rounds": 1}, seed=1)
    rules = match.rules
    from petanque_game.ai.petanque import aim

    rethrown = False
    while not match.over:
        if match.ai_to_move:
            match.play_ai_turn()
            continue
        state = match.state
        actions = state.legal_actions()
        if any(isinstance(a, rules.Rethrow) for a in actions):
            match.decide(rules.Accept() if rethrown else rules.Rethrow())
            rethrown = True
        elif actions:
            match.decide(actions[0])  # the roll for who starts
        else:
            obj, die = state.throw_due
            match.decide(rules.Throw(obj, die, aim(match.level, 2, 0, (10.0, -20.0), obj=obj)))
    record = json.loads(match.record.dumps())
    assert [e["action"] for e in record["events"]].count("rethrow") == 1
    _, code = verify(tmp_path, record, "--json")
    assert code == 0
    assert json.loads(capsys.readouterr().out)["scores"] == record["result"]["scores"]


def test_simulate_writes_the_same_game_in_two_processes(tmp_path, capsys):
    """The command in a process of its own and in this one (another hash seed, and everything
    the tests before it did to this process): the same record."""
    args = ["simulate", "terningepetanque", "--players", "ai:easy,ai:expert", "--option",
            "rounds=2", "--seed", "3", "--json", "--record"]
    out = subprocess.run([sys.executable, "-m", "petanque_game", *args, str(tmp_path / "a")],
                         check=False, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert main([*args, str(tmp_path / "b")]) == 0, capsys.readouterr().err
    texts = []
    for run in ("a", "b"):
        data = json.loads((tmp_path / run / "terningepetanque-3.json").read_text("utf-8"))
        data.pop("created")
        texts.append(json.dumps(data))
    assert texts[0] == texts[1]


def test_a_record_of_the_first_physics_is_reported_as_such_not_as_a_crash(capsys):
    """A record made before dice rolled (no "physics" key: version 1) no longer re-simulates to
    its outcomes: verify exits 1 and says it was recorded with an older physics."""
    old = Path(__file__).parent / "data" / "physics-v1-terningepetanque.json"
    assert "physics" not in json.loads(old.read_text("utf-8"))
    assert main(["verify", str(old)]) == 1
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert "recorded with an older physics (version 1; this program simulates versions 2 and 3)" \
        in err


def test_new_records_state_their_physics_version(game):
    from petanque_game.physics import PHYSICS_VERSION

    assert game["physics"] == PHYSICS_VERSION == 3
    throws = [e for e in game["events"] if e["action"] == "throw"]
    assert all(type(e["launch"]["tumble"]) is int for e in throws)
    assert [e["launch"]["tumble"] for e in throws if e["object"] == "diamond"] == [0]


V2 = Path(__file__).parent / "data" / "physics-v2-terningepetanque.json"


def test_a_record_of_physics_2_still_verifies_knocks_and_all(capsys):
    """A record made before knocked dice tumbled by chance (version 2, no tumble in its launches)
    re-simulates exactly with the physics it was made with, knocked dice included."""
    data = json.loads(V2.read_text("utf-8"))
    assert data["physics"] == 2
    assert not any("tumble" in e.get("launch", {}) for e in data["events"])
    assert knocked_dice(data) >= 3  # the old quarter turns of knocked dice are re-simulated too
    assert main(["verify", str(V2)]) == 0, capsys.readouterr().err


def test_a_record_of_physics_2_with_a_tumble_is_refused_in_one_line(tmp_path, capsys):
    data = json.loads(V2.read_text("utf-8"))
    index = first_throw(data)
    data["events"][index]["launch"]["tumble"] = 12345
    path, code = verify(tmp_path, data)
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1
    assert err.startswith(f"{path}: event {index}: launch has a 'tumble', which a record of "
                          f"physics version 2 cannot hold"), err


def test_a_knock_in_an_old_record_that_differs_is_not_blamed_on_the_physics(tmp_path, capsys):
    """Version 2 is still simulated: an outcome that differs is reported as such, not as a record
    of another physics."""
    data = json.loads(V2.read_text("utf-8"))
    index = first_throw(data)
    die = data["events"][index]["outcome"]["dice"][-1]
    die["x"] += 0.5
    _, code = verify(tmp_path, data)
    err = capsys.readouterr().err
    assert code == 1 and f"event {index}: the throw's outcome differs" in err, err
    assert "older physics" not in err


def knocked_dice(data, threshold=1.0):
    """How many dice lying on the board moved more than `threshold` mm in another's throw."""
    count, lying = 0, {}
    for event in data["events"]:
        if event["action"] == "round_end":
            lying = {}
        if event["action"] != "throw":
            continue
        for d in event["outcome"]["dice"]:
            was = lying.get((d["player"], d["die"]))
            if was is not None and math.hypot(d["x"] - was["x"], d["y"] - was["y"]) > threshold:
                count += 1
        lying = {(d["player"], d["die"]): d for d in event["outcome"]["dice"] if d["on_board"]}
    return count
