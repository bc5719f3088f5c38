"""RULES.md 2.10 worked examples S-EX1..S-EX13 as scripted tests, plus option and refusal checks.

Seat 0 is N (the non-dealer) and seat 1 is D (the dealer) unless a test says otherwise.
"""

from __future__ import annotations

import pytest

from game.cards import Card, card, parse_cards
from game.rules import events as ev
from game.rules.base import IllegalMove
from game.rules.options import SchnapsenOptions
from game.rules.schnapsen import RULES, SchnapsenState, bummerl, match_winner, parse_move, unseen_cards
from game.rules.schnapsen_state import FOLLOW
from tests.rules.test_schnapsen_helpers import deal, do, hand, legal, legal_cards, position, stacked

EX1_DECK = "AH TS KC QD JH AC QS KS JD TH AS KH TC JC QH AD KD TD JS QC"


def ex1_deck() -> tuple[Card, ...]:
    return parse_cards(EX1_DECK)


def refused(s: SchnapsenState, text: str) -> str:
    with pytest.raises(IllegalMove) as e:
        RULES.apply(s, parse_move(text))
    return str(e.value)  # the English fallback of the structured reason


def test_ex1_complete_deal() -> None:
    s = deal(ex1_deck(), dealer=1)
    assert hand(s, 0) == {"AH", "TS", "KC", "KS", "JD"}
    assert hand(s, 1) == {"QD", "JH", "AC", "TH", "AS"}
    assert s.trump.value == "S" and str(s.turnup) == "QS"
    assert [str(c) for c in s.stock] == "KH TC JC QH AD KD TD JS QC QS".split()
    assert RULES.to_move(s) == 0
    # T1: any card is legal for D in phase 1
    s = do(s, "play KC")
    assert legal_cards(s) == hand(s, 1)
    s = do(s, "play AC")
    assert s.tally.card_points == (0, 15) and s.last_winner() == 1
    assert "KH" in hand(s, 1) and "TC" in hand(s, 0)
    # T2
    s = do(s, "play JH", "play TS")
    assert s.tally.card_points == (12, 15) and "JC" in hand(s, 0) and "QH" in hand(s, 1)
    # T3
    s = do(s, "play JC", "play QD")
    assert s.tally.card_points == (17, 15) and "AD" in hand(s, 0) and "KD" in hand(s, 1)
    # T4
    s = do(s, "play JD", "play KD")
    assert s.tally.card_points == (17, 21) and "TD" in hand(s, 1) and "JS" in hand(s, 0)
    assert len(s.stock) == 2
    # T5: D shows 20 (credited at once, D has a trick) and must lead K or Q of hearts
    assert "meld H" in legal(s)
    s = do(s, "meld H")
    assert s.score(1) == 41
    assert legal(s) == {"play KH", "play QH", "declare"}
    assert "king or queen" in refused(s, "play AS")
    s = do(s, "play QH")
    # N holds J♠ but is not on lead: no exchange
    assert "exchange" not in legal(s)
    assert "on lead" in refused(s, "exchange")
    s = do(s, "play AH")
    assert s.score(0) == 31 and not s.stock
    assert hand(s, 0) == {"KS", "TC", "AD", "JS", "QC"}
    assert hand(s, 1) == {"TH", "AS", "KH", "TD", "QS"}
    # Phase 2
    s = do(s, "play TC")
    assert legal_cards(s) == {"AS", "QS"}
    assert "trump" in refused(s, "play TH")
    s = do(s, "play QS")
    assert s.score(1) == 54
    s = do(s, "play TH")
    assert legal_cards(s) == {"KS", "JS"}
    s = do(s, "play JS")
    assert s.score(0) == 43
    s = do(s, "play AD")
    assert legal_cards(s) == {"TD"}
    s = do(s, "play TD")
    assert s.score(0) == 64
    s = do(s, "play KS")
    assert legal_cards(s) == {"AS"}
    s = do(s, "play AS")
    assert s.score(1) == 69
    s = do(s, "declare")
    r = RULES.result(s)
    assert r.points == (0, 1) and r.rule == "2.6 row 1"
    assert r.details["card_points"] == (64, 49) and r.details["scores"] == (64, 69)
    assert r.details["correct"] is True


