"""The record format does not move: records made before typed events (`tests/data/golden/`, made by
`simulate` on main before the change, one per game) read, fold and write back byte for byte; the
same decisions played live write the same file; and `verify` says exactly what it said then of
each record and of a set of tampered copies (`verdicts.json`, that program's outputs).

Regenerate `verdicts.json` only when the format or a message is meant to change:
`python tests/test_record_format_kept.py > tests/data/golden/verdicts.json`.
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
from pathlib import Path

import pytest

from petanque_game.cli import main
from petanque_game.match import Match, rebuild
from petanque_game.record import _compact, load_record, parse_record
from petanque_game.rules.games import spec_of

GOLDEN = Path(__file__).resolve().parent / "data" / "golden"
RECORDS = sorted(p for p in GOLDEN.glob("*.json") if p.name != "verdicts.json")
TRAY = [p for p in RECORDS if not p.name.startswith("terningepetanque")]

# Ways to break one event, each applied at several places of each record.
EDITS = {
    "unknown_key": lambda e: {**e, "zzz": 1},
    "no_player": lambda e: {k: v for k, v in e.items() if k != "player"},
    "bad_player": lambda e: {**e, "player": 7} if "player" in e else {**e, "round": 0},
    "bad_action": lambda e: {**e, "action": "dance"},
    "bad_field": lambda e: ({**e, "dice": "12"} if "dice" in e else
                            {**e, "boxes": [10]} if "boxes" in e else {**e, "object": "cup"}),
    "changed": lambda e: ({**e, "dice": [d % 6 + 1 for d in e["dice"]]} if "dice" in e else
                          {**e, "launch": 3} if "launch" in e else {**e, "closest": [5]}),
}


def tampered(path: Path) -> dict[str, str]:
    """Tampered copies of the record at `path`, by name, as JSON text."""
    data = json.loads(path.read_text("utf-8"))
    n = len(data["events"])
    out = {}
    for name, edit in EDITS.items():
        for pos in (1, n // 2, n - 1):
            copy = json.loads(json.dumps(data))
            copy["events"][pos] = edit(copy["events"][pos])
            out[f"{path.stem}:{name}:{pos}"] = json.dumps(copy)
    copy = json.loads(json.dumps(data))
    del copy["events"][n // 2]
    out[f"{path.stem}:dropped"] = json.dumps(copy)
    return out


def verdict(path: Path) -> list:
    """[exit code, stdout, stderr] of `verify` and of `verify --json` of the file at `path`,
    with the path itself left out."""
    said = []
    for args in (["verify", str(path)], ["verify", "--json", str(path)]):
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(args)
        said.append([code, out.getvalue().replace(str(path), "FILE"),
                     err.getvalue().replace(str(path), "FILE")])
    return said


def verdicts(folder: Path) -> dict[str, list]:
    """What `verify` says of every golden record and of each tampered copy of it."""
    found = {}
    for path in RECORDS:
        found[path.stem] = verdict(path)
        for name, text in tampered(path).items():
            copy = folder / "copy.json"
            copy.write_text(text, encoding="utf-8")
            found[name] = verdict(copy)
    return found


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_a_record_reads_folds_and_writes_back_byte_for_byte(path):
    text = path.read_text("utf-8")
    record = load_record(path)
    spec = spec_of(record.game)
    for raw in record.events:  # each event through its codec: the same JSON
        codec = spec.codec(raw["action"])
        assert _compact(codec.write(codec.read(raw, len(record.players)))) == _compact(raw)
    match = rebuild(parse_record(text))
    assert match.record.dumps() == text
    assert [t.index for t in match.transitions] == list(range(len(record.events)))


@pytest.mark.parametrize("path", TRAY, ids=lambda p: p.stem)
def test_the_same_decisions_played_live_write_the_same_file(path):
    text = path.read_text("utf-8")
    folded = rebuild(parse_record(text))
    record = folded.record
    live = Match.new(record.game, record.players, record.options, record.seed,
                     created=record.extra.get("created"))
    live.record.extra = dict(record.extra)
    for made in folded.transitions:
        if made.event.player is not None:
            assert live.decide(made.event.decision)[0].event == made.event
    assert live.record.dumps() == text
    assert [(t.event, t.before, t.after) for t in live.transitions] == \
        [(t.event, t.before, t.after) for t in folded.transitions]


def test_verify_says_what_it_said_of_every_record_and_tampered_copy(tmp_path):
    expected = json.loads((GOLDEN / "verdicts.json").read_text("utf-8"))
    found = verdicts(tmp_path)
    assert sorted(found) == sorted(expected)
    for name in expected:
        assert found[name] == expected[name], name


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        json.dump(verdicts(Path(folder)), sys.stdout, ensure_ascii=False, indent=0, sort_keys=True)
        sys.stdout.write("\n")
