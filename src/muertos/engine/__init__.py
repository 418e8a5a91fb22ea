"""The game-agnostic core: the contract, seeded randomness, errors, events, the match
runner and the conformance checks every game passes. It imports no game."""

from .errors import CorruptState, IllegalAction, InvalidOptions, MuertosError, UnknownAgent, UnknownGame
from .events import Event
from .game import FORMAT, Game, MatchRecord, Option, State, copy_json, normalize
from .match import Agent, play, seat_seed
from .registry import game, games
from .rng import Rng

__all__ = [
    "FORMAT",
    "Agent",
    "CorruptState",
    "Event",
    "Game",
    "IllegalAction",
    "InvalidOptions",
    "MatchRecord",
    "MuertosError",
    "Option",
    "Rng",
    "State",
    "UnknownAgent",
    "UnknownGame",
    "copy_json",
    "game",
    "games",
    "normalize",
    "play",
    "seat_seed",
]
