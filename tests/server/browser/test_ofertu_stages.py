"""Ofertu's reveal shown one auction at a time (``stages`` of ``static/games/ofertu.js``): each
stage draws the auction row as it then stood. A card whose tie left it unwon stays in the row
("the bids for that red card are both discarded", A-O4); a tie-break settled by the move is
the first stage, and the card it won is off the row in the stages after it."""

from __future__ import annotations

from typing import Any

from muertos.games.ofertu.rules import OfertuState
from tests.games.ofertu.helpers import build, play

from .support import watch

STAGES_JS = """async ([before, events]) => {
  const { stages } = await import('/static/games/ofertu.js');
  return stages(before, events).map((st) => ({ row: st.view.row, bids: st.view.bids, caption: st.caption }));
}"""


def staged(server: str, browser: Any, before: dict[str, Any], events: list[dict[str, str]]) -> list[Any]:
    """The stages the page's module draws for a move, from Player 1's view before it and its log."""
    page = browser.new_page()
    errors = watch(page)
    page.goto(f"{server}/")
    out: list[Any] = page.evaluate(STAGES_JS, [before, events])
    page.close()
    assert errors == []
    return out


def move(s: OfertuState, action: str) -> tuple[dict[str, Any], list[dict[str, str]]]:
    """Player 1's view before ``action`` and the events it caused, as the server sends them."""
    before, start = s.view(0), len(s.events)
    s.apply(action)
    return before, [{"kind": e.kind, "text": e.text} for e in s.events_for(0, start)]


def test_a_tie_nobody_can_break_leaves_its_card_in_the_row(server: str, browser: Any) -> None:
    s = build(
        row=["R1", "R2", "R3", "R4", "R5"],
        hands=[["B5", "B1", "B2"], ["W5", "W1", "W2"]],
        decks=[["B9"], ["W9"]],
    )
    play(s, "bid B5 on 1", "bid W5 on 1", "bid B1 on 2", "bid W1 on 3", "bid B2 on 2")
    got = staged(server, browser, *move(s, "bid W2 on 3"))
    rows = [st["row"] for st in got]
    assert rows == [
        ["R1", "R2", "R3", "R4", "R5"],  # 1: B5 = W5, no cards left: both bids discarded
        ["R1", "R2", "R3", "R4", "R5"],  # 2: R1 stays; Player 1 wins R2
        ["R1", None, "R3", "R4", "R5"],  # 3: Player 2 wins R3
    ]
    assert [st["bids"][0][0] for st in got] == [["B5"], [], []]
    assert "tie at 5" in got[0]["caption"]


def test_a_tie_break_is_a_stage_and_its_card_leaves_the_row(server: str, browser: Any) -> None:
    s = build(row=["R1", "R2", "R3", "R4", "R5"], hands=[["B5", "B1", "B2", "B7"], ["W5", "W1", "W2", "W7"]])
    play(s, "bid B5 on 1", "bid W5 on 1", "bid B1 on 2", "bid W1 on 3", "bid B2 on 2", "bid W2 on 3")
    play(s, "tiebreak B7")
    got = staged(server, browser, *move(s, "pass"))
    rows = [st["row"] for st in got]
    assert rows == [
        ["R1", "R2", "R3", "R4", "R5"],  # 1: B5 + B7 beats W5: Player 1 wins R1
        [None, "R2", "R3", "R4", "R5"],  # 2: Player 1 wins R2
        [None, None, "R3", "R4", "R5"],  # 3: Player 2 wins R3
    ]
    assert [st["bids"][0][0] for st in got] == [["B5"], [], []]
    assert got[0]["caption"].startswith("Tie-break at position 1") and "wins R1" in got[0]["caption"]
