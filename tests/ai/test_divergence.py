"""benchmarks/divergence.py: replays arena pairs exactly and finds where A and B first decided
otherwise in the same position."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from ai.arena import main as arena_main

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import divergence  # noqa: E402


def test_the_first_divergence_names_a_and_b_by_the_seat_that_decided():
    s = divergence.Step
    g0 = [s(1, "play AH", "10", True), s(0, "play TH", "10", False), s(0, "close", "8", True)]
    g1 = [s(1, "play AH", "10", True), s(0, "play TH", "10", False), s(0, "play QS", "8", True)]
    # game 0: A sits at seat 0, so the close is A's and the queen B's
    d = divergence.first_divergence(7, [g0, g1], [0, 1], [1.0, 1.0])
    assert d is not None and (d.step, d.stage, d.lead, d.a_move, d.b_move, d.a_wins) == (2, "8", True, "close", "play QS", 2.0)
    # the same games with A at seat 1 in game 0: the moves swap sides
    d = divergence.first_divergence(7, [g0, g1], [1, 0], [0.0, 0.0])
    assert d is not None and (d.a_move, d.b_move) == ("play QS", "close")
    assert divergence.first_divergence(7, [g0, g0], [0, 1], [1.0, 0.0]) is None


def test_replays_are_the_arena_games_and_diverge_on_differing_moves(tmp_path, capsys):
    log = tmp_path / "run.jsonl"
    assert arena_main(["--game", "schnapsen", "--a", "player", "--b", "beginner", "--deals", "16", "--seed", "9",
                       "--workers", "1", "--log", str(log)]) == 0
    logged = {(r["pair"], r["a_seat"]): r["win"] for r in map(json.loads, log.read_text().splitlines())}
    found = 0
    for pair in range(8):
        traces, seats, wins = divergence.replay("player", "beginner", 9, pair)
        assert [logged[(pair, s)] for s in seats] == wins  # the very games the arena played
        d = divergence.first_divergence(pair, traces, seats, wins)
        if d is not None:
            found += 1
            assert d.a_move != d.b_move
            assert [t.move for t in traces[0][:d.step]] == [t.move for t in traces[1][:d.step]]
    assert found > 0  # a counting player and a greedy beginner part somewhere in most deals
    capsys.readouterr()
    assert divergence.main(["--a", "player", "--b", "beginner", "--seed", "9", "--log", str(log)]) == 0
    out = capsys.readouterr().out
    decisive = [p for p in range(8) if logged[(p, p % 2)] == logged[(p, (p + 1) % 2)] != 0.5]
    assert out.count("pair ") == len(decisive)
    assert "A won 2" in out and "replay differs" not in out


def test_a_log_of_other_games_or_a_bad_log_is_reported(tmp_path, capsys):
    log = tmp_path / "run.jsonl"
    assert arena_main(["--game", "schnapsen", "--a", "player", "--b", "beginner", "--deals", "20", "--seed", "3",
                       "--workers", "1", "--log", str(log)]) == 0
    capsys.readouterr()
    # a log whose outcomes are not those of these games: every decisive pair is refused
    rows = [json.loads(x) for x in log.read_text().splitlines()]
    flipped = [dict(r, win=1.0 - r["win"]) for r in rows]
    log.write_text("".join(json.dumps(r) + "\n" for r in flipped))
    pairs, _ = divergence.decisive_pairs(log)
    assert pairs  # the player wins both games of some pairs against the beginner
    assert divergence.main(["--a", "player", "--b", "beginner", "--seed", "3", "--log", str(log)]) == 1
    assert "replay differs from the log" in capsys.readouterr().out
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{not json\n")
    assert divergence.main(["--a", "player", "--b", "beginner", "--seed", "3", "--log", str(bad)]) == 2
    assert capsys.readouterr().out.count("\n") == 1
    assert divergence.main(["--a", "nobody", "--b", "beginner", "--seed", "3", "--pairs", "1"]) == 2


@pytest.mark.parametrize("stage", ["closed", "end", "4"])
def test_the_table_counts_pairs_by_stage_and_outcome(stage):
    d = divergence.Divergence
    divs = [d(0, 2.0, 3, stage, True, "close", "play AS"), d(1, 0.0, 5, stage, True, "close", "play KS"),
            d(2, 2.0, 1, "10", False, "play JD", "play AS")]
    lines = divergence.table(divs)
    row = next(x for x in lines if x.split()[:3] == [stage, "lead", "close/play"])
    assert row.split()[3:] == ["1", "1", "0"]
    assert lines[-1].split() == ["all", "2", "1", "0"]
