"""Solo mode against Abuela (rulebook p.10)."""

from __future__ import annotations

import random

import pytest

from muertos.engine import InvalidOptions, Rng
from muertos.games.ofrenda import GAME
from muertos.games.ofrenda.components import CANDLE_IDS, CANDLE_MULTI_ONLY, CARD_IDS, SOLO_CANDLE_FACES
from muertos.games.ofrenda.rules import OfrendaState

from .helpers import arrange, new


def seed_rolling(rolls: list[int]) -> int:
    """The first seed whose generator rolls Abuela's die as ``rolls`` (a second roll only
    after a candle face)."""
    for seed in range(10_000):
        rng = Rng(seed)
        got = [rng.roll(6)]
        if got[0] in SOLO_CANDLE_FACES:
            got.append(rng.roll(6))
        if got == rolls:
            return seed
    raise AssertionError(f"no seed rolls {rolls}")


def test_solo_setup() -> None:
    s = new(1, seed=8)
    # 2-player deck (35) with 3 removed unseen; the ☒ candles are out (28 left)
    assert s.census() == {"portraits": 35, "candles": 28, "goal_tokens": 0}
    assert len(s.removed) == 3
    assert not any(CANDLE_MULTI_ONLY[k] for k in s.bag + s.mcandles + s.abuela_candles)
    # Abuela has already had her first turn: one portrait gone, the market full again
    assert len(s.abuela) == 1 and all(c >= 0 for c in s.market)
    assert "Abuela rolls" in " ".join(s.log(0))
    assert len(s.deck) == 35 - 3 - 4 - 3 - 1
    assert s.to_move == 0 and s.mg == [3]
    v = s.view(0)
    assert v["removed"] == 3 and v["abuela_discards"] == [CARD_IDS[s.abuela[0]]]


def test_common_goals_are_refused_in_solo() -> None:
    with pytest.raises(InvalidOptions, match="not solo"):
        GAME.new(1, 1, {"common_goals": True})


def _abuela(
    rolls: list[int], market_mg: list[int] | None = None
) -> tuple[list[str], list[int], list[str], list[str], list[str]]:
    """Abuela's turn after the player's first, which has left the Family board at
    P01-P04 under K01-K04 with ``market_mg`` marigolds (default none), on a generator
    rolling ``rolls``."""
    s = arrange(
        new(1, seed=8),
        market=["P01", "P02", "P03", "P04"],
        market_mg=market_mg or [0, 0, 0, 0],
        mcandles=["K01", "K02", "K03", "K04"],
        mg={0: 3},
    )
    taken = CARD_IDS[s.deck[-1]]  # the portrait the player took this turn
    s = arrange(s, hands={0: [CARD_IDS[c] for c in s.hands[0]] + [taken]}, phase="play")
    t = GAME.position(1, s.position(), seed=seed_rolling(rolls))
    assert isinstance(t, OfrendaState)
    t.apply(f"place {taken} S1")  # surrounds nothing: the turn ends, and Abuela's begins
    assert t.mg == [3]  # Abuela pays from the supply, never from the player
    assert [line.split(":")[0] for line in t.log() if "Abuela rolls" in line] == [
        f"Abuela rolls {r}" for r in rolls
    ]
    return (
        [CARD_IDS[c] for c in t.market[:3]],
        t.market_mg,
        [CARD_IDS[c] for c in t.abuela[len(s.abuela) :]],
        [CANDLE_IDS[k] for k in t.mcandles[:3]],
        [CANDLE_IDS[k] for k in t.abuela_candles[len(s.abuela_candles) :]],
    )


@pytest.mark.parametrize(
    ("rolls", "gone", "left", "marigolds"),
    [
        ([1], "P01", ["P02", "P03", "P04"], [0, 0, 0, 0]),
        ([2], "P01", ["P02", "P03", "P04"], [0, 0, 0, 0]),
        ([3], "P02", ["P01", "P03", "P04"], [1, 0, 0, 0]),
        ([4], "P02", ["P01", "P03", "P04"], [1, 0, 0, 0]),
    ],
)
def test_abuela_die_without_candle(
    rolls: list[int], gone: str, left: list[str], marigolds: list[int]
) -> None:
    market, mg, discarded, candles, candles_gone = _abuela(rolls)
    assert discarded == [gone] and market == left and mg == marigolds
    assert candles == ["K01", "K02", "K03"] and candles_gone == []


