"""The engine's own contract, on a toy game that no real game's change can break."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from muertos.engine import (
    CorruptState,
    IllegalAction,
    InvalidOptions,
    Rng,
    conformance,
)
from tests.engine.toy import TOY


@pytest.mark.parametrize("players", [2, 3])
def test_toy_passes_conformance(players: int) -> None:
    conformance.check_game(TOY, players, seeds=60, deep=4)
    conformance.check_with_hypothesis(TOY, players, max_examples=15)


def test_rng_is_deterministic_and_uniform_enough() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.randrange(10) for _ in range(50)] == [b.randrange(10) for _ in range(50)]
    counts = [0] * 6
    r = Rng(1)
    for _ in range(60_000):
        counts[r.roll() - 1] += 1
    assert all(9_400 < c < 10_600 for c in counts), counts
    deck = list(range(20))
    Rng(3).shuffle(deck)
    assert sorted(deck) == list(range(20)) and deck != list(range(20))
    assert Rng.from_state(a.state).next64() == a.copy().next64()
    with pytest.raises(ValueError, match="rng state"):
        Rng.from_state(0)


def test_the_shuffle_draws_as_fisher_yates_on_next64() -> None:
    """Rng.shuffle writes the generator's step out in its loop; the draws are next64's."""
    for n in range(0, 70, 3):
        seq, plain = list(range(n)), list(range(n))
        r1, r2 = Rng(n), Rng(n)
        r1.shuffle(seq)
        for i in range(n - 1, 0, -1):
            j = (r2.next64() * (i + 1)) >> 64
            plain[i], plain[j] = plain[j], plain[i]
        assert seq == plain and r1.state == r2.state


def test_illegal_action_names_the_rule_and_changes_nothing() -> None:
    s = TOY.new(2, seed=1)
    before = s.to_json()
    with pytest.raises(IllegalAction, match="only play a card from your hand") as e:
        s.apply("play 99")
    assert isinstance(e.value, ValueError) and e.value.action == "play 99"
    assert s.to_json() == before


def test_actions_are_case_and_space_insensitive_and_stored_canonically() -> None:
    s = TOY.new(2, seed=1)
    a = s.legal_actions()[0]
    s.apply("  " + a.upper().replace(" ", "   "))
    assert s.history == [a]


def test_log_is_redacted_per_seat() -> None:
    s = TOY.new(2, seed=5)
    s.apply("draw")
    mine, theirs, spectator = s.log(0), s.log(1), s.log(None)
    assert any("draws" in line and "a card" not in line for line in mine)
    assert "Player 1 draws a card." in theirs and theirs == spectator
    drawn = s.hands[0][-1]  # type: ignore[attr-defined]
    assert f"draws {drawn}" in mine[-1] and f"draws {drawn}" not in " ".join(theirs)


def test_options_and_player_counts_are_validated() -> None:
    with pytest.raises(InvalidOptions, match="2–3 players, not 5"):
        TOY.new(5)
    with pytest.raises(InvalidOptions, match="no option 'solo'"):
        TOY.new(2, options={"solo": True})
    with pytest.raises(InvalidOptions, match="takes a bool"):
        TOY.new(2, options={"draw": 3})
    assert TOY.new(2, seed=1, options={"draw": "off"}).options == {"draw": False}


def test_from_json_rejects_corrupt_states_clearly() -> None:
    good = TOY.new(2, seed=3).to_json()
    bad_game = dict(good, game="ofertu")
    with pytest.raises(CorruptState, match="of game 'ofertu'"):
        TOY.from_json(bad_game)
    with pytest.raises(CorruptState, match="not JSON"):
        TOY.from_json("{oops")
    missing = dict(good)
    del missing["history"]
    with pytest.raises(CorruptState, match="history"):
        TOY.from_json(missing)
    dup = json.loads(json.dumps(good))
    dup["data"]["deck"].append(1)
    with pytest.raises(CorruptState, match="exactly once"):
        TOY.from_json(dup)


def test_view_rejects_bad_seats() -> None:
    s = TOY.new(2, seed=3)
    for bad in (2, -1, "0", True):
        with pytest.raises(ValueError, match="seat must be"):
            s.view(bad)  # type: ignore[arg-type]


def test_determinize_redraws_hidden_and_keeps_the_view() -> None:
    s = TOY.new(3, seed=9)
    d = s.determinize(0, random.Random(1))
    assert d.view(0) == s.view(0)
    assert d.hands[0] == s.hands[0]  # type: ignore[attr-defined]
    others = [s.determinize(0, random.Random(k)).hands[1] for k in range(10)]  # type: ignore[attr-defined]
    assert len({tuple(h) for h in others}) > 1


def test_conformance_catches_a_leaking_view() -> None:
    class Leaky(type(TOY.new(2, seed=0))):  # type: ignore[misc]
        def _view(self, seat: int | None) -> dict[str, object]:
            return {"hands": [list(h) for h in self.hands]}  # every hand, to every seat

    class LeakyGame(type(TOY)):  # type: ignore[misc]
        id = "leaky"
        state_class = Leaky

    with pytest.raises(conformance.ConformanceError, match="hidden information leaks"):
        conformance.check_game(LeakyGame(TOY.parts), 2, seeds=2, deep=2)
    TOY.__init__(TOY.parts)  # restore the toy's state class binding


def test_conformance_catches_a_view_that_moves_on_with_the_state() -> None:
    """A view handing out the state's own lists (the sixth toy's first draft did) changes
    in a client's hands when the game moves on."""

    class Sharing(type(TOY.new(2, seed=0))):  # type: ignore[misc]
        def _view(self, seat: int | None) -> dict[str, object]:
            return {
                "deck": len(self.deck),
                "hands": [h if seat == i else len(h) for i, h in enumerate(self.hands)],
                "played": [p if (seat == i or self.over) else len(p) for i, p in enumerate(self.played)],
            }

    class SharingGame(type(TOY)):  # type: ignore[misc]
        id = "sharing"
        state_class = Sharing

    try:
        with pytest.raises(conformance.ConformanceError, match="shares data with the state"):
            conformance.check_game(SharingGame(TOY.parts), 2, seeds=2, deep=2)
    finally:
        TOY.__init__(TOY.parts)  # restore the toy's state class binding


