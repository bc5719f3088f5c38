"""benchmarks/oracle_probe.py: A's samples get the opponent's true hand at the kinds of decision
asked for and at no other, B never sees, the arena's games are played when nothing is seen, and
the probe leaves the rules and the expert as it found them."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from random import Random
from typing import Any

import pytest

import ai.schnapsen as expert_module
from ai.arena import main as arena_main
from ai.schnapsen_knowledge import schnapsen_knowledge
from ai.schnapsen_solver import mask_of
from game.rules import registry

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import oracle_probe  # noqa: E402


class _Spy:
    """Plays the first legal move and notes, at each decision, its kind, whether the expert's
    sampler dealt the opponent its true hand, and whether the probe gave a hand at all."""

    def __init__(self, oracle: oracle_probe.Oracle, notes: list[tuple[str | None, bool, bool]]) -> None:
        self.oracle = oracle
        self.notes = notes
        self.level = "spy"

    def choose(self, observation: Any, legal_moves: Sequence[Any], rng: Random) -> Any:
        k = schnapsen_knowledge(observation)
        truth = mask_of(self.oracle.state.hands[1 - observation.seat])
        sampled = expert_module.sample_world(k, Random(len(self.notes))).hands[k.opp]
        if len(legal_moves) > 1:
            self.notes.append((oracle_probe.decision_kind(k), sampled == truth, self.oracle.hand is not None))
        return legal_moves[0]


def test_only_the_kinds_asked_for_see_the_true_hand_and_everything_is_put_back():
    rules = registry.get("schnapsen")
    sampler = expert_module.sample_world
    oracle = oracle_probe.Oracle()
    notes: list[tuple[str | None, bool, bool]] = []
    outs, counts = oracle_probe.play("player", "beginner", 5, 12, frozenset({"answer"}), None,
                                     make=lambda agent: _Spy(oracle, notes), oracle=oracle)
    assert len(outs) == 24 and all(o.games == 1 for o in outs)
    answers = [n for n in notes if n[0] == "answer"]
    leads = [n for n in notes if n[0] == "lead"]
    assert answers and leads
    assert all(true and given for _kind, true, given in answers)  # every answer saw the hand
    assert not any(given for _kind, _true, given in leads)  # no lead was given it
    assert sum(true for _kind, true, _given in leads) < len(leads) / 2  # uniform samples rarely hit it
    assert counts == {"answer": len(answers)}  # only A's decisions are counted: B is never wrapped
    assert expert_module.sample_world is sampler
    assert "observe" not in vars(rules) and rules.observe.__func__ is type(rules).observe


def test_stock_sizes_narrow_what_is_seen():
    oracle = oracle_probe.Oracle()
    notes: list[tuple[str | None, bool, bool]] = []
    _outs, counts = oracle_probe.play("player", "beginner", 6, 8, frozenset({"lead", "answer"}), frozenset({10}),
                                      make=lambda agent: _Spy(oracle, notes), oracle=oracle)
    assert counts["lead"] + counts["answer"] == sum(given for _k, _t, given in notes) > 0
    assert sum(given for _k, _t, given in notes) < len([n for n in notes if n[0] in ("lead", "answer")])


class _CloseSpy:
    """Closes whenever it may and has been given the true hand, else plays the first legal move
    that is not a close; notes, at each lead it is asked, whether closing was among its moves,
    the hand given and the stock still open."""

    def __init__(self, oracle: oracle_probe.Oracle, notes: list[tuple[bool, bool, bool]]) -> None:
        self.oracle = oracle
        self.notes = notes
        self.level = "spy"
        self.close_when_seeing = False

    def choose(self, observation: Any, legal_moves: Sequence[Any], rng: Random) -> Any:
        may_close = any(m.kind == "close" for m in legal_moves)
        given = self.oracle.hand is not None
        k = schnapsen_knowledge(observation)
        if k.stage == "lead":
            self.notes.append((may_close, given, not k.phase2))
        if may_close and given and self.close_when_seeing:
            return next(m for m in legal_moves if m.kind == "close")
        return next(m for m in legal_moves if m.kind != "close")


@pytest.mark.parametrize("closes", [False, True])
def test_the_close_alone_is_decided_with_the_true_hand(closes):
    oracle = oracle_probe.Oracle()
    notes: list[tuple[bool, bool, bool]] = []

    def spy(agent: Any) -> _CloseSpy:
        s = _CloseSpy(oracle, notes)
        s.close_when_seeing = closes
        return s

    _outs, counts = oracle_probe.play("player", "beginner", 3, 6, frozenset({"close"}), None, make=spy, oracle=oracle)
    seen = [i for i, note in enumerate(notes) if note[:2] == (True, True)]
    assert seen and counts == {"close": len(seen)}
    assert all(given for may_close, given, _open in notes if may_close)  # every close question is seen
    assert not any(given and not may_close for may_close, given, _open in notes)  # and nothing else
    # a seen non-close is chosen again at once, blind, without the close; a seen close is played
    again = [i + 1 < len(notes) and notes[i + 1] == (False, False, True) for i in seen]
    assert all(again) if not closes else not any(again)


def test_seeing_nothing_plays_the_arena_games(tmp_path, capsys):
    arena_log, probe_log = tmp_path / "arena.jsonl", tmp_path / "probe.jsonl"
    assert arena_main(["--game", "schnapsen", "--a", "player", "--b", "beginner", "--deals", "12", "--seed", "4",
                       "--workers", "1", "--log", str(arena_log)]) == 0
    assert oracle_probe.main(["--a", "player", "--b", "beginner", "--deals", "12", "--seed", "4",
                              "--log", str(probe_log)]) == 0
    assert [json.loads(x) for x in probe_log.read_text().splitlines()] == \
        [json.loads(x) for x in arena_log.read_text().splitlines()]
    assert "12 deals, seeing none" in capsys.readouterr().out


@pytest.mark.parametrize("args, says", [
    (["--see", "bogus"], "--see takes lead, answer, closed, close, not bogus"),
    (["--stocks", "ten"], "--stocks takes stock sizes such as 10,8, not 'ten'"),
    (["--deals", "1"], "--deals must be at least 2"),
])
def test_bad_arguments_get_one_line(args, says, capsys):
    argv = ["--deals", "4", "--seed", "1", *args]
    with pytest.raises(SystemExit) as stop:
        oracle_probe.main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err
