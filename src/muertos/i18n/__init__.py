"""Two languages, English and Spanish, from message catalogs — never literals in code.

Three kinds of text, three mechanisms, all in TOML catalogs shipped with the package:

- **Messages** of the table itself (lobby, buttons, errors, the terminal): ``en.toml``
  and ``es.toml`` in this package, ``key = "text with {placeholders}"``, one catalog per language
  shared by the server and the front end (``GET /api/i18n/{lang}``). :func:`message`.
- **A game's sentences** (log lines, refusals, status, result categories): the games write
  them in English, which stays the canonical text (logs, golden files and saved games are
  English). Each game's ``locale/es.toml`` maps English *templates* to Spanish ones
  (``"{seat} draws a card" = "{seat} roba una carta"``); :func:`translate` finds the template
  a line was made from and fills the Spanish one with its values, themselves translated.
  Like gettext's msgid, the English sentence is the key; unlike it, a line is translated when
  it is read, in the reader's language, so one log serves every reader.
- **A game's terms** (card names, colours, board words) in the same file's ``[terms]``, used
  by the sentences' values and by the front end to label what it draws.

A game's rules summary in Spanish is ``locale/guide.es.txt`` beside them (:func:`guide`).
The terminal draws a table in the language in force (:func:`active`, set by
:func:`use_language`, the way Django activates a translation), so a game's ``render``
keeps its signature and asks :func:`term` for its words.
Move notation stays as the games define it (``bid B7 on 2``): it is a notation, like a
chess move, the same in every language.
"""

from __future__ import annotations

import contextlib
import inspect
import itertools
import re
import tomllib
from collections.abc import Iterator, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cache, cached_property, lru_cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from muertos.engine.events import SEAT_REF, name_seats

if TYPE_CHECKING:
    from muertos.engine.game import Game

LANGUAGES = ("en", "es")
"""The languages a person can read the table in; the first is the default and the games' own."""
DEFAULT = LANGUAGES[0]
NAMES = {"en": "English", "es": "Español"}
"""Each language in its own words, for the language switch."""

_PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")
_KEEP = re.compile(r"[\s\d.,;:/+\-−–—()%×#·…'\"]*")
"""A value that needs no translation: numbers, punctuation and spaces only."""


_ACTIVE: ContextVar[str] = ContextVar("muertos_language", default="en")


def active() -> str:
    """The language in force in this context (the terminal's ``--lang``)."""
    return _ACTIVE.get()


@contextlib.contextmanager
def use_language(lang: str) -> Iterator[str]:
    """Put ``lang`` in force for the block (unknown: English)."""
    token = _ACTIVE.set(language(lang))
    try:
        yield _ACTIVE.get()
    finally:
        _ACTIVE.reset(token)


def term(game: str, word: str, lang: str | None = None) -> str:
    """A game's ``word`` (a card, a colour, a board label) in ``lang`` (default: the active
    language); the English word itself when the catalog has none."""
    lang = language(lang or active())
    if lang == DEFAULT:
        return word
    return game_catalog(game, lang).term(word) or word


def title(game: str, lang: str | None = None) -> str:
    """A game's title in ``lang`` (default: the active language), as its catalog writes it
    ("Dia de los Muertos" → "Día de los Muertos"), for the lobby, the terminal and headers."""
    from muertos.engine.registry import game as get_game

    return whole(get_game(game).title, lang or active(), game)


def option_value(value: object, lang: str | None = None) -> str:
    """An option's value as a reader of ``lang`` reads it: a flag is yes or no in their
    words (``False`` is the engine's spelling, not a word); anything else as written."""
    if isinstance(value, bool):
        return message("cli.games.yes" if value else "cli.games.no", language(lang or active()))
    return str(value)


def option_label(game: str, name: str, lang: str | None = None) -> str:
    """An option's name as words ("common_goals" → "common goals") in ``lang``: a term
    or sentence of the game's catalog; the name itself is what a request sends."""
    return whole(name.replace("_", " "), lang or active(), game)


def plural(game: str, one: str, many: str, n: int, lang: str | None = None) -> str:
    """A count and its noun in agreement, as gettext's ``ngettext``: the game's term
    ``one`` (the English singular, "Deck: 1 portrait") when ``n`` is 1, else ``many``
    ("Deck: {n} portraits"), in ``lang``, its ``{n}`` filled: "Mazo: 1 retrato", never
    "Mazo: 1 retratos"."""
    lang = language(lang or active())
    english = one if n == 1 else many
    said = english if lang == DEFAULT else game_catalog(game, lang).phrase(english) or english
    return said.replace("{n}", str(n))


