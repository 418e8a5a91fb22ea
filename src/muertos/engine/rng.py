"""The seeded random generator every state owns.

A tiny xorshift64* generator rather than :class:`random.Random`: its whole state is
one integer, so cloning a state (search bots do it constantly) and writing it to
JSON cost nothing, while ``(game, players, seed, options, actions)`` still fixes
every shuffle, draw and die roll.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1


def _splitmix64(x: int) -> int:
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


def _seeded(seed: int) -> int:
    """The state a seed starts a generator at (never 0, which xorshift cannot leave)."""
    return _splitmix64(seed & _MASK) or 0x2545F4914F6CDD1D


class Rng:
    """Deterministic generator; ``Rng(seed)`` gives the same sequence on every machine."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = _seeded(seed)

    @classmethod
    def from_state(cls, state: int) -> Rng:
        if not isinstance(state, int) or not 0 < state <= _MASK:
            raise ValueError(f"rng state must be an integer in 1..2**64-1, got {state!r}")
        r = cls.__new__(cls)
        r.state = state
        return r

    @classmethod
    def from_random(cls, rnd: random.Random) -> Rng:
        """A generator seeded from a :class:`random.Random` (used by ``determinize``): as
        ``cls(rnd.getrandbits(64))``, without the call of ``__init__`` (bots seed two
        generators before every decision)."""
        r = object.__new__(cls)
        r.state = _seeded(rnd.getrandbits(64))
        return r

    def copy(self) -> Rng:
        """A generator at this one's state (valid already: no check)."""
        r = object.__new__(Rng)
        r.state = self.state
        return r

    def next64(self) -> int:
        x = self.state
        x ^= x >> 12
        x ^= (x << 25) & _MASK
        x ^= x >> 27
        self.state = x
        return (x * 0x2545F4914F6CDD1D) & _MASK

    def randrange(self, n: int) -> int:
        """A uniform integer in ``0..n-1`` (multiply-shift; bias below 2**-50 for game sizes)."""
        if n <= 0:
            raise ValueError("randrange needs n > 0")
        return (self.next64() * n) >> 64

    def randint(self, a: int, b: int) -> int:
        return a + self.randrange(b - a + 1)

    def roll(self, sides: int = 6) -> int:
        """One die: 1..sides."""
        return 1 + self.randrange(sides)

    def random(self) -> float:
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.randrange(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher–Yates with :meth:`next64`'s step written out in the loop: the same draws,
        without a call per card (bots determinize before every decision)."""
        x = self.state
        for i in range(len(seq) - 1, 0, -1):
            x ^= x >> 12
            x ^= (x << 25) & _MASK
            x ^= x >> 27
            j = (((x * 0x2545F4914F6CDD1D) & _MASK) * (i + 1)) >> 64
            seq[i], seq[j] = seq[j], seq[i]
        self.state = x
