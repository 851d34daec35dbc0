"""petanque-game: Scandinavian dice games, with Terningepetanque (dice petanque) at the centre."""

# The one version: pyproject.toml reads it from here; --version, About, the log and every record's
# "program" field show it.
__version__ = "0.2.0"

from petanque_game import words  # noqa: F401 (an exception carrying a refusal prints in English)
