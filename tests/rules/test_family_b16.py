"""B16, the Normal game's score, in every combination, in both games (issue 22).

Matrix: the declaration is correct or false x the side the tier is computed from (the other side
for a correct declaration, the declaring side for a false one) has no trick / a trick but under 33 /
33 or more x ``marriage_needs_trick`` on or off x Bauern- and Dreierschnapsen.

With the option off a side can hold a credited marriage without a trick.  B16 lists its tiers
in the order "33 or more -> 1 GP; a trick but under 33 -> 2; no trick -> 3", so a side holding 40
without a trick counts as "33 or more" (1 GP), and 20 without a trick as "no trick" (3 GP, A-B10).

Positions are built after some tricks (tests/rules/test_bauernschnapsen_helpers.position); the
declaration itself and every score go through ``legal_moves``/``apply``/``result``.
Bauern: dealer seat 3, forehand seat 0 declares the Normal game; teams A = seats 0+2, B = 1+3.
Dreier: dealer seat 2, forehand seat 0 is the declarer; defenders are seats 1 and 2.
"""

from __future__ import annotations

from dataclasses import replace
from random import Random

import pytest

from game.cards import Suit, deck20, parse_cards
from game.rules import registry
from game.rules.base import parse_move
from game.rules.family_state import evolve
from tests.rules.test_bauernschnapsen_helpers import position

A_WINS = (1, 0, 1, 0)  # Bauern: team A (seats 0, 2) scores; multiply by the GP
B_WINS = (0, 1, 0, 1)
DECL_WINS = (1, 0, 0)  # Dreier: the declarer alone
DEF_WINS = (0, 1, 1)  # Dreier: each defender

# (case, game, tricks (winner, cards), meld (seat, suit, points) or None, declaring seat,
#  meld-and-declare at the first lead?, expected GP with the option on, with it off, who scores)
CASES = [
    # --- Bauernschnapsen: correct declarations by team B (seat 1), tier from team A ---
    ("B correct, other side no trick", "bauernschnapsen",
     [(3, "AS TS AH TH"), (1, "AD TD AC TC")], None, 1, False, 3, 3, B_WINS),
    ("B correct, other side no trick but a 40", "bauernschnapsen",
     [(3, "KH AH AS TS"), (1, "AD TD AC TC")], (0, "H", 40), 1, False, 3, 1, B_WINS),
    ("B correct, other side no trick but a 20", "bauernschnapsen",
     [(3, "KS AH AS TS"), (1, "AD TD AC TC")], (0, "S", 20), 1, False, 3, 3, B_WINS),
    ("B correct, other side a trick under 33", "bauernschnapsen",
     [(0, "JS JH JD JC"), (3, "AS TS AH TH"), (1, "AD TD AC TC")], None, 1, False, 2, 2, B_WINS),
    ("B correct, other side a trick and a 20, under 33", "bauernschnapsen",
     [(0, "JS JH JD JC"), (3, "AS TS AH TH"), (1, "AD TD AC TC")], (0, "S", 20), 1, False, 2, 2, B_WINS),
    ("B correct, other side 33 or more", "bauernschnapsen",
     [(0, "AD TD AC TC"), (3, "AS TS AH TH"), (3, "KD QD KC QC"), (1, "KS QS KH QH")], None, 1, False,
     1, 1, B_WINS),
    # --- Bauernschnapsen: false declarations by team A (seat 0), tier from team A ---
    ("B false, no trick, with a 40", "bauernschnapsen", [], (0, "H", 40), 0, True, 3, 1, B_WINS),
    ("B false, no trick, with a 20", "bauernschnapsen", [], (0, "S", 20), 0, True, 3, 3, B_WINS),
    ("B false, a trick under 33", "bauernschnapsen", [(0, "JS JH JD JC")], None, 0, False, 2, 2, B_WINS),
    ("B false, 33 or more", "bauernschnapsen", [(0, "AS TS AH TH")], None, 0, False, 1, 1, B_WINS),
    # --- Dreierschnapsen: correct declarations by a defender (seat 1), tier from the declarer ---
    ("D correct, other side no trick", "dreierschnapsen",
     [(2, "AS TS AH"), (1, "TH AD TD"), (1, "AC TC KC")], None, 1, False, 3, 3, DEF_WINS),
    ("D correct, other side no trick but a 40", "dreierschnapsen",
     [(2, "KH AS AH"), (1, "TS AD TD"), (1, "AC TC KC")], (0, "H", 40), 1, False, 3, 1, DEF_WINS),
    ("D correct, other side no trick but a 20", "dreierschnapsen",
     [(2, "KS AS AH"), (1, "TS AD TD"), (1, "AC TC KC")], (0, "S", 20), 1, False, 3, 3, DEF_WINS),
    ("D correct, other side a trick under 33", "dreierschnapsen",
     [(0, "JS JH JD"), (2, "AS TS AH"), (1, "TH AD TD"), (1, "AC TC KC")], None, 1, False, 2, 2, DEF_WINS),
    ("D correct, other side 33 or more", "dreierschnapsen",
     [(0, "AC TC KC"), (0, "QC JC KD"), (2, "AS TS AH"), (1, "TH AD TD"), (1, "KH QH KS")], None, 1, False,
     1, 1, DEF_WINS),
    # --- Dreierschnapsen: false declarations by the declarer (seat 0) ---
    ("D false, no trick, with a 40", "dreierschnapsen", [], (0, "H", 40), 0, True, 3, 1, DEF_WINS),
    ("D false, no trick, with a 20", "dreierschnapsen", [], (0, "S", 20), 0, True, 3, 3, DEF_WINS),
    ("D false, a trick under 33", "dreierschnapsen", [(0, "JS JH JD")], None, 0, False, 2, 2, DEF_WINS),
    ("D false, 33 or more", "dreierschnapsen", [(0, "AS TS AH"), (0, "JS JH JD")], None, 0, False,
     1, 1, DEF_WINS),
]