@pytest.mark.parametrize("shared", ["hands", "history", "events"])
def test_conformance_catches_a_clone_that_shares_with_its_original(shared: str) -> None:
    """A clone that hands its original's field, history or log to the copy: playing the copy
    changes the original (the check compares a snapshot of each, not the state's JSON)."""

    class Careless(type(TOY.new(2, seed=0))):  # type: ignore[misc]
        def clone(self) -> Any:
            c = super().clone()
            setattr(c, shared, getattr(self, shared))
            return c

    class CarelessGame(type(TOY)):  # type: ignore[misc]
        id = "careless"
        state_class = Careless

    try:
        with pytest.raises(conformance.ConformanceError, match="to a clone changed the original"):
            conformance.check_game(CarelessGame(TOY.parts), 2, seeds=1, deep=1)
    finally:
        TOY.__init__(TOY.parts)  # restore the toy's state class binding


def test_the_games_are_registered_explicitly_in_the_lobby_order() -> None:
    """Every package of ``muertos.games`` is registered (with the extra games of
    ``MUERTOS_EXTRA_GAMES``, if any), in the lobby's order: ``Game.order``, then the id."""
    import os
    import pkgutil
    import sys
    import types

    import muertos
    from muertos.engine import register

    packages = [m.name for m in pkgutil.iter_modules(muertos.games.__path__) if m.ispkg]
    extra = [n.strip() for n in os.environ.get(muertos.games.EXTRA, "").split(",") if n.strip()]
    games = [sys.modules[f"muertos.games.{p}"].GAME for p in packages] + [sys.modules[n].GAME for n in extra]
    assert len(packages) >= 5
    assert muertos.game_ids() == [g.id for g in sorted(games, key=lambda g: (g.order, g.id))]
    assert isinstance(muertos.games, types.ModuleType)  # the package, not a function beside it
    last = muertos.game_ids()[-1]
    register(muertos.game(last))  # the same game again: nothing changes
    assert muertos.game_ids()[-1] == last
    with pytest.raises(ValueError, match=f"two games with the id '{last}'"):
        register(type("Fake", (), {"id": last, "order": 1})())  # type: ignore[arg-type]


