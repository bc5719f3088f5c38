"""Schwimmen worked examples W-EX1..W-EX11 (RULES.md 5.11) as scripted deals, plus turn rules."""

from __future__ import annotations

import pytest

from game.cards import parse_cards
from game.rules.base import IllegalMove, Move
from game.rules.events import Announced, HandRevealed, MiddleReplaced, RoundOver, Swapped
from game.rules.options import SchwimmenOptions
from game.rules.schwimmen import RULES, Phase, parse_move
from game.rules.schwimmen_showdown import losers_of
from game.rules.schwimmen_values import hand_value
from tests.rules.test_schwimmen_helpers import mv, play, stacked


def hv(text: str, **opts: object):
    return hand_value(parse_cards(text), SchwimmenOptions(**opts))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("hand", "label"),
    [
        ("QH TH JD", "20"),
        ("AC KC 9C", "30"),
        ("AD KD TD", "31"),
        ("7D 7H 7S", "30.5"),
        ("AS AH AC", "Feuer"),
        ("8S 9H 7C", "9"),
        ("JS 9S AH", "19"),
        ("AH 7H KS", "18"),
        ("KS KH 7D", "10"),
    ],
)
def test_w_ex1_hand_values(hand: str, label: str) -> None:
    assert hv(hand).label == label


def test_w_ex1_options_change_values() -> None:
    assert hv("AS AH AC", feuer=False).label == "30.5"
    assert hv("AS AH AC", feuer=False) > hv("KS KH KC")
    assert hv("AS AH AC") > hv("AD KD TD") > hv("AS AH AC", feuer=False)
    assert hv("KS KH 7D", mixed_rank_scoring=True).label == "20"
    assert hv("AD KD TD").is_31 and hv("AS AH AC").is_feuer


def test_w_ex2_triple_tie_break_three_players() -> None:
    # P1 three 7s, P2 three kings, P3 (dealer) A 10 9 of clubs = 30.
    s = stacked(3, {0: "7D 7H 7S", 1: "KS KH KC"}, a="AC TC 9C", b="8H 8D 9D")
    s, ev = play(s, "keep", "knock", "shove", "shove")
    r = RULES.result(s)
    assert r.points == (0, 0, 1)
    assert s.ended_by == "knock"
    assert any(isinstance(e, RoundOver) for e in ev)
    assert sum(isinstance(e, HandRevealed) for e in ev) == 3


def test_w_ex2_triple_tie_break_two_players() -> None:
    s = stacked(2, {0: "7D 7H 7S"}, a="KS KH KC", b="8H 8D 9D")
    s, _ = play(s, "keep", "knock", "shove")
    assert RULES.result(s).points == (1, 0)


def test_w_ex3_tie_for_lowest_both_lose() -> None:
    s = stacked(3, {0: "7S 8S 9S", 1: "7H 8H 9H"}, a="AD 9D 8D", b="7C 8C JC")
    s, _ = play(s, "keep", "knock", "shove", "shove")
    r = RULES.result(s)
    assert r.points == (1, 1, 0)
    assert "tie" in r.reason


def test_w_ex3_knocker_loses_ties_option() -> None:
    s = stacked(3, {0: "7S 8S 9S", 1: "7H 8H 9H"}, a="AD 9D 8D", b="7C 8C JC", options=SchwimmenOptions(knocker_loses_ties=True))
    s, _ = play(s, "keep", "knock", "shove", "shove")
    assert RULES.result(s).points == (1, 0, 0)


def _ex4(options: SchwimmenOptions | None = None, p2: str = "AC KC 8D"):
    # 4 players: P1..P3 = seats 0..2, P4 = seat 3 deals.
    return stacked(4, {0: "QH JH 7S", 1: p2, 2: "AS KS 7H"}, a="9D TD JD", b="TS 8H 9C", options=options)


def test_w_ex4_knock_and_final_round() -> None:
    s, _ = play(_ex4(), "keep", "swap 7S 8H")
    assert RULES.to_move(s) == 1
    assert mv("knock") in RULES.legal_moves(s)
    s, ev = play(s, "knock")
    assert ev == [Announced(1, "knock")]
    seen = []
    while not RULES.is_over(s):
        seat = RULES.to_move(s)
        seen.append(seat)
        assert mv("knock") not in RULES.legal_moves(s)  # no second knock
        s, _ = play(s, "shove")
    assert seen == [2, 3, 0]  # P3, P4, P1 once each; P2 does not play again
    assert RULES.result(s).details["knocker"] == 1


