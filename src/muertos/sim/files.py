"""The files the designer's commands write (a report's page, a tournament's results): checked
before any work, so an hour of games is not lost to a path that cannot be written.

Standard library only: ``muertos tournament`` imports it without pandas or pyarrow.
"""

from __future__ import annotations

import os
from pathlib import Path

from .plan import SimError


def check_writable(path: Path, flag: str = "", *, parents: bool = False) -> None:
    """Refuse an output path that cannot be written, before anything is played or read:
    a directory, a path under a file or in a directory that does not exist (unless
    ``parents``: then :func:`write_text` makes it), or a place this process may not write.
    Nothing is created here. The refusal names the option that gave the path (``flag``)."""
    path = Path(path)
    where = f"{flag} {path}" if flag else str(path)
    if path.is_dir():
        raise SimError("output_is_dir", where=where)
    parent = path.parent
    while not parent.exists() and parent != parent.parent:
        parent = parent.parent
    if not parent.is_dir():
        raise SimError("output_under_file", where=where, file=parent)
    if not parents and parent != path.parent:
        raise SimError("output_no_dir", where=where, directory=path.parent)
    if not os.access(parent, os.W_OK | os.X_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise SimError("output_denied", where=where)


def write_text(path: Path, text: str, *, parents: bool = False) -> None:
    """Write ``text`` to ``path`` (UTF-8), making its missing directories if ``parents``;
    an operating system's refusal is a :class:`SimError` naming the path, never a traceback."""
    path = Path(path)
    try:
        if parents:
            path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    except OSError as e:
        raise SimError("cannot_write", path=path, why=e.strerror or e) from None
