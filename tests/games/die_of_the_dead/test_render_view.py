"""The picture, the views, the log and the heuristic."""

from __future__ import annotations

import random

import pytest
from rich.console import Console

from muertos.agents import ISMCTSAgent
from muertos.engine import Event
from muertos.games.die_of_the_dead import GAME, DieOfTheDeadState, heuristics
from muertos.games.die_of_the_dead.heuristics import (
    FINISHABLE,
    _reachable,
    city_left,
    colour_fit,
    evaluate,
    potential,
    shifting,
)
from muertos.games.die_of_the_dead.scoring import BREAD, CANDLE, INCENSE, MARIGOLD

from .helpers import arrange, arrange_seat, casket, dice, fill, opened, table


def picture(s: DieOfTheDeadState, seat: int | None) -> str:
    con = Console(record=True, width=120)
    con.print(GAME.render(s, seat))
    return con.export_text()


def position() -> DieOfTheDeadState:
    s = fill(opened(table(2), 3, "r2 b5 gx"), 0, {5: "b2", 6: "r5", 1: "y3"})
    s = arrange_seat(s, 0, prep="g4 p1*", hand=[0, 1, 2, 0], steps=3, square=1)
    return casket(s, 1, lid="y*")


def test_render_shows_the_whole_table() -> None:
    s = position()
    text = picture(s, 0)
    assert "Casket 3 · Bread · OPEN" in text and "rolled: r2 b5 gx" in text
    assert "Casket 1 · Candle" in text and "lid: y*" in text
    assert "Player 1 · Red (r) · you · Round Starter · to move" in text
    assert "b2 (urn b2)" in text and "r5 (urn r5)" in text  # urns filled with their dice
    assert "(urn g1)" in text  # Player 2's board (Blue): urns Green 1, Yellow 6
    assert "preparation: g4 p1*" in text and "Marigold×1, Bread×2" in text
    assert "[r1]" in text  # Player 1's scoring die on step 3
    assert "City of the Dead: r*×3 b*×3 g*×2 y*×2 p*×2" in text  # gx, y*, p1* came from it
    assert "Marigold [1-2-3-4] …" in text
    spectator = picture(s, None)
    assert "· you" not in spectator and "rolled: r2 b5 gx" in spectator


def test_render_at_the_end_shows_the_result() -> None:
    s = GAME.new(2, 4)
    assert isinstance(s, DieOfTheDeadState)
    rnd = random.Random(4)
    while not s.over:
        s.apply(rnd.choice(s.legal_actions()))
    text = picture(s, 1)
    assert "Final:" in text and ("Winner: Player" in text or "Shared win: Player" in text)
    assert "Game over" in text


def test_view_is_public_and_complete() -> None:
    s = position()
    v = s.view(1)
    assert v["open_casket"] == 3 and v["caskets"][2]["inside"] == ["r2", "b5", "gx"]
    assert v["caskets"][2]["item"] == "Bread" and v["caskets"][0]["lid"] == ["y*"]
    me = v["seats"][0]
    assert me["prep"] == ["g4", "p1*"] and me["tokens"] == {
        "Candle": 0,
        "Marigold": 1,
        "Bread": 2,
        "Incense": 0,
    }
    assert me["ofrenda"][4] == "b2" and me["ofrenda"][11] is None
    assert me["urns"] == [{"cell": 5, "die": "b2"}, {"cell": 6, "die": "r5"}]
    assert v["seats"][1]["urns"] == [{"cell": 5, "die": "g1"}, {"cell": 6, "die": "y6"}]
    assert s.view(None)["seats"] == v["seats"]  # past the secret setup, nothing is hidden
    same = table(2, same_urns=True).view(None)["seats"][1]["urns"]
    assert same == [{"cell": 5, "die": "b2"}, {"cell": 6, "die": "r5"}]


