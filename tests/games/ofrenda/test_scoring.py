"""Hand-built END positions, scored by hand (arithmetic in the comments).

Board (B-OF2): S1 S2* S3 / S4 S5- S6- S7 / S8+ S9 S10* S11 S12+ ; * golden.
Adjacency: S1: S2 S4 S5 | S2: S1 S3 S5 S6 | S3: S2 S6 S7 | S4: S1 S5 S8 S9 |
S5: S1 S2 S4 S6 S9 S10 | S6: S2 S3 S5 S7 S10 S11 | S7: S3 S6 S11 S12 | S8: S4 S9 |
S9: S4 S5 S8 S10 | S10: S5 S6 S9 S11 | S11: S6 S7 S10 S12 | S12: S7 S11.
Token slots: J1c S1S4S5, J2m S1S2S5, J3c S2S5S6, J4m S2S3S6, J5c S3S6S7, J6m S4S8S9,
J7c S4S5S9, J8m S5S9S10, J9c S5S6S10, J10m S6S10S11, J11c S6S7S11, J12m S7S11S12.
Cards used (colour offering objective): see components.toml (B-OF4 in the rules map).
"""

from __future__ import annotations

import pytest

from muertos.games.ofrenda.components import tier_for

from .helpers import arrange, finish, lit_candles, lit_slots, new, roundtrip


def test_golden_slot_lit_and_unlit_neighbours_and_marigold() -> None:
    # S1 P15 P c ALL_ANY(P,V): nbrs S2 P, S5 P (S4 empty)  -> lit
    # S2 P16 P w AT2(P): nbrs S1 P, S3 P, S5 P (S6 empty)  -> 3 pink -> lit
    # S3 P17 P s NONE(V,Y): nbr S2 (P w)                   -> lit
    # S5 P18 P f AT2(V): nbrs S1 S2 (pink) -> 0 purple      -> unlit
    s = finish(
        arrange(
            new(2),
            boards={0: {"S1": "P15", "S2": "P16", "S3": "P17", "S5": "P18"}},
            tokens={0: {"J2": "marigold"}},  # J2 = S1 S2 S5, all filled
        )
    )
    assert lit_slots(s, 0) == ["S1", "S2", "S3"]
    # S1: S2 lit 2 + S5 unlit 1 = 3
    # S2 (golden): S1 lit 2 + S3 lit 2 + S5 unlit 1 = 5, x2 = 10
    # S3: S2 lit 2 = 2
    # portraits 3 + 10 + 2 = 15; marigold J2: lit S1, S2 = 2 (S5 unlit: 0) -> 17
    assert s.seat_breakdown(0) == {"portraits": 15, "marigolds": 2, "candles": 0, "goals": 0, "total": 17}
    assert s.scores() == [17, 0]
    assert s.winners() == [0]
    assert roundtrip(s).scores() == [17, 0]


def test_candles_next_to_lit_and_unlit_portraits() -> None:
    # S1 P06 B f AT2(G): nbrs S4 B, S5 B -> 0 green -> unlit
    # S4 P01 B c ALL_ANY(B,G): S1 B, S5 B, S8 G, S9 G -> lit
    # S5 P02 B w AT2(B): S1 B, S4 B, S9 G -> 2 blue -> lit
    # S8 P10 G s NONE(P,V): S4 B c, S9 G w -> lit
    # S9 P09 G w AT2(G): S4 B, S5 B, S8 G -> 1 green -> unlit
    # counts: blue 3 (S1 S4 S5), green 2 (S8 S9)
    # J7 (S4 S5 S9): K11 TWO_EACH blue+green: 3>=2 and 2>=2 -> lit
    # J1 (S1 S4 S5): K01 FOUR_OF blue: 3 < 4 -> unlit
    s = finish(
        arrange(
            new(2),
            boards={0: {"S1": "P06", "S4": "P01", "S5": "P02", "S8": "P10", "S9": "P09"}},
            tokens={0: {"J7": "K11", "J1": "K01", "J6": "marigold"}},
        )
    )
    assert lit_slots(s, 0) == ["S4", "S5", "S8"]
    assert lit_candles(s, 0) == ["J7"]
    # S4: S1 unlit 1 + S5 lit 2 + S8 lit 2 + S9 unlit 1 = 6
    # S5: S1 unlit 1 + S4 lit 2 + S9 unlit 1 = 4
    # S8 (gain slot, not doubled): S4 lit 2 + S9 unlit 1 = 3   -> portraits 13
    # K11 in J7: 2 x lit(S4, S5) = 4; K01 unlit in J1: 0         -> candles 4
    # marigold J6 (S4 S8 S9): lit S4, S8 = 2                     -> total 19
    assert s.seat_breakdown(0) == {"portraits": 13, "marigolds": 2, "candles": 4, "goals": 0, "total": 19}


