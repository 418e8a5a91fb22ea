"""Ofertu read in Spanish: the terminal table and its log, every word from the catalog."""

from __future__ import annotations

from rich.console import Console

from muertos.games.ofertu import GAME
from muertos.i18n import guide, use_language


def _text(renderable: object) -> str:
    c = Console(width=140, record=True, color_system=None)
    c.print(renderable)
    return c.export_text()


def _played(moves: int, seed: int = 5) -> object:
    s = GAME.new(2, seed)
    for _ in range(moves):
        if s.over:
            break
        s.apply(s.legal_actions()[0])
    return s


ENGLISH = (
    "Hand",
    "Deck",
    "Victory display",
    "Auction row",
    "Your bid",
    "Red deck",
    "Final scores",
    "draws",
    "bids",
)


def test_the_terminal_table_in_spanish_keeps_no_english_word() -> None:
    for s in (_played(7), _played(10_000)):
        with use_language("es"):
            es = _text(GAME.render(s, 0))  # type: ignore[arg-type]
        en = _text(GAME.render(s, 0))  # type: ignore[arg-type]
        assert "Mano" in es and "Fila de subasta" in es and "Jugador 1" in es
        assert not [w for w in ENGLISH if w in es], [w for w in ENGLISH if w in es]
        assert "Hand" in en and "Mano" not in en  # outside the block: English, as the render tests pin it


def test_the_spanish_guide_keeps_the_notation() -> None:
    text = guide(GAME, "es")
    assert "bid B7 on 2" in text and "tiebreak W4" in text and "pass" in text
    assert "subasta" in text and "each player" not in text
