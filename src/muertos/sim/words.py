"""The words of the designer's commands (``simulate``, ``report``, ``compare``,
``tournament``): every sentence, title, label and caption is a key of the ``sim`` catalogs
(``i18n/sim.en.toml``, ``i18n/sim.es.toml``), said in the reader's language; numbers, agent
names, ``stats()`` keys and move notation read the same in both.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from muertos.i18n import message


def say(key: str, lang: str, /, **params: Any) -> str:
    """The ``sim`` catalog's ``key`` in ``lang``, its placeholders filled."""
    return message(f"sim.{key}", lang, **params)


def bounds(low: float, high: float, lang: str, fmt: Callable[[float], str]) -> str:
    """An interval's ends as ``fmt`` writes them, or the word for an unbounded one: too few
    values to bound it (one deal; a few identical ones)."""
    if math.isinf(low) or math.isinf(high):
        return say("unbounded", lang)
    return say("range", lang, low=fmt(low), high=fmt(high))


def seat(s: int, lang: str) -> str:
    """Seat ``s`` (0-based) as a label: "seat 1"."""
    return say("seat", lang, n=s + 1)


def finite(x: float) -> float | None:
    """``x`` for a JSON file, an unbounded end as null (JSON has no infinity)."""
    return None if math.isinf(x) else x


@dataclass(frozen=True)
class Phrase:
    """Words of the ``sim`` catalogs not yet said: a part of a refusal that must be said in
    the reader's language with the rest (a list of them reads joined by semicolons)."""

    key: str
    params: tuple[tuple[str, Any], ...] = ()

    def said(self, lang: str) -> str:
        return message(f"sim.{self.key}", lang, **dict(self.params))


def said(value: Any, lang: str) -> Any:
    """A value of a sentence as a reader of ``lang`` reads it: a :class:`Phrase` (or a tuple of
    them) said in ``lang``, anything else as it is (a path, a number, a system's message)."""
    if isinstance(value, Phrase):
        return value.said(lang)
    if isinstance(value, tuple) and value and all(isinstance(v, Phrase) for v in value):
        return "; ".join(v.said(lang) for v in value)
    return value
