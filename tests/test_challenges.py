"""Issue 19, item 2 and 3: challenges. A challenge fixes game, options, seats, hand, board and
seed, so the same decisions make the same game wherever it is taken; the daily challenge comes
from the date alone; the challenger's game is checked before it is believed; hostile files and
codes are refused in one line."""

import json
import os
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest

import petanque_game
from petanque_game import challenge as challenges
from petanque_game.challenge import Board, ChallengeError
from petanque_game.challenge_play import board_to_play, start
from petanque_game.challenge_results import keep_result, results
from petanque_game.cli import main
from petanque_game.match import Match, rebuild
from petanque_game.physics.level import board_text, user_levels_dir
from petanque_game.record import Seat, parse_record

SOURCE = Path(petanque_game.__file__).parent.parent
YOU = Seat("You", "human")
EXPERT = Seat("AI 2 (expert)", "ai", "expert")


def cli(*args, home):
    """The command in a process of its own, with its own user folder: another machine."""
    env = dict(os.environ, PETANQUE_GAME_HOME=str(home), PYGAME_HIDE_SUPPORT_PROMPT="1",
               PYTHONPATH=str(SOURCE))
    return subprocess.run([sys.executable, "-m", "petanque_game", *map(str, args)], env=env,
                          capture_output=True, text=True, timeout=600, check=False)


def play_as_person(match, decide):
    """Play `match` to its end, the person's seat deciding with `decide(match)`."""
    while not match.over:
        if match.ai_to_move:
            match.play_ai_turn()
        else:
            match.decide(decide(match))


def ai_choice(level):
    """A person who decides as an AI of `level` would (from a stream of their own)."""
    from petanque_game.ai import choose

    def decide(match):
        rng = match.stream("test-person", match.seat_to_move)
        return choose(match.record.game, match.state, level, rng,
                      match.level if match.spec.board else None)
    return decide


# --- the same chance ------------------------------------------------------------------------------

@pytest.mark.parametrize("game", ["ten-thousand", "terningepetanque"])
def test_a_challenge_made_on_one_machine_is_taken_twice_with_identical_records(game, tmp_path,
                                                                               home):
    short = ["--option", "rounds=1"] if game == "terningepetanque" else ["--option",
                                                                         "target=2000"]
    # made in this process (its own user folder: `home`), taken in two others
    assert main(["challenge", "make", str(tmp_path / "c.json"), "--game", game, "--seed", "11",
                 *short]) == 0
    records = []
    for n in (1, 2):  # the person's seat taken by easy (the challenge's own seat is an expert)
        taken = cli("challenge", "take", tmp_path / "c.json", "--players", "ai:easy",
                    "--record", tmp_path / f"out{n}", "--json", home=tmp_path / f"taker{n}")
        assert taken.returncode == 0, taken.stderr
        [record] = (tmp_path / f"out{n}").glob("*.json")
        records.append(record.read_bytes())
    assert records[0] == records[1]
    assert main(["verify", str(record)]) == 0  # verify in a process of its own: test_verify.py


def test_the_same_decisions_make_the_same_game_whoever_takes_it(home):
    made = challenges.new("ship-captain-crew", [YOU, EXPERT], {}, 77)
    a, b = start(made, "Astrid"), start(made, "Bjørn")
    play_as_person(a, ai_choice("medium"))
    play_as_person(b, ai_choice("medium"))
    assert a.record.events == b.record.events
    assert [p.name for p in b.record.players] == ["Bjørn", EXPERT.name]


def test_the_hand_is_the_challenges(home):
    made = challenges.new("terningepetanque", [EXPERT, YOU], {"rounds": 1}, 3,
                          challenges.shipped_board("classic"), "shaky")
    match = start(made, "Åse")
    assert match.hand_name(1) == "shaky"


# --- the daily challenge --------------------------------------------------------------------------