def test_rules_text_and_reconstructed_list() -> None:
    text = GAME.rules()
    for token in (
        "draft r5",
        "pay cell 9 on 2",
        "marigold g5 to 7",
        "discard cmb",
    ):  # the reconstructed list: `muertos rules`
        assert token in text
    rec = GAME.reconstructed()
    assert any("step-bonus layout" in r for r in rec) and any("ofrenda board geometry" in r for r in rec)
    assert any("Blue, Green, Yellow, Purple boards" in r for r in rec)
    # only the setup dice of 2-4 players are chosen in secret (A-DD22)
    assert GAME.hidden_information and [GAME.hides_information(n) for n in range(1, 6)] == [
        False,
        True,
        True,
        True,
        False,
    ]


def test_evaluate_prefers_more_steps_and_progress() -> None:
    s = table(3)
    base = evaluate(s, 0)
    s = arrange_seat(s, 0, steps=4)
    assert evaluate(s, 0) - base == 4.0
    # r1 b2 starts a Marigold that can still score 4 (alternating colours, run 1-2-3-4)
    s = fill(s, 0, {1: "r1", 2: "b2"})
    assert evaluate(s, 0) > 4.0 + base
    spoilt = fill(s, 0, {2: "r2"})  # two reds side by side: the alternating colours are lost
    assert evaluate(spoilt, 0) < evaluate(s, 0)
    s = arrange_seat(s, 1, steps=10)
    assert evaluate(s, 0) < 0 < evaluate(s, 1)
    solo = table(1)
    empty = evaluate(solo, 0)
    solo = arrange_seat(solo, 0, steps=7)
    assert evaluate(solo, 0) - empty == 7.0
    # a completed section not scored yet counts its exact score: Candle R3 B3 G3 Y3 = 4,
    # so scoring it (4 steps, the section marked scored) leaves the value unchanged
    solo = fill(solo, 0, {7: "r3", 8: "b3", 9: "g3", 10: "y3"})
    before = evaluate(solo, 0)
    scored = arrange_seat(solo, 0, scored=[int(i == CANDLE) for i in range(4)], steps=7 + 4)
    assert evaluate(scored, 0) == pytest.approx(before)
    solo = fill(solo, 0, {8: "b2"})  # Candle R3 B2 G3 Y3 scores 2 + 1 = 3: one step less
    assert evaluate(solo, 0) == pytest.approx(before - 1)


def test_potential_keeps_what_the_placed_dice_still_allow() -> None:
    def sec(text: str) -> tuple[int, ...]:
        return tuple(-1 if t == "." else dice(t)[0] for t in text.split())

    for item in (BREAD, CANDLE, MARIGOLD, INCENSE):
        assert potential(item, sec(". . . ."), 0)[0] == 4
    # Bread G3 G2 G5: a green 6 makes same colour and 16 (4); a red die breaks the colour
    assert potential(BREAD, sec("g3 g2 g5 ."), 0)[0] == 4
    assert potential(BREAD, sec("g3 g2 r5 ."), 0)[0] == 2
    # Marigold: alternating colours are still possible after r1 b2, not after r1 r2
    assert potential(MARIGOLD, sec("r1 b2 . ."), 0)[0] == 4
    assert potential(MARIGOLD, sec("r1 r2 . ."), 0)[0] == 2
    # Incense: a repeated value loses the four-values part; the urns (B2, R5) remain
    assert potential(INCENSE, sec("y1 b2 . ."), 0)[0] == 4
    assert potential(INCENSE, sec("y2 b2 . ."), 0)[0] == 2
    # Candles: four colours and four equal values, unless two dice share a colour
    assert potential(CANDLE, sec("r3 b3 . ."), 0)[0] == 4
    assert potential(CANDLE, sec("r3 r3 . ."), 0)[0] == 2
    # the mean over random values ranks an easy finish above a hard one
    assert potential(BREAD, sec("g3 g2 g5 ."), 0)[1] > potential(BREAD, sec("g3 g2 r5 ."), 0)[1]


def test_greedy_keeps_the_bread_colour() -> None:
    from muertos.agents import GreedyAgent

    s = fill(opened(table(1), 3, "g5 r5 r6"), 0, {10: "g3", 11: "g2"})  # position 3 is Bread
    # g5 keeps Bread green (G3 G2 G5 + a green 6 = 16: 4 steps) in cell 12 or 1 (Bread's
    # last two cells); r5 or r6 breaks the colour, the preparation board wastes a City die
    assert GreedyAgent(1).act(s, 0) in ("draft g5 to 12", "draft g5 to 1")


