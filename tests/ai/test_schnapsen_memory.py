"""The expert's memory of the opponent's play through a deal (``ai.schnapsen_memory``, benchmark
level ``expert-fixed-memN``): its remembered hands always fit what the seat knows, each of the
opponent's decisions is read into them once, a new deal starts afresh, resampling keeps the
weights' proportions, and an expert with memory still decides from its observations only."""

from __future__ import annotations

from random import Random
from typing import Any

from ai.base import make_agent
from ai.schnapsen import ExpertAgent
from ai.schnapsen_knowledge import count, schnapsen_knowledge
from ai.schnapsen_memory import DealMemory, systematic
from game.rules.schnapsen import RULES as R
from tests.ai.test_fairness import play_twins


def knowledge_through_deals(deals: int, seat: int = 0) -> list[list]:
    """The knowledge of ``seat`` at each of its decisions in player-level deals, deal by deal."""
    out = []
    for seed in range(deals):
        s = R.new_round(2, seed % 2, Random(seed))
        bots = [make_agent("schnapsen", "player", i) for i in (0, 1)]
        ks, step = [], 0
        while not R.is_over(s):
            who, legal = R.to_move(s), R.legal_moves(s)
            assert who is not None
            obs = R.observe(s, who)
            if who == seat:
                ks.append(schnapsen_knowledge(obs))
            s, _ = R.apply(s, bots[who].choose(obs, legal, Random(seed + step)))
            step += 1
        out.append(ks)
    return out


def test_remembered_hands_always_fit_what_the_seat_knows() -> None:
    checked = 0
    for deal, ks in enumerate(knowledge_through_deals(12)):
        rng = Random(deal)
        mem = DealMemory(ks[0], 24, rng)
        for i, k in enumerate(ks):
            assert mem.same_deal(k)
            # a made-up reading that favours some hands, so that the weights differ and resample
            mem.update(k, rng, [(("step", i), lambda w, opp=k.opp: 0.2 + (w.hands[opp] & 0b1011 != 0))])
            allowed = (k.unseen & ~k.opp_cannot) | k.opp_known
            for h in mem.hands:
                assert h & k.opp_known == k.opp_known
                assert h & ~allowed == 0
                assert count(h) == k.opp_hand_size
                checked += 1
            assert all(w > 0 for w in mem.weights)
    assert checked > 1000


def test_each_decision_is_read_once_and_informs_the_memory() -> None:
    ks = knowledge_through_deals(1)[0]
    mem = DealMemory(ks[0], 16, Random(1))
    assert not mem.informed
    calls = []

    def likelihood(w: object) -> float:
        calls.append(w)
        return 0.5

    mem.update(ks[0], Random(2), [(("lead", 3), likelihood)])
    mem.update(ks[1], Random(3), [(("lead", 3), likelihood)])  # the same decision again: not read
    assert len(calls) == 16
    assert mem.informed


def test_a_new_deal_is_not_taken_for_the_old_one() -> None:
    first, second = knowledge_through_deals(2)
    mem = DealMemory(first[0], 8, Random(0))
    for k in first:
        mem.update(k, Random(0), [])
    assert not mem.same_deal(second[0])
    assert not mem.same_deal(first[0])  # an earlier moment (more stock) is not a later one


def test_systematic_resampling_keeps_the_proportions() -> None:
    weights = [0.1, 0.0, 2.0, 0.9, 1.0]
    for seed in range(20):
        picks = systematic(weights, 40, Random(seed))
        for i, w in enumerate(weights):
            expected = 40 * w / sum(weights)
            assert abs(picks.count(i) - expected) < 1.0 + 1e-9


def test_an_expert_with_memory_decides_from_its_observations_only(core) -> None:
    """The fairness test of every level (tests/ai/test_fairness.py) with the memory's state:
    two experts, each fed one of two deals that differ only in cards the seat cannot see, play
    the same moves for as long as the seat's observations are alike."""
    checked = informed = 0
    for deal in range(6):
        ea, eb = (ExpertAgent(0, budget_s=None, max_samples=12, memory=16) for _ in range(2))

        def both(oa: Any, ob: Any, legal: list, ply: int, deal: int = deal, ea: Any = ea, eb: Any = eb) -> Any:
            nonlocal checked
            ma = ea.choose(oa, legal, Random(deal * 1000 + ply))
            mb = eb.choose(ob, legal, Random(deal * 1000 + ply))
            assert ma == mb, (deal, ply, str(ma), str(mb))
            checked += 1
            return ma  # the expert's own moves, so its memory follows its own deal

        play_twins(300 + deal, both)
        if ea._memory is not None and eb._memory is not None:
            assert ea._memory.hands == eb._memory.hands and ea._memory.weights == eb._memory.weights
            informed += ea._memory.informed
    assert checked >= 20
    assert informed >= 2  # the remembered hands were read into and sampled from


def test_the_benchmark_level_remembers() -> None:
    agent = make_agent("schnapsen", "expert-fixed-mem64", 0)
    assert isinstance(agent, ExpertAgent) and agent.memory == 64
