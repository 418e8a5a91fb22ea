"""The build's one addition to pyproject.toml: the bots' hot modules (``[tool.muertos]
kernels`` there) compiled with mypyc, for speed (greedy games 1.2 to 1.4 times faster in the
games they serve; ``benchmarks/greedy_speed.py``). Each is plain typed Python as well: where
no C compiler is at hand, a compile fails or ``MUERTOS_PURE=1`` is set, the package is that
Python, and the same moves come out. ``tests/engine/test_kernels.py`` checks a build is of
the sources it ships with (``src/muertos/kernels.json``, written here)."""

from __future__ import annotations

import hashlib
import json
import os
import sys
import tomllib
from pathlib import Path

from setuptools import setup

HERE = Path(__file__).resolve().parent
KERNELS: list[str] = tomllib.loads((HERE / "pyproject.toml").read_text())["tool"]["muertos"]["kernels"]
BUILT = HERE / "src" / "muertos" / "kernels.json"
"""What was compiled, by module: the sha256 of the source it was compiled from."""


def _module(path: str) -> str:
    return path.removeprefix("src/").removesuffix(".py").replace("/", ".")


def ext_modules() -> list[object]:
    """The compiled kernels, optional each (a failed compile leaves that module pure); none
    with ``MUERTOS_PURE=1`` or without mypyc."""
    BUILT.unlink(missing_ok=True)
    if os.environ.get("MUERTOS_PURE") == "1":
        _unbuilt()
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("muertos: mypyc is missing, the kernels stay pure Python", file=sys.stderr)
        _unbuilt()
        return []
    # imports outside the kernels (rich, torch, gymnasium ...) may be absent from the build
    # environment: the modules the kernels reach are followed for their types but their own
    # errors are silenced (a class over torch's Module is "subclassing Any" there); the
    # project's own mypy run checks them strictly, with everything installed
    exts = mypycify(
        ["--ignore-missing-imports", "--follow-imports=silent", *KERNELS], opt_level="3", separate=True
    )
    for ext in exts:
        ext.optional = True
    BUILT.write_text(
        json.dumps(
            {_module(k): hashlib.sha256((HERE / k).read_bytes()).hexdigest() for k in KERNELS}, indent=1
        )
        + "\n"
    )
    return list(exts)


def _unbuilt() -> None:
    """Remove the kernels an earlier build compiled into the source tree (an editable
    install's), which Python would load before their source."""
    for k in KERNELS:
        path = HERE / k
        for built in path.parent.glob(path.stem + ".*.so"):
            built.unlink()
        for built in path.parent.glob(path.stem + "__mypyc.*.so"):
            built.unlink()


setup(ext_modules=ext_modules())
