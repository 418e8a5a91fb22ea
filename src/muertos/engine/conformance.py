"""The conformance checks every game passes, for every player count and option.

A game's tests call :func:`check_game` first (and :func:`check_with_hypothesis`), the way
OpenSpiel's games all run its random-simulation test. The checks, from many seeds:

- random games end; ``over`` agrees with ``to_move``; scores and winners are sane;
- every listed action applies, spelled in any case; each has exactly one spelling;
- a string that is not listed raises :class:`IllegalAction` and changes nothing;
- ``clone`` is independent; ``to_json``/``from_json`` and ``replay`` reproduce the state;
- views are JSON-ready, and ``view(seat)`` of a state equals ``view(seat)`` of its
  ``determinize(seat)`` (nothing hidden leaks), while determinize really redraws what is
  hidden and the redrawn state plays on to a legal end; a determinization depends only on
  the seat's view and the rng (so a bot cannot tell two positions it sees alike apart);
- logs are lines of text, and a seat's log never holds a line meant for other seats only;
- components are conserved: ``census()`` never changes;
- ``result()`` adds up: each seat's categories sum to its score, and its winners and
  tie-break agree with ``winners()``;
- one source of legality: every well-formed move of every action kind is listed exactly
  when its check passes, and a refusal gives that check's sentence (at every position of a
  deep game, and at a sample of the positions of the others).
"""

from __future__ import annotations

import itertools
import json
import random
import re
from collections.abc import Iterable, Mapping
from typing import Any

from .actions import Actions
from .errors import IllegalAction
from .game import Game, State, normalize
from .registry import game as get_game

MAX_STATE_JSON = 256 * 1024
"""A state's JSON must stay small; search and storage depend on it."""

TABLE_SAMPLE = 0.1
"""The share of a shallow game's positions whose action table is proven in full (every
well-formed move, listed or refused). A deep game proves it at every position; spread over
many shallow games a sample reaches the same kinds of position at a tenth of the cost, which
in Die of the Dead's 5-seat games is most of the test's time."""


class ConformanceError(AssertionError):
    """A game broke the contract; the message says where (game, seed, action index)."""


def _fail(where: str, msg: str) -> None:
    raise ConformanceError(f"{where}: {msg}")


def _json_ready(x: Any) -> bool:
    try:
        return bool(json.loads(json.dumps(x, allow_nan=False)) == x)
    except (TypeError, ValueError):
        return False


def _bad_spellings(s: State, rnd: random.Random) -> list[Any]:
    legal = s.legal_actions()
    keys = {normalize(a) for a in legal}
    cands: list[Any] = ["", "   ", "xyzzy", "pass pass", "take -1", "take 999", "place P99 S99", "💀"]
    for a in rnd.sample(legal, min(3, len(legal))):
        cands += [a + " 9", a + "x", "x" + a, a.rsplit(" ", 1)[0] + " 999"]
        if any(ch.isdigit() for ch in a):  # digits int() refuses ("²"), or too many for it
            cands += [re.sub(r"\d+", "²", a), re.sub(r"\d+", "9" * 5000, a, count=1)]
    return [c for c in cands if normalize(c) not in keys] + [None, 3, ["take", "1"]]


def _check_views(s: State, where: str) -> None:
    for seat in [None, *range(s.players)]:
        v = s.view(seat)
        if not _json_ready(v):
            _fail(where, f"view({seat}) is not JSON-ready (tuples, non-string keys or NaN?)")
        if seat is not None and seat != s.to_move and v.get("legal"):
            _fail(where, f"view({seat}) lists legal actions though seat {s.to_move} is to move")
        for line in s.log(seat):
            if not isinstance(line, str):
                _fail(where, f"log({seat}) holds a non-string {line!r}")
        for e in s.events:
            if (
                e.seats is not None
                and seat not in e.seats
                and e.line_for(seat) == e.text
                and e.public != e.text
            ):
                _fail(where, f"event {e.text!r} for seats {e.seats} is readable by {seat}")


def _check_views_are_kept(s: State, where: str, rnd: random.Random, legal: list[str]) -> None:
    """A view is the seat's to keep (a client, a log, a replay step holds it): it shares no
    list or dict with the state, so the game moving on does not change a view given before."""
    if not legal:
        return
    c = s.clone()
    views = [c.view(seat) for seat in [None, *range(c.players)]]
    before = json.dumps(views, sort_keys=True)
    c.apply(rnd.choice(legal))
    if json.dumps(views, sort_keys=True) != before:
        _fail(where, "a view given before an action changed with it: the view shares data with the state")