def test_the_engine_imports_nothing_above_it() -> None:
    """No module of muertos.engine imports muertos' other packages (agents, games, sim, …)."""
    import ast
    from pathlib import Path

    import muertos.engine

    root = Path(muertos.engine.__file__).parent
    for path in sorted(root.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            for name in names:
                assert not name.startswith("muertos.") or name.startswith("muertos.engine"), (path.name, name)
            if isinstance(node, ast.ImportFrom) and node.level > 1:
                raise AssertionError(f"{path.name} imports from above the engine: level {node.level}")


def test_every_game_declares_its_parts_and_nothing_finds_one_by_name() -> None:
    """Render, heuristics and encoding come from ``Game.parts``, declared by each package;
    no module of muertos imports a module by a name it computes."""
    import ast
    from pathlib import Path

    import muertos
    from muertos.rl.codec import encoding_module

    for gid in muertos.game_ids():
        g = muertos.game(gid)
        s = g.new(g.min_players, seed=1)
        assert g.parts.guide.strip() and g.rules() == g.parts.guide.strip()
        assert g.render(s, 0) is not None
        assert g.parts.heuristics is not None and isinstance(g.evaluate(s, 0), float)
        assert encoding_module(g) is g.parts.encoding
    assert TOY.parts.encoding is None and TOY.rollout_policy() is None
    with pytest.raises(NotImplementedError, match="toy declares no RL encoding"):
        encoding_module(TOY)
    root = Path(muertos.__file__).parent
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            named = (isinstance(node, ast.Attribute) and node.attr == "import_module") or (
                isinstance(node, ast.alias) and node.name == "import_module"
            )
            if named:  # sim's lazy exports; the extra games MUERTOS_EXTRA_GAMES names (no part)
                assert path.name == "__init__.py" and path.parent.name in ("sim", "games"), path
            if isinstance(node, ast.Attribute) and node.attr == "__module__":
                raise AssertionError(f"{path.relative_to(root)} reads a __module__ name")


def test_an_integer_option_outside_its_range_is_refused_naming_the_range() -> None:
    from muertos.engine import InvalidOptions, Option

    o = Option("rounds", 10, "rounds to play", minimum=1, maximum=1000)
    assert o.check(1) == 1 and o.check("1000") == 1000
    for bad in (0, 1001, 10**12, -(10**12)):
        with pytest.raises(InvalidOptions, match=rf"option 'rounds' must be from 1 to 1000, got {bad}"):
            o.check(bad)
    with pytest.raises(InvalidOptions, match="option 'rounds' must be to 5, got 6"):
        Option("rounds", 1, "", maximum=5).check(6)
    with pytest.raises(InvalidOptions, match="takes a int, got True"):
        o.check(True)


def test_round_limit_has_a_sane_range() -> None:
    import muertos
    from muertos.engine import InvalidOptions

    g = muertos.game("dia-de-los-muertos")
    assert g.check_options(3, {"round_limit": 12})["round_limit"] == 12
    for bad in (0, 1001, 10**12):
        with pytest.raises(InvalidOptions, match=rf"must be from 1 to 1000, got {bad}"):
            g.check_options(3, {"round_limit": bad})


def test_a_position_is_built_from_documented_json_and_validated() -> None:
    s = TOY.new(2, seed=4)
    d = s.position()
    assert set(d) == set(type(s).FIELDS)
    d["hands"] = [[1, 2], [3]]
    d["deck"] = [c for c in range(4, 13) if c not in d["played"][0] + d["played"][1]]
    built = TOY.position(2, d, seed=4)
    assert built.hands == [[1, 2], [3]] and built.history == [] and built.log() == []
    assert "play 1" in built.legal_actions() and "play 3" not in built.legal_actions()
    built.apply("play 1")
    d["hands"] = [[1, 1], [3]]  # a card twice: refused, naming the fault
    with pytest.raises(CorruptState, match="cards 1-12 exactly once"):
        TOY.position(2, d, seed=4)
    with pytest.raises(CorruptState, match="exactly the fields"):
        TOY.position(2, {"deck": []}, seed=4)


def test_with_position_changes_named_fields_only_and_keeps_the_history() -> None:
    s = TOY.new(2, seed=4)
    s.apply(s.legal_actions()[0])
    hand = s.hands[1]
    other = sorted(s.deck)[: len(hand)]
    t = s.with_position(hands=[s.hands[0], other], deck=sorted(set(s.deck) - set(other)) + hand)
    assert t.hands[1] == other and s.hands[1] == hand  # a copy
    assert t.history == s.history and t.log(None) == s.log(None) and t.rng.state == s.rng.state
    with pytest.raises(CorruptState, match="has no field 'hand'"):
        s.with_position(hand=[])


def test_a_memo_empties_itself_when_full_and_keeps_what_it_is_given() -> None:
    from muertos.engine.memo import Memo

    m: Memo[int, str] = Memo(3)
    assert [m.keep(k, str(k)) for k in range(3)] == ["0", "1", "2"] and len(m) == 3
    assert m.keep(9, "nine") == "nine" and dict(m) == {9: "nine"}  # full: emptied, then kept
    assert m.get(9) == "nine" and m.get(0) is None


def test_a_table_remembers_what_spellings_read_as_up_to_its_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    """A spelling reads the same in every state, so a table parses it once; the spellings it
    keeps are bounded, since a client may send endless different strings."""
    from muertos.engine import actions

    table = TOY.new(2, seed=1).ACTIONS
    monkeypatch.setattr(actions, "MAX_READS", len(table._reads) + 2)
    first = table.read("PLAY  7")
    assert not isinstance(first, str) and first[1].text == "play 7"
    assert table.read("PLAY  7") is first  # the same reading, not parsed again
    assert table.read("play x") == table.read("play x") == "name a card"
    for k in range(100):
        assert table.read(f"fly {k}").startswith("an action is ")
    assert len(table._reads) == actions.MAX_READS
