"""benchmarks/choice_rollouts.py: the decisions where the expert and its partner differ, played on both ways."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import choice_rollouts  # noqa: E402


def test_each_differing_decision_is_played_on_after_both_moves(tmp_path, capsys):
    out = tmp_path / "choices.jsonl"
    # fast stand-ins for the two bots: the player and beginner levels decide otherwise often
    assert choice_rollouts.main(["--deals", "6", "--seed", "3", "--out", str(out), "--rollouts", "2",
                                 "--expert", "player", "--partner", "beginner"]) == 0
    rows = [json.loads(x) for x in out.read_text().splitlines()]
    assert len(rows) >= 6, "six deals give many decisions where the two levels differ"
    for r in rows:
        assert r["expert_move"] != r["partner_move"]
        assert r["stage"] in choice_rollouts.STAGES
        assert len(r["expert_gp"]) == len(r["partner_gp"]) == 2
        assert all(v != 0 and -3 <= v <= 3 for v in r["expert_gp"] + r["partner_gp"])  # a deal always has a winner
    printed = capsys.readouterr().out
    assert "expert-partner" in printed and f"   all {'':>8} {'':>14} {len(rows):>5}" in printed


def test_the_table_groups_by_stage_decision_and_moves():
    rows = [{"stage": "10", "lead": True, "expert_move": "play AH", "partner_move": "close",
             "expert_gp": [1], "partner_gp": [3]},
            {"stage": "10", "lead": True, "expert_move": "play TH", "partner_move": "close",
             "expert_gp": [2], "partner_gp": [2]},
            {"stage": "closed", "lead": False, "expert_move": "play KS", "partner_move": "play AS",
             "expert_gp": [2, 2], "partner_gp": [-1, -1]}]
    lines = choice_rollouts.table(rows)
    first = lines[1].split()
    assert first[:5] == ["10", "lead", "play/close", "2", "-1.000"]  # (1 - 3 + 2 - 2) / 2
    assert lines[2].split()[:5] == ["closed", "follow", "play/play", "1", "+3.000"]
    assert lines[-1].split()[:3] == ["all", "3", "+0.333"]


@pytest.mark.parametrize("bad", [["--deals", "0"], ["--rollouts", "0"], ["--expert", "nobody"]])
def test_nonsense_arguments_are_one_line(tmp_path, capsys, bad):
    assert choice_rollouts.main([*bad, "--out", str(tmp_path / "x.jsonl")]) == 2
    assert capsys.readouterr().out.count("\n") == 1
