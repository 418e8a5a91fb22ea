"""A seat in a Spanish sentence (issue 35, item 6): a seat nobody named is "el Jugador 1"
inside a sentence ("le toca al Jugador 1", "gana el Jugador 1", "se agarra del Jugador 2"),
a name a person typed stays as typed and takes no article ("le toca a Ana")."""

from __future__ import annotations

import re

import pytest

from muertos.engine.registry import game_ids
from muertos.i18n import game_catalog, seats, translate
from muertos.server.errors import NotNow, Seat
from muertos.server.storage import SeatRow
from muertos.server.tables import Catalog, bot_name, seat_name

BARE = re.compile(r"\b(a|de|gana|Gana|con|para|por|entre)\s+Jugador \d")
"""A default seat name right after a word that needs its article: "a Jugador 1"."""


@pytest.mark.parametrize("game", game_ids())
def test_every_log_template_gives_a_default_seat_its_article(game: str) -> None:
    """Every Spanish template of the game (and the engine's shared ones), each of its
    values a default seat: no seat is left bare after a preposition or "gana"."""
    templates = [t for t in game_catalog(game, "es").templates if t.names]
    assert templates
    bare = []
    for tpl in templates:
        line = seats(tpl.target.format(**dict.fromkeys(tpl.names, "Player 1")), "es")
        if BARE.search(line):
            bare.append(line)
    assert not bare, bare[:5]


def test_a_default_name_takes_the_article_and_a_typed_one_does_not() -> None:
    line = "Player 1 to move"
    assert translate(line, "es", "ofertu") == "Le toca al Jugador 1"
    assert translate(line, "es", "ofertu", ["Player 1", "Ana"]) == "Le toca al Jugador 1"
    assert translate(line, "es", "ofertu", ["Jugador 1", "Ana"]) == "Le toca al Jugador 1"
    assert translate(line, "es", "ofertu", ["Ana", "Jugador 2"]) == "Le toca a Ana"
    assert translate(line, "en", "ofertu", ["Ana"]) == "Ana to move"
    assert translate(line, "en", "ofertu") == line


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("Gana Player 1.", "Gana el Jugador 1."),
        ("se agarra de Player 2", "se agarra del Jugador 2"),
        ("Player 1 roba", "Jugador 1 roba"),  # a line's first word: a label, no article
        ("Posición 1: Player 1 puja; Player 2 pasa", "Posición 1: Jugador 1 puja; Jugador 2 pasa"),
        ("entre Player 1 y Player 2", "entre el Jugador 1 y el Jugador 2"),
        ("Player 1, Player 2 y Player 3 comparten", "Jugador 1, Jugador 2 y Jugador 3 comparten"),
    ],
)
def test_where_a_seat_takes_its_article(text: str, want: str) -> None:
    assert seats(text, "es") == want


def test_a_refusal_names_a_default_seat_in_the_readers_language() -> None:
    """A seat created without a name was stored as "Player 1": a Spanish refusal reads
    "le toca al Jugador 1", never "le toca a Player 1"."""
    default = NotNow("not_your_turn", "not_your_turn", name=Seat(0, "Player 1"), seat=1)
    assert default.text("es") == "no es tu turno: le toca al Jugador 1 (asiento 1)"
    assert default.text("en") == "it is not your turn: Player 1 (seat 1) is to move"
    typed = NotNow("not_your_turn", "not_your_turn", name=Seat(1, "Player 7"), seat=2)
    assert typed.text("es") == "no es tu turno: le toca a Player 7 (asiento 2)"  # as typed


POSSESSIVE = re.compile(
    r"""(?P<call>\b\w+\(\s*"(?P<english>[^"]*\{(?P<key>\w+)\}'s\b[^"]*)"\s*,\s*\{(?P<params>[^{}]*)\})"""
)
"""A board's phrase naming a seat by its possessive ("{name}'s skeleton on field {n}"), with
its values: Spanish puts the name after a preposition ("esqueleto de {name}")."""