@pytest.mark.parametrize(
    "reply, winner, points",
    [("JH", 1, 13), ("TS", 0, 21), ("JS", 0, 13), ("KC", 0, 15), ("QD", 0, 14)],
)
def test_ex2_phase1_no_duty_to_follow(reply: str, winner: int, points: int) -> None:
    deck = stacked("AS QC JC AD KD", "TS JH KC QD JS", "KH", "AH TH QH AC TC TD QS KS JD")
    s = do(deal(deck), "play AS")
    assert legal_cards(s) == {"TS", "JH", "KC", "QD", "JS"}
    s = do(s, f"play {reply}")
    assert s.last_winner() == winner and s.tally.card_points[winner] == points


@pytest.mark.parametrize(
    "follower, expected",
    [("AH QH JS TC", {"AH"}), ("QH JH JS", {"QH", "JH"}), ("JS TC AD", {"JS"}), ("TC AD", {"TC", "AD"})],
)
def test_ex3_phase2_plain_lead(follower: str, expected: set[str]) -> None:
    n = len(follower.split())
    s = position("S", ("KH " + " ".join(["KC", "QC", "JC", "KD"][: n - 1]), follower), 0, full_deck=False)
    s = do(s, "play KH")
    assert legal_cards(s) == expected


@pytest.mark.parametrize(
    "follower, expected",
    [("AS KS AH", {"AS"}), ("KS JS AH", {"KS", "JS"}), ("AH TD", {"AH", "TD"})],
)
def test_ex4_phase2_trump_lead_after_close(follower: str, expected: set[str]) -> None:
    n = len(follower.split())
    s = position("S", ("TS " + " ".join(["KC", "QC", "JC"][: n - 1]), follower), 0,
                 stock="AC TC", won=("KD QD", "JD QH"), full_deck=False)
    s = do(s, "close", "play TS")
    assert legal_cards(s) == expected
    if expected != set(follower.split()):
        bad = next(c for c in follower.split() if c not in expected)
        assert "must" in refused(s, f"play {bad}")


def test_ex5_exchange_then_marriage() -> None:
    s = position("S", ("JS KS AH TD JC", "AD KD QD AC TC"), 0,
                 stock="TH KH QH JH JD QS", won=("KC QC", "AS TS"))
    assert "exchange" in legal(s)
    s = do(s, "exchange")
    assert hand(s, 0) == {"QS", "KS", "AH", "TD", "JC"} and str(s.turnup) == "JS"
    assert "exchange" not in legal(s)
    s2 = do(s, "meld S")
    assert s2.score(0) == 7 + 40
    assert legal(s2) == {"play KS", "play QS", "declare"}
    assert "king or queen" in refused(s2, "play AH")
    # illegal: exchanging when B is on lead, and after closing
    b_lead = position("S", ("JS KS AH TD JC", "AD KD QD AC TC"), 1,
                      stock="TH KH QH JH JD QS", won=("AS TS", "KC QC"))
    assert "exchange" not in legal(b_lead)
    s3 = do(b_lead, "play AD")
    assert "on lead" in refused(s3, "exchange")
    closed = do(position("S", ("JS KS AH TD JC", "AD KD QD AC TC"), 0,
                         stock="TH KH QH JH JD QS", won=("KC QC", "AS TS")), "close")
    assert "exchange" not in legal(closed)
    assert "closed" in refused(closed, "exchange")


def test_ex6_pending_marriage_lost() -> None:
    deck = stacked("KH QH JD JS QD", "AH AC TC AS TS", "JC", "KD TD AD KS QS TH JH KC QC")
    s = do(deal(deck), "meld H")
    obs = RULES.observe(s, 0)
    assert obs.points == 0 and obs.pending == 20
    s = do(s, "play KH", "play AH")
    for lead, junk in (("AC", "JD"), ("TC", "JS"), ("AS", "QD"), ("AD", "QH")):
        assert s.to_act == 1
        s = do(s, f"play {lead}")
        assert legal_cards(s) == hand(s, 0)  # phase 1: N may throw anything
        s = do(s, f"play {junk}")
    assert s.tally.tricks == (0, 5) and s.score(0) == 0 and s.score(1) == 68
    s = do(s, "declare")
    r = RULES.result(s)
    assert r.points == (0, 3) and r.rule == "2.6 row 1"
    assert r.details["meld_points"] == (20, 0) and r.details["credited_meld_points"] == (0, 0)


