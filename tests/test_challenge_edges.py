"""Issue 30, items 4, 7 and 8 (challenges): the player's challenge files and results read
strictly (a broken entry left out, never fatal, never the good ones lost), a forged challenger's
game or daily challenge refused, each game counted once, a code read as pasted, a long bad code
not echoed whole, and the leftovers of a killed save tidied in the folders the player keeps
boards, challenges and exports in."""

import json
import os
import random
import threading
import time
from datetime import date
from pathlib import Path

import pytest
from challenge_support import DAY, YOU, mutate, play_out

from petanque_game import challenge as challenges
from petanque_game import challenge_index, challenge_play, challenge_results, paths
from petanque_game.challenge import ChallengeError
from petanque_game.challenge_results import keep_result, read_results, results, results_path
from petanque_game.cli import main
from petanque_game.match import Match
from petanque_game.record import Seat, parse_record

DATA = Path(__file__).parent / "data"


def challenge_with_challenger(seed=4):
    record = play_out(Match.new("shut-the-box", [Seat("Astrid", "human")], {}, seed)).record
    return challenges.from_record(parse_record(record.dumps()), None)


def three_results():
    """Three challenges' results kept, one with a challenger: the file and the challenges."""
    made = [challenges.daily("shut-the-box", DAY), challenges.daily("ten-thousand", DAY),
            challenge_with_challenger()]
    for n, c in enumerate(made):
        keep_result(c, -10 - n)
    return made


# --- results.json read strictly -----------------------------------------------------------------

def test_a_wrong_type_in_one_entry_leaves_that_entry_out_and_keeps_the_others(home):
    made = three_results()
    data = json.loads(results_path().read_text(encoding="utf-8"))
    data["challenges"][made[2].ident]["challenger_score"] = "38"
    data["challenges"][made[0].ident]["daily"] = 20261201
    results_path().write_text(json.dumps(data), encoding="utf-8")
    kept = results()
    assert set(kept) == {made[1].ident}
    read = read_results()
    assert "2 entries left out" in read.problem
    results()
    from petanque_game.logs import log_path

    said = [line for line in log_path().read_text(encoding="utf-8").splitlines()
            if "entries left out" in line]
    assert len(said) == 1 and len(said[0]) < 400  # said once, briefly
    # the next result keeps the good entry, and the file it was read from is set aside
    keep_result(made[2], -3)
    assert set(results()) == {made[1].ident, made[2].ident}
    [aside] = results_path().parent.glob("results.json.unreadable-*")
    assert json.loads(aside.read_text(encoding="utf-8")) == data


def test_one_byte_that_is_not_utf8_loses_no_other_challenges_results(home):
    made = three_results()
    raw = results_path().read_bytes()
    name = made[2].challenger.players[0].name.encode("utf-8")  # "Astrid"
    damaged = raw.replace(name, b"Astr\xffd", 1)
    results_path().write_bytes(damaged)
    assert set(results()) == {c.ident for c in made}  # read around the byte
    later = challenges.daily("aces", DAY)
    keep_result(later, 5)
    assert set(results()) == {c.ident for c in made} | {later.ident}
    [aside] = results_path().parent.glob("results.json.unreadable-*")
    assert aside.read_bytes() == damaged  # the player's file set aside, not overwritten


def test_a_truncated_file_keeps_the_entries_before_the_damage(home):
    made = three_results()
    raw = results_path().read_text(encoding="utf-8")
    cut = raw.index(sorted(c.ident for c in made)[2])  # in the third entry's key
    results_path().write_text(raw[:cut], encoding="utf-8")
    assert set(results()) == set(sorted(c.ident for c in made)[:2])


def test_duplicate_keys_leave_out_what_cannot_be_told(home):
    made = three_results()
    a, b = sorted(c.ident for c in made)[:2]
    entry = results()[a].to_json()
    text = json.dumps({"version": 1, "challenges": {
        a: entry, b: results()[b].to_json()}})
    twice = text.replace(f'"{b}":', f'"{a}": {json.dumps(entry)}, "{b}":', 1)
    results_path().write_text(twice, encoding="utf-8")
    assert set(results()) == {b}
    inner = text.replace('"attempts": 1', '"attempts": 1, "attempts": 9', 1)
    results_path().write_text(inner, encoding="utf-8")
    assert len(results()) == 1


