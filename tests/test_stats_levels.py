"""An AI's level is part of who it is (issue 33, item 7): "Astrid" at medium and "Astrid" at expert
are two players in the statistics and the lists, and neither is a person who typed Astrid; the
index of the games kept holds each seat's level, and an index written before it did is read again
from the files."""

import json

import pytest
from ui_support import speak, spoken

from petanque_game import history, paths, stats
from petanque_game.match import Match
from petanque_game.record import Seat
from petanque_game.ui.listing import player_label, versus

pytestmark = pytest.mark.usefixtures("home")

MEDIUM, EXPERT = Seat("Astrid", "ai", "medium"), Seat("Astrid", "ai", "expert")
PERSON = Seat("Astrid", "human")
GAMES = [(1, [MEDIUM, Seat("Bo", "ai", "easy")]), (2, [EXPERT, Seat("Bo", "ai", "easy")]),
         (3, [Seat("Astrid", "ai", "easy"), EXPERT])]  # seat 0 of game 3 then a person's


def write_games(folder):
    folder.mkdir(parents=True, exist_ok=True)
    for seed, seats in GAMES:
        match = Match.new("shut-the-box", seats, {}, seed,
                          created=f"2026-01-0{seed}T10:00:00+00:00")
        match.play_to_end()
        if seed == 3:  # the same moves made by a person called Astrid
            match.record.players[0] = PERSON
        (folder / f"g{seed}.json").write_text(match.record.dumps(), "utf-8")


def test_one_name_at_two_levels_and_a_person_of_that_name_are_three_players():
    folder = paths.records_dir()
    write_games(folder)
    rows = stats.player_stats(stats.read_folder(folder), "shut-the-box",
                              {"Astrid": "Someone"})  # merging names is for people only
    astrids = {(p.name, p.level): p.games for p in rows if p.name in ("Astrid", "Someone")}
    assert astrids == {("Astrid", "medium"): 1, ("Astrid", "expert"): 2, ("Someone", ""): 1}
    assert {(p.name, p.level): p.games for p in rows if p.name == "Bo"} == {("Bo", "easy"): 2}


def test_the_index_keeps_the_levels_and_an_older_index_is_read_again():
    folder = paths.records_dir()
    write_games(folder)
    first = history.scan(folder)
    assert sorted(s.levels for s in first.good) == [("", "expert"), ("expert", "easy"),
                                                     ("medium", "easy")]
    index = history.index_file(folder, True)
    data = json.loads(index.read_text("utf-8"))
    assert data["version"] == history.INDEX_VERSION
    data["version"] = 3  # as the index was written before it held levels: each row one short
    data["files"] = [row[:-1] for row in data["files"]]
    index.write_text(json.dumps(data), "utf-8")
    history.forget()
    again = history.scan(folder)
    assert again.read == 3 and sorted(s.levels for s in again.good) == sorted(
        s.levels for s in first.good)


def test_a_row_without_its_levels_is_not_a_summary():
    row = history.Summary("a.json", 1, 1, None, "shut-the-box", "shut-the-box", ("A", "B"),
                          (1, 2), (0,), True, levels=("easy", "")).to_row()
    row = json.loads(json.dumps(row))  # as the index file holds it
    assert history.Summary.from_row(row).levels == ("easy", "")
    for bad in (row[:-1], [*row[:-1], ["easy"]], [*row[:-1], ["easy", 3]]):
        with pytest.raises(ValueError):
            history.Summary.from_row(bad)


@pytest.mark.parametrize(("language", "shown"), [
    ("en", "Åse vs Astrid (expert) vs Astrid (medium)"),
    ("da", "Åse mod Astrid (ekspert) mod Astrid (middel)"),
    ("nb", "Åse mot Astrid (ekspert) mot Astrid (middels)")])
def test_the_lists_name_an_ai_with_its_level(language, shown):
    speak(language)
    assert versus(spoken(), ("Åse", "Astrid", "Astrid"), ("", "expert", "medium")) == shown
    assert player_label(spoken(), "Åse") == "Åse"
