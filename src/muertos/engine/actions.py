"""Actions: one table per game, one check per kind of action.

A game reads an action once into a small typed *move*: a frozen value with its one
canonical spelling in ``text`` (also its ``str()``). Each kind of move (:class:`Kind`) says

- ``parse(words)``: the move those words spell, or a sentence saying why they do not;
- ``check(state, move)``: the rule the move breaks now, in the rulebook's words, or None;
- ``legal(state)``: the spellings of the moves of the kind open now, in a fixed order;
- ``play(state, move)``: carry it out (it is legal);
- ``every(state)``: every well-formed move of the kind the player to move could name (say,
  each card in hand on each position), legal or not.

``check`` and ``legal`` are built from the same named predicates of the game's rules (a
rule stated once, in the rulebook's words, as Pátzcuaro's ``_can_flip``): ``check`` says
which one a move breaks, ``legal`` uses them to list the open moves fast (a bot lists moves
millions of times). The shared conformance test proves they agree, in every game and
position it visits: a move of ``every`` is listed exactly when its check passes, and a
refusal gives that check's sentence. The engine derives the rest from the table: the
legal actions, ``apply`` (the move the spelling reads as), and a refusal's reason.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Take:
    ...     n: int
    ...     @property
    ...     def text(self) -> str:
    ...         return f"take {self.n}"
    >>> def too_many(s, n):      # the one rule, named
    ...     return f"only {s['left']} left" if n > s["left"] else None
    >>> take = Kind(
    ...     "take", "take <n>",
    ...     parse=lambda w: Take(int(w[0])) if len(w) == 1 and w[0].isdigit() else "take a number",
    ...     check=lambda s, m: too_many(s, m.n),
    ...     legal=lambda s: [f"take {n}" for n in range(1, 4) if not too_many(s, n)],
    ...     play=lambda s, m: s.update(left=s["left"] - m.n),
    ...     every=lambda s: [Take(n) for n in range(1, 4)],
    ... )
    >>> table = Actions(take)
    >>> table.legal({"left": 2})
    ['take 1', 'take 2']
    >>> table.why_illegal({"left": 2}, "TAKE 3"), table.why_illegal({"left": 2}, "take all")
    ('only 2 left', 'take a number')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from .game import normalize

S = TypeVar("S")
M = TypeVar("M", bound="Move")

MAX_READS = 65_536
"""Spellings a table remembers having read (a bound: a client may send endless strings)."""


class Move(Protocol):
    """A typed action: a frozen value with its one canonical spelling."""

    @property
    def text(self) -> str: ...


@dataclass(frozen=True)
class Kind(Generic[S, M]):
    """One kind of action of a game: how it reads, when it is legal, what it does."""

    verb: str
    """The first word of its spelling (several kinds may share one: each parse is tried)."""
    usage: str
    """How it is written, for a refusal that cannot tell which action was meant."""
    parse: Callable[[list[str]], M | str]
    """The words after the verb (lower case) → the move, or why they spell none."""
    check: Callable[[S, M], str | None]
    legal: Callable[[S], list[str]]
    """The spellings of the open moves (strings: listing is the hot path of every bot)."""
    play: Callable[[S, M], None]
    every: Callable[[S], Iterable[M]]
    phases: tuple[str, ...] = ()
    """The phases of the turn in which the kind may be played (empty: any); listing skips
    the others, and a move of the kind in another phase is refused with ``closed``."""
    closed: Callable[[S], str] | None = None
    """Why no move of the kind is open in the state's phase, in the rulebook's words."""
    fallback: bool = False
    """Listed only when the kinds before it (in its phase) list nothing, as a pass open
    only when nothing else is: the listing is then not asked twice. Its ``check`` must say
    the same (the conformance test proves it)."""


class Actions(Generic[S]):
    """A game's kinds of action, in the order the legal list gives them; ``phase`` reads
    the state's phase where kinds name the phases they belong to."""

    def __init__(
        self,
        *kinds: Kind[S, Any],
        phase: Callable[[S], str] | None = None,
        unread: Callable[[S, list[str]], str] | None = None,
    ) -> None:
        self.kinds = kinds
        self.phase = phase
        self.unread = unread
        """Why words of no kind at all are refused (they get the words, lower case), where a
        game answers better than with every kind's usage: say, the decision waiting now."""
        self.by_verb: dict[str, list[Kind[S, Any]]] = {}
        for k in kinds:
            self.by_verb.setdefault(k.verb, []).append(k)
            if k.phases and (phase is None or k.closed is None):
                raise ValueError(f"kind {k.verb!r} names phases: the table needs phase= and the kind closed=")
        phases = {p for k in kinds for p in k.phases}
        self._open: dict[str, tuple[Kind[S, Any], ...]] = {
            p: tuple(k for k in kinds if not k.phases or p in k.phases) for p in phases
        }
        self._anytime = tuple(k for k in kinds if not k.phases)
        # The listings by phase, as plain callables: listing is the hot path of every bot.
        self._listers = {p: self._listing(ks) for p, ks in self._open.items()}
        self._listers_anytime = self._listing(self._anytime)
        self._listers_all = self._listing(kinds)
        self._reads: dict[str, tuple[Kind[S, Any], Any] | str] = {}
        """Spelling → what it reads as: ``parse`` sees only the words, so a spelling reads the
        same in every state and is parsed once (a game's legal spellings are finitely many;
        the conformance check reads every well-formed move at each position it visits)."""

    @staticmethod
    def _listing(kinds: tuple[Kind[S, Any], ...]) -> tuple[Callable[[S], list[str]], ...]:
        """The kinds' listers in order; a fallback kind's asked only when nothing came before."""
        out: list[Callable[[S], list[str]]] = []
        for k in kinds:
            if k.fallback:
                before, lister = tuple(out), k.legal

                def listing(state: S, before: Any = before, lister: Any = lister) -> list[str]:
                    got: list[str] = []
                    for f in before:
                        got += f(state)
                    return got or lister(state)

                out = [listing]
            else:
                out.append(k.legal)
        return tuple(out)

    def usage(self) -> str:
        return "an action is " + ", ".join(f"'{k.usage}'" for k in self.kinds)

    def read(self, action: str) -> tuple[Kind[S, Any], Any] | str:
        """The kind and move an action spells (any case and spacing), or why it spells none."""
        got = self._reads.get(action)
        if got is None:
            got = self._read(action)
            if len(self._reads) < MAX_READS:
                self._reads[action] = got
        return got

    def _read(self, action: str) -> tuple[Kind[S, Any], Any] | str:
        words = normalize(action).split()
        kinds = self.by_verb.get(words[0]) if words else None
        if not kinds:
            return self.usage()
        why = ""
        for k in kinds:
            got = k.parse(words[1:])
            if not isinstance(got, str):
                return k, got
            why = why or got
        return why

    def legal(self, state: S) -> list[str]:
        """The open moves, spelled, kind by kind."""
        listers = (
            self._listers_all
            if self.phase is None
            else self._listers.get(self.phase(state), self._listers_anytime)
        )
        if len(listers) == 1:
            return listers[0](state)
        out: list[str] = []
        for listing in listers:
            out += listing(state)
        return out

    def play(self, state: S, action: str) -> None:
        """Carry out a legal action (the engine has resolved it to its spelling)."""
        got = self.read(action)
        if isinstance(got, str):  # pragma: no cover - the engine passes listed actions only
            raise ValueError(f"{action!r} is not an action: {got}")
        got[0].play(state, got[1])

    def why_illegal(self, state: S, action: str) -> str:
        """The rule a refused action breaks: its kind's check, or why it does not read."""
        if self.unread is not None:
            words = normalize(action).split()
            if not words or words[0] not in self.by_verb:
                return self.unread(state, words)
        got = self.read(action)
        if isinstance(got, str):
            return got
        kind, move = got
        return self.problem(state, kind, move) or f"{move.text} is not among the moves open now"

    def problem(self, state: S, kind: Kind[S, Any], move: Any) -> str | None:
        """The rule ``move`` breaks now: its kind closed in this phase, or its check."""
        if kind.phases and self.phase is not None and self.phase(state) not in kind.phases:
            assert kind.closed is not None
            return kind.closed(state)
        return kind.check(state, move)
