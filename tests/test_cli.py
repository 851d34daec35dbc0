"""The command itself: --version, --help, `python -m petanque_game`, mistyped commands."""

import subprocess
import sys

import pytest

from petanque_game import __version__
from petanque_game.cli import main


def run(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "petanque_game", *args], check=False,
                          capture_output=True, text=True, timeout=120, cwd=cwd)


def test_version(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.strip() == f"petanque-game {__version__}"


def test_help_lists_the_commands(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    for command in ("play", "replay", "verify", "simulate"):
        assert command in out


def test_python_dash_m_works_from_another_directory(tmp_path):
    out = run("simulate", "shut-the-box", "--players", "ai:easy", "--json", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert '"game": "shut-the-box"' in out.stdout


def test_the_cli_module_runs_as_a_script_too():
    out = subprocess.run([sys.executable, "-m", "petanque_game.cli", "--version"], check=False,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == f"petanque-game {__version__}"


def test_a_mistyped_command_exits_2_with_usage_and_no_traceback():
    out = run("fly")
    assert out.returncode == 2
    assert "usage:" in out.stderr and "Traceback" not in out.stderr


@pytest.mark.parametrize("args", [["verify"], ["simulate", "ten-thousand"],
                                  ["simulate", "ten-thousand", "--players", "ai:easy",
                                   "--games", "many"]])
def test_mistyped_commands_exit_2_with_usage(args, capsys):
    """The others in this process (the one above, in a process of its own, shows that the
    command's exit code and its stderr are these); an exception other than the exit fails."""
    with pytest.raises(SystemExit) as stop:
        main(args)
    assert stop.value.code == 2
    assert "usage:" in capsys.readouterr().err


# --- issue 16, item 9: output nobody reads, or that cannot be written, is not a bug ---------------


def _closed_pipe_run(args, home):
    """The command with its stdout a pipe whose reading end is closed (`... | head -0`)."""
    import os

    read, write = os.pipe()
    os.close(read)
    try:
        return subprocess.run([sys.executable, "-m", "petanque_game", *args], stdout=write,
                              stderr=subprocess.PIPE, text=True, timeout=120, check=False,
                              env=dict(os.environ, PETANQUE_GAME_HOME=str(home)))
    finally:
        os.close(write)


@pytest.fixture
def a_record(tmp_path):
    assert main(["simulate", "shut-the-box", "--players", "ai:easy", "--record",
                 str(tmp_path / "out")]) == 0
    return tmp_path / "out" / "shut-the-box-0.json"


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX pipes")
@pytest.mark.parametrize("args", [["verify", "RECORD"], ["verify", "RECORD", "--json"],
                                  ["simulate", "shut-the-box", "--players", "ai:easy"],
                                  ["--help"]])
def test_a_closed_pipe_ends_the_command_quietly(tmp_path, a_record, args, capsys):
    capsys.readouterr()
    args = [str(a_record) if a == "RECORD" else a for a in args]
    out = _closed_pipe_run(args, tmp_path / "home")
    assert out.returncode == 141 and out.stderr == ""
    assert not (tmp_path / "home" / "logs").exists()  # nothing in the bug log


@pytest.mark.skipif(not __import__("os").path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("args, code", [(["verify", "RECORD"], 2),
                                        (["simulate", "shut-the-box", "--players", "ai:easy"], 1)])
def test_a_full_disk_under_the_output_is_one_line(tmp_path, a_record, args, code):
    import os

    args = [str(a_record) if a == "RECORD" else a for a in args]
    with open("/dev/full", "w") as full:
        out = subprocess.run([sys.executable, "-m", "petanque_game", *args], stdout=full,
                             stderr=subprocess.PIPE, text=True, timeout=120, check=False,
                             env=dict(os.environ, PETANQUE_GAME_HOME=str(tmp_path / "home")))
    assert out.returncode == code
    assert out.stderr == f"petanque-game {args[0]}: cannot write the output: the disk is full\n"
    assert not (tmp_path / "home" / "logs").exists()
