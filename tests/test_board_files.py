"""Issue 30 (items 1, 2, 8, 9): the board editor's files. A board of the player's is never
replaced without being told to; a replaced board's text is kept where its games' records find it,
so they verify without a warning; names the board list would never show are refused; an import
reads only an ordinary file of a board's size; a key that does not look like a board's is never
quoted from the file."""

import hashlib
import os
import threading
import time

import pytest

from petanque_game import board_files, cli, paths
from petanque_game.board_edit import Draft, empty_text
from petanque_game.match import Match, rebuild
from petanque_game.physics.level import (
    LevelError,
    kept_dir,
    level_sha256,
    list_levels,
    load_level,
    load_named_level,
    name_problem,
    parse_level_text,
    user_levels_dir,
)
from petanque_game.record import Seat, parse_record

pytestmark = pytest.mark.usefixtures("home")


def board(title="Mine", block=None):
    draft = Draft.from_text(empty_text(), "x")
    draft.set_words(title, "A board of mine.")
    if block is not None:
        draft.add_obstacle(*block)
    return draft.text()


def test_a_free_name_is_proposed():
    assert board_files.free_name("my-board") == "my-board"
    board_files.save("my-board", board())
    assert board_files.free_name("my-board") == "my-board-2"
    (user_levels_dir() / "My-Board-2.yaml").write_text("x")  # taken in any mix of capitals
    assert board_files.free_name("my-board") == "my-board-3"
    assert board_files.free_name("classic") == "classic-2"  # a shipped board's name
    long = "å" * 40
    board_files.save(long, board())
    proposed = board_files.free_name(long)
    assert proposed == "å" * 38 + "-2" and name_problem(proposed, new=True) is None


def test_a_board_is_never_replaced_without_being_told():
    first = board("First")
    path = board_files.save("mine", first)
    with pytest.raises(board_files.Taken) as told:
        board_files.save("mine", board("Second"))
    assert path.read_text() == first  # untouched
    # told to replace what was there: replaced, and the old text kept under its hash
    board_files.save("mine", board("Second"), told.value.seen)
    assert load_named_level("mine").title == "Second"
    digest = hashlib.sha256(first.encode()).hexdigest()
    assert (kept_dir() / f"{digest}.yaml").read_text() == first
    # what the player agreed to replace changed since: asked again
    with pytest.raises(board_files.Taken):
        board_files.save("mine", board("Third"), told.value.seen)


def test_a_game_on_a_replaced_board_still_verifies_without_a_warning(capsys):
    board_files.save("garden", board("Garden", (200, 100)))
    match = Match.new("terningepetanque", [Seat("A", "ai", "easy"), Seat("B", "ai", "easy")],
                      {"rounds": 1}, 5, "garden")
    match.play_to_end()
    record = user_levels_dir().parent / "garden-game.json"
    record.write_text(match.record.dumps())
    with pytest.raises(board_files.Taken) as told:
        board_files.save("garden", board("Garden", (-200, -100)))  # the block moved
    board_files.save("garden", board("Garden", (-200, -100)), told.value.seen)
    assert load_named_level("garden").obstacles != match.level.obstacles
    capsys.readouterr()
    assert cli.verify(str(record)) == 0
    out = capsys.readouterr()
    assert "warning" not in out.err and out.err == "", out.err
    assert "valid terningepetanque record" in out.out
    played = parse_record(record.read_text())
    assert rebuild(played).over
    assert level_sha256("garden", played.level_sha256) == played.level_sha256
    # a kept copy changed by hand is not the board the game was played on: the warning again
    [copy] = list(kept_dir().glob("*.yaml"))
    copy.write_text(copy.read_text() + "\n# changed\n")
    assert level_sha256("garden", played.level_sha256) != played.level_sha256


def test_a_kept_copy_is_found_by_its_hash_only():
    assert board_files.keep(board().encode()).parent == kept_dir()
    for forged in ("../../secrets", "0" * 63, "G" * 64, None, 5):
        assert load_named_level("classic", forged).name == "classic"
    with pytest.raises(LevelError):
        load_named_level("gone", "0" * 64)


def test_two_windows_saving_one_name_at_once_never_both_win():
    texts = [board(f"Window {i}") for i in range(2)]
    outcomes = []
    start = threading.Barrier(2)

    def save(text):
        start.wait()
        try:
            board_files.save("same", text)
            outcomes.append("saved")
        except board_files.Taken:
            outcomes.append("asked")

    threads = [threading.Thread(target=save, args=(t,)) for t in texts]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert sorted(outcomes) == ["asked", "saved"]