EX7_DECK = stacked("AH KS QS JH JC", "JD TC AD TD KD", "JS", "TH KH QH AC KC QC TS AS QD")


def test_ex7_exactly_66() -> None:
    s = do(deal(EX7_DECK), "play AH", "play JD")
    assert s.score(0) == 13
    s = do(s, "meld S")
    assert s.score(0) == 53
    s = do(s, "play QS", "play TC")
    assert s.score(0) == 66 and s.tally.tricks[1] == 0
    r = RULES.result(do(s, "declare"))
    assert r.points == (3, 0) and r.rule == "2.6 row 1"


@pytest.mark.parametrize("penalty, gp", [("seed", 2), ("pagat", 3)])
def test_ex7_variant_false_declaration(penalty: str, gp: int) -> None:
    s = do(deal(EX7_DECK, false_claim_penalty=penalty), "play AH", "play JD", "meld S")
    assert "declare" in legal(s)
    r = RULES.result(do(s, "declare"))
    assert r.points == (0, gp) and r.rule == "2.6 row 4" and r.details["declared_score"] == 53


@pytest.mark.parametrize(
    "a_won, b_won, a_hand, b_hand, gp",
    [
        ("AS TS AD TD AC TC KS QS", "AH TH KH QH JH JD", "JS KD QD", "KC QC JC", 2),
        ("AS TS AC TC AD KD KS QS KH JH", "AH TH TD JD", "QH QD QC", "KC JC JS", 1),
    ],
)
def test_ex8_the_33_threshold(a_won: str, b_won: str, a_hand: str, b_hand: str, gp: int) -> None:
    s = position("S", (a_hand, b_hand), 0, won=(a_won, b_won))
    assert s.score(0) == 70 and s.score(1) in (32, 33)
    r = RULES.result(do(s, "declare"))
    assert r.points == (gp, 0) and r.rule == "2.6 row 1"


def test_ex9_closing_freezes_schneider() -> None:
    s = position("S", ("TH AS TS KS AC", "AH KH QH KD QD"), 0, stock="QS JS",
                 won=("AD TD KC QC TC JC", "JH JD"), meld_points=(0, 20), marriages=(("C", 1),))
    assert s.score(0) == 40 and s.score(1) == 24
    s = do(s, "close", "play TH")
    assert legal_cards(s) == {"AH"}
    s = do(s, "play AH")
    assert s.score(1) == 45
    s = do(s, "play KD")
    assert legal_cards(s) == {"AS", "TS", "KS"}
    s = do(s, "play KS", "play AS", "play QD", "play TS", "play KH")
    assert s.score(0) >= 66
    r = RULES.result(do(s, "declare"))
    assert r.points == (2, 0) and r.rule == "2.6 row 2"
    assert r.details["close_points"] == 24 and r.details["close_tricks"] == 1 and r.details["scores"][1] == 45


def _closed_first_lead(**options: object) -> SchnapsenState:
    deck = stacked("AS TS KS AH TH", "QS JS KH QH AD", "JD", "TD KD QD AC TC KC QC JC JH")
    return do(deal(deck, **options), "close")


def test_ex10_n_declares_after_closing_first_lead() -> None:
    deck = stacked("KC QC AS AH TD", "JS TS TH KH AD", "JC", "KS QS QH JH KD QD JD AC TC")
    s = do(deal(deck), "close")
    assert "exchange" not in legal(s) and "meld C" in legal(s)
    s = do(s, "meld C", "play KC", "play JS", "play TD")
    assert legal_cards(s) == {"AD"}  # must follow and head
    s = do(s, "play AD")
    # D gets a trick after the closing; N still scores 3 because D had none at the closing
    assert s.tally.tricks[1] == 1 and s.to_act == 1
    s = do(s, "play TH", "play AH")
    assert s.score(0) == 67
    r = RULES.result(do(s, "declare"))
    assert r.points == (3, 0) and r.rule == "2.6 row 2"
    assert r.details["close_tricks"] == 0 and r.details["close_points"] == 0


