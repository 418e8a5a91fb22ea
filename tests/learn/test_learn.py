"""The learned evaluation (issue 37): data, training, resuming, the weights' files and
their check against today's encoding, the ``ismcts+net`` agent and its fallbacks.

Networks here are tiny and trained in a fraction of a second, on a few random games."""

from __future__ import annotations

import hashlib
import json
import warnings
from pathlib import Path
from typing import Any

import pytest
import torch

import muertos
import muertos.learn as learn
from muertos.agents import NetISMCTSAgent
from muertos.agents import net as net_agent
from muertos.engine import State
from muertos.learn import fingerprint, model, train
from muertos.learn.data import outcome_of, record_game, seats_for
from muertos.rl.codec import codec


def tiny(game: str = "ofertu", players: int = 2, **kw: Any) -> train.Config:
    base: dict[str, Any] = dict(
        game=game,
        players=players,
        games=10,
        chunk=4,
        agents=["random"],
        keep=0.5,
        hidden=[8],
        steps=12,
        batch=32,
    )
    base.update(kw)
    return train.Config(**base)


def test_outcome_is_the_score_solo_and_the_win_share_at_a_table() -> None:
    assert outcome_of([104], [0], 1) == [104.0]
    assert outcome_of([10, 12, 12], [1, 2], 3) == [0.0, 0.5, 0.5]


def test_a_recorded_game_keeps_each_seats_own_observation_and_outcome() -> None:
    s = record_game("ofertu", ["random", "random"], seed=3, keep=1.0)
    rec = muertos.play("ofertu", seats=["random", "random"], seed=3)
    c = codec("ofertu", 2)
    assert s.games == 1 and len(s.obs) == len(s.target) == 2 * (len(rec.actions) - 1)
    assert all(len(o) == c.observation_size for o in s.obs)
    shares = outcome_of(rec.scores, rec.winners, 2)
    assert s.target[:2] == shares  # seat 0 then seat 1, after the first action
    # the first row is seat 0's view after the first action, the second seat 1's
    first = muertos.game("ofertu").new(2, 3)
    first.apply(rec.actions[0])
    assert s.obs[0] == c.observe(first, 0) and s.obs[1] == c.observe(first, 1)


def test_the_search_tells_its_value_of_the_move_it_played() -> None:
    """``last_value``: the mean reward of the move played, for the searcher's seat. Every
    leaf judged 0.3 for seat 0 (no first move of Ofertu ends the game): every move's mean
    is 0.3. A forced move is not searched: no value."""
    s = muertos.game("ofertu").new(2, 4)
    bot = NetISMCTSAgent(1, iterations=40, leaf=lambda d: [0.3, 0.7], leaf_mix=1.0, endgame=False)
    assert bot.last_value is None
    bot.act(s, s.to_move or 0)
    assert bot.last_value == pytest.approx(0.3 if s.to_move == 0 else 0.7)
    forced = _a_forced_position("dia-de-los-muertos")
    assert bot.act(forced, forced.to_move or 0) == "no reaction"
    assert bot.last_value is None


def _a_forced_position(game: str) -> State:
    """A position with one legal move, found along a seeded random game."""
    s = muertos.game(game).new(2, 4)
    rng = muertos.agent("random", seed=2)
    while not s.over:
        if len(s.legal_actions()) == 1:
            return s
        s.apply(rng.act(s, s.to_move or 0))
    raise AssertionError("no forced move in the game")


