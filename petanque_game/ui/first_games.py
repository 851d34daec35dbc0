"""What a newcomer is offered from the how-to and the new-game screen (ui/scenes/help.py,
setup.py) and at the end of the lesson (ui/scenes/lesson.py): the lesson itself, a practice game
(its entry's `practice` options, kept nowhere) and a quick game (the game's shipped quick
options, kept as any game is), both against Bjørn, an easy AI, on the classic board. A shipped
board the game refuses is said, never a crash."""

from __future__ import annotations

from petanque_game.record import Seat
from petanque_game.ui.game_ui import ui_of
from petanque_game.ui.scene import AppLike

OPPONENT = "Bjørn"


def person_name(app: AppLike) -> str:
    """The name the setup was last given for the first person, else the practice's own."""
    look = app.look
    choices = app.memory.get("setup")
    typed = choices.person() if choices is not None else None
    return typed or look.tr("help.practice_you")


def open_first_game(app: AppLike, game: str, quick: bool = False) -> bool:
    """Start a practice game of `game` (or, `quick`, a quick game that counts) and show it; a
    board or an option the game refuses is said, and nothing starts (False)."""
    look = app.look
    from petanque_game.draws import LocalEntropy, new_seed
    from petanque_game.physics import LevelError
    from petanque_game.rule_defaults import shipped_quick_options
    from petanque_game.rules.options import OptionError
    from petanque_game.ui.play import open_game_scene
    from petanque_game.ui.session import new_game

    seats = [Seat(person_name(app), "human"), Seat(OPPONENT, "ai", "easy")]
    try:
        if quick:
            options = dict(shipped_quick_options()[0].get(game, {}))
            session = new_game(game, seats, options, new_seed(), "classic",
                               hands=[app.settings.hand, None], chance=LocalEntropy(),
                               look=look)
        else:
            session = new_game(game, seats, dict(ui_of(game).practice or {}), new_seed(),
                               "classic", practice=True, hands=[app.settings.hand, None],
                               look=look)
    except (OptionError, LevelError) as e:  # a broken shipped board: said, not hidden
        app.toast.show(look.tr("help.practice_failed", why=e), "bad", 5.0)
        return False
    return open_game_scene(app, session)


def open_lesson(app: AppLike, game: str) -> bool:
    """Show the first lesson of `game` (Terningepetanque's; False, and said, when its board is
    refused)."""
    look = app.look
    from petanque_game.physics import LevelError

    try:
        app.open("lesson", game)
    except LevelError as e:
        app.toast.show(look.tr("help.practice_failed", why=e), "bad", 5.0)
        return False
    return True