def test_full_board_with_every_token_kind() -> None:
    board = {
        "S1": "P01",  # B c ALL_ANY(B,G): S2 B, S4 G, S5 G -> lit
        "S2": "P02",  # B w AT2(B): S1 B, S3 B, S5 G, S6 P -> 2 -> lit (golden)
        "S3": "P03",  # B w NONE(c,w): S2 is water -> unlit
        "S4": "P09",  # G w AT2(G): S1 B, S5 G, S8 V, S9 Y -> 1 -> unlit
        "S5": "P08",  # G c ALL_ANY(G,P): S1 is B -> unlit
        "S6": "P15",  # P c ALL_ANY(P,V): S2 is B -> unlit
        "S7": "P16",  # P w AT2(P): S3 B, S6 P, S11 P, S12 Y -> 2 -> lit
        "S8": "P22",  # V c ALL_ANY(V,Y): S4 is G -> unlit
        "S9": "P29",  # Y c ALL_ANY(B,Y): S4 is G -> unlit
        "S10": "P24",  # V w AT2(V): S5 G, S6 P, S9 Y, S11 P -> 0 -> unlit
        "S11": "P18",  # P f AT2(V): S6 P, S7 P, S10 V, S12 Y -> 1 -> unlit
        "S12": "P31",  # Y w AT2(Y): S7 P, S11 P -> 0 -> unlit
    }
    # colours: B 3, G 2, P 3, V 2, Y 2 (all five); offerings: c 5, w 6, f 1, no salt, no papel
    tokens = {
        "J1": "K21",  # FULL_SET colours -> lit
        "J2": "marigold",
        "J3": "K22",  # FULL_SET offerings (no salt) -> unlit
        "J4": "marigold",
        "J5": "K07",  # FOUR_OF water: 6 -> lit
        "J6": "marigold",
        "J8": "marigold",
        "J9": "K23",  # MARIGOLDS_ON_OFRENDA >= 4: J2 J4 J6 J8 -> lit
        "J11": "K26",  # MARIGOLDS_IN_STORAGE >= 3 (end only): storage 2 -> unlit
    }
    s = finish(arrange(new(2), boards={0: board}, tokens={0: tokens}, mg={0: 2}))
    assert lit_slots(s, 0) == ["S1", "S2", "S7"]
    assert lit_candles(s, 0) == ["J1", "J5", "J9"]
    # S1: S2 lit 2 + S4 1 + S5 1 = 4
    # S2 golden: S1 lit 2 + S3 1 + S5 1 + S6 1 = 5, x2 = 10
    # S7: S3 1 + S6 1 + S11 1 + S12 1 = 4                      -> portraits 18
    # marigolds: J2 (S1 S2 lit) 2 + J4 (S2 lit) 1 + J6 0 + J8 0 -> 3
    # candles: K21 J1 (S1 lit) 2 + K22 unlit 0 + K07 J5 (S7 lit) 2
    #          + K23 J9 (S5 S6 S10 all unlit) 0 + K26 unlit 0   -> 4
    # total 18 + 3 + 4 = 25
    assert s.seat_breakdown(0) == {"portraits": 18, "marigolds": 3, "candles": 4, "goals": 0, "total": 25}


