"""`petanque-game simulate` (docs/records.md#the-commands): AI-only games, the summary, records the
same byte for byte when the command runs twice (apart from a creation time)."""

import json

import pytest

from petanque_game.cli import main

TRAY = ["ten-thousand", "shut-the-box", "ship-captain-crew"]


def simulate_json(capsys, *args):
    assert main(["simulate", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("game", TRAY)
def test_json_summary_has_the_documented_shape(capsys, game):
    out = simulate_json(capsys, game, "--players", "ai:easy,ai:medium,ai:expert", "--games", "4")
    assert set(out) == {"game", "games", "wins", "mean_scores", "seconds"}
    assert out["game"] == game and out["games"] == 4
    assert len(out["wins"]) == len(out["mean_scores"]) == 3
    assert sum(out["wins"]) >= 4  # every game has a winner; a shared win counts for each
    assert out["seconds"] > 0


@pytest.mark.parametrize("game", TRAY)
def test_records_are_the_same_byte_for_byte_apart_from_the_creation_time(tmp_path, capsys, game):
    texts = []
    for run in ("a", "b"):
        folder = tmp_path / run
        simulate_json(capsys, game, "--players", "ai:medium,ai:expert", "--games", "3",
                      "--seed", "11", "--record", str(folder))
        files = sorted(folder.iterdir())
        assert [f.name for f in files] == [f"{game}-{s}.json" for s in (11, 12, 13)]
        texts.append([strip_created(f.read_text(encoding="utf-8")) for f in files])
    assert texts[0] == texts[1]


def strip_created(text):
    data = json.loads(text)
    assert "created" in data
    del data["created"]
    return json.dumps(data)


def test_written_records_verify_with_the_summary_scores(tmp_path, capsys):
    out = simulate_json(capsys, "ten-thousand", "--players", "ai:easy,ai:expert", "--games", "2",
                        "--seed", "5", "--record", str(tmp_path), "--option", "target=2000")
    scores = []
    for seed in (5, 6):
        assert main(["verify", str(tmp_path / f"ten-thousand-{seed}.json"), "--json"]) == 0
        verified = json.loads(capsys.readouterr().out)
        assert verified["complete"]
        scores.append(verified["scores"])
    assert out["mean_scores"] == [sum(s[i] for s in scores) / 2 for i in range(2)]


def test_options_are_read_as_yaml_scalars(tmp_path, capsys):
    simulate_json(capsys, "shut-the-box", "--players", "ai:easy", "--record", str(tmp_path),
                  "--option", "closing=classic", "--option", "rounds=3",
                  "--option", "shut_wins=false")
    record = json.loads((tmp_path / "shut-the-box-0.json").read_text(encoding="utf-8"))
    assert record["options"]["closing"] == "classic"
    assert record["options"]["rounds"] == 3
    assert record["options"]["shut_wins"] is False


@pytest.mark.parametrize("args, words", [
    (["chess", "--players", "ai:easy"], "unknown game 'chess'"),
    (["shut-the-box", "--players", "human"], "simulate plays AI players only"),
    (["shut-the-box", "--players", "ai:hard"], "'ai:hard'"),
    (["ship-captain-crew", "--players", "ai:easy"], "is for 2 to 8 players"),
    (["shut-the-box", "--players", "ai:easy", "--option", "rounds=0"], "'rounds' is 0"),
    (["shut-the-box", "--players", "ai:easy", "--option", "speed=3"], "unknown option 'speed'"),
    (["shut-the-box", "--players", "ai:easy", "--option", "rounds"], "is not KEY=VALUE"),
    (["shut-the-box", "--players", "ai:easy", "--games", "0"], "--games"),
    (["shut-the-box", "--players", "ai:easy", "--level", "classic"], "games played on a board"),
])
def test_mistakes_exit_2_with_one_line(capsys, args, words):
    assert main(["simulate", *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err, err


def test_plain_output_lists_every_seat(capsys):
    assert main(["simulate", "ten-thousand", "--players", "ai:easy,ai:expert", "--games", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Ten Thousand: 2 games in ")
    assert out[2].split()[:2] == ["0", "AI"] and out[3].split()[:2] == ["1", "AI"]