def test_a_save_killed_midway_leaves_the_old_board_or_the_new(tmp_path):
    """kill -9 of a process in the middle of saves: the board file is always a whole board."""
    import subprocess
    import sys

    board_files.save("atomic", board("Old"))
    script = (
        "import sys\n"
        "from petanque_game import board_files\n"
        "from petanque_game.board_edit import Draft, empty_text\n"
        "d = Draft.from_text(empty_text(), 'x')\n"
        "seen = board_files.seen(board_files.user_levels_dir() / 'atomic.yaml')\n"
        "i = 0\n"
        "while True:\n"
        "    i += 1\n"
        "    d.set_words(f'New {i}', 'x' * (i % 300 + 1))\n"
        "    board_files.save('atomic', d.text(), seen)\n"
        "    seen = board_files.seen(board_files.user_levels_dir() / 'atomic.yaml')\n")
    for _ in range(3):
        proc = subprocess.Popen([sys.executable, "-c", script], env=dict(os.environ))
        time.sleep(1.5)
        proc.kill()
        proc.wait(10)
        level = load_named_level("atomic")  # a whole board, never half of one
        assert level.title == "Old" or level.title.startswith("New ")


def test_a_link_in_the_levels_folder_is_replaced_never_written_through(tmp_path):
    outside = tmp_path / "outside.yaml"
    outside.write_text("token: secret\n")
    folder = user_levels_dir()
    folder.mkdir(parents=True)
    (folder / "linked.yaml").symlink_to(outside)
    with pytest.raises(board_files.Taken) as told:
        board_files.save("linked", board())
    board_files.save("linked", board(), told.value.seen)
    assert outside.read_text() == "token: secret\n"
    assert not (folder / "linked.yaml").is_symlink()
    assert not list(kept_dir().glob("*.yaml"))  # what a link out points to is never copied


@pytest.mark.parametrize("name", ["..", ".hidden", ".", "con", "NUL.x", "a?b", "a<b", "end.",
                                  "a/b", " a", "x" * 41, ""])
def test_names_the_board_list_would_never_show_are_refused(name):
    draft = Draft.from_text(empty_text(), name)
    problem = draft.problem()
    assert problem is not None and problem.part == "name"


def test_a_hidden_board_is_not_found_by_name():
    folder = user_levels_dir()
    folder.mkdir(parents=True)
    (folder / ".hidden.yaml").write_text(board())
    with pytest.raises(LevelError):
        load_named_level(".hidden")
    assert all(name != ".hidden" for name, _ in list_levels())


def test_unicode_names_are_boards_like_any_other():
    draft = Draft.from_text(board(), "Kaffebordet på Ærø")
    assert draft.problem() is None
    board_files.save(draft.name, draft.text())
    assert load_named_level("Kaffebordet på Ærø").title == "Mine"


def test_export_never_replaces_a_file():
    first = board_files.export("mine", board("A"))
    second = board_files.export("mine", board("B"))
    assert first != second and first.read_text() != second.read_text()
    assert first.parent == paths.user_dir() / "exports"


# --- import ---------------------------------------------------------------------------------------

def read_within(given, seconds=5.0):
    """board_files.read_import(given) in a thread, which must answer within `seconds`."""
    answer = []

    def run():
        try:
            answer.append(board_files.read_import(given))
        except Exception as e:
            answer.append(e)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(seconds)
    assert answer, f"no answer within {seconds} s: {given}"
    return answer[0]


def test_import_of_a_pipe_a_device_a_huge_file_and_a_folder(tmp_path):
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    assert read_within(str(fifo)).kind == "not_file"
    assert read_within("/dev/zero").kind == "not_file"
    sparse = tmp_path / "huge.yaml"
    with open(sparse, "wb") as f:
        f.truncate(8 << 30)  # 8 GiB, sparse
    found = read_within(str(sparse))
    assert found.kind == "too_large" and found.size == 8 << 30
    assert read_within(str(tmp_path)).kind == "is_folder"
    assert read_within(str(tmp_path / "none.yaml")).kind == "system"
    good = tmp_path / "good.yaml"
    good.write_text(board("Imported"))
    text, name = read_within(str(good))
    assert name == "good" and "Imported" in text


# --- a key of the file is quoted only when it looks like a board's key ----------------------------

@pytest.mark.parametrize("first", ["token:VALUE", "ghp_" + "x" * 40, "pass word", "a.b"])
def test_a_key_that_is_no_board_key_is_never_quoted(tmp_path, first):
    path = tmp_path / "secrets.yaml"
    path.write_text(f"# notes\n{first}:\ntitle: x\n")
    with pytest.raises(LevelError) as refused:
        load_level(path)
    assert first not in str(refused.value) and "VALUE" not in str(refused.value)
    assert "line 2" in str(refused.value)


def test_a_key_that_looks_like_one_is_still_named():
    text = board().replace("title:", "titel: x\ntitle:", 1)
    with pytest.raises(LevelError, match="titel: unknown key"):
        parse_level_text(text, "x")