def _check_result(s: State, where: str) -> None:
    """The score sheet adds up: each seat's categories sum to its score and every seat
    lists the same rows; at the end its winners are ``winners()``, and a tie on the best
    score is settled by the game's tie-break rules exactly as ``winners()`` settles it."""
    r = s.result()
    sc = s.scores()
    if not _json_ready(r.to_json()):
        _fail(where, "result().to_json() is not JSON-ready")
    rows = [c.key for c in r.seats[0].categories] if r.seats else []
    if [x.seat for x in r.seats] != list(range(s.players)) or len(set(rows)) != len(rows):
        _fail(where, f"result() must list each seat once, in order, each row once: {r}")
    for x in r.seats:
        if [c.key for c in x.categories] != rows:
            _fail(where, f"seat {x.seat}'s score sheet has other rows than seat 0's: {x.categories}")
        total = sum(c.points for c in x.categories)
        if x.score != sc[x.seat] or abs(total - sc[x.seat]) > 1e-9:
            _fail(
                where, f"seat {x.seat}'s categories sum to {total}, its score is {sc[x.seat]}: {x.categories}"
            )
    if not s.over:
        if r.winners or r.tie_break or r.rating:
            _fail(where, "result() names winners, a tie-break or a rating before the end")
        return
    w = s.winners()
    if list(r.winners) != w:
        _fail(where, f"result() names winners {r.winners}, winners() {w}")
    tied = [p for p, v in enumerate(sc) if v == max(sc)]
    if (r.tie_break is None) != (len(tied) < 2):
        _fail(where, f"result()'s tie-break {r.tie_break} for the seats tied on the best score {tied}")
    if r.tie_break is not None and list(r.tie_break.winners) != w:
        _fail(where, f"the tie-break rules leave {r.tie_break.winners}, winners() says {w}")


def snapshot(s: State) -> tuple[Any, ...]:
    """What a clone, a refusal, a determinization or a bot's trial could change by mistake: the fields,
    the generator, the history and the events. Cheaper than ``to_json``, which writes every
    event out: compared at each position, that made a deep check quadratic in a game's length."""
    return s.position(), s.rng.state, list(s.history), list(s.events)


def _check_determinize(s: State, where: str, rnd: random.Random, playout: bool) -> bool:
    """True if some determinization changed the game data."""
    changed = False
    before = snapshot(s)
    for seat in [None, *range(s.players)]:
        d = s.determinize(seat, random.Random(rnd.getrandbits(32)))
        if snapshot(s) != before:
            _fail(where, f"determinize({seat}) changed the original state")
        if d.view(seat) != s.view(seat):
            diff = {k for k in s.view(seat) if s.view(seat).get(k) != d.view(seat).get(k)}
            _fail(
                where,
                f"view({seat}) differs after determinize({seat}) in {sorted(diff)}: hidden information leaks",
            )
        if seat is not None and seat == s.to_move and d.legal_actions() != s.legal_actions():
            _fail(where, f"determinize({seat}) changed the legal actions of the seat to move")
        if d.census() != s.census():
            _fail(where, f"determinize({seat}) changed the components: {s.census()} -> {d.census()}")
        if d.position() != before[0]:
            changed = True
        k = rnd.getrandbits(32)
        if snapshot(s.determinize(seat, random.Random(k))) != snapshot(d.determinize(seat, random.Random(k))):
            _fail(
                where,
                f"determinize({seat}) must depend only on what seat {seat} sees and the rng: two states with "
                "the same view gave different results (sort the pool of unseen components before shuffling)",
            )
        if playout:
            _play_out(d, rnd, f"{where}, playing on from determinize({seat})")
    return changed


def _play_out(s: State, rnd: random.Random, where: str, max_actions: int = 50_000) -> None:
    for _ in range(max_actions):
        if s.over:
            return
        legal = s.legal_actions()
        if not legal:
            _fail(where, "no legal action but the game is not over")
        s.apply(rnd.choice(legal))
    _fail(where, f"no end after {max_actions} random actions")


