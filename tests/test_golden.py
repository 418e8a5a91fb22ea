"""Golden game files: whole recorded games that every refactor must leave passing unchanged.

``tests/golden/<game id>.json`` holds games of every game, at every seat count, with the
default options and with each rule option, played by the random and greedy bots. For each
one this replays the actions step by step and checks, against the file, the legal actions
and every seat's and the spectator's view at every position (one hash), the logs, the final
state's JSON (a hash), the number of events, the scores and the winners; and it plays the
game again with the recorded bots, seeded as the match runner seeds them, and checks they
choose the same actions.

A failure here means behaviour changed. If the change is intended (a rule fix, a retuned
bot, a view gaining a field), regenerate with ``.venv/bin/python tests/golden/make.py`` and
say in the commit what changed and why; otherwise the change is a bug. The files are never
edited by hand.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import muertos
from tests.golden.make import HERE, Trace, canon, record_id

RECORDS: list[dict[str, Any]] = [
    rec
    for gid in muertos.game_ids()
    if (HERE / f"{gid}.json").exists()
    for rec in json.loads((HERE / f"{gid}.json").read_text(encoding="utf-8"))
]
IDS = [rec["id"] for rec in RECORDS]


def _first_difference(got: list[str], want: list[str]) -> str:
    for i, (a, b) in enumerate(zip(got, want, strict=False)):
        if a != b:
            return f"action {i + 1}: {a!r} instead of {b!r}"
    return f"{len(got)} actions instead of {len(want)}"


def test_every_game_and_seat_count_is_pinned() -> None:
    assert len(IDS) == len(set(IDS)), "two golden records share an id"
    have = {(r["game"], r["players"], r["seats"][0]) for r in RECORDS if not r["options"]}
    for gid in muertos.game_ids():
        g = muertos.game(gid)
        for n in range(g.min_players, g.max_players + 1):
            for agent in ("random", "greedy"):
                assert (gid, n, agent) in have, f"no golden {agent} game of {gid} at {n}p (run make.py)"


@pytest.mark.parametrize("gid", muertos.game_ids())
def test_every_option_of_a_game_is_pinned_switched_from_its_default(gid: str) -> None:
    """A game's golden file plays each of its options off its default in some game (make.py
    records one when a file lacks it): a rule behind an option is pinned as the others."""
    defaults = {o.name: o.default for o in muertos.game(gid).options}
    switched = {
        k for r in RECORDS if r["game"] == gid for k, v in r["options"].items() if v != defaults.get(k, v)
    }
    unpinned = [name for name in defaults if name not in switched]
    assert not unpinned, f"{gid}: no golden game with {unpinned} switched (run make.py {gid})"


@pytest.mark.parametrize("rec", RECORDS, ids=IDS)
def test_replay_matches_the_golden_record(rec: dict[str, Any]) -> None:
    gid, players, seed, options = rec["game"], rec["players"], rec["seed"], rec["options"]
    assert rec["id"] == record_id(gid, players, options, rec["seats"], seed)
    t = Trace(gid, players, seed, options)
    for i, a in enumerate(rec["actions"]):
        assert not t.state.over, f"the game ended after {i} of {len(rec['actions'])} actions"
        t.apply(a)
    s = t.state
    assert s.history == rec["actions"], "the recorded actions are no longer canonical spellings"
    got = t.pinned()
    assert got.pop("over"), "the recorded actions no longer finish the game"
    want = {k: rec[k] for k in got}
    assert got["scores"] == want["scores"]
    assert got["winners"] == want["winners"]
    assert got["events"] == want["events"]
    assert got["logs_sha256"] == want["logs_sha256"], "a log line changed"
    assert got["views_sha256"] == want["views_sha256"], "a view or legal action list changed"
    assert got["state_sha256"] == want["state_sha256"], "the final state's JSON changed"
    # Game.replay, the engine's own path, reaches the very same state.
    again = muertos.game(gid).replay(players, seed, options, rec["actions"])
    assert canon(again.to_json()) == canon(s.to_json())


@pytest.mark.parametrize("rec", RECORDS, ids=IDS)
def test_bots_replay_the_golden_actions(rec: dict[str, Any]) -> None:
    """The recorded agents, seeded as ``muertos.play`` seeds them, choose the same moves."""
    got = muertos.play(rec["game"], seats=rec["seats"], seed=rec["seed"], options=rec["options"])
    assert got.seats == rec["seats"]
    assert got.actions == rec["actions"], _first_difference(got.actions, rec["actions"])
    assert got.scores == rec["scores"]
    assert got.winners == rec["winners"]