def test_the_daily_challenge_is_the_same_for_two_processes_and_changes_the_next_day(tmp_path,
                                                                                   monkeypatch):
    def daily(day, n):
        """The day's challenge made in this process (n = 1) or in one of its own."""
        out = tmp_path / f"{day}-{n}.json"
        if out.exists():
            return out.read_bytes()
        args = ["challenge", "make", out, "--daily", "terningepetanque", "--date", day]
        if n == 1:
            monkeypatch.setenv("PETANQUE_GAME_HOME", str(tmp_path / "home1"))
            assert main(list(map(str, args))) == 0
        else:
            done = cli(*args, home=tmp_path / f"home{n}")
            assert done.returncode == 0, done.stderr
        return out.read_bytes()

    assert daily("2026-12-01", 1) == daily("2026-12-01", 2)
    assert daily("2026-12-02", 1) != daily("2026-12-01", 1)
    a = challenges.daily("ten-thousand", date(2026, 12, 1))
    b = challenges.daily("ten-thousand", date(2026, 12, 2))
    assert a.seed != b.seed and a.ident != b.ident
    assert challenges.daily("ten-thousand", date(2026, 12, 1)) == a


def test_the_daily_challenge_uses_the_rules_defaults_and_one_expert_where_needed():
    solo = challenges.daily("shut-the-box", date(2026, 12, 1))
    assert [s.kind for s in solo.seats] == ["human"]
    duel = challenges.daily("ship-captain-crew", date(2026, 12, 1))
    assert [(s.kind, s.level) for s in duel.seats] == [("human", None), ("ai", "expert")]
    table = challenges.daily("terningepetanque", date(2026, 12, 1))
    assert table.board.name == "classic" and table.hand == "normal"
    assert table.daily == "2026-12-01"


# --- files and codes ------------------------------------------------------------------------------

@pytest.mark.parametrize("game", ["ten-thousand", "terningepetanque", "shut-the-box"])
def test_a_challenge_survives_its_file_and_its_code(game):
    spec_seats = [YOU] if game != "terningepetanque" else [YOU, EXPERT]
    board = challenges.shipped_board("classic") if game == "terningepetanque" else None
    made = challenges.new(game, spec_seats, {}, 123456789, board,
                          "steady" if board else None)
    assert challenges.parse(made.dumps()) == made
    code = made.code()
    assert code is not None and len(code) <= 160  # one line of a chat
    assert challenges.from_code(code) == made
    assert challenges.from_code(code).ident == made.ident


def test_a_code_with_one_character_changed_is_damaged():
    code = challenges.daily("ten-thousand", date(2026, 12, 1)).code()
    for i in range(len(challenges.CODE_PREFIX), len(code)):
        changed = code[:i] + ("A" if code[i] != "A" else "B") + code[i + 1:]
        with pytest.raises(ChallengeError):
            challenges.from_code(changed)


def test_an_own_board_travels_in_the_file_but_not_in_a_code(home, tmp_path):
    text = board_text("classic").replace("name:", "# a board of my own\nname:", 1)
    made = challenges.new("terningepetanque", [YOU, EXPERT], {"rounds": 1}, 9,
                          Board("my-table", text), "normal")
    assert made.code() is None
    level = board_to_play(made.board)  # the taker has no such board: it is put in their folder
    assert (user_levels_dir() / "my-table.yaml").read_text(encoding="utf-8") == text
    assert level.name == "my-table" and level.sha256 == made.board.sha256
    # another board of that name already there: the challenge's gets a name of its own
    (user_levels_dir() / "my-table.yaml").write_text(text + "# changed\n", encoding="utf-8")
    level = board_to_play(made.board)
    assert level.name == f"my-table-{made.board.sha256[:8]}"
    match = start(made, "Ida")
    play_as_person(match, ai_choice("easy"))
    assert rebuild(parse_record(match.record.dumps())).over  # it verifies on this machine


# --- the challenger's game ------------------------------------------------------------------------

def finished_game(home_seed=4):
    match = Match.new("shut-the-box", [Seat("Astrid", "human")], {}, home_seed)
    play_as_person(match, ai_choice("expert"))
    return match.record


def test_a_finished_game_becomes_a_challenge_with_the_challenger_to_beat(home):
    record = finished_game()
    made = challenges.from_record(parse_record(record.dumps()), None)
    assert made.challenger is not None
    again = challenges.parse(made.dumps())
    assert again.challenger.result == record.result
    assert again.ident == challenges.new("shut-the-box", [Seat("You", "human")], {}, 4).ident


