"""hand_value over every 3-card hand of the 32-card pack against a brute-force formulation."""

from __future__ import annotations

from itertools import combinations

import pytest

from game.cards import deck32, deck52
from game.rules.options import SchwimmenOptions
from game.rules.schwimmen_values import hand_value

POINTS = {"A": 11, "K": 10, "Q": 10, "J": 10, "T": 10}
ORDER = "23456789TJQKA"  # W3 order, low to high (10 below the jack here)


def brute(hand: tuple[str, ...], feuer: bool = True, mixed: bool = False) -> tuple[float, int]:
    """W4 written independently: work on the text of the cards, try every grouping."""
    ranks = [c[0] for c in hand]
    if len(set(ranks)) == 1:
        if ranks[0] == "A" and feuer:
            return (32.0, 0)
        return (30.5, ORDER.index(ranks[0]) + 2)
    pts = [POINTS.get(c[0]) or int(c[0]) for c in hand]
    best = 0
    for suit in "SHDC":
        best = max(best, sum(p for p, c in zip(pts, hand, strict=True) if c[1] == suit))
    if mixed:
        for r in set(ranks):
            best = max(best, sum(p for p, c in zip(pts, hand, strict=True) if c[0] == r))
    return (float(min(best, 31)), 0)


@pytest.mark.parametrize(("feuer", "mixed"), [(True, False), (False, False), (True, True)])
def test_every_hand_of_the_32_card_pack(feuer: bool, mixed: bool) -> None:
    opts = SchwimmenOptions(feuer=feuer, mixed_rank_scoring=mixed)
    hands = list(combinations(deck32(), 3))
    assert len(hands) == 4960
    got = [hand_value(h, opts) for h in hands]
    want = [brute(tuple(str(c) for c in h), feuer, mixed) for h in hands]
    for h, g, w in zip(hands, got, want, strict=True):
        assert (g.value, g.tiebreak) == w, h
    # The order of the keys is the order of the brute-force values, pair by pair (sampled).
    for i in range(0, 4960, 7):
        for j in range(3, 4960, 97):
            assert (got[i] < got[j]) == (want[i] < want[j])
            assert (got[i] == got[j]) == (want[i] == want[j])


def test_value_range_and_gaps_of_the_32_card_pack() -> None:
    values = {hand_value(h).value for h in combinations(deck32(), 3)}
    plain = {v for v in values if v <= 31}
    assert min(plain) == 8 and max(plain) == 31
    assert not plain & {12.0, 13.0, 14.0, 22.0, 23.0}


def test_52_card_pack_low_cards() -> None:
    hands = list(combinations(deck52(), 3))[::37]
    for h in hands:
        g = hand_value(h)
        assert (g.value, g.tiebreak) == brute(tuple(str(c) for c in h))


def test_labels() -> None:
    from game.cards import parse_cards

    assert hand_value(parse_cards("7D 7H 7S")).label == "30.5"
    assert hand_value(parse_cards("AD KD TD")).label == "31"
    assert hand_value(parse_cards("AS AH AC")).label == "Feuer"
    with pytest.raises(ValueError):
        hand_value(parse_cards("AS AH"))
