"""``muertos train``: play games, learn a value network, write the weights with their record.

Reproducible on a small machine: one process, ``torch.set_num_threads(1)``, every random
choice seeded (the games' seeds, which positions are kept, the network's start, each
step's batch). Interrupted, it resumes: the games are played in chunks, each written to the
work folder when done (``data-0000.pt`` …), and the training writes a checkpoint every
``CHECKPOINT`` steps (and keeps the weights of the checkpoint best on the held-out games:
those are written at the end); a rerun with the same settings picks up where it stopped (other
settings are refused, so a folder never mixes two runs). Every tenth round of games (one
game of each agent of the pool) is held out, to measure the network on games it never saw.

A run may learn from an earlier run's games too (``also``: its folder, whole): the games of
one generation's bot beside the next one's, played by the network the first generation
made. They are read, never played again (the network that played them may have changed
since), and held out as they were held out there.

Games played by a search that asks a network (``ismcts+net``; ``ISMCTSAgent.asks_network``)
depend on it: each chunk keeps the digest of the weights its agents asked (``networks``),
the record lists them, and a folder whose games were begun with other weights than the
package's now is refused rather than finished with them.

The record written beside the weights (and inside them) says how they were made: the
command, the agents and games, the samples, the steps, the seed, the losses (train and
held out, with the loss of always answering the mean, to compare) and the CPU time.
"""

from __future__ import annotations

import hashlib
import json
import math
import pickle
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import torch
from torch import nn

import muertos
from muertos.agents.ismcts import ISMCTSAgent
from muertos.rl.codec import codec

from . import TrainError, fingerprint, weights_file
from .data import Samples, record_game, seats_for
from .model import ValueNet, save

CHECKPOINT = 250
"""Training steps between two checkpoints."""
HOLDOUT_EVERY = 10
"""Every this many games, one is held out of training, to judge the network."""

Progress = Callable[[str, int, int], None]
"""(phase, done, total): the progress of ``train``."""


@dataclass
class Config:
    """What a training run does; the same config and seed make the same weights."""

    game: str
    players: int
    games: int = 2000
    agents: list[str] = field(default_factory=lambda: ["greedy", "ismcts:100"])
    keep: float = 0.3
    chunk: int = 50
    hidden: list[int] = field(default_factory=lambda: [64, 64])
    steps: int = 4000
    batch: int = 256
    lr: float = 1e-3
    weight_decay: float = 1e-4
    seed: int = 0
    search_share: float = 0.0
    """The share of a searched move's target that is the search's judgement of it, the rest
    the game's outcome (``muertos.learn.data``)."""
    also: list[str] = field(default_factory=list)
    """Folders of earlier runs of the same game and seats, every game played, whose games are
    learned from too (their own ``also`` is not followed: name each)."""

    def problem(self) -> TrainError | None:
        """Why the config cannot run (the refusal to raise, in the catalogs' words), or None."""
        if self.games < 1 or self.chunk < 1 or self.steps < 1 or self.batch < 1:
            return TrainError("at_least_1")
        if not 0 < self.keep <= 1:
            return TrainError("keep", value=self.keep)
        if not 0 <= self.search_share <= 1:
            return TrainError("search_share", value=self.search_share)
        if not self.agents:
            return TrainError("no_agent")
        if len(set(self.also)) != len(self.also):
            return TrainError("also_twice", also=self.also)
        return None

    def check_agents(self) -> None:
        """Refuse an agent the games cannot be played by before anything is written: an
        unknown name or budget (``UnknownAgent``, the engine's words) once failed in the
        first chunk, after the folder and its config were made; a person would be asked
        for every move of thousands of games."""
        for name in self.agents:
            if name.strip().lower().partition(":")[0] == "human":
                raise TrainError("human_agent")
            muertos.agent(name)


def earlier_run(folder: Path, cfg: Config) -> Config:
    """The config of an earlier run whose games ``cfg`` learns from too, refused (a
    :class:`TrainError` naming the folder) unless it is of the same game and seats and every
    one of its games is played."""
    cfile = folder / "config.json"
    if not cfile.is_file():
        raise TrainError("no_run", folder=folder)
    other = Config(**_config_of(cfile))
    if (other.game, other.players) != (cfg.game, cfg.players):
        raise TrainError(
            "other_seats",
            folder=folder,
            game=other.game,
            players=other.players,
            asked=cfg.game,
            asked_players=cfg.players,
        )
    missing = [path for path in _chunk_paths(other, folder) if not path.exists()]
    if missing:
        raise TrainError("unplayed", folder=folder, n=len(missing))
    return other


