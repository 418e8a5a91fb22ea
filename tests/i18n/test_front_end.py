"""A game's board says every word through its catalog: each phrase its JS asks for has Spanish.

Every registered game has a board (``Catalog.board``: ``static/games/<id>.js``, or
``board.js`` beside a game outside this package). A phrase is asked for as
``term("<id>", "literal")`` or ``termf("<id>", "template", …)``; the id may be a constant of
the module (``const G = "<id>"``), and a one-line wrapper of its own
(``const T = (english, params) => termf(G, english, params)``) is read as those are."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import muertos
from muertos.i18n import game_catalog
from muertos.server.tables import Catalog

QUOTED = r"""(?P<q>["'`])(?P<text>(?:\\.|(?!(?P=q)).)*)(?P=q)"""
GAME_ARG = r"""(?P<g>"[a-z-]+"|'[a-z-]+'|\w+)"""
ASKED = re.compile(r"\btermf?\(\s*" + GAME_ARG + r"\s*,\s*" + QUOTED)
"""``term("game", "literal")`` or ``termf("game", "template", …)``; a computed word is not a literal."""
WRAPPER = re.compile(
    r"(?:\b(?:const|let)\s+(?P<arrow>\w+)\s*=\s*\(\s*(?P<arrow_param>\w+)[^)]*\)\s*=>"
    r"|\bfunction\s+(?P<fn>\w+)\s*\(\s*(?P<fn_param>\w+)[^)]*\)\s*\{\s*return)"
    r"\s*termf?\(\s*" + GAME_ARG + r"\s*,\s*(?P<passed>\w+)\b"
)
"""A function whose first parameter is the phrase it hands to ``term``/``termf``."""
CONSTANT = re.compile(r"""\bconst\s+(\w+)\s*=\s*["']([a-z-]+)["']\s*;""")
COMMENT = re.compile(r"/\*.*?\*/|^[ \t]*//[^\n]*", re.S | re.M)
"""A comment may show how to ask (``term("<id>", "…")``): it asks for nothing."""


def board(game: str) -> Path:
    path = Catalog().board(game)
    assert path is not None, f"{game} has no board: static/games/{game}.js (or board.js beside its rules)"
    return path


def asked(game: str, js: str) -> set[str]:
    """The phrases a board's source asks the catalog of ``game`` for."""
    js = COMMENT.sub("", js)
    constants = dict(CONSTANT.findall(js))

    def game_of(arg: str) -> str | None:
        return arg[1:-1] if arg[:1] in "\"'" else constants.get(arg)

    wrappers = {}
    for m in WRAPPER.finditer(js):
        name, param = (m["arrow"], m["arrow_param"]) if m["arrow"] else (m["fn"], m["fn_param"])
        if m["passed"] == param:
            wrappers[name] = game_of(m["g"])
    found = set()
    calls = [(ASKED, None)]
    if wrappers:
        calls.append(
            (re.compile(r"\b(?P<name>" + "|".join(map(re.escape, wrappers)) + r")\(\s*" + QUOTED), None)
        )
    for pattern, _ in calls:
        for m in pattern.finditer(js):
            asks = game_of(m["g"]) if "g" in m.groupdict() and m["g"] else wrappers[m["name"]]
            assert asks == game, f"{game}'s board asks another game's catalog ({asks}): {m.group(0)}"
            if m["q"] != "`":
                found.add(m["text"].replace('\\"', '"').replace("\\'", "'"))
    return found


def test_the_reader_finds_phrases_asked_through_a_constant_or_a_wrapper() -> None:
    """The trap of issue 34: a board that named its game by a constant was found to ask for
    "0 phrases", and one whose words went through a wrapper for none at all."""
    js = """
        const G = "x-game";
        const T = (english, params = {}) => termf(G, english, params);
        function tr(english) { return term(G, english); }
        term("x-game", "straight"); term(G, "by constant"); T("by arrow"); tr('by function');
        term(G, `computed ${n}`);
        // term(G, "a comment")
        /** tr("a doc comment") */
    """
    assert asked("x-game", js) == {"straight", "by constant", "by arrow", "by function"}
    with pytest.raises(AssertionError, match="another game's catalog"):
        asked("y-game", js)


@pytest.mark.parametrize("game", muertos.game_ids())
def test_every_phrase_a_board_asks_for_has_spanish(game: str) -> None:
    phrases = asked(game, board(game).read_text(encoding="utf-8"))
    assert phrases, f"{game}'s board asks for no phrase: its words would stay English"
    missing = sorted(p for p in phrases if game_catalog(game, "es").term(p) is None)
    assert not missing, f"{game}: no Spanish for {missing}"


@pytest.mark.parametrize("game", muertos.game_ids())
def test_a_board_draws_no_english_literal(game: str) -> None:
    """Text given to svg("text", …, "literal") or title("literal") must come from the catalog."""
    js = board(game).read_text(encoding="utf-8")
    literal = re.compile(r"""(?:svg\("text",\s*\{[^}]*\},\s*|title\()(["'`])([^"'`]*)\1""")
    words = [m.group(2) for m in literal.finditer(js)]
    english = [w for w in words if re.search(r"[A-Za-z]{3}", re.sub(r"\$\{[^}]*\}", "", w))]
    assert english == []
