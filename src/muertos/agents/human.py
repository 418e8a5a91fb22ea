"""The human agent: a person at the terminal, seeing only what their seat may see."""

from __future__ import annotations

from rich.console import Console

from muertos.engine import IllegalAction, State
from muertos.i18n import active, message, translate


class HumanAgent:
    """Draws the table for its seat and prompts until a legal action is typed.

    ``?`` (or ``help``) lists the legal actions; a mistyped or illegal action is
    answered with the rule it breaks and a new prompt. ``quit`` raises ``KeyboardInterrupt``.
    Everything it prints is in the language in force (``i18n.use_language``).
    """

    name = "human"

    def __init__(self, console: Console | None = None) -> None:
        self.console = console or Console()

    def act(self, state: State, seat: int) -> str:
        c = self.console
        lang, game = active(), state.game.id
        c.print(state.game.render(state, seat))
        while True:
            try:
                who = message("seat", lang, n=seat + 1)
                status = translate(state.status(), lang, game)
                text = c.input(message("cli.prompt", lang, seat=f"[bold]{who}[/]", status=status)).strip()
            except EOFError:
                raise KeyboardInterrupt from None
            if not text:
                continue
            low = text.lower()
            if low in ("?", "help", "h", "legal"):
                c.print(message("cli.legal", lang, actions=", ".join(state.legal_actions())))
                continue
            if low in ("quit", "exit", "q"):
                raise KeyboardInterrupt
            if low in ("board", "table", "look"):
                c.print(state.game.render(state, seat))
                continue
            try:
                return state.resolve(text)
            except IllegalAction as e:
                rule = translate(e.rule, lang, game)
                c.print(f"[red]{rule}[/]  " + message("cli.refused_hint", lang), highlight=False)
