"""The terminal picture, from the seat's view only: the deck, each seat's hand and
face-down cards (the others' as counts), the status line."""

from __future__ import annotations

from muertos.engine import State, seat_ref
from muertos.i18n import term, translate

GAME = "sixth-toy"


def render(state: State, seat: int | None = None) -> str:
    v = state.view(seat)
    lines = [f"{term(GAME, 'Deck')}: {v['deck']}"]
    for i, (hand, played) in enumerate(zip(v["hands"], v["played"], strict=True)):
        lines.append(
            f"{translate(seat_ref(i), game=GAME)} — {term(GAME, 'Hand')}: {hand}  "
            f"{term(GAME, 'Face down')}: {played}"
        )
    lines.append(translate(v["status"], game=GAME))
    return "\n".join(lines)
