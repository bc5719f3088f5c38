"""RULES.md 4.6: every Dreierschnapsen worked example D-EX1..D-EX10 as a scripted test.

Dealer = seat 2, so F, M, D are seats 0, 1, 2; M (right of the dealer) cuts or knocks.
Knock decks: F 0-5, M 6-11, D 12-17, talon 18-19 (D4).
"""

from __future__ import annotations

from game.cards import parse_cards
from game.rules import match
from game.rules.base import RoundResult
from game.rules.dreierschnapsen import RULES
from game.rules.events import Discarded, TalonTaken
from game.rules.family_state import Phase
from game.rules.options import DreierOptions
from tests.rules.test_bauernschnapsen_helpers import (
    autoplay,
    cut_deck,
    do,
    do_events,
    knock_deck,
    legal_cards,
    legal_strs,
    moves_of,
    position,
    refused,
    start,
)

R = RULES
EX1 = "AH KH JC TS QD AC KS JH TD QC AS JD TH KC QH JS AD TC KD QS"


def cards(text: str) -> set[str]:
    return set(text.split())


def hand_of(s, seat: int) -> set[str]:
    return {str(c) for c in R.observe(s, seat).hand}


# -- D-EX1: deal layout ----------------------------------------------------------------------------
def test_d_ex1_cut_mode():
    s = start(R, cut_deck(EX1, 5))
    assert R.to_move(s) == 1  # M sits right of the dealer
    s = do(R, s, "cut 5")
    assert hand_of(s, 0) == cards("AH KH JC")
    assert moves_of(R, s, "trump") == {"H", "C"} and moves_of(R, s, "turn") == {"1", "2", "3"}
    after = do(R, s, "trump H")
    assert hand_of(after, 0) == cards("AH KH JC JD TH KC")
    assert hand_of(after, 1) == cards("TS QD AC QH JS AD")
    assert hand_of(after, 2) == cards("KS JH TD TC KD QS")
    assert set(map(str, after.talon)) == cards("QC AS") and R.observe(after, 0).talon_size == 2
    assert [str(do(R, s, f"turn {i}").turned) for i in (1, 2, 3)] == ["JD", "TH", "KC"]


def test_d_ex1_knock_mode():
    s = do(R, start(R, parse_cards(EX1)), "knock")
    assert hand_of(s, 0) == cards("AH KH JC")
    after = do(R, s, "trump C")
    assert hand_of(after, 0) == cards("AH KH JC TS QD AC")
    assert hand_of(after, 1) == cards("KS JH TD QC AS JD")
    assert hand_of(after, 2) == cards("TH KC QH JS AD TC")
    assert set(map(str, after.talon)) == cards("KD QS")
    assert [str(do(R, s, f"turn {i}").turned) for i in (1, 2, 3)] == ["TS", "QD", "AC"]


# -- D-EX2: bidding --------------------------------------------------------------------------------
def test_d_ex2_bidding():
    s = do(R, start(R, cut_deck(EX1, 5)), "cut 5", "trump H", "bid normal", "bid bettler")
    refused(R, s, "bid bettler")  # M outranks D
    s = do(R, s, "bid kontraschnapser")
    refused(R, s, "bid schnapser")  # F: ranks below Kontra-Schnapser
    s = do(R, s, "bid bauernschnapser")
    assert {"kontrabauernschnapser"} <= moves_of(R, s, "bid") and "farbengang" not in moves_of(R, s, "bid")
    s, events = do_events(R, do(R, s, "pass"), "pass")
    assert (s.contract, s.declarer, s.phase) == ("bauernschnapser", 0, Phase.DISCARD)
    assert TalonTaken(0, parse_cards("QC AS")) in events


# -- D-EX3: talon, discard, raise ------------------------------------------------------------------
def test_d_ex3_talon_discard_raise():
    s = do(R, start(R, cut_deck(EX1, 5)), "cut 5", "trump H", "bid normal", "pass", "pass")
    assert hand_of(s, 0) == cards("AH KH JC JD TH KC QC AS")
    assert not set(R.observe(s, 1).hand) & set(s.hands[0])
    s, events = do_events(R, s, "discard JC JD")
    assert Discarded(0, parse_cards("JC JD")) in events
    assert hand_of(s, 0) == cards("AH KH TH KC QC AS")
    assert set(map(str, R.observe(s, 0).discard)) == {"JC", "JD"}
    assert R.observe(s, 1).discard == () and R.observe(s, 2).discard == ()
    assert legal_strs(R, s) == {"stay", "raise bettler", "raise schnapser", "raise gang", "raise zehnergang",
                                "raise bauernschnapser"}
    refused(R, s, "raise kontraschnapser")
    refused(R, s, "raise herrenschnapser")
    s = autoplay(R, do(R, s, "stay", "pass", "pass"))
    r = R.result(s)
    assert r.details["discard_points"] == 4
    assert r.details["ending"] == "last_trick" and sum(r.details["card_points"]) + 4 == 120


