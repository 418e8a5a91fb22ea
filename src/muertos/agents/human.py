"""The human agent: a person at the terminal, seeing only what their seat may see."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape

from muertos.engine import IllegalAction, State
from muertos.i18n import active, message, translate

WIPE = "\x1b[H\x1b[2J\x1b[3J"
"""Cursor home, erase the screen, erase the scrollback (xterm's ``E3``): written whether or
not Rich takes the output for a terminal, since a seat's hand must not stay on it either way."""


class HumanAgent:
    """Draws the table for its seat and prompts until a legal action is typed.

    ``?`` (or ``help``) lists the legal actions; a mistyped or illegal action is
    answered with the rule it breaks and a new prompt. ``quit`` raises ``KeyboardInterrupt``.
    Everything it prints is in the language in force (``i18n.use_language``).

    ``shared`` is for a screen several people play at (hot seat): the seat's board is drawn
    only once its person has pressed Enter at "Player N, press Enter", and the screen and
    its scrollback are wiped after the move, so the next person never sees the hand.
    """

    name = "human"

    def __init__(self, console: Console | None = None, shared: bool = False) -> None:
        self.console = console or Console()
        self.shared = shared

    def act(self, state: State, seat: int) -> str:
        if self.shared:
            self._hand_over(seat)
        try:
            return self._ask(state, seat)
        finally:
            if self.shared:
                self.wipe()

    def wipe(self) -> None:
        """Clear the screen and what it scrolled past: what one seat saw leaves with it."""
        self.console.file.write(WIPE)
        self.console.file.flush()

    def _hand_over(self, seat: int) -> None:
        """Wait until the seat's person has the screen to themselves (``quit`` stops)."""
        who = message("seat", active(), n=seat + 1)
        try:
            text = self.console.input(message("cli.hand_over", active(), seat=f"[bold]{who}[/]"))
        except EOFError:
            raise KeyboardInterrupt from None
        if text.strip().lower() in ("quit", "exit", "q"):
            raise KeyboardInterrupt

    def _ask(self, state: State, seat: int) -> str:
        c = self.console
        lang, game = active(), state.game.id
        c.print(state.game.render(state, seat))
        while True:
            try:
                who = message("seat", lang, n=seat + 1)
                status = escape(translate(state.status(), lang, game))
                text = c.input(message("cli.prompt", lang, seat=f"[bold]{who}[/]", status=status)).strip()
            except EOFError:
                raise KeyboardInterrupt from None
            if not text:
                continue
            low = text.lower()
            if low in ("?", "help", "h", "legal"):
                c.print(message("cli.legal", lang, actions=", ".join(state.legal_actions())), markup=False)
                continue
            if low in ("quit", "exit", "q"):
                raise KeyboardInterrupt
            if low in ("board", "table", "look"):
                c.print(state.game.render(state, seat))
                continue
            try:
                return state.resolve(text)
            except IllegalAction as e:
                rule = escape(translate(e.rule, lang, game))
                c.print(f"[red]{rule}[/]  " + escape(message("cli.refused_hint", lang)), highlight=False)
