"""The contract every game keeps: :class:`Game` and :class:`State`.

A game package subclasses both. The engine does the bookkeeping that must be the
same everywhere (history, seeded randomness, action lookup and the "illegal means
unchanged" guarantee, JSON, logs, determinization plumbing); the game supplies the
rules through a handful of ``_hooks``.

    >>> import muertos
    >>> g = muertos.game("ofrenda")
    >>> s = g.new(players=2, seed=7)
    >>> s.to_move
    0
    >>> s.apply(s.legal_actions()[0])      # doctest: +ELLIPSIS
    [...]
    >>> t = g.from_json(s.to_json()); t.to_json() == s.to_json()
    True

Game state lives in plain JSON values (lists, dicts with string keys, ints, strings,
booleans, ``None``) named in ``State.FIELDS``: that makes ``to_json`` exact and
``clone`` a cheap structural copy, with no per-game serialisation code to get wrong.
"""

from __future__ import annotations

import json
import marshal
import os
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from .errors import CorruptState, IllegalAction, InvalidOptions
from .events import Event, name_seats
from .result import Category, Rating, Result, SeatResult, TieRule, break_tie
from .rng import Rng

if TYPE_CHECKING:
    from .actions import Actions
    from .parts import Parts

FORMAT = 1
"""Version of the ``to_json`` layout; bumped when it changes incompatibly."""

JSONValue = Any


def copy_json(x: JSONValue) -> JSONValue:
    """Deep copy of plain JSON data (lists, dicts, scalars): faster than ``copy.deepcopy``."""
    t = type(x)
    if t is list:
        return [copy_json(v) if type(v) in (list, dict) else v for v in x]
    if t is dict:
        return {k: (copy_json(v) if type(v) in (list, dict) else v) for k, v in x.items()}
    return x


def normalize(action: str) -> str:
    """The case- and space-insensitive key of an action spelling."""
    return " ".join(action.split()).lower()


def number(word: str) -> int | None:
    """The number ``word`` writes in ASCII digits (at most nine), or None: the one reading of
    a number in an action. ``str.isdigit`` alone passes "²", which ``int`` refuses, and
    digits past ``int``'s limit: a refusal must name the rule, not fail on the parse."""
    if len(word) <= 9 and word.isascii() and word.isdigit():
        return int(word)
    return None


@dataclass(frozen=True)
class Option:
    """One rulebook option of a game (a variant, a solo difficulty, a rule switch)."""

    name: str
    default: bool | int | str
    help: str
    choices: tuple[bool | int | str, ...] | None = None
    minimum: int | None = None
    """The smallest value an integer option takes (a sane range: no 10**12 rounds)."""
    maximum: int | None = None

    def check(self, value: Any) -> bool | int | str:
        want = type(self.default)
        if (
            want is bool
            and isinstance(value, str)
            and value.lower() in ("true", "false", "yes", "no", "1", "0", "on", "off")
        ):
            value = value.lower() in ("true", "yes", "1", "on")
        elif want is int and isinstance(value, str):
            try:
                value = int(value)
            except ValueError:
                raise InvalidOptions(f"option {self.name!r} takes an integer, got {value!r}") from None
        if type(value) is not want:
            raise InvalidOptions(f"option {self.name!r} takes a {want.__name__}, got {value!r}")
        if isinstance(value, int) and not isinstance(value, bool):
            self._check_range(value)
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(map(str, self.choices))
            raise InvalidOptions(f"option {self.name!r} must be one of {allowed}; got {value!r}")
        return value

    def _check_range(self, value: int) -> None:
        if (self.minimum is None or value >= self.minimum) and (
            self.maximum is None or value <= self.maximum
        ):
            return
        low = None if self.minimum is None else f"from {self.minimum}"
        high = None if self.maximum is None else f"to {self.maximum}"
        bounds = " ".join(part for part in (low, high) if part)
        raise InvalidOptions(f"option {self.name!r} must be {bounds}, got {value!r}")


