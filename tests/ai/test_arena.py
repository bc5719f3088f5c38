"""The arena CLI: pairs of games with swapped seats, Wilson intervals, the machine-readable line."""

from __future__ import annotations

import re

import pytest

from ai.arena import Outcome, run_pair, wilson
from ai.arena import main as arena_main


def test_wilson_interval_matches_known_values():
    lo, hi = wilson(50, 100)
    assert abs(lo - 0.4038) < 1e-3 and abs(hi - 0.5962) < 1e-3
    assert wilson(0, 0) == (0.0, 1.0)


def test_a_pair_deals_the_same_cards_with_seats_swapped():
    outs = run_pair(("schnapsen", 2, "player", "player", "deals", 5, 0))
    assert [o.a_seat for o in outs] == [0, 1]
    # the same level on both sides with the same cards: each deal is won by one side
    assert all(isinstance(o, Outcome) and o.games == 1 for o in outs)
    assert sum(o.wins for o in outs) == 1.0  # same deterministic bots, same deal: A wins one of two


def test_cli_prints_the_summary_line_last(capsys):
    assert arena_main(["--game", "schnapsen", "--a", "player", "--b", "random", "--deals", "6",
                       "--seed", "3", "--workers", "1"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert re.fullmatch(r"a_win_rate=\S+ ci_low=\S+ ci_high=\S+ a_gp_per_deal=\S+ a_p95_ms=\S+ b_p95_ms=\S+", last)


def test_cli_plays_matches():
    outs = run_pair(("schnapsen", 2, "beginner", "random", "matches", 1, 0))
    assert all(o.games == 1 and o.deals >= 1 for o in outs)
    for o in outs:  # each deal's game points are kept: they add up, and the winner reached 7
        assert len(o.deal_gp) == o.deals and sum(o.deal_gp) == o.gp
        mine, theirs = sum(g for g in o.deal_gp if g > 0), -sum(g for g in o.deal_gp if g < 0)
        assert (mine >= 7 > theirs) if o.wins == 1.0 else (theirs >= 7 > mine)


class _EndlessRules:
    """A broken game whose round never ends: the arena must stop it, not hang."""

    def is_over(self, state):
        return False

    def to_move(self, state):
        return 0

    def legal_moves(self, state):
        return ("wait",)

    def observe(self, state, seat):
        return state

    def apply(self, state, move):
        return state, ()


class _FirstMove:
    def choose(self, observation, legal_moves, rng):
        return legal_moves[0]


def test_a_round_that_never_ends_is_stopped_with_its_seed():
    import pytest

    from ai.arena import MAX_MOVES_PER_ROUND, play_round

    out = Outcome(0)
    with pytest.raises(RuntimeError, match="did not end"):
        play_round(_EndlessRules(), None, {0: _FirstMove()}, [0], frozenset({0}), 9, (1, 0), out)
    assert len(out.a_ms) == MAX_MOVES_PER_ROUND


def test_progress_goes_to_stderr_and_keeps_the_last_line(capsys):
    assert arena_main(["--game", "schnapsen", "--a", "player", "--b", "random", "--deals", "8",
                       "--seed", "3", "--workers", "2", "--progress", "2"]) == 0
    captured = capsys.readouterr()
    assert "A wins" in captured.err and "rate" in captured.err
    assert captured.out.strip().splitlines()[-1].startswith("a_win_rate=")


def test_max_seconds_stops_after_the_pair_in_progress(capsys):
    assert arena_main(["--game", "schnapsen", "--a", "player", "--b", "random", "--deals", "20",
                       "--seed", "3", "--workers", "1", "--max-seconds", "0", "--progress", "1"]) == 0
    captured = capsys.readouterr()
    assert "stopped early after 1 of 10 pairs" in captured.err
    assert "2 deals, seed 3" in captured.out  # the summary covers the one pair played


def test_logs_of_two_runs_compare_game_by_game(tmp_path, capsys):
    """``--log`` writes a line per game; ``benchmarks/paired.py`` pairs two runs of the same seed:
    a bot against itself changes no game, another bot changes some, and a bad log is one line."""
    import json
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    import paired

    logs = {}
    for name, level in (("a", "player"), ("b", "player"), ("c", "beginner")):
        logs[name] = tmp_path / f"{name}.jsonl"
        assert arena_main(["--game", "schnapsen", "--a", level, "--b", "random", "--deals", "20", "--seed", "4",
                           "--workers", "1", "--log", str(logs[name])]) == 0
    lines = [json.loads(x) for x in logs["a"].read_text().splitlines()]
    assert len(lines) == 20 and {x["a_seat"] for x in lines} == {0, 1}
    assert all(x["deal_gp"] == [x["gp"]] for x in lines)
    assert sorted({x["pair"] for x in lines}) == list(range(10))
    same = paired.compare(paired.load(logs["a"]), paired.load(logs["b"]))
    assert same["games"] == 20 and same["changed"] == 0 and same["d_win"] == 0.0 and same["d_gp"] == 0.0
    other = paired.compare(paired.load(logs["a"]), paired.load(logs["c"]))
    assert other["games"] == 20 and other["changed"] > 0
    wins = [sum(x["win"] for x in map(json.loads, logs[n].read_text().splitlines())) for n in ("a", "c")]
    assert other["d_win"] == pytest.approx((wins[1] - wins[0]) / 20)
    capsys.readouterr()
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{not json\n")
    assert paired.main([str(logs["a"]), str(bad)]) == 2
    assert capsys.readouterr().out.count("\n") == 1

    # a second seed: the two seeds pooled count every game once, and pair 0 of one seed is not
    # pair 0 of the other
    for name, level in (("a5", "player"), ("c5", "beginner")):
        logs[name] = tmp_path / f"{name}.jsonl"
        assert arena_main(["--game", "schnapsen", "--a", level, "--b", "random", "--deals", "10", "--seed", "5",
                           "--workers", "1", "--log", str(logs[name])]) == 0
    one = paired.compare(paired.load(logs["a5"]), paired.load(logs["c5"]))
    both = paired.compare(paired.pooled([paired.load(logs["a"]), paired.load(logs["a5"])]),
                          paired.pooled([paired.load(logs["c"]), paired.load(logs["c5"])]))
    assert both["games"] == 30 and both["changed"] == other["changed"] + one["changed"]
    assert both["cand_rate"] * 30 == pytest.approx(other["cand_rate"] * 20 + one["cand_rate"] * 10)
    assert paired.main([str(logs[n]) for n in ("a", "c", "a5", "c5")]) == 0
    out = capsys.readouterr().out
    assert "pooled over 2:\n30 games compared" in out
    assert paired.main([str(logs[n]) for n in ("a", "c", "a5")]) == 2
    assert capsys.readouterr().out.count("\n") == 1
    assert paired.main([str(logs[n]) for n in ("a", "c")] + [str(logs["a5"]), str(bad)]) == 2
    assert capsys.readouterr().out.count("\n") == 1


class _Recorder:
    """Stands in for an agent and notes the hand it held at each decision, the move it chose and
    the state of the rng it was given."""

    def __init__(self, agent, seat, log):
        self.agent, self.seat, self.log = agent, seat, log

    def choose(self, observation, legal_moves, rng):
        state = rng.getstate()
        move = self.agent.choose(observation, legal_moves, rng)
        self.log.append((self.seat, tuple(observation.hand), str(move), state))
        return move


def _recorded_game(a_seed):
    """The first game of pair 0 of seed 7, random against random: A sits in seat 0."""
    log: list = []
    run_pair(("schnapsen", 2, "random", "random", "deals", 7, 0),
             lambda agent, j, seat: _Recorder(agent, seat, log) if j == 0 else agent, a_seed=a_seed)
    return log


def test_an_a_seed_draws_only_a_s_randomness_afresh():
    from game.rules.seeds import derive_rng

    def states(seed, seat):  # the rng each decision of this seat may get (tag (pair 0, game 0))
        return {derive_rng(seed, "bot", (0, 0), seat, n).getstate() for n in range(200)}

    plain, same = _recorded_game(None), _recorded_game(7)
    assert plain == same  # A's seed defaults to the seed
    others = {s: _recorded_game(s) for s in (8, 9, 10)}
    b_states = states(7, 1)
    for a_seed, log in others.items():
        assert log[0][1] == plain[0][1]  # the same cards dealt
        a_states = states(a_seed, 0)
        # every decision of B drew from the seed's rng, every decision of A from its own seed's
        assert all(state in (a_states if seat == 0 else b_states) for seat, _hand, _move, state in log)
    # random A choosing afresh plays another game at least once in three
    assert any([x[2] for x in log] != [x[2] for x in plain] for log in others.values())


def test_cli_reports_a_s_seed(capsys):
    assert arena_main(["--game", "schnapsen", "--a", "player", "--b", "random", "--deals", "2",
                       "--seed", "3", "--a-seed", "11", "--workers", "1"]) == 0
    assert "seed 3, A's seed 11" in capsys.readouterr().out
