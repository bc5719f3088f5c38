"""RULES.md 3.11: every Bauernschnapsen worked example B-EX1..B-EX15 as a scripted test.

Dealer = seat 3, so P1..P4 are seats 0..3 (team A = 0 + 2, team B = 1 + 3).
"""

from __future__ import annotations

from game.cards import parse_cards
from game.rules import match
from game.rules.bauernschnapsen import RULES
from game.rules.events import MarriageShown
from game.rules.family_state import Phase
from game.rules.options import BauernOptions
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
ALL_PASS = ("pass", "pass", "pass")


def cards(text: str) -> set[str]:
    return set(text.split())


def hand_of(s, seat: int) -> set[str]:
    return {str(c) for c in R.observe(s, seat).hand}


# -- B-EX1 -----------------------------------------------------------------------------------------
def test_b_ex1_cut_mode_layout_and_trump_choice():
    s = start(R, cut_deck(EX1, 7))
    assert R.to_move(s) == 2  # P3, right of the dealer, cuts or knocks
    s = do(R, s, "cut 7")
    assert R.to_move(s) == 0 and s.phase is Phase.TRUMP
    for seat, first in enumerate(("AH KH JC", "TS QD AC", "KS JH TD", "QC AS JD")):
        assert hand_of(s, seat) == cards(first)  # only the first packets are dealt yet
    assert moves_of(R, s, "trump") == {"H", "C"}
    refused(R, s, "trump S")
    refused(R, s, "trump D")
    after = do(R, s, "trump H")
    for seat, full in enumerate(("AH KH JC TH KC", "TS QD AC QH JS", "KS JH TD AD TC", "QC AS JD KD QS")):
        assert hand_of(after, seat) == cards(full)
    # Aufschlagen: blind position 1 = index 12 (TH), 2 = index 13 (KC), face up in P1's hand.
    t1 = do(R, s, "turn 1")
    assert str(t1.trump) == "H" and str(t1.turned) == "TH" and "TH" in hand_of(t1, 0)
    assert all(str(R.observe(t1, seat).turned) == "TH" for seat in range(4))
    t2 = do(R, s, "turn 2")
    assert str(t2.trump) == "C" and str(t2.turned) == "KC"


def test_b_ex1_knock_mode_layout():
    s = do(R, start(R, parse_cards(EX1)), "knock")
    assert hand_of(s, 0) == cards("AH KH JC")  # P1 sees only its first three before trumps
    assert R.observe(s, 0).blind == 2
    assert moves_of(R, s, "trump") == {"H", "C"}
    after = do(R, s, "trump C")
    for seat, full in enumerate(("AH KH JC TS QD", "AC KS JH TD QC", "AS JD TH KC QH", "JS AD TC KD QS")):
        assert hand_of(after, seat) == cards(full)
    assert str(do(R, s, "turn 1").turned) == "TS"
    assert str(do(R, s, "turn 2").turned) == "QD"


# -- B-EX2, B-EX3: bidding ----------------------------------------------------------------------
def test_b_ex2_bidding_with_eligibility_and_priority():
    s = do(R, start(R, parse_cards(EX1)), "knock", "trump H")
    refused(R, s, "pass")  # forehand must open
    s = do(R, s, "bid normal", "bid bettler")
    refused(R, s, "bid bettler")  # P3: equal, but P2 has priority
    s = do(R, s, "bid schnapser")
    refused(R, s, "bid schnapser")  # P4 not eligible
    s = do(R, s, "bid kontraschnapser")
    refused(R, s, "bid kontraschnapser")  # P1: opponents only
    s = do(R, s, "bid bauernschnapser")
    assert "farbengang" not in moves_of(R, s, "bid")
    refused(R, s, "bid farbengang")  # P2 does not hold five of a suit
    s = do(R, s, "pass", "pass", "pass")
    assert (s.contract, s.declarer, s.phase) == ("bauernschnapser", 0, Phase.KONTRA)
    s = do(R, s, "pass", "pass")
    assert s.phase is Phase.PLAY and R.to_move(s) == 0  # trump contract: P1 leads


