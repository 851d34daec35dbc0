"""petanque-game: four Scandinavian dice games, with Terningepetanque (dice petanque) at the centre."""

__version__ = "0.1.0"

from petanque_game import words  # noqa: E402, F401 (an exception carrying a refusal prints in English)
