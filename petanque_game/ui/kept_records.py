"""A finished game kept in records/ once, whatever happens: the file that already holds the same
game is found by its fingerprint (history.fingerprint) at the end of its name.
"""

from __future__ import annotations

import os
from pathlib import Path

from petanque_game import history, paths
from petanque_game.files import write_new_named
from petanque_game.record import MAX_BYTES, Record, RecordError, load_record


def keep_record(record: Record) -> Path:
    """The finished game in records/: the file that already holds this game (the same seats,
    seed and events: history.fingerprint) if it was kept before, else a new one, never over
    another record. Keeping one game twice (a finished autosave found again after a kill, or
    one that could not be removed) leaves one record."""
    folder = paths.records_dir()
    mark = history.fingerprint(record)[:FINGERPRINT_CHARS]
    before = kept_before(folder, record, mark)
    if before is not None:
        return before
    return write_new_named(folder, record.game, record.dumps(), MAX_BYTES, "the record", mark)


FINGERPRINT_CHARS = 16  # of the fingerprint, at the end of a record's file name


def kept_before(folder: Path, record: Record, mark: str) -> Path | None:
    """The record in `folder` named with `mark` that holds the game `record` holds, if any."""
    try:
        with os.scandir(folder) as it:
            named = sorted(Path(e.path) for e in it if e.name.endswith(f"-{mark}.json"))
    except OSError:
        return None
    for path in named:
        try:
            if history.fingerprint(load_record(path)) == history.fingerprint(record):
                return path
        except RecordError:
            continue  # not that game after all (or broken): a new record is kept
    return None
