"""The statistics from a folder of records made by playing games with the match: per player name and
game the games, wins, average and best score and streaks, equal to numbers worked out by hand from
the games' results; broken, unfinished and practice records skipped; and each player's score over
the game folded from the record."""

import json

import pytest
from ui_support import speak, spoken

from petanque_game import paths, stats
from petanque_game.match import Match
from petanque_game.record import Seat

ASE, BJORN, CARL = Seat("Åse", "ai", "easy"), Seat("Bjørn", "ai", "expert"), Seat("Carl", "ai",
                                                                                 "medium")

# The games below and their results (seeds fixed: the same games every time):
#   Ten Thousand to 5,000, Åse v Bjørn, seed s played on 2026-01-0s:
#     s=1 5000-4100 Åse, s=2 5100-4050 Åse, s=3 3600-5100 Bjørn, s=4 4100-5250 Bjørn,
#     s=5 4700-5000 Bjørn
#   Shut the Box, Bjørn v Åse v Carl (penalties), seed s on 2026-02-0s:
#     s=1 24/27/22 Carl, s=2 45/27/28 Åse, s=3 37/7/28 Åse
#   Ship, Captain and Crew, pot of 5 chips, Åse v Bjørn: seeds 1 and 2 both won by Åse, 10 chips.
TEN_THOUSAND = [(s, {"target": 5000}, [ASE, BJORN], f"2026-01-0{s}T12:00:00+00:00")
                for s in range(1, 6)]
SHUT_THE_BOX = [(s, {}, [BJORN, ASE, CARL], f"2026-02-0{s}T12:00:00+00:00") for s in range(1, 4)]
SHIP_POT = [(s, {"mode": "pot", "chips": 5}, [ASE, BJORN], f"2026-03-0{s}T12:00:00+00:00")
            for s in range(1, 3)]


def play(game, options, players, seed, created):
    match = Match.new(game, players, options, seed, created=created)
    match.play_to_end()
    return match


@pytest.fixture
def folder(home):
    records = paths.records_dir()
    records.mkdir(parents=True)
    # written newest first, so that the files' times run against the games' order
    for game, games in (("ship-captain-crew", SHIP_POT), ("shut-the-box", SHUT_THE_BOX),
                        ("ten-thousand", TEN_THOUSAND)):
        for seed, options, players, created in reversed(games):
            match = play(game, options, players, seed, created)
            (records / f"{game}-{seed}.json").write_text(match.record.dumps(), "utf-8")
    return records


def by_name(rows):
    return {p.name: p for p in rows}


def test_ten_thousand_numbers_by_hand(folder):
    found = stats.read_folder(folder)
    rows = stats.player_stats(found, "ten-thousand")
    assert [p.name for p in rows] == ["Bjørn", "Åse"]  # more wins first
    ase, bjorn = by_name(rows)["Åse"], by_name(rows)["Bjørn"]
    # Åse: W W L L L; 5000 + 5100 + 3600 + 4100 + 4700 = 22,500 over 5 games
    assert (ase.games, ase.wins, ase.total, ase.best, ase.streak, ase.longest) == \
        (5, 2, 22500, 5100, 0, 2)
    assert ase.average == 4500
    # Bjørn: L L W W W; 4100 + 4050 + 5100 + 5250 + 5000 = 23,500
    assert (bjorn.games, bjorn.wins, bjorn.total, bjorn.best, bjorn.streak, bjorn.longest) == \
        (5, 3, 23500, 5250, 3, 3)
    assert bjorn.average == 4700


def test_shut_the_box_counts_the_penalty_lower_better(folder):
    found = stats.read_folder(folder)
    rows = stats.player_stats(found, "shut-the-box")
    assert [p.name for p in rows] == ["Åse", "Carl", "Bjørn"]
    p = by_name(rows)
    # Åse 27, 27, 7: best 7, two wins in a row to finish
    assert (p["Åse"].games, p["Åse"].wins, p["Åse"].total, p["Åse"].best, p["Åse"].streak,
            p["Åse"].longest) == (3, 2, 61, 7, 2, 2)
    assert (p["Carl"].wins, p["Carl"].total, p["Carl"].best, p["Carl"].streak,
            p["Carl"].longest) == (1, 78, 22, 0, 1)
    assert (p["Bjørn"].wins, p["Bjørn"].total, p["Bjørn"].best) == (0, 106, 24)
    assert stats.measure("shut-the-box").lower_better


