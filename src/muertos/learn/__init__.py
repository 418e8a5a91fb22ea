"""Learned evaluations: a small network that judges a position from one seat's view.

The network reads only the seat's information-state encoding (``muertos.rl.codec``'s
``observe(state, seat)``, built from ``state.view(seat)``), never the true state, and
predicts the game's outcome for that seat: the final score solo (normalised by the scores
it was trained on), the share of the win at a table. The search
(``muertos.agents.net``, agent ``ismcts+net``) asks it at its leaves, on its
determinizations, instead of (or after a short) playout.

Weights ship inside the package (``weights/<game>-<players>.pt``, a ``torch.save`` of a
plain dict of tensors and a record, loaded with ``weights_only=True``), each with the
record of how it was made (``weights/<game>-<players>.json``: the command, data, steps,
seed, losses, CPU time). Torch is needed to load them (``pip install 'muertos[train]'``);
without it, or without weights for a game and seat count, :func:`value_model` answers
None and the ``ismcts+net`` agent plays today's search. ``muertos train GAME`` makes them
(:mod:`muertos.learn.train`).

Each file carries a fingerprint of the encoding it was trained on (:func:`fingerprint`):
a change of the encoding makes the file refuse to load until it is retrained.
"""

from __future__ import annotations

import hashlib
import importlib.util
import struct
import tomllib
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from muertos.engine import MuertosError

if TYPE_CHECKING:
    from muertos.rl.codec import Codec

    from .model import ValueModel

WEIGHTS = Path(__file__).parent / "weights"
"""Where the shipped weights live, one ``<game>-<players>.pt`` a setting."""
NO_TORCH = (
    "the learned evaluation needs torch (pip install 'muertos[train]'): "
    "the ismcts+net bot plays today's search instead"
)
FINGERPRINT_MOVES = 40
"""Decisions of the probe game whose observations make an encoding's fingerprint."""


class TrainError(MuertosError):
    """A training run that cannot go on as asked: a sentence of the ``learn`` catalogs
    (``error.<key>``), so ``muertos train`` says it in the reader's language; ``str()`` is
    the English, for logs and for callers in Python."""

    def __init__(self, key: str, /, **params: Any) -> None:
        self.key, self.params = key, params
        super().__init__(self.said("en"))

    def said(self, lang: str) -> str:
        """The refusal in ``lang``."""
        from muertos.i18n import message

        return message(f"learn.error.{self.key}", lang, **self.params)

    def __reduce__(self) -> tuple[Any, ...]:
        # Raised in a worker playing a chunk, it crosses to the parent by pickle, which
        # would call the class with the English sentence as the key.
        return (_rebuild, (type(self), self.key, self.params))


def _rebuild(cls: type[TrainError], key: str, params: dict[str, Any]) -> TrainError:
    return cls(key, **params)


LEAF = WEIGHTS / "leaf.toml"
"""How much of a leaf's reward the ``ismcts+net`` search takes from each network, and what
each was measured worth: it lives beside the weights (a retrained file is measured again)."""


@cache
def _leaf_table() -> dict[str, object]:
    with LEAF.open("rb") as f:
        return tomllib.load(f)


def leaf_mix(game_id: str, players: int) -> float:
    """The network's share of a leaf's reward in the ``ismcts+net`` search at a setting (the
    playout's the rest): the setting's ``mix`` in ``leaf.toml``, else the file's own. 0:
    the search does not ask the network."""
    table = _leaf_table()
    entry = table.get(f"{game_id}-{players}", {})
    if not isinstance(entry, dict):
        raise ValueError(f"{LEAF.name}: [{game_id}-{players}] is a table, not {entry!r}")
    mix = entry.get("mix", table.get("mix"))
    if isinstance(mix, bool) or not isinstance(mix, int | float) or not 0.0 <= mix <= 1.0:
        raise ValueError(f"{LEAF.name}: the mix of [{game_id}-{players}] is a share in [0, 1], not {mix!r}")
    return float(mix)


def torch_available() -> bool:
    """Whether torch can be imported here (without importing it)."""
    return importlib.util.find_spec("torch") is not None


def weights_file(game_id: str, players: int, folder: Path | None = None) -> Path:
    """The file of a game's weights at a seat count (it may not exist)."""
    return (folder or WEIGHTS) / f"{game_id}-{players}.pt"


def settings() -> list[tuple[str, int]]:
    """The (game, players) settings that matter, the ones the package ships weights for:
    each game's solo mode where it has one, 2 seats, and its most seats."""
    from muertos.engine import game, game_ids

    out = []
    for gid in game_ids():
        g = game(gid)
        for players in sorted({g.min_players, 2, g.max_players}):
            if players >= g.min_players:
                out.append((gid, players))
    return sorted(out)


def shipped() -> list[tuple[str, int]]:
    """The (game, players) settings the package ships weights for."""
    out = []
    for p in sorted(WEIGHTS.glob("*.pt")):
        gid, _, players = p.stem.rpartition("-")
        out.append((gid, int(players)))
    return out


def fingerprint(c: Codec) -> str:
    """A digest of the encoding: its size and the observations, at every seat, of a fixed
    probe game (seed 0, always the first legal move). Any change to what ``observe``
    produces changes it, so weights trained on another encoding are refused."""
    h = hashlib.sha256()
    h.update(f"{c.game.id}:{c.players}:{c.observation_size}".encode())
    s = c.game.new(c.players, seed=0, options=c.options)
    for _ in range(FINGERPRINT_MOVES):
        for seat in range(c.players):
            obs = c.observe(s, seat)
            h.update(struct.pack(f"<{len(obs)}f", *obs))
        if s.over:
            break
        s.apply(s.legal_actions()[0])
    return h.hexdigest()[:16]


@cache
def value_model(game_id: str, players: int) -> ValueModel | None:
    """The shipped evaluation of a game at a seat count, or None (no torch, no weights).

    Raises ``ValueError`` if the weights were trained on another encoding."""
    path = weights_file(game_id, players)
    if not path.exists() or not torch_available():
        return None
    from .model import load

    return load(path)