def test_w_ex4_knock_below_20_is_illegal() -> None:
    s, _ = play(_ex4(p2="AC 8C 7D"), "keep", "swap 7S 8H")
    assert hand_value(s.hands[1]).label == "19"
    assert mv("knock") not in RULES.legal_moves(s)
    with pytest.raises(IllegalMove, match="20"):
        RULES.apply(s, mv("knock"))
    # Without the minimum the same knock is fine.
    s2, _ = play(_ex4(SchwimmenOptions(knock_minimum_20=False), p2="AC 8C 7D"), "keep", "swap 7S 8H", "knock")
    assert s2.knocker == 1


def test_w_ex5_31_in_the_final_round_ends_at_once() -> None:
    s, _ = play(_ex4(), "keep", "swap 7S 8H", "knock")
    s, ev = play(s, "swap 7H TS")  # P3: A K 10 of spades = 31
    assert RULES.is_over(s) and s.ended_by == "31"
    assert isinstance(ev[0], Swapped) and isinstance(ev[-1], RoundOver)
    r = RULES.result(s)
    assert r.points == (0, 1, 0, 0)  # P2, the knocker, has the lowest hand (21)
    assert r.details["ended_by"] == "31" and r.details["revealers"] == (2,)


def test_w_ex6_feuer_ends_at_once_everyone_else_loses() -> None:
    # P4 (dealer, seat 3) keeps AS AH 7C; the middle holds AD.
    s = stacked(4, {0: "QH JH 7S", 1: "KC 8D 9H", 2: "TS 9S 8S"}, a="AS AH 7C", b="AD 8H 9C")
    s, ev = play(s, "keep", "shove", "shove", "shove", "swap 7C AD")
    assert s.ended_by == "feuer"
    assert RULES.result(s).points == (1, 1, 1, 0)
    assert [e.label for e in ev if isinstance(e, HandRevealed)][-1] == "Feuer"


def _ex7():
    return stacked(3, {0: "7C 9D KH", 1: "QS JS 9S"}, a="8D 8C 7D", b="AH TH 8S")


def test_w_ex7_legal_turn_actions() -> None:
    s, _ = play(_ex7(), "keep")
    legal = RULES.legal_moves(s)
    swaps = [m for m in legal if m.kind == "swap"]
    assert len(swaps) == 9 and len(set(swaps)) == 9
    assert mv("swapall") in legal and mv("shove") in legal
    assert mv("knock") not in legal
    with pytest.raises(IllegalMove):
        RULES.apply(s, Move("swap", parse_cards("7C 9D AH TH")))
    after_one, _ = play(s, "swap 7C AH")
    assert hand_value(after_one.hands[0]).label == "21"
    after_all, _ = play(s, "swapall")
    assert hand_value(after_all.hands[0]).label == "21"
    assert after_all.middle == parse_cards("7C 9D KH")


def test_no_passing_forbids_shove_except_in_final_round() -> None:
    s = stacked(3, {0: "7C 9D KH", 1: "QS JS 9S"}, a="8D 8C 7D", b="AH TH 8S", options=SchwimmenOptions(no_passing=True))
    s, _ = play(s, "keep")
    assert mv("shove") not in RULES.legal_moves(s)
    with pytest.raises(IllegalMove, match="not allowed"):
        RULES.apply(s, mv("shove"))
    s, _ = play(s, "swap 7C AH", "knock")  # P2 knocks with 29
    assert mv("shove") in RULES.legal_moves(s)


def _values(*labels: int):
    """Hands worth exactly the given values (single-suit sums from the 32-card pack)."""
    table = {
        11: "AS 7H 8D",
        15: "8S 7S 9H",
        17: "7H KH 8C",
        18: "AH 7H 9S",
        19: "JS 9S AH",
        20: "QH TH JD",
        21: "AC KC 8D",
        24: "7S 8S 9S",
        27: "TD 9D 8D",
        30: "AC KC 9C",
    }
    return {i: hand_value(parse_cards(table[v])) for i, v in enumerate(labels)}


