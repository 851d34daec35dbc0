"""Hostile and odd record files (issue 8, items 4, 5, 8, 9 and 10): each is refused in one line by
`verify`, by the replay's loader and by Resume, and none hangs, crashes or is read as valid."""

import copy
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hostile_levels import run_child

import petanque_game
from petanque_game import paths, saves
from petanque_game.cli import main
from petanque_game.match import Match
from petanque_game.record import Seat
from petanque_game.ui.session import LoadProblem, ReplaySession, new_game, resume

SOURCE = Path(petanque_game.__file__).parent.parent
AIS = [Seat("Astrid", "ai", "easy"), Seat("Bjorn", "ai", "easy")]

# The readers of a record in the window, the replay's and Resume's, in a process apart from the
# tests' (verify in another) so that a hang is caught by the timeout instead of hanging the tests:
# each prints the one line it has to say. The FIFO's tests use it (a real `python -m petanque_game
# verify` beside it); the other hostile files are read by BATCH.
READERS = r"""
import sys
from pathlib import Path
from petanque_game.ui.session import LoadProblem, ReplaySession, resume
path = Path(sys.argv[1])
for which in ("replay", "resume"):
    try:
        ReplaySession(path) if which == "replay" else resume(path).close()
        print("opened")
    except LoadProblem as e:
        print(e)
"""

# Every hostile file of `told` read in one child process, one after the other: verify (the
# command's own `cli.main`, its stdout and stderr streams of bytes as a terminal's are), then the
# replay and Resume, what each said a JSON line. A file read for longer than the hang limit fails
# the test naming the file (hostile_levels.run_child).
BATCH = r"""
import io, json, sys
from pathlib import Path
from petanque_game.cli import main
from petanque_game.ui.session import LoadProblem, ReplaySession, resume

def caught(work):  # what work() returns, and what it wrote on stdout and on stderr
    real = sys.stdout, sys.stderr
    streams = [io.TextIOWrapper(io.BytesIO(), encoding="utf-8") for _ in real]
    sys.stdout, sys.stderr = streams
    try:
        out = work()
    finally:
        for stream in (sys.stdout, *streams):  # verify wraps stdout and leaves the wrapper
            stream.flush()
        sys.stdout, sys.stderr = real
    return (out, *(stream.buffer.getvalue().decode("utf-8") for stream in streams))

def readers(path):
    said = []
    for which in ("replay", "resume"):
        try:
            ReplaySession(path) if which == "replay" else resume(path).close()
            said.append("opened")
        except LoadProblem as e:
            said.append(str(e))
    return said

for name in sys.argv[1:]:
    print(json.dumps({"start": name}), flush=True)
    code, out, err = caught(lambda: main(["verify", name]))
    said, said_out, said_err = caught(lambda: readers(Path(name)))
    print(json.dumps({"file": name, "code": code, "stdout": out, "stderr": err, "said": said,
                      "said_output": said_out + said_err}), flush=True)
print(json.dumps({"done": True}), flush=True)
"""
HANG = 60.0  # seconds a child may read one file before it counts as a hang


def child_env(home):
    env = dict(os.environ, PETANQUE_GAME_HOME=str(home), PYGAME_HIDE_SUPPORT_PROMPT="1")
    env["PYTHONPATH"] = os.pathsep.join([str(SOURCE), env.get("PYTHONPATH", "")])
    return env


def child(*args, home):
    return subprocess.run([sys.executable, *args], check=False, capture_output=True, text=True,
                          timeout=120, env=child_env(home))


@pytest.fixture(scope="module")
def petanque():
    players = [Seat("Ana", "ai", "easy"), Seat("Bo", "ai", "easy")]
    match = Match.new("terningepetanque", players, {"rounds": 1}, seed=4, level="classic")
    match.play_to_end()
    return json.loads(match.record.dumps())


def tray_record(**changes):
    match = Match.new("ten-thousand", AIS, {}, 3)
    for _ in range(3):
        match.play_ai_turn()
    data = json.loads(match.record.dumps())
    data.update(changes)
    return data


def refused_everywhere(path, words, home, monkeypatch=None):
    """verify exits 2 with one line naming the file; the replay and Resume refuse it too."""
    out = child("-m", "petanque_game", "verify", str(path), home=home)
    assert out.returncode == 2, out.stdout + out.stderr
    assert out.stderr.count("\n") == 1 and out.stderr.startswith(f"{path}: "), out.stderr
    assert words in out.stderr and "internal error" not in out.stderr, out.stderr
    said = child("-c", READERS, str(path), home=home)
    assert said.returncode == 0 and said.stderr == "", said.stderr
    lines = said.stdout.split("\n")
    assert len(lines) == 3 and lines[2] == "", said.stdout  # one line from each reader
    assert words in lines[0] and words in lines[1], said.stdout


def first_throw(data, having=lambda event: True):
    return next(i for i, e in enumerate(data["events"]) if e["action"] == "throw" and having(e))


# The hostile files read by BATCH: {case: build(petanque record, tray record) -> (the file's text,
# the words each reader's one line must hold)}, filled below beside the tests that read them.
HOSTILE = {}


