"""The rulebook's worked examples (p.5 Example A, p.7 Example B), rebuilt step by step."""

from __future__ import annotations

from muertos.games.ofrenda.components import CANDLE_IDS, CARD_IDS
from muertos.games.ofrenda.rules import OfrendaState

from .helpers import C, J, K, arrange, lit_candles, lit_slots, new, roundtrip


def angie_position() -> OfrendaState:
    """Angie (Player 1) at the start of her 6th turn, with 2 Marigolds.

    Her Ofrenda: S1 P03 (blue), S2 P02 (blue water, "2+ adjacent blue", golden slot),
    S5 P09 (green), S6 P16 (pink), S7 P12 (green). The market's 3rd portrait, P05
    (blue salt), carries one Marigold; candle K11 (2+ blue and 2+ green) is above space 1.
    """
    s = arrange(
        new(2, seed=11),
        boards={0: {"S1": "P03", "S2": "P02", "S5": "P09", "S6": "P16", "S7": "P12"}},
        hands={0: ["P20", "P21", "P22"]},
    )
    s = arrange(
        s,
        market=["P30", "P31", "P05", "P32"],
        market_mg=[0, 0, 1, 0],
        mcandles=["K11", "K12", "K13", "K14"],
        discards={1: 5},
        mg={0: 2, 1: 3},
    )
    assert s.turns == [5, 5]
    return s


def test_example_a_take_with_marigolds_then_a_paid_candle() -> None:
    s = angie_position()
    assert s.legal_actions() == ["take 1", "take 2", "take 3"]  # take 4 would need 3 marigolds
    s.apply("take 3")
    # She pays one marigold on each of spaces 1 and 2 and gains the one on P05: 2 - 2 + 1 = 1.
    assert s.mg[0] == 1
    assert s.market_mg[:2] == [1, 1]
    assert C("P05") in s.hands[0]
    # The candle step is offered: the free K13 above space 3, or another for 1 marigold.
    assert s.legal_actions() == ["candle 1", "candle 2", "candle 3", "candle 4", "no candle"]
    s.apply("candle 1")
    # The candle above space 1 is not above the taken portrait: 1 marigold onto P30.
    assert s.mg[0] == 0
    assert s.stored[0] == [K("K11")]
    # Replenish: portraits slide left with their marigolds, a new card in space 4.
    assert [CARD_IDS[c] for c in s.market[:3]] == ["P30", "P31", "P32"]
    assert s.market_mg == [2, 1, 0, 0]
    assert [CANDLE_IDS[k] for k in s.mcandles[:3]] == ["K12", "K13", "K14"]
    assert s.mcandles[3] >= 0 and len(s.market) == 4
    assert s.phase == "play"
    roundtrip(s)


def test_example_b_place_the_new_portrait_and_the_new_candle() -> None:
    s = angie_position()
    s.apply("take 3")
    s.apply("candle 1")
    # With no marigolds she may not place in the pay-1 slots; S3 is plain.
    legal = s.legal_actions()
    assert "place P05 S3" in legal
    assert not any(a.endswith((" S5", " S6")) for a in legal)
    assert "discard P05" in legal
    s.apply("place P05 S3")
    # S3 surrounds J4 (marigold: S2 S3 S6) and J5 (candle: S3 S6 S7). She has no marigold,
    # so J4 is passed over; she is asked about J5 and places the candle she just took.
    assert s.pending == [J("J5")]
    assert s.legal_actions() == ["candle K11 J5", "skip J5"]
    # P02 in golden S2 is now surrounded (S1 S3 S5 S6) with two blue neighbours (S1, S3): lit.
    # P05 in S3 is surrounded too (S2 S6 S7) but wants 2+ salt: stays unlit.
    assert lit_slots(s, 0) == ["S2"]
    assert any("P02 in S2 lights up" in line for line in s.log(0))
    assert any("J4 is surrounded, but Player 1 has no marigold" in line for line in s.log(0))
    s.apply("candle K11 J5")
    # End of turn: K11 (2+ blue, 2+ green): blue S1 S2 S3 = 3, green S5 S7 = 2 -> lights.
    assert lit_candles(s, 0) == ["J5"]
    assert s.tokens[0 * 12 + 3] == -1  # J4 stays empty for good
    assert s.turns == [6, 5] and s.current == 1 and s.phase == "take"
    roundtrip(s)


def test_surrounded_slots_missed_now_cannot_be_filled_later() -> None:
    s = arrange(angie_position(), mg={0: 5})
    s.apply("take 1")
    s.apply("no candle")
    s.apply("place P30 S3")
    assert s.legal_actions() == ["marigold J4", "skip J4"]
    s.apply("skip J4")
    # J5 is a candle slot and she holds no candle: the turn ends.
    assert s.current == 1
    s.apply("take 1")
    if s.phase == "candle":
        s.apply("no candle")
    s.apply(s.legal_actions()[-1])  # Player 2 discards
    # Player 1's next turn: P20 in S11 surrounds only J11 (S6 S7 S11), a candle slot, and
    # she has no candle; J4 (surrounded last turn) is never offered again.
    s.apply("take 1")
    if s.phase == "candle":
        s.apply("no candle")
    before = len(s.log(0))
    s.apply("place P20 S11")
    assert s.current == 1 and s.phase == "take"
    assert s.tokens[J("J4")] == -1
    new_lines = s.log(0)[before:]
    assert any("J11 is surrounded" in line for line in new_lines)
    assert not any("J4" in line for line in new_lines)
