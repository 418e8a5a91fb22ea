"""A game's board says every word through its catalog: each phrase its JS asks for has Spanish."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import muertos.server
from muertos.i18n import game_catalog

STATIC = Path(muertos.server.__file__).parent / "static"
ASKED = re.compile(
    r"""\bterm(?:f)?\(\s*"(?P<game>[a-z-]+)",\s*(?P<q>["'`])(?P<text>(?:\\.|(?!(?P=q)).)*)(?P=q)"""
)
"""``term("game", "literal")`` or ``termf("game", "template", …)``; a computed word is not a literal."""

BOARDS = ["ofertu"]
"""The games whose board asks the catalog for every word."""


def asked(game: str) -> set[str]:
    js = (STATIC / "games" / f"{game}.js").read_text(encoding="utf-8")
    found = set()
    for m in ASKED.finditer(js):
        assert m.group("game") == game, f"{game}.js asks another game's catalog: {m.group(0)}"
        if m.group("q") != "`":
            found.add(m.group("text").replace('\\"', '"').replace("\\'", "'"))
    return found


@pytest.mark.parametrize("game", BOARDS)
def test_every_phrase_a_board_asks_for_has_spanish(game: str) -> None:
    phrases = asked(game)
    assert len(phrases) >= 10, f"{game}.js asks for only {len(phrases)} phrases"
    terms = game_catalog(game, "es").terms
    missing = sorted(p for p in phrases if game_catalog(game, "es").term(p) is None)
    assert not missing, f"{game}: no Spanish for {missing}"
    assert terms


@pytest.mark.parametrize("game", BOARDS)
def test_a_board_draws_no_english_literal(game: str) -> None:
    """Text given to svg("text", …, "literal") or title("literal") must come from the catalog."""
    js = (STATIC / "games" / f"{game}.js").read_text(encoding="utf-8")
    literal = re.compile(r"""(?:svg\("text",\s*\{[^}]*\},\s*|title\()(["'`])([^"'`]*)\1""")
    words = [m.group(2) for m in literal.finditer(js)]
    english = [w for w in words if re.search(r"[A-Za-z]{3}", re.sub(r"\$\{[^}]*\}", "", w))]
    assert english == []
