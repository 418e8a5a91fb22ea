"""Search budgets: a finite positive number within the limits, or a clear refusal.

A NaN deadline is never reached: ``ismcts:nans`` once spun a server's bot thread forever."""

from __future__ import annotations

import math

import pytest

import muertos
from muertos.agents import MAX_ITERATIONS, MAX_SECONDS, ISMCTSAgent, budget_problem, ismcts
from muertos.engine import UnknownAgent
from muertos.i18n import translate, untranslated

REFUSED = [
    ("ismcts:nans", "a search budget in seconds must be a finite number, not nan"),
    ("ismcts:NaNs", "a search budget in seconds must be a finite number, not nan"),
    ("ismcts:infs", "a search budget in seconds must be a finite number, not inf"),
    ("ismcts:nancpu", "a search budget in seconds must be a finite number, not nan"),
    ("ismcts:0cpu", "more than 0 and at most 600 s a move, not 0 s"),
    ("ismcts:cpu", "use ismcts:2000 (iterations)"),
    ("ismcts:-infs", "a search budget in seconds must be a finite number, not -inf"),
    ("ismcts:1e400s", "a search budget in seconds must be a finite number, not inf"),
    ("ismcts:-1s", "more than 0 and at most 600 s a move, not -1 s"),
    ("ismcts:0s", "more than 0 and at most 600 s a move, not 0 s"),
    ("ismcts:601s", "at most 600 s a move, not 601 s"),
    ("ismcts:1e9s", "at most 600 s a move, not 1e+09 s"),
    ("ismcts:0", "from 1 to 10000000 iterations a move, not 0"),
    ("ismcts:10000001", "from 1 to 10000000 iterations a move, not 10000001"),
    ("ismcts:1e3", "use ismcts:2000 (iterations), ismcts:1.5s (seconds)"),
    ("ismcts:-5", "use ismcts:2000 (iterations)"),
    ("ismcts:1_000", "use ismcts:2000 (iterations)"),
    ("ismcts:١٠", "use ismcts:2000 (iterations)"),  # Arabic-Indic digits are digits to Python
    ("ismcts:fasts", "use ismcts:2000 (iterations)"),
    ("ismcts:5:fast", "bad ISMCTS playout 'fast'"),
]
"""Agent names the parser refuses, and a part of what it says."""


@pytest.mark.parametrize(("name", "message"), REFUSED)
def test_a_budget_that_cannot_run_is_refused_naming_the_problem(name: str, message: str) -> None:
    with pytest.raises(UnknownAgent) as e:
        muertos.agent(name)
    assert message in str(e.value)


@pytest.mark.parametrize(
    "name", [name for name, _ in REFUSED] + ["ismcts+net:fast", "ismcts+endgame:0s", "wizard:3"]
)
def test_a_refused_agent_reads_in_spanish_but_for_what_was_typed(name: str) -> None:
    """The refusal is the engine's English (``str()``); the Spanish catalog's templates
    (``i18n/shared.es.toml``) say all of it in Spanish but the values: the budget as typed
    (quoted), a number Python wrote (``nan``, ``1e+09``) and agent names."""
    with pytest.raises(UnknownAgent) as e:
        muertos.agent(name)
    said = translate(str(e.value), "es", "ofertu")
    assert said != str(e.value)
    left = untranslated(str(e.value), "es", "ofertu")
    values = {"nan", "inf", "-inf", "1e+09", *muertos.agents.agent_names()}
    assert all(part.startswith("'") or part in values for part in left), (left, said)