def _config_of(cfile: Path) -> dict[str, Any]:
    """The fields of a run's ``config.json``, refused unless they are a config's: a file
    damaged or of something else ended in a traceback."""
    try:
        fields = json.loads(cfile.read_text(encoding="utf-8"))
        if isinstance(fields, dict):
            Config(**fields)
            return fields
    except (TypeError, ValueError, RecursionError):
        pass
    raise TrainError("not_config", path=cfile)


_UNREADABLE = (RuntimeError, EOFError, pickle.UnpicklingError, ValueError, TypeError, KeyError)
"""What ``torch.load`` raises on a file that is not what it wrote (cut short, or another's)."""


def _blob(path: Path, keys: tuple[str, ...]) -> dict[str, Any]:
    """A chunk of games or a checkpoint, read back, or a refusal naming the file: one cut
    short by a full disk or a kill would end the run in a traceback."""
    try:
        blob = torch.load(path, weights_only=True)
    except _UNREADABLE:
        raise TrainError("damaged", path=path) from None
    if not isinstance(blob, dict) or not all(k in blob for k in keys):
        raise TrainError("damaged", path=path)
    return blob


_CHUNK_KEYS = ("x", "y", "vx", "vy", "cpu")
_CHECKPOINT_KEYS = ("net", "opt", "step", "cpu", "curve", "best", "best_loss", "best_step")


def _chunks(cfg: Config) -> list[range]:
    return [range(i, min(i + cfg.chunk, cfg.games)) for i in range(0, cfg.games, cfg.chunk)]


def _chunk_paths(cfg: Config, work: Path) -> list[Path]:
    """The file of each chunk of ``cfg``'s games in its folder ``work``."""
    return [work / f"data-{k:04d}.pt" for k in range(len(_chunks(cfg)))]


def _game_seed(cfg: Config, index: int) -> int:
    return cfg.seed * 1_000_003 + index