def test_empty_slots_from_discards_are_ignored_at_the_end() -> None:
    # S9 was left empty by a discard.
    # S10 P20 P p ALL_ANY(c,p) golden: S5 c, S6 p, S11 c (S9 empty) -> lit at the end
    # S5 P23 V c AT2(c): S6 p, S10 p -> 0 -> unlit
    # S6 P21 P p AT2(p): S5 c, S10 p, S11 c -> 1 -> unlit
    # S11 P30 Y c NONE(c,p): S6 papel -> unlit
    # J9 (S5 S6 S10): K25 MARIGOLDS_IN_STORAGE >= 3 (end only), storage 3 -> lit
    # J10 (S6 S10 S11): marigold
    s = finish(
        arrange(
            new(2),
            boards={0: {"S5": "P23", "S6": "P21", "S10": "P20", "S11": "P30"}},
            tokens={0: {"J9": "K25", "J10": "marigold"}},
            mg={0: 3},
        )
    )
    assert lit_slots(s, 0) == ["S10"]
    assert lit_candles(s, 0) == ["J9"]
    # S10 golden: S5 1 + S6 1 + S11 1 = 3, x2 = 6
    # marigold J10: lit S10 = 1; candle K25 J9: 2 x lit S10 = 2; total 9
    assert s.seat_breakdown(0) == {"portraits": 6, "marigolds": 1, "candles": 2, "goals": 0, "total": 9}


def test_vacuous_objectives_light_but_score_nothing() -> None:
    # Lone portraits, every neighbour slot empty (A-OF3):
    # S8 P10 NONE(P,V): vacuously true -> lit;  S3 P14 ALL_ANY(f,p): vacuously true -> lit
    # S12 P09 AT2(G): needs two neighbours -> unlit
    # Player 2: one lone portrait that cannot light.
    s = finish(
        arrange(
            new(2), boards={0: {"S8": "P10", "S3": "P14", "S12": "P09"}, 1: {"S12": "P13"}}, mg={0: 0, 1: 5}
        )
    )
    assert lit_slots(s, 0) == ["S3", "S8"]
    assert lit_slots(s, 1) == []
    # Nobody has a neighbour: 0 points each; tie broken by lit portraits 2 > 0
    assert s.scores() == [0, 0]
    assert s.winners() == [0]


def test_a_lone_lit_portrait_feeds_no_marigold_or_candle() -> None:
    """Rulebook: "Each Candle and Marigold slot on your Ofrenda is adjacent to three card
    slots"; "you may choose to place a Candle/Marigold … into the surrounded slot" (p.6);
    "REMEMBER You now ignore any empty Portrait slots" (p.9). A portrait lit at the end with no occupied
    neighbour (A-OF3) scores nothing and feeds no token: a token slot is filled only once its
    three card slots are, and they touch one another, so a portrait beside a filled token
    slot has two neighbours at least. It counts only as a lit portrait (the first tie-break)."""
    from muertos.games.ofrenda.components import ADJ, SLOT_IDS, TOKEN_CARDS

    for cards in TOKEN_CARDS:
        for c in cards:
            assert all(o in ADJ[c] for o in cards if o != c), [SLOT_IDS[x] for x in cards]
    # S3 P14 ALL_ANY(f,p) alone, lit; a marigold beside it only once S2 and S6 hold
    # portraits: J4 (S2 S3 S6) needs all three. Player 1: S8 P10 NONE(P,V) alone, lit.
    s = finish(
        arrange(
            new(2),
            boards={0: {"S3": "P14", "S12": "P09"}, 1: {"S8": "P10"}},
            mg={0: 4, 1: 4},
        )
    )
    assert lit_slots(s, 0) == ["S3"] and lit_slots(s, 1) == ["S8"]
    assert s.seat_breakdown(0) == {"portraits": 0, "marigolds": 0, "candles": 0, "goals": 0, "total": 0}
    assert s.scores() == [0, 0]
    assert s.winners() == [0, 1]  # one lit portrait each, 4 marigolds each: shared


