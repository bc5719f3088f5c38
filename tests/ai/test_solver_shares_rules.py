"""The solver's bit-mask shortcuts agree with the rules: its deal values come from the rules'
scoring rows (``schnapsen_scoring.declared``/``undeclared``, compared here with the formulas the
solver carried before), and its follow rule on masks answers as ``tricks.legal_follow`` does on
cards (the inner loop keeps the mask form for speed; this test is what ties it to the rule)."""

from __future__ import annotations

from itertools import product
from random import Random

from ai.schnapsen_solver import DECK, IDX, Context, Phase2Solver, bits, declare_value, mask_of, pass_value
from game.cards import SUITS
from game.rules.tricks import legal_follow


def old_declare_value(ctx: Context, x: int, score_x: int, score_y: int, tricks_y: int) -> int:
    cb = ctx.closed_by
    if score_x >= 66:
        if cb < 0:
            return 3 if tricks_y == 0 else 2 if score_y < 33 else 1
        if cb == x:
            return 3 if ctx.close_tricks == 0 else 2 if ctx.close_points < 33 else 1
        return 3 if ctx.close_tricks == 0 else 2
    yt = ctx.close_tricks if cb == x else tricks_y
    return -3 if ctx.false_pagat and yt == 0 else -2


def old_pass_value(ctx: Context, w: int) -> int:
    cb = ctx.closed_by
    if cb < 0:
        return 1
    n = 3 if ctx.closed_pagat and ctx.close_tricks == 0 else 2
    return n if w != cb else -n


def test_the_solver_scores_every_ending_as_before():
    for cb, cp, ct, fp, npg in product((-1, 0, 1), (0, 20, 32, 33, 50), (0, 1, 3), (False, True), (False, True)):
        ctx = Context(0, cb, cp if cb >= 0 else -1, ct if cb >= 0 else -1, fp, npg)
        for x, sx, sy, ty in product((0, 1), (40, 65, 66, 80), (0, 32, 33, 60), (0, 1, 4)):
            assert declare_value(ctx, x, sx, sy, ty) == old_declare_value(ctx, x, sx, sy, ty)
        for w in (0, 1):
            assert pass_value(ctx, w) == old_pass_value(ctx, w)


def test_the_mask_follow_rule_answers_as_legal_follow():
    rng = Random(21)
    for _ in range(3000):
        cards = rng.sample(DECK, 6)
        led, hand = cards[0], tuple(sorted(cards[1:1 + rng.randint(1, 5)], key=lambda c: IDX[id(c)]))
        trump = rng.randrange(4)
        solver = Phase2Solver(Context(trump))
        masked = [DECK[i] for i in bits(solver.follow_cards(mask_of(hand), IDX[id(led)]))]
        assert set(masked) == set(legal_follow(hand, (led,), SUITS[trump])), (led, hand, trump)
