"""No English left in the front end's own modules (static/*.js, render/*.js; a game's board
in static/games/ is its translator's): every sentence a person reads is a catalog key."""

from __future__ import annotations

import re
from pathlib import Path

from muertos.i18n import messages

STATIC = Path(__file__).resolve().parents[2] / "src" / "muertos" / "server" / "static"
MODULES = sorted(p for p in STATIC.rglob("*.js") if "games" not in p.relative_to(STATIC).parts)
LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`')
WORDS = re.compile(r"[A-Za-z]{2,}[,.:;!?…]? +[A-Za-z]{2,}")
"""Two words in a row: a sentence or a label, as opposed to a key, a class or a path."""
NOT_READ = re.compile(
    r"(console\.\w+\(|class:?|querySelector(All)?\(|matchMedia\(|classList\.\w+\(|from|import)\s*:?\s*$"
    r"|(class:|cls =)[^\"`,]*\?\s*$"
)
"""What a literal after these is for: a class, a selector, a module, a developer's log."""
KEY = re.compile(r'\bt(?:r)?\("([a-z_.-]+)"')


def _code(path: Path) -> str:
    """The module without its comments (blanked, so positions keep their lines)."""
    text = re.sub(r"/\*.*?\*/", lambda m: " " * len(m.group(0)), path.read_text(), flags=re.S)
    return re.sub(r"(?m)^\s*//.*$|\s//\s.*$", lambda m: " " * len(m.group(0)), text)


def test_no_module_keeps_an_english_sentence() -> None:
    found = []
    for path in MODULES:
        code = _code(path)
        for m in LITERAL.finditer(code):
            text = m.group(1) if m.group(1) is not None else re.sub(r"\$\{[^}]*\}", "", m.group(2))
            if "<svg" in text or "<path" in text or "stroke=" in text:
                continue  # the emblems' artwork
            if NOT_READ.search(code[max(0, m.start() - 40) : m.start()]):
                continue
            if WORDS.search(text):
                found.append(f"{path.name}:{code.count(chr(10), 0, m.start()) + 1}: {text[:60]!r}")
    assert not found, "\n".join(found)


def test_the_old_sentence_tables_are_gone_and_every_key_exists() -> None:
    en = messages("en")
    for path in MODULES:
        code = _code(path)
        assert "const TEXT" not in code, path.name
        assert "`Player ${" not in code, path.name
        for key in KEY.findall(code):
            assert key in en, f"{path.name}: no message {key!r}"
    assert len(MODULES) >= 10


def test_the_scan_finds_a_sentence_where_one_is_left(tmp_path: Path) -> None:
    sample = tmp_path / "sample.js"
    sample.write_text('const a = h("p", { class: "big note" }, "Waiting for the others");\n')
    code = _code(sample)
    hits = [m for m in LITERAL.finditer(code) if WORDS.search(m.group(1) or "")]
    flagged = [m.group(1) for m in hits if not NOT_READ.search(code[max(0, m.start() - 40) : m.start()])]
    assert flagged == ["Waiting for the others"]
