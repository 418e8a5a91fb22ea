"""The value network and its file (needs torch): a small MLP over one seat's observation.

A file is ``torch.save`` of ``{"state": {name: tensor}, "meta": {...}}`` (plain types
only, so ``torch.load(..., weights_only=True)`` reads it and no code can ride in it). The
tensors are stored as float16 (half the size) and used as float32. ``meta`` holds what
the network reads and how to read its answer: game, players, options, observation size,
the encoding's fingerprint, the hidden layers, the target (``"score"`` solo, normalised
by ``mean`` and ``std``; ``"win"`` at a table) and the training record.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import torch
from torch import nn

from muertos.engine import State
from muertos.rl.codec import Codec, codec

from . import fingerprint


class ValueNet(nn.Module):
    """Observation → one number: the seat's predicted outcome (normalised score, or the
    logit of its win share)."""

    def __init__(self, size: int, hidden: list[int]) -> None:
        super().__init__()
        layers: list[nn.Module] = []
        last = size
        for h in hidden:
            layers += [nn.Linear(last, h), nn.ReLU()]
            last = h
        layers.append(nn.Linear(last, 1))
        self.body = nn.Sequential(*layers)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        out: torch.Tensor = self.body(x).squeeze(-1)
        return out


class ValueModel:
    """A trained :class:`ValueNet` with the codec it reads: ``values(state)`` is every
    seat's predicted outcome, each from that seat's own observation.

    The search asks it one position at a time, thousands of times a move, where a torch
    call costs more than the arithmetic (a forward pass of an Ofertu position's two seats:
    77 µs in torch, 30 µs in numpy, ``benchmarks/leaf.py``): the layers are copied to numpy
    arrays once, and each answer is numpy's."""

    def __init__(self, net: ValueNet, meta: dict[str, Any], c: Codec) -> None:
        self.net = net.eval()
        self.meta = meta
        self.codec = c
        self.target = str(meta["target"])
        self.mean = float(meta.get("mean", 0.0))
        self.std = float(meta.get("std", 1.0))
        linears = [m for m in self.net.body if isinstance(m, nn.Linear)]
        self.layers = [
            (
                m.weight.detach().numpy().T.astype(np.float32).copy(),
                m.bias.detach().numpy().astype(np.float32),
            )
            for m in linears
        ]

    def forward(self, observations: list[list[float]]) -> np.ndarray:
        """:class:`ValueNet`'s forward pass (linear layers, ReLU between them) in numpy."""
        x = np.asarray(observations, dtype=np.float32)
        last = len(self.layers) - 1
        for i, (weight, bias) in enumerate(self.layers):
            x = x @ weight + bias
            if i < last:
                np.maximum(x, 0.0, out=x)
        return x[:, 0]

    def values(self, state: State) -> list[float]:
        """Solo: ``[predicted final score]``. At a table: each seat's predicted share of
        the win, from its own observation, scaled to sum to 1 (one win is shared)."""
        out = self.forward([self.codec.observe(state, seat) for seat in range(state.players)])
        if self.target == "score":
            scores: list[float] = (out * self.std + self.mean).tolist()
            return scores
        # the logistic, as exp(-log(1 + e^-v)): no overflow at either end
        shares: list[float] = np.exp(-np.logaddexp(0.0, -out)).tolist()
        total = sum(shares)
        return [s / total for s in shares] if total > 0 else shares


def build(meta: dict[str, Any]) -> ValueNet:
    return ValueNet(int(meta["observation_size"]), [int(h) for h in meta["hidden"]])


def save(path: Path, net: ValueNet, meta: dict[str, Any]) -> None:
    """Write the weights (float16) and their record; written whole, then renamed."""
    state = {k: v.detach().to(torch.float16).clone() for k, v in net.state_dict().items()}
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    torch.save({"state": state, "meta": meta}, tmp)
    tmp.replace(path)


def read(path: Path) -> tuple[ValueNet, dict[str, Any]]:
    """The network of a file and its record, checking nothing against today's encoding."""
    blob = torch.load(path, map_location="cpu", weights_only=True)
    meta = dict(blob["meta"])
    net = build(meta)
    net.load_state_dict({k: v.to(torch.float32) for k, v in blob["state"].items()})
    return net, meta


def load(path: Path) -> ValueModel:
    """A file's model, refusing one trained on another encoding (``ValueError``).

    Torch is set to one thread here: the network is a few small layers asked one position
    at a time, where a second thread only spins, and a bot's budget of CPU seconds counts
    every thread's time (at two threads the Ofertu search ran 34 iterations a move instead
    of about 740, see the README)."""
    torch.set_num_threads(1)
    net, meta = read(path)
    c = codec(str(meta["game"]), int(meta["players"]), dict(meta.get("options") or {}))
    if c.observation_size != int(meta["observation_size"]) or fingerprint(c) != meta["fingerprint"]:
        raise ValueError(
            f"{path.name}: trained on another encoding of {c.game.id} at {c.players} seats "
            f"(fingerprint {meta['fingerprint']}, today {fingerprint(c)}): retrain it with "
            f"`muertos train {c.game.id} --players {c.players}`"
        )
    return ValueModel(net, meta, c)
