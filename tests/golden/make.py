"""Write the golden game files: tests/golden/<game id>.json.

Why these files exist: they pin what every game does today — every legal action list, every
seat's view and the spectator's at every position, the logs, the final state, scores and
winners, and the moves the random and greedy bots choose — over whole recorded games at
every seat count and with each rule option. ``tests/test_golden.py`` replays them. A refactor
must leave them passing *unchanged*: that is the proof it changed no behaviour.

Regenerate them only when a change of behaviour is intended (a rule fix, a new option value,
a bot retuned, a view gaining a field), and say so in the commit message, naming what
changed and why the new files are right. Never regenerate to make a failing refactor pass.

    .venv/bin/python tests/golden/make.py              # every game
    .venv/bin/python tests/golden/make.py ofertu       # only the games named
    .venv/bin/python tests/golden/make.py ofertu --add greedy,random@14 [--options '{"x": true}']
                                                       # and one more game pinned, kept from then on

Each file is its own list of games: re-recording plays again the games it holds, and adds
what every game must pin if it lacks any (``_spec``); a new game's first file is that.

The output is deterministic: the same code writes the same bytes. Games are played by the
match runner, ``muertos.play``, which seeds the agent in seat ``i`` with
``seat_seed(seed, i)``; the test plays them again the same way.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import muertos
from muertos.engine import Game, InvalidOptions, Option

HERE = Path(__file__).resolve().parent

R, G = "random", "greedy"


Row = tuple[str, int, dict[str, Any], tuple[str, ...], int]
"""A recorded game: (game id, players, options as given, seat agents, seed)."""

FIRST_OPTION_SEED = 11
"""The seed of the games a new golden file records for each option switched."""


def _switched(o: Option) -> list[bool | int | str]:
    """The values of an option other than its default that a new golden file records: a
    flag turned over, every other choice, an integer's lower bound (else its upper)."""
    if isinstance(o.default, bool):
        return [not o.default]
    if o.choices:
        return [c for c in o.choices if c != o.default]
    bounds = [b for b in (o.minimum, o.maximum) if b is not None and b != o.default]
    return bounds[:1]


def _spec(gid: str) -> list[Row]:
    """Every recorded game of ``gid``: those its golden file holds (re-recording keeps them,
    in their order: the file is its own list), then any the file lacks of what every game
    must pin: a random (seeds 1-3) and a greedy (seeds 1-2) game at every seat count with
    the default options, and each option switched from its default, by random and greedy
    seats at the fewest and the most seats it is played with (seed 11). A game's first file
    is those; ``--add`` pins more (mixed seats, another seed or option): this script names
    no game."""
    g = muertos.game(gid)
    path = HERE / f"{gid}.json"
    out: list[Row] = []
    if path.exists():
        for r in json.loads(path.read_text(encoding="utf-8")):
            out.append((r["game"], r["players"], r["options"], tuple(r["seats"]), r["seed"]))

    def add(n: int, options: dict[str, Any], agent: str, seeds: Sequence[int]) -> None:
        for seed in seeds:
            row = (gid, n, options, (agent,) * n, seed)
            if row not in out:
                out.append(row)

    counts = range(g.min_players, g.max_players + 1)
    for n in counts:
        add(n, {}, R, [1, 2, 3])
        add(n, {}, G, [1, 2])
    for o in g.options:
        if any(o.name in options for _, _, options, _, _ in out):
            continue
        for value in _switched(o):
            options = {o.name: value}
            valid = [n for n in counts if _valid(g, n, options)]
            for n in sorted({valid[0], valid[-1]}) if valid else []:
                add(n, options, R, [FIRST_OPTION_SEED])
                add(n, options, G, [FIRST_OPTION_SEED])
    return out


def _valid(g: Game, players: int, options: dict[str, Any]) -> bool:
    try:
        g.check_options(players, options)
    except InvalidOptions:
        return False
    return True