def test_b_ex3_equal_bids_by_higher_priority():
    s = do(R, start(R, parse_cards(EX1)), "knock", "trump H", "bid normal", "bid gang", "pass", "pass")
    s = do(R, s, "bid gang")  # P1 equals P2's bid with higher priority
    refused(R, s, "bid gang")
    s = do(R, s, "bid zehnergang", "bid zehnergang", "pass")
    assert (s.contract, s.declarer) == ("zehnergang", 0)
    s = do(R, s, "pass", "pass")
    assert R.to_move(s) == 0


# -- B-EX4: Kontra chain -------------------------------------------------------------------------
EX4 = knock_deck("JS TH KH QH JH", "AD TD KD QD JD", "AS TS KS QS AH", "AC TC KC QC JC")


def test_b_ex4_kontra_chain_worth_48():
    s = do(R, start(R, EX4), "knock", "trump S", "bid normal", "pass", "bid schnapser", "pass", "pass")
    assert (s.contract, s.declarer) == ("schnapser", 2)
    refused(R, s, "rekontra")  # no Rekontra before a Kontra
    assert R.to_move(s) == 3  # defenders clockwise from the declarer: P4 then P2
    s = do(R, s, "pass", "kontra")
    refused(R, s, "subkontra")  # P2 cannot follow its own Kontra with Subkontra
    assert R.to_move(s) == 2  # declarer first, then its partner
    s = do(R, s, "pass", "rekontra", "subkontra")
    assert s.multiplier == 8 and s.phase is Phase.PLAY and R.to_move(s) == 0
    assert legal_cards(R, s) == cards("JS TH KH QH JH")
    s = do(R, s, "play JS", "play AD")
    assert legal_cards(R, s) == cards("AS TS KS QS")
    s = autoplay(R, do(R, s, "play AS"))
    r = R.result(s)
    assert r.points == (48, 0, 48, 0)
    assert "Schnapser" in r.reason and "made" in r.reason and "Subkontra" in r.reason


# -- B-EX5: legal cards in a trump contract --------------------------------------------------------
def normal_game(deck, options=None, trump="H"):
    return do(R, start(R, deck, options), "knock", f"trump {trump}", "bid normal", *ALL_PASS, "pass", "pass")


def test_b_ex5a_follow_and_must_trump():
    s = normal_game(knock_deck("AH KS TH KH QS", "AS QD TD AC JC", "TS JS QH AD TC", "JH KD QC JD KC"))
    s = do(R, s, "play KS")
    assert legal_cards(R, s) == {"AS"}
    s = do(R, s, "play AS")
    assert legal_cards(R, s) == {"TS", "JS"}
    s = do(R, s, "play JS")
    assert legal_cards(R, s) == {"JH"}
    s = do(R, s, "play JH")
    assert s.tricks[-1].winner == 3


EX5B = knock_deck("JH KS AS TS QS", "TH AC TC KC QC", "KH QH AD KD JC", "AH JS TD QD JD")


def test_b_ex5b_overtrump_or_undertrump_and_follow_before_trumping():
    # The example's 3-card hands are padded with two cards that change none of the duties.
    s = do(R, normal_game(EX5B), "play KS")
    assert legal_cards(R, s) == {"TH"}  # void in spades: must trump
    s = do(R, s, "play TH")
    assert legal_cards(R, s) == {"KH", "QH"}  # cannot overtrump 10H, must still trump
    s = do(R, s, "play QH")
    assert legal_cards(R, s) == {"JS"}  # must follow: AH may not be played
    s = do(R, s, "play JS")
    assert s.tricks[-1].winner == 1


def test_b_ex5b_wikibooks_frees_the_undertrump():
    s = do(R, normal_game(EX5B, BauernOptions(follow_rules="wikibooks")), "play KS", "play TH")
    assert legal_cards(R, s) == cards("KH QH AD KD JC")  # A♦ (any card): no trump would win
    s = do(R, s, "play AD")
    assert legal_cards(R, s) == {"JS"}


# -- B-EX6, B-EX7, B-EX8: trick-count contracts ----------------------------------------------------
def gang_by_p2(deck):
    return do(R, start(R, deck), "knock", "trump S", "bid normal", "bid gang", "pass", "pass", "pass", "pass", "pass")


