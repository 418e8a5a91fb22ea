"""One package per game, each exporting ``GAME``; this list registers them, explicitly.

``MUERTOS_EXTRA_GAMES`` (module paths, comma-separated, each a module exporting ``GAME``)
registers more games after them, in every process that imports muertos: the test suite's
proof that a new game needs nothing beyond its own package is a throwaway game registered
this way (``tests/test_new_game.py``), and a game of one's own can be tried on the table,
the bots' worker processes included, before it is registered here."""

import os
from importlib import import_module

from muertos.engine import register

from . import dia_de_los_muertos, die_of_the_dead, ofertu, ofrenda, patzcuaro

register(ofrenda.GAME, die_of_the_dead.GAME, patzcuaro.GAME, dia_de_los_muertos.GAME, ofertu.GAME)

EXTRA = "MUERTOS_EXTRA_GAMES"
"""The environment variable naming the modules of extra games."""

for _name in filter(None, (n.strip() for n in os.environ.get(EXTRA, "").split(","))):
    register(import_module(_name).GAME)
