"""The Schnapsen expert's phase-1 leaf estimate (``ai.schnapsen_search``): it must rank positions
as a player would (more points, better cards and marriages are worth more), respect a seat's
right to declare 66, and predict real deal outcomes it was not fitted on."""

from __future__ import annotations

import pytest

from ai.schnapsen_search import CLIP, LEAF_WEIGHTS, DealSearch
from ai.schnapsen_solver import JACK, KING, QUEEN, Context, declare_value
from tools.schnapsen_leaf import features, positions

TRUMP = 0
ACE, TEN = 0, 1


def card(suit: int, rank: int) -> int:
    return 5 * suit + rank


def mask(*cards: int) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def value(stock: int, mine: int, other: int, own: int = 30, opp: int = 30) -> float:
    ds = DealSearch(Context(trump=TRUMP), depth=1)
    return ds.estimate(0, (mine, other), (own, opp), (0, 0), (2, 2), stock)


# Five cards each, no marriage in either hand.
MINE = mask(card(1, ACE), card(1, JACK), card(2, TEN), card(3, JACK), card(TRUMP, JACK))
OTHER = mask(card(1, TEN), card(2, ACE), card(2, JACK), card(3, ACE), card(TRUMP, QUEEN))


@pytest.mark.parametrize("stock", sorted(LEAF_WEIGHTS))
def test_points_are_worth_more_to_the_seat_that_has_them(stock):
    base = value(stock, MINE, OTHER)
    assert value(stock, MINE, OTHER, own=50) > base
    if stock < 8:  # with 8 cards left one trick is played, won by the seat on lead: the other has 0
        assert value(stock, MINE, OTHER, opp=50) < base


@pytest.mark.parametrize("stock", sorted(LEAF_WEIGHTS))
def test_a_trump_ace_is_worth_more_than_a_plain_jack(stock):
    swapped = (MINE & ~(1 << card(3, JACK))) | (1 << card(TRUMP, ACE))
    assert value(stock, swapped, OTHER) > value(stock, MINE, OTHER)
    # and it hurts to face it
    assert value(stock, OTHER, swapped) < value(stock, OTHER, MINE)


@pytest.mark.parametrize("stock", sorted(LEAF_WEIGHTS))
def test_holding_a_marriage_is_worth_more_than_a_stray_king_and_queen(stock):
    married = mask(card(2, KING), card(2, QUEEN), card(1, ACE), card(1, JACK), card(TRUMP, JACK))
    split = mask(card(2, KING), card(3, QUEEN), card(1, ACE), card(1, JACK), card(TRUMP, JACK))
    assert value(stock, married, OTHER) > value(stock, split, OTHER)


def test_a_seat_with_66_gets_at_least_its_declaration_and_values_stay_in_range():
    ctx = Context(trump=TRUMP)
    ds = DealSearch(ctx, depth=1)
    v = ds.estimate(0, (MINE, OTHER), (70, 20), (0, 0), (3, 1), 4)
    assert v >= declare_value(ctx, 0, 70, 20, 1) == 2
    for stock in LEAF_WEIGHTS:
        for own, opp in ((0, 65), (65, 0), (33, 33)):
            assert -CLIP <= value(stock, MINE, OTHER, own, opp) <= CLIP


def test_the_estimate_predicts_outcomes_of_deals_it_was_not_fitted_on():
    """On fresh player-vs-player deals (the weights were fitted on seed 7) the estimate explains a
    good part of the variance of the game points, at every stock size, and far more than the
    constant; it is exactly the fitted linear form of the fitting script's features."""
    rows = positions(1500, seed=99)
    for stock in LEAF_WEIGHTS:
        sel = [(f, y) for _, s, f, y in rows if s == stock]
        assert len(sel) > 300
        w = LEAF_WEIGHTS[stock]
        pred = [max(-CLIP, min(CLIP, sum(a * b for a, b in zip(w, f, strict=True)))) for f, _ in sel]
        ys = [y for _, y in sel]
        mean = sum(ys) / len(ys)
        r2 = 1 - sum((y - p) ** 2 for y, p in zip(ys, pred, strict=True)) / sum((y - mean) ** 2 for y in ys)
        assert r2 > 0.2, (stock, r2)
    # the search's estimate is that linear form (trump suit 0, no declaration possible)
    f = features(TRUMP, MINE, OTHER, 30, 30)
    assert value(4, MINE, OTHER) == pytest.approx(sum(a * b for a, b in zip(LEAF_WEIGHTS[4], f, strict=True)))