def test_majority_candles_ties_and_second_tie_break() -> None:
    # Nobody has a green portrait (K30's zero case).
    # Player 1: S1 P03 B w NONE(c,w): S2 P f, S4 B s, S5 P s -> lit
    #           S2 P19 P f NONE(s,f): S5 salt -> unlit
    #           S4 P04 B s NONE(G,P): S5 pink -> unlit
    #           S5 P17 P s NONE(V,Y): S1 B, S2 P, S4 B -> lit
    board1 = {"S1": "P03", "S2": "P19", "S4": "P04", "S5": "P17"}
    tokens1 = {"J1": "K29", "J2": "marigold"}  # K29 most blue
    # Player 2: S4 P05 B s AT2(s): S5 p, S8 s, S9 s -> lit
    #           S5 P07 B p ALL_ANY(s,f): S4 s, S9 s, S10 s -> lit
    #           S8 P25 V s NONE(B,Y): S4 blue -> unlit
    #           S9 P44 P s ALL_ANY(P,Y): S4 is B s -> unlit
    #           S10 P33 Y s NONE(B,G): S5 blue -> unlit
    board2 = {"S4": "P05", "S5": "P07", "S8": "P25", "S9": "P44", "S10": "P33"}
    tokens2 = {"J6": "marigold", "J7": "K34", "J8": "marigold"}  # K34 most marigolds placed
    # Player 3: S1 P29 Y c ALL_ANY(B,Y): S2 Y, S4 Y, S5 B -> lit
    #           S2 P31 Y w AT2(Y): S1 Y, S5 B -> 1 -> unlit
    #           S4 P34 Y f AT2(B): S1 Y, S5 B, S9 V -> 1 -> unlit
    #           S5 P01 B c ALL_ANY(B,G): S1 yellow -> unlit
    #           S9 P22 V c ALL_ANY(V,Y): S5 blue -> unlit
    #           S10 P26 V f AT2(Y): S5 B, S9 V -> 0 -> unlit
    board3 = {"S1": "P29", "S2": "P31", "S4": "P34", "S5": "P01", "S9": "P22", "S10": "P26"}
    tokens3 = {"J1": "K35", "J2": "marigold", "J7": "K30", "J8": "marigold"}
    # blue: P1 2, P2 2, P3 1 -> K29 (P1) lit, tied for most
    # marigolds placed: P1 1, P2 2, P3 2 -> K34 (P2) and K35 (P3) lit, tied for most
    # green: 0 everywhere -> K30 (P3) unlit (a majority needs at least one)
    s = finish(
        arrange(
            new(3),
            boards={0: board1, 1: board2, 2: board3},
            tokens={0: tokens1, 1: tokens2, 2: tokens3},
            mg={0: 4, 1: 2, 2: 9},
        )
    )
    assert lit_candles(s, 0) == ["J1"]
    assert lit_candles(s, 1) == ["J7"]
    assert lit_candles(s, 2) == ["J1"]
    # P1: S1: S2 1 + S4 1 + S5 lit 2 = 4; S5: S1 lit 2 + S2 1 + S4 1 = 4 -> 8
    #     K29 J1 (S1 S5 lit) 4; marigold J2 (S1 S5 lit) 2 -> 14
    # P2: S4: S5 lit 2 + S8 1 + S9 1 = 4; S5: S4 lit 2 + S9 1 + S10 1 = 4 -> 8
    #     marigold J6 (S4) 1 + J8 (S5) 1; K34 J7 (S4 S5 lit) 4 -> 14
    # P3: S1: S2 1 + S4 1 + S5 1 = 3; K35 J1 (S1 lit) 2; marigold J2 (S1) 1; J8 0; K30 0 -> 6
    assert s.scores() == [14, 14, 6]
    # P1 and P2 tie on 14 and on 2 lit portraits; P1 has more marigolds in storage (4 > 2)
    assert lit_slots(s, 0) == ["S1", "S5"] and lit_slots(s, 1) == ["S4", "S5"]
    assert s.winners() == [0]
    assert "Player 1 wins" in s.log()[-1]


