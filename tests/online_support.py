"""Test support for online play: a relay and headless clients as subprocesses on 127.0.0.1, each
bounded in time and killed at the end (`Processes`)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINE_SECONDS = 20.0


class Processes:
    """Every process a test started; `close` kills whatever still runs."""

    def __init__(self, tmp: Path):
        self.tmp = tmp
        self.started: list[subprocess.Popen] = []

    def start(self, *args: str, home: str = "home", stdin: int | None = subprocess.DEVNULL,
              env: dict[str, str] | None = None) -> subprocess.Popen:
        folder = self.tmp / home
        folder.mkdir(parents=True, exist_ok=True)
        environ = dict(os.environ, PETANQUE_GAME_HOME=str(folder), PYTHONUNBUFFERED="1",
                       **(env or {}))
        proc = subprocess.Popen([sys.executable, "-m", "petanque_game", *args], cwd=self.tmp,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=stdin,
                                text=True, env=environ)
        self.started.append(proc)
        return proc

    def relay(self, port: int = 0) -> tuple[subprocess.Popen, str]:
        proc = self.start("relay", "--port", str(port), home="relay-home")
        line = first_line(proc)
        assert line.startswith("relay ws://127.0.0.1:"), line
        return proc, line.split()[1]

    def host(self, game: str, url: str, players: str, *more: str, home: str = "host",
             level: str = "ai:easy") -> tuple[subprocess.Popen, str]:
        proc = self.start("online", "host", game, "--relay", url, "--players", players,
                          "--as", level, "--record", str(self.tmp / f"{home}-records"), *more,
                          home=home)
        line = first_line(proc)
        assert line.startswith("room "), line
        return proc, line.split()[1]

    def join(self, code: str, url: str, *more: str, home: str = "guest",
             level: str = "ai:easy") -> subprocess.Popen:
        return self.start("online", "join", code, "--relay", url, "--as", level, "--record",
                          str(self.tmp / f"{home}-records"), *more, home=home)

    def close(self) -> None:
        for proc in self.started:
            if proc.poll() is None:
                proc.kill()
            proc.wait(10)
            for stream in (proc.stdout, proc.stderr):
                if stream is not None:
                    stream.close()


def first_line(proc: subprocess.Popen, seconds: float = LINE_SECONDS) -> str:
    """The process's first line of output, read with a time limit (killed if it says nothing)."""
    import selectors

    assert proc.stdout is not None
    with selectors.DefaultSelector() as sel:
        sel.register(proc.stdout, selectors.EVENT_READ)
        if not sel.select(seconds):
            proc.kill()
            raise AssertionError(f"no first line within {seconds} s")
    return proc.stdout.readline().strip()


def finish(proc: subprocess.Popen, seconds: float) -> tuple[int, str, str]:
    """(exit code, the rest of stdout, stderr) of a process given `seconds` to end."""
    try:
        out, err = proc.communicate(timeout=seconds)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate(timeout=10)
        raise AssertionError(f"did not end within {seconds} s; stderr: {err[-2000:]}") from None
    return proc.returncode, out, err


def records(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.json"))


def events_of(path: Path) -> list:
    return json.loads(path.read_text(encoding="utf-8"))["events"]


def verify(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "petanque_game", "verify", str(path)],
                          capture_output=True, text=True, timeout=300, check=False)


def wait_until(check, seconds: float, step: float = 0.05) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if check():
            return True
        time.sleep(step)
    return False


def in_game(procs, code, home="guest"):
    """Once the guest is in the room (it keeps its secret in its user folder as it enters),
    and a moment more: the game is under way."""
    assert wait_until((procs.tmp / home / "online" / f"{code}-1.json").is_file, 60)
    time.sleep(0.5)