def test_d_ex3_discard_in_either_order_and_no_raise_option():
    s = do(R, start(R, cut_deck(EX1, 5), DreierOptions(allow_raise_after_exchange=False)),
           "cut 5", "trump H", "bid normal", "pass", "pass", "discard JD JC")
    assert s.phase is Phase.KONTRA and set(map(str, s.discard)) == {"JC", "JD"}


def test_d6_discard_may_not_break_the_holding():
    deck = knock_deck("AH TH KH QH JH AS", "TS KS QS JS AD TD", "KD QD JD AC TC KC", talon="QC JC")
    s = do(R, start(R, deck), "knock", "trump H", "bid herrenschnapser", "pass", "pass")
    refused(R, s, "discard AH QC")
    assert all("H" not in {c.suit.value for c in m.cards} for m in R.legal_moves(s))
    assert legal_strs(R, do(R, s, "discard QC JC")) == {"stay"}  # nothing ranks above Herrenschnapser
    s = do(R, s, "discard QC JC", "stay", "pass", "pass")
    assert s.phase is Phase.PLAY
    assert R.result(autoplay(R, s)).points == (24, 0, 0)


# -- D-EX4: individual scoring with multipliers ---------------------------------------------------
def gang_by_m(deck):
    s = do(R, start(R, deck), "knock", "trump S", "bid normal", "bid gang", "pass", "pass")
    s = do(R, s, "discard JS JH", "stay")
    assert R.to_move(s) == 2  # defenders clockwise from M: D, then F
    s = do(R, s, "pass", "kontra", "rekontra", "pass", "pass")
    assert s.multiplier == 4 and R.to_move(s) == 1
    return s


def test_d_ex4_gang_fails_each_defender_scores():
    s = gang_by_m(knock_deck("TS KS QS TH KH QH", "AS AH AD KC QC JC", "TD KD QD JD AC TC", talon="JS JH"))
    for lead in ("AS", "AH", "AD", "KC"):
        s = autoplay(R, do(R, s, f"play {lead}"), until_trick=len(s.tricks) + 1)
    assert [t.winner for t in s.tricks] == [1, 1, 1, 2] and R.is_over(s)
    r = R.result(s)
    assert r.points == (36, 0, 36) and "Rekontra" in r.reason


def test_d_ex4_gang_made_declarer_alone_scores():
    s = autoplay(R, gang_by_m(knock_deck("TS KS QS TH KH QH", "AS AH AD AC TC KC", "TD KD QD JD QC JC",
                                         talon="JS JH")))
    assert [t.winner for t in s.tricks] == [1] * 6
    assert R.result(s).points == (0, 36, 0)


# -- D-EX5: round-level part of the tie; the match is booked by match.py ---------------------------
def test_d_ex5_bettler_fails_and_the_tie_goes_to_a_playoff():
    deck = knock_deck("AH TH KH QH JH AD", "TS KS QS JS TD KD", "AS QD JD AC TC KC", talon="QC JC")
    s = do(R, start(R, deck), "knock", "trump H", "bid normal", "pass", "bid bettler", "pass",
           "discard QC JC", "stay", "pass", "pass")
    assert R.to_move(s) == 2
    s = do(R, s, "play AS")
    s = autoplay(R, s)
    assert s.tricks[0].winner == 2 and len(s.tricks) == 1
    r = R.result(s)
    assert r.points == (4, 4, 0)
    m = match.new_match("dreierschnapsen", 3, first_dealer=2)
    m = match.finish_round(m, RoundResult((20, 0, 0), "earlier"))
    m = match.finish_round(m, RoundResult((0, 20, 10), "earlier"))
    m = match.finish_round(m, r)
    assert m.scores == (24, 24, 10) and m.playoff == (0, 1) and not m.is_over
    m = match.finish_round(m, RoundResult((2, 0), "playoff deal of Schnapsen"))
    assert m.winners == (0,) and m.bummerl == (0, 1, 1)


# -- D-EX6: Herrenschnapser with six cards ---------------------------------------------------------
def herren(deck, discard):
    s = do(R, start(R, deck), "knock", "trump H", "bid normal", "pass", "pass", f"discard {discard}")
    assert "raise herrenschnapser" in legal_strs(R, s)
    s = do(R, s, "raise herrenschnapser", "pass", "pass")
    assert (s.contract, R.to_move(s)) == ("herrenschnapser", 0)
    return s


