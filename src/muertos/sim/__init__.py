"""Batch simulation, reports and tournaments for game designers.

    muertos simulate ofrenda --players 3 --agents greedy,random --games 2000 --jobs 2 --out runs/o3
    muertos report runs/o3
    muertos tournament ofrenda --agents random,greedy,ismcts:0.2s --games 20 --players 2

From Python::

    from muertos.sim import SimConfig, simulate, load_frame, make_report
    cfg = SimConfig.make("ofrenda", 3, "greedy,random", games=2000, seed=1)
    simulate(cfg, Path("runs/o3"), jobs=2)
    df = load_frame(Path("runs/o3"))          # pandas, one row per game
    make_report(Path("runs/o3"))

The statistics helpers (:func:`wilson`, …) need only the standard library; the rest needs
the ``sim`` extra (pandas, pyarrow, matplotlib, openskill) and ``cluster`` for Ray. Those are
imported on first use, so ``import muertos.sim`` stays light.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .plan import SimConfig, SimError, game_seed, seatings
from .stats import final_margin, mean_interval, wilson, win_shares

if TYPE_CHECKING:
    from .report import Report, make_report
    from .roundrobin import TournamentResult, tournament
    from .simulation import SimResult, simulate
    from .store import load_frame, load_records

_LAZY = {
    "Report": "report",
    "make_report": "report",
    "SimResult": "simulation",
    "simulate": "simulation",
    "load_frame": "store",
    "load_records": "store",
    "TournamentResult": "roundrobin",
    "tournament": "roundrobin",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "Report",
    "SimConfig",
    "SimError",
    "SimResult",
    "TournamentResult",
    "final_margin",
    "game_seed",
    "load_frame",
    "load_records",
    "make_report",
    "mean_interval",
    "seatings",
    "simulate",
    "tournament",
    "wilson",
    "win_shares",
]
