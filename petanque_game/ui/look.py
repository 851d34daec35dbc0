"""The window's look: what it draws, speaks and plays with, in one owner the App makes at its start
and lets go of at its close (`App.look`), so a new window starts from nothing.

It holds what the window keeps from frame to frame: it is the window's `Pens` (fonts, the text
drawn, wrapped and fitted, the colours drawn: ui/theme.py) and its `Words` (the text tables read,
the slips logged, the language spoken: ui/lang.py), and has the widgets' pictures (ui/widgets.py)
and the `Sounds` (ui/sound.py). The code that draws, words or plays is handed the look by what
made it: a scene reaches it through its App, a part of a scene is given it by its scene, a
drawing function takes it as a parameter, a game's session is handed it by the window that shows
it (docs/design.md, "What the window keeps").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from petanque_game.ui import lang, sound, theme
from petanque_game.ui.kept_pictures import WidgetPictures

if TYPE_CHECKING:
    from petanque_game.ui.settings import Settings


class Look(theme.Pens, lang.Words):
    """A window's pens and words (whose colours, fonts, text and texts are the look's own:
    `look.colour`, `look.blit_text`, `look.tr`...), its widgets' pictures and its sounds, each
    new; drawn in the colours, spoken in the language and played at the volume of `settings`
    (None: the built-in colours, English, every sound at full volume)."""

    def __init__(self, settings: Settings | None = None) -> None:
        theme.Pens.__init__(self, settings)
        lang.Words.__init__(self, settings.language if settings is not None else lang.DEFAULT)
        self.pictures = WidgetPictures()
        self.sounds = sound.Sounds(settings)

    def play(self, name: str, volume: float = 1.0) -> None:
        """Play the sound called `name` (ui/sound.py `Sounds.play`)."""
        self.sounds.play(name, volume)

    def drawn_in(self, *more: object) -> tuple[object, ...]:
        """What every picture is drawn in: the language, the colours and the players' palette (the
        settings can change each of them while a scene is shown), and `more`, a scene's own."""
        return (self.language(), tuple(self.colour(name) for name in theme.COLOURS),
                self.player_colour(0), self.marks_shown(), *more)
