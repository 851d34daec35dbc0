"""Opening a game scene: the tray for the three tray games, the table for Terningepetanque; for a
live game or a replay. A replay that cannot be opened leaves the menu with a message."""

from __future__ import annotations

from pathlib import Path

from petanque_game.ui.session import LoadProblem, ReplaySession, Session


def scene_for(app, session: Session):
    if session.game == "terningepetanque":
        from petanque_game.ui.table import TableScene

        return TableScene(app, session)
    from petanque_game.ui.tray import TrayScene

    return TrayScene(app, session)


def open_game_scene(app, session: Session) -> bool:
    """Show `session` above the main menu (anything else on the stack is closed)."""
    scene = scene_for(app, session)  # a failure here is a bug: the window's handler logs it
    app.back_to_menu()
    app.push(scene)
    return True


def open_replay_scene(app, path: Path) -> bool:
    """Watch the record at `path`; False (and a message naming the file) when it cannot be used."""
    try:
        session = ReplaySession(path)
    except LoadProblem as e:
        app.back_to_menu()
        menu = app.scenes[0]
        menu.problem = f"The replay cannot be opened: {e}"
        app.toast.show(menu.problem, "bad", 6.0)
        return False
    open_game_scene(app, session)
    return True
