"""A session tells its steps with its game's teller, found once (ui/steps.py): finding it costs
more than telling a step, and a replay's jump tells a few dozen steps every frame of a scrub."""

from ui_support import spoken

from petanque_game.match import Match
from petanque_game.record import Seat
from petanque_game.ui import game_ui
from petanque_game.ui.narrate import describe
from petanque_game.ui.replay_session import ReplaySession

SEATS = [Seat("Ana", "ai", "easy"), Seat("Bjørn", "ai", "medium")]


def test_a_jump_tells_its_steps_as_describe_does_finding_the_teller_once(tmp_path, monkeypatch):
    match = Match.new("ship-captain-crew", SEATS, {"target": 150}, 7)
    match.paths = False
    match.play_to_end()
    path = tmp_path / "ship.json"
    path.write_text(match.record.dumps(), "utf-8")
    session = ReplaySession(path)
    found: list[str] = []
    real = game_ui.ui_of

    def counted(game: str) -> game_ui.GameUI:
        found.append(game)
        return real(game)

    monkeypatch.setattr(game_ui, "ui_of", counted)
    told = []
    for shown in (len(session.states), len(session.states) // 2, 200):
        session.seek(shown)
        told.append((session.told(session.steps, 40), list(session.steps)))
    assert len(found) == 1  # by the first step told; kept since
    for lines, steps in told:  # the lines of the newest steps, as `describe` tells them
        said = [describe(spoken(), session.game, step, session.players) for step in steps]
        k = next((k for k in range(1, len(said) + 1) if sum(map(len, said[-k:])) >= 40),
                 len(said))
        assert lines == [line for step_lines in said[-k:] for line in step_lines]
    assert len(told[0][0]) >= 40 and len(told[0][1]) > 40  # (fewer steps told than made)
