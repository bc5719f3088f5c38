"""benchmarks/schnapsen_playouts.py: each open-stock move valued by the expert's search, by the
both-hands reference and by play-outs, and the cross-validated test of a correction by class."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

from ai.schnapsen_solver import DECK
from tests.conftest import load_script


@cache
def _tool() -> ModuleType:
    return load_script("benchmarks/schnapsen_playouts.py", "schnapsen_playouts")


def _decisions(trump_ace_plays_out: float, jack_plays_out: float, deals: int = 80) -> list[dict[str, Any]]:
    """First leads where the search likes a trump ace (1.0) a little more than a plain jack (0.9)."""
    ace, jack = f"play {DECK[0]}", f"play {DECK[9]}"  # suit 0's ace (trump) and suit 1's jack
    return [{"deal": d, "stock": 10, "trump": 0, "led": -1, "values": {ace: 1.0, jack: 0.9},
             "playouts": {ace: [trump_ace_plays_out], jack: [jack_plays_out]}} for d in range(deals)]


def test_a_class_the_search_overrates_is_corrected_and_the_gain_counted() -> None:
    tool = _tool()
    changed, gain, _se = tool.cross_validated_gain(_decisions(0.0, 1.0), plays_only=True)
    assert (changed, gain) == (80, 1.0)  # every lead goes to the jack, which plays out 1 GP better


def test_where_the_play_outs_agree_with_the_search_nothing_changes() -> None:
    changed, gain, _se = _tool().cross_validated_gain(_decisions(1.0, 0.0), plays_only=False)
    assert (changed, gain) == (0, 0.0)


def test_a_short_run_values_every_legal_move_three_ways(tmp_path: Path, capsys: Any) -> None:
    out = tmp_path / "playouts.jsonl"
    assert _tool().main(["--deals", "1", "--seed", "3", "--playouts", "1", "--playout-samples", "2",
                         "--out", str(out)]) == 0
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert records
    for rec in records:
        assert rec["stock"] in (10, 8)
        assert set(rec["values"]) == set(rec["reference"]) == set(rec["playouts"]) and len(rec["values"]) >= 2
        for gps in rec["playouts"].values():
            assert len(gps) == 1 and gps[0] in (-3, -2, -1, 1, 2, 3)
    assert f"decisions={len(records)}" in capsys.readouterr().out