def test_the_marigolds_on_abuelas_discarded_portrait_return_to_the_supply() -> None:
    # A-OF17 (docs/rules/ofrenda.md): the rulebook is silent; nobody collects them. A 3
    # discards P02 and its 2 marigolds, and puts a supply marigold on P01.
    market, mg, discarded, _, _ = _abuela([3], market_mg=[0, 2, 1, 0])
    assert discarded == ["P02"] and market == ["P01", "P03", "P04"]
    assert mg == [1, 1, 0, 0]


def test_abuela_rolls_5_discards_space_3_and_a_paid_candle() -> None:
    # 5 -> space 3: supply marigolds on P01 and P02. Second roll 3 -> candle space 2, not
    # above P03, so one more supply marigold on P02 (space 2). Then everything slides.
    market, mg, discarded, candles, gone = _abuela([5, 3])
    assert discarded == ["P03"] and gone == ["K02"]
    assert market == ["P01", "P02", "P04"] and mg == [1, 2, 0, 0]
    assert candles == ["K01", "K03", "K04"]


def test_abuela_rolls_6_discards_space_4_and_the_free_candle_above_it() -> None:
    market, mg, discarded, candles, gone = _abuela([6, 6])
    assert discarded == ["P04"] and gone == ["K04"]
    assert market == ["P01", "P02", "P03"] and mg == [1, 1, 1, 0]
    assert candles == ["K01", "K02", "K03"]


def test_abuela_candle_from_space_1_on_a_6() -> None:
    _, mg, discarded, candles, gone = _abuela([6, 2])
    # portrait: space 4 (marigolds on 1-3); candle: space 1, paid: one more on P01
    assert discarded == ["P04"] and gone == ["K01"] and mg == [2, 1, 1, 0]
    assert candles == ["K02", "K03", "K04"]


def test_solo_game_flow_and_tier() -> None:
    s = new(1, seed=21)
    rnd = random.Random(3)
    turns_seen = []
    while not s.over:
        before = s.turns[0]
        s.apply(rnd.choice(s.legal_actions()))
        if s.turns[0] != before:
            turns_seen.append(len(s.abuela))
    # Abuela moves before each of the player's 12 turns
    assert turns_seen[:-1] == list(range(2, 13)) and len(s.abuela) == 12
    assert s.turns == [12] and len(s.deck) == 1
    t = s.tier()
    assert t is not None
    assert t["text"] in s.status() and t["range"] in s.status()
    assert s.log()[-1].startswith(f"Final score: {int(s.scores()[0])} points. Tier {t['range']}")
    assert s.view(0)["tier"] == t
    assert s.winners() == [0]


def test_solo_end_position_scored_and_tiered() -> None:
    # The full board of test_scoring (25 points); the solo deck lacks no card it uses
    board = {
        "S1": "P01", "S2": "P02", "S3": "P03", "S4": "P09", "S5": "P08", "S6": "P15",
        "S7": "P16", "S8": "P22", "S9": "P29", "S10": "P24", "S11": "P18", "S12": "P31",
    }  # fmt: skip
    for pid in board.values():  # keep them out of the box and Abuela's pile
        assert pid in CARD_IDS
    tokens = {"J1": "K21", "J2": "marigold", "J3": "K22", "J4": "marigold", "J5": "K07",
              "J6": "marigold", "J8": "marigold", "J9": "K23", "J11": "K26"}  # fmt: skip
    # The twelfth turn's portrait has surrounded J12; leaving it empty ends the game.
    s = arrange(
        new(1, seed=2), boards={0: board}, tokens={0: tokens}, mg={0: 2}, phase="token", pending=["J12"]
    )
    s.apply("skip J12")
    # 18 (portraits) + 3 (marigolds) + 4 (candles) = 25 -> tier 0–69
    assert s.scores() == [25]
    assert s.tier() == {"range": "0–69", "low": 0, "high": 69, "text": s.tier()["text"]}  # type: ignore[index]
    assert "Oh dear, what a mess!" in s.status()
    assert "Tier 0–69: Oh dear" in s.log()[-1]