def _check_state(
    s: State, where: str, rnd: random.Random, deep: bool, replayed: State | None = None, table: bool = True
) -> bool:
    """Checks of one position; returns whether a determinization changed hidden data.

    ``replayed`` is the same game rebuilt action by action from the seed alongside it (what
    ``Game.replay`` does), which keeps the replay check linear in the game's length; ``table``
    says whether to prove the action table in full here (always in a deep check)."""
    g = s.game
    legal = s.legal_actions()
    if s.over != (s.to_move is None):
        _fail(where, "over disagrees with to_move")
    if not s.over:
        if not legal:
            _fail(where, "the game is not over but nothing is legal")
        if not 0 <= s.to_move < s.players:  # type: ignore[operator]
            _fail(where, f"to_move {s.to_move} is not a seat")
    elif legal:
        _fail(where, "the game is over but actions are listed")
    if not all(isinstance(a, str) and a == " ".join(a.split()) and a for a in legal):
        _fail(where, f"actions must be non-empty strings with single spaces: {legal[:5]}")
    if len({normalize(a) for a in legal}) != len(legal):
        _fail(where, "two legal actions share one spelling (case and spaces are ignored)")
    if legal != s.legal_actions():
        _fail(where, "legal_actions() is not deterministic")
    if not s.over and (deep or table):  # the kinds speak only while someone is to move
        _check_action_table(s, s.ACTIONS, legal, where)
    if not deep:
        return False

    as_json = s.to_json()
    text = json.dumps(as_json)
    if len(text) > MAX_STATE_JSON:
        _fail(where, f"to_json is {len(text)} bytes, over {MAX_STATE_JSON}")
    back = g.from_json(json.loads(text))
    if back.to_json() != as_json:
        _fail(where, "from_json(to_json()) is not the same state")
    if back.legal_actions() != legal:
        _fail(where, "the state read back from JSON lists other legal actions")
    if replayed is None:
        replayed = g.replay(s.players, s.seed, s.options, s.history)
    if replayed.to_json() != as_json:
        _fail(where, "replay(seed, actions) does not rebuild the state")
    _check_views(s, where)
    _check_result(s, where)

    kept = snapshot(s)
    for bad in _bad_spellings(s, rnd):
        try:
            s.apply(bad)
        except IllegalAction as e:
            if not str(e) or not e.rule:
                _fail(where, f"IllegalAction for {bad!r} names no rule")
        else:
            _fail(where, f"{bad!r} is not listed but was accepted")
        if snapshot(s) != kept:
            _fail(where, f"the refused action {bad!r} changed the state")

    _check_views_are_kept(s, where, rnd, legal)
    census = s.census()
    for a in legal:
        c = s.clone()
        events = c.apply(a)
        if snapshot(s) != kept:
            _fail(where, f"applying {a!r} to a clone changed the original")
        if c.census() != census:
            _fail(where, f"{a!r} changed the components: {census} -> {c.census()}")
        if not isinstance(events, list) or not all(e in c.events for e in events):
            _fail(where, f"apply({a!r}) must return the events it caused")
        c2 = s.clone()
        c2.apply(a.upper() if rnd.random() < 0.5 else "  " + a.lower().replace(" ", "  ") + " ")
        if snapshot(c2) != snapshot(c):
            _fail(where, f"{a!r} spelled in other case or spacing does something else")
    return _check_determinize(s, where, rnd, playout=rnd.random() < 0.15)


def _check_action_table(s: State, table: Actions[Any], legal: list[str], where: str) -> None:
    """One source of truth: each listed action reads back as a move of its kind with that
    very spelling; every well-formed move is listed exactly when its kind's check passes,
    and a refused one's reason is that check's sentence."""
    listed = set(legal)
    for a in legal:
        got = table.read(a)
        if isinstance(got, str) or got[1].text != a:
            _fail(where, f"{a!r} does not read back as itself: {got!r}")
        elif table.problem(s, *got) is not None:
            _fail(where, f"{a!r} is listed but its check says: {table.problem(s, *got)}")
    phase = table.phase(s) if table.phase is not None else None
    for kind in table.kinds:
        moves: Iterable[Any] = kind.every(s)
        if kind.phases and phase not in kind.phases:
            # Closed now: ``problem`` answers ``closed`` before the kind's own check, whatever
            # the move, and a listed move of it failed above. One move proves the refusal is
            # that sentence; every move would prove the engine again (a quarter of the check).
            moves = itertools.islice(moves, 1)
        for move in moves:
            why = table.problem(s, kind, move)
            if why is None and move.text not in listed:
                _fail(where, f"{move.text!r} passes its check but is not listed")
            elif why is not None:
                if move.text in listed:
                    _fail(where, f"{move.text!r} is listed though its check says: {why}")
                elif table.why_illegal(s, move.text) != why:
                    _fail(
                        where,
                        f"the refusal of {move.text!r} is not its check's: {table.why_illegal(s, move.text)}",
                    )