def test_b_ex6_gang_lost_to_the_declarers_partner():
    s = gang_by_p2(knock_deck("TS QS AH KH QH", "KS AD TD KD QD", "JS JD AC TC KC", "AS TH JH QC JC"))
    assert (s.contract, s.declarer, R.to_move(s)) == ("gang", 1, 1)
    s = do(R, s, "play KS")
    assert legal_cards(R, s) == {"JS"}
    s = do(R, s, "play JS")
    assert legal_cards(R, s) == {"AS"}  # must head the trick even against its partner
    s = do(R, s, "play AS", "play TS")
    assert R.is_over(s) and len(s.tricks) == 1
    r = R.result(s)
    assert r.points == (9, 0, 9, 0) and "failed" in r.reason


def test_b_ex6_with_ten_of_spades_both_heading_cards_legal():
    s = gang_by_p2(knock_deck("JH QS AH KH QH", "KS AD TD KD QD", "JS JD AC TC KC", "AS TS TH QC JC"))
    s = do(R, s, "play KS", "play JS")
    assert legal_cards(R, s) == {"AS", "TS"}


def test_b_ex7_zehnergang_ranks():
    deck = knock_deck("JH JS AD KD QD", "JD AC KC QC JC", "TH KH TS TC TD", "AH QH AS KS QS")
    s = do(R, start(R, deck), "knock", "trump H", "bid normal", "pass", "bid zehnergang", "pass", "pass",
           "pass", "pass")
    assert R.to_move(s) == 2  # no-trump contract: the declarer leads
    s = do(R, s, "play TH")
    assert legal_cards(R, s) == {"AH", "QH"}  # neither beats 10H
    s = autoplay(R, do(R, s, "play QH"), avoid="AH", until_trick=1)
    for k, lead in enumerate(("TS", "TC", "TD"), start=2):
        s = autoplay(R, do(R, s, f"play {lead}"), avoid="AH", until_trick=k)
    assert [t.winner for t in s.tricks] == [2, 2, 2, 2] and "AH" in hand_of(s, 3)
    s = autoplay(R, do(R, s, "play KH"))
    assert s.tricks[-1].winner == 2 and "AH" in map(str, s.tricks[-1].cards)  # KH beats AH
    assert R.result(s).points == (10, 0, 10, 0)


def test_b_ex8_bettler_declarer_forced_to_win():
    deck = knock_deck("KC JS AH TH KH", "JC AS QS QH JH", "AC TC TS AD TD", "KS QC KD QD JD")
    s = do(R, start(R, deck), "knock", "trump C", "bid normal", "bid bettler", "pass", "pass", "pass")
    assert R.to_move(s) == 2  # Kontra questions: defenders from the declarer's left, P3 then P1
    s = do(R, s, "pass", "pass")
    assert s.sitting_out() == 3 and R.to_move(s) == 1
    assert R.observe(s, 0).sitting_out == 3 and not set(R.observe(s, 0).hand) & set(s.hands[3])
    s = do(R, s, "play JC")
    assert R.to_move(s) == 2 and legal_cards(R, s) == {"AC", "TC"}
    s = do(R, s, "play AC")
    assert R.to_move(s) == 0 and legal_cards(R, s) == {"KC"}
    s = do(R, s, "play KC")
    assert s.tricks[-1].winner == 2 and len(s.tricks[-1].cards) == 3
    s = do(R, s, "play TS")
    assert R.to_move(s) == 0  # P4 is skipped
    assert legal_cards(R, s) == {"JS"}
    s = do(R, s, "play JS")
    assert legal_cards(R, s) == {"AS"}
    s = do(R, s, "play AS")
    r = R.result(s)
    assert r.points == (4, 0, 4, 0) and "Bettler" in r.reason and "failed" in r.reason
    assert len(s.hands[3]) == 5  # the partner's cards were never used


# -- B-EX9..B-EX12: the Normal game ----------------------------------------------------------------
def ex9(multiplier: int):
    return position(R, contract="normal", declarer=0, trump="C", multiplier=multiplier, turn=2,
                    hands=["JS QD", "QH QS", "KC JH", "KH AS"],
                    tricks=[(0, "JC TC TS QC"), (1, "AC KS AD KD"), (2, "TH AH JD TD")])


