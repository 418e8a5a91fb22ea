"""One package per game, each exporting ``GAME``; this list registers them, explicitly."""

from muertos.engine import register

from . import dia_de_los_muertos, die_of_the_dead, ofertu, ofrenda, patzcuaro

register(ofrenda.GAME, die_of_the_dead.GAME, patzcuaro.GAME, dia_de_los_muertos.GAME, ofertu.GAME)
