"""The bitmask solver, card tracking and sampling against the real Schnapsen engine."""

from __future__ import annotations

from random import Random

from ai.schnapsen_determinize import sample_world
from ai.schnapsen_knowledge import schnapsen_knowledge
from ai.schnapsen_solver import Context, declare_value, mask_of, pass_value, phase2_values, world_from_state
from game.rules.schnapsen import RULES as R


def engine_values(s, memo):
    """Independent brute force over the engine's apply/result: value of every legal move."""
    me = R.to_move(s)
    out = {}
    for m in R.legal_moves(s):
        n, _ = R.apply(s, m)
        if R.is_over(n):
            p = R.result(n).points
            v = p[me] - p[1 - me]
        else:
            # ids of the canonical card instances: hashing Card values is slow
            key = (n.phase, n.to_act, tuple(map(id, n.hands[0])), tuple(map(id, n.hands[1])),
                   tuple(map(id, n.trick)), n.tally.card_points, n.tally.tricks, n.specials.meld_points, n.melded)
            if key not in memo:
                memo[key] = max(engine_values(n, memo).values())
            v = memo[key] if R.to_move(n) == me else -memo[key]
        out[str(m)] = v
    return out


def random_positions(seed, count, pred, close_weight=1.0):
    """Positions where ``pred`` holds, from random playouts; ``close_weight`` < 1 makes the random
    players close less often than uniformly (more deals reach the exhausted stock)."""
    rng = Random(seed)
    found = []
    while len(found) < count:
        s = R.new_round(2, rng.randrange(2), rng)
        stop = rng.random()
        while not R.is_over(s):
            if pred(s) and rng.random() < stop:
                found.append(s)
                break
            legal = R.legal_moves(s)
            if rng.random() > close_weight:
                legal = tuple(x for x in legal if x.kind != "close") or legal
            s, _ = R.apply(s, rng.choice(legal))
    return found


def test_phase2_values_equal_brute_force_for_every_move():
    for s in random_positions(11, 150, lambda s: s.strict):
        assert phase2_values(world_from_state(s)) == engine_values(s, {})


def test_declare_values_follow_the_scoring_table():
    open_ctx = Context(trump=0)
    assert declare_value(open_ctx, 0, 70, 32, 1) == 2  # S-EX8
    assert declare_value(open_ctx, 0, 70, 33, 1) == 1
    assert declare_value(open_ctx, 0, 66, 0, 0) == 3  # S-EX7
    assert declare_value(open_ctx, 0, 53, 0, 0) == -2
    closed_by_me = Context(trump=0, closed_by=0, close_points=24, close_tricks=1)
    assert declare_value(closed_by_me, 0, 70, 45, 2) == 2  # S-EX9: frozen at the closing
    assert declare_value(closed_by_me, 1, 66, 40, 3) == 2  # row 3
    assert pass_value(closed_by_me, 0) == -2 and pass_value(closed_by_me, 1) == 2  # row 5
    assert pass_value(open_ctx, 1) == 1  # row 6


def test_knowledge_reconstructs_scores_closing_values_and_voids():
    for s in random_positions(12, 300, lambda s: R.to_move(s) is not None):
        seat = R.to_move(s)
        k = schnapsen_knowledge(R.observe(s, seat))
        assert k.score(seat) == s.score(seat)
        assert k.score(1 - seat) == s.score(1 - seat)
        assert k.ctx.closed_by == s.specials.closed_by
        if s.specials.closed_by >= 0:
            assert (k.ctx.close_points, k.ctx.close_tricks) == (s.specials.close_points, s.specials.close_tricks)
        opp = mask_of(s.hands[1 - seat])
        assert opp & k.opp_cannot == 0, "a deduced void contradicts the real hand"
        assert opp & ~k.opp_possible == 0


def test_samples_are_consistent_with_the_observation():
    rng = Random(3)
    for s in random_positions(13, 200, lambda s: R.to_move(s) is not None and s.phase.name != "FINAL"):
        seat = R.to_move(s)
        k = schnapsen_knowledge(R.observe(s, seat))
        w = sample_world(k, rng)
        opp = w.hands[1 - seat]
        assert w.hands[seat] == mask_of(s.hands[seat])
        assert bin(opp).count("1") == len(s.hands[1 - seat])
        assert opp & k.opp_known == k.opp_known and opp & k.opp_cannot == 0
        assert opp & (k.played | k.hand) == 0
        if not s.strict:
            assert len(w.stock) == len(s.stock) and w.stock[-1] == mask_of(s.stock[-1:]).bit_length() - 1
            everything = w.hands[0] | w.hands[1] | k.played | mask_of([]) | sum(1 << c for c in w.stock)
            assert everything == (1 << 20) - 1
