"""Bauern- and Dreierschnapsen rules beyond the worked examples: options, observations,
notation round trips, refusal reasons, registry."""

from __future__ import annotations

from random import Random

from game.cards import parse_cards
from game.rules import registry
from game.rules.base import IllegalMove, parse_move
from game.rules.bauernschnapsen import RULES as B
from game.rules.dreierschnapsen import RULES as D
from game.rules.options import BauernOptions, DreierOptions
from tests.rules.test_bauernschnapsen_helpers import autoplay, do, knock_deck, legal_cards, start

EX5B = knock_deck("JH KS AS TS QS", "TH AC TC KC QC", "KH QH AD KD JC", "AH JS TD QD JD")
EX4 = knock_deck("JS TH KH QH JH", "AD TD KD QD JD", "AS TS KS QS AH", "AC TC KC QC JC")


def test_registry_and_players():
    assert registry.get("bauernschnapsen") is B and registry.get("dreierschnapsen") is D
    assert (B.id, B.min_players, B.max_players) == ("bauernschnapsen", 4, 4)
    assert (D.id, D.min_players, D.max_players) == ("dreierschnapsen", 3, 3)


def test_every_legal_move_prints_and_parses_back():
    for rules in (B, D):
        for seed in range(30):
            rng = Random(seed)
            s = rules.new_round(rules.max_players, seed % rules.max_players, rng)
            while not rules.is_over(s):
                legal = rules.legal_moves(s)
                for m in legal:
                    assert parse_move(str(m)) == m
                s, _ = rules.apply(s, legal[rng.randrange(len(legal))])


def test_must_undertrump_off_and_refusal_reasons():
    s = do(B, start(B, EX5B, BauernOptions(must_undertrump=False)), "knock", "trump H", "bid normal",
           "pass", "pass", "pass", "pass", "pass", "play KS", "play TH")
    assert legal_cards(B, s) == {"KH", "QH", "AD", "KD", "JC"}
    s = do(B, start(B, EX5B), "knock", "trump H", "bid normal", "pass", "pass", "pass", "pass", "pass", "play KS")
    try:
        B.apply(s, parse_move("play AC"))
    except IllegalMove as e:
        assert e.reason.id == "must_trump" and "trump" in str(e)
    else:
        raise AssertionError("a non-trump was accepted from a void player holding a trump")


def test_schnapser_leader_declarer_option():
    moves = ("knock", "trump S", "bid normal", "pass", "bid schnapser", "pass", "pass", "pass", "pass")
    assert B.to_move(do(B, start(B, EX4), *moves)) == 0
    assert B.to_move(do(B, start(B, EX4, BauernOptions(schnapser_leader="declarer")), *moves)) == 2


def test_observation_hides_partner_and_shows_first_tricks():
    s = do(B, start(B, EX4), "knock", "trump S", "bid normal", "pass", "pass", "pass", "pass", "pass")
    for seat in range(4):
        obs = B.observe(s, seat)
        assert set(obs.hand) == set(s.hands[seat])
        assert obs.contract == "normal" and obs.declarer == 0 and obs.multiplier == 1 and obs.phase == "play"
    s = autoplay(B, s, until_trick=2)
    obs = B.observe(s, 0)
    assert obs.first_tricks and all(t in s.tricks for t in obs.first_tricks)
    won_by_a = [c for t in s.tricks if t.winner in (0, 2) for c in t.cards]
    assert list(obs.own_side_won) == won_by_a
    hidden = do(B, start(B, EX4, BauernOptions(first_trick_visible=False)), "knock", "trump S", "bid normal",
                "pass", "pass", "pass", "pass", "pass")
    assert B.observe(autoplay(B, hidden, until_trick=2), 0).first_tricks == ()


def test_turned_card_visible_until_played():
    s = do(B, start(B, EX4), "knock", "turn 1")  # index 3: QH
    assert str(s.trump) == "H" and all(str(B.observe(s, q).turned) == "QH" for q in range(4))
    s = do(B, s, "bid normal", "pass", "pass", "pass", "pass", "pass", "play QH")
    assert B.observe(s, 1).turned is None


def test_bettler_partner_may_rekontra_while_sitting_out():
    deck = knock_deck("KC JS AH TH KH", "JC AS QS QH JH", "AC TC TS AD TD", "KS QC KD QD JD")
    s = do(B, start(B, deck), "knock", "trump C", "bid normal", "bid bettler", "pass", "pass", "pass",
           "kontra", "pass")
    assert B.to_move(s) == 3  # declarer P2 passed; its sitting-out partner P4 is asked
    s = do(B, s, "rekontra", "pass", "pass")
    assert s.multiplier == 4 and B.to_move(s) == 1


def test_dreier_talon_hidden_and_rekontra_only_by_declarer():
    deck = knock_deck("AH TH KH QH JH AS", "TS KS QS JS AD TD", "KD QD JD AC TC KC", talon="QC JC")
    s = do(D, start(D, deck), "knock", "trump H")
    talon = set(parse_cards("QC JC"))
    for seat in range(3):
        assert not talon & set(D.observe(s, seat).hand)
    s = do(D, s, "bid normal", "pass", "pass", "discard QC JC", "stay", "kontra")
    assert D.to_move(s) == 0  # only the declarer is asked about Rekontra
    s = do(D, s, "pass")
    assert s.multiplier == 2 and D.to_move(s) == 0 and s.phase.value == "play"


def test_dreier_stacked_deck_must_be_the_pack():
    try:
        D.new_round(3, 2, Random(0), DreierOptions(), parse_cards("AH") * 20)
    except ValueError:
        pass
    else:
        raise AssertionError("a deck of twenty aces of hearts was accepted")
