"""A bounded memo: pure values remembered by their inputs, for bots' hot paths.

Heuristics ask the same questions again and again (a seat's value after each move tried,
an altar's best fill); a dict keyed by what the answer reads makes the second asking free.
A long simulation would grow it without end, so it empties itself when full: the values
are pure, so forgetting costs only time, never a different answer.
"""

from __future__ import annotations

from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Memo(dict[K, V]):
    """A dict of at most ``limit`` entries; :meth:`keep` stores, emptying it first when full.
    Reading is the dict's own ``get`` (the hot path stays the built-in one)."""

    __slots__ = ("limit",)

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def keep(self, key: K, value: V) -> V:
        """Remember ``value`` for ``key`` and give it back."""
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value


__all__ = ["Memo"]
