"""Match bookkeeping: targets, Bummerl, Schneider, Retourschneider, dealer rotation, Dreier tie."""

from dataclasses import replace

import pytest

from game.rules import match
from game.rules.base import RoundResult
from game.rules.options import BauernOptions, DreierOptions, SchnapsenOptions


def res(*points: int) -> RoundResult:
    return RoundResult(tuple(points), "test round", "test")


def play(m, *rounds):
    for r in rounds:
        m = match.finish_round(m, res(*r))
    return m


def test_s_ex13_schnapsen_match_end_and_schneider_bummerl():
    m = play(match.new_match("schnapsen", 2), (3, 0), (2, 0))  # A 5, B 0
    assert not m.is_over
    m = match.finish_round(m, res(3, 0))  # A 8 >= 7
    assert m.is_over and m.winners == (0,)
    assert m.bummerl == (0, 2)  # B had 0 GP: two Bummerl


def test_schnapsen_one_bummerl_when_loser_scored():
    m = play(match.new_match("schnapsen", 2), (0, 1), (3, 0), (3, 0), (1, 0))
    assert m.winners == (0,) and m.bummerl == (0, 1)


def test_schnapsen_schneider_bummerl_off():
    m = match.new_match("schnapsen", 2, SchnapsenOptions(schneider_bummerl=False))
    m = play(m, (3, 0), (3, 0), (3, 0))
    assert m.bummerl == (0, 1)


def test_schnapsen_dealer_alternates_or_loser_deals():
    m = match.new_match("schnapsen", 2, first_dealer=0)
    assert match.finish_round(m, res(2, 0)).dealer == 1
    m2 = match.new_match("schnapsen", 2, SchnapsenOptions(deal_rotation="loserDeals"), first_dealer=0)
    assert match.finish_round(m2, res(2, 0)).dealer == 1  # seat 1 lost the deal
    assert match.finish_round(m2, res(0, 2)).dealer == 0


def test_b_ex15_bauern_schneider_double():
    m = match.new_match("bauernschnapsen", 4)
    m = play(m, (20, 0, 20, 0))
    assert m.scores == (20, 0, 20, 0) and not m.is_over
    m = match.finish_round(m, res(12, 0, 12, 0))  # Bauernschnapser: 32 : 0
    assert m.winners == (0, 2)
    assert m.bummerl == (0, 2, 0, 2)


def test_b_ex15_retourschneider():
    m = match.new_match("bauernschnapsen", 4, BauernOptions(retourschneider=True))
    m = play(m, (23, 0, 23, 0), (0, 4, 0, 4), (0, 6, 0, 6), (0, 9, 0, 9))
    assert not m.is_over
    m = match.finish_round(m, res(0, 6, 0, 6))  # team B 25
    assert m.winners == (1, 3)
    assert m.bummerl == (4, 0, 4, 0)
    # Without the option, team A with 23 points gets one Bummerl.
    m2 = match.new_match("bauernschnapsen", 4)
    m2 = play(m2, (23, 0, 23, 0), (0, 25, 0, 25))
    assert m2.bummerl == (1, 0, 1, 0)


def test_bauern_dealer_passes_left():
    m = match.new_match("bauernschnapsen", 4, first_dealer=3)
    assert match.finish_round(m, res(1, 0, 1, 0)).dealer == 0


def test_d_ex5_dreier_tie_goes_to_playoff():
    m = match.new_match("dreierschnapsen", 3)
    m = play(m, (20, 0, 0), (0, 20, 10))  # F 20, M 20, D 10
    m = match.finish_round(m, res(4, 4, 0))  # D's Bettler fails: F 24, M 24
    assert not m.is_over and m.playoff == (0, 1)
    assert match.seat_map(m) == (0, 1)
    # The playoff deal: its seat 1 (match seat M) wins.
    m = match.finish_round(m, res(0, 2))
    assert m.winners == (1,)
    assert m.bummerl == (1, 0, 1)  # D (10 GP) one Bummerl; F too, as a non-winner


def test_dreier_tie_shared_and_higher_total_wins():
    m = match.new_match("dreierschnapsen", 3, DreierOptions(tie_break="shared"))
    m = play(m, (20, 20, 0), (4, 4, 0))
    assert m.winners == (0, 1) and m.bummerl == (0, 0, 2)
    m = match.new_match("dreierschnapsen", 3)
    m = play(m, (20, 22, 5), (4, 4, 0))  # 24 vs 26: the higher total wins
    assert m.winners == (1,)


def test_dreier_bummerl_lowest_only():
    m = match.new_match("dreierschnapsen", 3, DreierOptions(bummerl_to="lowestOnly"))
    m = play(m, (24, 3, 0))
    assert m.bummerl == (0, 0, 2)


def test_dreier_retourschneider_two_on_23():
    m = match.new_match("dreierschnapsen", 3, DreierOptions(retourschneider=True))
    m = play(m, (23, 23, 0), (0, 0, 12), (0, 0, 12))
    assert m.winners == (2,) and m.bummerl == (4, 4, 0)


def test_finish_after_end_and_bad_results_are_refused():
    m = play(match.new_match("schnapsen", 2), (3, 0), (3, 0), (3, 0))
    with pytest.raises(ValueError):
        match.finish_round(m, res(1, 0))
    with pytest.raises(ValueError):
        match.finish_round(match.new_match("schnapsen", 2), res(1, 0, 0))
    with pytest.raises(ValueError):
        match.new_match("schnapsen", 3)


def test_history_rows_for_the_score_sheet():
    m = play(match.new_match("schnapsen", 2), (2, 0), (0, 1))
    assert [r.points for r in m.history] == [(2, 0), (0, 1)]
    assert m.history[-1].scores_after == (2, 1)
    assert replace(m).round_no == 2


def test_schnapsen_deal_knows_what_each_seat_needs_for_the_match():
    """The score sheet is public: each seat's observation carries the game points it and its
    opponent still need; a Dreierschnapsen playoff deal needs one point each."""
    from game.rules.schnapsen import RULES as S

    m = play(match.new_match("schnapsen", 2), (3, 0), (0, 2))  # 3 : 2
    state = match.start_round(m)
    assert S.observe(state, 0).match_needs == (4, 5)
    assert S.observe(state, 1).match_needs == (5, 4)
    assert S.new_round(2, 0, match.derive_rng(1, "x")).setup.match_needs is None  # a lone deal
    d = play(match.new_match("dreierschnapsen", 3), (20, 0, 0), (0, 20, 10), (4, 4, 0))
    assert d.playoff == (0, 1)
    assert S.observe(match.start_round(d), 1).match_needs == (1, 1)
