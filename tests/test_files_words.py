"""Why a file could not be read or written is said in the window's language: the reasons of
`files.reason_name` and the save messages built on them have a text in every language, and a
Danish or Norwegian player meets no English in them (the command line keeps its English)."""

import errno

import pytest
from ui_support import speak, spoken

from petanque_game.files import REASONS, NotAFolder, TooLarge, os_reason, reason_name
from petanque_game.record import Seat
from petanque_game.ui.session import new_game

LANGUAGES = ("en", "da", "nb")
ERRORS = {
    "no_such": FileNotFoundError(errno.ENOENT, "No such file or directory"),
    "not_folder": NotADirectoryError(errno.ENOTDIR, "Not a directory"),
    "is_folder": IsADirectoryError(errno.EISDIR, "Is a directory"),
    "is_file": NotAFolder("/somewhere/records"),
    "permission": PermissionError(errno.EACCES, "Permission denied"),
    "disk_full": OSError(errno.ENOSPC, "No space left on device"),
    "read_only": OSError(errno.EROFS, "Read-only file system"),
    "quota": OSError(errno.EDQUOT, "Disk quota exceeded"),
    "too_large": TooLarge("/somewhere/a.json", 9_000_000, 8_000_000, "the record"),
}


def test_every_error_has_its_name_and_english_words():
    for name, error in ERRORS.items():
        assert reason_name(error) == name
    assert set(REASONS) < set(ERRORS)  # the two named ones carry their own English
    assert os_reason(ERRORS["disk_full"]) == "the disk is full"
    assert "9000000 bytes" in os_reason(ERRORS["too_large"])
    odd = OSError(errno.EIO, "Input/output error")
    assert reason_name(odd) is None and os_reason(odd) == "Input/output error"


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_reason_is_worded_in_every_language(code):
    speak(code)
    english = {name: os_reason(error) for name, error in ERRORS.items()}
    for name, error in ERRORS.items():
        said = spoken().os_reason(error)
        assert spoken().has(f"files.{name}") and said and "Errno" not in said
        if code == "en":
            assert said == english[name] or name == "too_large"
        else:
            assert said != english[name], (code, name)
    assert "9000000" in spoken().os_reason(ERRORS["too_large"])


@pytest.mark.parametrize("code", ["da", "nb"])
def test_a_full_disk_while_playing_is_said_in_the_players_language(code, home, monkeypatch):
    speak(code)
    session = new_game("shut-the-box", [Seat("Astrid", "ai", "easy"), Seat("Bo", "ai", "easy")],
                       {}, 4, look=spoken())
    session.play_ai()

    def full_disk(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("petanque_game.record.write_atomic", full_disk)
    monkeypatch.setattr("petanque_game.ui.kept_records.write_new_named", full_disk)
    session.play_ai()
    session.close()
    said = session.unsaved or session.save_problem
    assert said is not None and str(session.match.autosave) in said
    words = said.replace(str(session.match.autosave), "")
    assert spoken().tr("files.disk_full") in words and "the disk is full" not in words
    assert "not saved" not in words and "autosave" not in words
