"""The doctests of ``src/`` are collected module by module; the compiled kernels
(pyproject.toml's ``[tool.muertos] kernels``) are left out: built, each is an extension
module pytest will not take for its source, and they hold no doctest
(``tests/engine/test_kernels.py`` checks it)."""

from __future__ import annotations

import tomllib
from pathlib import Path

collect_ignore: list[str] = tomllib.loads((Path(__file__).parent / "pyproject.toml").read_text())["tool"][
    "muertos"
]["kernels"]