@pytest.fixture(scope="module")
def told(tmp_path_factory, petanque):
    """{case: (path, words, what the child said)} for every HOSTILE file, read in one child."""
    folder = tmp_path_factory.mktemp("hostile")
    tray = tray_record()
    made = {}
    for case, build in HOSTILE.items():
        text, words = build(copy.deepcopy(petanque), copy.deepcopy(tray))
        path = folder / f"{case}.json"
        path.write_text(text, encoding="utf-8")
        made[str(path)] = (case, words)
    got = run_child(BATCH, list(made), child_env(folder / "home"), per_line=HANG)
    assert [r["file"] for r in got] == list(made)
    return {made[r["file"]][0]: (Path(r["file"]), made[r["file"]][1], r) for r in got}


def refused_by_all(told, case):
    """The same as `refused_everywhere`, of a HOSTILE file read by BATCH."""
    path, words, said = told[case]
    err = said["stderr"]
    assert said["code"] == 2, said
    assert err.count("\n") == 1 and err.startswith(f"{path}: "), err
    assert words in err and "internal error" not in err, err
    assert said["said_output"] == "", said
    assert all("\n" not in line and words in line for line in said["said"]), said
    return path


# --- item 4: a FIFO -------------------------------------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_a_fifo_as_a_record_blocks_nothing(home, tmp_path):
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    refused_everywhere(fifo, "not an ordinary file", home)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_a_fifo_as_an_autosave_blocks_neither_resume_nor_new_game(home):
    paths.autosaves_dir().mkdir(parents=True)
    fifo = paths.autosaves_dir() / "ten-thousand-20250101-000000-1.json"
    os.mkfifo(fifo)
    os.mkfifo(paths.old_autosave_path())
    listing = child("-c", "from petanque_game import saves; "
                          "print([g.problem for g in saves.unfinished_games()])", home=home)
    assert listing.returncode == 0 and "not an ordinary file" in listing.stdout, listing.stderr
    with pytest.raises(LoadProblem, match="not an ordinary file"):
        resume(fifo)
    session = new_game("ten-thousand", AIS, {}, 1)
    assert session.save_problem is None and session.match.autosave.exists()
    session.close()


def test_a_folder_or_a_huge_file_as_a_record(home, tmp_path):
    folder = tmp_path / "folder.json"
    folder.mkdir()
    with pytest.raises(LoadProblem, match="it is a folder, not a file"):
        ReplaySession(folder)
    huge = tmp_path / "huge.json"
    with open(huge, "wb") as f:
        f.truncate(17 * 1024 * 1024)
    with pytest.raises(LoadProblem, match="a record is at most 16777216 bytes"):
        resume(huge)


# --- item 5: positions outside the world ----------------------------------------------------------


FAR = [("x", 1e15, "outside the board's world"),
       ("y", -1e300, "outside the board's world"),
       ("angle", 1e6, "at most a full turn"),
       ("distance", 1e12, "distance is")]


def _far(where, value):
    def build(data, tray):
        index = max(i for i, e in enumerate(data["events"]) if e["action"] == "throw")
        outcome = data["events"][index]["outcome"]
        body = outcome["dice"][-1] if where == "distance" or outcome["dice"] else \
            outcome["diamond"]
        if where == "distance" and body["distance"] is None:
            body["on_board"], body["off_during"] = True, None
        body[where] = value
        return json.dumps(data), f"event {index}: outcome."
    return build


HOSTILE.update({f"far-{where}": _far(where, value) for where, value, _ in FAR})


@pytest.mark.parametrize("where, value, words", FAR)
def test_a_huge_coordinate_in_a_recorded_table_is_refused_in_one_line(told, where, value, words):
    path = refused_by_all(told, f"far-{where}")
    with pytest.raises(LoadProblem, match=words):
        ReplaySession(path)


def test_a_diamond_far_away_is_refused_by_the_replay_before_anything_is_drawn(home, tmp_path,
                                                                               petanque):
    data = copy.deepcopy(petanque)
    index = next(i for i, e in enumerate(data["events"]) if e["action"] == "throw")
    data["events"][index]["outcome"]["diamond"]["x"] = 1e15
    path = tmp_path / "diamond.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(LoadProblem, match=f"event {index}: outcome.diamond.x is 1e"):
        ReplaySession(path)


# --- item 8: names --------------------------------------------------------------------------------


NAMES = [("\ud800", "the string '\\ud800' holds a lone surrogate"),
         ("Ana\x00",
          "players[0].name must be printable text; 'Ana\\x00' holds a control character"),
         ("Bo\nCy", "players[0].name must be printable"),
         ("\u2028", "players[0].name must be printable"),
         ("x" * 33, "players[0].name must be 1 to 32 characters"),
         ("", "players[0].name must be 1 to 32 characters")]


def _named(name, words):
    def build(petanque, data):
        data["players"][0]["name"] = name
        return json.dumps(data), words  # ensure_ascii: \ud800 as an escape
    return build


HOSTILE.update({f"name-{i}": _named(name, words) for i, (name, words) in enumerate(NAMES)})