def test_a_forged_daily_result_is_left_out(home):
    real = challenges.daily("ten-thousand", DAY)
    keep_result(real, 3000)
    data = json.loads(results_path().read_text(encoding="utf-8"))
    forged = dict(data["challenges"][real.ident])
    data["challenges"]["0123456789abcdef"] = forged  # "that day's daily", another ident
    results_path().write_text(json.dumps(data), encoding="utf-8")
    assert set(results()) == {real.ident}


@pytest.mark.parametrize("kind", ["fifo", "folder", "link-loop", "link-to-zero", "huge",
                                  "deep", "empty"])
def test_anything_in_the_results_place_is_no_result_never_a_hang(home, kind):
    path = results_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    elif kind == "link-loop":
        path.symlink_to(path.name)
    elif kind == "link-to-zero":
        path.symlink_to("/dev/zero")
    elif kind == "huge":
        with open(path, "wb") as f:
            f.truncate(8 << 30)  # sparse
    elif kind == "deep":
        path.write_text('{"challenges": ' + "[" * 200_000, encoding="utf-8")
    else:
        path.write_bytes(b"")
    started = time.monotonic()
    assert results() == {}
    assert read_results().problem
    kept = keep_result(challenges.daily("aces", DAY), 4)  # written, what was there set aside
    assert results() == {kept.ident: kept}
    assert time.monotonic() - started < 10
    assert len(list(path.parent.glob("results.json.unreadable-*"))) == 1


def test_random_damage_to_the_results_never_raises_and_keeps_only_good_entries(home):
    three_results()
    good = results_path().read_bytes()
    rng = random.Random(30)
    for _ in range(400):
        results_path().write_bytes(mutate(good, rng))
        for r in results().values():  # every entry left in is one the screens can show
            assert type(r.attempts) is int and r.attempts >= 1 and type(r.best) is int
            assert r.challenger_score is None or type(r.challenger_score) is int
            assert r.daily is None or date.fromisoformat(r.daily)
            assert isinstance(r.game, str) and (r.challenger is None or r.challenger.isprintable())


def test_random_damage_to_challenge_files_never_breaks_the_list(home):
    folder = challenge_play.challenges_dir()
    good = challenge_play.keep(challenge_with_challenger())
    raw = good.read_bytes()
    rng = random.Random(31)
    for n in range(60):
        text = raw
        for _ in range(rng.randrange(1, 4)):
            i = rng.randrange(len(text))
            text = text[:i] + bytes([rng.randrange(256)]) + text[i + 1:] if rng.random() < .7 \
                else text[:i]
        (folder / f"mutated-{n}.json").write_bytes(text)
    found, broken = challenge_play.kept_challenges()
    assert good in [p for p, _ in found]
    assert len(found) + len(broken) == 61
    assert all(line.count("\n") == 0 and len(line) < 400 for line in broken)


def test_odd_entries_in_the_challenges_folder_are_one_line_each(home):
    folder = challenge_play.challenges_dir()
    good = challenge_play.keep(challenges.daily("aces", DAY))
    os.mkfifo(folder / "a-fifo.json")
    (folder / "a-folder.json").mkdir()
    (folder / "a-loop.json").symlink_to("a-loop.json")
    (folder / "zero.json").symlink_to("/dev/zero")
    with open(folder / "huge.json", "wb") as f:
        f.truncate(8 << 30)
    started = time.monotonic()
    found, broken = challenge_play.kept_challenges()
    assert time.monotonic() - started < 10
    assert [p for p, _ in found] == [good]
    assert len(broken) == 5 and all(line.count("\n") == 0 for line in broken)


# --- the list re-plays a challenger's game once -------------------------------------------------

