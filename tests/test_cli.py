"""The command itself: --version, --help, `python -m petanque_game`, mistyped commands."""

import subprocess
import sys

import pytest

from petanque_game import __version__
from petanque_game.cli import main


def run(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "petanque_game", *args], check=False, capture_output=True,
                          text=True, timeout=120, cwd=cwd)


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


@pytest.mark.parametrize("args", [["fly"], ["verify"], ["simulate", "ten-thousand"],
                                  ["simulate", "ten-thousand", "--players", "ai:easy",
                                   "--games", "many"]])
def test_mistyped_commands_exit_2_with_usage_and_no_traceback(args):
    out = run(*args)
    assert out.returncode == 2
    assert "usage:" in out.stderr and "Traceback" not in out.stderr
