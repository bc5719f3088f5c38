"""benchmarks/match_states.py: the deals of logged matches by the score they were played at."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from random import Random

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import match_from_deals as mfd  # noqa: E402
import match_states as ms  # noqa: E402


def _log(path: Path, matches: list[list[float]]) -> Path:
    rows = []
    for i, deal_gp in enumerate(matches):
        a = sum(x for x in deal_gp if x > 0)
        rows.append({"pair": i // 2, "a_seat": i % 2, "win": float(a >= 7), "gp": sum(deal_gp),
                     "deals": len(deal_gp), "deal_gp": deal_gp})
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_the_score_before_each_deal_is_rebuilt_from_the_results():
    deals = ms.deals_of({"deal_gp": [2.0, -3.0, 1.0, -3.0, 3.0, 1.0]})
    assert [(d.a_needs, d.b_needs) for d in deals] == [(7, 7), (5, 7), (5, 4), (4, 4), (4, 1), (1, 1)]
    assert [d.gp for d in deals] == [2.0, -3.0, 1.0, -3.0, 3.0, 1.0]


def test_the_exact_independent_share_agrees_with_the_simulated_one():
    assert ms.iid_match_share([1.0, 3.0]) == 1.0
    assert ms.iid_match_share([-2.0]) == 0.0
    assert ms.iid_match_share([1.0, -1.0, 2.0, -2.0, 3.0, -3.0]) == pytest.approx(0.5)
    points = [2.0, 1.0, -2.0, -3.0, 3.0, -1.0, -2.0, 2.0]
    simulated = mfd.match_share(points, 40_000, Random(7))
    assert ms.iid_match_share(points) == pytest.approx(simulated, abs=0.01)
    # a deal with no winner does not count (it leaves the score as it was)
    assert ms.iid_match_share([1.0, -1.0, 0.0]) == pytest.approx(0.5)
    with pytest.raises(ValueError):
        ms.iid_match_share([0.0])


def test_the_table_reads_the_logs(tmp_path, capsys):
    log = _log(tmp_path / "m.jsonl", [[2.0, -3.0, 3.0, 2.0], [-1.0, -3.0, 1.0, -3.0]])
    assert ms.main([str(log)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "2 matches: A won 1 = 0.5000"
    assert out[1] == "8 deals in them: A won 0.5000, -0.250 game points a deal"
    first = next(line for line in out if line.startswith("the first deal"))
    assert first.split()[4:6] == ["2", "0.500"], first  # one won (+2), one lost (-1)
    assert ms.main([str(tmp_path / "none.jsonl")]) == 2
    assert "no such log" in capsys.readouterr().err
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"pair": 0}\n', encoding="utf-8")
    assert ms.main([str(bad)]) == 2
    assert "not an arena match log" in capsys.readouterr().err
