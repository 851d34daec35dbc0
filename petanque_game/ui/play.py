"""Opening a game: the scene that shows each game (the table for Terningepetanque, the tray for the
three tray games), for a live game or a replay.
A replay that cannot be opened leaves the menu with a message.

Scenes are opened by name through the app (ui/scenes/__init__.py): this module imports none of them.
"""

from __future__ import annotations

from pathlib import Path

from petanque_game.ui.game_ui import ui_of
from petanque_game.ui.replay_session import ReplaySession
from petanque_game.ui.scene import AppLike, TellsProblems
from petanque_game.ui.session import LoadProblem, Session, resume


def scene_name(game: str) -> str:
    """The name of the scene that shows `game` (ui/scenes/__init__.py)."""
    return ui_of(game).scene


def open_game_scene(app: AppLike, session: Session) -> bool:
    """Show `session` above the main menu (anything else on the stack is closed)."""
    scene = app.make(scene_name(session.game), session)  # a failure here is a bug: logged
    app.back_to_menu()
    app.push(scene)
    return True


def open_replay_scene(app: AppLike, path: Path) -> bool:
    """Watch the record at `path`; False (and a message naming the file) when it cannot be used."""
    look = app.look
    try:
        session = ReplaySession(path, look)
    except LoadProblem as e:
        back_to_menu_saying(app, look.tr("menu.replay_broken", why=e))
        return False
    open_game_scene(app, session)
    return True


def resume_game(app: AppLike, path: Path) -> bool:
    """Carry on with the game autosaved at `path`; False (and the menu says why) if it cannot."""
    look = app.look
    try:
        session = resume(path, look)
    except LoadProblem as e:
        back_to_menu_saying(app, look.tr("menu.cannot_resume", why=e))
        return False
    open_game_scene(app, session)
    return True


def back_to_menu_saying(app: AppLike, why: str) -> None:
    """Back at the main menu, which says `why` (in its problem line and the message line)."""
    app.back_to_menu()
    menu = app.scenes[0]
    if isinstance(menu, TellsProblems):
        menu.say(why)
    else:
        app.toast.show(why, "bad", 6.0)
