"""Objectives (portraits, candles, common goals) and final scoring, on flat lists.

A player's Ofrenda is the slice ``base .. base+NSLOTS`` of the state's flat ``board``
(portrait index or -1) and ``lit`` (0/1) lists, and ``base_t .. base_t+NTOK`` of
``tokens`` (-1 empty; a candle index in a candle slot; 1 in a marigold slot) and
``clit`` (candle lit flags). Keeping these as functions of plain lists lets the rules,
the heuristics and the tests share them without a state object.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from muertos.engine import Category, Rating, TieRule

from .components import (
    ADJ,
    CANDLE_FEATS,
    CANDLE_KIND,
    CANDLE_N,
    CARD_COLOUR,
    CARD_MASK,
    CARD_OFFERING,
    G_FEATURE,
    G_SURROUNDED,
    GOAL_FEATURE,
    GOAL_KIND,
    GOAL_N,
    GOAL_PLACEMENTS,
    GOLDEN,
    K_FOUR_OF,
    K_FULL_SET,
    K_MAJ_FEATURE,
    K_MAJ_MG,
    K_MG_OFRENDA,
    K_MG_STORAGE,
    K_TWO_EACH,
    NFEAT,
    NSLOTS,
    NTOK,
    OBJ_ALL_ANY,
    OBJ_AT_LEAST_2,
    OBJ_KIND,
    OBJ_MASK,
    TOKEN_CARDS,
    TOKEN_IS_CANDLE,
    tier_for,
)

if TYPE_CHECKING:
    from .rules import OfrendaState


def portrait_ok(board: Sequence[int], base: int, slot: int, card: int, vacuous: bool = True) -> bool:
    """Whether ``card`` in ``slot`` meets its objective, counting occupied adjacent slots only.

    During play this is asked only once every adjacent slot is filled; at the end it is
    asked again ignoring empty slots (rulebook p.6). A neighbour with both features
    counts once (A-OF6). ``vacuous``: see ``vacuous_objectives_light`` (A-OF3).
    """
    kind = OBJ_KIND[card]
    mask = OBJ_MASK[card]
    hits = 0
    seen = 0
    for n in ADJ[slot]:
        c = board[base + n]
        if c < 0:
            continue
        seen += 1
        if CARD_MASK[c] & mask:
            hits += 1
    if kind == OBJ_AT_LEAST_2:
        return hits >= 2
    if seen == 0 and not vacuous:
        return False
    if kind == OBJ_ALL_ANY:
        return hits == seen
    return hits == 0  # NONE_OF


def feature_counts(board: Sequence[int], base: int) -> list[int]:
    """Portraits on one Ofrenda per feature (lit or not, A-OF5)."""
    counts = [0] * NFEAT
    for c in board[base : base + NSLOTS]:
        if c >= 0:
            counts[CARD_COLOUR[c]] += 1
            counts[CARD_OFFERING[c]] += 1
    return counts


MARIGOLD_SLOTS = tuple(j for j in range(NTOK) if not TOKEN_IS_CANDLE[j])


def marigolds_on(tokens: Sequence[int], base_t: int) -> int:
    """Marigolds on one Ofrenda (placed in marigold slots)."""
    return sum(1 for j in MARIGOLD_SLOTS if tokens[base_t + j] >= 0)


def candle_ok(
    candle: int,
    seat: int,
    counts: Sequence[Sequence[int]],
    on_ofrenda: Sequence[int],
    storage: Sequence[int],
) -> bool:
    """Whether ``seat`` meets ``candle``'s objective (rulebook p.7), given every seat's
    feature counts, Marigolds on the Ofrenda and Marigolds in storage (for majorities)."""
    kind = CANDLE_KIND[candle]
    feats = CANDLE_FEATS[candle]
    mine = counts[seat]
    if kind == K_FOUR_OF:
        return mine[feats[0]] >= CANDLE_N[candle]
    if kind == K_TWO_EACH:
        n = CANDLE_N[candle]
        return all(mine[f] >= n for f in feats)
    if kind == K_FULL_SET:
        return all(mine[f] >= 1 for f in feats)
    if kind == K_MG_OFRENDA:
        return on_ofrenda[seat] >= CANDLE_N[candle]
    if kind == K_MG_STORAGE:
        return storage[seat] >= CANDLE_N[candle]
    if kind == K_MAJ_FEATURE:
        f = feats[0]
        best = max(c[f] for c in counts)
        return mine[f] >= 1 and mine[f] == best  # ties share; zero never qualifies (A-OF8)
    if kind == K_MAJ_MG:
        best = max(on_ofrenda)
        return on_ofrenda[seat] >= 1 and on_ofrenda[seat] == best
    raise AssertionError(f"unknown candle kind {kind}")


def goal_met(goal: int, board: Sequence[int], base: int) -> bool:
    """Whether one Ofrenda meets a common goal (B-OF6, A-OF15, A-OF16)."""
    kind = GOAL_KIND[goal]
    if kind == G_FEATURE:
        f = GOAL_FEATURE[goal]
        n = 0
        for s in range(base, base + NSLOTS):
            c = board[s]
            if c >= 0 and (CARD_COLOUR[c] == f or CARD_OFFERING[c] == f):
                n += 1
        return n >= GOAL_N[goal]
    if kind == G_SURROUNDED:
        n = 0
        for a, b, c in TOKEN_CARDS:
            if board[base + a] >= 0 and board[base + b] >= 0 and board[base + c] >= 0:
                n += 1
        return n >= GOAL_N[goal]
    return any(all(board[base + s] >= 0 for s in placement) for placement in GOAL_PLACEMENTS[goal])


def breakdown(
    board: Sequence[int],
    lit: Sequence[int],
    tokens: Sequence[int],
    clit: Sequence[int],
    base: int,
    base_t: int,
) -> tuple[int, int, int]:
    """(portraits, marigolds, candles) points of one Ofrenda as it stands (rulebook p.9).

    A lit portrait: 2 per adjacent lit portrait, 1 per adjacent unlit one, doubled in a
    golden slot. A marigold: 1 per adjacent lit portrait. A lit candle: 2 per adjacent
    lit portrait. Empty slots count nothing. Golden doubling is the portrait's own score
    only (A-OF18).
    """
    pts = 0
    for s in range(NSLOTS):
        if board[base + s] < 0 or not lit[base + s]:
            continue
        v = 0
        for n in ADJ[s]:
            if board[base + n] >= 0:
                v += 2 if lit[base + n] else 1
        pts += 2 * v if GOLDEN[s] else v
    mg = 0
    cd = 0
    for j in range(NTOK):
        t = tokens[base_t + j]
        if t < 0:
            continue
        a, b, c = TOKEN_CARDS[j]
        n_lit = lit[base + a] + lit[base + b] + lit[base + c]
        if TOKEN_IS_CANDLE[j]:
            if clit[base_t + j]:
                cd += 2 * n_lit
        else:
            mg += n_lit
    return pts, mg, cd


def lit_count(board: Sequence[int], lit: Sequence[int], base: int) -> int:
    return sum(1 for s in range(base, base + NSLOTS) if board[s] >= 0 and lit[s])


# ------------------------------------------------------------------ the final result
CATEGORY_LABELS = {
    "lit_portraits": "Lit portraits",
    "marigolds": "Marigolds",
    "candles": "Lit candles",
    "goals": "Common goals",
}
"""The score sheet's rows (rulebook p.9; goals only in the common goals variant)."""


def categories(s: OfrendaState, seat: int) -> list[Category]:
    """One seat's score sheet: the parts of ``seat_breakdown``, which ``scores`` sums."""
    parts = s.seat_breakdown(seat)
    rows = [
        ("lit_portraits", parts["portraits"]),
        ("marigolds", parts["marigolds"]),
        ("candles", parts["candles"]),
    ]
    if s.goals:
        rows.append(("goals", parts["goals"]))
    return [Category(k, CATEGORY_LABELS[k], v) for k, v in rows]


def tie_breaks(s: OfrendaState) -> list[TieRule]:
    """Rulebook p.9: most lit portraits, then most Marigolds in storage (``winners``)."""
    return [
        TieRule(
            "lit_portraits",
            "most lit portraits",
            tuple(lit_count(s.board, s.lit, p * NSLOTS) for p in range(s.players)),
        ),
        TieRule("marigolds_stored", "most Marigolds in storage", tuple(s.mg)),
    ]


def solo_rating(s: OfrendaState) -> Rating | None:
    """The solo tier table (p.10) for the final score."""
    if s.players != 1:
        return None
    t = tier_for(s.scores()[0])
    return Rating(f"tier_{t.low}", f"Tier {t.label()}", t.text)
