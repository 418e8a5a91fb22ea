"""Pátzcuaro's shop spaces in the browser: every card of a stack is shown, the top one whole
and each one under it with its band, number and objects, inside its space, at a desktop's
width in English and a phone's in Spanish."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest

from muertos.games.patzcuaro import GAME, PatzcuaroState

from ..conftest import opened
from .support import HTTP, create, watch

SIZES: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": {"width": 1280, "height": 900}},
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
}

# For each card drawn on space ``k``: its texts, and whether its box lies inside the space's
# and its texts inside its box.
CARDS_JS = """(k) => {
  const space = document.querySelector(`#board [data-k="${k}"]`);
  const outer = space.firstElementChild.getBoundingClientRect();
  const inside = (r, b) => r.left >= b.left - 1 && r.right <= b.right + 1 && r.top >= b.top - 1 && r.bottom <= b.bottom + 1;
  return [...space.querySelectorAll('.ptz-card')].map((c) => {
    const box = c.firstElementChild.getBoundingClientRect();
    const texts = [...c.querySelectorAll('text')];
    return {
      text: texts.map((t) => t.textContent).join(' '),
      inside: inside(box, outer) && texts.every((t) => inside(t.getBoundingClientRect(), box)),
      top: box.top,
      bottom: box.bottom,
    };
  });
}"""


def _three_card_stack(base: str) -> tuple[dict[str, Any], dict[int, str], int, list[int]]:
    """A table of two people (seed 2) played by first legal actions until a shop space holds
    three cards: the table, each seat's token, that space and its cards (bottom first)."""
    s = GAME.new(2, 2)
    assert isinstance(s, PatzcuaroState)
    actions = []
    while max(map(len, s.stacks)) < 3:
        actions.append(s.legal_actions()[0])
        s.apply(actions[-1])
    k = next(i for i, st in enumerate(s.stacks) if len(st) == 3)
    t = create(base, {"game": "patzcuaro", "seats": [{"kind": "human"}] * 2, "seed": 2})
    tokens = opened(base, t)
    for a in actions:
        seat = HTTP.get(f"{base}/api/tables/{t['id']}", headers={"X-Seat-Token": tokens[0]}).json()["view"]
        r = HTTP.post(
            f"{base}/api/tables/{t['id']}/actions",
            json={"action": a},
            headers={"X-Seat-Token": tokens[seat["to_move"]]},
        )
        assert r.status_code == 200, r.text
    return t, tokens, k, list(s.stacks[k])


@pytest.mark.parametrize(("size", "lang"), [("desktop", "en"), ("phone", "es")])
def test_a_stack_of_three_shows_every_card(server: str, browser: Any, size: str, lang: str) -> None:
    # Spec B.5.4: "Every card on a shop space is face up and visible to all players."
    t, tokens, k, stack = _three_card_stack(server)
    cat = GAME.catalog()
    ctx = browser.new_context(**SIZES[size])
    page = ctx.new_page()
    errors = watch(page)
    page.goto(f"{server}/table/{t['id']}?token={tokens[0]}&lang={lang}")
    page.wait_for_selector(f'#board [data-k="sp{k}"] .ptz-card')
    cards = page.evaluate(CARDS_JS, f"sp{k}")
    assert len(cards) == 3, cards
    for drawn, cid in zip(cards, reversed(stack), strict=True):  # the top card first
        face = cat["cards"][str(cid)]
        colour = cat["colours"][face["colour"]]
        assert f"#{cid}" in drawn["text"] and colour["code"][lang] in drawn["text"], drawn
        for obj in face["objects"]:
            assert cat["objects"][obj][lang] in drawn["text"], (cid, obj, drawn)
        assert drawn["inside"], drawn
    assert all(a["bottom"] <= b["top"] for a, b in pairwise(cards)), cards
    assert not errors, errors
    ctx.close()
