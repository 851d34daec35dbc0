"""The command line refuses what it cannot do before doing anything, in one line (issue 8, items 9,
12 and 13), and a bug of ours is one line naming the log that holds its traceback."""

import json
import subprocess
import sys

import pytest

from petanque_game import logs
from petanque_game.cli import main

SIM = ["simulate", "shut-the-box", "--players", "ai:easy"]


def refused(capsys, args, words):
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err, err
    assert "Traceback" not in err and "Errno" not in err, err
    return err


# --- item 12 --------------------------------------------------------------------------------------


def test_the_largest_seed_is_accepted_for_one_game_and_the_limit_is_named(capsys):
    assert main([*SIM, "--seed", str(2**63 - 1), "--games", "1", "--json"]) == 0
    capsys.readouterr()
    refused(capsys, [*SIM, "--seed", str(2**63 - 1), "--games", "2"],
            f"with --games 2, at most {2**63 - 2}")


@pytest.mark.parametrize("flag, words", [("--level", "--level needs a board's name"),
                                         ("--record", "--record needs a folder name")])
def test_an_empty_level_or_record_folder_is_refused(capsys, flag, words):
    game = "terningepetanque" if flag == "--level" else "shut-the-box"
    refused(capsys, ["simulate", game, "--players", "ai:easy,ai:easy", flag, ""], words)


def test_a_record_folder_that_is_a_file_is_named_so(capsys, tmp_path):
    file = tmp_path / "out"
    file.write_text("x")
    refused(capsys, [*SIM, "--record", str(file)], "it is a file, not a folder")


def test_an_unwritable_record_folder_is_found_before_any_game_is_played(capsys, tmp_path,
                                                                        monkeypatch):
    (tmp_path / "file").write_text("x")

    def no_play(self, *args, **kwargs):
        raise AssertionError("a game was played")

    monkeypatch.setattr("petanque_game.match.Match.play_to_end", no_play)
    refused(capsys, [*SIM, "--record", str(tmp_path / "file" / "out")],
            "a part of the path is a file, not a folder")


def test_simulate_record_refuses_to_replace_records_without_force(capsys, tmp_path):
    out = tmp_path / "out"
    assert main([*SIM, "--games", "2", "--record", str(out), "--json"]) == 0
    first = (out / "shut-the-box-1.json").read_bytes()
    capsys.readouterr()
    refused(capsys, [*SIM, "--seed", "1", "--record", str(out)],
            "shut-the-box-1.json exists already; use --force")
    (out / "shut-the-box-1.json").write_text("mine", encoding="utf-8")
    assert main([*SIM, "--seed", "1", "--record", str(out), "--force", "--json"]) == 0
    assert (out / "shut-the-box-1.json").read_bytes().split(b'"created"')[0] == \
        first.split(b'"created"')[0]


def test_force_is_documented_in_help(capsys):
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    assert "--force" in capsys.readouterr().out


# --- item 9 ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("value, words", [
    ("7" * 5000, "the value is 5000 characters; at most 100"),
    ("7" * 90, "'rounds' is a whole number far out of range; expected 1 to 99"),
    ("1.0e+999", "'rounds' is inf; expected a whole number"),
])
def test_a_huge_number_in_an_option_is_refused_in_one_line(capsys, value, words):
    refused(capsys, [*SIM, "--option", f"rounds={value}"], words)


# --- item 13 --------------------------------------------------------------------------------------


def test_a_bug_in_a_command_is_one_line_naming_the_log(home, capsys, tmp_path, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("a bug of ours\nover two lines")

    monkeypatch.setattr("petanque_game.match.rebuild", broken)
    path = tmp_path / "r.json"
    assert main([*SIM, "--record", str(tmp_path), "--json"]) == 0
    (tmp_path / "shut-the-box-0.json").rename(path)
    capsys.readouterr()
    assert main(["verify", str(path)]) == 2
    err = capsys.readouterr().err
    assert err == (f"petanque-game verify: {path}: internal error (RuntimeError: a bug of ours "
                   f"over two lines); the details are in {logs.log_path()}\n")
    log = logs.log_path().read_text(encoding="utf-8")
    assert "Traceback" in log and "a bug of ours" in log
    monkeypatch.setattr("petanque_game.cli.simulate", broken)
    assert main(SIM) == 1
    assert capsys.readouterr().err.startswith("petanque-game simulate: internal error (")


def test_the_log_is_bounded():
    handler = logs._open_handler()
    assert handler.maxBytes == 1024 * 1024 and handler.backupCount == 3
    logs.close()


def test_a_user_folder_that_is_a_file_is_said_in_words(tmp_path, monkeypatch):
    from petanque_game import paths

    file = tmp_path / "home"
    file.write_text("x")
    monkeypatch.setenv("PETANQUE_GAME_HOME", str(file))
    assert paths.user_dir_problem() == (f"your user folder {file} cannot be made: {file} is a "
                                        "file, not a folder")
    monkeypatch.setenv("PETANQUE_GAME_HOME", str(file / "sub"))
    assert "is a file, not a folder" in paths.user_dir_problem()


def test_verify_of_an_odd_path_prints_no_traceback(tmp_path):
    out = subprocess.run([sys.executable, "-m", "petanque_game", "verify",
                          str(tmp_path / "\udcff.json")], check=False, capture_output=True,
                         timeout=60)
    assert out.returncode == 2 and b"Traceback" not in out.stderr
    assert out.stderr.count(b"\n") == 1 and b"there is no such file" in out.stderr


def test_simulate_json_output_is_still_one_object(capsys):
    assert main([*SIM, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["game"] == "shut-the-box"


# --- issue 16, item 14 ----------------------------------------------------------------------------


def test_an_option_given_twice_is_refused_naming_it(capsys):
    refused(capsys, [*SIM, "--option", "rounds=2", "--option", " rounds=3"],
            "--option 'rounds' is given twice")