def test_b_ex9_correct_declaration():
    for mult, gp in ((1, 2), (2, 4), (4, 8)):
        s = do(R, ex9(mult), "play KC", "play KH", "play JS", "play QH")
        assert s.tricks[-1].winner == 2 and s.tricks[-1].points == 13
        assert "declare" in legal_strs(R, s)
        s = do(R, s, "declare")
        r = R.result(s)
        assert r.points == (gp, 0, gp, 0), mult
        assert r.details["scores"] == (71, 30)


def test_b_ex10_false_declaration():
    s = position(R, contract="normal", declarer=0, trump="C", turn=1, hands=["QD KC", "JD KD", "QH AD", "JH KH"],
                 tricks=[(3, "AH JS TH TS"), (0, "TD AC KS JC"), (1, "TC QC QS AS")])
    assert "declare" in legal_strs(R, s)
    r = R.result(do(R, s, "declare"))
    assert r.details["scores"][1] == 60 and r.points == (1, 0, 1, 0)
    s31 = position(R, contract="normal", declarer=0, trump="C", turn=1, hands=["QD QC", "JD AS", "QS AD", "AC TC"],
                   tricks=[(3, "JH JS KD QH"), (0, "TD AH KS TS"), (1, "KH TH JC KC")])
    r = R.result(do(R, s31, "declare"))
    assert r.details["scores"][1] == 31 and r.points == (2, 0, 2, 0)


def test_b_ex11_declaring_with_a_marriage_instead_of_playing():
    s = position(R, contract="normal", declarer=0, trump="C", turn=0, hands=["KC QC", "AH JC", "TC AD", "KH KS"],
                 tricks=[(2, "QS QD KD JD"), (1, "TD TS AC TH"), (0, "JS JH QH AS")])
    s, events = do_events(R, s, "meld C")
    assert MarriageShown(0, s.trump, 40, False) in events
    assert legal_strs(R, s) == {"play KC", "play QC", "declare"}
    r = R.result(do(R, s, "declare"))
    assert r.details["scores"] == (70, 41) and r.points == (1, 0, 1, 0)


def test_b_ex11_edge_marriage_and_declaration_at_the_first_lead():
    s = normal_game(knock_deck("KC QC AH TH KH", "AS TS KS QS JS", "AD TD KD QD JD", "AC TC JC QH JH"), trump="C")
    assert "declare" not in legal_strs(R, s)  # nobody has won a trick yet
    s, events = do_events(R, s, "meld C")
    assert MarriageShown(0, s.trump, 40, True) in events  # pending: team A has no trick
    r = R.result(do(R, s, "declare"))
    assert r.details["scores"][0] == 0 and r.points == (0, 3, 0, 3)


def ex12(options=None):
    return position(R, contract="normal", declarer=0, trump="H", turn=3, options=options,
                    hands=["JC", "JH", "JS", "TH"],
                    tricks=[(0, "KD QC AD AC"), (2, "AH KH TS TD"), (1, "AS TC KC KS"), (3, "JD QS QD QH")])


def test_b_ex12_the_last_trick_decides():
    s = ex12()
    assert "declare" in legal_strs(R, s)  # P4 just won trick 4 (team B has only 40)
    s = do(R, s, "play TH", "play JC", "play JH")
    assert legal_cards(R, s) == {"JS"}
    s = do(R, s, "play JS")
    assert R.is_over(s) and R.legal_moves(s) == ()  # no declaration after trick 5
    r = R.result(s)
    assert r.details["scores"] == (64, 56) and r.points == (0, 1, 0, 1)


def test_b_ex12_claim_after_last_trick_option():
    s = do(R, ex12(BauernOptions(claim_after_last_trick=True)), "play TH", "play JC", "play JH", "play JS")
    assert s.phase is Phase.CLAIM and R.to_move(s) == 3 and legal_strs(R, s) == {"declare", "pass"}
    assert R.result(do(R, s, "pass")).points == (0, 1, 0, 1)
    assert R.result(do(R, s, "declare")).points == (1, 0, 1, 0)  # 56 < 66: false declaration