@pytest.mark.parametrize(
    ("name", "iterations", "seconds"),
    [
        ("ismcts", 1000, None),
        ("ismcts:1", 1, None),
        (f"ismcts:{MAX_ITERATIONS}", MAX_ITERATIONS, None),
        ("ismcts:0.5s", None, 0.5),
        ("ismcts:600s", None, MAX_SECONDS),
        ("ismcts:2s:heuristic", None, 2.0),
        ("ismcts:0.5cpu", None, 0.5),
        ("ismcts:2cpu:random", None, 2.0),
    ],
)
def test_budgets_within_the_limits_are_kept(name: str, iterations: int | None, seconds: float | None) -> None:
    a = muertos.agent(name)
    assert isinstance(a, ISMCTSAgent)
    assert (a.iterations, a.seconds) == (iterations, seconds)
    assert a.clock == ("cpu" if "cpu" in name else "wall")
    assert a.name.startswith(name.split(":heuristic")[0].split(":random")[0])


@pytest.mark.parametrize("clock", ["wall", "cpu"])
def test_a_budget_in_seconds_reads_its_own_clock(clock: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A clock that moves one second a reading: a 2.5 s budget stops at the third check."""
    ticks = iter(range(1000))
    monkeypatch.setitem(ismcts.CLOCKS, clock, lambda: float(next(ticks)))
    other = "cpu" if clock == "wall" else "wall"
    monkeypatch.setitem(ismcts.CLOCKS, other, lambda: pytest.fail(f"the {other} clock was read"))
    bot = ISMCTSAgent(0, iterations=None, seconds=2.5, clock=clock)
    state = muertos.game("ofertu").new(2, 3)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    bot.act(state, state.to_move or 0)
    assert bot.last_iterations == 3


def test_an_unknown_clock_is_refused() -> None:
    with pytest.raises(ValueError, match="clock must be 'wall' or 'cpu', got 'sundial'"):
        ISMCTSAgent(0, clock="sundial")


@pytest.mark.parametrize(
    "kw",
    [
        {"iterations": None, "seconds": math.nan},
        {"iterations": None, "seconds": math.inf},
        {"iterations": None, "seconds": -0.1},
        {"iterations": 0},
        {"iterations": True},
        {"iterations": 2.5},
        {"iterations": None, "seconds": None},
    ],
)
def test_the_agent_itself_refuses_a_budget_that_cannot_run(kw: dict[str, object]) -> None:
    with pytest.raises(ValueError) as e:
        ISMCTSAgent(0, **kw)  # type: ignore[arg-type]
    assert str(e.value) == budget_problem(kw.get("iterations", 1000), kw.get("seconds"))  # type: ignore[arg-type]


def test_a_timed_search_stops_once_its_move_cannot_change(monkeypatch: pytest.MonkeyPatch) -> None:
    """A clock that moves one second a reading (one reading an iteration): a search of 300 s
    runs 300 iterations unless it settles, and settling chooses the same move, in every
    position of a game where there is a choice."""

    def run(state: muertos.State, settle: bool) -> tuple[str, int]:
        ticks = iter(range(10_000))
        monkeypatch.setitem(ismcts.CLOCKS, "cpu", lambda: float(next(ticks)))
        bot = ISMCTSAgent(5, iterations=None, seconds=300, clock="cpu", settle=settle)
        return bot.act(state, state.to_move or 0), bot.last_iterations

    state = muertos.game("ofrenda").new(1, 2)
    greedy = muertos.agent("greedy", seed=1)
    shorter = 0
    while not state.over:
        if len(state.legal_actions()) > 1:
            full, settled = run(state, False), run(state, True)
            assert full[1] == 300
            assert settled[0] == full[0]
            shorter += settled[1] < 300
        state.apply(greedy.act(state, 0))
    assert shorter >= 5


def test_settled_means_a_lead_the_time_left_cannot_close() -> None:
    root = ismcts._Node()
    for a, visits in {"a": 50, "b": 20, "c": 0}.items():
        root.children[a] = ismcts._Node()
        root.children[a].visits = visits
    # 70 iterations in 1 s: 0.1 s more brings about 7, and the margin makes it 10.5 < 30
    assert ismcts._settled(root, 70, 1.0, 0.1)
    # 1 s more brings about 70, and 105 > 30: the second move could still overtake
    assert not ismcts._settled(root, 70, 1.0, 1.0)
    assert not ismcts._settled(root, 70, 0.0, 1.0)
