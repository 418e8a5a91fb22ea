"""Where Die of the Dead's solo games lose the perfect score: solo games of a bot, each
position asked whether 18 can still be reached (``die_of_the_dead.plan.still_perfect``), and
the move that ended it: a token used or discarded, a die placed where no perfect ofrenda has
it, the City or a colour short of the dice the rest needs, or a die paid or removed.

    python benchmarks/perfect.py --bot ismcts:0.2cpu --seeds 20
    python benchmarks/perfect.py --bot greedy --seeds 100 --first-seed 1000

``--hope H`` puts the planner inside the search (an ``ismcts`` bot): a leaf where the perfect
can still be reached gains ``H`` steps, times (dice on the ofrenda / 12) to the power
``--power P`` (default 0: the same at every stage), so that the search keeps the perfect
alive where it costs little.
"""

from __future__ import annotations

import argparse
import math
import statistics
from collections import Counter

from rich.console import Console
from rich.progress import track
from rich.table import Table

import muertos
from muertos.agents import ISMCTSAgent
from muertos.engine import Agent, State
from muertos.games.die_of_the_dead import DieOfTheDeadState
from muertos.games.die_of_the_dead.plan import perfect_plan, still_perfect
from muertos.match import seat_seed

GAME = "die-of-the-dead"


def _why(spent: int, ofrenda: list[int], after: DieOfTheDeadState, action: str) -> str:
    """What a move that ended the perfect did, in a word (``spent`` and ``ofrenda``: before it)."""
    if after.spent > spent:
        return "token used or discarded"
    if after.ofrenda[0] != ofrenda:
        return (
            "die placed"
            if perfect_plan(after.board_of(0), after.ofrenda[0]) is None
            else "die placed: dice short"
        )
    return action.split()[0]


def hoping(bot: str, seed: int, hope: float, power: float) -> Agent:
    """The search ``bot`` (an ``ismcts`` name), seeded as ``muertos.play`` seeds seat 1, its
    leaves judged by the game's evaluation plus ``hope`` steps, scaled by the stage, while a
    perfect can still be reached."""
    agent = muertos.agent(bot, seed=seat_seed(seed, 0))
    if not isinstance(agent, ISMCTSAgent):
        raise ValueError(f"--hope needs an ismcts bot, not {bot!r}")
    game = muertos.game(GAME)

    def leaf(s: State) -> list[float]:
        value = game.evaluate(s, 0)
        if isinstance(s, DieOfTheDeadState) and s.phase != "fill" and still_perfect(s):
            value += hope * (sum(d >= 0 for d in s.ofrenda[0]) / len(s.ofrenda[0])) ** power
        return [value]

    agent.leaf, agent.leaf_mix = leaf, 1.0
    return agent


def play(bot: str | Agent, seed: int) -> tuple[int, int | None, int, str]:
    """One game as ``muertos.play`` (and so ``strength.py``) plays it: (final steps, the dice
    on the ofrenda when the perfect was lost or None, the round, what the losing move did)."""
    lost: tuple[int | None, int, str] = (None, 0, "")
    alive: bool | None = None  # None until the caskets are filled
    before: tuple[int, list[int]] = (0, [])

    def watch(s: State, seat: int, action: str) -> None:
        nonlocal lost, alive, before
        assert isinstance(s, DieOfTheDeadState)
        if s.phase == "fill" or alive is False:
            return
        now = still_perfect(s)
        if alive is None and not now:
            lost = (0, s.round, "the caskets' fill")
        elif alive and not now:
            lost = (sum(d >= 0 for d in s.ofrenda[0]), s.round, _why(*before, s, action))
        alive, before = now, (s.spent, list(s.ofrenda[0]))

    rec = muertos.play(GAME, seats=[bot], seed=seed, on_action=watch)
    return int(rec.scores[0]), *lost


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bot", default="greedy", help="the bot that plays (default greedy)")
    ap.add_argument("--seeds", type=int, default=20, help="games to play (1-10000)")
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--hope", type=float, default=0.0, help="steps a leaf gains while a perfect is possible")
    ap.add_argument(
        "--power", type=float, default=0.0, help="the hope times (dice placed / 12) to this power"
    )
    a = ap.parse_args(argv)
    if not 1 <= a.seeds <= 10_000 or not 0 <= a.first_seed < 2**31:
        ap.error("--seeds is 1 to 10000 and --first-seed 0 to 2**31-1")
    if not (math.isfinite(a.hope) and 0 <= a.hope <= 18 and math.isfinite(a.power) and 0 <= a.power <= 10):
        ap.error("--hope is 0 to 18 steps and --power 0 to 10")
    try:
        muertos.agent(a.bot)
        if a.hope:
            hoping(a.bot, 0, a.hope, a.power)
    except (muertos.UnknownAgent, ValueError) as e:
        ap.error(str(e))
    seeds = range(a.first_seed, a.first_seed + a.seeds)
    rows = [play(hoping(a.bot, n, a.hope, a.power) if a.hope else a.bot, n) for n in track(seeds, "games")]
    console = Console()
    who = f"{a.bot}, hope {a.hope:g} (power {a.power:g})" if a.hope else a.bot
    t = Table(title=f"Die of the Dead solo, {who}: where the perfect 18 was lost ({a.seeds} games)")
    for col in ("dice on the ofrenda when lost", "games", "what the move did (games)"):
        t.add_column(col)
    by_dice: dict[int | None, list[str]] = {}
    for _, dice, _, why in rows:
        by_dice.setdefault(dice, []).append(why)
    for dice in sorted(by_dice, key=lambda d: -1 if d is None else d):
        whys = Counter(by_dice[dice])
        label = "never (still possible at the end)" if dice is None else str(dice)
        t.add_row(label, str(len(by_dice[dice])), ", ".join(f"{w} ({n})" for w, n in whys.most_common()))
    console.print(t)
    steps = [r[0] for r in rows]
    console.print(
        f"steps: mean {statistics.fmean(steps):.2f}, best {max(steps)}; perfect 18 in {steps.count(18)} games"
    )


if __name__ == "__main__":
    main()
