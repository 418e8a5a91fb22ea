"""Which of a game's sentences a catalog does not cover yet, found by playing.

A game's text is made as it plays, so the only honest list of its sentences is the one its
games produce: random games at every seat count and option, and at sampled positions every
refusal its action kinds give, the status line; and what the lobby, ``muertos games`` and
``muertos rules`` show of it (title, summary, options, reconstructed components). (A
result's words are looked up by key: the tests check those keys.) The tests assert
that nothing is left; a translator runs it to see what is::

    python -m muertos.i18n.coverage ofertu --lang es
"""

from __future__ import annotations

import argparse
import itertools
import random
from collections import Counter
from collections.abc import Iterator

from muertos.engine import Game, State
from muertos.engine.registry import game as get_game

from . import LANGUAGES, untranslated

GARBAGE = ("", "xyzzy", "take", "bid 99 on 99", "place Z9 on 9", "move 0 0")
"""Spellings that read as nothing, or as a move with impossible numbers."""


def option_sets(g: Game) -> list[dict[str, object]]:
    """The defaults, and each option changed alone (a flag flipped, each other choice). A
    game's own ``language`` option (Pátzcuaro's words in the rulebook's Spanish) already
    writes the other language: its lines are not English sentences to translate."""
    sets: list[dict[str, object]] = [{}]
    for o in g.options:
        if o.name == "language":
            continue
        if isinstance(o.default, bool):
            sets.append({o.name: not o.default})
        sets += [{o.name: c} for c in o.choices or () if c != o.default and not isinstance(c, bool)]
    return sets


def sentences(s: State, rnd: random.Random, refusals: bool) -> Iterator[str]:
    """The text a reader may meet at this position."""
    yield s.status()
    if refusals and not s.over:
        for kind in s.ACTIONS.kinds:
            moves = list(kind.every(s))
            for move in rnd.sample(moves, min(len(moves), 40)):
                why = s.ACTIONS.problem(s, kind, move)
                if why is not None:
                    yield why
        for bad in GARBAGE:
            yield s.ACTIONS.why_illegal(s, bad)


def table_texts(g: Game) -> Iterator[str]:
    """What a reader meets of a game before and beside play: its title and summary, each
    option's name and help (the lobby, ``muertos games``), the reconstructed components
    (``muertos rules``), all of it the engine's English data."""
    yield g.title
    yield g.summary
    for o in g.options:
        yield o.name.replace("_", " ")
        yield o.help
    yield from g.reconstructed()


def harvest(game: str, games_per_setting: int = 3, seed: int = 0) -> Counter[str]:
    """Every distinct sentence (with how often it came) from random games of ``game``, and
    the game's texts outside play (:func:`table_texts`)."""
    g = get_game(game)
    found: Counter[str] = Counter(table_texts(g))
    settings = itertools.product(range(g.min_players, g.max_players + 1), option_sets(g))
    for players, options in settings:
        try:
            g.check_options(players, options)
        except ValueError:
            continue
        for k in range(games_per_setting):
            rnd = random.Random(seed * 1000 + k)
            s = g.new(players, seed * 1000 + k, options)
            while True:
                found.update(sentences(s, rnd, refusals=rnd.random() < 0.2))
                if s.over:
                    break
                s.apply(rnd.choice(s.legal_actions()))
            for seat in [None, *range(players)]:
                found.update(s.log(seat))
    return found


def missing(game: str, lang: str, games_per_setting: int = 3, seed: int = 0) -> dict[str, list[str]]:
    """Each sentence with parts no catalog covers, and those parts."""
    out = {}
    for text in harvest(game, games_per_setting, seed):
        gaps = untranslated(text, lang, game)
        if gaps:
            out[text] = gaps
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("game")
    p.add_argument("--lang", default="es", choices=LANGUAGES[1:])
    p.add_argument("--games", type=int, default=3, help="random games per seat count and option")
    p.add_argument("--seed", type=int, default=0)
    a = p.parse_args()
    gaps = missing(a.game, a.lang, a.games, a.seed)
    parts = Counter(x for v in gaps.values() for x in v)
    for text, n in parts.most_common():
        print(f"{n:5d}  {text}")
    print(f"{len(gaps)} sentences, {len(parts)} distinct parts not covered")


if __name__ == "__main__":
    main()