@pytest.mark.parametrize("game", game_ids())
def test_every_board_phrase_naming_a_seat_gives_it_its_article(game: str) -> None:
    """A board names a seat in a phrase ("esqueleto del Jugador 1 en la casilla 2", "dado
    marcador del Jugador 2 (cara 1)") as the status line does ("Le toca al Jugador 2"): the
    name goes through inSentence (the article of a seat nobody named) and the phrase through
    contracted ("de el" → "del"); the boards wrote "esqueleto de Jugador 1". The catalog's
    Spanish, so rendered (i18n.seats is the same rule), leaves no seat bare."""
    js = Catalog().board(game).read_text(encoding="utf-8")  # type: ignore[union-attr]
    bound = set(re.findall(r"\bconst\s+(\w+)\s*=\s*inSentence\(", js))
    wrong = []
    for m in POSSESSIVE.finditer(js):
        value = re.search(rf"\b{m['key']}\s*:\s*([^,}}]+)", m["params"])
        given = value.group(1).strip() if value else m["key"]  # { name } is { name: name }
        line = js[js.rfind("\n", 0, m.start()) + 1 : m.start()]
        if not (given.startswith("inSentence(") or given in bound) or "contracted(" not in line:
            wrong.append(m["call"])
        said = game_catalog(game, "es").term(m["english"])
        assert said is not None, m["english"]
        line_es = seats(said.replace("{" + m["key"] + "}", "Player 1"), "es")
        assert not BARE.search(line_es) and not re.search(r"\b(a|de) el\b", line_es), line_es
    assert not wrong, wrong


def test_a_seat_phrase_on_the_board_as_the_reader_reads_it() -> None:
    """The catalog's side of the rule, computed by hand: a default seat takes "del", a typed
    name none, and English is left alone."""
    said = game_catalog("dia-de-los-muertos", "es").term("{name}'s skeleton on field {n}")
    assert said is not None
    assert seats(said.format(name="Player 1", n=2), "es") == "esqueleto del Jugador 1 en la casilla 2"
    assert seats(said.format(name="Ana", n=2), "es", ["Ana"]) == "esqueleto de Ana en la casilla 2"
    js = Catalog().board("dia-de-los-muertos").read_text(encoding="utf-8")  # type: ignore[union-attr]
    assert len(list(POSSESSIVE.finditer(js))) == 2  # the check above reads the board's phrases


def _seat(seat: int, kind: str, agent: str | None, name: str, bot_from: int | None = None) -> SeatRow:
    return SeatRow(seat, kind, agent, name, None, False, bot_from)


def test_a_seat_nobody_named_reads_in_the_readers_language_bots_too() -> None:
    """A bot's seat nobody named is stored as "Bot 2 (random)" and read in the reader's
    language ("Bot 2 (al azar)"), as a person's "Player 1" is read "Jugador 1"; Spanish logs
    read "Bot 2 (random) (Negro) gana R1…". An agent with no word of its own keeps its
    spelling; a typed name is never changed; a person's seat handed to a bot keeps its name."""
    assert bot_name(1, "random", "en") == "Bot 2 (random)"  # what a new table stores
    rows = [
        _seat(0, "human", None, "Player 1"),
        _seat(1, "bot", "random", "Bot 2 (random)"),
        _seat(2, "bot", "greedy", "Bot 3 (greedy)"),
        _seat(3, "bot", "ismcts:2s", "Bot 4 (ismcts:2s)"),
        _seat(4, "bot", "random", "Bot 2 (random)"),  # typed: not this seat's default
        _seat(5, "bot", "greedy", "Player 6", bot_from=12),  # a person's seat, now a bot's
    ]
    es = [seat_name(s, "es") for s in rows]
    assert es == [
        "Jugador 1",
        "Bot 2 (al azar)",
        "Bot 3 (voraz)",
        "Bot 4 (ismcts:2s)",
        "Bot 2 (random)",
        "Jugador 6",
    ]
    assert [seat_name(s, "en") for s in rows] == [s.name for s in rows]
    line = "Player 2 (Black) wins R1 into their hand."
    assert translate(line, "es", "ofertu", es) == "Bot 2 (al azar) (Negro) gana R1 para su mano."