def test_a_challengers_score_changed_by_hand_is_refused(home):
    made = challenges.from_record(parse_record(finished_game().dumps()), None)
    data = made.to_json()
    data["challenger"]["result"]["scores"] = [0]
    with pytest.raises(ChallengeError) as e:
        challenges.from_json(data)
    assert e.value.place == "challenger"
    data = made.to_json()
    data["challenger"]["events"][0]["dice"] = [6, 6]  # a roll the seed did not make
    with pytest.raises(ChallengeError):
        challenges.from_json(data)
    data = made.to_json()
    data["seed"] = 5  # the setup changed under the challenger's game
    with pytest.raises(ChallengeError, match="not a game of this challenge"):
        challenges.from_json(data)


def test_results_count_attempts_and_keep_the_best(home):
    made = challenges.daily("shut-the-box", date(2026, 12, 1))
    keep_result(made, -20)
    keep_result(made, -7)
    kept = keep_result(made, -30)
    assert (kept.attempts, kept.best) == (3, -7)
    assert results()[made.ident] == kept


# --- hostile files --------------------------------------------------------------------------------

def hostile_files(tmp_path):
    good = challenges.new("ten-thousand", [YOU], {}, 1).to_json()
    board = challenges.new("terningepetanque", [YOU, EXPERT], {}, 1,
                           challenges.shipped_board("classic"), "normal").to_json()

    def changed(base, **kw):
        data = json.loads(json.dumps(base))
        data.update(kw)
        return json.dumps(data)

    files = {
        "not-json": "{", "empty": "", "a-list": "[]", "not-utf8": b"\xff\xfe",
        "a-record": json.dumps({"format": "petanque-game-record", "version": 1}),
        "unknown-game": changed(good, game="yatzy"),
        "unknown-key": changed(good, prize=100),
        "version-2": changed(good, version=2),
        "two-people": changed(good, players=[YOU.to_json(), Seat("B", "human").to_json()]),
        "no-person": changed(good, players=[EXPERT.to_json()]),
        "bad-option": changed(good, options={"target": -5}),
        "seed-text": changed(good, seed="1"),
        "seed-huge": changed(good, seed=2**70),
        "hand-for-tray": changed(good, hand="steady"),
        "bad-hand": changed(board, hand="wobbly"),
        "board-broken": changed(board, board={"name": "classic", "text": "felt: [1, 2"}),
        "board-missing": changed(board, board=None),
        "board-bad-name": changed(board, board={"name": "../x", "text": "a: 1"}),
        "daily-garbage": changed(good, daily="yesterday"),
        "challenger-garbage": changed(good, challenger={"format": "x"}),
        "deep": "[" * 100000 + "]" * 100000,
    }
    paths = {}
    for name, text in files.items():
        path = tmp_path / f"{name}.json"
        path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
        paths[name] = path
    folder = tmp_path / "a-folder.json"
    folder.mkdir()
    paths["a-folder"] = folder
    fifo = tmp_path / "a-fifo.json"
    os.mkfifo(fifo)
    paths["a-fifo"] = fifo
    return paths


def test_hostile_challenge_files_are_refused_in_one_line(tmp_path, home, capsys):
    for name, path in hostile_files(tmp_path).items():
        for step in (["show", str(path)], ["take", str(path), "--players", "ai:easy"]):
            assert main(["challenge", *step]) == 2, name
            err = capsys.readouterr().err
            assert err.count("\n") == 1, (name, err)
            assert str(path) in err and "Traceback" not in err, name
            assert "internal error" not in err, (name, err)
    assert not (home / "logs").exists()


def test_a_hostile_file_in_a_process_of_its_own_is_one_line(tmp_path):
    path = hostile_files(tmp_path)["challenger-garbage"]
    out = cli("challenge", "take", path, "--players", "ai:easy", home=tmp_path / "home")
    assert out.returncode == 2 and out.stderr.count("\n") == 1, out.stderr
    assert not (tmp_path / "home" / "logs").exists()


def test_hostile_codes_are_refused_in_one_line(home, capsys):
    for code in ["PG1-", "PG1-AAAA", "PG1-" + "A" * 300, "PG1-!!!!", "PG1-\u00e6\u00f8\u00e5",
                 "PG1-" + "A" * 40]:
        assert main(["challenge", "show", code]) == 2, code
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "internal error" not in err, (code, err)
    assert not (home / "logs").exists()