def held_out(cfg: Config, index: int) -> bool:
    """Whether the game ``index`` is held out of training: every tenth round of the pool
    (solo, one game of each agent in turn), so every agent's games are held out alike."""
    return (index // len(cfg.agents)) % HOLDOUT_EVERY == HOLDOUT_EVERY - 1


def play_chunk(cfg: Config, games: range) -> tuple[Samples, Samples]:
    """The samples of the games ``games`` of the run: to train on, and held out."""
    out, held = Samples(), Samples()
    for i in games:
        seats = seats_for(cfg.agents, cfg.players, i, cfg.seed)
        s = record_game(cfg.game, seats, _game_seed(cfg, i), cfg.keep, search_share=cfg.search_share)
        (held if held_out(cfg, i) else out).extend(s)
    return out, held


def _tensors(s: Samples, size: int) -> tuple[torch.Tensor, torch.Tensor]:
    x = torch.tensor(s.obs, dtype=torch.float16) if s.obs else torch.zeros((0, size), dtype=torch.float16)
    return x, torch.tensor(s.target, dtype=torch.float32)


def networks_asked(cfg: Config) -> dict[str, str]:
    """The weights the run's agents ask at their leaves, by file name, with a digest of each:
    the package's network of the setting, if one of the agents says it asks it (an
    ``ismcts+net`` whose share of a leaf, in ``leaf.toml``, is not 0)."""
    probe = muertos.game(cfg.game).new(cfg.players, seed=0)
    searches = (muertos.agent(name) for name in cfg.agents)
    if not any(isinstance(a, ISMCTSAgent) and a.asks_network(probe) for a in searches):
        return {}
    path = weights_file(cfg.game, cfg.players)
    return {path.name: hashlib.sha256(path.read_bytes()).hexdigest()[:16]}


def _play_to_file(cfg: Config, games: range, path: Path) -> None:
    """Play one chunk of games and write its samples to ``path`` (whole or not at all)."""
    torch.set_num_threads(1)
    size = codec(cfg.game, cfg.players).observation_size
    t0 = time.process_time()
    networks = networks_asked(cfg)
    train_part, held_part = play_chunk(cfg, games)
    x, y = _tensors(train_part, size)
    vx, vy = _tensors(held_part, size)
    cpu = torch.tensor(time.process_time() - t0)
    blob: dict[str, Any] = {"x": x, "y": y, "vx": vx, "vy": vy, "cpu": cpu, "networks": networks}
    tmp = path.with_suffix(".tmp")
    torch.save(blob, tmp)
    tmp.replace(path)


def _networks_of(blob: dict[str, Any]) -> dict[str, str] | None:
    """The networks a chunk's games asked; None for a chunk written before chunks kept them."""
    return blob.get("networks")


def gather(
    cfg: Config, work: Path, progress: Progress, jobs: int = 1
) -> tuple[dict[str, torch.Tensor], float, list[dict[str, str] | None]]:
    """Play (or find in ``work``) every chunk of games, ``jobs`` chunks at once (each in a
    process of its own: a chunk's games depend on its indices only, so the data is the
    same for any ``jobs``); the training and held-out samples, the CPU seconds the games
    took, and the networks they asked (each different set once, in the chunks' order)."""
    size = codec(cfg.game, cfg.players).observation_size
    chunks = _chunks(cfg)
    paths = _chunk_paths(cfg, work)
    missing = [k for k, path in enumerate(paths) if not path.exists()]
    if missing and len(missing) < len(paths):
        then = _networks_of(_blob(next(p for p in paths if p.exists()), _CHUNK_KEYS))
        now = networks_asked(cfg)
        if then is not None and then != now:
            raise TrainError("other_weights", folder=work, then=then, now=now)
    done = cfg.games - sum(len(chunks[k]) for k in missing)
    progress("games", done, cfg.games)
    if jobs > 1 and len(missing) > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = {pool.submit(_play_to_file, cfg, chunks[k], paths[k]): k for k in missing}
            for future in as_completed(futures):
                future.result()
                done += len(chunks[futures[future]])
                progress("games", done, cfg.games)
    else:
        for k in missing:
            _play_to_file(cfg, chunks[k], paths[k])
            done += len(chunks[k])
            progress("games", done, cfg.games)
    parts: dict[str, list[torch.Tensor]] = {"x": [], "y": [], "vx": [], "vy": []}
    cpu = 0.0
    networks: list[dict[str, str] | None] = []
    for path in paths:
        blob = _blob(path, _CHUNK_KEYS)
        cpu += float(blob["cpu"])
        for key in parts:
            parts[key].append(blob[key])
        asked = _networks_of(blob)
        if asked not in networks:
            networks.append(asked)
    data = {k: torch.cat(v) if v else torch.zeros((0, size) if "x" in k else (0,)) for k, v in parts.items()}
    return data, cpu, networks


def _loss_fn(target: str) -> nn.Module:
    return nn.MSELoss() if target == "score" else nn.BCEWithLogitsLoss()


def _evaluate(net: ValueNet, x: torch.Tensor, y: torch.Tensor, target: str) -> float:
    """The loss on a whole set, in batches (without gradients)."""
    if len(y) == 0:
        return math.nan
    loss = _loss_fn(target)
    total = 0.0
    with torch.no_grad():
        for i in range(0, len(y), 4096):
            total += float(loss(net(x[i : i + 4096].float()), y[i : i + 4096])) * len(y[i : i + 4096])
    return total / len(y)


def train(
    cfg: Config,
    work: Path,
    out: Path | None = None,
    progress: Progress | None = None,
    command: str = "",
    jobs: int = 1,
) -> dict[str, Any]:
    """Run (or resume) ``cfg`` in the folder ``work``, its games ``jobs`` chunks at once;
    write the weights into ``out`` (default: the package's weights folder) and return
    their record."""
    why = cfg.problem() or (None if jobs >= 1 else TrainError("jobs", value=jobs))
    if why is not None:
        raise why
    cfg.check_agents()
    torch.set_num_threads(1)
    report: Progress = progress or (lambda phase, done, total: None)
    if any(Path(folder).resolve() == work.resolve() for folder in cfg.also):
        raise TrainError("own_folder", folder=work)
    earlier = [earlier_run(Path(folder), cfg) for folder in cfg.also]
    work.mkdir(parents=True, exist_ok=True)
    cfile = work / "config.json"
    if cfile.exists():
        before = _config_of(cfile)
        settled = {**asdict(Config(cfg.game, cfg.players)), **before}  # a field added since: its default
        if settled != asdict(cfg):
            raise TrainError("other_settings", folder=work, settings=before)
    else:
        cfile.write_text(json.dumps(asdict(cfg), indent=1), encoding="utf-8")
    c = codec(cfg.game, cfg.players)
    data, games_cpu, networks = gather(cfg, work, report, jobs)
    earlier_networks = []
    for folder, other in zip(cfg.also, earlier, strict=True):
        more, more_cpu, more_networks = gather(other, Path(folder), lambda phase, done, total: None)
        data = {k: torch.cat([data[k], more[k]]) for k in data}
        games_cpu += more_cpu
        earlier_networks.append(more_networks)
    target = "score" if cfg.players == 1 else "win"
    x, y, vx, vy = data["x"], data["y"], data["vx"], data["vy"]
    if len(y) == 0:
        raise TrainError("no_samples")
    mean = float(y.mean()) if target == "score" else 0.0
    std = float(y.std()) if target == "score" and len(y) > 1 else 1.0
    std = std if std > 1e-6 else 1.0
    ny, nvy = (y - mean) / std, (vy - mean) / std

    torch.manual_seed(cfg.seed)
    net = ValueNet(c.observation_size, cfg.hidden)
    opt = torch.optim.AdamW(net.parameters(), lr=cfg.lr, weight_decay=cfg.weight_decay)
    ckpt = work / "checkpoint.pt"
    step, train_cpu = 0, 0.0
    curve: list[list[float]] = []
    best: dict[str, torch.Tensor] = {}
    best_loss, best_step = math.inf, 0
    if ckpt.exists():
        blob = _blob(ckpt, _CHECKPOINT_KEYS)
        net.load_state_dict(blob["net"])
        opt.load_state_dict(blob["opt"])
        step, train_cpu = int(blob["step"]), float(blob["cpu"])
        curve = [[float(a) for a in row] for row in blob["curve"]]
        best, best_loss, best_step = blob["best"], float(blob["best_loss"]), int(blob["best_step"])
    loss_fn = _loss_fn(target)
    t0 = time.process_time()
    while step < cfg.steps:
        g = torch.Generator().manual_seed(cfg.seed * 1_000_003 + step)
        # a cosine decay of the rate, from the config's to a tenth of it
        for group in opt.param_groups:
            group["lr"] = cfg.lr * (0.1 + 0.9 * 0.5 * (1 + math.cos(math.pi * step / cfg.steps)))
        idx = torch.randint(len(ny), (min(cfg.batch, len(ny)),), generator=g)
        net.train()
        loss = loss_fn(net(x[idx].float()), ny[idx])
        opt.zero_grad()
        loss.backward()
        opt.step()
        step += 1
        if step % CHECKPOINT == 0 or step == cfg.steps:
            net.eval()
            held_loss = _evaluate(net, vx, nvy, target)
            curve.append([step, float(loss.detach()), held_loss])
            if (
                not held_loss >= best_loss
            ):  # the first, and each better on held-out games (NaN: none held out)
                best_loss, best_step = held_loss, step
                best = {k: v.clone() for k, v in net.state_dict().items()}
            spent = train_cpu + time.process_time() - t0
            tmp = ckpt.with_suffix(".tmp")
            torch.save(
                {
                    "net": net.state_dict(),
                    "opt": opt.state_dict(),
                    "step": step,
                    "cpu": spent,
                    "curve": torch.tensor(curve),
                    "best": best,
                    "best_loss": best_loss,
                    "best_step": best_step,
                },
                tmp,
            )
            tmp.replace(ckpt)
        report("steps", step, cfg.steps)
    train_cpu += time.process_time() - t0
    if best:  # early stopping: the weights of the checkpoint best on the held-out games
        net.load_state_dict(best)
    net.eval()
    record = _record(cfg, net, data, mean, std, target, games_cpu, train_cpu, curve, command)
    record["best_step"] = best_step
    record["networks"] = networks
    if earlier:
        record["also"] = [
            {**asdict(other), "networks": nets} for other, nets in zip(earlier, earlier_networks, strict=True)
        ]
    meta = {
        "game": c.game.id,
        "players": cfg.players,
        "options": dict(c.options),
        "observation_size": c.observation_size,
        "fingerprint": fingerprint(c),
        "hidden": list(cfg.hidden),
        "target": target,
        "mean": mean,
        "std": std,
        "record": json.dumps(record),
    }
    path = weights_file(c.game.id, cfg.players, out)
    save(path, net, meta)
    path.with_suffix(".json").write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    return record


def _record(
    cfg: Config,
    net: ValueNet,
    data: dict[str, torch.Tensor],
    mean: float,
    std: float,
    target: str,
    games_cpu: float,
    train_cpu: float,
    curve: list[list[float]],
    command: str,
) -> dict[str, Any]:
    """How the weights were made, and how well they predict (in the outcome's own units:
    points solo, share of the win at a table)."""
    figures: dict[str, float] = {}
    for name, xs, ys in (("train", data["x"], data["y"]), ("held_out", data["vx"], data["vy"])):
        if len(ys) == 0:
            continue
        with torch.no_grad():
            pred = torch.cat([net(xs[i : i + 4096].float()) for i in range(0, len(ys), 4096)])
        guess = pred * std + mean if target == "score" else torch.sigmoid(pred)
        figures[f"{name}_rmse"] = round(float(((guess - ys) ** 2).mean().sqrt()), 4)
        figures[f"{name}_rmse_of_mean"] = round(float(((ys - ys.mean()) ** 2).mean().sqrt()), 4)
        figures[f"{name}_samples"] = len(ys)
    return {
        "command": command,
        "config": asdict(cfg),
        "figures": figures,
        "curve": [
            {"step": int(s), "train_loss": round(a, 5), "held_out_loss": round(b, 5)} for s, a, b in curve
        ],
        "cpu_seconds": {"games": round(games_cpu, 1), "training": round(train_cpu, 1)},
        "torch": torch.__version__,
    }
