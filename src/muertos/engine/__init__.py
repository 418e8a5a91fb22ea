"""The game-agnostic core: the contract, seeded randomness, errors, events, the registry
of games and the conformance checks every game passes. It imports nothing above it."""

from .agent import Agent
from .errors import CorruptState, IllegalAction, InvalidOptions, MuertosError, UnknownAgent, UnknownGame
from .events import Event, counted, name_seats, seat_ref
from .game import FORMAT, Game, Option, State, copy_json, normalize, number
from .parts import Encoding, Heuristics, Parts, Render
from .registry import game, game_ids, register
from .result import Category, Rating, Result, SeatResult, TieBreak, TieRule
from .rng import Rng

__all__ = [
    "FORMAT",
    "Agent",
    "Category",
    "CorruptState",
    "Encoding",
    "Event",
    "Game",
    "Heuristics",
    "IllegalAction",
    "InvalidOptions",
    "MuertosError",
    "Option",
    "Parts",
    "Rating",
    "Render",
    "Result",
    "Rng",
    "SeatResult",
    "State",
    "TieBreak",
    "TieRule",
    "UnknownAgent",
    "UnknownGame",
    "copy_json",
    "counted",
    "game",
    "game_ids",
    "name_seats",
    "normalize",
    "number",
    "register",
    "seat_ref",
]
