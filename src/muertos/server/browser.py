"""Where Debian's Chromium lives and how we launch it headless, for the browser tests and the
README screenshots (one home, so the two never drift apart)."""

from __future__ import annotations

from typing import Final

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