def record_id(gid: str, players: int, options: Mapping[str, Any], seats: Sequence[str], seed: int) -> str:
    """``ofrenda-2p-greedy-seed3``, ``ofrenda-2p-common_goals-random-seed11``, …"""
    parts = [gid, f"{players}p"]
    for k, v in sorted(options.items()):
        parts.append(k if v is True else f"{k}={v}")
    parts.append(seats[0] if len(set(seats)) == 1 else "+".join(seats))
    parts.append(f"seed{seed}")
    return "-".join(parts)


def canon(x: Any) -> str:
    """The canonical JSON text that every hash here is taken over."""
    return json.dumps(x, sort_keys=True, separators=(",", ":"))


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


class Trace:
    """Walks a game position by position, hashing what every chair sees there.

    ``views_sha256`` covers, for the start and after every action, the legal action list
    and ``view(seat)`` for every seat and the spectator (``None``), one canonical JSON line
    per position."""

    def __init__(self, gid: str, players: int, seed: int, options: Mapping[str, Any]) -> None:
        self.state = muertos.game(gid).new(players, seed, options)
        self.chairs: list[int | None] = [*range(players), None]
        self._views = hashlib.sha256()
        self._position()

    def _position(self) -> None:
        s = self.state
        line = canon([s.legal_actions(), [s.view(c) for c in self.chairs]])
        self._views.update(line.encode())
        self._views.update(b"\n")

    def apply(self, action: str) -> None:
        self.state.apply(action)
        self._position()

    def pinned(self) -> dict[str, Any]:
        """Every value a record pins, read off the final state (actions excepted)."""
        s = self.state
        return {
            "over": s.over,
            "scores": s.scores(),
            "winners": s.winners(),
            "events": len(s.events),
            "state_sha256": sha256(canon(s.to_json())),
            "views_sha256": self._views.hexdigest(),
            "logs_sha256": sha256(canon([s.log(c) for c in self.chairs])),
        }


def make_record(
    gid: str, players: int, options: dict[str, Any], seats: Sequence[str], seed: int
) -> dict[str, Any]:
    rec = muertos.play(gid, seats=list(seats), seed=seed, options=options)
    t = Trace(gid, players, seed, options)
    for a in rec.actions:
        t.apply(a)
    pinned = t.pinned()
    assert pinned.pop("over"), f"{gid} seed {seed}: the match ended unfinished"
    assert pinned["scores"] == rec.scores and pinned["winners"] == rec.winners
    return {
        "id": record_id(gid, players, options, seats, seed),
        "game": gid,
        "players": players,
        "options": options,
        "seed": seed,
        "seats": rec.seats,
        **pinned,
        "actions": rec.actions,
    }


def main(argv: Sequence[str]) -> None:
    p = argparse.ArgumentParser(description="Write the golden game files.")
    p.add_argument("games", nargs="*", help="game ids (default: every game)")
    p.add_argument("--add", action="append", default=[], metavar="SEATS@SEED", help="pin one more game")
    p.add_argument("--options", type=json.loads, default={}, help="the options of the added games (JSON)")
    a = p.parse_args(argv)
    wanted = a.games or muertos.game_ids()
    specs = {gid: _spec(gid) for gid in wanted}  # an unknown id fails here, before anything is written
    for extra in a.add:
        seats, seed = extra.split("@")
        for gid, spec in specs.items():
            spec.append((gid, len(seats.split(",")), a.options, tuple(seats.split(",")), int(seed)))
    for spec in specs.values():
        ids = [record_id(gid, n, o, seats, seed) for gid, n, o, seats, seed in spec]
        assert len(ids) == len(set(ids)), "two recorded games share an id"
    for gid, spec in specs.items():
        records = [make_record(*row) for row in spec]
        path = HERE / f"{gid}.json"
        path.write_text(json.dumps(records, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"{path.name}: {len(records)} games, {path.stat().st_size:,} bytes")


if __name__ == "__main__":
    main(sys.argv[1:])
