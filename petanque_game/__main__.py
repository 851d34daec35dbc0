"""`python -m petanque_game` runs the same command line as `petanque-game`."""

import sys

from petanque_game.cli import main

sys.exit(main())
