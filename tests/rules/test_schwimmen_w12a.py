"""W12a and its worked example W-EX13 (RULES.md): under "no passing" with "a knock needs 20", the
20-point minimum lapses after three full rounds, so a deal whose cards never make 20 still ends."""

from __future__ import annotations

from random import Random

import pytest

from game.cards import parse_cards
from game.rules.base import IllegalMove
from game.rules.events import Announced, RoundOver
from game.rules.options import SchwimmenOptions
from game.rules.schwimmen import RULES, Phase, minimum_lapsed
from game.rules.schwimmen_values import hand_value, pack
from tests.rules.test_schwimmen_helpers import mv

EX13 = SchwimmenOptions(deck="52", no_passing=True)  # knock_minimum_20 is on by default


def ex13(options: SchwimmenOptions = EX13):
    """P1 (seat 0, forehand) 4S 4H KD; P2 (seat 1, dealer) 9C 2S 3S; the middle 2H 6C 8H."""
    top = list(parse_cards("4S 4H KD 9C 2S 3S 2H 6C 8H"))
    rest = [c for c in pack(options) if c not in top]
    s = RULES.new_round(2, 1, Random(0), options, deck=top + rest)
    s, _ = RULES.apply(s, mv("keep"))  # packet B becomes the middle; not a turn
    return s


def test_w_ex13_nine_cards_never_make_20():
    s = ex13()
    cards = s.hands[0] + s.hands[1] + s.middle
    from itertools import combinations

    best = max(hand_value(three, EX13).key2 for three in combinations(cards, 3))
    assert best == 30  # 9C 6C = 15 (key2 counts half points)
    assert "shove" not in {m.kind for m in RULES.legal_moves(s)}


def test_w_ex13_knock_is_legal_from_turn_7_and_the_deal_ends():
    s = ex13()
    events_seen = []
    for turn in range(1, 7):  # turns 1..6: swaps only
        legal = RULES.legal_moves(s)
        assert {m.kind for m in legal} <= {"swap", "swapall"}, f"turn {turn}"
        with pytest.raises(IllegalMove):
            RULES.apply(s, mv("knock"))
        # any swap: these nine cards never make 20, and no new card comes in
        s, ev = RULES.apply(s, legal[0])
        events_seen.extend(ev)
        assert s.phase is Phase.TURN
    assert s.turns == 6 and minimum_lapsed(s)
    assert RULES.to_move(s) == 0  # P1's fourth turn
    announced = [e for e in events_seen if isinstance(e, Announced) and e.text == "any_knock"]
    assert announced == [Announced(0, "any_knock")]  # said once, when it happens
    assert mv("knock") in RULES.legal_moves(s)
    s, _ = RULES.apply(s, mv("knock"))
    assert RULES.to_move(s) == 1  # P2 takes the final turn
    assert mv("knock") not in RULES.legal_moves(s)
    s, ev = RULES.apply(s, RULES.legal_moves(s)[0])
    assert RULES.is_over(s) and s.ended_by == "knock"
    assert any(isinstance(e, RoundOver) for e in ev)  # the showdown (W10) follows


@pytest.mark.parametrize("options", [SchwimmenOptions(deck="52"),  # passing allowed: W12 can end it
                                     SchwimmenOptions(deck="52", no_passing=True, knock_minimum_20=False)])
def test_w12a_needs_both_options(options):
    s = ex13(options)
    for _ in range(8):
        s, _ = RULES.apply(s, next(m for m in RULES.legal_moves(s) if m.kind == "swap"))
        if RULES.is_over(s):
            break
    assert not minimum_lapsed(s)
    if options.knock_minimum_20:
        assert mv("knock") not in RULES.legal_moves(s) and mv("shove") in RULES.legal_moves(s)


def test_w12a_counts_turns_of_active_seats():
    """n is the number of active players: three seats, one eliminated, lapse after 6 turns."""
    opts = EX13
    s = RULES.new_round(3, 2, Random(5), opts, active=(True, False, True), lives=(1, 0, 2))
    s, _ = RULES.apply(s, mv("keep"))
    turns = 0
    while not RULES.is_over(s) and not minimum_lapsed(s):
        s, _ = RULES.apply(s, next(m for m in RULES.legal_moves(s) if m.kind in ("swap", "swapall")))
        turns += 1
    assert RULES.is_over(s) or turns == 6
