"""The window's screens other than the two game scenes (the menu, setup, results, rules,
settings, statistics, challenges, the board editor, ...), one module each in this package; and
here, scenes by name and the stack they are shown on (docs/design.md#scenes-by-name).

Every scene is registered here under a name, and opened by that name through the app:
`app.open("setup")`, `app.open("results", session)`. So no scene imports another (docs/design.md,
scenes by name): this is the one module that imports the scene modules, each the first time its
scene is made, so that showing the menu loads neither the table's physics nor any game.

`SceneStack` is the app's scene stack: the scenes shown (topmost last), the registry of factories,
and the moves between scenes that keep today's behaviour (push, pop, replace, back to the menu).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from petanque_game.ui.scene import Scene

SceneFactory = Callable[..., Scene]  # (app, *arguments of that scene) -> a new scene


# --- the registry: one factory per name -----------------------------------------------------------

def _menu(app: Any) -> Scene:
    from petanque_game.ui.scenes.menu import MenuScene

    return MenuScene(app)


def _setup(app: Any, choices: Any = None, game: str | None = None) -> Scene:
    from petanque_game.ui.scenes.setup import SetupScene

    return SetupScene(app, choices, game)


def _online(app: Any) -> Scene:
    from petanque_game.ui.scenes.online import OnlineScene

    return OnlineScene(app)


def _online_chat(app: Any, session: Any) -> Scene:
    from petanque_game.ui.scenes.online_chat import ChatScene

    return ChatScene(app, session)


def _replays(app: Any, folder: Any = None) -> Scene:
    from petanque_game.ui.scenes.game_lists import ReplayListScene

    return ReplayListScene(app, folder)


def _resume(app: Any, games: Any = None) -> Scene:
    from petanque_game.ui.scenes.game_lists import ResumeListScene

    return ResumeListScene(app, games)


def _statistics(app: Any, folder: Any = None) -> Scene:
    from petanque_game.ui.scenes.statistics import StatisticsScene

    return StatisticsScene(app, folder)


def _table(app: Any, session: Any) -> Scene:
    from petanque_game.ui.table.scene import TableScene

    return TableScene(app, session)


def _tray(app: Any, session: Any) -> Scene:
    from petanque_game.ui.tray.scene import TrayScene

    return TrayScene(app, session)


def _results(app: Any, session: Any) -> Scene:
    from petanque_game.ui.scenes.results import ResultsScene

    return ResultsScene(app, session)


def _rules(app: Any, game: str, title: str) -> Scene:
    from petanque_game.ui.scenes.help import RulesScene

    return RulesScene(app, game, title)


def _error(app: Any, line: str, log: Any) -> Scene:
    from petanque_game.ui.scenes.trouble import ErrorScene

    return ErrorScene(app, line, log)


def _settings(app: Any) -> Scene:
    from petanque_game.ui.scenes.settings_scene import SettingsScene

    return SettingsScene(app)


def _challenges(app: Any) -> Scene:
    from petanque_game.ui.scenes.challenges import ChallengesScene

    return ChallengesScene(app)


def _side_by_side(app: Any, mine: Any, theirs: Any, labels: Any) -> Scene:
    from petanque_game.ui.scenes.side_by_side import SideBySideScene

    return SideBySideScene(app, mine, theirs, labels)


def _board_editor(app: Any, start: Any = None) -> Scene:
    from petanque_game.ui.scenes.board_editor import BoardEditorScene

    return BoardEditorScene(app, start)


def _about(app: Any) -> Scene:
    from petanque_game.ui.scenes.about import AboutScene

    return AboutScene(app)


def _lesson(app: Any, game: str) -> Scene:
    from petanque_game.ui.scenes.lesson import LessonScene

    return LessonScene(app, game)


def _handover(app: Any, name: str, seat: int, last: Any = None) -> Scene:
    from petanque_game.ui.scenes.handover import HandoverScene

    return HandoverScene(app, name, seat, last)


SCENES: Mapping[str, SceneFactory] = MappingProxyType({
    "menu": _menu,          # the main menu: the root of the stack
    "setup": _setup,        # a new game: which game, who plays, the rules' options, the board
    "online": _online,      # Play online: host a game, or join one by its room code
    "online_chat": _online_chat,  # (session) an online game's chat line, over the game
    "replays": _replays,    # the recorded games to watch
    "resume": _resume,      # the unfinished games to carry on with, when there are several
    "statistics": _statistics,  # (folder) each game's players and their numbers
    "table": _table,        # (session) Terningepetanque's table, live or replayed
    "tray": _tray,          # (session) the dice tray of the three tray games, live or replayed
    "results": _results,    # (session) game over: an overlay above the finished game
    "rules": _rules,        # (game id, title) the rules page of a game
    "lesson": _lesson,      # (game id) Terningepetanque's first lesson: targets, explained
    "error": _error,        # (line, log path) what a bug was and where its log is
    "settings": _settings,  # language, sound, display, pace, colours, hand-over, aim, keys
    "challenges": _challenges,  # today's challenges, kept ones, a code from a friend
    "side_by_side": _side_by_side,  # (mine, theirs, labels) two replays at once
    "board_editor": _board_editor,  # (a board to start from) make a board of your own
    "about": _about,        # the version, what it is built on, the folders, the licence
    "handover": _handover,  # (name, seat, last lines) hot seat: the table hidden for the next
})
MENU = "menu"


# --- the stack ------------------------------------------------------------------------------------

class SceneStack:
    """The scenes shown, topmost last, and the factories that make a scene by its name."""

    def __init__(self, factories: Mapping[str, SceneFactory] | None = None):
        self.factories: dict[str, SceneFactory] = dict(SCENES if factories is None else factories)
        self.scenes: list[Scene] = []
        self.running = True  # False once the last scene is popped (or the window is closed)

    def register(self, name: str, factory: SceneFactory) -> None:
        """Make `name` open the scenes that `factory(app, *args, **kw)` makes."""
        self.factories[name] = factory

    def make(self, name: str, *args: Any, **kw: Any) -> Scene:
        """A new scene of the kind registered as `name`, not shown yet."""
        try:
            factory = self.factories[name]
        except KeyError:
            raise KeyError(f"no scene is registered as {name!r}") from None
        scene = factory(self, *args, **kw)
        scene.name = name
        return scene

    def open(self, name: str, *args: Any, **kw: Any) -> Scene:
        """Show a new scene of the kind `name` above the others; the scene below is paused."""
        scene = self.make(name, *args, **kw)
        self.push(scene)
        return scene

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        """Close the top scene (back); the one below resumes. No scene left ends the window."""
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        if self.scenes:
            self.scenes[-1].resume()
        else:
            self.running = False
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for `scene`."""
        if self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.enter()

    def back_to_menu(self) -> None:
        """Close every scene above the main menu (opening a new menu if it is not at the root)."""
        while len(self.scenes) > 1:
            self.scenes.pop().exit()
        if not self.scenes or self.scenes[0].name != MENU:
            for s in self.scenes:
                s.exit()
            self.scenes = []
            self.open(MENU)
        else:
            self.scenes[0].resume()

    def visible(self) -> list[Scene]:
        """The scenes drawn, bottom first: the top one and those below it up to an opaque one."""
        shown: list[Scene] = []
        for scene in reversed(self.scenes):
            shown.append(scene)
            if scene.opaque:
                break
        return list(reversed(shown))
