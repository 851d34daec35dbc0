"""`petanque-game verify` (docs/records.md#what-verify-checks): 0 valid, 1 differs, 2 unusable, one
clear line naming the file, the event and the reason -- whatever the input."""

import json
import subprocess
import sys

import pytest
from seed_streams import seed_roll

from petanque_game.cli import main
from petanque_game.match import Match
from petanque_game.record import Seat

PLAYERS = [Seat("Ana", "human"), Seat("Robot", "ai", "expert")]
SEED = 17302


def ten_thousand_record(**changes):
    """The seed's example turn (1150 for Ana), then Robot busts at once. The dice are what seed
    17302 draws at those events (found by searching the seeds; the test below checks it), since
    verify checks every roll against the seed."""
    record = {
        "format": "petanque-game-record", "version": 1, "game": "ten-thousand",
        "options": {"target": 10000, "hot_dice_banks": True}, "level": None, "seed": SEED,
        "players": [{"name": "Ana", "kind": "human"},
                    {"name": "Robot", "kind": "ai", "level": "expert"}],
        "events": [
            {"action": "roll", "player": 0, "dice": [4, 3, 1, 6, 1, 1]},
            {"action": "keep", "player": 0, "dice": [1, 1, 1]},
            {"action": "roll", "player": 0, "dice": [2, 1, 5]},
            {"action": "keep", "player": 0, "dice": [1, 5]},
            {"action": "bank", "player": 0},
            {"action": "roll", "player": 1, "dice": [4, 2, 4, 3, 3, 6]},
        ],
    }
    record.update(changes)
    return record


def test_the_hand_made_record_holds_the_seeds_dice():
    for index, event in enumerate(ten_thousand_record()["events"]):
        if event["action"] == "roll":
            assert event["dice"] == seed_roll(SEED, index, len(event["dice"]))


def run_verify(tmp_path, data, *args, raw=None):
    path = tmp_path / "game.json"
    if raw is not None:
        path.write_bytes(raw)
    else:
        path.write_text(json.dumps(data), encoding="utf-8")
    return path, main(["verify", str(path), *args])


def test_valid_unfinished_record_exits_0_with_current_scores(tmp_path, capsys):
    _, code = run_verify(tmp_path, ten_thousand_record(), "--json")
    assert code == 0
    assert json.loads(capsys.readouterr().out) == {
        "game": "ten-thousand", "complete": False, "scores": [1150, 0], "winners": [],
        "events": 6}


def test_plain_output_names_scores_and_winners(tmp_path, capsys):
    _, code = run_verify(tmp_path, ten_thousand_record())
    out = capsys.readouterr().out
    assert code == 0
    assert "scores:  Ana 1150, Robot 0" in out and "winners: none yet" in out


def test_result_that_disagrees_exits_1(tmp_path, capsys):
    record = ten_thousand_record(options={"target": 1000})
    record["events"] = record["events"][:5]  # Ana banks 1150 >= 1000 and wins at once
    record["result"] = {"scores": [1100, 0], "winners": [0]}
    _, code = run_verify(tmp_path, record)
    assert code == 1
    assert "differs" in capsys.readouterr().err
    record["result"] = {"scores": [1150, 0], "winners": [0]}
    _, code = run_verify(tmp_path, record, "--json")
    assert code == 0
    assert json.loads(capsys.readouterr().out)["complete"] is True


def bad(**changes):
    return ten_thousand_record(**changes)


def with_event(index, event):
    record = ten_thousand_record()
    record["events"][index] = event
    return record


