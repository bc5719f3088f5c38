"""benchmarks/close_rollouts.py: the expert's close decisions played on both ways."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import close_rollouts  # noqa: E402


def test_each_close_decision_is_played_on_after_the_close_and_after_the_other_move(core, tmp_path, capsys):
    out = tmp_path / "closes.jsonl"
    assert close_rollouts.main(["--deals", "4", "--seed", "3", "--out", str(out), "--min-edge", "-9",
                                "--samples", "4", "--partner-samples", "4"]) == 0
    rows = [json.loads(x) for x in out.read_text().splitlines()]
    assert rows, "four deals give the expert some lead where it may close"
    for r in rows:
        assert r["alt"] != "close" and r["stock"] >= 2
        assert len(r["close_gp"]) == len(r["alt_gp"]) == 2
        assert all(v != 0 and -3 <= v <= 3 for v in r["close_gp"] + r["alt_gp"])  # a deal always has a winner
    assert "edge band" in capsys.readouterr().out


def test_the_table_bands_the_realised_differences():
    rows = [{"edge": 0.1, "close_gp": [1, 1], "alt_gp": [2, 2]}, {"edge": 0.2, "close_gp": [3, 3], "alt_gp": [1, 1]},
            {"edge": 0.7, "close_gp": [2, 2], "alt_gp": [-1, -1]}]
    lines = close_rollouts.table(rows)
    low = next(x for x in lines if x.strip().startswith("[+0.00, +0.25)")).split()
    assert low[2:5] == ["2", "+0.150", "+0.500"]  # (-1 + 2) / 2
    high = next(x for x in lines if x.strip().startswith(">= +0.50")).split()
    assert high[2:5] == ["1", "+0.700", "+3.000"]
    assert not any(x.strip().startswith("<") for x in lines)  # no decision below 0: no row


@pytest.mark.parametrize("bad", [["--deals", "0"], ["--rollouts", "0"]])
def test_nonsense_counts_are_one_line(tmp_path, capsys, bad):
    assert close_rollouts.main([*bad, "--out", str(tmp_path / "x.jsonl")]) == 2
    assert capsys.readouterr().out.count("\n") == 1