def test_ship_pot_is_its_own_entry_in_chips(folder):
    found = stats.read_folder(folder)
    assert stats.kinds(found) == ["ten-thousand", "shut-the-box", "ship-captain-crew/pot"]
    p = by_name(stats.player_stats(found, "ship-captain-crew/pot"))
    assert (p["Åse"].games, p["Åse"].wins, p["Åse"].best, p["Åse"].longest) == (2, 2, 10, 2)
    assert (p["Bjørn"].wins, p["Bjørn"].best) == (0, 0)
    assert stats.measure("ship-captain-crew/pot").name == "chips"
    assert stats.player_stats(found, "ship-captain-crew") == []  # no points game was played


def test_broken_unfinished_and_practice_records_are_skipped(folder):
    (folder / "garbage.json").write_text("{ not json", "utf-8")
    # a record whose first roll was edited: it reads, but the seed does not draw those dice
    edited = json.loads((folder / "ten-thousand-1.json").read_text("utf-8"))
    edited["events"][0]["dice"] = [1, 1, 1, 1, 1, 1]
    (folder / "edited.json").write_text(json.dumps(edited), "utf-8")
    unfinished = Match.new("ten-thousand", [ASE, BJORN], {}, 9)
    for _ in range(5):
        unfinished.play_ai_turn()
    (folder / "unfinished.json").write_text(unfinished.record.dumps(), "utf-8")
    practice = play("ten-thousand", {"target": 5000}, [ASE, BJORN], 1, "2026-04-01T00:00:00")
    practice.record.extra["practice"] = True
    (folder / "practice.json").write_text(practice.record.dumps(), "utf-8")

    wrong = json.loads((folder / "ten-thousand-2.json").read_text("utf-8"))
    wrong["result"]["scores"] = [1, 2, 3]  # three scores for two seats: the reader refuses it
    (folder / "wrong-result.json").write_text(json.dumps(wrong), "utf-8")

    found = stats.read_folder(folder)
    assert sorted(p.name for p, _ in found.broken) == ["edited.json", "garbage.json",
                                                      "wrong-result.json"]
    assert all(why for _, why in found.broken)
    assert (found.unfinished, found.practice) == (1, 1)
    assert by_name(stats.player_stats(found, "ten-thousand"))["Åse"].games == 5


def test_a_result_verify_refuses_is_not_counted(folder):
    """A record whose `result` was edited into a big win (its shape fine, its events not changed)
    fails verify's fold, and the statistics count the games the rules played, not the claim."""
    record = json.loads((folder / "ten-thousand-3.json").read_text("utf-8"))
    record["result"] = {"scores": [99999, 0], "winners": [0]}  # Bjørn won that one, 3600-5100
    (folder / "ten-thousand-3.json").write_text(json.dumps(record), "utf-8")
    found = stats.read_folder(folder)
    assert [p.name for p, _ in found.broken] == ["ten-thousand-3.json"]
    ase = by_name(stats.player_stats(found, "ten-thousand"))["Åse"]
    assert (ase.games, ase.best) == (4, 5100)  # not 5 games with a best of 99,999


def test_one_game_in_several_files_is_counted_once(folder):
    """A game kept twice (an old version kept a finished autosave at every Resume) is one game."""
    original = (folder / "ten-thousand-1.json").read_text("utf-8")
    for n in (2, 3):
        (folder / f"ten-thousand-1-copy{n}.json").write_text(original, "utf-8")
    found = stats.read_folder(folder)
    assert found.copies == 2
    assert by_name(stats.player_stats(found, "ten-thousand"))["Åse"].games == 5