BROKEN = [
    ("not JSON", None, b"{not json", "not JSON"),
    ("not UTF-8", None, b"\xff\xfe{}", "not UTF-8"),
    ("empty file", None, b"", "not JSON"),
    ("a list", [1, 2], None, "a record is a JSON object"),
    ("wrong format", bad(format="chess"), None, "'format' must be"),
    ("unknown version", bad(version=2), None,
     "version 2 is not known; this reader knows version 1"),
    ("version true", bad(version=True), None, "version true is not known"),
    ("unknown game", bad(game="yahtzee"), None, "unknown game 'yahtzee'"),
    ("unknown option", bad(options={"goal": 5}), None, "unknown option 'goal'"),
    ("option out of range", bad(options={"target": 7}), None, "'target' is 7"),
    ("true as a number", bad(options={"target": True}), None, "'target' is true"),
    ("options valid alone but not together",
     bad(game="ship-captain-crew", options={"target": 0, "rounds": 0}, events=[]), None,
     "options 'target' and 'rounds' are both 0"),
    ("seed negative", bad(seed=-1), None, "'seed' must be"),
    ("seed true", bad(seed=True), None, "'seed' must be"),
    ("seed too big", bad(seed=2**63), None, "'seed' must be"),
    ("no players", bad(players=[]), None, "'players' must be"),
    ("eleven players", bad(players=[{"name": "x", "kind": "human"}] * 11), None,
     "'players' must be"),
    ("too many for the game", bad(players=[{"name": "x", "kind": "human"}] * 7), None,
     "is for 1 to 6 players"),
    ("nameless player", bad(players=[{"kind": "human"}]), None, "players[0].name"),
    ("long name", bad(players=[{"name": "x" * 33, "kind": "human"}]), None, "players[0].name"),
    ("ai without level", bad(players=[{"name": "x", "kind": "ai"}]), None, "players[0].level"),
    ("robot kind", bad(players=[{"name": "x", "kind": "robot"}]), None, "players[0].kind"),
    ("level for tray game", bad(level="classic"), None, "'level' must be null"),
    ("events not a list", bad(events={}), None, "'events' must be an array"),
    ("event not an object", with_event(2, 5), None, "event 2: an event must be an object"),
    ("no action", with_event(2, {"player": 0}), None, "event 2: the event has no 'action'"),
    ("unknown action", with_event(1, {"action": "close", "player": 0, "boxes": [1]}), None,
     "event 1: 'close' is not an action of ten-thousand"),
    ("seven dice", with_event(0, {"action": "roll", "player": 0, "dice": [1] * 7}), None,
     "event 0: dice must be an array of 1 to 6"),
    ("a die showing 0", with_event(0, {"action": "roll", "player": 0, "dice": [0, 1, 1, 1, 2, 3]}),
     None, "event 0: dice holds 0"),
    ("a die showing true", with_event(0, {"action": "roll", "player": 0,
                                          "dice": [True, 1, 1, 1, 2, 3]}), None,
     "event 0: dice holds true"),
    ("a die as a float", with_event(0, {"action": "roll", "player": 0,
                                        "dice": [1.0, 1, 1, 1, 2, 3]}), None,
     "event 0: dice holds 1.0"),
    ("player true", with_event(0, {"action": "roll", "player": True, "dice": [1, 1, 1, 3, 6, 4]}),
     None, "event 0: player must be a seat"),
    ("missing player", with_event(4, {"action": "bank"}), None, "event 4: bank lacks 'player'"),
    ("unknown event key", with_event(4, {"action": "bank", "player": 0, "why": "x"}), None,
     "event 4: bank has unknown key 'why'"),
    ("wrong player", with_event(4, {"action": "bank", "player": 1}), None,
     "event 4: the event says player 1, but it is player 0's turn"),
    ("roll with the wrong number of dice", with_event(2, {"action": "roll", "player": 0,
                                                          "dice": [1, 5]}), None, "event 2:"),
    ("illegal keep in the middle", with_event(3, {"action": "keep", "player": 0, "dice": [2]}),
     None, "event 3:"),
    ("event after the game ended", None, None, "event 5:"),
    ("result malformed", bad(result={"scores": "x"}), None, "result.scores"),
]


@pytest.mark.parametrize("name, data, raw, words", BROKEN, ids=[b[0] for b in BROKEN])
def test_an_unusable_record_exits_2_with_one_line(tmp_path, capsys, name, data, raw, words):
    if name == "event after the game ended":
        data = ten_thousand_record(options={"target": 1000})  # Ana wins at event 4
    path, code = run_verify(tmp_path, data, raw=raw)
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1 and err.startswith(f"{path}: ")
    assert words in err, err


def test_deep_nesting_is_refused_cleanly(tmp_path, capsys):
    path, code = run_verify(tmp_path, None, raw=b"[" * 200_000 + b"]" * 200_000)
    assert code == 2
    assert capsys.readouterr().err.startswith(f"{path}: not a usable record")


def test_a_50_mb_file_is_refused_without_reading_it(tmp_path, capsys):
    path = tmp_path / "huge.json"
    with open(path, "wb") as f:
        f.truncate(50 * 1024 * 1024)
    assert main(["verify", str(path)]) == 2
    assert "a record is at most" in capsys.readouterr().err


def test_a_missing_file(tmp_path, capsys):
    assert main(["verify", str(tmp_path / "nope.json")]) == 2
    assert "cannot read the file" in capsys.readouterr().err


def test_nan_is_not_json(tmp_path, capsys):
    _, code = run_verify(tmp_path, None, raw=b'{"format": NaN}')
    assert code == 2
    assert "NaN is not a number JSON allows" in capsys.readouterr().err


def test_installed_command_prints_no_traceback(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"format": "petanque-game-record", "version": 1, "game": "shut-the-box"',
                    encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "petanque_game", "verify", str(path)],
                         check=False, capture_output=True, text=True, timeout=60)
    assert out.returncode == 2
    assert "Traceback" not in out.stderr and out.stderr.count("\n") == 1


def test_a_played_game_verifies(tmp_path, capsys):
    match = Match.new("shut-the-box", [Seat("A", "ai", "easy"), Seat("B", "ai", "expert")],
                      seed=7)
    match.play_to_end()
    path = tmp_path / "stb.json"
    path.write_text(match.record.dumps(), encoding="utf-8")
    assert main(["verify", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["complete"] is True
    assert out["scores"] == list(match.state.scores())
    assert out["winners"] == list(match.state.winners())
    assert out["events"] == len(match.record.events)
