"""benchmarks/score_deals.py: deals at match scores, scored by the change of match equity."""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import score_deals as sd  # noqa: E402
from paired import load  # noqa: E402

from ai.match_equity import DEAL_GP, STRONG_DEAL_GP, deal_equity, win_chance  # noqa: E402


def test_the_strong_table_is_a_distribution_and_its_matches_are_shorter():
    assert sum(p for _, p in STRONG_DEAL_GP) == pytest.approx(1.0)
    assert win_chance(7, 7, STRONG_DEAL_GP) == pytest.approx(0.5)
    # bigger stakes make a lead count for less: 3 points up is less safe than with the default table
    assert win_chance(4, 7, STRONG_DEAL_GP) < win_chance(4, 7, DEAL_GP)
    assert deal_equity((7, 7), 0, STRONG_DEAL_GP) == pytest.approx(0.5)


def test_the_scores_are_those_matches_reach():
    scores = sd.match_scores(2_000, seed=3)
    counts = Counter(scores)
    assert counts[(0, 0)] == 2_000  # every match starts there, once
    assert all(0 <= a < 7 and 0 <= b < 7 for a, b in scores)
    assert 4.5 < len(scores) / 2_000 < 6.5  # about 5.5 deals a match
    assert abs(counts[(0, 2)] - counts[(2, 0)]) < 0.15 * counts[(0, 2)]  # equal players


def test_a_deal_changes_the_equity_by_what_it_does_for_the_match():
    assert sd.equity_change((1, 5), 1.0) == pytest.approx(1.0 - win_chance(1, 5, STRONG_DEAL_GP))
    assert sd.equity_change((5, 1), -1.0) == pytest.approx(-win_chance(5, 1, STRONG_DEAL_GP))
    assert sd.equity_change((7, 7), 2.0) > sd.equity_change((7, 7), 1.0) > 0 > sd.equity_change((7, 7), -1.0)


def test_a_run_logs_both_seats_at_one_score_and_compares(tmp_path, capsys):
    log = tmp_path / "run.jsonl"
    assert sd.main(["--a", "player", "--b", "beginner", "--deals", "8", "--seed", "4", "--log", str(log)]) == 0
    assert "match equity" in capsys.readouterr().out
    rows = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert len(rows) == 8
    for first, second in zip(rows[::2], rows[1::2], strict=True):
        assert first["pair"] == second["pair"] and {first["a_seat"], second["a_seat"]} == {0, 1}
        assert first["needs"] == second["needs"]  # A's score follows A into the other seat
    for r in rows:
        assert r["eq"] == pytest.approx(sd.equity_change(tuple(r["needs"]), r["gp"]))
    # the same run again is the same deals, so the comparison finds no difference
    again = tmp_path / "again.jsonl"
    assert sd.main(["--a", "player", "--b", "beginner", "--deals", "8", "--seed", "4", "--log", str(again)]) == 0
    capsys.readouterr()
    assert sd.main(["--compare", str(log), str(again)]) == 0
    assert "8 deals compared, 0 ended differently" in capsys.readouterr().out
    # a different A plays some deals otherwise
    other = tmp_path / "other.jsonl"
    assert sd.main(["--a", "beginner", "--b", "beginner", "--deals", "8", "--seed", "4", "--log", str(other)]) == 0
    capsys.readouterr()
    r = sd.compare(load(log), load(other))
    assert r["games"] == 8 and r["changed"] > 0


def test_bad_input_gets_one_line(tmp_path, capsys):
    assert sd.main(["--a", "nobody", "--deals", "2"]) == 2
    assert capsys.readouterr().out.startswith("score_deals: unknown")
    assert sd.main(["--compare", str(tmp_path / "a"), str(tmp_path / "b")]) == 2
    assert "cannot read the logs" in capsys.readouterr().out


def test_a_run_can_keep_to_the_scores_where_b_is_near_its_end(tmp_path, capsys):
    log = tmp_path / "near.jsonl"
    assert sd.main(["--a", "player", "--b", "beginner", "--deals", "12", "--seed", "5", "--log", str(log),
                    "--b-needs-max", "2"]) == 0
    out = capsys.readouterr().out
    share = float(out.split("deals where B needs 2 or fewer: ")[1].split()[0])
    assert 0.05 < share < 0.4  # a minority of a match's deals, but not a rare one
    rows = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert len(rows) == 12 and all(r["needs"][1] <= 2 for r in rows)
    assert sd.scores_where_b_needs_at_most([(0, 0), (3, 5), (6, 6), (5, 4)], 2) == [(3, 5), (6, 6)]
    # B always needs at least one game point: no score is left, and the run says so in one line
    assert sd.main(["--deals", "2", "--b-needs-max", "0"]) == 2
    assert capsys.readouterr().out.startswith("score_deals: B never needs")
