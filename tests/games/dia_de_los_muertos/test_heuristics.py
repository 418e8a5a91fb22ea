"""The evaluation used by the greedy and search bots."""

from __future__ import annotations

import random
from typing import Any, cast

import pytest

from muertos.games.dia_de_los_muertos import GAME
from muertos.games.dia_de_los_muertos.heuristics import evaluate, rollout
from muertos.games.dia_de_los_muertos.rules import MuertosState
from muertos.games.dia_de_los_muertos.world import _WORLDS

from .helpers import table


def test_progress_limbs_and_festivity_count() -> None:
    base = table(pos=[10, 10, 10], hands=[["kick"], ["kick"], ["kick"]], stack=[["endround"]])
    assert abs(evaluate(base, 0)) < 1e-9  # everyone equal
    ahead = table(pos=[17, 10, 10], hands=[["kick"], ["kick"], ["kick"]], stack=[["endround"]])
    assert evaluate(ahead, 0) > 0 > evaluate(ahead, 1)
    lame = table(pos=[10, 10, 10], legs=[0, 2, 2], hands=[["kick"], ["kick"], ["kick"]], stack=[["endround"]])
    assert evaluate(lame, 0) < 0
    rich = table(
        pos=[10, 10, 10],
        arms=[2, 0, 0],  # rivals without arms cannot snatch it (legs keep them as mobile)
        fest=[["banquet"], [], []],
        hands=[["kick"], ["kick"], ["kick"]],
        stack=[["endround"]],
    )
    assert evaluate(rich, 0) > 2


def test_home_skeleton_counts_its_place() -> None:
    s = table(pos=[10, 32, 10], home=[0, 1, 0], hands=[["kick"], [], ["kick"]], stack=[["endround"]])
    assert evaluate(s, 1) > 4  # 7 place points against far-away rivals


def test_engine_uses_the_heuristic_and_rollout_keeps_cards() -> None:
    s = GAME.new(3, 1)
    assert GAME.evaluate(s, 0) == evaluate(s, 0)
    rnd = random.Random(0)
    while not s.over and s.round < 3:
        a = rollout(s, rnd)
        if s.legal_actions()[0] == "keep":
            assert a == "keep"
        assert a in s.legal_actions()
        s.apply(a)


def test_greedy_players_bring_a_game_home() -> None:
    import muertos

    rec = muertos.play("dia-de-los-muertos", seats=["greedy", "greedy"], seed=0)
    s = rec.replay()
    assert s.over and all(s.home)  # type: ignore[attr-defined]
    assert s.stats()["round_limit_reached"] == 0
    assert sorted(s.home) == [1, 2]  # type: ignore[attr-defined]


def test_greedy_walks_to_a_festivity_card_rather_than_revealing_for_cards() -> None:
    """The walk comes one decision after 'move': the evaluation must see it, or one step
    ahead 'reveal' (two cards drawn) always looked better and the bot hardly ever walked."""
    from muertos.agents import GreedyAgent
    from muertos.agents.greedy import one_step_values

    s = table(
        players=2,
        pos=[18, 5],
        hands=[["beat", "patch", "follow"], ["kick", "beat"]],
        lay=["kick", None],
        stack=None,
    )
    assert s.to_move == 0
    legal = s.legal_actions()
    assert sorted(legal) == ["move", "reveal"]  # Kicking cannot reach Player 2
    values = dict(zip(legal, one_step_values(s, 0, legal), strict=True))
    assert values["move"] > values["reveal"]
    assert all(GreedyAgent(seed).act(s, 0) == "move" for seed in range(5))
    s.apply("move")
    assert GreedyAgent(0).act(s, 0) == "walk 21"  # Dance of the dead (2 VP), two fields away


def test_a_rival_within_snatching_reach_threatens_festivity_cards() -> None:
    """Random play snatches often: a festivity card next to a rival with an arm is not safe
    (the same rival without arms, so without Snatching, counts the same otherwise)."""

    def pos(rival_arms: int) -> float:
        s = table(
            players=2,
            pos=[20, 20],
            arms=[2, rival_arms],
            fest=[["banquet"], []],
            hands=[["kick", "beat"], ["kick", "beat"]],
            stack=[["newround"], ["swap", 1], ["swap", 0]],
        )
        return evaluate(s, 0)

    assert pos(2) < pos(0) - 1.0