# -- B-EX13: holding contracts ---------------------------------------------------------------------
def test_b_ex13_farbengang_by_p2():
    deck = knock_deck("AH TH KH AS TS", "AC TC KC QC JC", "QH JH KS QS JS", "AD TD KD QD JD")
    s = do(R, start(R, deck), "knock", "trump H", "bid normal")
    assert "farbengang" in moves_of(R, s, "bid")
    s = autoplay(R, do(R, s, "bid farbengang", "pass", "pass", "pass", "pass", "pass"))
    assert [t.winner for t in s.tricks] == [1] * 5
    assert R.result(s).points == (0, 18, 0, 18)


def test_b_ex13_farbengang_illegal_for_forehand_herrenschnapser_with_kontra():
    deck = knock_deck("AC TC KC QC JC", "AH TH KH AS TS", "QH JH KS QS JS", "AD TD KD QD JD")
    s = do(R, start(R, deck), "knock", "trump C")
    assert "farbengang" not in moves_of(R, s, "bid") and "herrenschnapser" in moves_of(R, s, "bid")
    refused(R, s, "bid farbengang")
    s = do(R, s, "bid herrenschnapser", "pass", "pass", "pass", "kontra", "pass", "pass")
    s = autoplay(R, s)
    assert R.result(s).points == (48, 0, 48, 0)


def test_b_ex13_partner_with_all_trumps_may_bid_farbengang_not_herrenschnapser():
    deck = knock_deck("AH TH KH AS TS", "AC TC KC QC JC", "AD TD KD QD JD", "QH JH KS QS JS")
    s = do(R, start(R, deck, BauernOptions(trump_must_be_held=False)), "knock", "trump D", "bid normal", "pass")
    bids = moves_of(R, s, "bid")
    assert "farbengang" in bids and "herrenschnapser" not in bids
    refused(R, s, "bid herrenschnapser")


# -- B-EX14: Schnapser --------------------------------------------------------------------------
EX14 = knock_deck("AS TS KS QS AH", "JH TD AC TC KC", "JS QD TH KH AD", "QH JD KD QC JC")


def schnapser_p1():
    s = do(R, start(R, EX14), "knock", "trump S", "bid schnapser", *ALL_PASS, "pass", "pass")
    s = do(R, s, "play AS", "play JH")
    assert legal_cards(R, s) == {"JS"}
    s = do(R, s, "play JS", "play QH")
    assert s.tricks[-1].points == 18 and s.tricks[-1].winner == 0
    return s


def test_b_ex14_schnapser_made_with_the_forty():
    s = do(R, schnapser_p1(), "meld S", "play KS", "play TD", "play QD", "play JD")
    s = do(R, s, "play TS", "play KC", "play KH", "play JC")
    assert R.is_over(s) and len(s.tricks) == 3
    r = R.result(s)
    assert r.points == (6, 0, 6, 0) and "made" in r.reason and "97" in r.reason


def test_b_ex14_schnapser_failed_without_the_forty():
    s = do(R, schnapser_p1(), "play KS", "play TD", "play QD", "play JD")
    s = do(R, s, "play TS", "play KC", "play KH", "play JC")
    r = R.result(s)
    assert [t.winner for t in s.tricks] == [0, 0, 0]
    assert r.points == (0, 6, 0, 6) and "57" in r.reason


# -- B-EX15: the round-level part; the match is booked by match.py ---------------------------------
def test_b_ex15_bauernschnapser_made_ends_the_match_with_schneider():
    deck = knock_deck("AS TS KS QS JS", "AH TH KH AD TD", "QH JH KD QD JD", "AC TC KC QC JC")
    s = autoplay(R, do(R, start(R, deck), "knock", "trump S", "bid bauernschnapser", *ALL_PASS, "pass", "pass"))
    r = R.result(s)
    assert r.points == (12, 0, 12, 0)
    m = match.new_match("bauernschnapsen", 4, first_dealer=3)
    m = match.finish_round(m, type(r)((20, 0, 20, 0), "earlier deals"))
    m = match.finish_round(m, r)
    assert m.scores == (32, 0, 32, 0) and m.winners == (0, 2) and m.bummerl == (0, 2, 0, 2)
