"""What a replay of the table checks before it shows a throw: the record keeps only where each throw
came to rest, so its flight is simulated again; when that simulation does not end where the record
says (a record from another computer or version of the game, or an edited one), the recorded table
is what counts: it is shown without the flight, and the player is told once per replay. The board
the record was played on is checked too (its `level_sha256` against the board file present)."""

from __future__ import annotations

import logging
from collections.abc import MutableMapping
from typing import Any

from petanque_game.physics.results import Path
from petanque_game.rules.events import Transition
from petanque_game.ui.look import Look

log = logging.getLogger(__name__)


def check_of(look: Look, session: Any, level: Any,
             checks: MutableMapping[Any, ReplayCheck]) -> tuple[ReplayCheck, bool]:
    """The replay's one check among `checks` (the table's, by session: a jump in the replay
    makes the scene anew, not the replay), and whether it is new (its board note not yet
    given)."""
    found = checks.get(session)
    if found is not None:
        return found, False
    found = checks[session] = ReplayCheck(look, session, level)
    return found, True


class ReplayCheck:
    def __init__(self, look: Look, session: Any, level: Any):
        self.session = session
        self.level = level
        self.mismatches = 0  # throws whose simulation differs from the record
        self.told = False  # the notice has been given (once per replay)
        self.board_note = _board_note(look, session.record)

    def path(self, made: Transition) -> Path | None:
        """The re-simulated flight of the throw of transition `made` (a `Thrown`), or None when
        it cannot be shown as it happened (the launch refused, or the simulation does not end at
        the recorded table)."""
        from petanque_game.fold import compare_tables
        from petanque_game.physics import LaunchError, simulate_throw

        ev = made.event
        try:
            result = simulate_throw(self.level, made.before.table, len(self.session.players),
                                    ev.player, ev.obj, ev.die, ev.launch)
        except LaunchError:  # the reader checked the launch; should it still be refused, the
            return None  # table is shown at rest without the flight
        difference = compare_tables(ev.table, result.table)
        if difference:
            self.mismatches += 1
            log.info("replay: throw at event %s differs from its simulation: %s",
                     made.index, difference)
            return None
        return result.path

    def note_due(self) -> bool:
        """True once, at the first throw that did not replay as recorded."""
        if self.mismatches and not self.told:
            self.told = True
            return True
        return False

    def notice(self, look: Look) -> str:
        return look.tr("table.replay.differs")


def _board_note(look: Look, record: Any) -> str | None:
    """What to say about the board the record names: nothing when it is the one present."""
    if record.level is None or record.level_sha256 is None:
        return None
    from petanque_game.physics import LevelError, level_sha256

    try:
        actual = level_sha256(record.level, record.level_sha256)
    except (LevelError, OSError, KeyError, ValueError):
        return look.tr("table.replay.board_missing", board=record.level)
    if actual != record.level_sha256:
        return look.tr("table.replay.board_differs", board=record.level)
    return None
