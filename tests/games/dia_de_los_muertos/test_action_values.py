"""The greedy bot's question answered the game's own faster way (issue 21): ``action_values``
gives, for every action, exactly ``evaluate(state.after(a), seat)``, in positions of whole
games (greedy and random moves, every seat count) on determinizations as the bot sees them,
for every seat; and it leaves the state as it found it. The determinization's redraw is
the one it was, with the generator's own shuffle."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from muertos.engine import Rng
from muertos.games.dia_de_los_muertos import GAME
from muertos.games.dia_de_los_muertos.components import FEST_AT_FIELD, MOVE, REACTION
from muertos.games.dia_de_los_muertos.heuristics import (
    _after,
    _movement_values,
    _world,
    action_values,
    determinized_values,
)
from muertos.games.dia_de_los_muertos.rules import GOAL, MuertosState
from muertos.games.dia_de_los_muertos.views import redraw_hidden
from tests.agents.test_greedy_speed import positions, snapshot


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_action_values_are_the_evaluations_after_each_action(players: int) -> None:
    rnd = random.Random(players)
    for seed in range(2):
        for s in positions(GAME, players, seed):
            seat = s.to_move
            if seat is None:
                continue
            d = s.determinize(seat, rnd)
            before, legal = snapshot(d), d.legal_actions()
            for who in range(players):  # every seat: the swaps' shortcut reads all hands
                plain = [GAME.evaluate(d.after(a), who) for a in legal]
                assert action_values(d, who, legal) == plain, (who, legal)
                assert snapshot(d) == before, "action_values changed the state it was asked about"


def test_the_trial_copy_is_the_state_after_the_action_but_its_log() -> None:
    for s in positions(GAME, 3, 7, every=2):
        assert isinstance(s, MuertosState)
        for a in s.legal_actions()[:4]:
            got, want = _after(s, a), s.after(a)
            assert got.position() == want.position()
            assert got.rng.state == want.rng.state
            assert got.legal_actions() == want.legal_actions()


def _redraw_as_it_was(s: MuertosState, seat: int | None, rng: Rng) -> None:
    """``views.redraw_hidden`` before issue 21, with the engine's shuffle (and before the
    draw pile was kept within the discard pile it was rebuilt from: until the first
    reshuffle, the redraw is still this one)."""
    slots: list[tuple[str, int, int]] = []
    pool = list(s.draw)
    for p in range(s.players):
        if p == seat:
            continue
        for c in s.hands[p]:
            slots.append(("h", p, MOVE[c]))
            pool.append(c)
        if s.lay[p] >= 0:
            slots.append(("l", p, MOVE[s.lay[p]]))
            pool.append(s.lay[p])
        s.hands[p] = []
    pool.sort()
    rng.shuffle(pool)
    by_back: dict[int, list[int]] = {}
    for c in pool:
        by_back.setdefault(MOVE[c], []).append(c)
    for place, p, b in slots:
        c = by_back[b].pop()
        if place == "h":
            s.hands[p].append(c)
        else:
            s.lay[p] = c
    for p in range(s.players):
        s.hands[p].sort()
    rest = [c for b in sorted(by_back) for c in by_back[b]]
    rng.shuffle(rest)
    s.draw = rest


def _acts(hand: list[int], laid: int) -> bool:
    """Whether a hand and its laid card hold a card other than a reaction card."""
    return any(not REACTION[c] for c in [*hand, *([laid] if laid >= 0 else [])])


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_redraw_is_the_one_it_was(players: int) -> None:
    for s in positions(GAME, players, 3, every=2):
        for seat in (None, *range(players)):
            a, b = s.clone(), s.clone()
            assert isinstance(a, MuertosState) and isinstance(b, MuertosState)
            ra, rb = Rng(len(s.history) + 7 * (seat or 0)), Rng(len(s.history) + 7 * (seat or 0))
            redraw_hidden(a, seat, ra)
            if s.rebuilt:  # A-D28: the draw pile holds only cards of the open pile it was rebuilt from
                assert not Counter(a.draw) - Counter(s.rebuilt)
                assert a.view(seat) == s.view(seat)
                continue
            _redraw_as_it_was(b, seat, rb)
            known = [p for p in range(players) if p != seat and s.not_only_reaction[p]]
            if not all(_acts(b.hands[p], b.lay[p]) for p in known):
                # Phase 4: a seat not made to swap holds a card other than a reaction card,
                # which the old redraw could take away (A-D28): that deal is dealt again.
                assert all(_acts(a.hands[p], a.lay[p]) for p in known)
                assert a.view(seat) == s.view(seat)
                continue
            assert snapshot(a) == snapshot(b)
            assert ra.state == rb.state


@pytest.mark.parametrize("players", [2, 4])
def test_the_values_hold_up_to_the_round_limit(players: int) -> None:
    """A trial that runs into the game's end (the last round over) ends it as the rules do."""
    rnd = random.Random(players)
    for s in positions(GAME, players, 1, options={"round_limit": 2}):
        seat = s.to_move
        if seat is None:
            continue
        legal = s.legal_actions()
        d = s.determinize(seat, rnd)
        assert action_values(d, seat, legal) == [GAME.evaluate(d.after(a), seat) for a in legal]
        asked, plain = random.Random(len(s.history)), random.Random(len(s.history))
        got = determinized_values(s, seat, legal, asked)
        assert got == action_values(s.determinize(seat, plain), seat, legal)


def test_walks_onto_festivity_fields_and_into_the_goal_are_valued_on_the_state_itself() -> None:
    """The movement's own values (no copy played by the rules, so no redraw when masked) cover
    a walk that takes a festivity card and moves the gravedigger, and one into the goal, with
    the numbers the rules' copy gives."""
    found = {"festivity": 0, "goal": 0}
    for seed in range(6):
        for s in positions(GAME, 3, seed):
            assert isinstance(s, MuertosState)
            if s.over or s.stack[-1][0] != "movement":
                continue
            seat = s.to_move
            assert seat is not None
            got = _movement_values(s, seat, _world(s))
            for a in s.legal_actions():
                if not a.startswith("walk "):
                    continue
                f = int(a.split()[1])
                k = FEST_AT_FIELD.get(f, -1)
                takes = k >= 0 and s.stock[k] > 0 and k not in s.fest[seat]
                kind = "goal" if f == GOAL else "festivity" if takes else ""
                if kind and a in got:
                    found[kind] += 1
                    assert got[a] == GAME.evaluate(s.after(a), seat), a
    assert found["festivity"] >= 5 and found["goal"] >= 2, found