def test_remembered_estimates_are_the_computed_ones() -> None:
    """The estimates kept by what they read are the ones computed afresh, in every position."""
    rnd = random.Random(4)
    for players in (2, 3, 5):
        s = GAME.new(players, players)
        while not s.over:
            assert isinstance(s, MuertosState)
            kept = [evaluate(s, seat) for seat in range(players)]
            _WORLDS.clear()
            assert kept == [evaluate(s, seat) for seat in range(players)]
            legal = s.legal_actions()
            s.apply(legal[rnd.randrange(len(legal))])


def test_a_masked_state_holds_only_what_its_seat_knows() -> None:
    """``determinized_values`` values most decisions on the state masked in place: masked,
    a state and any determinization of it must be the same (a function of the seat's view),
    so nothing hidden can reach the greedy bot's values that way; the undo restores it."""
    from muertos.engine import Rng
    from muertos.games.dia_de_los_muertos.heuristics import _mask, _Trial
    from tests.agents.test_greedy_speed import snapshot

    def masked(st: MuertosState, seat: int) -> tuple[Any, ...]:
        before = snapshot(st)
        tr = _Trial(st)
        _mask(tr, seat, Rng(1))
        seen = ([list(h) for h in st.hands], list(st.lay), len(st.draw), st.rng.state)
        tr.undo()
        assert snapshot(st) == before
        return seen

    rnd = random.Random(4)
    for seed in range(2):
        s = GAME.new(4, seed)
        while not s.over:
            seat = s.to_move
            assert seat is not None
            mine = masked(s, seat)
            assert mine[0][seat] == s.hands[seat] and mine[2] == len(s.draw)
            for d in (s.determinize(seat, rnd), s.determinize(seat, rnd)):
                assert masked(cast(MuertosState, d), seat) == mine
            legal = s.legal_actions()
            s.apply(legal[rnd.randrange(len(legal))])


def test_determinized_values_redraw_only_where_a_hidden_card_is_read(monkeypatch: Any) -> None:
    """Most greedy decisions are valued on a masked copy; the rest, where a value reads a
    hidden card (the swap of a last two cards draws one, a random attack's pick), or an
    action is played by the rules, on a determinization."""
    import muertos
    from muertos.games.dia_de_los_muertos import heuristics

    decisions, redrawn = 0, 0
    values = heuristics.determinized_values
    determinized = MuertosState._determinized

    def counted(state: Any, seat: int, actions: Any, rng: random.Random) -> list[float]:
        nonlocal decisions
        decisions += 1
        return values(state, seat, actions, rng)

    def redraw(self: MuertosState, *args: Any) -> Any:
        nonlocal redrawn
        redrawn += 1
        return determinized(self, *args)

    monkeypatch.setattr(heuristics, "determinized_values", counted)
    monkeypatch.setattr(MuertosState, "_determinized", redraw)
    muertos.play("dia-de-los-muertos", seats=["greedy"] * 3, seed=2)  # a long game: 425 decisions
    assert decisions > 200
    assert 0 < redrawn < decisions / 3


@pytest.mark.parametrize("build", ["as loaded", "plain Python"])
def test_the_estimate_raises_hiddenread_on_a_hidden_card_compiled_or_not(build: str) -> None:
    """A masked state's hidden card (``engine.masked``) read by the estimate, a laid card's
    back or a victim's hand under a pick, raises ``HiddenRead`` (the value is then found on a
    determinization), in ``world`` as loaded (compiled, where a compiler was at hand) as in its
    plain Python: never a ``TypeError``."""
    from muertos.engine.masked import HIDDEN, HiddenRead
    from muertos.games.dia_de_los_muertos import world
    from tests.engine.test_kernels import _pure

    w = world if build == "as loaded" else _pure("src/muertos/games/dia_de_los_muertos/world.py")
    s = table(pos=[10, 12, 14], hands=[["kick", "beat"], ["kick", "beat"], ["kick", "beat"]])
    s.lay[1] = HIDDEN  # type: ignore[call-overload]
    s.stack = [["after", 0, 0], ["resolve", 0]]
    with pytest.raises(HiddenRead):
        w.judge(w._world(s), s, 0)
    s.lay[1] = -1
    s.hands[2] = [HIDDEN]  # type: ignore[list-item]
    s.stack = [["pick", 0, 2, 0]]
    with pytest.raises(HiddenRead):
        w.judge(w._world(s), s, 0)