def test_a_search_share_blends_the_searchs_value_into_the_mover_and_its_rival() -> None:
    """The same game (the agents play alike whatever the targets): at share 1 a searched
    move's target is the search's value, at 0 the outcome, at 0.5 their mean; the greedy
    seat's moves keep the outcome; at two seats each position's targets add to one."""
    seats = ["ismcts:30", "greedy"]
    outcome, search, half = (
        record_game("ofertu", seats, seed=6, keep=1.0, search_share=k) for k in (0.0, 1.0, 0.5)
    )
    assert outcome.obs == search.obs == half.obs
    assert set(outcome.target) <= {0.0, 0.5, 1.0}
    assert half.target == pytest.approx(
        [(a + b) / 2 for a, b in zip(outcome.target, search.target, strict=True)]
    )
    changed = [i for i, (a, b) in enumerate(zip(outcome.target, search.target, strict=True)) if a != b]
    assert len(changed) > len(search.target) / 4  # the searcher's moves, both rows of each
    assert all(0.0 < search.target[i] < 1.0 for i in changed)
    for i in range(0, len(search.target), 2):
        assert search.target[i] + search.target[i + 1] == pytest.approx(1.0)
    assert record_game("ofertu", seats, seed=6, keep=1.0).target == outcome.target


def test_training_seats_mix_the_pool() -> None:
    pool = ["greedy", "ismcts:50"]
    assert [seats_for(pool, 1, i, 0) for i in range(3)] == [["greedy"], ["ismcts:50"], ["greedy"]]
    tables = {tuple(seats_for(pool, 2, i, 0)) for i in range(20)}
    assert len(tables) > 2 and seats_for(pool, 2, 5, 0) == seats_for(pool, 2, 5, 0)


def test_every_agents_games_are_held_out_alike() -> None:
    """Solo, the pool's agents play in turn: holding out every tenth game would hold out
    one agent's games only (with two agents, games 9, 19, …: all the second's)."""
    cfg = tiny("ofrenda", 1, agents=["greedy", "ismcts:50"], games=100)
    held = [i for i in range(100) if train.held_out(cfg, i)]
    assert len(held) == 10
    assert sorted(seats_for(cfg.agents, 1, i, 0)[0] for i in held) == ["greedy"] * 5 + ["ismcts:50"] * 5
    assert [i for i in range(30) if train.held_out(tiny(agents=["random"]), i)] == [9, 19, 29]


def test_train_writes_weights_that_load_and_judge_every_seat(tmp_path: Path) -> None:
    record = train.train(tiny(), tmp_path / "work", tmp_path / "out", command="muertos train ofertu")
    path = tmp_path / "out" / "ofertu-2.pt"
    assert path.exists() and (tmp_path / "out" / "ofertu-2.json").exists()
    assert record["command"] == "muertos train ofertu" and record["config"]["seed"] == 0
    assert record["figures"]["held_out_samples"] > 0 and record["figures"]["train_samples"] > 0
    assert set(record["cpu_seconds"]) == {"games", "training"}
    assert record["best_step"] in [row["step"] for row in record["curve"]]
    m = model.load(path)
    assert m.meta["fingerprint"] == fingerprint(codec("ofertu", 2))
    assert json.loads(m.meta["record"]) == record
    s = muertos.game("ofertu").new(2, 7)
    v = m.values(s)
    assert len(v) == 2 and all(0 <= x <= 1 for x in v) and sum(v) == pytest.approx(1)


def test_solo_weights_answer_a_score_in_the_scores_units(tmp_path: Path) -> None:
    train.train(tiny("ofrenda", 1, games=4, chunk=2, agents=["greedy"]), tmp_path / "w", tmp_path / "o")
    m = model.load(tmp_path / "o" / "ofrenda-1.pt")
    assert m.target == "score" and m.std > 0
    (v,) = m.values(muertos.game("ofrenda").new(1, 1))
    assert 0 < v < 200  # a score, not a normalised number near 0
    with torch.no_grad():
        out = float(m.net(torch.tensor([m.codec.observe(muertos.game("ofrenda").new(1, 1), 0)]))[0])
    assert v == pytest.approx(out * m.std + m.mean, rel=1e-5)


