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

The output is deterministic: the same code writes the same bytes. Games are played by the
match runner, ``muertos.play``, which seeds the agent in seat ``i`` with
``seat_seed(seed, i)``; the test plays them again the same way.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import muertos

HERE = Path(__file__).resolve().parent

R, G = "random", "greedy"


def _spec() -> list[tuple[str, int, dict[str, Any], tuple[str, ...], int]]:
    """Every recorded game: (game id, players, options as given, seat agents, seed).

    At least one random and one greedy game for every game and seat count with the default
    options; each option of a game switched on once or more; a few games mixing agents."""
    out: list[tuple[str, int, dict[str, Any], tuple[str, ...], int]] = []

    def add(gid: str, n: int, options: dict[str, Any], seats: Sequence[str], seeds: Sequence[int]) -> None:
        assert len(seats) == n
        out.extend((gid, n, options, tuple(seats), s) for s in seeds)

    def both(gid: str, ns: Sequence[int], options: dict[str, Any], seed: int) -> None:
        for n in ns:
            add(gid, n, options, [R] * n, [seed])
            add(gid, n, options, [G] * n, [seed])

    def mixed(n: int) -> list[str]:
        return [G if i % 2 == 0 else R for i in range(n)]

    for gid in muertos.game_ids():
        g = muertos.game(gid)
        for n in range(g.min_players, g.max_players + 1):
            add(gid, n, {}, [R] * n, [1, 2, 3])
            add(gid, n, {}, [G] * n, [1, 2])

    both("ofrenda", [2, 3, 4], {"common_goals": True}, 11)
    both("ofrenda", [1, 2, 4], {"reveal_top": True}, 12)
    both("ofrenda", [2], {"common_goals": True, "reveal_top": True}, 13)
    add("ofrenda", 2, {}, mixed(2), [14])
    add("ofrenda", 4, {}, mixed(4), [14])

    both("die-of-the-dead", [2, 3, 5], {"exclusive_squares": True}, 11)
    both("die-of-the-dead", [1, 2, 4], {"same_urns": True}, 12)
    both("die-of-the-dead", [3], {"exclusive_squares": True, "same_urns": True}, 13)
    add("die-of-the-dead", 3, {}, mixed(3), [14])
    add("die-of-the-dead", 5, {}, mixed(5), [14])

    both("patzcuaro", [2, 3, 4], {"language": "es"}, 11)
    add("patzcuaro", 3, {}, mixed(3), [14])

    both("dia-de-los-muertos", [2, 4, 6], {"round_limit": 3}, 11)
    both("dia-de-los-muertos", [3], {"round_limit": 12}, 12)
    add("dia-de-los-muertos", 4, {}, mixed(4), [14])

    add("ofertu", 2, {}, [R, R], [4, 5, 6])
    add("ofertu", 2, {}, [G, G], [3, 4])
    add("ofertu", 2, {}, [G, R], [14, 15])
    add("ofertu", 2, {}, [R, G], [14])
    return out


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
    wanted = list(argv) or muertos.game_ids()
    for gid in wanted:
        muertos.game(gid)  # an unknown id fails here, before anything is written
    spec = _spec()
    ids = [record_id(gid, n, o, seats, seed) for gid, n, o, seats, seed in spec]
    assert len(ids) == len(set(ids)), "two recorded games share an id"
    for gid in wanted:
        records = [make_record(*row) for row in spec if row[0] == gid]
        path = HERE / f"{gid}.json"
        path.write_text(json.dumps(records, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"{path.name}: {len(records)} games, {path.stat().st_size:,} bytes")


if __name__ == "__main__":
    main(sys.argv[1:])
