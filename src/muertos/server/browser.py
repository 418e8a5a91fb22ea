"""Where Debian's Chromium lives and how we launch it headless, and how a page's server runs
beside it, for the browser tests and the README screenshots (one home, so the two never
drift apart)."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any, Final

CHROMIUM_PATH: Final = "/usr/bin/chromium"
# Headless without a sandbox (containers run us as root), no GPU, and nothing that phones
# home (QUIC, background networking, component updates, sync), so runs are quiet offline.
CHROMIUM_ARGS: Final = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)


@contextlib.contextmanager
def serving(app: Any) -> Iterator[str]:
    """Run ``app`` with uvicorn in a thread on a free port of 127.0.0.1; its base URL."""
    import httpx
    import uvicorn

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    th = threading.Thread(target=srv.run, daemon=True)
    th.start()
    base = f"http://127.0.0.1:{port}"
    for _ in range(200):
        try:
            if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            time.sleep(0.05)
    try:
        yield base
    finally:
        srv.should_exit = True
        th.join(10)
