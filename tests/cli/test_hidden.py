"""What the terminal shows a person is only what their seat may know: at a screen shared by
two people (hot seat), and in a replay watched from a seat or as a spectator."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import muertos
from muertos.agents.human import WIPE
from muertos.cli import app
from muertos.match import MatchRecord

runner = CliRunner()


def _cards(hand: list[str]) -> re.Pattern[str]:
    return re.compile(r"\b(" + "|".join(hand) + r")\b")


@pytest.mark.parametrize(
    ("lang", "hand_over", "seed_word"),
    [("en", "{seat}, press Enter", "seed"), ("es", "{seat}, presiona Enter", "semilla")],
)
def test_at_a_shared_screen_the_next_person_sees_nothing_of_the_last_ones_hand(
    lang: str, hand_over: str, seed_word: str
) -> None:
    """Seat 1's board is drawn after its hand-over prompt and wiped (screen and scrollback)
    after its move: from the last wipe before seat 2's prompt on, none of seat 1's cards
    is on the output. The header names no seed (it would deal the hands again)."""
    hand = muertos.game("ofertu").new(2, 4).view(0)["hands"][0]  # B2 B4 B6 B7 B8
    r = runner.invoke(
        app,
        ["play", "ofertu", "-s", "human,human", "--seed", "4", "--lang", lang],
        input="\nbid B2 on 1\n\nquit\n",
        env={"LANG": "C"},
    )
    assert r.exit_code == 0, r.output
    out = r.output
    seat = "Player" if lang == "en" else "Jugador"
    first, second = hand_over.format(seat=f"{seat} 1"), hand_over.format(seat=f"{seat} 2")
    shown = re.search(r"\s+".join(hand), out)  # seat 1's own hand, face up on its board
    assert shown, out
    board_a = shown.start()
    prompt = re.search(rf"^{seat} 2 \(.*\) > ", out, re.MULTILINE)  # seat 2's action prompt
    assert prompt, out
    prompt_b = prompt.start()
    assert out.index(first) < board_a < out.index(second) < prompt_b
    between = out[board_a:prompt_b]
    assert WIPE in between
    after_wipe = between[between.rindex(WIPE) :]
    assert not _cards(hand).search(after_wipe), after_wipe
    assert out.count(WIPE) == 2  # after each move, and after seat 2's quit
    assert seed_word not in out.lower()


def test_a_hot_seat_game_says_its_seed_with_the_result() -> None:
    """The seed is said once the game is over, after the score sheet, never before."""
    s = muertos.game("ofertu").new(2, 4)
    typed = []
    while not s.over:
        action = s.legal_actions()[0]
        typed += ["", action]  # Enter at the hand-over, then the move
        s.apply(action)
    r = runner.invoke(
        app, ["play", "ofertu", "-s", "human,human", "--seed", "4"], input="\n".join(typed) + "\n"
    )
    assert r.exit_code == 0, r.output[-2000:]
    result = r.output.index("Final result")
    assert "seed" not in r.output[:result].lower()
    assert "The seed of this game was 4." in r.output[result:]
    assert r.output.count(WIPE) == len(s.history)


def _record(tmp_path: Path, gid: str, players: int, seed: int) -> tuple[Path, MatchRecord, list[int]]:
    """A saved random game and the seat that made each of its actions."""
    rec = muertos.play(gid, seats=["random"] * players, seed=seed)
    path = tmp_path / f"{gid}.json"
    path.write_text(json.dumps(rec.to_json()))
    s = muertos.game(gid).new(players, seed, rec.options)
    movers = []
    for a in rec.actions:
        assert s.to_move is not None
        movers.append(s.to_move)
        s.apply(a)
    return path, rec, movers


def _replayed(path: Path, to: int, seat: int | None) -> str:
    args = ["replay", str(path), "--to", str(to)] + ([] if seat is None else ["--seat", str(seat + 1)])
    r = runner.invoke(app, args)
    assert r.exit_code == 0, r.output
    return r.output


def test_a_replay_from_a_seat_shows_another_seats_secret_bid_as_that_seat_saw_it(tmp_path: Path) -> None:
    """Ofertu: a bid is laid face down. From the bidder's chair the replay names the card;
    from the other chair and to a spectator it says a card was laid, and not which."""
    path, rec, movers = _record(tmp_path, "ofertu", 2, 3)
    bid, bidder = rec.actions[0], movers[0]
    card = bid.split()[1]
    assert bid.startswith("bid ")
    own = _replayed(path, 1, bidder)
    assert bid in own
    for viewer in (1 - bidder, None):
        seen = _replayed(path, 1, viewer)
        assert bid not in seen and not re.search(rf"\b{card}\b", seen), (viewer, seen)
        assert "places a face-down card" in seen


def test_a_replay_keeps_a_secret_card_lay_secret(tmp_path: Path) -> None:
    """Dia de los Muertos: each seat lays a movement card face down; only its owner may
    read which one until it is played."""
    path, rec, movers = _record(tmp_path, "dia-de-los-muertos", 3, 1)
    lays = [i for i, a in enumerate(rec.actions) if a.startswith("lay ")]
    assert lays
    for i in lays[:3]:
        action, owner = rec.actions[i], movers[i]
        assert action in _replayed(path, i + 1, owner)
        for viewer in [*(k for k in range(3) if k != owner), None]:
            seen = _replayed(path, i + 1, viewer)
            assert action not in seen, (i, viewer, seen)
            assert "lays a card face down" in seen


def test_at_the_replay_prompt_an_unknown_command_is_named_and_stays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At a terminal: an unknown command is answered in the reader's language and the
    position stays; Ctrl-D ends the replay without Click's English "Aborted!"."""
    from muertos import cli

    monkeypatch.setattr(cli, "_at_a_terminal", lambda: True)
    path, _, _ = _record(tmp_path, "ofertu", 2, 3)
    r = runner.invoke(app, ["replay", str(path)], input="jump\n\n")  # then Ctrl-D
    assert r.exit_code == 0, r.output
    assert "no command 'jump'" in r.output
    assert r.output.count("action 0 of") == 1 and r.output.count("action 1 of") == 1
    assert "action 2 of" not in r.output and "Aborted" not in r.output
    es = runner.invoke(app, ["replay", str(path), "--lang", "es"], input="salta\n")
    assert es.exit_code == 0, es.output
    assert "no hay ningún comando 'salta'" in es.output and "Aborted" not in es.output
