"""petanque-game: four Scandinavian dice games, with Terningepetanque (dice petanque) at the centre."""

__version__ = "0.1.0"