@pytest.mark.parametrize("penalty, gp", [("seed", 2), ("pagat", 3)])
def test_ex10_false_declaration_after_closing(penalty: str, gp: int) -> None:
    s = do(_closed_first_lead(false_claim_penalty=penalty), "play AH", "play QH", "play TH", "play KH",
           "play AS", "play JS", "play TS", "play QS")
    assert s.score(0) == 54 and s.tally.tricks[1] == 0
    r = RULES.result(do(s, "declare"))
    assert r.points == (0, gp) and r.rule == "2.6 row 4"


def test_ex10_non_closer_declares() -> None:
    deck = stacked("JS QS KH QH JD", "AS TS AH TH AD", "KS", "TD KD QD AC TC KC QC JC JH")
    s = do(deal(deck), "close", "play JD", "play AD", "play AS")
    assert legal_cards(s) == {"JS", "QS"}
    s = do(s, "play QS", "play AH", "play QH", "play TH", "play KH", "play TS", "play JS")
    assert s.score(1) == 67 and s.tally.tricks[0] == 0
    r = RULES.result(do(s, "declare"))
    assert r.points == (0, 3) and r.rule == "2.6 row 3"


@pytest.mark.parametrize("penalty, gp", [("seed", 2), ("pagat", 3)])
def test_ex10_all_played_nobody_declares(penalty: str, gp: int) -> None:
    deck = stacked("JS QS JH QH JD", "AS TS AH TH AD", "KS", "TD KD QD AC TC KC QC JC KH")
    s = do(deal(deck, closed_no_claim_penalty=penalty), "close")
    while RULES.to_move(s) is not None and s.hands[0] + s.hands[1]:
        s, _ = RULES.apply(s, [m for m in RULES.legal_moves(s) if m.kind == "play"][0])
    assert legal(s) == {"declare", "pass"}
    r = RULES.result(do(s, "pass"))
    assert r.points == (0, gp) and r.rule == "2.6 row 5"


@pytest.mark.parametrize("claim_after_last", [True, False])
def test_ex11_last_trick_decides_without_66(claim_after_last: bool) -> None:
    s = position("S", ("JD", "AD"), 0, won=("JS JH QH TD KD QD AC TC KC QC JC TH", "AS TS AH KH QS KS"),
                 allow_claim_after_last_trick=claim_after_last)
    assert s.score(0) == 64 and s.score(1) == 43 and sum(s.tally.tricks) == 9
    s = do(s, "play JD")
    assert legal_cards(s) == {"AD"}
    s = do(s, "play AD")
    assert s.score(1) == 56
    if claim_after_last:
        assert legal(s) == {"declare", "pass"} and RULES.to_move(s) == 1
        s = do(s, "pass")
    assert RULES.is_over(s)
    r = RULES.result(s)
    assert r.points == (0, 1) and r.rule == "2.6 row 6"


@pytest.mark.parametrize("claim_after_last, move, gp, row", [
    (True, "declare", 2, 1), (True, "pass", 1, 6), (False, None, 1, 6)])
def test_ex12_declaration_after_last_trick(claim_after_last: bool, move: str | None, gp: int, row: int) -> None:
    s = position("S", ("AD", "JD"), 0, won=("KS AH TH KH QH TD KD QD AC TC KC QC", "AS TS QS JS JH JC"),
                 allow_claim_after_last_trick=claim_after_last)
    assert s.score(0) == 77 and s.score(1) == 30 and sum(s.tally.tricks) == 9
    s = do(s, "play AD", "play JD")
    assert s.score(0) == 90
    if move is not None:
        assert legal(s) == {"declare", "pass"}
        s = do(s, move)
    assert RULES.is_over(s)
    r = RULES.result(s)
    assert r.points == (gp, 0) and r.rule == f"2.6 row {row}"


def test_ex13_bummerl() -> None:
    assert match_winner((5 + 3, 0)) == 0 and match_winner((5, 0)) is None
    assert bummerl(0) == 2 and bummerl(1) == 1
    assert bummerl(0, SchnapsenOptions(schneider_bummerl=False)) == 1