def test_an_interrupted_run_resumes_to_the_same_weights(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seeded and resumable: stopped in the games and again in the steps, the rerun
    ends with exactly the weights of a run never stopped."""
    monkeypatch.setattr(train, "CHECKPOINT", 3)
    cfg = tiny(steps=10)
    train.train(cfg, tmp_path / "whole", tmp_path / "a")

    class Stop(Exception):
        pass

    def stop_at(phase: str, when: int) -> train.Progress:
        def progress(p: str, done: int, total: int) -> None:
            if p == phase and done >= when:
                raise Stop

        return progress

    with pytest.raises(Stop):
        train.train(cfg, tmp_path / "cut", tmp_path / "b", stop_at("games", 4))
    assert sorted(p.name for p in (tmp_path / "cut").glob("data-*.pt")) == ["data-0000.pt"]
    with pytest.raises(Stop):
        train.train(cfg, tmp_path / "cut", tmp_path / "b", stop_at("steps", 7))
    assert torch.load(tmp_path / "cut" / "checkpoint.pt", weights_only=True)["step"] == 6
    train.train(cfg, tmp_path / "cut", tmp_path / "b")
    a, b = model.read(tmp_path / "a" / "ofertu-2.pt")[0], model.read(tmp_path / "b" / "ofertu-2.pt")[0]
    for (ka, va), (kb, vb) in zip(a.state_dict().items(), b.state_dict().items(), strict=True):
        assert ka == kb and torch.equal(va, vb)


def test_games_played_two_chunks_at_once_make_the_same_data(tmp_path: Path) -> None:
    """``jobs``: a chunk's games depend on its indices only, so the samples (and the
    weights) are the same played one chunk at a time or two at once."""
    one = train.train(tiny(), tmp_path / "one", tmp_path / "out1")
    two = train.train(tiny(), tmp_path / "two", tmp_path / "out2", jobs=2)
    for k in range(3):  # 10 games in chunks of 4
        a = torch.load(tmp_path / "one" / f"data-{k:04d}.pt", weights_only=True)
        b = torch.load(tmp_path / "two" / f"data-{k:04d}.pt", weights_only=True)
        assert torch.equal(a["x"], b["x"]) and torch.equal(a["y"], b["y"]) and torch.equal(a["vy"], b["vy"])
    assert one["figures"] == two["figures"]
    with pytest.raises(ValueError, match="jobs"):
        train.train(tiny(), tmp_path / "three", tmp_path / "out3", jobs=0)


def test_a_work_folder_refuses_other_settings(tmp_path: Path) -> None:
    train.train(tiny(steps=2), tmp_path / "w", tmp_path / "o")
    with pytest.raises(ValueError, match="other settings"):
        train.train(tiny(steps=3), tmp_path / "w", tmp_path / "o")
    with pytest.raises(ValueError, match="keep"):
        train.train(tiny(keep=0.0), tmp_path / "x", tmp_path / "o")


def test_a_run_learns_from_an_earlier_runs_games_too(tmp_path: Path) -> None:
    """``also``: the next generation's games beside the last one's. The earlier games are
    read as they were played (training and held-out alike), never played again."""
    first = tmp_path / "first"
    alone = train.train(tiny(), first, tmp_path / "o1")
    before = sorted(p.stat().st_mtime_ns for p in first.glob("data-*.pt"))
    own = train.train(tiny(seed=1), tmp_path / "own", tmp_path / "o2")
    both = train.train(tiny(seed=1, also=[str(first)]), tmp_path / "both", tmp_path / "o3")
    for part in ("train_samples", "held_out_samples"):
        assert both["figures"][part] == own["figures"][part] + alone["figures"][part]
    assert both["also"] == [{**alone["config"], "networks": [{}]}] and both["config"]["also"] == [str(first)]
    assert "also" not in own
    assert sorted(p.stat().st_mtime_ns for p in first.glob("data-*.pt")) == before


def test_games_played_by_a_network_keep_its_digest_and_a_folder_refuses_other_weights(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Self-play of ``ismcts+net`` depends on the network that played: the record names it,
    and a half-played folder is not finished with other weights."""
    shipped = learn.weights_file("ofertu", 2)
    assert learn.leaf_mix("ofertu", 2) > 0
    digest = hashlib.sha256(shipped.read_bytes()).hexdigest()[:16]
    cfg = tiny(games=8, agents=["ismcts+net:2"], steps=2)
    record = train.train(cfg, tmp_path / "w", tmp_path / "o")
    assert record["networks"] == [{"ofertu-2.pt": digest}]
    assert train.train(tiny(steps=2), tmp_path / "r", tmp_path / "o")["networks"] == [{}]
    assert train.networks_asked(tiny(agents=["ismcts:2", "ismcts+endgame:2", "greedy"])) == {}
    # The agent says whether it asks, not its name: another name for it is recorded too.
    monkeypatch.setitem(
        muertos.agents._FACTORIES, "alias", lambda arg, seed: NetISMCTSAgent(seed, iterations=2)
    )
    assert train.networks_asked(tiny(agents=["greedy", "alias"])) == {"ofertu-2.pt": digest}
    (tmp_path / "w" / "data-0001.pt").unlink()
    other = tmp_path / "other"
    other.mkdir()
    (other / "ofertu-2.pt").write_bytes((tmp_path / "o" / "ofertu-2.pt").read_bytes())
    monkeypatch.setattr(learn, "WEIGHTS", other)
    with pytest.raises(ValueError, match=f"other weights \\({{'ofertu-2.pt': '{digest}'}}\\)"):
        train.train(cfg, tmp_path / "w", tmp_path / "o")
    assert not (tmp_path / "w" / "data-0001.pt").exists()