def test_a_kept_challengers_game_is_replayed_once_then_read_from_the_index(home, monkeypatch):
    from petanque_game import match as match_module

    for seed in (4, 5, 6):
        path = challenge_play.challenges_dir() / f"from-a-friend-{seed}.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(challenge_with_challenger(seed).dumps(), encoding="utf-8")
    replays = []
    real = match_module.rebuild

    def counted(*args, **kw):
        replays.append(threading.current_thread().name)
        return real(*args, **kw)

    monkeypatch.setattr(match_module, "rebuild", counted)
    assert len(challenge_play.kept_challenges()[0]) == 3
    assert len(replays) == 3
    assert len(challenge_play.kept_challenges()[0]) == 3
    assert len(replays) == 3  # the same files: not re-played
    # a file changed since is re-played (and refused when it no longer is the challenge's)
    path = challenge_play.challenges_dir() / "from-a-friend-4.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["challenger"]["result"]["scores"] = [0]
    path.write_text(json.dumps(data), encoding="utf-8")
    found, broken = challenge_play.kept_challenges()
    assert len(found) == 2 and "from-a-friend-4.json: challenger" in broken[0]
    replays.clear()
    found, broken = challenge_play.kept_challenges()  # nor is a refused one, while the same
    assert len(found) == 2 and "from-a-friend-4.json: challenger" in broken[0]
    assert replays == []
    # a challenge saved here was checked when it was made: never re-played by the list
    challenge_play.keep(challenge_with_challenger(7))
    replays.clear()
    assert len(challenge_play.kept_challenges()[0]) == 3
    assert replays == []


def test_a_damaged_index_only_costs_speed(home):
    challenge_play.keep(challenge_with_challenger())
    index = challenge_index.index_path()
    for text in (b"\xff", b"[]", b'{"format": "petanque-game-challenge-index"}', b"{" * 9999,
                 b'{"format": "petanque-game-challenge-index", "verdicts": [["ab", 3]]}'):
        index.write_bytes(text)
        assert len(challenge_play.kept_challenges()[0]) == 1
    for odd in ("fifo", "folder"):
        index.unlink() if index.is_file() else None
        os.mkfifo(index) if odd == "fifo" else index.mkdir()
        assert len(challenge_play.kept_challenges()[0]) == 1
        index.rmdir() if odd == "folder" else index.unlink()


def test_the_daily_ident_is_the_daily_challenges_own():
    from petanque_game.challenge_daily import daily_ident
    from petanque_game.rules.games import game_ids

    for game in game_ids():
        for day in (DAY, date(1999, 2, 28), date(9999, 12, 31)):
            assert daily_ident(game, day) == challenges.daily(game, day).ident


# --- forged challenger's games and dailies ------------------------------------------------------

def test_a_challengers_game_of_an_older_physics_is_refused():
    data = json.loads((DATA / "physics-v2-terningepetanque.json").read_text(encoding="utf-8"))
    data["players"][1] = {"name": "Bo", "kind": "human"}
    data["hands"] = [None, "normal"]
    record = parse_record(json.dumps(data))
    made = challenges.new("terningepetanque", [Seat("Ana", "ai", "expert"), YOU],
                          data["options"], 1, challenges.shipped_board("classic"), "normal")
    with pytest.raises(ChallengeError, match="physics version 2") as e:
        challenges.with_challenger(made, record)
    assert e.value.place == "challenger"


def test_a_challengers_game_naming_another_board_is_refused():
    seats = [Seat("Astrid", "human"), Seat("Åse", "ai", "easy")]
    theirs = play_out(Match.new("terningepetanque", seats, {"rounds": 1}, 21, "classic"))
    made = challenges.from_record(theirs.record, challenges.shipped_board("classic"))
    data = made.to_json()
    data["challenger"]["level"] = "lava-lake"  # the same bytes said to be another board
    with pytest.raises(ChallengeError, match="names the board 'lava-lake'"):
        challenges.from_json(data)
    assert challenges.from_json(made.to_json()).challenger is not None


@pytest.mark.parametrize("change", [{"seed": 5}, {"options": {"target": 2000}},
                                    {"players": [{"name": "AI", "kind": "ai", "level": "easy"},
                                                 {"name": "You", "kind": "human"}]}])
def test_a_forged_daily_challenge_is_refused(change):
    data = challenges.daily("ten-thousand", DAY).to_json()
    data.update(change)
    with pytest.raises(ChallengeError) as e:
        challenges.from_json(data)
    assert e.value.place == "daily" and "2026-12-01" in e.value.reason
    made = challenges.from_json(dict(data, daily=None))  # the same setup, not a daily: fine
    assert made.daily is None


def test_a_forged_daily_code_is_refused():
    real = challenges.daily("ten-thousand", DAY)
    forged = challenges.Challenge(real.game, real.options, real.seed + 1, real.seats,
                                  daily=real.daily)
    with pytest.raises(ChallengeError, match="not the daily challenge"):
        challenges.from_code(forged.code())
    assert challenges.from_code(real.code()) == real


