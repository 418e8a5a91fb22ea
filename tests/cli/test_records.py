"""Saved games: a record that cannot be read is a clear error in replay and analyze; --save
is checked before the first move and kept after every move; --resume goes on with it."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import muertos
from muertos.cli import app

runner = CliRunner()


def _good() -> dict[str, Any]:
    return muertos.play("ofertu", seats=["random", "random"], seed=3).to_json()


CORRUPT: dict[str, tuple[Any, str]] = {
    "players -1": ({"players": -1}, "'players' must be a whole number from 1 to 64, not -1"),
    "players 5": (
        {"players": 5, "seats": ["random"] * 5, "scores": []},
        "Ofertu is played by 2–2 players, not 5",
    ),
    "unknown option": ({"options": {"x": 1}}, "Ofertu has no option 'x'"),
    "no seats": ({"seats": []}, "'seats' must list 2 agent names"),
    "seats as text": ({"seats": "ab"}, "'seats' must list 2 agent names"),
    "game as a list": ({"game": ["ofertu"]}, "'game' must be a game's id, as text, not [\"ofertu\"]"),
    "seed as text": ({"seed": "abc"}, "'seed' must be a whole number"),
    "actions null": ({"actions": None}, "'actions' must be a list"),
    "winners out of range": ({"winners": [7]}, "'winners' must list seats from 0 to 1, not [7]"),
    "no seed": ({"seed": KeyError}, "the field 'seed' is missing"),
    "not UTF-8": (b"\xff\xfe garbage", "it is not UTF-8 text"),
    "nested deeply": (b"[" * 100_000 + b"]" * 100_000, "its JSON nests too deeply"),
    "a huge number": (b'{"kind": "muertos.match", "seed": ' + b"9" * 5000 + b"}", "thousands of digits"),
}


def _write(path: Path, change: Any) -> None:
    if isinstance(change, bytes):
        path.write_bytes(change)
        return
    d = _good()
    for k, v in change.items():
        if v is KeyError:
            del d[k]
        else:
            d[k] = v
    path.write_text(json.dumps(d))


@pytest.mark.parametrize("command", ["replay", "analyze"])
@pytest.mark.parametrize("case", sorted(CORRUPT))
def test_a_corrupt_record_is_a_clear_error_naming_the_fault(command: str, case: str, tmp_path: Path) -> None:
    """Each of these crashed replay or analyze with a Python error (UnboundLocalError,
    IndexError, TypeError, UnicodeDecodeError, RecursionError)."""
    change, words = CORRUPT[case]
    path = tmp_path / "bad.json"
    _write(path, change)
    args = [command, str(path)] + (["--budget", "5", "-q"] if command == "analyze" else [])
    r = runner.invoke(app, args)
    assert r.exit_code == 2, (r.output, r.exception)
    assert isinstance(r.exception, SystemExit)  # no Python error reached the person
    said = " ".join(r.output.split())
    assert said.startswith("error: ") and words in said, said


def test_a_record_that_the_rules_refuse_names_the_action_and_its_rule_in_spanish(tmp_path: Path) -> None:
    d = _good()
    d["actions"][1] = "zzz"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(d))
    r = runner.invoke(app, ["replay", str(path), "--lang", "es"])
    assert r.exit_code == 2, r.output
    said = " ".join(r.output.split())
    assert "el registro no se puede repetir en la acción 2: jugada no válida 'zzz': una acción es" in said
    assert "illegal action" not in said and "an action is" not in said


@pytest.mark.parametrize("where", ["missing folder", "a folder"])
def test_a_save_path_that_cannot_be_written_is_refused_before_the_first_move(
    where: str, tmp_path: Path
) -> None:
    """A person's moves are never typed into a game whose record cannot be kept."""
    path = tmp_path / "no" / "such" / "game.json" if where == "missing folder" else tmp_path
    r = runner.invoke(
        app,
        ["play", "ofertu", "-s", "human,random", "--seed", "4", "--save", str(path)],
        input="bid B2 on 1\nquit\n",
    )
    assert r.exit_code == 2, r.output
    assert isinstance(r.exception, SystemExit)
    said = " ".join(r.output.split())
    reason = "there is no such file or folder" if where == "missing folder" else "it is a folder"
    assert f"error: cannot write {path}: {reason}" in said, said
    assert "Auction row" not in said and "bid B2" not in said  # no board drawn, no move asked
    assert not list(tmp_path.glob("**/.*.tmp"))