@pytest.mark.parametrize(
    ("scores", "losers"),
    [((18, 20, 24, 27, 30), {0, 1, 2}), ((15, 19, 21), {0, 1}), ((11, 17, 20), {0, 1})],
)
def test_w_ex8_twenty_or_less_pays(scores: tuple[int, ...], losers: set[int]) -> None:
    values = _values(*scores)
    assert [values[i].label for i in values] == [str(v) for v in scores]
    got, reason, rule = losers_of(tuple(values), values, "knock", (), 0, SchwimmenOptions(twenty_or_less_pays=True))
    assert got == losers and rule.endswith("twentyOrLessPays") and reason


def test_w_ex8_in_a_real_deal() -> None:
    s = stacked(
        3, {0: "8S 7S 9H", 1: "JS 9S AH"}, a="AC KC 8D", b="7C 8C 9C", options=SchwimmenOptions(twenty_or_less_pays=True)
    )
    s, _ = play(s, "keep", "shove", "shove", "knock", "shove", "shove")
    assert RULES.result(s).points == (1, 1, 0)


def test_w_ex9_dealer_rejects_packet_a() -> None:
    s = stacked(3, {0: "QC TC 9C", 1: "7H 8H 9H"}, a="7C 8D JS", b="AH KH 9S")
    dealer_view = RULES.observe(s, 2)
    assert dealer_view.hand == parse_cards("7C 8D JS") and dealer_view.middle == ()
    assert not set(parse_cards("AH KH 9S")) & set(dealer_view.hand + dealer_view.middle)
    assert RULES.observe(s, 0).hand == parse_cards("QC TC 9C")
    assert RULES.legal_moves(s) == (mv("keep"), mv("reject"))
    rejected, ev = play(s, "reject")
    assert ev == [Announced(2, "reject")]
    assert rejected.middle == parse_cards("7C 8D JS") and rejected.hands[2] == parse_cards("AH KH 9S")
    assert hand_value(rejected.hands[2]).label == "21" and RULES.to_move(rejected) == 0
    kept, _ = play(s, "keep")
    assert kept.middle == parse_cards("AH KH 9S") and kept.hands[2] == parse_cards("7C 8D JS")


def test_w_ex10_everyone_shoves_until_the_stock_runs_out() -> None:
    s = stacked(3, {0: "7S 8S 9S", 1: "7H 8H 9H"}, a="AD 9D 8D", b="7C 8C JC")
    s, _ = play(s, "keep")
    assert len(s.stock) == 20
    replaced = 0
    while not RULES.is_over(s):
        assert RULES.to_move(s) == 0  # each full round of shoves starts again at P1
        s, ev = play(s, "shove", "shove", "shove")
        replaced += sum(isinstance(e, MiddleReplaced) for e in ev)
    assert replaced == 6 and len(s.stock) == 2 and s.ended_by == "shoves"
    assert RULES.result(s).points == (1, 1, 0)


def test_w_ex10_option_off_ends_at_first_all_shove() -> None:
    opts = SchwimmenOptions(all_shove_replaces_middle=False)
    s = stacked(3, {0: "7S 8S 9S", 1: "7H 8H 9H"}, a="AD 9D 8D", b="7C 8C JC", options=opts)
    s, _ = play(s, "keep", "shove", "shove")
    s2, _ = play(s, "swap 8D 7C", "shove")  # a swap resets the count
    assert not RULES.is_over(s2)
    s, _ = play(s, "shove")
    assert RULES.is_over(s) and s.ended_by == "shoves"


def test_w_ex11_31_straight_from_the_deal() -> None:
    deal = dict(hands={0: "7S 8S 9S", 1: "AC KC QC"}, a="TD 9D 8D", b="7H 8H JH")
    s = stacked(3, **deal)  # type: ignore[arg-type]
    assert s.phase is Phase.CHOOSE  # checked only after the dealer's choice
    s, ev = play(s, "keep")
    assert RULES.is_over(s) and s.ended_by == "31" and s.revealers == (1,)
    assert RULES.result(s).points == (1, 0, 0)  # P1 (24) is the lowest
    s = stacked(3, options=SchwimmenOptions(thirty_one_all_others_lose=True), **deal)  # type: ignore[arg-type]
    s, _ = play(s, "keep")
    assert RULES.result(s).points == (1, 0, 1)


def test_feuer_takes_precedence_over_31_from_the_deal() -> None:
    s = stacked(3, {0: "AS AH AC", 1: "KD QD AD"}, a="7S 8S 9S", b="7H 8H JH")
    s, _ = play(s, "keep")
    assert s.ended_by == "feuer" and RULES.result(s).points == (0, 1, 1)