def test_d_ex6_herrenschnapser_made():
    s = autoplay(R, herren(knock_deck("AH TH KH QH JH KS", "TS JS AD TD KD QD", "JD AC TC KC QC JC",
                                      talon="AS QS"), "KS QS"))
    assert [t.winner for t in s.tricks] == [0] * 6 and str(s.tricks[-1].cards[0]) == "AS"
    assert R.result(s).points == (24, 0, 0)


def test_d_ex6_herrenschnapser_lost_on_the_sixth_card():
    s = autoplay(R, herren(knock_deck("AH TH KH QH JH KS", "AS TS AD TD KD QD", "JD AC TC KC QC JC",
                                      talon="QS JS"), "QS JS"), avoid="AS")
    assert [t.winner for t in s.tricks] == [0] * 5 + [1]
    assert R.result(s).points == (0, 24, 24)


# -- D-EX7: the discard's points are out of play ---------------------------------------------------
def test_d_ex7_normal_game_discard_out_of_play():
    s = position(R, contract="normal", declarer=0, trump="C", turn=1, discard="AD TD",
                 hands=["KS", "JC", "AS"],
                 tricks=[(0, "TC QH QS"), (0, "KC KD AC"), (0, "TS QC JS"), (2, "AH KH QD"), (1, "JH TH JD")])
    s = do(R, s, "play JC", "play AS", "play KS")
    assert s.tricks[-1].winner == 1
    r = R.result(s)
    assert r.details["card_points"] == (50, 49) and r.details["discard_points"] == 21
    assert 50 + 49 + 21 == 120
    assert r.points == (0, 1, 1)


# -- D-EX8: Bettler sunk by heading the trick ------------------------------------------------------
def test_d_ex8_bettler_sunk_by_heading():
    deck = knock_deck("AC QC KD JD AS TS", "KC TD AH TH KH QH", "JC AD QD KS QS JS", talon="TC JH")
    s = do(R, start(R, deck), "knock", "trump C", "bid normal", "pass", "bid bettler", "pass",
           "discard TC JH", "stay", "pass", "pass")
    assert R.to_move(s) == 2  # no trumps: D leads; order D -> F -> M
    s = do(R, s, "play JC")
    assert R.to_move(s) == 0 and legal_cards(R, s) == {"AC", "QC"}
    s = do(R, s, "play AC")
    assert legal_cards(R, s) == {"KC"}
    s = do(R, s, "play KC", "play KD")
    assert legal_cards(R, s) == {"TD"}
    s = do(R, s, "play TD")
    assert legal_cards(R, s) == {"AD"}
    r = R.result(do(R, s, "play AD"))
    assert r.points == (4, 4, 0)


# -- D-EX9: Kontra-Schnapser with forehand leading -------------------------------------------------
def test_d_ex9_kontraschnapser_forehand_leads():
    deck = knock_deck("AH TS KH QH JH QC", "JS KS QS AD TD KD", "TH QD JD AC TC KC", talon="AS JC")
    s = do(R, start(R, deck), "knock", "trump S", "bid normal", "bid kontraschnapser", "pass", "pass",
           "discard AS JC", "stay", "pass", "pass")
    assert (s.contract, s.declarer, R.to_move(s)) == ("kontraschnapser", 1, 0)
    s = do(R, s, "play AH")
    assert legal_cards(R, s) == {"JS", "KS", "QS"}  # void in hearts: must trump
    s = do(R, s, "play JS")
    assert legal_cards(R, s) == {"TH"}  # must follow, may not trump
    s = do(R, s, "play TH")
    assert s.tricks[-1].winner == 1 and s.tricks[-1].points == 23
    assert "meld S" in legal_strs(R, s)
    s = do(R, s, "meld S", "play KS")
    s = do(R, s, "play QD")  # D, void in trumps, discards
    assert legal_cards(R, s) == {"TS"}
    r = R.result(do(R, s, "play TS"))
    assert r.points == (12, 0, 12) and "failed" in r.reason


# -- D-EX10: Farbengang fails on the sixth card ---------------------------------------------------
def test_d_ex10_farbengang_fails_on_the_sixth_card():
    deck = knock_deck("AS AC TS KS QS JS", "AD TD KD QD JD KC", "AH TH KH QH JH QC", talon="TC JC")
    s = do(R, start(R, deck), "knock", "trump S", "bid normal")
    assert "farbengang" in moves_of(R, s, "bid")
    s = do(R, s, "bid farbengang", "pass", "pass", "discard TC JC", "stay", "pass", "pass")
    assert R.to_move(s) == 1
    s = autoplay(R, s, avoid="AC KC QC", until_trick=5)
    assert [t.winner for t in s.tricks] == [1] * 5
    s = do(R, s, "play KC", "play QC")
    assert legal_cards(R, s) == {"AC"}
    r = R.result(do(R, s, "play AC"))
    assert r.points == (18, 0, 18)
