"""How well a seat stands, for the bots: its face-down total, and its best cards still in
hand (it will play them), against the best rival's."""

from __future__ import annotations

from typing import Any


def _worth(state: Any, seat: int) -> float:
    left = 3 - len(state.played[seat])
    return float(sum(state.played[seat]) + sum(sorted(state.hands[seat])[-left:] if left else []))


def evaluate(state: Any, seat: int) -> float:
    mine = _worth(state, seat)
    best_rival = max(_worth(state, s) for s in range(state.players) if s != seat)
    return mine - best_rival
