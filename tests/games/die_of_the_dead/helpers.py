"""Hand-built Die of the Dead positions for the tests, through the public position API.

Every helper returns a new state built with ``with_position``, so it is validated as a
loaded game is: the 75 dice and the tokens are all somewhere, once. A die a position puts
somewhere is taken from where such dice lie, in this order, among the fields the call does
not set itself: out of the game (``removed``), the City of the Dead, the supplies (seat
order), the lids of the closed caskets, the closed caskets. A die a position no longer has
goes out of the game. A token put in a hand comes from its board (solo: the tokens no
board nor hand holds are out of the game, ``spent``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from muertos.engine import copy_json
from muertos.games.die_of_the_dead import GAME, DieOfTheDeadState
from muertos.games.die_of_the_dead.components import COMPONENTS
from muertos.games.die_of_the_dead.notation import kind_of, parse_die
from muertos.games.die_of_the_dead.rules import FRESH_PREP
from muertos.games.die_of_the_dead.scoring import BREAD, CANDLE, INCENSE, MARIGOLD

NKINDS = 2 * len(COMPONENTS.colour_letters)
COUNTED = ("removed", "city", "supply")
"""Fields holding dice as counts by kind; ``prep``, ``ofrenda``, ``inside``, ``lid`` and
``held`` hold dice."""
SOURCES = ("removed", "city", "supply", "lid", "inside")
"""Where a die a position needs is taken from, in this order."""


def D(text: str) -> int:
    d = parse_die(text)
    assert d is not None, text
    return d


def dice(text: str) -> list[int]:
    return [D(t) for t in text.split()]


def kinds(data: Mapping[str, Any]) -> list[int]:
    """How many dice of each kind the fields of a position hold (the scoring dice aside)."""
    n = [0] * NKINDS
    for k, x in enumerate(data["removed"]):
        n[k] += x
    for k, x in enumerate(data["city"]):
        n[k] += x
    for row in data["supply"]:
        for k, x in enumerate(row):
            n[k] += x
    for field in ("prep", "ofrenda", "inside", "lid"):
        for group in data[field]:
            for d in group:
                if d >= 0:
                    n[kind_of(d)] += 1
    if data["held"] >= 0:
        n[kind_of(data["held"])] += 1
    return n


def take_die(data: dict[str, Any], k: int, fixed: set[str]) -> None:
    """Take one die of kind ``k`` from the first source ``fixed`` leaves free."""
    closed = [p for p in range(COMPONENTS.caskets) if p != data["open"]]
    for field in SOURCES:
        if field in fixed:
            continue
        if field in ("removed", "city") and data[field][k]:
            data[field][k] -= 1
            return
        if field == "supply":
            for row in data["supply"]:
                if row[k]:
                    row[k] -= 1
                    return
        if field in ("lid", "inside"):
            for p in closed:
                found = [d for d in data[field][p] if kind_of(d) == k]
                if found:
                    data[field][p].remove(found[0])
                    return
    raise AssertionError(f"no die of kind {k} is left to take for this position")


def arrange(s: DieOfTheDeadState, **fields: Any) -> DieOfTheDeadState:
    """``s`` with ``fields`` (named as in ``DieOfTheDeadState.FIELDS``) replaced, the dice
    and tokens they add or drop taken from or put back where this module says."""
    before = s.position()
    data: dict[str, Any] = copy_json({**before, **fields})
    fixed = set(fields)
    want, have = kinds(before), kinds(data)
    for k in range(NKINDS):
        for _ in range(have[k] - want[k]):
            take_die(data, k, fixed)
        if have[k] < want[k]:
            assert "removed" not in fixed, "dice left over and removed is set"
            data["removed"][k] += want[k] - have[k]
    if "hands" in fields:
        for t in range(4):
            delta = sum(h[t] for h in data["hands"]) - sum(h[t] for h in before["hands"])
            if "boards" not in fixed:
                data["boards"][t] -= delta
                assert data["boards"][t] >= 0, f"no token of type {t} is left on its board"
    if s.players == 1 and "spent" not in fixed:
        total = 4 * COMPONENTS.solo_tokens_per_type
        data["spent"] = total - sum(data["boards"]) - sum(map(sum, data["hands"]))
    changed = {k: v for k, v in data.items() if v != before[k]}
    t = s.with_position(**changed)
    assert isinstance(t, DieOfTheDeadState)
    return t


def table(players: int = 2, **options: bool) -> DieOfTheDeadState:
    """A game past its setup, with the token boards in a known order: positions 1-4 are
    Candle, Marigold, Bread, Incense; Player 1 is the Round Starter about to open."""
    s = GAME.new(players, 1, options)
    assert isinstance(s, DieOfTheDeadState)
    while s.phase in ("put", "fill"):
        s.apply(s.legal_actions()[0])
    return arrange(s, items=[CANDLE, MARIGOLD, BREAD, INCENSE], starter=0, actor=0, phase="open")


def opened(s: DieOfTheDeadState, pos: int, inside: str, actor: int | None = None) -> DieOfTheDeadState:
    """Casket ``pos`` (1-4) open with exactly ``inside`` rolled (its lid emptied into it),
    ``actor`` (default: the starter) to act."""
    p = pos - 1
    who = s.starter if actor is None else actor
    return arrange(
        s,
        inside=[dice(inside) if q == p else list(x) for q, x in enumerate(s.inside)],
        lid=[[] if q == p else list(x) for q, x in enumerate(s.lid)],
        open=p,
        phase="act",
        actor=who,
        acted=(who - s.starter) % s.players,
    )


def casket(
    s: DieOfTheDeadState, pos: int, inside: str | None = None, lid: str | None = None
) -> DieOfTheDeadState:
    """The dice in casket ``pos`` (1-4) and on its lid (faceless while it is closed)."""
    fields: dict[str, Any] = {}
    for field, text in (("inside", inside), ("lid", lid)):
        if text is not None:
            fields[field] = [dice(text) if q == pos - 1 else list(x) for q, x in enumerate(getattr(s, field))]
    return arrange(s, **fields)


def fill(s: DieOfTheDeadState, seat: int, cells: Mapping[int, str]) -> DieOfTheDeadState:
    """Dice on ``seat``'s ofrenda: {cell number 1-12: die}."""
    board = [list(o) for o in s.ofrenda]
    for c, t in cells.items():
        board[seat][c - 1] = D(t)
    return arrange(s, ofrenda=board)


