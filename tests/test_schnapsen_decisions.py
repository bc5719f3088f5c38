"""benchmarks/schnapsen_decisions.py: the open-stock decision log of an arena run (each bot's
values, the reference, the move chosen, how the deal ended) and its summary by move class."""

from __future__ import annotations

import json
import math
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest

from ai import arena
from ai.schnapsen import ExpertAgent
from ai.sparring import SparringAgent
from tests.conftest import load_script


@cache
def _tool() -> ModuleType:
    return load_script("benchmarks/schnapsen_decisions.py", "schnapsen_decisions")


def _index(card: str) -> int:
    return _tool()._INDEX[card]


def test_move_classes_name_leads_and_answers_by_what_they_do() -> None:
    tool = _tool()
    hearts = _index("AH") // 5
    lead = {"trump": hearts, "led": -1}
    assert tool.move_class(lead, "play AH") == "lead trump AT"
    assert tool.move_class(lead, "play QS") == "lead plain KQ"
    assert tool.move_class(lead, "play JS") == "lead plain J"
    assert tool.move_class(lead, "close") == "close"
    answer = {"trump": hearts, "led": _index("KS")}
    assert tool.move_class(answer, "play TS") == "answer takes in suit"
    assert tool.move_class(answer, "play JS") == "answer under in suit"
    assert tool.move_class(answer, "play JH") == "answer trumps"
    assert tool.move_class(answer, "play AD") == "answer discards"


def test_a_short_run_logs_open_stock_decisions_with_the_deals_outcome(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    # the tool patches the arena and both bots for its run; undo that after the test
    monkeypatch.setattr(arena, "play_round", arena.play_round)
    monkeypatch.setattr(ExpertAgent, "scored", ExpertAgent.scored)
    monkeypatch.setattr(SparringAgent, "values", SparringAgent.values)
    out, log = tmp_path / "decisions.jsonl", tmp_path / "arena.jsonl"
    assert _tool().main(["--deals", "2", "--seed", "9", "--out", str(out), "--log", str(log)]) == 0
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    games = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert records and {r["bot"] for r in records} == {"A", "B"}
    for r in records:
        assert r["stock"] > 0 and len(r["values"]) >= 2
        assert r["chosen"] in r["values"] and set(r["reference"]) == set(r["values"])
    # every game's decisions carry the game points the arena scored for that game, each seat its own
    for g in games:
        game_no = 0 if g["a_seat"] == g["pair"] % 2 else 1
        mine = [r for r in records if r["deal"] == g["pair"] and r["game"] == game_no]
        assert mine
        for r in mine:
            assert r["gp"] == (g["gp"] if r["bot"] == "A" else -g["gp"])
    assert "decisions_logged=" + str(len(records)) in capsys.readouterr().out
    assert _tool().main(["--report", str(out)]) == 0
    report = capsys.readouterr().out
    assert "value-gp" in report and "\nA       10" in report


def test_the_calibration_slope_follows_the_values() -> None:
    slope_r2 = _tool()._slope_r2
    assert slope_r2([0.0, 1.0, 2.0, 3.0], [1.0, 3.0, 5.0, 7.0]) == pytest.approx((2.0, 1.0))
    slope, r2 = slope_r2([0.0, 1.0, 2.0, 3.0], [0.0, 1.0, 0.0, 1.0])
    assert (slope, r2) == pytest.approx((0.2, 0.2))
    assert all(math.isnan(x) for x in slope_r2([1.0, 1.0, 1.0], [0.0, 1.0, 2.0]))
