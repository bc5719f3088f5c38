"""Dreierschnapsen bots: the discard, the raise, Bettler play and legal moves over random deals."""

from __future__ import annotations

from random import Random

import pytest

from ai import family_cardplay as fc
from ai.base import make_agent
from ai.family_agent import FamilyAgent
from ai.family_eval import best_discard, chance
from ai.family_search import bid_chance, discard_values
from game.cards import Suit, parse_cards
from game.rules.dreierschnapsen import RULES as R
from tests.ai.test_bauern_ai import card_of, mkview, moves_for


def pairs(hand):
    return [(hand[i], hand[j]) for i in range(len(hand)) for j in range(i + 1, len(hand))]


def test_discard_for_a_bettler_sheds_the_aces():
    hand = parse_cards("AS JS QH JH AD JC QC KD")
    pair, _, target = best_discard("bettler", hand, Suit.HEARTS, pairs(hand), 1)
    assert set(pair) == set(parse_cards("AS AD"))
    assert target == "bettler"


def test_discard_for_a_gang_keeps_the_top_cards():
    hand = parse_cards("AS TS AH TH AC TC JD QD")
    pair, p, _ = best_discard("gang", hand, None, pairs(hand), 1)
    assert set(pair) == set(parse_cards("JD QD"))
    assert p > 0.5


def test_discard_in_the_normal_game_prefers_low_losers_to_points():
    # Trumps hearts: keep trumps and aces; throw the lonely low plain cards, not the aces.
    hand = parse_cards("AH TH KH AS AC JD QS JC")
    pair, _, _ = best_discard("normal", hand, Suit.HEARTS, pairs(hand), 0)
    assert not any(c.rank.value in "AT" for c in pair)


def test_bettler_declarer_with_three_players():
    v = mkview("bettler", 1, 1, "QS KC JH TD JS QD", trick=((0, "AS"), ), trump=None, players=3)
    assert card_of(fc.bettler_declarer(v, moves_for(v, "QS JS"))) == "QS"


def test_evaluator_sixth_card_risk_for_farbengang():
    # With three players the sixth card can lose: an ace is safe, a lone king is not.
    safe = chance("farbengang", parse_cards("AC TC KC QC JC AS"), Suit.HEARTS, 3, 1)
    risky = chance("farbengang", parse_cards("AC TC KC QC JC KS"), Suit.HEARTS, 3, 1)
    assert safe > 0.9 > risky


def _deal_until(seat_phase: str, seed: int):
    for d in range(seed, seed + 400):
        s = R.new_round(3, d % 3, Random(d))
        agents = [make_agent("dreierschnapsen", "player", q) for q in range(3)]
        k = 0
        while not R.is_over(s) and s.phase.value != seat_phase:
            q = R.to_move(s)
            s, _ = R.apply(s, agents[q].choose(R.observe(s, q), R.legal_moves(s), Random(k)))
            k += 1
        if not R.is_over(s):
            return s
    raise AssertionError("no position found")


def test_raise_only_to_a_contract_that_is_likely():
    s = _deal_until("raise", 1)
    agent = FamilyAgent("expert", R.to_move(s), budget_s=None)
    m, why = agent.explain(R.observe(s, R.to_move(s)), R.legal_moves(s), Random(1))
    assert m in R.legal_moves(s) and why
    if m.kind == "raise":
        assert chance(m.arg, R.observe(s, R.to_move(s)).hand, s.trump, 3, 0) >= 0.75


def test_bid_chance_is_a_probability_and_sees_a_strong_gang():
    s = _deal_until("bid", 1)
    obs = R.observe(s, R.to_move(s))
    p = bid_chance(obs, "gang", Random(2), 6)
    assert 0.0 <= p <= 1.0


@pytest.mark.parametrize("level", ["beginner", "player", "expert"])
def test_only_legal_moves_over_random_deals(level):
    deals = 6 if level == "expert" else 30
    for d in range(deals):
        s = R.new_round(3, d % 3, Random(d))
        agents = [make_agent("dreierschnapsen", level, q) for q in range(3)]
        if level == "expert":
            agents = [FamilyAgent("expert", q, samples=6, bid_samples=6, budget_s=None) for q in range(3)]
        k = 0
        while not R.is_over(s):
            q = R.to_move(s)
            legal = R.legal_moves(s)
            m, why = agents[q].explain(R.observe(s, q), legal, Random(d * 100 + k))
            assert (m in legal or (m.kind == "discard" and any(set(m.cards) == set(x.cards) for x in legal)))
            assert why
            s, _ = R.apply(s, m)
            k += 1


def _normal_discard_position(need=lambda s: True):
    for seed in range(1, 400):
        s = _deal_until("discard", seed)
        if s.contract == "normal" and need(s):
            return s
    raise AssertionError("no Normal-game discard found")


def _trump_tops(s):
    return [c for c in R.observe(s, R.to_move(s)).hand if c.suit is s.trump and c.rank.value in "AT"]


def test_discard_values_prefer_low_losers_to_throwing_away_the_trump_ace_and_ten():
    # Played out on sampled deals, shedding the trump ace and ten (22 points out of play and
    # trump control gone) must do worse than shedding the two cheapest plain cards.
    s = _normal_discard_position(lambda s: len(_trump_tops(s)) == 2)
    obs = R.observe(s, R.to_move(s))
    trump = s.trump
    hand = list(obs.hand)
    tops = _trump_tops(s)
    cheap = sorted((c for c in hand if c.suit is not trump), key=lambda c: "JQKTA".index(c.rank.value))[:2]
    values = discard_values(obs, [tuple(tops), tuple(cheap)], Random(3), 24)
    assert values[tuple(cheap)] > values[tuple(tops)]


def test_expert_plays_out_its_normal_game_discard_and_is_reproducible():
    s = _normal_discard_position()
    q = R.to_move(s)
    obs, legal = R.observe(s, q), R.legal_moves(s)
    m1, why = FamilyAgent("expert", q, budget_s=None).explain(obs, legal, Random(5))
    m2, _ = FamilyAgent("expert", q, budget_s=None).explain(obs, legal, Random(5))
    assert m1 == m2 and m1 in legal
    assert why.id == "f.t.discard" and why.get("detail").id == "d.discard_played" and why.get("detail").get("used") > 0
    # The player keeps the hand evaluator's discard and says so.
    _, why_player = FamilyAgent("player", q).explain(obs, legal, Random(5))
    assert why_player.id == "f.t.discard" and why_player.get("detail") is None
