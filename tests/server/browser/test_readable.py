"""Every game, at a desktop's size in English and a phone's in Spanish, played to the end
in the browser (a person in seat 1, bots elsewhere, short games): the last move is marked on
the board, the moves since your turn are summed up, the move controls stay on a phone's
screen, the page's own words and the result are in the page's language, and no text
overflows its box or overlaps another at any point of the game we look at."""

from __future__ import annotations

import time
from typing import Any

import pytest

import muertos

from .support import HTTP, create, short, table_seats, watch

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
GAMES: list[tuple[str, int, dict[str, Any]]] = [
    (g, table_seats(g), short(g, table_seats(g))) for g in muertos.game_ids()
]
"""Every game at the fewest seats of a person and a bot, short enough to play to its end."""

# Text that overflows its box: an HTML element whose content is wider or taller than the box
# that does not scroll; an SVG text outside the piece it is drawn on (the nearest group drawn
# on a rectangle of its own: a card, a tile, a panel), or over another text of that piece.
OVERFLOW_JS = """() => {
  const bad = [];
  const say = (el, why) => bad.push(`${why}: ${(el.textContent || '').trim().slice(0, 60)}`);
  for (const el of document.querySelectorAll('body *')) {
    if (el.closest('svg') || !el.getClientRects().length) continue;
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own || el.clientWidth < 4) continue;  // a text for screen readers only is 1 px wide
    const cs = getComputedStyle(el);
    if (!['auto', 'scroll'].includes(cs.overflowX) && el.scrollWidth > el.clientWidth + 1) say(el, 'too wide');
    if (!['auto', 'scroll'].includes(cs.overflowY) && el.scrollHeight > el.clientHeight + 1 && cs.overflowY !== 'visible') say(el, 'too tall');
  }
  // a piece is drawn on its background: the group's first child, a rectangle card-sized or more
  const pieceOf = (t) => {
    for (let g = t.parentNode; g && g.tagName !== 'svg'; g = g.parentNode) {
      const bg = g.firstElementChild;
      if (bg && bg.tagName === 'rect' && bg.getBBox().width >= 30 && bg.getBBox().height >= 30) return g;
    }
    return null;
  };
  const groups = new Map();
  for (const t of document.querySelectorAll('#board svg.board text')) {
    if (!t.textContent.trim()) continue;
    const g = pieceOf(t);
    if (!g) continue;
    const box = g.firstElementChild.getBoundingClientRect();
    const r = t.getBoundingClientRect();
    if (r.left < box.left - 2 || r.right > box.right + 2 || r.top < box.top - 2 || r.bottom > box.bottom + 2)
      say(t, 'outside its piece');
    if (!groups.has(g)) groups.set(g, []);
    groups.get(g).push([t, r]);
  }
  for (const texts of groups.values())
    for (let i = 0; i < texts.length; i++)
      for (let j = i + 1; j < texts.length; j++) {
        const [a, ra] = texts[i], [b, rb] = texts[j];
        const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
        const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
        if (w > 2 && h > 3) say(a, `over "${b.textContent.trim().slice(0, 30)}"`);
      }
  return bad;
}"""

MARKED_JS = "() => document.querySelectorAll('#board .hl-last').length"

VIEWS = [("desktop", "en"), ("phone", "es")]
"""Each game at a desktop's size in English and at a phone's in Spanish: every size and
language, and the narrowest screen with the longer words, where text overflows first."""
CASES = [
    pytest.param(game, players, options, size, lang, id=f"{game}-{size}-{lang}")
    for game, players, options in GAMES
    for size, lang in VIEWS
]
# The page's own words, as the page's language says them: while seat 1 is to move, and at the end.
YOUR_MOVE = {"en": "Your move", "es": "Tu jugada"}
AT_THE_END = {
    "en": {"#result h2": "Final result", "#log-title": "Log"},
    "es": {"#result h2": "Resultado final", "#log-title": "Registro"},
}
ENGLISH_RESULT = ("Final result", " wins", "share the victory", "Tied on", " decides")


def overflow(page: Any) -> list[str]:
    out: list[str] = page.evaluate(OVERFLOW_JS)
    return out


@pytest.mark.parametrize(("game", "players", "options", "size", "lang"), CASES)
def test_each_game_plays_to_the_end_marked_and_readable(
    server: str,
    browser: Any,
    game: str,
    players: int,
    options: dict[str, Any],
    size: str,
    lang: str,
) -> None:
    seats = [{"kind": "human", "name": "Ana"}] + [{"kind": "bot", "agent": "random"}] * (players - 1)
    t = create(server, {"game": game, "players": players, "options": options, "seats": seats, "seed": 7})
    phone = size == "phone"
    ctx = browser.new_context(viewport=SIZES[size], is_mobile=phone, has_touch=phone)
    ctx.add_init_script("localStorage.setItem('muertos:pace', '0')")  # no pauses between moves
    page = ctx.new_page()
    errors = watch(page)
    page.goto(f"{t['invites'][0]['url']}&lang={lang}")
    page.wait_for_selector("svg.board")
    assert page.evaluate("document.documentElement.lang") == lang
    problems: set[str] = set()
    marked = summed = 0
    moves = 0
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        state = HTTP.get(f"{server}/api/tables/{t['id']}").json()
        page.wait_for_function(f"Number(document.body.dataset.moves || 0) >= {state['moves']}")
        if state["status"] == "finished":
            break
        if state["view"]["to_move"] != 0:
            time.sleep(0.05)
            continue
        page.wait_for_selector("button.action")
        if moves == 0:
            assert page.locator("#actions h2").first.inner_text() == YOUR_MOVE[lang]
        if state["moves"] > 1:
            marked += page.evaluate(MARKED_JS) > 0
            summed += page.locator("#since li").count() > 0
        if moves % 8 == 0:
            problems.update(overflow(page))
        button = page.locator("button.action").first
        if phone:  # the move bar stays on the phone's screen
            # once shown: a redraw (the socket's update) may replace the buttons between the
            # look-up and the measure, and a button being replaced has no box (seen at -n 4)
            box = None
            for _ in range(3):
                button.wait_for(state="visible", timeout=5_000)
                box = button.bounding_box()
                if box is not None:
                    break
            assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= SIZES[size]["height"]
        button.click()
        page.wait_for_function(f"Number(document.body.dataset.moves || 0) > {state['moves']}")
        moves += 1
    else:
        pytest.fail(f"{game}: the game did not end in time ({moves} moves)")
    page.wait_for_selector("#result table.result-table")
    problems.update(overflow(page))
    for selector, words in AT_THE_END[lang].items():
        assert page.locator(selector).first.inner_text().strip() == words, selector
    if lang == "es":
        said = page.locator("#result").inner_text()
        assert "Total" in said and not [w for w in ENGLISH_RESULT if w in said], said
    assert moves > 3
    assert marked > moves // 2, f"{game}: the last move was marked {marked} times in {moves}"
    assert summed > 0, f"{game}: no 'since your turn' summary"
    assert not problems, f"{game} at {size} in {lang}: " + "; ".join(sorted(problems)[:15])
    if phone:
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= SIZES[size]["width"] + 2, width
    assert not errors, errors
    ctx.close()