def test_an_earlier_run_is_refused_unless_whole_and_of_the_same_setting(tmp_path: Path) -> None:
    first = tmp_path / "first"
    train.train(tiny(), first, tmp_path / "o")
    solo = tmp_path / "solo"
    train.train(tiny("ofrenda", 1, games=2, chunk=2, agents=["greedy"]), solo, tmp_path / "o")
    with pytest.raises(ValueError, match="games of ofrenda at 1 seats, not ofertu at 2"):
        train.train(tiny(seed=1, also=[str(solo)]), tmp_path / "a", tmp_path / "o")
    with pytest.raises(ValueError, match="no training run"):
        train.train(tiny(seed=1, also=[str(tmp_path / "nowhere")]), tmp_path / "b", tmp_path / "o")
    with pytest.raises(ValueError, match="own folder"):
        train.train(tiny(seed=1, also=[str(first)]), first, tmp_path / "o")
    with pytest.raises(ValueError, match="named twice"):
        train.train(tiny(seed=1, also=[str(first)] * 2), tmp_path / "c", tmp_path / "o")
    (first / "data-0001.pt").unlink()
    with pytest.raises(ValueError, match="1 chunk\\(s\\) of games still to play"):
        train.train(tiny(seed=1, also=[str(first)]), tmp_path / "d", tmp_path / "o")
    assert not (first / "data-0001.pt").exists()  # read, never played again
    assert not (tmp_path / "a").exists() and not (tmp_path / "d").exists()  # refused before anything


def test_a_folder_begun_before_a_setting_existed_resumes_with_its_default(tmp_path: Path) -> None:
    cfg = tiny(steps=2)
    train.train(cfg, tmp_path / "w", tmp_path / "o")
    cfile = tmp_path / "w" / "config.json"
    old = json.loads(cfile.read_text(encoding="utf-8"))
    del old["also"]
    cfile.write_text(json.dumps(old), encoding="utf-8")
    train.train(cfg, tmp_path / "w", tmp_path / "o")
    with pytest.raises(ValueError, match="other settings"):
        train.train(tiny(steps=2, keep=0.4), tmp_path / "w", tmp_path / "o")