def test_colour_fit_counts_the_colours_a_pattern_still_needs() -> None:
    def sec(text: str) -> tuple[int, ...]:
        return tuple(-1 if t == "." else dice(t)[0] for t in text.split())

    def pool(**n: float) -> list[float]:  # dice per colour, r b g y p
        return [n.get(c, 0.0) for c in "rbgyp"]

    # Bread G3 G2 and two empty cells: one green at hand covers half of them
    assert colour_fit(BREAD, sec("g3 g2 . ."), pool(g=1, r=4)) == 0.5
    assert colour_fit(BREAD, sec("g3 g2 . ."), pool(g=2)) == 1.0
    # Candles R3 B3: only colours other than red and blue help; 0.5 of a yellow (a City die) counts half
    assert colour_fit(CANDLE, sec("r3 b3 . ."), pool(r=5, b=5)) == 0.0
    assert colour_fit(CANDLE, sec("r3 b3 . ."), pool(g=1, y=0.5)) == 0.75
    # Marigold R1 B2: the third cell wants red, the fourth blue
    assert colour_fit(MARIGOLD, sec("r1 b2 . ."), pool(r=1)) == 0.0
    assert colour_fit(MARIGOLD, sec("r1 b2 . ."), pool(r=1, b=1)) == 1.0
    assert colour_fit(INCENSE, sec("r1 b2 y3 g4"), pool()) == 1.0  # nothing left to fill


def test_solo_counts_only_the_sections_the_city_can_finish() -> None:
    # each section counts its potential and a bonus for being finishable at all
    sections = [(frozenset({1, 2}), 3.0), (frozenset({3}), 1.0), (frozenset({4, 5, 6}), 2.5)]
    assert _reachable(sections, 6) == pytest.approx(6.5 + 3 * FINISHABLE)  # every empty cell
    assert _reachable(sections, 3) == pytest.approx(4.0 + 2 * FINISHABLE)  # {1, 2} and {3}
    assert _reachable(sections, 0) == 0.0
    # a shared empty cell is paid for once
    pair = [(frozenset({1, 2}), 2.0), (frozenset({2, 3}), 2.0)]
    assert _reachable(pair, 3) == pytest.approx(4.0 + 2 * FINISHABLE)


def test_solo_counts_the_die_owed_for_a_draft_as_spent() -> None:
    """Between a draft and its payment the City still holds the die it owes: counting it
    made drafting to the preparation board look free (the section it would have finished
    still counted)."""

    def paying(city: int) -> DieOfTheDeadState:
        # Candle waits for a yellow 3 in cell 10
        s = fill(opened(table(1), 2, "p1 p2 p3"), 0, {7: "r3", 8: "b3", 9: "g3"})
        s = arrange(s, city=[city if k == 0 else 0 for k in range(len(s.city))])  # red dice
        s.apply("draft p1 to prep")
        assert s.phase == "pay"
        return s

    last = paying(1)  # the only die of the City is owed: the Candle can no longer finish
    assert city_left(last) == 0
    assert evaluate(last, 0) < 0.5
    spare = paying(2)  # one die left after paying: the Candle still counts
    assert city_left(spare) == 1
    assert evaluate(spare, 0) > evaluate(last, 0) + FINISHABLE


def test_solo_reads_the_casket_that_will_feed_a_section_after_the_caskets_move() -> None:
    """A section scored this round moves the caskets along at its end: a green Bread is
    then fed by the casket now in front of the Marigold, not by its own."""

    def position(marigold_casket: str, bread_casket: str, incense_done: bool) -> float:
        # a green Bread (cells 10, 11, 12, 1)
        s = fill(opened(table(1), 1, "p1 p2 p3"), 0, {10: "g3", 11: "g2"})
        if incense_done:  # Incense (cells 4-7) complete: it scores at the end of the round
            s = fill(s, 0, {4: "r1", 5: "b2", 6: "y3", 7: "p4"})
        s = casket(casket(s, 2, inside=marigold_casket), 3, inside=bread_casket)
        assert shifting(s) is incense_done
        return evaluate(s, 0)

    assert position("r y p", "g g g", False) > position("g g g", "r y p", False)
    assert position("g g g", "r y p", True) > position("r y p", "g g g", True)