# --- each game counted once --------------------------------------------------------------------

def test_the_same_game_counted_twice_is_one_attempt(home):
    made = challenges.daily("shut-the-box", DAY)
    game = challenge_play.start(made, "You", created="2026-12-01T10:00:00+00:00")
    play_out(game)
    again = parse_record(game.record.dumps())  # the same game, found again in another file
    score = game.state.scores()[0]
    keep_result(made, score, challenge_results.game_id(game.record))
    kept = keep_result(made, score, challenge_results.game_id(again))
    assert kept.attempts == 1
    other = challenge_play.start(made, "You", created="2026-12-01T11:00:00+00:00")
    play_out(other)
    assert keep_result(made, -1, challenge_results.game_id(other.record)).attempts == 2


# --- the command line --------------------------------------------------------------------------

@pytest.mark.parametrize("around", [" {}", "\t{}", "{}\n", " \t{}\r\n"])
def test_a_code_pasted_with_white_space_around_it_is_read(home, capsys, around):
    code = challenges.daily("ten-thousand", DAY).code()
    assert main(["challenge", "show", around.format(code)]) == 0, capsys.readouterr().err
    assert "Ten Thousand" in capsys.readouterr().out


def test_a_long_bad_code_is_not_echoed_whole(home, capsys):
    code = "PG1-" + "A" * 3996
    assert main(["challenge", "show", code]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) < 300 and "A" * 100 not in err
    assert main(["challenge", "show", "x\n" + "B" * 4000]) == 2  # no such file either
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) < 300


@pytest.mark.parametrize("count", [0, 61])
def test_verify_says_how_many_dice_a_roll_of_too_many_holds(tmp_path, capsys, count):
    record = json.loads(Match.new("aces", [Seat("A", "ai", "easy"),
                                           Seat("B", "ai", "easy")], {}, 1).record.dumps())
    record["events"] = [{"action": "roll", "player": 0, "dice": [1] * count}]
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["verify", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"it holds {count}" in err and "not an array" not in err


# --- the tidy-up at start ------------------------------------------------------------------------

def test_a_killed_saves_leftovers_are_tidied_in_the_players_folders(home):
    from petanque_game.saves import tidy_user_folder

    dead = 2**22 + 12345  # no such process (pid_max is at most 2^22)
    user = paths.user_dir()
    made = []
    for folder in ("levels", "levels/.kept", "challenges", "exports"):
        (user / folder).mkdir(parents=True)
        leftover = user / folder / f".my-board.yaml.{dead}.ab_cd9z1.tmp"
        theirs = user / folder / ".notes.tmp"  # the player's own file: never touched
        mine = user / folder / f".x.yaml.{dead}.notours.tmp"
        for p in (leftover, theirs, mine):
            p.write_text("x", encoding="utf-8")
            old = time.time() - 7200
            os.utime(p, (old, old))
        made.append((leftover, theirs, mine))
    tidy_user_folder()
    for leftover, theirs, mine in made:
        assert not leftover.exists()
        assert theirs.exists() and mine.exists()


# --- the statistics' own index --------------------------------------------------------------------

def test_a_statistics_index_row_with_a_score_for_no_seat_is_read_again(home):
    from petanque_game import history, stats

    records = paths.records_dir()
    records.mkdir(parents=True)
    seats = [Seat("Åse", "ai", "easy"), Seat("Bo", "ai", "easy")]
    match = Match.new("ten-thousand", seats, {"target": 1000}, 3, created="2026-01-01T12:00:00Z")
    match.play_to_end()
    (records / "a.json").write_text(match.record.dumps(), encoding="utf-8")
    stats.read_folder(records)
    index = history.index_file(records, True)
    data = json.loads(index.read_text(encoding="utf-8"))
    fields = list(history.FIELDS)
    for change in ({"scores": [1]}, {"winners": [5]}, {"players": ["Åse"]}):
        row = list(data["files"][0])
        for key, value in change.items():
            row[fields.index(key)] = value
        index.write_text(json.dumps(dict(data, files=[row])), encoding="utf-8")
        history.forget()
        found = stats.read_folder(records)  # the index is not believed: the file is read again
        rows = stats.player_stats(found, "ten-thousand")
        assert sorted(p.name for p in rows) == ["Bo", "Åse"] and sum(p.games for p in rows) == 2
