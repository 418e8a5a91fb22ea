"""One package per game. Each exports ``GAME``, an instance of :class:`muertos.engine.Game`."""