def test_solo_search_narrows_to_the_game_s_widen_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    """The moves a search tries (every action it plays, in order) show the narrowing it
    applies: with ``widen="auto"`` they are those of the game's solo hint, and with several
    seats (the game sets no WIDEN) those of the agent's own default, 8."""
    played: list[str] = []
    apply = DieOfTheDeadState.apply

    def spy(self: DieOfTheDeadState, action: str) -> list[Event]:
        played.append(action)
        return apply(self, action)

    monkeypatch.setattr(DieOfTheDeadState, "apply", spy)

    def search(s: DieOfTheDeadState, widen: int | str) -> list[str]:
        played.clear()
        ISMCTSAgent(1, iterations=20, widen=widen).act(s, 0)
        return list(played)

    s = opened(table(1), 2, "p1 p2 p3")
    assert search(s, "auto") == search(s, heuristics.SOLO_WIDEN) != search(s, 8)
    duo = opened(table(2), 2, "p1 p2 p3")
    assert search(duo, "auto") == search(duo, 8) != search(duo, heuristics.SOLO_WIDEN)
    with pytest.raises(ValueError, match="widen"):
        ISMCTSAgent(1, widen="wide")


def test_solo_pays_the_colour_a_section_needs_onto_its_casket() -> None:
    s = opened(table(1), 1, "r2 b5 y1")  # position 1 is Candle, position 3 Bread
    s = fill(s, 0, {10: "g3", 11: "g2"})  # a green Bread (Bread is cells 10, 11, 12, 1)
    s = casket(s, 3, inside="r y p")  # the Bread casket holds no green
    s.apply("draft y1 to 8")
    assert s.phase == "pay"

    def after(action: str) -> float:
        c = s.clone()
        c.apply(action)
        return evaluate(c, 0)

    assert after("pay g on 3") > after("pay r on 3")
    assert after("pay g on 3") > after("pay g on 2")


def test_solo_waits_for_the_fourth_token_while_it_is_on_its_board() -> None:
    from muertos.agents import GreedyAgent

    def to_discard(hand: list[int], boards: list[int]) -> DieOfTheDeadState:
        s = arrange(opened(table(1), 3, "r2 b5 y1"), hands=[hand], boards=boards)  # position 3 is Bread
        s.apply("draft r2")  # held: a Bread or Incense token could change it
        s.apply("place prep")
        s.apply(next(a for a in s.legal_actions() if a.startswith("pay")))
        assert s.phase == "discard"
        return s

    # Candle, Bread and Incense in hand, the Marigold token still on its board: 3 now buy
    # 1 step, 4 later buy 2, and taking a token costs no die of the City
    s = to_discard([1, 0, 1, 1], [0, 1, 0, 0])
    assert GreedyAgent(1).act(s, 0) == "done"
    # the Marigold token is gone (spent on its power): cash the set now
    s = to_discard([1, 0, 1, 1], [0, 0, 0, 0])
    assert GreedyAgent(1).act(s, 0) == "discard cbi"
    # all four at hand: 2 steps
    s = to_discard([1, 1, 1, 1], [0, 0, 0, 0])
    assert GreedyAgent(1).act(s, 0) == "discard cmbi"


def test_solo_cashes_three_tokens_in_the_last_round() -> None:
    """A token still on its board can be taken only in a later round: with the City spent,
    there is none, so 3 tokens are cashed for 1 step rather than kept for a 4th."""
    from muertos.agents import GreedyAgent

    def to_discard(city: int) -> DieOfTheDeadState:
        s = opened(table(1), 3, "r2 b5 y1")
        reds = [city if k == 0 else 0 for k in range(len(s.city))]
        s = arrange(s, hands=[[1, 0, 1, 1]], boards=[0, 1, 0, 0], city=reds)
        s.apply("draft r2")
        s.apply("place prep")
        s.apply("pay r on 1")
        assert s.phase == "discard"
        return s

    assert GreedyAgent(1).act(to_discard(2), 0) == "done"  # a round to come: wait
    assert GreedyAgent(1).act(to_discard(1), 0) == "discard cbi"  # the City is empty
