"""Stand-ins for hidden cards, for a state masked to what one seat knows.

The greedy bot values each decision on a determinization (``Game.determinized_values``).
Redrawing the hidden cards costs more than many a valuation, and most valuations never read
them: so a game may first value a decision on the state masked to what the seat knows (a
pile by its size, a hidden card by a stand-in) and redraw only where the valuation reaches
for a hidden card. Reading one raises :class:`HiddenRead`, so the masked values are the
determinization's whenever they are found at all.

Cards are integers (indices into a game's tables); a stand-in is not. Using one as an index
(``MOVE[card]``), comparing it for equality or hashing it raises; ``len`` of a pile and of
a hand, and the order of a sorted hand (stand-ins after the known cards), do not, for they
say nothing hidden.
"""

from __future__ import annotations

from collections.abc import Sized
from typing import Any, NoReturn, cast


class HiddenRead(Exception):
    """A masked state's valuation read a card its seat cannot see: redraw and value again."""


class Hidden:
    """A hidden card: it counts in its hand or pile, but which card it is cannot be read.

    It is a card (``>= 0``, as a laid card is) and sorts after every known card."""

    __slots__ = ()

    def __index__(self) -> NoReturn:
        raise HiddenRead

    def __eq__(self, other: object) -> NoReturn:
        raise HiddenRead

    def __hash__(self) -> NoReturn:
        raise HiddenRead

    def __lt__(self, other: object) -> bool:
        return False

    def __le__(self, other: object) -> bool:
        return isinstance(other, Hidden)

    def __gt__(self, other: object) -> bool:
        return not isinstance(other, Hidden)

    def __ge__(self, other: object) -> bool:
        return True

    def __repr__(self) -> str:
        return "<hidden card>"


HIDDEN = Hidden()
"""The one stand-in every masked pile deals."""


class Unseen:
    """A face-down pile of a masked state: how many cards it holds is public, which are not.

    A card drawn from it (``pop``, an index, a slice) is :data:`HIDDEN`."""

    __slots__ = ("n",)

    def __init__(self, n: int) -> None:
        self.n = n

    def __len__(self) -> int:
        return self.n

    def __getitem__(self, i: int | slice) -> Any:
        if isinstance(i, slice):
            return [HIDDEN] * len(range(*i.indices(self.n)))
        if not -self.n <= i < self.n:
            raise IndexError(i)
        return HIDDEN

    def __iter__(self) -> NoReturn:
        raise HiddenRead

    def pop(self, i: int = -1) -> Hidden:
        if not self.n:
            raise IndexError("pop from an empty pile")
        self.n -= 1
        return HIDDEN

    def copy(self) -> Unseen:
        return Unseen(self.n)

    def __repr__(self) -> str:
        return f"<{self.n} unseen cards>"


def unseen(pile: Sized) -> list[int]:
    """A masked pile for ``pile``: an :class:`Unseen` of its size, typed as the list of
    cards it stands for (a state's field keeps its type)."""
    return cast(list[int], Unseen(len(pile)))


def hidden_cards(n: int) -> list[int]:
    """``n`` hidden cards, typed as the cards they stand for."""
    return cast(list[int], [HIDDEN] * n)


__all__ = ["HIDDEN", "Hidden", "HiddenRead", "Unseen", "hidden_cards", "unseen"]
