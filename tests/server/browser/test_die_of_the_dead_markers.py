"""Die of the Dead's scoring dice on the marigold steps (``static/games/die-of-the-dead.js``):
dice sharing a square (the default: A-DD12 makes squares exclusive only as an option) are
drawn side by side, none hiding another, each inside the square, at a desktop's width and
at a phone's. The board is drawn in the page from a view built in Python."""

from __future__ import annotations

from itertools import combinations
from typing import Any

import pytest

from muertos.games.die_of_the_dead import GAME
from tests.games.die_of_the_dead.helpers import arrange_seat, table

from .support import watch

SIZES: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": {"width": 1280, "height": 900}},
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
}

# Each scoring die drawn: its seat number, its circle's centre and radius on the page, its
# square, and whether the circle lies inside the square's box.
MARKERS_JS = """async ([view, catalog, names]) => {
  const { render } = await import('/static/games/die-of-the-dead.js');
  const root = render(view, { catalog, names, play() {}, pick() {}, redraw() {} });
  const wrap = document.createElement('div');
  wrap.className = 'board-wrap';
  wrap.append(root);
  document.body.prepend(wrap);
  return [...root.querySelectorAll('.dod-marker')].map((m) => {
    const c = m.querySelector('circle').getBoundingClientRect();
    const square = m.closest('.dod-square');
    if (!square) return { seat: m.querySelector('text').textContent, square: null }; // at the foot
    const b = square.querySelector('rect').getBoundingClientRect();
    return {
      seat: m.querySelector('text').textContent,
      x: c.left + c.width / 2,
      y: c.top + c.height / 2,
      r: c.width / 2,
      square: square.dataset.k,
      inside: c.left >= b.left - 0.5 && c.right <= b.right + 0.5 && c.top >= b.top - 0.5 && c.bottom <= b.bottom + 0.5,
    };
  });
}"""


def shared_square_view(players: int) -> dict[str, Any]:
    """Player 1's view with every scoring die on step 2, square B."""
    s = table(players)
    for seat in range(players):
        s = arrange_seat(s, seat, steps=2, square=1)
    view: dict[str, Any] = s.view(0)
    assert {(sv["step"], sv["square"]) for sv in view["seats"]} == {(2, "b")}
    return view


@pytest.mark.parametrize(("size", "players"), [("desktop", 3), ("desktop", 5), ("phone", 5)])
def test_scoring_dice_sharing_a_square_are_all_seen(
    server: str, browser: Any, size: str, players: int
) -> None:
    context = browser.new_context(**SIZES[size])
    page = context.new_page()
    errors = watch(page)
    page.goto(f"{server}/")
    names = [f"P{i + 1}" for i in range(players)]
    got = page.evaluate(MARKERS_JS, [shared_square_view(players), GAME.catalog(), names])
    context.close()
    assert errors == []
    assert sorted(m["seat"] for m in got) == [str(i + 1) for i in range(players)]
    assert {m["square"] for m in got} == {"sq1:1"}  # step 2, square B
    assert all(m["inside"] for m in got), got
    for a, b in combinations(got, 2):  # apart by at least a diameter: no circle covers another
        assert (
            abs(a["x"] - b["x"]) >= a["r"] + b["r"] - 0.5 or abs(a["y"] - b["y"]) >= a["r"] + b["r"] - 0.5
        ), (a, b)


def test_two_dice_on_a_square_stand_side_by_side_at_its_right_edge(server: str, browser: Any) -> None:
    """Placed by seat, Player 5's die stood four places from the right edge even when only
    Player 1's shared the square, and on a phone covered the square's label: the dice on a
    square are placed in turn from its right edge."""
    s = table(5)
    for seat in (0, 4):
        s = arrange_seat(s, seat, steps=2, square=1)
    context = browser.new_context(**SIZES["phone"])
    page = context.new_page()
    errors = watch(page)
    page.goto(f"{server}/")
    got = page.evaluate(MARKERS_JS, [s.view(0), GAME.catalog(), [f"P{i + 1}" for i in range(5)]])
    context.close()
    assert errors == []
    on_b = sorted((m for m in got if m["square"] == "sq1:1"), key=lambda m: m["seat"])
    assert [m["seat"] for m in on_b] == ["1", "5"] and all(m["inside"] for m in on_b)
    gap = abs(on_b[0]["x"] - on_b[1]["x"])
    assert 2 * on_b[0]["r"] - 0.5 <= gap <= 3 * on_b[0]["r"], on_b  # neighbours, not four places apart
