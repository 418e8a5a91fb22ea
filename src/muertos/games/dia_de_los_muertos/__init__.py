"""Dia de los Muertos — the skeleton race (Henning Poehl, Sphinx Spieleverlag 2007), 2-6 players.

Skeletons leave the start area S, walk round the graveyard (fields 1-32), collect the
festivity cards on 19 (Music, 1 VP), 21 (Dance, 2 VP) and 24 (Banquet, 3 VP), and return
to the goal (32) through the red lane 25-28, which opens only when the gravedigger has
walked out of it (one step per festivity card taken, two with 2 players). Score: arrival
place (7/5/3/2/1/0) plus festivity VP; ties go to whoever arrived first. The game ends
when every skeleton that still has a body part is in the goal.

Each round: (1) order by the lowest field (ties: fewer movement points in hand, fewer
body parts, lower skeleton number = seat); (2) in that order everyone lays one card face
down (its back, 1-3 bones, is public); (3) in order everyone uses it as a movement
(skeleton and/or dog) or turns it over as an action; (4) hands of reaction cards only
are swapped, then anyone may trade two cards for one.

NOTATION (players are p1..p6, fields are numbers; one spelling per action)
  lay kick                 lay a card face down (cards: dodge leapfrog snatch hold header
                           patch follow beat cartwheel hustle kick cake pot skull)
  move                     use the laid card as a movement, then:
    walk 12                  move your skeleton to field 12 (at most once per movement)
    dog 22                   lead the dog to 22 (at most once per movement)
    dog 9 bite p3            lead the dog onto 9 and attack Player 3 there
    end                      stop (unused points are lost)
  reveal                   turn the card over when its action cannot be carried out
  beat p2 / kick p2        straight attacks, 0-1 fields: the victim loses an arm / a leg
  throw p4                 random attack with the cake (1-3), flowerpot (1-4), skull (1-5)
  snatch p2 arm            steal an arm, a leg or a festivity card you can use (0-1 fields):
  snatch p2 dance            arm, leg, music, dance, banquet
  header p5                jump onto Player 5 (1-3 fields, not past the gravedigger); a later
                           card of theirs this round is discarded
  follow                   go to the next higher field that holds another skeleton
  patch leg                regain an arm or a leg
  leapfrog 14              jump the chain of skeletons (first within 3) and land on 14
  cartwheel 6 7 8          cartwheel along 6, 7, 8: every skeleton there is randomly attacked
  hustle p2 7 5            push Player 2 to 7 and step to 5 yourself, the other way
  hustle p2 swap           swap places with Player 2
  hold / dodge             react: Holding when a skeleton 0-1 fields away is about to move
                           (it walks one less, you follow it as far); Dodge a straight attack
  no reaction              decline to react
  go 16                    move as forced: follow the held skeleton, or get out of the
                           gravedigger's way
  pick 2                   random attack: draw a 2-bone card from the victim's hand
  hit leg                  the drawn card shows hand and foot: choose what the victim loses
  den 29                   put the dog on a hiding place after its attack
  take arm                 at a hiding place: dig up an arm, a leg or a festivity card
  block 7                  the taker of the last festivity card places the gravedigger
  discard kick             hand limit of eight at the end of your turn
  swap dodge kick / keep   end of round: trade two cards (in card order) for one, or stop

OPTIONS
  round_limit (default 100)  safeguard of rules map A-D21: the rules allow endless play (a
                           skeleton walled in behind the gravedigger, nobody taking the
                           last festivity card), so the game is scored after this many
                           rounds; skeletons not home score no place points.

RULE CHOICES where the text is unclear (the rules map docs/rules/dia-de-los-muertos.md
maps every rule to its code and test and gives every choice, A-D1..A-D33, with its reason)
  - Reactions are offered in round order after the active player (A-D3) to every
    skeleton that could use them by what the table shows: Holding to skeletons 0-1
    fields from a player who chose "move" and holding a 2-bone card, Dodge to the target
    of a straight attack holding a 3-bone card; so a prompt reveals nothing. The first
    Holding closes the window; the held player may Dodge it (A-D12).
  - Straight attacks: Beating, Kicking, Hustle, Holding (A-D14; Snatching is a switch in
    components.toml). Random attacks: Throwing, Cartwheels, the dog.
  - A random attack takes a random card of the back value the attacker picks (A-D4); a
    limb the victim lacks is no hit; the dog then takes the best festivity card (A-D5).
    The card the dog draws lies on its hiding place, whatever it hit (A-D6).
  - A movement walks the skeleton at most once and leads the dog at most once, in
    either order, splitting the points (A-D25). The dog ignores the arrows (they bind
    skeletons) but never enters the start or the goal; it may pass the gravedigger (A-D26).
  - A laid Dodge/Holding can only be a movement; as the last card it is revealed without
    effect and draws 2 (A-D16). An empty hand at the commit draws one card (A-D17). The
    "last card" rule is checked when the card is used: an empty hand must act (A-D32).
  - A skeleton in the goal is out of the game: its hand goes to the discard pile (A-D27).
    The discard pile lies face up; the hiding-place piles are open and never reshuffled
    (A-D28, A-D23).
  - At a hiding place one usable item is taken (automatically when only one fits);
    a bone with one symbol is preferred to a hand+foot bone (A-D29).
  - The 2-for-1 swap may be repeated ("in a ratio of two to one", A-D30).
  - Ranges are shortest paths on the board ignoring arrows (A-D7). Header measures with
    the gravedigger's field removed (A-D15); Leapfrog jumps the chain of skeletons and
    the dog (A-D9); Cartwheels hit every skeleton on the fields entered, landing field
    included (A-D10); Follow goes to the lowest higher field holding another skeleton,
    the goal included (A-D13).
  - Hustle pushes a skeleton a field along the arrows and steps you a field the other way
    (forward is towards the higher number), or swaps; a push whose step cannot be made is
    no hustle, and nothing is pushed into the goal (A-D11).
  - The gravedigger reaches 17 with the fifth card (3-6 players) and the taker of the
    last card sends him to 5, 7 or 16 for good (A-D1); skeletons in his way step aside
    to a neighbouring field of their owner's choice (A-D19).
"""

from __future__ import annotations

from muertos.engine import Parts

from . import encoding, heuristics, render
from .rules import MuertosGame, MuertosState

GAME = MuertosGame(Parts(guide=__doc__ or "", render=render, heuristics=heuristics, encoding=encoding))

__all__ = ["GAME", "MuertosGame", "MuertosState"]
