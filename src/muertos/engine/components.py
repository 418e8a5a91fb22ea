"""A game's component data, with a designer's overlay merged in: what-if runs change a
game's ``components.toml`` without editing the installed file.

Games read their ``components.toml`` once, at import, into module constants; so an overlay
must be in force before the game is imported, in the process that plays it. It travels in
the environment variable :data:`ENV` (JSON: game id → overlay table), which worker
processes inherit when they start::

    base = components.base_path(game)              # the game's components.toml
    overlay = components.load_overlay(Path("my-ofrenda.toml"), base)   # checked
    env = components.environment(game.id, overlay) # give it to fresh worker processes

An overlay names only keys the base file has, each with a value of the base value's type
(:func:`check`); tables merge key by key, anything else (numbers, strings, arrays) is
replaced whole. The game's own loader then checks its invariants, as for the base file.
"""

from __future__ import annotations

import inspect
import json
import os
import tomllib
from collections.abc import Mapping
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from .errors import InvalidOptions
from .game import Game

ENV = "MUERTOS_COMPONENTS"
"""JSON object: game id → overlay table, merged into that game's components at import."""

FILE = "components.toml"


class ComponentsError(InvalidOptions):
    """An overlay that does not fit the game's components file."""


def read(path: Path | Traversable) -> dict[str, Any]:
    """The game's ``components.toml`` at ``path``, with its overlay from :data:`ENV` merged in."""
    base = tomllib.loads(path.read_text(encoding="utf-8"))
    overlay = _overlays().get(_game_of(path))
    if overlay is None:
        return base
    check(overlay, base)
    return merge(base, overlay)


def _game_of(path: Path | Traversable) -> str:
    """The game id a components file belongs to: its package's name, dashed."""
    parts = str(path).replace("\\", "/").split("/")
    return parts[-2].replace("_", "-") if len(parts) >= 2 else ""


def _overlays() -> dict[str, Any]:
    raw = os.environ.get(ENV)
    if not raw:
        return {}
    try:
        found = json.loads(raw)
    except json.JSONDecodeError as e:
        raise ComponentsError(f"{ENV} is not JSON: {e}") from None
    if not isinstance(found, dict):
        raise ComponentsError(f"{ENV} must be a JSON object of game id → overlay")
    return found


def environment(game_id: str, overlay: Mapping[str, Any]) -> dict[str, str]:
    """The environment that puts ``overlay`` in force for ``game_id`` in a new process."""
    return {ENV: json.dumps({game_id: dict(overlay)}, sort_keys=True)}


def base_path(game: Game) -> Path:
    """The ``components.toml`` shipped with ``game``'s package."""
    path = Path(inspect.getfile(type(game))).with_name(FILE)
    if not path.is_file():
        raise ComponentsError(f"{game.id} has no {FILE} to overlay")
    return path


def load_overlay(file: Path, base: Path) -> dict[str, Any]:
    """An overlay file, read and checked against the base file: unknown keys and wrong types
    are refused with the key's path."""
    try:
        overlay = tomllib.loads(Path(file).read_text(encoding="utf-8"))
    except OSError as e:
        raise ComponentsError(f"cannot read {file}: {e.strerror}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise ComponentsError(f"{file} is not TOML: {e}") from None
    if not overlay:
        raise ComponentsError(f"{file} changes nothing: name the keys of {base.name} to change")
    try:
        check(overlay, tomllib.loads(base.read_text(encoding="utf-8")))
    except ComponentsError as e:
        raise ComponentsError(f"{file}: {e}") from None
    return overlay


def check(overlay: Any, base: Any, where: str = "") -> None:
    """Refuse a key the base does not have, or a value whose type differs from the base's
    (an integer may stand for a float); arrays are checked element by element against the
    base array's elements (for tables, any key some base element has)."""
    if isinstance(base, dict):
        if not isinstance(overlay, dict):
            raise ComponentsError(f"{where or 'the overlay'} must be a table, not {_kind(overlay)}")
        for key, value in overlay.items():
            at = f"{where}.{key}" if where else key
            if key not in base:
                known = ", ".join(sorted(base)) or "none"
                raise ComponentsError(f"unknown key {at} (the keys there: {known})")
            check(value, base[key], at)
    elif isinstance(base, list):
        if not isinstance(overlay, list):
            raise ComponentsError(f"{where} must be an array, not {_kind(overlay)}")
        template = _element(base)
        if template is not None:
            for i, value in enumerate(overlay):
                check(value, template, f"{where}[{i}]")
    elif not _same_type(overlay, base):
        raise ComponentsError(f"{where} must be {_kind(base)}, not {_kind(overlay)} ({overlay!r})")


def _element(items: list[Any]) -> Any:
    """What an element of a base array looks like: the union of its tables' keys, or its
    first element; None if the array is empty (anything goes)."""
    if not items:
        return None
    if all(isinstance(x, dict) for x in items):
        union: dict[str, Any] = {}
        for x in items:
            for k, v in x.items():
                union.setdefault(k, v)
        return union
    return items[0]


def _same_type(value: Any, like: Any) -> bool:
    if isinstance(like, bool) or isinstance(value, bool):
        return type(value) is type(like)
    if isinstance(like, float):
        return isinstance(value, (int, float))
    return type(value) is type(like)


def _kind(v: Any) -> str:
    return {
        bool: "a boolean",
        int: "an integer",
        float: "a number",
        str: "a string",
        list: "an array",
        dict: "a table",
    }.get(type(v), type(v).__name__)


def merge(base: Mapping[str, Any], overlay: Mapping[str, Any]) -> dict[str, Any]:
    """``base`` with ``overlay``'s values: tables merged key by key, the rest replaced.

    >>> merge({"rules": {"hand": 6, "flip": 5}, "deck": [1, 2]}, {"rules": {"flip": 2}, "deck": [3]})
    {'rules': {'hand': 6, 'flip': 2}, 'deck': [3]}
    """
    out = dict(base)
    for key, value in overlay.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merge(out[key], value)
        else:
            out[key] = value
    return out