def test_dealer_rejecting_into_31_reveals_before_forehand() -> None:
    s = stacked(3, {0: "7S 8S 9S", 1: "7H 8H 9H"}, a="7C 8C 7D", b="AD KD TD")
    s, _ = play(s, "reject")
    assert s.ended_by == "31" and s.revealers == (2,)


def test_moves_print_and_parse_back() -> None:
    for text in ("keep", "reject", "swap QH 7S", "swapall", "shove", "knock", "pass2 7S 8H"):
        assert str(parse_move(text)) == text


def test_observation_hides_packet_b_stock_and_other_hands() -> None:
    s = stacked(3, {0: "QC TC 9C", 1: "7H 8H 9H"}, a="7C 8D JS", b="AH KH 9S")
    for seat in range(3):
        o = RULES.observe(s, seat)
        assert o.stock_size == len(s.stock) and o.middle == ()
        assert all(h == () for h in o.revealed)
    s, _ = play(s, "keep", "swap QC AH")
    o = RULES.observe(s, 1)
    assert o.known_hands[0] == parse_cards("AH") and o.swaps[-1].given == parse_cards("QC")
    assert o.hand == parse_cards("7H 8H 9H") and all(h == () for h in o.revealed)


def test_anticlockwise_play_and_deal() -> None:
    opts = SchwimmenOptions(direction="anticlockwise")
    # Dealer seat 0: forehand is seat 3, then 2, then 1 (dealt in that order).
    deck = parse_cards("QH JH 7S  KC 8D 9H  TS 9S 8S  AS 7H 7C  AD 8H 9C") + parse_cards("7D 9D TD")
    s = RULES.new_round(4, 0, None, opts, deck=deck)  # type: ignore[arg-type]
    assert s.hands[3] == parse_cards("QH JH 7S") and s.order == (3, 2, 1, 0)
    s, _ = play(s, "keep")
    assert RULES.to_move(s) == 3


def test_two_packs_list_identical_swaps_once() -> None:
    opts = SchwimmenOptions(deck="2x32")
    deck = parse_cards("QH QH 7S  8S 9S TS  QH 7D 8D  JC JD JS") + parse_cards("AC AD")
    s = RULES.new_round(3, 2, None, opts, deck=deck)  # type: ignore[arg-type]
    s, _ = play(s, "reject")  # middle: QH 7D 8D, P1: QH QH 7S
    swaps = [m for m in RULES.legal_moves(s) if m.kind == "swap"]
    # QH->7D, QH->8D, 7S->QH, 7S->7D, 7S->8D; QH for QH is no swap.
    assert len(swaps) == len(set(map(str, swaps))) == 5
    assert mv("swap QH QH") not in RULES.legal_moves(s)


def test_closed_game_pass_two_and_knock() -> None:
    opts = SchwimmenOptions(closed_game=True)
    # 3 players, dealer seat 2: P1 3 cards, P2 3, dealer 3, then P1's 2 extra.
    deck = parse_cards("7S 8S 9S  7H 8H 9H  7D 8D 9D  AS KS") + parse_cards("AC KC QC JC")
    s = RULES.new_round(3, 2, None, opts, deck=deck)  # type: ignore[arg-type]
    assert s.middle == () and s.pending == parse_cards("AS KS") and RULES.to_move(s) == 0
    o = RULES.observe(s, 0)
    assert o.pending == parse_cards("AS KS") and RULES.observe(s, 1).pending == ()
    legal = RULES.legal_moves(s)
    assert sum(m.kind == "pass2" for m in legal) == 10
    s, _ = play(s, "knock 7S 8S")  # keeps 9S AS KS = 30, passes 7S 8S to P2
    assert s.knocker == 0 and s.hands[0] == parse_cards("9S AS KS") and set(s.pending) == set(parse_cards("7S 8S"))
    s, _ = play(s, "pass2 7H 8H", "pass2 8D 9D")  # P2, then the dealer; P1 gets no turn
    assert RULES.is_over(s) and s.ended_by == "knock"
    assert all(len(s.hands[i]) == 3 for i in range(3)) and set(s.discarded) == set(parse_cards("8D 9D"))
    # P2 kept 9H 7S 8S (15), the dealer 7D 7H 8H (15): tied lowest, both lose.
    assert RULES.result(s).points == (0, 1, 1)