def _hands(n: int, used: str, melder_suit: str | None) -> list[str]:
    """Deal the cards not in any trick round the table; seat 0 gets the marriage if it melds."""
    taken = set(parse_cards(used))
    rest = [c for c in deck20() if c not in taken]
    hands: list[list[str]] = [[] for _ in range(n)]
    if melder_suit:
        pair = [c for c in rest if c.suit is Suit.parse(melder_suit) and str(c)[0] in "KQ"]
        hands[0] += [str(c) for c in pair]
        rest = [c for c in rest if c not in pair]
    for i, c in enumerate(rest):
        hands[i % n].append(str(c))
    return [" ".join(h) for h in hands]


@pytest.mark.parametrize("needs_trick", [True, False], ids=["marriageNeedsTrick on", "off"])
@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_b16_normal_game_score(case, needs_trick):
    name, game, tricks, meld, declarer, at_first_lead, gp_on, gp_off, winners = case
    rules = registry.get(game)
    n = rules.max_players
    options = replace(rules.new_round(n, n - 1, Random(0)).options, marriage_needs_trick=needs_trick)
    used = " ".join(cards for _, cards in tricks)
    melder_suit = meld[1] if meld and at_first_lead else None
    s = position(rules, contract="normal", declarer=0, trump="H",
                 hands=_hands(rules.max_players, used, melder_suit), tricks=tricks,
                 turn=tricks[-1][0] if tricks else 0, options=options)
    assert s.turn == declarer
    if meld and at_first_lead:
        s, _ = rules.apply(s, parse_move(f"meld {meld[1]}"))
    elif meld:
        s = evolve(s, melds=((meld[0], Suit.parse(meld[1]), meld[2]),))
    assert parse_move("declare") in rules.legal_moves(s)
    s, _ = rules.apply(s, parse_move("declare"))
    res = rules.result(s)
    gp = gp_on if needs_trick else gp_off
    assert res.points == tuple(gp * w for w in winners), (name, res.reason)


def test_b16_a_correct_declaration_scores_even_when_the_other_side_has_more():
    """B16: X scores if X >= 66 even when Y's total is higher (only possible with a marriage)."""
    rules = registry.get("bauernschnapsen")
    options = replace(rules.new_round(4, 3, Random(0)).options, marriage_needs_trick=False)
    tricks = [(0, "AD TD AC TC"), (3, "AS TS AH TH"), (3, "KS QS JS JH"), (1, "KH QD KC QC")]
    s = position(rules, contract="normal", declarer=0, trump="H",
                 hands=_hands(4, " ".join(c for _, c in tricks), None), tricks=tricks, turn=1, options=options)
    s = evolve(s, melds=((0, Suit.HEARTS, 40),))  # team A: 42 + 40 = 82; team B: 42 + 11 + 14 = 67
    s, _ = rules.apply(s, parse_move("declare"))
    assert rules.result(s).points == (0, 1, 0, 1)  # B declared correctly and scores; A had >= 33
