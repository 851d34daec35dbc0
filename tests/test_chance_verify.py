"""`verify` on records whose draws take fresh contributions (docs/records.md, "What verify
checks"): honest ones pass; a forged reveal or a draw that does not follow from the seed and the
event's contributions is exit 1 naming the event; a malformed chance field is exit 2."""

import json

import pytest

from petanque_game.cli import main
from petanque_game.draws import HashChain, LocalEntropy, Revealed
from petanque_game.match import Match
from petanque_game.record import Seat

ROBOTS = [Seat("Astrid", "ai", "easy"), Seat("Bo", "ai", "easy")]


def local_game(game="ten-thousand", turns=30):
    match = Match.new(game, ROBOTS, seed=12, chance=LocalEntropy())
    match.paths = False
    for _ in range(turns):
        match.play_ai_turn()
    return json.loads(match.record.dumps())


def online_game(game="ten-thousand", turns=30):
    chains = [HashChain.new(100), HashChain.new(100), HashChain.new(100)]
    revealed = Revealed([c.commitment for c in chains])
    match = Match.new(game, ROBOTS, seed=12, chance=revealed)
    match.paths = False
    for _ in range(turns):
        decided = match.ai_decision()
        if match.draw_follows(decided):
            for peer, chain in enumerate(chains):
                revealed.add(peer, match.draws_made, chain.reveal(match.draws_made))
        match.decide(decided)
    return json.loads(match.record.dumps())


def verify(tmp_path, data, capsys):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code = main(["verify", str(path)])
    out = capsys.readouterr()
    return code, out.out + out.err


def drawing(data, n=0):
    """The index of the n-th event that carries chance."""
    return [i for i, e in enumerate(data["events"]) if "chance" in e][n]


@pytest.fixture(scope="module")
def games():
    return {"local": local_game(), "online": online_game(),
            "board": online_game("terningepetanque", 12)}


@pytest.mark.parametrize("kind", ["local", "online", "board"])
def test_honest_records_with_contributions_verify(tmp_path, capsys, games, kind):
    data = games[kind]
    assert "chance" in data and drawing(data, 2) >= 2
    assert verify(tmp_path, data, capsys)[0] == 0


def test_a_forged_reveal_is_exit_1_naming_its_event(tmp_path, capsys, games):
    data = json.loads(json.dumps(games["online"]))
    i = drawing(data, 3)
    data["events"][i]["chance"]["reveals"][1] = "ab" * 32
    code, said = verify(tmp_path, data, capsys)
    assert code == 1
    assert f"event {i}: " in said and "peer 1" in said and "forged" in said


def test_reveals_swapped_between_peers_are_forged(tmp_path, capsys, games):
    data = json.loads(json.dumps(games["online"]))
    i = drawing(data, 0)
    reveals = data["events"][i]["chance"]["reveals"]
    reveals[0], reveals[1] = reveals[1], reveals[0]
    code, said = verify(tmp_path, data, capsys)
    assert code == 1 and f"event {i}: " in said


@pytest.mark.parametrize("kind", ["local", "online"])
def test_a_roll_that_does_not_follow_from_its_contributions_is_exit_1(tmp_path, capsys, games,
                                                                     kind):
    data = json.loads(json.dumps(games[kind]))
    i = drawing(data, 4)
    dice = data["events"][i]["dice"]
    dice[0] = dice[0] % 6 + 1
    code, said = verify(tmp_path, data, capsys)
    assert code == 1 and f"event {i}: roll differs" in said and "chance give" in said


def test_other_entropy_for_the_same_dice_is_exit_1(tmp_path, capsys, games):
    data = json.loads(json.dumps(games["local"]))
    i = drawing(data, 0)  # six dice: other entropy draws them alike once in 46,656
    data["events"][i]["chance"]["entropy"] = "0" * 64
    code, said = verify(tmp_path, data, capsys)
    assert code == 1 and f"event {i}: " in said


def test_a_throw_whose_orientation_does_not_follow_is_exit_1(tmp_path, capsys, games):
    data = json.loads(json.dumps(games["board"]))
    i = next(j for j, e in enumerate(data["events"])
             if e["action"] == "throw" and e["object"] == "die")
    launch = data["events"][i]["launch"]
    launch["orientation"] = (launch["orientation"] + 1) % 24
    code, said = verify(tmp_path, data, capsys)
    assert code == 1 and f"event {i}: " in said and "orientation" in said


@pytest.mark.parametrize("change, where", [
    (lambda d, i: d["events"][i]["chance"].update(entropy="XYZ"), "event"),
    (lambda d, i: d["events"][i].pop("chance"), "event"),
    (lambda d, i: d["events"][i + 1].update(chance={"entropy": "0" * 64}), "event"),
    (lambda d, i: d["events"][i]["chance"].update(extra=1), "event"),
    (lambda d, i: d.update(chance={"scheme": "dice-cup"}), "top"),
    (lambda d, i: d.update(chance=["local"]), "top"),
    (lambda d, i: d.pop("chance"), "event"),
])
def test_a_malformed_chance_field_is_exit_2(tmp_path, capsys, games, change, where):
    data = json.loads(json.dumps(games["local"]))
    events = data["events"]  # a roll followed by a keep or a bank, which draws nothing
    i = next(j for j in range(len(events) - 1)
             if "chance" in events[j] and "chance" not in events[j + 1])
    change(data, i)
    code, said = verify(tmp_path, data, capsys)
    assert code == 2, said
    assert ("event " in said) == (where == "event") and "chance" in said
    assert "Traceback" not in said


@pytest.mark.parametrize("commitments", [[], ["00" * 32] * 11, ["AB" * 32], "x"])
def test_malformed_commitments_are_exit_2(tmp_path, capsys, games, commitments):
    data = json.loads(json.dumps(games["online"]))
    data["chance"]["commitments"] = commitments
    code, said = verify(tmp_path, data, capsys)
    assert code == 2 and "commitments" in said


def test_a_reveal_for_each_peer_is_required(tmp_path, capsys, games):
    data = json.loads(json.dumps(games["online"]))
    i = drawing(data, 0)
    data["events"][i]["chance"]["reveals"].pop()
    code, said = verify(tmp_path, data, capsys)
    assert code == 2 and f"event {i}: " in said