class Game(ABC):
    """A game: its identity, its options, and the factory of its states."""

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    state_class: ClassVar[type[State]]
    options: ClassVar[tuple[Option, ...]] = ()
    retired_options: ClassVar[frozenset[str]] = frozenset()
    """Options the game once had and no longer has, given with any value: dropped, not
    refused, so that a stored table or a saved game that names one still replays (a rule fix
    made the option mean nothing; the game then plays as the rulebook says)."""
    view_type: ClassVar[type | None] = None
    """The TypedDict of the game's whole view (extending ``engine.views.BaseView``):
    published as JSON Schema for front ends, and the shape encoders and renderers read."""
    hidden_information: ClassVar[bool] = True
    """Whether some seat ever lacks information another has (hands, decks, face-down bids)."""
    order: ClassVar[int] = 99
    """Position in ``muertos.game_ids()``."""
    summary: ClassVar[str] = ""
    """One paragraph for the lobby and ``muertos games``."""

    def __init__(self, parts: Parts[Any]) -> None:
        self.parts = parts
        """What the game declares beside its rules: render, heuristics, encoding, guide."""
        type(self).state_class.game = self

    # ----------------------------------------------------------------- options
    def check_options(self, players: int, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Defaults filled in and every value validated; raises :class:`InvalidOptions`."""
        if not isinstance(players, int) or isinstance(players, bool):
            raise InvalidOptions(f"players must be an integer, got {players!r}")
        if not self.min_players <= players <= self.max_players:
            raise InvalidOptions(
                f"{self.title} is played by {self.min_players}–{self.max_players} players, not {players}"
            )
        given = {k: v for k, v in (options or {}).items() if k not in self.retired_options}
        known = {o.name: o for o in self.options}
        unknown = sorted(set(given) - set(known))
        if unknown:
            names = ", ".join(known) or "none"
            raise InvalidOptions(f"{self.title} has no option {unknown[0]!r} (options: {names})")
        out = {name: o.check(given[name]) if name in given else o.default for name, o in known.items()}
        self._check_option_combination(players, out)
        return out

    def _check_option_combination(self, players: int, options: dict[str, Any]) -> None:
        """Refuse combinations the rulebook forbids (e.g. a variant not for solo)."""

    def hides_information(self, players: int) -> bool:
        """Whether some seat ever lacks information another has in a game of ``players``:
        ``hidden_information``, unless a game hides nothing at some counts (Die of the Dead
        hides only the setup dice chosen in secret, which 5 players and solo do not choose)."""
        return self.hidden_information

    # ------------------------------------------------------------------ states
    def new(
        self, players: int = 2, seed: int | None = None, options: Mapping[str, Any] | None = None
    ) -> State:
        """A new game, set up as the rulebook says. ``seed=None`` draws a fresh seed."""
        opts = self.check_options(players, options)
        if seed is None:
            seed = int.from_bytes(os.urandom(6), "big")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise InvalidOptions(f"seed must be an integer, got {seed!r}")
        s = self.state_class.__new__(self.state_class)
        s._init_bookkeeping(players, seed, opts)
        s._setup()
        return s

    def replay(
        self,
        players: int,
        seed: int,
        options: Mapping[str, Any] | None,
        actions: Iterable[str],
    ) -> State:
        """Rebuild a game from its seed and actions; the result equals the original."""
        s = self.new(players, seed, options)
        for i, a in enumerate(actions):
            try:
                s.apply(a)
            except IllegalAction as e:
                raise IllegalAction(a, f"action {i + 1} of the replay: {e.rule}") from None
        return s

    def from_json(self, d: Mapping[str, Any] | str) -> State:
        """The state ``State.to_json`` wrote. Raises :class:`CorruptState` naming the fault."""
        if isinstance(d, (str, bytes)):
            try:
                d = json.loads(d)
            except json.JSONDecodeError as e:
                raise CorruptState(f"not JSON: {e}") from None
        if not isinstance(d, Mapping):
            raise CorruptState(f"a state is a JSON object, got {type(d).__name__}")
        if d.get("game") != self.id:
            raise CorruptState(f"this state is of game {d.get('game')!r}, not {self.id!r}")
        if d.get("format") != FORMAT:
            raise CorruptState(f"unknown state format {d.get('format')!r} (this version reads {FORMAT})")
        try:
            players, seed, options = d["players"], d["seed"], d["options"]
            history, rng_state, events, data = d["history"], d["rng"], d["events"], d["data"]
        except KeyError as e:
            raise CorruptState(f"state lacks the field {e.args[0]!r}") from None
        opts = self.check_options(players, options) if isinstance(options, dict) else None
        if opts is None or opts != {k: v for k, v in options.items() if k not in self.retired_options}:
            raise CorruptState(f"bad options in state: {options!r}")
        if not isinstance(seed, int):
            raise CorruptState(f"bad seed in state: {seed!r}")
        if not isinstance(history, list) or not all(isinstance(a, str) for a in history):
            raise CorruptState("history must be a list of action strings")
        if not isinstance(events, list):
            raise CorruptState("events must be a list")
        cls = self.state_class
        if not isinstance(data, dict) or set(data) != set(cls.FIELDS):
            raise CorruptState(f"state data must have exactly the fields {sorted(cls.FIELDS)}")
        s = cls.__new__(cls)
        s._init_bookkeeping(players, seed, opts)
        try:
            s.rng = Rng.from_state(rng_state)
        except ValueError as e:
            raise CorruptState(str(e)) from None
        s.history = list(history)
        s.events = [Event.from_json(e) for e in events]
        for f in cls.FIELDS:
            setattr(s, f, copy_json(data[f]))
        try:
            s._validate()
        except CorruptState:
            raise
        except Exception as e:  # a malformed field surfaces as whatever broke first
            raise CorruptState(f"inconsistent {self.id} state: {e!r}") from None
        return s

    def position(
        self,
        players: int,
        data: Mapping[str, Any],
        *,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
    ) -> State:
        """A state from a position: ``data`` holds every field the game's state class lists
        in ``FIELDS`` (each documented there), as plain JSON. Validated as ``from_json`` is
        (:class:`CorruptState` names what is wrong), with no history and no log; then carried
        on to its next decision (``State._run_to_decision``), whose events start the log.

        For tests, puzzles and analysis: a position set up by hand, not reached by play, so
        it does not replay from its seed. ``state.position()`` gives a position to start from.
        """
        s = self.from_json(
            {
                "game": self.id,
                "format": FORMAT,
                "players": players,
                "seed": seed,
                "options": self.check_options(players, options),
                "history": [],
                "rng": Rng(seed).state,
                "events": [],
                "data": dict(data),
            }
        )
        s._run_to_decision()
        return s

    # ---------------------------------------------------------------- display
    def render(self, state: State, seat: int | None = None) -> Any:
        """A Rich renderable of the table as ``seat`` sees it (``None``: a spectator)."""
        return self.parts.render.render(state, seat)

    def rules(self) -> str:
        """A summary, the notation with examples and what is reconstructed (``muertos rules``)."""
        return (self.parts.guide or self.title).strip()

    def evaluate(self, state: State, seat: int) -> float:
        """How well ``seat`` stands, for bots: the game's heuristic, else its score lead.

        It must read only what ``seat`` may know; bots call it on determinized copies.
        """
        h = self.parts.heuristics
        if h is not None:
            return float(h.evaluate(state, seat))
        sc = state.scores()
        if len(sc) == 1:
            return float(sc[0])
        return float(sc[seat] - max(v for i, v in enumerate(sc) if i != seat))

    def action_values(self, state: State, seat: int, actions: Sequence[str]) -> list[float]:
        """``evaluate(state.after(a), seat)`` for each of ``actions`` (listed by ``state``):
        the greedy bot's question. A game's heuristics may answer it faster themselves
        (``action_values``, say without copying the whole state for each action), with exactly
        these numbers: ``tests/agents`` compares the two in every game."""
        own = self.parts.action_values()
        if own is not None:
            return own(state, seat, actions)
        evaluate = self.evaluate
        return [evaluate(state.after(a), seat) for a in actions]

    def determinized_values(
        self, state: State, seat: int, actions: Sequence[str], rng: random.Random
    ) -> list[float]:
        """``action_values`` of ``actions`` on ``state.determinize(seat, rng)``: the greedy
        bot's question at each decision. A game's heuristics may answer it themselves
        (``determinized_values``) with exactly these numbers and ``rng`` drawn as
        ``determinize`` draws it, say without redrawing hidden cards its values do not read:
        ``tests/agents`` compares the two in every game. Or they may give a ``mask(state,
        seat)``, which leaves on a copy only what ``seat`` knows (``engine.masked``: a pile
        by its size, a hidden card by a stand-in that cannot be read): the values are asked
        there first, and on the determinization where they reach for a hidden card or the
        mask says they surely would (it answers False)."""
        own = self.parts.determinized_values()
        if own is not None:
            return own(state, seat, actions, rng)
        mask = self.parts.mask()
        if mask is None:
            return self.action_values(state.determinize(seat, rng), seat, actions)
        state._check_seat(seat)
        hidden, future = Rng.from_random(rng), Rng.from_random(rng)
        c = state.clone()
        c.rng = future.copy()
        if mask(c, seat):
            try:
                return self.action_values(c, seat, actions)
            except Exception:  # HiddenRead, or a stand-in met where a card was used: redraw
                pass
        return self.action_values(state._determinized(seat, hidden, future), seat, actions)

    def rollout_policy(self) -> Callable[[State, random.Random], str | None] | None:
        """The game's fast playout policy ``(state, rng) -> action``, if it has one."""
        return self.parts.rollout()

    def catalog(self) -> dict[str, Any]:
        """The public, static data of the components (card faces, board layout), JSON-ready.

        Views name components by id to stay small; a front end draws their faces from this.
        Nothing in it may depend on a game in progress."""
        return {}

    def reconstructed(self) -> list[str]:
        """Components or layouts that are our own choice, not the publisher's."""
        return []

    def __repr__(self) -> str:
        return f"<Game {self.id}>"


class State(ABC):
    """A position in a game. See ARCHITECTURE.md for the contract.

    Subclasses list their JSON-valued attributes in ``FIELDS`` and implement the
    hooks marked abstract below.
    """

    game: ClassVar[Game]
    FIELDS: ClassVar[tuple[str, ...]] = ()
    COPY: ClassVar[Mapping[str, int]] = {}
    """How ``clone`` may copy a field of ``FIELDS``, by how deep its value nests: 0 a scalar
    (shared, immutable), 1 a list or dict of scalars (one ``copy()``), 2 a list of lists or
    dicts of scalars. A field not named here is copied whole, generically (marshal). Only
    for speed: what a game declares must hold in every position (``tests/agents`` checks it
    along whole games), or a clone would share a list with its original."""
    ACTIONS: ClassVar[Actions[Any]]
    """The game's kinds of action (:mod:`muertos.engine.actions`), from which the legal
    list, ``apply`` and every refusal's reason come."""

    players: int
    seed: int
    options: dict[str, Any]
    history: list[str]
    rng: Rng
    events: list[Event]
    _legal: list[str] | None

    def _init_bookkeeping(self, players: int, seed: int, options: dict[str, Any]) -> None:
        self.players = players
        self.seed = seed
        self.options = options
        self.history = []
        self.rng = Rng(seed)
        self.events = []
        self._legal = None

    # --------------------------------------------------------------- game hooks
    @abstractmethod
    def _setup(self) -> None:
        """Set up the table with ``self.rng``; may ``_emit`` events."""

    @property
    @abstractmethod
    def to_move(self) -> int | None:
        """The seat whose decision it is (0-based), or ``None`` once the game is over."""

    @abstractmethod
    def _view(self, seat: int | None) -> Mapping[str, Any]:
        """What ``seat`` may know of the table (``None``: a spectator), as JSON."""

    @abstractmethod
    def scores(self) -> list[float]:
        """Each seat's score by the rulebook (final once ``over``)."""

    def winners(self) -> list[int]:
        """Seats that won once the game is over (several share a tie); [] before."""
        if not self.over:
            return []
        sc = self.scores()
        best = max(sc)
        return [i for i, v in enumerate(sc) if v == best]

    def result(self) -> Result:
        """The score sheet: each seat's points by category (summing to ``scores()``), the
        winners, the tie-break that decided and the solo rating (these two once over)."""
        sc = self.scores()
        seats = tuple(SeatResult(p, sc[p], tuple(self._categories(p))) for p in range(self.players))
        if not self.over:
            return Result(False, seats, (), None, None)
        tie = break_tie(sc, self._tie_breaks())
        return Result(True, seats, tuple(self.winners()), tie, self._solo_rating())

    def _categories(self, seat: int) -> list[Category]:
        """``seat``'s points by source (the game's ``scoring.py``); one lump by default."""
        return [Category("score", "Score", self.scores()[seat])]

    def _tie_breaks(self) -> list[TieRule]:
        """The rulebook's tie-breaks in order (the game's ``scoring.py``): the ones
        ``winners()`` applies, so that the result can say which one decided."""
        return []

    def _solo_rating(self) -> Rating | None:
        """A solo game's rating of the final score by the rulebook, if it has one."""
        return None

    def _redraw_hidden(self, seat: int | None, rng: Rng) -> None:
        """Redraw all that ``seat`` cannot see, consistently with ``view(seat)``."""
        if self.game.hidden_information:
            raise NotImplementedError(f"{self.game.id} must implement _redraw_hidden")

    def census(self) -> dict[str, int]:
        """Counts of finite components wherever they are; the same in every state."""
        return {}

    def stats(self) -> dict[str, float | int | str]:
        """Numbers a designer's report tabulates for a finished game: ``rounds`` and the
        game's own component statistics (objectives lit, steps per section, …).

        Keys are flat and stable; games extend this with their own."""
        return {"decisions": len(self.history)}

    def _validate(self) -> None:
        """Check a state loaded from JSON; raise :class:`CorruptState` naming the fault."""

    def _run_to_decision(self) -> None:
        """Carry a position set up by hand (``Game.position``) on to its next decision. A game
        that plays automatic steps after each decision (a round's end, a card drawn) may be
        given a position before them; it runs them here as after a move. Nothing by default:
        a saved state (``from_json``) always waits for a decision already."""

    def status(self) -> str:
        """One line saying what is going on ("Player 2 to take a portrait")."""
        if self.over:
            return "Game over"
        return f"Player {self.to_move + 1 if self.to_move is not None else '?'} to move"

    # ----------------------------------------------------------------- engine
    @property
    def over(self) -> bool:
        return self.to_move is None

    def legal_actions(self) -> list[str]:
        """The legal actions, in the game's notation, in a deterministic order."""
        if self._legal is None:
            self._legal = [] if self.to_move is None else self.ACTIONS.legal(self)
        return list(self._legal)

    def resolve(self, action: str) -> str:
        """The canonical spelling of ``action`` or :class:`IllegalAction`; changes nothing."""
        if not isinstance(action, str):
            raise IllegalAction(repr(action), "an action is a string in the game's notation")
        if self._legal is None:
            self.legal_actions()
        legal = self._legal
        assert legal is not None
        if action in legal:
            return action
        key = normalize(action)
        for a in legal:
            if normalize(a) == key:
                return a
        if self.to_move is None:
            raise IllegalAction(action, "the game is over")
        raise IllegalAction(action, self.ACTIONS.why_illegal(self, action))

    def apply(self, action: str) -> list[Event]:
        """Play ``action`` (any case and spacing) and return the events it caused.

        Raises :class:`IllegalAction` naming the rule broken; the state is then unchanged.
        """
        canonical = self.resolve(action)
        mark = len(self.events)
        self._legal = None
        self.ACTIONS.play(self, canonical)
        self.history.append(canonical)
        return self.events[mark:]

    def _emit(
        self, kind: str, text: str, seats: Sequence[int] | None = None, public: str | None = None
    ) -> None:
        self.events.append(Event(kind, text, None if seats is None else tuple(seats), public))

    def view(self, seat: int | None = None, names: Sequence[str] | None = None) -> dict[str, Any]:
        """All that ``seat`` may know, JSON-ready; ``seat=None`` is a spectator. ``names``
        (one per seat) call the seats in the status by name (``events.name_seats``)."""
        self._check_seat(seat)
        v: dict[str, Any] = {
            "game": self.game.id,
            "players": self.players,
            "options": dict(self.options),
            "seat": seat,
            "to_move": self.to_move,
            "over": self.over,
            "turn": len(self.history),
            "status": name_seats(self.status(), names),
            "legal": self.legal_actions() if seat is not None and seat == self.to_move else [],
        }
        if self.over:
            v["scores"] = self.scores()
            v["winners"] = self.winners()
        v.update(self._view(seat))
        return v

    def log(self, seat: int | None = None, names: Sequence[str] | None = None) -> list[str]:
        """The history as readable lines, each as ``seat`` may read it, seats called by
        ``names`` when given (else "Player 2", as the game wrote them)."""
        self._check_seat(seat)
        out = []
        for e in self.events:
            line = e.line_for(seat)
            if line is not None:
                out.append(name_seats(line, names))
        return out

    def events_for(self, seat: int | None, start: int = 0, names: Sequence[str] | None = None) -> list[Event]:
        """Events from index ``start`` on, redacted for ``seat``, seats called by ``names``."""
        self._check_seat(seat)
        out = []
        for e in self.events[start:]:
            r = e.redacted(seat, names)
            if r is not None:
                out.append(r)
        return out

    def _check_seat(self, seat: int | None) -> None:
        if seat is not None and (
            not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players
        ):
            raise ValueError(f"seat must be None or 0..{self.players - 1}, got {seat!r}")

    def clone(self) -> State:
        """An independent copy (cheap: search bots call it constantly)."""
        cls = type(self)
        c = cls.__new__(cls)
        c.players = self.players
        c.seed = self.seed
        c.options = self.options  # never mutated after setup
        c.history = self.history.copy()
        c.rng = self.rng.copy()
        c.events = self.events.copy()  # events are immutable
        c._legal = self._legal  # lists are never mutated in place; legal_actions() copies
        copier = _COPIERS.get(cls)
        if copier is None:
            copier = _COPIERS[cls] = _field_copier(cls)
        copier(self, c)
        return c

    def after(self, action: str) -> State:
        """A copy with ``action`` played; ``self`` is unchanged. The step of a search bot.

        An action spelled as ``legal_actions()`` lists it is played at once: the listing
        is the check. Any other spelling goes through ``apply`` (another case or spacing is
        read, an illegal action refused with the rule it breaks)."""
        legal = self._legal
        if legal is None:
            self.legal_actions()
            legal = self._legal
            assert legal is not None
        c = self.clone()
        if action in legal:
            c._legal = None
            self.ACTIONS.play(c, action)
            c.history.append(action)
        else:
            c.apply(action)
        return c

    def determinize(self, seat: int | None, rng: random.Random) -> State:
        """A copy whose hidden information (for ``seat``) is redrawn with ``rng``.

        The copy looks the same from ``seat``'s chair: ``view(seat)`` is unchanged. Its
        own generator is reseeded too, so future draws cannot be predicted either.
        """
        self._check_seat(seat)
        hidden = Rng.from_random(rng)
        return self._determinized(seat, hidden, Rng.from_random(rng))

    def _determinized(self, seat: int | None, hidden: Rng, own: Rng) -> State:
        """``determinize`` with its two generators drawn (in this order): ``hidden`` redraws
        what ``seat`` cannot see, ``own`` is the copy's. A game's ``determinized_values`` draws
        them itself, and redraws only where its values would read a hidden card."""
        c = self.clone()
        c.rng = own
        c._legal = None
        c._redraw_hidden(seat, hidden)
        return c

    def position(self) -> dict[str, Any]:
        """This state's fields (``FIELDS``) as plain JSON: what ``Game.position`` takes."""
        return {f: copy_json(getattr(self, f)) for f in self.FIELDS}

    def with_position(self, **changes: Any) -> State:
        """A copy with some fields replaced (named as in ``FIELDS``), validated as
        ``from_json`` is. History, log and generator are kept: the copy no longer replays
        from its seed, but its future draws are this state's."""
        unknown = sorted(set(changes) - set(self.FIELDS))
        if unknown:
            raise CorruptState(
                f"{self.game.id} has no field {unknown[0]!r} (fields: {', '.join(self.FIELDS)})"
            )
        d = self.to_json()
        d["data"].update({k: copy_json(v) for k, v in changes.items()})
        return self.game.from_json(d)

    def to_json(self) -> dict[str, Any]:
        """Everything needed to restore this exact state (``Game.from_json``)."""
        return {
            "game": self.game.id,
            "format": FORMAT,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "history": list(self.history),
            "rng": self.rng.state,
            "events": [e.to_json() for e in self.events],
            "data": {f: copy_json(getattr(self, f)) for f in self.FIELDS},
        }

    def __repr__(self) -> str:
        return f"<{self.game.id} state: {len(self.history)} actions, {self.status()}>"


_COPIERS: dict[type[State], Callable[[State, State], None]] = {}
"""Each state class's copy of its fields, built at its first clone."""


def _field_copier(cls: type[State]) -> Callable[[State, State], None]:
    """The copy of ``cls.FIELDS`` from one state to another, written out once per class:
    fields of a declared depth (``State.COPY``) by ``copy()``, the rest in one marshal
    round trip (format 2, in C: several times faster than a Python-level deep copy)."""
    fields, depth = cls.FIELDS, cls.COPY
    unknown = sorted(set(depth) - set(fields))
    bad = sorted(f for f, d in depth.items() if d not in (0, 1, 2))
    if unknown or bad:
        raise TypeError(
            f"{cls.__name__}.COPY: {'unknown fields' if unknown else 'depth not 0, 1 or 2'} {unknown or bad}"
        )
    rest = tuple(f for f in fields if f not in depth)
    lines = ["def copy(src, dst):", "    s = src.__dict__", "    d = dst.__dict__"]
    for f in fields:
        k = depth.get(f)
        if k == 0:
            lines.append(f"    d[{f!r}] = s[{f!r}]")
        elif k == 1:
            lines.append(f"    d[{f!r}] = s[{f!r}].copy()")
        elif k == 2:
            lines.append(f"    d[{f!r}] = [x.copy() for x in s[{f!r}]]")
    if rest:
        values = "".join(f"s[{f!r}], " for f in rest)
        lines.append(f"    d.update(zip(rest, loads(dumps(({values}), 2))))")
    scope: dict[str, Any] = {"rest": rest, "loads": marshal.loads, "dumps": marshal.dumps}
    exec("\n".join(lines), scope)  # our own text, built from the field names
    copier: Callable[[State, State], None] = scope["copy"]
    return copier
