"""The soak (benchmarks/soak.py, code in tools/soak.py): it plays every level, including a sample-capped expert,
checks the rules invariants, and reports a broken bot with its seed instead of stopping."""

from __future__ import annotations

import pytest

from ai.schnapsen import ExpertAgent
from game.rules import registry
from game.rules.base import Move
from tools import soak as soak_module


@pytest.fixture
def soak():
    samples = soak_module.EXPERT_SAMPLES
    yield soak_module
    soak_module.set_expert_samples(samples)


def test_every_level_plays_clean_deals(soak, capsys):
    code = soak.main(["--deals", "6", "--games", "schnapsen,dreierschnapsen", "--seed", "5",
                      "--expert-samples", "2"])
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert code == 0
    assert last.startswith("deals=12 errors=0 ")


def test_the_soak_expert_is_the_expert_with_fewer_samples(soak):
    soak.set_expert_samples(3)
    agent = soak.soak_agent("schnapsen", "expert", 0)
    assert isinstance(agent, ExpertAgent) and agent.max_samples == 3
    rules = registry.get("schnapsen")
    from random import Random

    state = rules.new_round(2, 0, Random(4))
    seat = rules.to_move(state)
    _, used, exact = agent.values(rules.observe(state, seat), rules.legal_moves(state), Random(1))
    assert used <= 3 and not exact


def test_an_illegal_bot_move_is_reported_with_its_seed(soak, monkeypatch, capsys):
    class Cheater:
        def choose(self, observation, legal_moves, rng):
            return Move("play", ())

    monkeypatch.setattr(soak, "soak_agent", lambda game_id, level, seat: Cheater())
    code = soak.main(["--deals", "2", "--games", "schnapsen", "--seed", "5"])
    out = capsys.readouterr().out
    assert code == 1
    assert "ERROR schnapsen 2p" in out and "seed=" in out
    assert out.strip().splitlines()[-1].startswith("deals=") and "errors=0" not in out.strip().splitlines()[-1]