def test_weights_of_another_encoding_are_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A change to the encoding changes its fingerprint: the weights fail to load until
    they are retrained (never silently misread)."""
    train.train(tiny(steps=2), tmp_path / "w", tmp_path / "o")
    c = codec("ofertu", 2)
    before = fingerprint(c)
    observe = c.module.observe

    def changed(view: dict[str, Any], seat: int, players: int, options: dict[str, Any]) -> list[float]:
        obs = list(observe(view, seat, players, options))
        obs[0] += 1.0
        return obs

    monkeypatch.setattr(c, "module", type("M", (), {"observe": staticmethod(changed)})())
    assert fingerprint(c) != before
    with pytest.raises(ValueError, match="another encoding"):
        model.load(tmp_path / "o" / "ofertu-2.pt")


def test_shipped_weights_match_todays_encoding() -> None:
    """Each file inside the package loads (its fingerprint is today's encoding's), reads
    today's observation size and carries the record of how it was made. One test over the
    files, not one a game: a new game's tests do not wait on its weights (the next test
    asks for them)."""
    assert learn.shipped()
    for gid, players in learn.shipped():
        m = learn.value_model(gid, players)
        assert m is not None, (gid, players)
        assert m.meta["observation_size"] == codec(gid, players).observation_size, (gid, players)
        record = json.loads(m.meta["record"])
        assert record["command"].startswith("muertos train") and record["cpu_seconds"]["games"] > 0
        assert learn.weights_file(gid, players).stat().st_size < 2_000_000
        s = muertos.game(gid).new(players, 11)
        assert len(m.values(s)) == players


def test_ships_weights_for_every_game_solo_at_two_and_at_its_most_seats() -> None:
    """Issue 37: "for every game and the seat counts that matter (each game's solo mode, 2
    seats, its most seats)"."""
    assert ("ofrenda", 1) in learn.settings() and ("dia-de-los-muertos", 6) in learn.settings()
    assert ("ofertu", 1) not in learn.settings() and ("patzcuaro", 3) not in learn.settings()
    missing = sorted(set(learn.settings()) - set(learn.shipped()))
    assert not missing, "no weights for " + ", ".join(
        f"{g} at {p} (muertos train {g} --players {p})" for g, p in missing
    )


def test_the_models_answers_are_its_networks_in_torch() -> None:
    """``values`` runs the layers in numpy (a torch call costs more than the arithmetic of a
    network this small): the same answers as the torch module, at a table and solo."""
    for game, players in (("ofertu", 2), ("ofrenda", 1), ("patzcuaro", 4)):
        m = learn.value_model(game, players)
        assert m is not None
        s = muertos.game(game).new(players, 7)
        bot = muertos.agent("random", seed=1)
        for _ in range(9):
            s.apply(bot.act(s, s.to_move or 0))
        with torch.no_grad():
            out = m.net(torch.tensor([m.codec.observe(s, i) for i in range(players)]))
        want = out * m.std + m.mean if players == 1 else torch.sigmoid(out) / torch.sigmoid(out).sum()
        assert m.values(s) == pytest.approx(want.tolist(), rel=1e-5)