def _solo_moves(seed: int) -> tuple[list[str], muertos.State]:
    """A whole solo Ofrenda (against Abuela) as a person would type it, and its end."""
    s = muertos.game("ofrenda").new(1, seed)
    moves = []
    while not s.over:
        legal = s.legal_actions()
        moves.append(legal[len(legal) // 2])
        s.apply(moves[-1])
    return moves, s


def test_a_quit_game_is_resumed_and_ends_as_an_uninterrupted_one(tmp_path: Path) -> None:
    moves, whole = _solo_moves(5)
    path = tmp_path / "half.json"
    first = runner.invoke(
        app,
        ["play", "ofrenda", "-p", "1", "--seed", "5", "--save", str(path)],
        input="\n".join(moves[:7]) + "\nquit\n",
    )
    assert first.exit_code == 0, first.output
    assert json.loads(path.read_text())["actions"] == moves[:7]
    again = runner.invoke(app, ["play", "--resume", str(path)], input="\n".join(moves[7:]) + "\n")
    assert again.exit_code == 0, again.output[-2000:]
    assert f"Resuming {path} after 7 moves." in " ".join(again.output.split())
    assert "Final result" in again.output
    done = muertos.MatchRecord.from_json(path.read_text())  # kept in the same file
    end = done.replay()
    assert end.to_json() == whole.to_json()
    assert done.scores == whole.scores() and done.winners == whole.winners()


def test_a_game_killed_mid_play_loses_no_move(tmp_path: Path) -> None:
    """The record is written after every move (whole: a file beside it, then a rename), so
    a terminal closed without `quit` (SIGKILL here: no handler runs) loses nothing."""
    moves, whole = _solo_moves(8)
    path = tmp_path / "game.json"
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "muertos.cli",
            "play",
            "ofrenda",
            "-p",
            "1",
            "--seed",
            "8",
            "--save",
            str(path),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "COLUMNS": "100"},
    )
    try:
        assert proc.stdin is not None
        proc.stdin.write(("\n".join(moves[:5]) + "\n").encode())
        proc.stdin.flush()
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if path.exists() and len(json.loads(path.read_text())["actions"]) == 5:
                break
            time.sleep(0.05)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert json.loads(path.read_text())["actions"] == moves[:5]
    r = runner.invoke(app, ["play", "ofrenda", "--resume", str(path)], input="\n".join(moves[5:]) + "\n")
    assert r.exit_code == 0, r.output[-2000:]
    assert muertos.MatchRecord.from_json(path.read_text()).replay().to_json() == whole.to_json()


def test_resume_refuses_what_would_change_the_game(tmp_path: Path) -> None:
    moves, _ = _solo_moves(5)
    path = tmp_path / "half.json"
    runner.invoke(
        app, ["play", "ofrenda", "-p", "1", "--seed", "5", "--save", str(path)], input=f"{moves[0]}\nquit\n"
    )
    before = path.read_text()
    cases = {
        ("ofertu", "--resume", str(path)): "is a game of Ofrenda, not of Ofertu",
        ("--resume", str(path), "--seed", "6"): "--seed cannot change a game resumed from",
        ("--resume", str(path), "-p", "2"): "--players cannot change a game resumed from",
        ("--resume", str(path), "-o", "hidden_hands=true"): "--option cannot change a game resumed from",
        ("--resume", str(path), "-s", "human,random"): "has 1 seats, but --seats names 2",
        ("--resume", str(tmp_path / "none.json")): "cannot read",
    }
    for args, words in cases.items():
        r = runner.invoke(app, ["play", *args], input="quit\n")
        assert r.exit_code == 2, (args, r.output)
        assert words in " ".join(r.output.split()), (args, r.output)
    assert path.read_text() == before  # a refusal changes nothing
    d = json.loads(before)
    d["actions"].append("fly away")
    path.write_text(json.dumps(d))
    r = runner.invoke(app, ["play", "--resume", str(path)], input="quit\n")
    assert r.exit_code == 2 and "does not replay at action 2" in " ".join(r.output.split()), r.output
    r = runner.invoke(app, ["play"])
    assert r.exit_code == 2 and "name a game" in r.output


def test_a_record_that_cannot_be_written_mid_game_keeps_the_last_one_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The disk fills up during the second move's write: the person is told, the game
    stops, and the file still holds the first move's record, whole (it is written beside
    and renamed over, never truncated in place)."""
    moves, _ = _solo_moves(5)
    path = tmp_path / "game.json"
    real = Path.write_text
    writes: list[Path] = []

    def full_disk(self: Path, text: str, *args: Any, **kw: Any) -> int:
        writes.append(self)
        if len(writes) < 3:  # the record before any move, and after the first
            return real(self, text, *args, **kw)
        real(self, text[: len(text) // 2], *args, **kw)
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Path, "write_text", full_disk)
    r = runner.invoke(
        app,
        ["play", "ofrenda", "-p", "1", "--seed", "5", "--save", str(path)],
        input="\n".join(moves[:3]) + "\n",
    )
    monkeypatch.undo()
    assert r.exit_code == 2, r.output
    assert f"error: cannot write {path}: the disk is full" in " ".join(r.output.split())
    assert json.loads(path.read_text())["actions"] == moves[:1]
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no half-written file left
