"""Terningepetanque's entry in the window (`WINDOW`, found through its registration): played on
the table scene, the setup's choices, its narration, the how-to of aiming and of its controls, and
the practice throw the how-to offers."""

from __future__ import annotations

from typing import Any

from petanque_game.ui.game_ui import GameUI
from petanque_game.ui.look import Look


def aim_howto(look: Look, settings: Any) -> list[tuple[str, list[str]]]:
    """How a throw is aimed, as the `aim` setting has it."""
    aim = getattr(settings, "aim", "point")
    return [(look.tr("howto.petanque.aim_heading"),
             [look.tr(f"howto.petanque.aim_{aim}" if aim in ("power", "drag") else
                      "howto.petanque.aim")])]


WINDOW = GameUI(
    "table", (("rounds", (15, 20, 25)), ("allow_rethrow", (True, False))),
    "petanque_game.ui.narrate:tell_petanque",
    howto=(("roll", "howto.petanque.roll_start"), (None, "howto.petanque.point"),
           (None, "howto.petanque.arrows"), (None, "howto.petanque.height"),
           (None, "howto.petanque.spin"), ("hint", "howto.petanque.hint"),
           ("use_hint", "howto.petanque.use_hint"), (None, "howto.petanque.cancel"),
           ("accept", "howto.petanque.accept"), ("rethrow", "howto.petanque.rethrow"),
           (None, "howto.petanque.zoom")),
    howto_intro=aim_howto, practice={"rounds": 1, "allow_rethrow": True},
    fresh={"allow_rethrow": False})