def test_a_loaded_network_thinks_on_one_thread(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot's budget of CPU seconds counts every thread: torch's second thread, spinning
    on a network this small, cost the Ofertu search 96% of its iterations."""
    train.train(tiny(), tmp_path / "w", tmp_path / "o")
    before = torch.get_num_threads()
    try:
        torch.set_num_threads(2)
        m = model.load(tmp_path / "o" / "ofertu-2.pt")
        assert torch.get_num_threads() == 1
        shares = m.values(muertos.game("ofertu").new(2, 4))
        assert sum(shares) == pytest.approx(1.0) and all(0 < v < 1 for v in shares)
    finally:
        torch.set_num_threads(before)


def test_the_search_asks_the_leaf_of_determinizations_only() -> None:
    """The leaf judges the search's determinizations, never the real state, and no
    playout runs before it (``leaf_depth`` 0)."""
    real = muertos.game("ofertu").new(2, 5)
    seen: list[State] = []

    def leaf(d: State) -> list[float]:
        seen.append(d)
        return [0.5, 0.5]

    bot = NetISMCTSAgent(1, iterations=60, leaf=leaf, leaf_mix=1.0)
    before = real.view(0)
    move = bot.act(real, real.to_move or 0)
    assert move in real.legal_actions() and real.view(0) == before
    assert len(seen) > 10 and all(d is not real for d in seen)
    # judged where the tree stops (a move, the rival's modelled answer), not after a
    # playout to the end of the hand
    assert max(len(d.history) - len(real.history) for d in seen) <= 4
    assert any(len(d.history) - len(real.history) == 1 for d in seen)


def test_a_leaf_steers_the_search() -> None:
    """A leaf that prizes one move's position makes the search play it."""
    s = muertos.game("ofrenda").new(1, 2)
    legal = s.legal_actions()
    want = legal[-1]
    after = s.clone()
    after.apply(want)
    target = after.view(0)

    bot = NetISMCTSAgent(
        1, iterations=200, leaf=lambda d: [100.0 if d.view(0) == target else 0.0], leaf_mix=1.0
    )
    assert bot.act(s, 0) == want


def test_without_weights_the_agent_plays_todays_search_and_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(net_agent, "_WARNED", set())
    monkeypatch.setattr(learn, "value_model", lambda game, players: None)
    s = muertos.game("ofertu").new(2, 1)
    with pytest.warns(RuntimeWarning, match="no learned evaluation of ofertu at 2 seats"):
        a = muertos.agent("ismcts+net:30", seed=3).act(s, s.to_move or 0)
    assert a == muertos.agent("ismcts:30", seed=3).act(s, s.to_move or 0)
    monkeypatch.setattr(learn, "torch_available", lambda: False)
    with pytest.warns(RuntimeWarning, match="needs torch"):
        muertos.agent("ismcts+net:30", seed=3).act(s, s.to_move or 0)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # said once, not at every move
        muertos.agent("ismcts+net:30", seed=3).act(s, s.to_move or 0)


def test_the_agent_is_named_like_the_search() -> None:
    assert muertos.agent("ismcts+net:1.5cpu").name == "ismcts+net:1.5cpu"
    assert muertos.agent("ismcts+net").name == "ismcts+net:1000"
    with pytest.raises(muertos.UnknownAgent, match="bad ISMCTS budget"):
        muertos.agent("ismcts+net:fast")
    assert "ismcts+net" in muertos.agents.agent_names()


def _near_the_end(moves_left: int, seed: int = 3) -> State:
    """An Ofrenda solo position ``moves_left`` actions before the greedy bot's game ends."""
    rec = muertos.play("ofrenda", seats=["greedy"], seed=seed)
    s = muertos.game("ofrenda").new(1, seed)
    for a in rec.actions[: len(rec.actions) - moves_left]:
        s.apply(a)
    return s


def _brute(d: State) -> float:
    if d.over:
        return float(d.scores()[0])
    out = []
    for a in d.legal_actions():
        c = d.clone()
        c.apply(a)
        out.append(_brute(c))
    return max(out)


def test_the_endgame_walks_every_line_of_each_sample() -> None:
    """A move's value is the mean, over the samples, of the best score reachable after
    it: checked against a plain walk of the same determinizations."""
    import random

    from muertos.agents.endgame import solve

    s = _near_the_end(3)
    got = solve(s, 0, random.Random(5), samples=4)
    assert got is not None and set(got) == set(s.legal_actions())
    rng = random.Random(5)
    samples = [s.determinize(0, rng) for _ in range(4)]
    for a, v in got.items():
        want = 0.0
        for d in samples:
            c = d.clone()
            c.apply(a)
            want += _brute(c)
        assert v == pytest.approx(want / 4)


def test_the_endgame_gives_up_on_a_large_tree_and_at_a_table() -> None:
    import random

    from muertos.agents.endgame import solve

    assert solve(muertos.game("ofrenda").new(1, 3), 0, random.Random(1)) is None
    assert solve(muertos.game("ofertu").new(2, 3), 0, random.Random(1)) is None


def test_the_net_agent_solves_the_end_of_a_solo_game_and_searches_before() -> None:
    bot = NetISMCTSAgent(1, iterations=20, leaf=lambda d: [0.0])
    end = _near_the_end(2)
    assert bot.act(end, 0) in end.legal_actions() and bot.last_solved
    start = muertos.game("ofrenda").new(1, 3)
    bot.act(start, 0)
    assert not bot.last_solved and bot.last_iterations == 20


def test_the_endgame_bot_walks_the_end_and_never_asks_for_a_network(monkeypatch: pytest.MonkeyPatch) -> None:
    """``ismcts+endgame``: the walk of the last decisions of a solo game, today's search
    before it, and no learned evaluation anywhere (issue 37, item 3)."""
    import muertos.agents.net as net

    def no_network(game_id: str, players: int) -> None:
        raise AssertionError(f"asked for a network of {game_id} at {players} seats")

    monkeypatch.setattr(net, "learned", no_network)
    bot = muertos.agent("ismcts+endgame:20", seed=1)
    assert isinstance(bot, net.EndgameISMCTSAgent) and bot.name == "ismcts+endgame:20"
    assert muertos.agent("ismcts+endgame:0.5cpu").name == "ismcts+endgame:0.5cpu"
    end = _near_the_end(2)
    assert bot.act(end, 0) in end.legal_actions() and bot.last_solved
    start = muertos.game("ofrenda").new(1, 3)
    bot.act(start, 0)
    assert not bot.last_solved and bot.last_iterations == 20
    table = muertos.game("ofertu").new(2, 3)
    assert bot.act(table, table.to_move or 0) in table.legal_actions()


def test_a_mixed_leaf_averages_the_network_and_the_playout() -> None:
    """``leaf_mix`` 0.5: half the network's judgement where the tree stops, half the
    playout's; 1: the network's alone, no playout."""
    s = muertos.game("ofrenda").new(1, 4)
    alone = NetISMCTSAgent(1, iterations=1, leaf=lambda d: [1000.0], leaf_mix=1.0, endgame=False)
    ((_, (visits, value)),) = alone.root_values(s, 0).items()
    assert visits == 1 and value == 1000.0
    plain = muertos.agents.ISMCTSAgent(1, iterations=1)
    ((move, (_, played)),) = plain.root_values(s, 0).items()
    mixed = NetISMCTSAgent(1, iterations=1, leaf=lambda d: [1000.0], leaf_mix=0.5, endgame=False)
    assert mixed.root_values(s, 0) == {move: (1, 0.5 * played + 500.0)}
    with pytest.raises(ValueError, match="leaf_mix"):
        NetISMCTSAgent(1, leaf_mix=1.5)


def test_the_train_command_writes_weights_and_refuses_a_bad_game(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from muertos.cli import app

    args = ["train", "ofertu", "-p", "2", "--games", "4", "--agents", "random", "--steps", "3"]
    args += ["--hidden", "4", "--work", str(tmp_path / "w"), "--out", str(tmp_path / "o")]
    res = CliRunner().invoke(app, [*args, "--jobs", "2", "--search-share", "0.5"])
    assert res.exit_code == 0, res.output
    assert "held-out error" in res.output
    record = json.loads((tmp_path / "o" / "ofertu-2.json").read_text())
    assert record["config"]["agents"] == ["random"] and record["config"]["hidden"] == [4]
    assert record["config"]["search_share"] == 0.5
    for flag, value in (("--search-share", "1.5"), ("--jobs", "0")):
        refused = CliRunner().invoke(app, [*args, flag, value])
        assert refused.exit_code == 2 and flag in refused.output
    bad = CliRunner().invoke(app, ["train", "nope"])
    assert bad.exit_code == 2
    later = ["--seed", "1", "--work", str(tmp_path / "w2"), "--also", str(tmp_path / "w")]
    res = CliRunner().invoke(app, [*args[:-4], "--out", str(tmp_path / "o2"), *later])
    assert res.exit_code == 0, res.output
    record = json.loads((tmp_path / "o2" / "ofertu-2.json").read_text())
    assert record["config"]["also"] == [str(tmp_path / "w")] and record["also"][0]["seed"] == 0
    unplayed = CliRunner().invoke(
        app, [*args[:-4], "--work", str(tmp_path / "w3"), "--also", str(tmp_path / "x")]
    )
    assert unplayed.exit_code == 2 and "no training run" in unplayed.output


def test_the_endgame_walk_gives_up_at_its_deadline_and_the_search_keeps_the_budget() -> None:
    """A bot's move keeps its time budget: the walk stops at its deadline (here one
    already passed, on a clock that does not move) and the search then plays."""
    import random

    from muertos.agents.endgame import solve

    end = _near_the_end(2)
    assert solve(end, 0, random.Random(1)) is not None
    assert solve(end, 0, random.Random(1), deadline=5.0, clock=lambda: 5.0) is None
    assert solve(end, 0, random.Random(1), deadline=6.0, clock=lambda: 5.0) is not None
    bot = NetISMCTSAgent(1, seconds=0.05, leaf=lambda d: [0.0])
    assert bot.act(end, 0) in end.legal_actions() and bot.seconds == 0.05


def test_a_settings_own_mix_and_a_mix_of_zero(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A setting's ``mix`` in ``leaf.toml`` overrides the file's; at 0 the search never asks
    the network: ``ismcts+net`` plays as ``ismcts+endgame`` move for move."""
    # the shipped file: the network asked only where it was measured to help
    assert learn.leaf_mix("ofertu", 2) == 0.5
    assert [learn.leaf_mix(g, n) for g, n in learn.settings() if (g, n) != ("ofertu", 2)] == [0.0] * 10
    table = tmp_path / "leaf.toml"
    table.write_text(
        'mix = 0.5\n[ofrenda-1]\nmix = 0.0\n[ofertu-2]\nmix = 0.25\nmeasured = "x"\n', encoding="utf-8"
    )
    monkeypatch.setattr(learn, "LEAF", table)
    learn._leaf_table.cache_clear()

    def never(game: str, players: int) -> None:
        raise AssertionError("the network was asked")

    monkeypatch.setattr(net_agent, "learned", never)
    try:
        assert learn.leaf_mix("ofrenda", 1) == 0.0 and learn.leaf_mix("ofertu", 2) == 0.25
        assert learn.leaf_mix("patzcuaro", 4) == 0.5
        s = muertos.game("ofrenda").new(1, 6)
        net_move = muertos.agent("ismcts+net:40", seed=2).act(s, 0)
        assert net_move == muertos.agent("ismcts+endgame:40", seed=2).act(s, 0)
        t = muertos.game("ofertu").new(2, 6)
        with pytest.raises(AssertionError, match="asked"):
            muertos.agent("ismcts+net:40", seed=2).act(t, t.to_move or 0)
    finally:
        learn._leaf_table.cache_clear()


def test_a_bad_mix_is_refused_by_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bad = tmp_path / "leaf.toml"
    bad.write_text('mix = 0.5\n[ofertu-2]\nmix = 1.5\n[ofrenda-1]\nmix = "half"\n', encoding="utf-8")
    monkeypatch.setattr(learn, "LEAF", bad)
    learn._leaf_table.cache_clear()
    try:
        assert learn.leaf_mix("patzcuaro", 2) == 0.5
        with pytest.raises(ValueError, match=r"mix of \[ofertu-2\] is a share in \[0, 1\], not 1.5"):
            learn.leaf_mix("ofertu", 2)
        with pytest.raises(ValueError, match=r"\[ofrenda-1\].*not 'half'"):
            learn.leaf_mix("ofrenda", 1)
    finally:
        learn._leaf_table.cache_clear()
