"""Stand-ins for hidden cards (``engine.masked``): reading one raises, counting does not."""

from __future__ import annotations

import pytest

from muertos.engine.masked import HIDDEN, HiddenRead, Unseen


def test_a_hidden_card_counts_and_sorts_but_cannot_be_read() -> None:
    table = (10, 20, 30)
    hand = sorted([2, HIDDEN, 0])  # type: ignore[list-item]
    assert hand[:2] == [0, 2] and hand[2] is HIDDEN and len(hand) == 3
    assert HIDDEN >= 0 and not HIDDEN < 0  # a laid card, whatever it is
    with pytest.raises(HiddenRead):
        table[HIDDEN]  # type: ignore[index]
    with pytest.raises(HiddenRead):
        _ = 1 in [HIDDEN]
    with pytest.raises(HiddenRead):
        _ = {HIDDEN}
    with pytest.raises(HiddenRead):
        _ = [0, HIDDEN] != [0, 1]


def test_an_unseen_pile_tells_its_size_and_deals_hidden_cards() -> None:
    pile = Unseen(3)
    assert len(pile) == 3 and bool(pile)
    assert pile[-1] is HIDDEN and all(c is HIDDEN for c in pile[0:2])
    assert len(pile[1:]) == 2 and len(pile[5:]) == 0
    with pytest.raises(IndexError):
        pile[3]
    with pytest.raises(HiddenRead):
        list(pile)
    copy = pile.copy()
    assert copy.pop() is HIDDEN and len(copy) == 2 and len(pile) == 3
    copy.pop(), copy.pop()
    assert not copy
    with pytest.raises(IndexError):
        copy.pop()
