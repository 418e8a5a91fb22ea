"""The Rich progress bar shared by simulations and tournaments.

Rate and time left come from this call's own average (games done since it began over the
time it has run): chunks finish in bursts, so a short moving window would jump about.
"""

from __future__ import annotations

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
)
from rich.text import Text

from muertos.i18n import DEFAULT, message


def _rate(task: Task) -> float | None:
    elapsed = task.elapsed
    done = task.completed - float(task.fields.get("base", 0))
    if not elapsed or done <= 0:
        return None
    return done / elapsed


class RateColumn(ProgressColumn):
    """Games per second since this call began."""

    def __init__(self, lang: str = DEFAULT) -> None:
        super().__init__()
        self.lang = lang

    def render(self, task: Task) -> Text:
        r = _rate(task)
        rate = "–" if r is None else f"{r:,.{1 if r >= 1 else 3}f}"
        return Text(message("sim.progress.rate", self.lang, rate=rate), style="progress.data.speed")


class LeftColumn(ProgressColumn):
    """Time left at the average rate so far."""

    def __init__(self, lang: str = DEFAULT) -> None:
        super().__init__()
        self.lang = lang

    def render(self, task: Task) -> Text:
        r = _rate(task)
        if task.total is None or r is None:
            return Text(message("sim.progress.left", self.lang, time="-:--:--"), style="progress.remaining")
        secs = int(max(0.0, task.total - task.completed) / r)
        h, rest = divmod(secs, 3600)
        left = f"{h}:{rest // 60:02d}:{rest % 60:02d}"
        return Text(message("sim.progress.left", self.lang, time=left), style="progress.remaining")


def progress_bar(console: Console | None = None, quiet: bool = False, lang: str = DEFAULT) -> Progress:
    """Add tasks with ``base=<games already done>`` as a field to count only new ones; its
    words in ``lang``."""
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        RateColumn(lang),
        TimeElapsedColumn(),
        LeftColumn(lang),
        console=console or Console(stderr=True),
        disable=quiet,
    )
