"""Issue 8, item 7: the window quits on SIGTERM and SIGINT even while it is busy (here: waiting for
an AI that thinks forever on its thread), and the game it was playing resumes."""

import json
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import petanque_game
from petanque_game import saves
from petanque_game.ui.session import resume

TESTS = Path(__file__).parent
SOURCE = Path(petanque_game.__file__).parent.parent

# A window playing AI against AI; after a few moves every AI decision takes an hour, so the window's
# main thread waits for the AI's thread. It says when it has reached that point.
BUSY_WINDOW = r"""
import json, sys, time
from ui_support import fast_app
from petanque_game.match import Match
from petanque_game.record import Seat
from petanque_game.ui.app import run_app
from petanque_game.ui.play import open_game_scene
from petanque_game.ui.session import new_game

app = fast_app()
session = new_game("ten-thousand", [Seat("Astrid", "ai", "easy"), Seat("Bjorn", "ai", "easy")],
                   {}, 5)
open_game_scene(app, session)
while len(session.record.events) < 4:
    app.tick(1 / 60)
decide = Match.ai_decision
def forever(self):
    print(json.dumps({"autosave": str(session.match.autosave),
                      "events": session.record.events}), flush=True)
    time.sleep(3600)
Match.ai_decision = forever
sys.exit(run_app(lambda: app))
"""


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_the_window_quits_on_sigterm_and_sigint_while_busy(home, signum):
    env = dict(os.environ, PETANQUE_GAME_HOME=str(home), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env["PYTHONPATH"] = os.pathsep.join([str(SOURCE), str(TESTS), env.get("PYTHONPATH", "")])
    proc = subprocess.Popen([sys.executable, "-c", BUSY_WINDOW], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)
    watchdog = threading.Timer(300, proc.kill)
    watchdog.start()
    try:
        line = proc.stdout.readline()  # the AI's thread has started its hour of thinking
        assert line, proc.stderr.read()
        saved = json.loads(line)
        proc.send_signal(signum)
        code = proc.wait(timeout=60)  # a hang is a failure, not a test run forever
    finally:
        watchdog.cancel()
        proc.kill()
    assert code == 128 + signum, proc.stderr.read()
    [game] = saves.unfinished_games()  # its lock went with the process
    assert game.resumable and str(game.path) == saved["autosave"]
    session = resume(game.path)
    assert session.record.events[:len(saved["events"])] == saved["events"]
    session.close()