@pytest.mark.parametrize("case", [f"name-{i}" for i in range(len(NAMES))])
def test_a_lone_surrogate_or_a_nul_in_a_players_name_is_refused(told, case):
    refused_by_all(told, case)


def test_the_replays_screen_lists_such_a_file_as_broken_and_draws(home):
    from ui_support import fast_app, read_lists

    from petanque_game.ui.scenes.game_lists import ReplayListScene

    folder = paths.records_dir()
    folder.mkdir(parents=True)
    data = tray_record()
    data["players"][1]["name"] = "\udcff\x00"
    (folder / "odd.json").write_text(json.dumps(data), encoding="utf-8")
    if sys.platform != "win32":  # a file name that is not UTF-8
        (folder / os.fsdecode(b"bad-\xff.json")).write_text("{}", encoding="utf-8")
    app = fast_app()
    app.push(ReplayListScene(app))
    read_lists(app)
    assert all(e.broken for e in app.top.entries) and len(app.top.entries) >= 1
    app.render()


def test_the_setup_screen_refuses_an_unprintable_name(home):
    from ui_support import fast_app

    from petanque_game.ui.scenes.setup import SetupScene

    app = fast_app()
    setup = SetupScene(app)
    app.push(setup)
    setup.choices.players[0].name = "Ana\x00"
    setup.fields[0].value = "Ana\x00"
    setup.start()
    assert app.top is setup and "Player 1's name must be printable" in app.toast.message
    assert not saves.has_unfinished()


# --- item 9: numbers too long ---------------------------------------------------------------------


def _long_speed(data, tray):
    data["events"][first_throw(data)]["launch"]["speed"] = 10**400
    return json.dumps(data), "a whole number of 401 digits is out of range"


def _long_seed(petanque, data):
    return (json.dumps(data).replace('"seed": 3', '"seed": ' + "7" * 5000),
            "a whole number of 5000 digits")


HOSTILE.update({"long-speed": _long_speed, "long-seed": _long_seed})


def test_a_10_to_the_400_integer_in_a_launch_is_refused_in_one_line(told):
    refused_by_all(told, "long-speed")


def test_a_5000_digit_integer_in_a_record_is_refused_in_one_line(told):
    refused_by_all(told, "long-seed")


# --- item 10: what the reader accepted and should not ---------------------------------------------


UNKNOWN = [(lambda e: e["launch"].update(wind=1.0), "launch has unknown key 'wind'"),
           (lambda e: e["outcome"].update(note="x"), "outcome has unknown key 'note'"),
           (lambda e: e["outcome"]["diamond"].update(z=0.0),
            "outcome.diamond has unknown key 'z'")]


def _unknown(part, words):
    def build(data, tray):
        index = first_throw(data)
        part(data["events"][index])
        return json.dumps(data), f"event {index}: {words}"
    return build


HOSTILE.update({f"unknown-{i}": _unknown(part, words) for i, (part, words) in enumerate(UNKNOWN)})


@pytest.mark.parametrize("case", [f"unknown-{i}" for i in range(len(UNKNOWN))])
def test_unknown_keys_inside_a_throw_are_refused(told, case):
    refused_by_all(told, case)


def test_an_unknown_key_in_a_die_entry_is_refused(tmp_path, capsys, petanque):
    data = copy.deepcopy(petanque)
    index = first_throw(data, lambda e: e["outcome"]["dice"])
    data["events"][index]["outcome"]["dice"][0]["colour"] = "red"
    path = tmp_path / "die.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["verify", str(path)]) == 2
    assert "outcome.dice[0] has unknown key 'colour'" in capsys.readouterr().err


@pytest.mark.parametrize("options", [None, False, 0, "", []])
def test_options_that_are_not_an_object_are_refused(tmp_path, capsys, options):
    path = tmp_path / "options.json"
    path.write_text(json.dumps(tray_record(options=options)), encoding="utf-8")
    assert main(["verify", str(path)]) == 2
    assert "'options' must be an object of rule options" in capsys.readouterr().err


def _twice(petanque, data):
    return (json.dumps(data).replace('"seed": 3', '"seed": 3, "seed": 4'),
            "the key 'seed' appears twice in one object")


HOSTILE["twice"] = _twice


def test_a_duplicate_key_is_refused(told):
    refused_by_all(told, "twice")


def test_json_messages_read_well(tmp_path, capsys):
    """Item 13: not "Unterminated string starting at at line 17"."""
    path = tmp_path / "cut.json"
    path.write_text('{\n "format": "petanque-game-record",\n "game": "ten-thou', encoding="utf-8")
    assert main(["verify", str(path)]) == 2
    assert capsys.readouterr().err.strip() == (
        f"{path}: not JSON: unterminated string starting at line 3, column 10")


def test_an_unknown_board_without_a_hash_is_refused_not_an_internal_error(tmp_path, capsys,
                                                                          petanque):
    """Item 13: not "internal error (LevelError ...)"."""
    data = copy.deepcopy(petanque)
    data["level"] = "no-such-board"
    data.pop("level_sha256", None)
    path = tmp_path / "board.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["verify", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{path}: the board 'no-such-board' cannot be loaded: ")
    assert "internal error" not in err and err.count("\n") == 1