class CatalogError(ValueError):
    """A catalog file that does not fit its rules (names the file and the key)."""


def language(value: str | None) -> str:
    """``value`` if it is a language we have, else the default: a request never fails on it."""
    v = (value or "").strip().lower()[:2]
    return v if v in LANGUAGES else DEFAULT


def negotiate(query: str | None, accept_language: str | None) -> str:
    """The reader's language: ``?lang=`` first, then the browser's ``Accept-Language`` in
    its order of preference (``es-MX,es;q=0.9,en;q=0.8``), else the default."""
    if query and query.strip().lower()[:2] in LANGUAGES:
        return query.strip().lower()[:2]
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate((accept_language or "")[:500].split(",")[:20]):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        if q == q and q > 0:  # not NaN
            ranked.append((-q, i, tag.strip().lower()[:2]))
    for _, _, tag in sorted(ranked):
        if tag in LANGUAGES:
            return tag
    return DEFAULT


# -- messages of the table ----------------------------------------------------------------


def _flatten(table: Mapping[str, Any], prefix: str, where: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for k, v in table.items():
        key = f"{prefix}{k}"
        if isinstance(v, Mapping):
            out.update(_flatten(v, f"{key}.", where))
        elif isinstance(v, str):
            out[key] = v
        else:
            raise CatalogError(f"{where}: {key} must be text, not {type(v).__name__}")
    return out


def _read(path: Traversable) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise CatalogError(f"{path}: {e}") from e


@cache
def messages(lang: str) -> dict[str, str]:
    """The table's messages in ``lang``, keys dotted by section (``web.your_move``): the
    catalog ``{lang}.toml`` and a part's own ``{part}.{lang}.toml`` (``analysis.es.toml``,
    its keys under ``analysis.``), so a feature keeps its words beside the others'. The
    catalogs of English sentences (``shared``, ``click``) and the glossary are read apart."""
    lang = language(lang)
    folder = files(__package__)
    out = _flatten(_read(folder / f"{lang}.toml"), "", f"i18n/{lang}.toml")
    for path in sorted(folder.iterdir(), key=lambda p: p.name):
        part, _, rest = path.name.partition(".")
        if rest == f"{lang}.toml" and part not in ("shared", "click", "glossary", lang):
            out |= _flatten(_read(path), f"{part}.", f"i18n/{path.name}")
    return out


def message(key: str, lang: str = DEFAULT, /, **params: Any) -> str:
    """The message ``key`` in ``lang`` with its placeholders filled. A key missing in
    Spanish falls back to English; a key missing in English is a bug and raises."""
    text = messages(lang).get(key)
    if text is None:
        text = messages(DEFAULT)[key]
    return text.format(**params) if params else text


def placeholders(text: str) -> set[str]:
    """The names of the ``{placeholders}`` of a catalog text."""
    return set(_PLACEHOLDER.findall(text))


# -- a game's sentences and terms -----------------------------------------------------------


@dataclass(frozen=True)
class _Template:
    english: str
    target: str
    pattern: re.Pattern[str]
    """A quick filter: only a line it matches can be split along the template."""
    literals: tuple[str, ...]
    """The text around the placeholders: one more than ``names``."""
    names: tuple[str, ...]
    weight: int  # literal characters: the most specific template is tried first

    def splits(self, text: str) -> Iterator[dict[str, str]]:
        """Every way ``text`` reads as this template, shortest first values first (a value
        may itself hold a literal: "Player 1 (White)" in "{seat} ({colour})")."""
        if self.pattern.fullmatch(text) is None:
            return
        lits, names = self.literals, self.names
        if not names:
            yield {}
            return
        inner = text[len(lits[0]) : len(text) - len(lits[-1])]
        yield from itertools.islice(_split_from(inner, lits, names, 0, 0, []), _MAX_SPLITS)


def _split_from(
    inner: str, lits: tuple[str, ...], names: tuple[str, ...], i: int, pos: int, values: list[str]
) -> Iterator[dict[str, str]]:
    """The splits of ``inner[pos:]`` along the literals after ``names[i]``, ``values`` read so
    far. A function of the module, not a closure that calls itself: such a closure is a
    reference cycle left for the garbage collector, one for every line read back (issue 36:
    16,232 objects in 10 s of a server at 100 tables)."""
    if i == len(names) - 1:
        if pos < len(inner):
            yield dict(zip(names, [*values, inner[pos:]], strict=True))
        return
    lit = lits[i + 1]
    j = inner.find(lit, pos + 1)
    while j != -1:
        yield from _split_from(inner, lits, names, i + 1, j + len(lit), [*values, inner[pos:j]])
        j = inner.find(lit, j + 1)


_MAX_SPLITS = 64
"""Ways to split one line tried at most: lines are short, this bounds a pathological one."""


def _compile(english: str, target: str, where: str) -> _Template:
    pieces = _PLACEHOLDER.split(english)  # literal, name, literal, name, ..., literal
    literals, names = tuple(pieces[::2]), tuple(pieces[1::2])
    if len(set(names)) != len(names):
        raise CatalogError(f"{where}: {english!r} uses a placeholder twice")
    if any(not lit for lit in literals[1:-1]):
        raise CatalogError(f"{where}: {english!r} has two placeholders with nothing between them")
    if placeholders(target) != set(names):
        raise CatalogError(f"{where}: {english!r} and its translation {target!r} have other placeholders")
    regex = "".join(re.escape(p) if i % 2 == 0 else "(.+?)" for i, p in enumerate(pieces))
    return _Template(english, target, re.compile(regex, re.DOTALL), literals, names, sum(map(len, literals)))


@dataclass(frozen=True)
class GameCatalog:
    """One game's sentences and terms in one language."""

    game: str
    lang: str
    terms: Mapping[str, str] = field(default_factory=dict)
    templates: tuple[_Template, ...] = ()
    keep: tuple[re.Pattern[str], ...] = ()
    guide: str | None = None
    result: Mapping[str, str] = field(default_factory=dict)
    """``categories.KEY``, ``ties.KEY``, ``ratings.KEY.label`` / ``.text``: a result's words
    by their stable keys."""
    _memo: dict[str, str | None] = field(default_factory=dict, compare=False, repr=False)

    def term(self, word: str) -> str | None:
        """``word`` in this language, matching its capital: "Candle" → "Veladora"."""
        t = self.terms.get(word)
        if t is not None:
            return t
        low = self.terms.get(word[:1].lower() + word[1:])
        if low is not None and word[:1].isupper():
            return low[:1].upper() + low[1:]
        return None

    def phrase(self, english: str) -> str | None:
        """A term, or a sentence by its very template ("Deck: {n} portraits"), untranslated
        placeholders and all: for :func:`plural`."""
        t = self.term(english)
        if t is not None:
            return t
        return next((tpl.target for tpl in self.templates if tpl.english == english), None)

    def kept(self, value: str) -> bool:
        """Whether ``value`` reads the same in every language: numbers, seat references,
        the game's notation (its ``keep`` patterns)."""
        if _KEEP.fullmatch(value) or SEAT_REF.fullmatch(value):
            return True
        return any(p.fullmatch(value) for p in self.keep)

    def full(self, text: str, depth: int = 0) -> str | None:
        """``text`` wholly in this language, or ``None`` if some part of it no template,
        term or keep pattern covers. The first split of the most specific template whose
        every value is covered wins. A translation is remembered; a failure only when it
        had the whole depth to try (deep inside another line it may just have run out)."""
        if text in self._memo:
            return self._memo[text]
        out = self._full(text, depth)
        if (out is not None or depth == 0) and len(self._memo) < 50_000:
            self._memo[text] = out
        return out

    @cached_property
    def _first(self) -> re.Pattern[str]:
        """Every template's pattern in one, most specific first: the first template that may
        read a text is found in one pass of the regular expression engine, not one call a
        template (a server at 100 tables spent 4% of its time trying templates, issue 36)."""
        return re.compile(
            "|".join(
                f"(?P<t{i}>{'(?:.+?)'.join(map(re.escape, t.literals))})"
                for i, t in enumerate(self.templates)
            )
            or "(?!)",
            re.DOTALL,
        )

    def _readers(self, text: str) -> tuple[_Template, ...]:
        """The templates that may read ``text``, in order: from the first whose pattern matches."""
        m = self._first.fullmatch(text)
        return () if m is None or m.lastgroup is None else self.templates[int(m.lastgroup[1:]) :]

    def _full(self, text: str, depth: int) -> str | None:
        if self.kept(text):
            return text
        t = self.term(text)
        if t is not None or depth > 6:
            return t
        for tpl in self._readers(text):
            for values in tpl.splits(text):
                done = {k: self.full(v, depth + 1) for k, v in values.items()}
                if all(v is not None for v in done.values()):
                    return tpl.target.format(**done)
        return None

    def partial(self, text: str, depth: int = 0) -> tuple[str, list[str]]:
        """The best this catalog can do with ``text``, and the parts it left in English."""
        whole = self.full(text, depth)
        if whole is not None:
            return whole, []
        if depth <= 6:
            for tpl in self._readers(text):
                for values in tpl.splits(text):
                    done, gaps = {}, []
                    for k, v in values.items():
                        done[k], g = self.partial(v, depth + 1)
                        gaps += g
                    return tpl.target.format(**done), gaps
        return text, [text]


def _locale(game: str) -> Traversable:
    """The ``locale`` folder beside the game's rules (found as ``components.toml`` is)."""
    from muertos.engine.registry import game as get_game

    return Path(inspect.getfile(type(get_game(game)))).with_name("locale")


def _load(path: Traversable, where: str) -> dict[str, Any]:
    data = _read(path) if path.is_file() else {}
    unknown = set(data) - {"terms", "sentences", "keep", "result"}
    if unknown:
        raise CatalogError(f"{where}: unknown sections {sorted(unknown)} (terms, sentences, keep, result)")
    return data


@lru_cache(maxsize=32)
def game_catalog(game: str, lang: str) -> GameCatalog:
    """The catalog of ``game`` (its id) in ``lang``: the game's own ``locale/{lang}.toml``
    over the engine's ``shared.{lang}.toml`` (its status lines, refusals and tie-break
    sentences); empty for English, the games' own language."""
    lang = language(lang)
    if lang == DEFAULT:
        return GameCatalog(game, lang)
    folder = _locale(game)
    where = f"{game}/locale/{lang}.toml"
    own = _load(folder / f"{lang}.toml", where)
    shared = _load(files(__package__) / f"shared.{lang}.toml", f"i18n/shared.{lang}.toml")
    terms = _flatten(shared.get("terms", {}), "", "shared") | _flatten(own.get("terms", {}), "", where)
    sentences = _flatten(shared.get("sentences", {}), "", "shared") | _flatten(
        own.get("sentences", {}), "", where
    )
    templates = sorted((_compile(k, v, where) for k, v in sentences.items()), key=lambda t: -t.weight)
    patterns = [*shared.get("keep", {}).get("patterns", []), *own.get("keep", {}).get("patterns", [])]
    guide_path = folder / f"guide.{lang}.txt"
    guide = guide_path.read_text(encoding="utf-8") if guide_path.is_file() else None
    result = _flatten(own.get("result", {}), "", where)
    return GameCatalog(
        game, lang, terms, tuple(templates), tuple(re.compile(p) for p in patterns), guide, result
    )


@cache
def click_catalog(lang: str) -> GameCatalog:
    """The terminal's framework words in ``lang`` (``click.{lang}.toml``; none for English,
    Click's and Typer's own language), read as a game's sentences are: ``[terms]`` the
    whole texts Typer passes to gettext and its help layout's words, by their English;
    ``[sentences]`` the templates of the usage errors Click composes ("No such option:
    {name}"); ``[keep]`` what an error quotes as typed (option names, values)."""
    lang = language(lang)
    path = files(__package__) / f"click.{lang}.toml"
    if lang == DEFAULT or not path.is_file():
        return GameCatalog("click", lang)
    where = f"i18n/click.{lang}.toml"
    data = _load(path, where)
    sentences = _flatten(data.get("sentences", {}), "", where)
    templates = sorted((_compile(k, v, where) for k, v in sentences.items()), key=lambda t: -t.weight)
    patterns = tuple(re.compile(p) for p in data.get("keep", {}).get("patterns", []))
    return GameCatalog("click", lang, _flatten(data.get("terms", {}), "", where), tuple(templates), patterns)


@dataclass(frozen=True)
class Term:
    """A glossary entry: the one word a language uses for a term, and the other words
    (regular expressions) no catalog may use for it."""

    term: str
    word: str
    others: tuple[re.Pattern[str], ...]


def glossary(game: str | None, lang: str) -> list[Term]:
    """The glossary of ``game`` (its ``locale/glossary.{lang}.toml``), or the table's own
    (``glossary.{lang}.toml`` of this package) for ``None``: one word per term, so a
    player meets one name for one thing in the log, the board, the guide and the lobby."""
    path = (_locale(game) if game else files(__package__)) / f"glossary.{language(lang)}.toml"
    if not path.is_file():
        return []
    out = []
    for term, entry in _read(path).get("terms", {}).items():
        if not isinstance(entry, Mapping) or not isinstance(entry.get(language(lang)), str):
            raise CatalogError(f"{path}: {term} needs its word")
        out.append(Term(term, entry[language(lang)], tuple(re.compile(p) for p in entry.get("not", []))))
    return out


def catalog_texts(game: str | None, lang: str) -> list[str]:
    """Every text a reader of ``lang`` may read from the catalogs of ``game`` (its sentences,
    terms and result words, its guide) or, for ``None``, the table's messages and the
    terminal's framework words (:func:`click_catalog`)."""
    if game is None:
        words = click_catalog(lang)
        return [*messages(lang).values(), *words.terms.values(), *(t.target for t in words.templates)]
    cat = game_catalog(game, lang)
    return [*cat.terms.values(), *(t.target for t in cat.templates), *cat.result.values(), cat.guide or ""]


def translate(
    text: str, lang: str | None = None, game: str | None = None, names: Sequence[str] | None = None
) -> str:
    """A game's English sentence in ``lang`` (unchanged if no template covers it, so a
    missing translation shows English rather than nothing), its seats then called by a
    table's ``names`` (the catalogs keep "Player 2" as a value, so naming comes after), and
    any seat left unnamed as ``lang`` writes it ("Jugador 2"); ``lang`` defaults to the
    active one. Lines are redacted before they come here: a translation never sees what the
    reader may not."""
    lang = language(lang or active())
    if lang == DEFAULT or not text:
        return name_seats(text, names)
    said = _translated(text, lang, game) if game else text
    return seats(said, lang, names)


@lru_cache(maxsize=20_000)
def _translated(text: str, lang: str, game: str) -> str:
    return game_catalog(game, lang).partial(text)[0]


def whole(text: str, lang: str, game: str) -> str:
    """A game's paragraph (its summary, an option's help) in ``lang`` if its catalog covers
    all of it, else in English: a paragraph half translated reads worse than either."""
    if language(lang) == DEFAULT:
        return text
    return game_catalog(game, lang).full(text) or text


def localize(lines: Sequence[str], lang: str, game: str | None) -> list[str]:
    """:func:`translate` for many lines."""
    return [translate(x, lang, game) for x in lines]


_SEAT_AFTER = re.compile(r"(?:\b([^\W\d_]+) )?" + SEAT_REF.pattern)
"""A seat reference and the word just before it, if a word comes just before it."""


def default_name(name: str, seat: int) -> bool:
    """Whether ``name`` is the name a seat (0-based) gets when nobody typed one ("Player 2",
    "Jugador 2"): a default is rendered in the reader's language; a typed name as typed."""
    return any(name == message("seat", lang, n=seat + 1) for lang in LANGUAGES)


def seats(text: str, lang: str, names: Sequence[str] | None = None) -> str:
    """Seat references ("Player 2") of a line already in ``lang``, rendered for its reader
    in one pass: a name a person typed (one of ``names``) as typed; a seat without one as
    ``lang`` calls a seat ("Jugador 2"), with the article ``lang`` gives it inside a
    sentence (``seat_in_sentence``: "le toca al Jugador 2", "gana el Jugador 2"; at the
    start of a line or after punctuation a seat stands alone, as a label: "Jugador 2: 12")
    and the contractions the article makes with the word before it (``seat_contractions``:
    "a el" → "al", "de el" → "del"); after "y" or "o" (``seat_coordinators``) a seat takes
    the form of the seat before it ("entre el Jugador 1 y el Jugador 2", "Jugador 1 y
    Jugador 2 empatan"). A typed name takes no article ("le toca a Ana")."""
    lang = language(lang)
    bare = message("seat", lang, n="{n}")
    inside = message("seat_in_sentence", lang, n="{n}")
    fused = [
        (a.strip() + " ", b.strip() + " ")
        for a, _, b in (pair.partition("→") for pair in message("seat_contractions", lang).split(";"))
        if a.strip() and b.strip()
    ]
    joins = {w.strip() for w in message("seat_coordinators", lang).split(";")}
    before = [False]  # whether the seat before took the article: "y" and "o" keep the list's form

    def render(m: re.Match[str]) -> str:
        word, k = m.group(1), int(m.group(2)) - 1
        lead = f"{word} " if word else ""
        given = names[k] if names and 0 <= k < len(names) and names[k] else None
        if given is not None and not default_name(given, k):
            return lead + given
        article = bool(word) and (before[0] if word in joins else True)
        before[0] = article
        if not article:
            return lead + bare.replace("{n}", m.group(2))
        out = lead + inside.replace("{n}", m.group(2))
        for long, short in fused:
            if out.startswith(long):
                return short + out[len(long) :]
        return out

    return _SEAT_AFTER.sub(render, text)


def untranslated(text: str, lang: str, game: str) -> list[str]:
    """The parts of ``text`` no catalog of ``game`` covers (empty: fully translated). The
    tests run every line of many games through it."""
    return game_catalog(game, lang).partial(text)[1]


def localize_result(
    result: Mapping[str, Any], lang: str, game: str, names: Sequence[str] | None = None
) -> dict[str, Any]:
    """``Result.to_json()`` in ``lang``: category labels, the tie-break sentence and the
    solo rating by their keys (an English word is never looked up)."""
    out = dict(result)
    lang = language(lang)
    if lang == DEFAULT:  # the engine's and the game's own words
        return out
    cat = game_catalog(game, lang)
    words = cat.result

    def tr(key: str, english: str) -> str:
        return words.get(key, english)

    out["seats"] = [
        {
            **s,
            "categories": [{**c, "label": tr(f"categories.{c['key']}", c["label"])} for c in s["categories"]],
        }
        for s in result["seats"]
    ]
    tb = result.get("tie_break")
    if tb is not None:
        rules = [tr(f"ties.{k}", k) for k in tb.get("decided_by", [])]
        every = [tr(f"ties.{k}", k) for k in tb.get("rules", [])]
        score = f"{tb['score']:g}"
        if len(tb["winners"]) == 1:
            text = message(
                "result.tie_decided", lang, score=score, rules=message("result.then", lang).join(rules)
            )
        elif every:
            text = message(
                "result.tie_shared_after", lang, score=score, rules=message("result.and", lang).join(every)
            )
        else:
            text = message("result.tie_shared", lang, score=score)
        out["tie_break"] = {**tb, "text": text}
    r = result.get("rating")
    if r is not None:
        out["rating"] = {
            **r,
            "label": tr(f"ratings.{r['key']}.label", r["label"]),
            "text": tr(f"ratings.{r['key']}.text", r["text"]),
        }
    return out


def guide(game: Game, lang: str) -> str:
    """The game's rules summary in ``lang`` (English when it has none in ``lang``)."""
    if language(lang) != DEFAULT:
        text = game_catalog(game.id, lang).guide
        if text:
            return text.strip()
    return game.rules()


def front_end(lang: str) -> dict[str, Any]:
    """What the browser needs to draw the table in ``lang``: the table's messages and every
    game's terms (its sentences arrive already translated from the server)."""
    from muertos.engine.registry import game_ids

    lang = language(lang)
    return {
        "lang": lang,
        "languages": {k: NAMES[k] for k in LANGUAGES},
        # the terminal's --help texts are never drawn on a page
        "messages": {k: v for k, v in messages(lang).items() if not k.startswith("help.")},
        "terms": {g: dict(game_catalog(g, lang).terms) for g in game_ids()},
    }


__all__ = [
    "DEFAULT",
    "LANGUAGES",
    "NAMES",
    "CatalogError",
    "GameCatalog",
    "Term",
    "active",
    "catalog_texts",
    "click_catalog",
    "front_end",
    "game_catalog",
    "glossary",
    "guide",
    "language",
    "localize",
    "localize_result",
    "message",
    "messages",
    "negotiate",
    "option_label",
    "option_value",
    "placeholders",
    "plural",
    "seats",
    "term",
    "title",
    "translate",
    "untranslated",
    "use_language",
    "whole",
]