def test_first_lead_and_options() -> None:
    s = deal(ex1_deck())
    moves = legal(s)
    assert "declare" not in moves and "close" in moves
    no_meld = position("H", ("KH QH AS TS JC", "AD KD QD AC TC"), 0, stock="TD TH JH JD KC QC KS QS JS AH", allow_marriage_before_first_trick=False)
    assert "meld H" not in legal(no_meld)
    assert "first trick" in refused(no_meld, "meld H")
    two = position("S", ("JH QH AS TS JC", "AD KD QD AC TC"), 0, stock="TH QS", won=("KC QC KS JS", "KH JD AH TD"),
                   allow_close_with_two_in_stock=False)
    assert "close" not in legal(two) and "two cards" in refused(two, "close")
    assert "close" in legal(position("S", ("JH QH AS TS JC", "AD KD QD AC TC"), 0, stock="TH QS",
                                     won=("KC QC KS JS", "KH JD AH TD")))


def test_refusals_have_reasons() -> None:
    s = deal(ex1_deck())
    assert "not in your hand" in refused(s, "play QD")
    assert "right after winning" in refused(s, "declare")
    assert "pass" in refused(s, "pass")
    assert "trump jack" in refused(s, "exchange")
    s = do(s, "play KC")
    assert s.phase is FOLLOW
    assert "on lead" in refused(s, "close")
    assert "on lead" in refused(s, "meld H")
    before = repr(s)
    refused(s, "play KC")
    assert repr(s) == before


def test_parse_move_round_trip() -> None:
    for text in ("play QH", "exchange", "close", "meld H", "declare", "pass"):
        assert str(parse_move(text)) == text
    assert parse_move("play QH").cards == (card("QH"),)


def test_events_of_a_trick_and_the_last_draw() -> None:
    s = deal(ex1_deck())
    s, events = RULES.apply(s, parse_move("play KC"))
    assert events == (ev.CardPlayed(0, card("KC")),)
    s, events = RULES.apply(s, parse_move("play AC"))
    assert events == (
        ev.CardPlayed(1, card("AC")),
        ev.TrickTaken(1, (card("KC"), card("AC")), 15),
        ev.CardDrawn(1, card("KH")),
        ev.CardDrawn(0, card("TC"), False),
    )
    s = do(s, "play JH", "play TS", "play JC", "play QD", "play JD", "play KD")
    s, events = RULES.apply(s, parse_move("meld H"))
    assert events == (ev.MarriageShown(1, card("KH").suit, 20, False),)
    s = do(s, "play QH")
    s, events = RULES.apply(s, parse_move("play AH"))
    assert events[-1] == ev.CardDrawn(1, card("QS"), True)  # the loser takes the turn-up
    s = do(s, "play TC", "play QS", "play TH", "play JS", "play AD", "play TD", "play KS", "play AS")
    s, events = RULES.apply(s, parse_move("declare"))
    assert events[0] == ev.Declared(1, 69, True)
    assert isinstance(events[1], ev.RoundOver) and events[1].result.points == (0, 1)


def test_observation_shows_melds_exchange_and_own_points_only() -> None:
    s = position("S", ("JS KS QS TD JC", "KH QH AD AC TC"), 0, stock="TH AH JH JD KD QC TS AS",
                 won=("KC QD", ""))
    s = do(s, "exchange")  # the old turn-up A♠ goes to seat 0's hand, J♠ lies face up
    s = do(s, "meld S")
    o1 = RULES.observe(s, 1)
    assert {str(c) for c in o1.opponent_known} == {"KS", "QS", "AS"}
    assert o1.exchanged_by == 0 and str(o1.exchanged_turnup) == "AS" and str(o1.turnup) == "JS"
    assert o1.marriages == ((card("KS").suit, 0),) and o1.melded == card("KS").suit
    assert not hasattr(o1, "opponent_points")
    assert {str(c) for c in o1.hand} == {"KH", "QH", "AD", "AC", "TC"}
    assert "TD" in {str(c) for c in unseen_cards(o1)} and "KS" not in {str(c) for c in unseen_cards(o1)}
    o0 = RULES.observe(s, 0)
    assert o0.points == 7 + 40 and o0.pending == 0 and o0.may_declare and o0.stage == "lead"
    assert {str(c) for c in o0.won} == {"KC", "QD"} and o0.my_tricks == 1 and o0.opponent_tricks == 0
    assert o0.stock_size == 8 and not o0.phase2 and o0.to_move == 0
    s = do(s, "play KS")
    o1 = RULES.observe(s, 1)
    assert o1.trick == (card("KS"),) and o1.trick_leader == 0 and o1.to_move == 1 and not o1.may_declare
    assert {str(c) for c in o1.opponent_known} == {"QS", "AS"}
