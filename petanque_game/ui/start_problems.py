"""What the window says at start of what it found wrong: mistakes in the settings files, folders
of the user folder that are files, a user folder that cannot hold saves (`tell_start_problems`)."""

from __future__ import annotations

from petanque_game import logs, paths
from petanque_game.ui.scene import AppLike, TellsProblems
from petanque_game.ui.scenes import MENU

MAX_SHOWN_PROBLEMS = 8  # settings problems listed in the window
LOGGED_PROBLEMS = 20  # settings problems written to the log (and how many there were)


def tell_start_problems(app: AppLike) -> None:
    """The mistakes in the settings files (the first few in the window, the first
    LOGGED_PROBLEMS and their count in the log: they are not bugs, and a file of thousands of
    them must not rotate the bug reports out of it), folders of the user folder that are files,
    and a user folder that cannot hold saves."""
    look = app.look
    problems = app.settings.problems
    for problem in problems[:LOGGED_PROBLEMS]:
        logs.note(f"Settings: {problem}")
    if len(problems) > LOGGED_PROBLEMS:
        logs.note(f"Settings: {len(problems) - LOGGED_PROBLEMS} more mistakes in the settings "
                  f"files, not listed here ({len(problems)} in all)")
    lines = [look.tr("app.settings_problem", problem=p) for p in problems]
    if len(lines) > MAX_SHOWN_PROBLEMS:
        more = len(lines) - MAX_SHOWN_PROBLEMS + 1
        told = (look.tr("app.more_problems", n=more, log=logs.log_path())
                if len(problems) <= LOGGED_PROBLEMS else
                look.tr("app.more_problems_unlisted", n=more, log=logs.log_path(),
                        logged=LOGGED_PROBLEMS))
        lines = [*lines[:MAX_SHOWN_PROBLEMS - 1], told]
    found = [paths.user_dir_problem(), *paths.folder_problems().values()]
    folders = [f[0].upper() + f[1:] + "." for f in found if f]
    menu = app.scenes[0] if app.scenes and app.scenes[0].name == MENU else None
    if folders and isinstance(menu, TellsProblems):
        menu.problem = folders[0]
    lines = folders + lines
    if lines:
        app.toast.show("\n".join(lines), "bad", 6.0 + len(lines))
