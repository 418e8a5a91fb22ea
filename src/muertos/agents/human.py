"""The human agent: a person at the terminal, seeing only what their seat may see."""

from __future__ import annotations

from rich.console import Console

from muertos.engine import IllegalAction, State


class HumanAgent:
    """Draws the table for its seat and prompts until a legal action is typed.

    ``?`` (or ``help``) lists the legal actions; a mistyped or illegal action is
    answered with the rule it breaks and a new prompt. ``quit`` raises ``KeyboardInterrupt``.
    """

    name = "human"

    def __init__(self, console: Console | None = None) -> None:
        self.console = console or Console()

    def act(self, state: State, seat: int) -> str:
        c = self.console
        c.print(state.game.render(state, seat))
        while True:
            try:
                text = c.input(f"[bold]Player {seat + 1}[/] ({state.status()}) > ").strip()
            except EOFError:
                raise KeyboardInterrupt from None
            if not text:
                continue
            low = text.lower()
            if low in ("?", "help", "h", "legal"):
                c.print("Legal actions: " + ", ".join(state.legal_actions()))
                continue
            if low in ("quit", "exit", "q"):
                raise KeyboardInterrupt
            if low in ("board", "table", "look"):
                c.print(state.game.render(state, seat))
                continue
            try:
                return state.resolve(text)
            except IllegalAction as e:
                c.print(f"[red]{e.rule}[/]  (type ? for the legal actions)")
