"""What the table page costs the browser a move: one game to its end in Chromium, a person in
seat 1 (this script) against random bots, with the page open and no pauses between moves.

Printed for each run: Chromium's main-thread work (the page's own JavaScript, style, layout,
paint: from ``Performance.getMetrics``), the CPU of each Chromium process and of this script's
process (the server runs in it, in a thread), and the wall time. ``--baseline SRC`` runs the
same game against another source tree too, interleaved A B A B, and prints the ratios::

    git worktree add /tmp/base 940a973
    python benchmarks/page.py die-of-the-dead --baseline /tmp/base/src --rounds 2
    python benchmarks/page.py die-of-the-dead --post    # seat 1 posts over HTTP: the page alone

By default seat 1 plays by clicking its first legal action, as the browser tests do; with
``--post`` its moves are posted over HTTP while the page follows, so what is measured is the
page's own work, not Playwright's.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
METRICS = ("TaskDuration", "ScriptDuration", "LayoutDuration", "RecalcStyleDuration")


def _descendants_cpu(root: int) -> dict[str, float]:
    """CPU seconds of the live descendants of ``root``, by kind of process."""
    tick = os.sysconf("SC_CLK_TCK")
    kids: dict[int, list[int]] = {}
    info: dict[int, tuple[float, str]] = {}
    for d in filter(str.isdigit, os.listdir("/proc")):
        try:
            stat = Path(f"/proc/{d}/stat").read_text()
            cmd = Path(f"/proc/{d}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        f = stat.rsplit(")", 1)[1].split()
        kids.setdefault(int(f[1]), []).append(int(d))
        info[int(d)] = ((int(f[11]) + int(f[12])) / tick, cmd)
    out: dict[str, float] = {}
    stack = list(kids.get(root, []))
    while stack:
        pid = stack.pop()
        cpu, cmd = info.get(pid, (0.0, ""))
        m = re.search(r"--type=(\S+)", cmd)
        kind = f"chromium {m[1]}" if m else "chromium browser" if "chromium" in cmd else "playwright driver"
        out[kind] = out.get(kind, 0.0) + cpu
        stack.extend(kids.get(pid, []))
    return out


def play(game: str, post: bool, seed: int) -> dict[str, Any]:
    """One game in this process, with the muertos on ``sys.path``: the figures."""
    import httpx
    from playwright import sync_api

    import muertos
    from muertos.server import create_app
    from muertos.server.browser import CHROMIUM_ARGS, CHROMIUM_PATH, serving

    g = muertos.game(game)
    players = max(2, g.min_players)
    seats = [{"kind": "human", "name": "Ana"}] + [{"kind": "bot", "agent": "random"}] * (players - 1)
    db = Path(tempfile.mkdtemp()) / "page.db"
    with (
        serving(create_app(f"sqlite:///{db}")) as base,
        sync_api.sync_playwright() as p,
        httpx.Client() as http,
    ):
        t = http.post(
            f"{base}/api/tables", json={"game": game, "players": players, "seats": seats, "seed": seed}
        ).json()
        token, url = t["invites"][0]["token"], f"{base}/api/tables/{t['id']}"
        browser = p.chromium.launch(executable_path=CHROMIUM_PATH, args=list(CHROMIUM_ARGS))
        ctx = browser.new_context(viewport={"width": 1280, "height": 800})
        ctx.add_init_script("localStorage.setItem('muertos:pace', '0')")
        page = ctx.new_page()
        cdp = ctx.new_cdp_session(page)
        cdp.send("Performance.enable")
        page.goto(t["invites"][0]["url"])
        page.wait_for_selector("svg.board")
        cpu0, start, mine = _descendants_cpu(os.getpid()), time.monotonic(), 0
        own0 = time.process_time()
        drawn = "Number(document.body.dataset.moves || 0)"
        while True:
            state = http.get(url, headers={"X-Seat-Token": token}).json()
            if state["status"] == "finished":
                break
            if state["view"]["to_move"] != 0:
                time.sleep(0.05)
                continue
            if post:
                body = {"action": state["view"]["legal"][0], "index": state["moves"]}
                http.post(f"{url}/actions", json=body, headers={"X-Seat-Token": token}).raise_for_status()
            else:
                page.wait_for_function(f"{drawn} >= {state['moves']}")
                page.locator("button.action").first.click()
            page.wait_for_function(f"{drawn} > {state['moves']}", timeout=30_000)
            mine += 1
        page.wait_for_function(f"{drawn} >= {state['moves']}", timeout=30_000)
        metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
        cpu = {k: v - cpu0.get(k, 0.0) for k, v in _descendants_cpu(os.getpid()).items()}
        out = {
            "moves": state["moves"],
            "seat 1 moves": mine,
            "wall s": time.monotonic() - start,
            **{f"main thread {k.removesuffix('Duration').lower()} s": metrics[k] for k in METRICS},
            **{f"CPU {k} s": v for k, v in sorted(cpu.items())},
            "CPU server and script s": time.process_time() - own0,
        }
        browser.close()
    return out


def run(src: Path, game: str, post: bool, seed: int) -> dict[str, Any]:
    """One game in a subprocess whose muertos is the tree at ``src``."""
    env = {**os.environ, "PYTHONPATH": f"{src}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    args = [sys.executable, __file__, game, "--seed", str(seed), "--child"] + (["--post"] if post else [])
    done = subprocess.run(args, env=env, capture_output=True, text=True, timeout=1800, check=False)
    if done.returncode:
        raise SystemExit(f"the run against {src} failed:\n{done.stderr[-3000:]}")
    got: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return got


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game", nargs="?", default="die-of-the-dead")
    ap.add_argument("--post", action="store_true", help="seat 1 posts its moves over HTTP")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--baseline", type=Path, help="another tree's src/, measured in the same run")
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.child:
        print(json.dumps(play(a.game, a.post, a.seed)))
        return 0
    trees = {"this tree": ROOT / "src"} | ({"baseline": a.baseline} if a.baseline else {})
    runs: dict[str, list[dict[str, Any]]] = {name: [] for name in trees}
    for r in range(a.rounds):
        for name, src in (trees if r % 2 == 0 else dict(reversed(trees.items()))).items():
            print(f"round {r + 1}/{a.rounds}: {name}", file=sys.stderr, flush=True)
            runs[name].append(run(src, a.game, a.post, a.seed))
    keys = list(dict.fromkeys(k for rs in runs.values() for x in rs for k in x))
    mean = {name: {k: sum(x.get(k, 0) for x in rs) / len(rs) for k in keys} for name, rs in runs.items()}
    how = "posted over HTTP" if a.post else "clicked"
    print(f"{a.game}, seat 1's moves {how}, mean of {a.rounds} round(s)")
    print(f"{'':34}" + "".join(f"{name:>12}" for name in trees) + ("       ratio" if a.baseline else ""))
    for k in keys:
        line = f"{k:34}" + "".join(f"{mean[name][k]:12.2f}" for name in trees)
        if a.baseline and mean["baseline"][k]:
            line += f"{mean['this tree'][k] / mean['baseline'][k]:12.2f}"
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