def arrange_seat(
    s: DieOfTheDeadState,
    seat: int,
    *,
    prep: str | None = None,
    hand: Sequence[int] | None = None,
    supply: Mapping[str, int] | None = None,
    steps: int | None = None,
    square: int | None = None,
    scored: Sequence[int] | None = None,
) -> DieOfTheDeadState:
    """One seat's preparation board (dice), tokens in hand (by item), supply (count by
    kind, ``{"r": 2, "b*": 1}``; ``{}`` is empty), steps, square or scored sections."""
    fields: dict[str, Any] = {}

    def one(field: str, value: Any) -> None:
        rows = [list(x) if isinstance(x, list) else x for x in getattr(s, field)]
        rows[seat] = value
        fields[field] = rows

    if prep is not None:
        one("prep", dice(prep))
    if hand is not None:
        one("hands", list(hand))
    if supply is not None:
        counts = [0] * NKINDS
        for text, x in supply.items():
            counts[kind_of(D(text))] = x
        one("supply", counts)
    if steps is not None:
        one("steps", steps)
    if square is not None:
        one("square", square)
    if scored is not None:
        one("scored", list(scored))
    return arrange(s, **fields)


def last_payment(s: DieOfTheDeadState) -> DieOfTheDeadState:
    """The round's last player to act (the seat before the starter; solo, the player) has
    drafted a die of the open casket 4 to their preparation board and is to pay for it: the
    payment closes the round. ``s`` is a position about to open a casket."""
    assert s.phase == "open"
    last = (s.starter - 1) % s.players
    inside = [list(x) for x in s.inside]
    taken = sorted(inside[3] + list(s.lid[3]))
    assert taken, "casket 4 holds no die to draft"
    inside[3] = [d & ~7 | 1 for d in taken[1:]]  # opened: the lid's dice in, all rolled (1s)
    prep = [list(x) for x in s.prep]
    assert len(prep[last]) < COMPONENTS.prep_spaces, "no room for the drafted die"
    prep[last].append(taken[0] & ~7 | 1)
    return arrange(
        s,
        inside=inside,
        lid=[*s.lid[:3], []],
        prep=prep,
        open=3,
        phase="pay",
        actor=last,
        acted=s.players - 1,
        fresh=FRESH_PREP + len(prep[last]) - 1,
    )


def end_turns(s: DieOfTheDeadState) -> DieOfTheDeadState:
    """Close the round: the last player pays (``last_payment``, the first payment listed)
    and the scoring phase begins."""
    t = last_payment(s)
    t.apply(t.legal_actions()[0])
    return t
