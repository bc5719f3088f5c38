"""benchmarks/pair_outcomes.py: counts arena pairs by their two results, each next to its mirror."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import pair_outcomes  # noqa: E402


def _log(path: Path, pairs: list[tuple[float, float]]) -> Path:
    rows = [{"pair": i, "a_seat": s, "win": float(gp > 0), "gp": gp, "deals": 1}
            for i, results in enumerate(pairs) for s, gp in enumerate(results)]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_pairs_are_counted_by_their_results_and_set_against_their_mirror(tmp_path, capsys):
    log = _log(tmp_path / "run.jsonl", [(-3, 2), (2, -3), (3, -2), (-2, 2), (1, 2), (-2, -1), (-2, -1)])
    counts = pair_outcomes.pair_outcomes(pair_outcomes.load(log))
    assert counts == {(-3.0, 2.0): 2, (-2.0, 3.0): 1, (-2.0, 2.0): 1, (1.0, 2.0): 1, (-2.0, -1.0): 2}
    assert pair_outcomes.main([str(log)]) == 0
    lines = capsys.readouterr().out.splitlines()
    by_outcome = {line.split()[0]: line.split() for line in lines[1:]}
    # -3/+2 twice against its mirror -2/+3 once: A's net is 2 * -1 + 1 * +1
    assert by_outcome["-3/+2"][1:] == ["2", "-2/+3", "1", "-1"]
    # -2/-1 twice against +1/+2 once: 2 * -3 + 1 * +3; a split that is its own mirror nets 0
    assert by_outcome["-2/-1"][1:] == ["2", "+1/+2", "1", "-3"]
    assert by_outcome["-2/+2"][1:] == ["1", "+0"]
    assert by_outcome["all"][1:3] == ["7", "-4"]  # 14 games: -1 -1 +1 +0 +3 -3 -3


def test_a_pair_missing_a_game_is_left_out_and_a_bad_log_gets_one_line(tmp_path, capsys):
    log = tmp_path / "part.jsonl"
    log.write_text(json.dumps({"pair": 0, "a_seat": 0, "win": 1.0, "gp": 2.0, "deals": 1}) + "\n", encoding="utf-8")
    assert pair_outcomes.main([str(log)]) == 2
    assert capsys.readouterr().out.startswith("pair_outcomes: no complete pairs")
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{not json\n", encoding="utf-8")
    assert pair_outcomes.main([str(bad)]) == 2
    out = capsys.readouterr().out
    assert out.startswith("pair_outcomes: cannot read the log") and out.count("\n") == 1