def check_random_game(
    g: Game, players: int, options: Mapping[str, Any] | None, seed: int, deep: bool, max_actions: int = 50_000
) -> bool:
    """Play one random game from ``seed`` checking every position; returns whether some
    determinization redrew hidden data."""
    s = g.new(players, seed, options)
    shadow = g.new(players, seed, options) if deep else None
    rnd = random.Random(seed * 7919 + players)
    sample = random.Random(seed * 104729 + players)  # its own stream: the game played stays the same
    base_census = s.census()
    redrawn = False
    for i in range(max_actions):
        where = f"{g.id} players={players} options={dict(s.options)} seed={seed} after {i} actions"
        if s.census() != base_census:
            _fail(where, f"components not conserved: {base_census} -> {s.census()}")
        redrawn |= _check_state(s, where, rnd, deep, shadow, table=sample.random() < TABLE_SAMPLE)
        if s.over:
            break
        a = rnd.choice(s.legal_actions())
        s.apply(a)
        if shadow is not None:
            shadow.apply(a)
    else:
        _fail(f"{g.id} seed={seed}", f"no end after {max_actions} random actions")
    where = f"{g.id} players={players} seed={seed} at the end"
    sc = s.scores()
    if len(sc) != players or not all(isinstance(x, (int, float)) for x in sc):
        _fail(where, f"scores() must give one number per seat, got {sc}")
    w = s.winners()
    if not w or not set(w) <= set(range(players)) or sorted(set(w)) != w:
        _fail(where, f"winners() must be a sorted non-empty list of seats, got {w}")
    _check_views(s, where)
    _check_result(s, where)
    back = g.from_json(json.loads(json.dumps(s.to_json())))
    if back.to_json() != s.to_json() or back.scores() != sc or back.winners() != w:
        _fail(where, "the finished game does not survive to_json/from_json")
    replayed = g.replay(players, seed, s.options, s.history)
    if replayed.to_json() != s.to_json():
        _fail(where, "replay does not rebuild the finished game")
    return redrawn


def check_game(
    game: Game | str,
    players: int,
    options: Mapping[str, Any] | None = None,
    seeds: int = 200,
    deep: int = 4,
    first_seed: int = 0,
) -> None:
    """Every check, on ``seeds`` random games; the first ``deep`` are checked at every
    position with the expensive checks (all actions, JSON, replay, determinize)."""
    g = get_game(game) if isinstance(game, str) else game
    redrawn = False
    for seed in range(first_seed, first_seed + seeds):
        redrawn |= check_random_game(g, players, options, seed, deep=seed - first_seed < deep)
    if g.hides_information(players) and deep and not redrawn:
        _fail(
            f"{g.id} players={players}",
            "determinize never redrew anything, yet the game has hidden information",
        )


def check_with_hypothesis(
    game: Game | str, players: int, options: Mapping[str, Any] | None = None, max_examples: int = 30
) -> None:
    """Hypothesis drives action sequences (and shrinks any failure to a short one)."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    g = get_game(game) if isinstance(game, str) else game

    @settings(
        max_examples=max_examples,
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(seed=st.integers(0, 2**31), data=st.data())
    def run(seed: int, data: st.DataObject) -> None:
        s = g.new(players, seed, options)
        rnd = random.Random(seed)
        census = s.census()
        steps = 0
        while not s.over and steps < 5000:
            legal = s.legal_actions()
            if steps % 7 == 0:
                i = data.draw(st.integers(0, len(legal) - 1), label="action")
            else:
                i = rnd.randrange(len(legal))
            before = s.clone()
            s.apply(legal[i])
            if before.to_json()["history"] == s.to_json()["history"]:
                raise ConformanceError("apply did not record the action")
            if s.census() != census:
                raise ConformanceError(f"components not conserved after {legal[i]!r}")
            steps += 1
        assert s.over, "hypothesis game did not end"
        assert g.replay(players, seed, s.options, s.history).to_json() == s.to_json()

    run()
