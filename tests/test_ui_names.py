"""Names that read as names (issue 33, item 7): the default name "You"/"Du" made sentences such as
"Terningepetanque: beat You" and "Udfordring: du fik 5000. Du fik 5050". A person who types no
name is now "Player 1" ("Spiller 1"), a name every sentence reads with; a challenger still called
"You" or "Du" (a challenge made before) is "the challenger"; a possessive follows the language's
rule whatever the name ends in ("Lars's" / "Lars'", "Spiller 1's" / "Spiller 1s")."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from types import SimpleNamespace

import pytest
from ui_support import fast_app, speak, spoken

from petanque_game.record import Seat
from petanque_game.ui.names import challenger_name, person_name
from petanque_game.ui.narrate import is_you, possessive, says
from petanque_game.ui.scenes.results import winner_line
from petanque_game.ui.scenes.results_challenge import line
from petanque_game.ui.scenes.setup_choices import PlayerRow, SetupChoices

pytestmark = pytest.mark.usefixtures("home")

LONG = "Bartholomew Aleksandersen-Øster"[:32]


@pytest.mark.parametrize(("language", "name"), [("en", "Player 1"), ("da", "Spiller 1"),
                                                ("nb", "Spiller 1")])
def test_a_person_who_types_no_name_is_player_1(language, name):
    speak(language)
    app = fast_app()
    try:
        app.open("setup")
        scene = app.top
        assert scene.choices.seats(app.look)[0] == Seat(name, "human")
        assert not is_you(app.look, name)
        scene.choices.players[0].name = "  "  # a name typed away: the seat's number
        assert scene.choices.seats(app.look)[0].name == name
        assert person_name(app) == name  # a challenge taken or a board tried: the same name
        scene.choices.players[0].name = "Åse"
        assert person_name(app) == "Åse"
    finally:
        app.close()


def test_the_default_name_follows_the_language_and_a_typed_one_stays():
    speak("en")
    app = fast_app()
    try:
        app.memory["setup"] = SetupChoices(players=[PlayerRow("Player 1", 0),
                                                    PlayerRow("Åse", 0)])
        app.open("setup")
        app.look.speak("da")
        app.top.resume()
        assert [s.name for s in app.top.choices.seats(app.look)] == ["Spiller 1", "Åse"]
    finally:
        app.close()


def challenge_game(my_score: int, challenger: str, their_score: int):
    """A finished challenge game as `line` reads it: my score, the challenger's name and score."""
    theirs = SimpleNamespace(players=[Seat(challenger, "human")], result={"scores": [their_score]})
    made = SimpleNamespace(game="ten-thousand", you=0, challenger=theirs,
                           to_beat=lambda: their_score)  # (Challenge.to_beat: theirs, seat 0)
    session = SimpleNamespace(state=SimpleNamespace(scores=lambda: (my_score,)),
                              record=SimpleNamespace(take_backs=0))
    return session, made


@pytest.mark.parametrize(("language", "challenger", "said"), [
    ("da", "Du", "Udfordring: du fik 5000. Udfordreren fik 5050. Ikke slået endnu."),
    ("da", "You", "Udfordring: du fik 5000. Udfordreren fik 5050. Ikke slået endnu."),
    ("en", "You", "Challenge: you scored 5000. The challenger scored 5050. Not beaten yet."),
    ("nb", "Du", "Utfordring: du fikk 5000. Utfordreren fikk 5050. Ikke slått ennå."),
    ("da", "Åse", "Udfordring: du fik 5000. Åse fik 5050. Ikke slået endnu."),
    ("en", "Lars", "Challenge: you scored 5000. Lars scored 5050. Not beaten yet."),
    ("en", LONG, f"Challenge: you scored 5000. {LONG} scored 5050. Not beaten yet.")])
def test_a_challenger_called_you_is_the_challenger(language, challenger, said):
    speak(language)
    assert line(spoken(), *challenge_game(5000, challenger, 5050), None) == said


@pytest.mark.parametrize(("language", "name", "said"), [
    ("en", "You", "Ten Thousand: beat the challenger"),
    ("da", "Du", "Titusind: slå udfordreren"),
    ("nb", "Du", "Titusen: slå utfordreren"),
    ("en", "Åse", "Ten Thousand: beat Åse"),
    ("en", "Player 1", "Ten Thousand: beat Player 1")])
def test_the_challenge_list_says_whom_to_beat(language, name, said):
    from petanque_game.ui.game_ui import title

    speak(language)
    said_by = spoken()
    assert said_by.tr("challenges.from", game=title(said_by, "ten-thousand"),
                      name=challenger_name(said_by, name)) == said


@pytest.mark.parametrize(("language", "names", "said"), [
    ("en", ["Player 1", "Åse", "Lars", LONG, "James"],
     ["Player 1's", "Åse's", "Lars's", f"{LONG}'s", "James's"]),
    ("da", ["Spiller 1", "Åse", "Lars", LONG, "Max"],
     ["Spiller 1's", "Åses", "Lars'", f"{LONG}s", "Max'"]),
    ("nb", ["Spiller 1", "Åse", "Lars", LONG, "Max"],
     ["Spiller 1s", "Åses", "Lars'", f"{LONG}s", "Max'"])])
def test_possessives_follow_each_languages_rule(language, names, said):
    speak(language)
    assert [possessive(spoken(), n) for n in names] == said


@pytest.mark.parametrize(("language", "name", "starts", "wins"), [
    ("en", "Player 1", "Player 1 starts and throws the diamond.", "Player 1 wins!"),
    ("da", "Spiller 1", "Spiller 1 starter og kaster diamanten.", "Spiller 1 vinder!"),
    ("nb", "Spiller 1", "Spiller 1 starter og kaster diamanten.", "Spiller 1 vinner!"),
    ("en", "You", "You start and throw the diamond.", "You win!"),
    ("da", "Du", "Du starter og kaster diamanten.", "Du vinder!"),
    ("en", "Åse", "Åse starts and throws the diamond.", "Åse wins!")])
def test_the_default_name_and_a_typed_you_both_read(language, name, starts, wins):
    speak(language)
    assert says(spoken(), "narrate.pet.starts", name, rolls="x").endswith(starts)
    assert winner_line(spoken(), [name]) == wins
