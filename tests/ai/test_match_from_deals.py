"""benchmarks/match_from_deals.py: matches to 7 simulated from logged deals."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from random import Random

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import match_from_deals as mfd  # noqa: E402


def _log(path: Path, points: list[float]) -> Path:
    rows = [{"pair": i // 2, "a_seat": i % 2, "win": float(gp > 0), "gp": gp, "deals": 1}
            for i, gp in enumerate(points)]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_a_side_that_wins_every_deal_wins_every_match_and_even_deals_split_them():
    assert mfd.match_share([1.0, 2.0, 3.0], 200, Random(1)) == 1.0
    assert mfd.match_share([-1.0, -3.0], 200, Random(1)) == 0.0
    even = mfd.match_share([1.0, -1.0, 2.0, -2.0, 3.0, -3.0], 20_000, Random(2))
    assert abs(even - 0.5) < 0.02, even
    # the same deal win rate at higher stakes for A wins more matches
    assert mfd.match_share([3.0, -1.0], 20_000, Random(3)) > mfd.match_share([1.0, -1.0], 20_000, Random(3)) + 0.1


def test_turning_lost_deals_into_wins_raises_the_match_share():
    points = [2.0, 1.0, -2.0, -3.0, 3.0, -1.0, -2.0]
    shares = [mfd.match_share(points, 20_000, Random(4), shift=s) for s in (0.0, 0.05, 0.1)]
    assert shares[0] < shares[1] < shares[2], shares
    with pytest.raises(ValueError):
        mfd.match_share([0.0], 10, Random(5))


def test_the_table_reads_the_logs(tmp_path, capsys):
    log = _log(tmp_path / "run.jsonl", [2.0, -1.0, 3.0, -2.0, 1.0, 2.0])
    assert mfd.deal_points([log]) == [2.0, -1.0, 3.0, -2.0, 1.0, 2.0]
    assert mfd.main([str(log), "--matches", "500"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("6 deals: A won 0.6667, +0.833 game points a deal")
    assert len(out) == 4 + len(mfd.SHIFTS)
    assert mfd.main([str(tmp_path / "none.jsonl")]) == 2
    assert "no such log" in capsys.readouterr().err
