"""benchmarks/hand_knowledge.py: its score of how well a set of weighted samples knows the
opponent's hand (the proper scoring rule the diagnostic reports) and its uniform samples."""

from __future__ import annotations

import math
from functools import cache
from random import Random
from types import ModuleType

from ai.schnapsen_knowledge import SchnapsenKnowledge, schnapsen_knowledge
from ai.schnapsen_solver import bits, mask_of
from game.rules import registry
from tests.conftest import load_script


@cache
def _tool() -> ModuleType:
    return load_script("benchmarks/hand_knowledge.py", "hand_knowledge")


def _first_decision(seed: int) -> tuple[SchnapsenKnowledge, int]:
    rules = registry.get("schnapsen")
    state = rules.new_round(2, 0, Random(seed))
    seat = rules.to_move(state)
    k = schnapsen_knowledge(rules.observe(state, seat))
    return k, mask_of(state.hands[1 - seat])


def test_certain_knowledge_scores_near_zero_and_a_wrong_hand_far_below() -> None:
    hk = _tool()
    k, truth = _first_decision(3)
    right, ess, cards = hk.hand_score(k, truth, [(truth, 1.0)] * 8)
    assert cards == len(bits(k.unseen))  # every unseen card is scored at the first lead
    assert math.isclose(right, math.log(1 - hk.CLIP))
    assert math.isclose(ess, 8.0)
    others = k.unseen & ~truth
    wrong_hand = 0
    for c in bits(others)[:5]:
        wrong_hand |= 1 << c
    wrong, _, _ = hk.hand_score(k, truth, [(wrong_hand, 1.0)] * 8)
    assert wrong < math.log(0.5) < right


def test_weights_decide_which_samples_count() -> None:
    hk = _tool()
    k, truth = _first_decision(4)
    wrong_hand = 0
    for c in bits(k.unseen & ~truth)[:5]:
        wrong_hand |= 1 << c
    mixed = [(truth, 1.0), (wrong_hand, 1.0)] * 4
    ignored = [(truth, 1.0), (wrong_hand, 0.0)] * 4
    score_mixed, ess_mixed, _ = hk.hand_score(k, truth, mixed)
    score_ignored, ess_ignored, _ = hk.hand_score(k, truth, ignored)
    assert score_ignored > score_mixed
    assert math.isclose(ess_mixed, 8.0) and math.isclose(ess_ignored, 4.0)


def test_uniform_samples_fit_what_the_seat_saw() -> None:
    hk = _tool()
    k, _ = _first_decision(5)
    samples = hk.draw_samples("uniform", k, None, Random(1), 50)
    assert len(samples) == 50
    for hand, weight in samples:
        assert weight == 1.0
        assert bin(hand).count("1") == k.opp_hand_size
        assert hand & ~k.unseen == 0  # never a card this seat holds or saw
    assert len({hand for hand, _ in samples}) > 40  # drawn afresh, not one hand repeated
