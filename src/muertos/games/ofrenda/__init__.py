"""Ofrenda (Osprey Games 2025) — build the most beautiful altar for the Día de
los Muertos.

1–4 players (solo against Abuela). Each player takes 12 turns: take a portrait
from the Family board (the one furthest from the deck is free; each skipped
portrait costs one marigold laid on it, and you collect the marigolds on the
one you take), optionally take a candle (free above the taken portrait, else
one marigold laid on the portrait below it; at most 3 in storage), replenish,
then place a portrait on your Ofrenda or discard it for 3 marigolds. A
portrait lights when all its adjacent slots are filled and its objective about
its neighbours holds; a Candle/Marigold slot can be filled only on the turn
its third portrait is placed. At the end unlit portraits are re-checked
ignoring empty slots, and candles are flipped (⌚ ones only then). A lit
portrait scores 2 per adjacent lit portrait and 1 per adjacent unlit one (×2
in a golden slot); a marigold 1 and a lit candle 2 per adjacent lit portrait.
Ties: most lit portraits, then most marigolds in storage, then shared.

Board (card slots S1–S12, Candle slots c and Marigold slots m J1–J12)::

            S1          S2*         S3
            J1c   J2m   J3c   J4m   J5c
      S4          S5-         S6-         S7
      J6m   J7c   J8m   J9c   J10m  J11c  J12m
    S8+         S9          S10*        S11         S12+

    *  golden: the portrait's score counts double
    -  pay 1 marigold to place a portrait here
    +  gain 1 marigold when placing a portrait here

Notation (one decision at a time; case and spacing do not matter):

    take 3          take the portrait in Family board space 3 (pay 2 marigolds)
    candle 1        take the candle above space 1 (free above the taken one)
    no candle       decline the optional candle (asked only when you could)
    place P17 S5    place portrait P17 from your hand in card slot S5
    discard P17     discard portrait P17 and gain 3 marigolds
    candle K12 J3   put stored candle K12 in candle slot J3 (surrounded now)
    marigold J2     put a stored marigold in marigold slot J2 (surrounded now)
    skip J3         leave a surrounded slot empty (for good)

Surrounded slots are offered one at a time in J order, only when you hold the
token for them. A candle taken this turn may be placed at once (Example B).

Solo (players=1): the 2-player deck with 3 portraits removed unseen and the ☒
candles removed. Abuela moves first every round: a die (1–2, 3–4, 5, 6 →
spaces 1–4) picks the portrait she discards, paying supply marigolds onto the
skipped ones; on 5–6 a second roll picks a candle she discards the same way.
After your 12th turn your score is rated on the rulebook's tiers (0–69, 70–79,
80–89, 90–109, 110+).

Options:

    common_goals=true  the common goals variant (not with 1 player): one goal
                       card per back; at the end of your turn take the top
                       token of each goal you meet, once per goal. Tokens:
                       I and II 5/4/3/2, III 4/3/2/1, one a player from the
                       top (2 players use the top two of each stack).
    hidden_hands=true  the others do not see the lit side (colour and offering)
                       of the portraits dealt to you; by default they do, as at
                       the rulebook's table (A-OF13). Default off.

The table (A-OF13): the deck lies lit side up and hands are held with the
unlit side to their owner, so everyone sees the colour and offering of the
deck's top card and of every card in the others' hands, not its objective
(printed on the unlit side). A portrait taken from the Family board is known
to all.

Rule choices where the text is unclear (rules map docs/rules/ofrenda.md, A-OF1 to A-OF21): Player 1 is the
starting player; the player-count marks read "3+" and "4"; end-of-game
objectives count occupied neighbours only, so "all…"/"none…" objectives hold
vacuously with no neighbours (a data switch); a portrait's lighting check when
surrounded is final; unlit portraits count for candles and goals; stored
candles never light; majority candles need at least one and ties share; the
candle price refers to the taken portrait's original space; an empty candle
bag leaves a candle space empty; Abuela's marigolds come from the supply and
those on her discarded card return to it; her candle is free above her
discarded portrait; discard piles are public; a portrait taken from the Family
board is known to all, a dealt one by its lit side only; golden doubling
applies to the portrait's own score only.
"""

from muertos.engine import Parts

from . import encoding, heuristics, render
from .rules import OfrendaGame, OfrendaState

GAME = OfrendaGame(Parts(guide=__doc__ or "", render=render, heuristics=heuristics, encoding=encoding))

__all__ = ["GAME", "OfrendaGame", "OfrendaState"]