def test_first_tie_break_most_lit_portraits() -> None:
    # P1: S4 P08 G c ALL_ANY(G,P): S8 G -> lit; S8 P10 G s NONE(P,V): S4 G c -> lit
    #     S4: S8 lit 2; S8: S4 lit 2 -> 4 points, 2 lit
    # P2: S4 P01 B c ALL_ANY(B,G): S1 B, S5 G, S8 B, S9 G -> lit
    #     S1 P06 AT2(G): S4 B, S5 G -> 1 -> unlit; S5 P09 AT2(G): S1 B, S4 B, S9 G -> 1 -> unlit
    #     S8 P02 AT2(B): S4 B, S9 G -> 1 -> unlit; S9 P13 AT2(f): S4 c, S5 w, S8 w -> 0 -> unlit
    #     S4: four unlit neighbours x 1 = 4 points, 1 lit
    boards = {
        0: {"S4": "P08", "S8": "P10"},
        1: {"S1": "P06", "S4": "P01", "S5": "P09", "S8": "P02", "S9": "P13"},
    }
    s = finish(arrange(new(2), boards=boards, mg={0: 0, 1: 9}))
    assert s.scores() == [4, 4]
    assert (len(lit_slots(s, 0)), len(lit_slots(s, 1))) == (2, 1)
    assert s.winners() == [0]  # more lit portraits beats more marigolds in storage


def test_shared_victory() -> None:
    boards = {
        0: {"S4": "P08", "S8": "P10"},  # 2 + 2 = 4 points, 2 lit (as above)
        # P2: S7 P29 Y c ALL_ANY(B,Y): S12 Y -> lit; S12 P33 Y s NONE(B,G): S7 Y c -> lit; 2 + 2 = 4
        1: {"S7": "P29", "S12": "P33"},
    }
    s = finish(arrange(new(2), boards=boards, mg={0: 3, 1: 3}))
    assert s.scores() == [4, 4]
    assert s.winners() == [0, 1]
    assert "share the victory" in s.log()[-1]
    assert "share the victory" in s.status()


def test_goal_tokens_add_to_the_score() -> None:
    board1 = {"S1": "P15", "S2": "P16", "S3": "P17", "S5": "P18"}  # 15 points (first test)
    tokens1 = {"J2": "marigold"}  # + 2 = 17
    board2 = {"S1": "P01", "S2": "P02", "S3": "P03", "S4": "P09", "S5": "P08", "S6": "P20"}
    # P2: S1 P01 ALL_ANY(B,G): S2 B, S4 G, S5 G -> lit; S2 P02 AT2(B): S1 B, S3 B -> lit
    #     S3 P03 NONE(c,w): S2 water -> unlit; S4 P09 AT2(G): S5 G only -> unlit
    #     S5 P08 ALL_ANY(G,P): S1 B -> unlit; S6 P20 ALL_ANY(c,p): S2 w -> unlit
    #     S1: S2 lit 2 + S4 1 + S5 1 = 4; S2 golden: (S1 2 + S3 1 + S5 1 + S6 1) x2 = 10 -> 14
    #     marigold J2 (S1 S2 S5): S1 S2 lit = 2 -> 16
    tokens2 = {"J2": "marigold"}
    # Goal tokens taken earlier: P1 a 5 (first goal) and a 4 (third goal): 17 + 9 = 26
    s = finish(
        arrange(
            new(2, common_goals=True),
            boards={0: board1, 1: board2},
            tokens={0: tokens1, 1: tokens2},
            claims={0: [5, 0, 4]},
        )
    )
    assert s.seat_breakdown(0)["goals"] == 9
    assert s.scores() == [26, 16]
    assert s.view(None)["seats"][0]["goal_tokens"][1]["value"] == 4
    assert roundtrip(s).scores() == [26, 16]


def test_vacuous_switch_off_keeps_lone_portraits_unlit(monkeypatch: pytest.MonkeyPatch) -> None:
    from muertos.games.ofrenda import rules

    monkeypatch.setattr(rules, "VACUOUS", False)
    s = finish(arrange(new(2), boards={0: {"S8": "P10", "S3": "P14"}}))
    assert lit_slots(s, 0) == []


@pytest.mark.parametrize(
    ("score", "label"),
    [(0, "0–69"), (69, "0–69"), (70, "70–79"), (89, "80–89"), (90, "90–109"), (109, "90–109"), (110, "110+")],
)
def test_solo_tiers(score: int, label: str) -> None:
    assert tier_for(score).label() == label
