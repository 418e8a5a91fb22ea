"""Spelling of actions: players as ``p1``..``p6``, fields as numbers, cards by key.

Every legal action has exactly one spelling (see the package docstring for the list).
"""

from __future__ import annotations

from .components import CARD_INDEX, CARDS, FEST_INDEX, FESTIVITY, MOVE

LIMBS = ("arm", "leg")


def player(seat: int) -> str:
    """The token of a seat (0-based) in actions: ``p1``..``p6``."""
    return f"p{seat + 1}"


def parse_player(tok: str) -> int | None:
    """Seat of a ``pN`` token, or None."""
    if len(tok) >= 2 and tok[0] == "p" and tok[1:].isdigit():
        return int(tok[1:]) - 1
    return None


def card(kind: int) -> str:
    return CARDS[kind].key


def parse_card(tok: str) -> int | None:
    return CARD_INDEX.get(tok)


def card_name(kind: int) -> str:
    """A card as the log names it: ``Kicking [T, 2 bones]``."""
    c = CARDS[kind]
    return f"{c.name} [{c.letter}, {bones(c.move)}]"


def bones(m: int) -> str:
    return f"{m} bone" + ("s" if m != 1 else "")


def back(kind: int) -> int:
    return MOVE[kind]


def fest(kind: int) -> str:
    return FESTIVITY[kind].key


def parse_fest(tok: str) -> int | None:
    return FEST_INDEX.get(tok)


def field(f: int) -> str:
    """A field as shown to people: ``S`` for the start area, else its number."""
    return "S" if f == 0 else str(f)


def who(seat: int) -> str:
    return f"Player {seat + 1}"