def test_entries_that_cannot_be_read_are_skipped_one_by_one(folder):
    """A link loop, a folder and a link leading out of the folder, all named *.json, are each
    skipped with why; the games beside them are all counted."""
    (folder / "loop.json").symlink_to(folder / "loop.json")
    (folder / "folder.json").mkdir()
    outside = folder.parent / "elsewhere.json"
    outside.write_text((folder / "ten-thousand-1.json").read_text("utf-8"), "utf-8")
    (folder / "outside.json").symlink_to(outside)
    found = stats.read_folder(folder)
    why = {p.name: reason for p, reason in found.broken}
    assert sorted(why) == ["folder.json", "loop.json", "outside.json"]
    assert "symbolic links" in why["loop.json"] or "link" in why["loop.json"]
    assert "folder" in why["folder.json"] and "outside" in why["outside.json"]
    assert len(found.games) == 10  # five Ten Thousand, three Shut the Box, two pot games


def test_an_empty_or_missing_folder_has_no_games(home):
    found = stats.read_folder(paths.records_dir())
    assert found.games == [] and found.broken == [] and stats.kinds(found) == []


def test_score_series_follows_the_rules_turn_by_turn():
    match = play("ten-thousand", {"target": 5000}, [ASE, BJORN], 2, None)
    series = stats.score_series(match.record)
    assert series.unit == "turn"
    assert series.points[0] == (0, (0, 0))
    assert series.points[-1][1] == (5100, 4050)  # the result
    xs = series.xs
    assert xs == sorted(set(xs)) and xs[0] == 0
    # a score only changes at a bank: each seat's line never goes down in Ten Thousand
    for seat in (0, 1):
        line = series.of(seat)
        assert line == sorted(line)


def test_score_series_of_shut_the_box_is_the_penalty_per_turn():
    match = play("shut-the-box", {}, [BJORN, ASE, CARL], 1, None)
    series = stats.score_series(match.record)
    assert series.unit == "turn" and series.measure.name == "penalty"
    assert series.xs == [0, 1, 2, 3]  # one turn each
    assert series.points[-1][1] == (24, 27, 22)
    assert series.points[1][1] == (24, 0, 0)  # Bjørn's turn first


def test_score_series_of_a_petanque_game_is_per_round():
    # rounds, not 15; two easy seats (an expert's throws are searched: what the series counts
    # is the same whoever throws)
    match = play("terningepetanque", {"rounds": 3}, [ASE, Seat("Bjørn", "ai", "easy")], 3, None)
    series = stats.score_series(match.record)
    assert series.unit == "round"
    rounds = sum(1 for e in match.record.events if e["action"] == "round_end")
    assert series.xs == list(range(rounds + 1))
    assert list(series.points[-1][1]) == match.record.result["scores"]


def test_names_counted_as_one_merge_their_games_and_streaks(folder):
    """A person who typed no name is "You" in an English window and "Du" in a Danish one: counted
    as one player, the games and the streak running across both names (the games as people,
    not AIs, played them: an AI's name is never merged)."""
    import dataclasses

    found = stats.read_folder(folder)
    found.games = [dataclasses.replace(g, levels=("",) * len(g.names)) for g in found.games]
    apart = by_name(stats.player_stats(found, "ten-thousand"))
    merged = by_name(stats.player_stats(found, "ten-thousand", {"Åse": "Bjørn", "Bjørn": "Bjørn"}))
    assert list(merged) == ["Bjørn"]
    both = merged["Bjørn"]
    assert both.games == apart["Åse"].games + apart["Bjørn"].games
    assert both.wins == apart["Åse"].wins + apart["Bjørn"].wins
    assert both.total == apart["Åse"].total + apart["Bjørn"].total
    assert both.best == max(apart["Åse"].best, apart["Bjørn"].best)


def test_the_window_counts_you_and_du_as_one_player():
    from petanque_game.ui.scenes.statistics import you_in_every_language

    speak("da")  # English again after the test (conftest's english_after)
    assert you_in_every_language(spoken()) == {"You": "Du", "Du": "Du"}
