"""The exact search with the stock order unknown to both seats (``exact_values(chance=True)``).

Plain PIMC gives both seats the sample's stock order, so every answer of phase 1 is chosen
knowing what each seat will draw.  In chance mode only the hands are known: each draw counts every
ordered pair of face-down cards (the winner's, the loser's) alike.  The C core's values must equal
the pure-Python reference (``DealSearch(chance=True)``) and, where the draw is the last unknown,
the average of the known-order values over every order of the face-down cards.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import permutations
from random import Random

import pytest

from ai import schnapsen
from ai.schnapsen import ExpertAgent
from ai.schnapsen_exact import FIRST_DRAW, exact_values
from ai.schnapsen_solver import World, world_from_state
from game.rules.schnapsen import RULES as R


def open_positions(seed: int, count: int, stock_sizes: tuple[int, ...]) -> list[World]:
    """Positions of random deals with the stock open and one of ``stock_sizes`` cards in it."""
    rng = Random(seed)
    found: list[World] = []
    while len(found) < count:
        s = R.new_round(2, rng.randrange(2), rng)
        while not R.is_over(s):
            w = world_from_state(s)
            if len(w.stock) in stock_sizes and w.ctx.closed_by < 0 and w.stage != "final" and rng.random() < 0.5:
                found.append(w)
                break
            legal = tuple(x for x in R.legal_moves(s) if x.kind != "close") or R.legal_moves(s)
            s, _ = R.apply(s, rng.choice(legal))
    return found


def test_chance_values_of_the_c_core_equal_the_python_reference(core):
    """Every legal move, lead and follow, at four and two stock cards (the Python reference is
    too slow for many positions at six)."""
    stages = set()
    for w in open_positions(41, 40, (2, 4)):
        got = exact_values(w, core, chance=True)
        want = exact_values(w, None, chance=True)
        assert set(got) == set(want)
        for key, v in want.items():
            assert got[key] == pytest.approx(v, abs=1e-9), (w, key)
        stages.add((w.stage, len(w.stock)))
    assert len(stages) == 4, stages


def test_chance_values_at_six_stock_cards_equal_the_python_reference(core):
    for w in open_positions(42, 3, (6,)):
        got = exact_values(w, core, chance=True)
        want = exact_values(w, None, chance=True)
        assert got == pytest.approx(want, abs=1e-9)


def test_an_answer_before_the_last_unknown_draw_is_worth_the_average_over_the_stock_orders(core):
    """At four stock cards the follower's answer is the last decision before the draw; after it
    only one face-down card is left, and its owner is fixed by the draw.  So the chance value of
    each answer is exactly the mean of the known-order values over the six orders of the three
    face-down cards, while the known-order values themselves differ from order to order."""
    differs = 0
    for w in open_positions(43, 30, (4,)):
        if w.stage != "follow":
            continue
        got = exact_values(w, core, chance=True)
        down, turnup = w.stock[:-1], w.stock[-1]
        per_order = [exact_values(replace(w, stock=tuple(p) + (turnup,)), core) for p in permutations(down)]
        for key, v in got.items():
            values = [vals[key] for vals in per_order]
            assert v == pytest.approx(sum(values) / len(values), abs=1e-9)
            differs += len(set(values)) > 1
    assert differs > 0


def test_two_stock_cards_leave_nothing_to_chance(core):
    """With one face-down card and the turn-up the draw is fixed by who wins the trick."""
    for w in open_positions(44, 20, (2,)):
        assert exact_values(w, core, chance=True) == exact_values(w, core)


def test_chance_values_do_not_depend_on_the_sampled_order_nor_on_the_kept_table(core):
    """Only the set of face-down cards matters, and the table kept from one setup to the next
    (with chance: every deal of the same stock size and turn-up) never changes a value beyond the
    float precision the table stores its bounds in."""
    other = open_positions(47, 1, (2,))[0]  # another stock size: the table starts afresh
    rng = Random(45)
    for w in open_positions(45, 12, (4, 6)):
        kept = exact_values(w, core, chance=True)
        down = list(w.stock[:-1])
        rng.shuffle(down)
        shuffled = exact_values(replace(w, stock=tuple(down) + w.stock[-1:]), core, chance=True)
        exact_values(other, core, chance=True)
        fresh = exact_values(w, core, chance=True)
        # the table stores its bounds as floats: values agree to float precision
        assert kept == pytest.approx(shuffled, abs=1e-6) and kept == pytest.approx(fresh, abs=1e-6)


def test_the_expert_solves_its_samples_with_chance_from_chance_stock_down(core, monkeypatch):
    """With the core, samples of an open stock of ``CHANCE_STOCK`` cards or fewer are solved in
    chance mode, at ``FIRST_DRAW_STOCKS`` with the next draw a chance node, larger stocks and
    closed deals with the sample's order."""
    seen: list[tuple[int, int]] = []
    real = schnapsen.exact_values

    def spy(w, c=None, chance=False, first_draws=(), close_penalty=0.0,  # type: ignore[no-untyped-def]
            own_close_penalty=0.0, only=None, lead_charge=()):
        seen.append((len(w.stock) if w.ctx.closed_by < 0 else 0, chance))
        return real(w, c, chance, first_draws, close_penalty=close_penalty,
                    own_close_penalty=own_close_penalty, only=only, lead_charge=lead_charge)

    monkeypatch.setattr(schnapsen, "exact_values", spy)
    agent = ExpertAgent(0, budget_s=None, max_samples=4)
    rng = Random(46)
    s = R.new_round(2, 0, rng)
    while not R.is_over(s):
        legal = R.legal_moves(s)
        if s.to_act == 0 and len(legal) > 1:
            agent.choose(R.observe(s, 0), legal, rng)
        s, _ = R.apply(s, rng.choice(tuple(x for x in legal if x.kind == "play") or legal))
    chance_sizes = {n for n, chance in seen if chance and chance != FIRST_DRAW}
    first_sizes = {n for n, chance in seen if chance == FIRST_DRAW}
    plain_sizes = {n for n, chance in seen if not chance}
    assert chance_sizes and max(chance_sizes) <= schnapsen.CHANCE_STOCK
    assert first_sizes and first_sizes <= schnapsen.FIRST_DRAW_STOCKS
    assert any(n > schnapsen.CHANCE_STOCK and n not in schnapsen.FIRST_DRAW_STOCKS for n in plain_sizes)


def _order_after(w: World, x: int, y: int) -> World:
    """Sample ``w`` with its stock reordered so that the next draw gives ``x`` to the trick's
    winner and ``y`` to the loser, the other face-down cards in their order."""
    down, turnup = w.stock[:-1], w.stock[-1]
    rest = tuple(c for c in down if c not in (x, y))
    return replace(w, stock=(x, y) + rest + (turnup,))


def test_first_draw_answers_are_worth_the_average_over_the_next_draw(core):
    """FIRST_DRAW: only the next draw is unknown, the later ones follow the sample's order among
    the cards left.  At six stock cards the follower's answer is the last decision before that
    draw, so its value is the mean, over every ordered pair of face-down cards, of the
    known-order value with that pair on top and the rest in the sample's order.  And it is not
    the sample's known-order value (the answer would then know the draw)."""
    checked = differs = 0
    for w in open_positions(44, 24, (6,)):
        if w.stage != "follow":
            continue
        got = exact_values(w, core, chance=FIRST_DRAW)
        down = w.stock[:-1]
        pairs = [(x, y) for x in down for y in down if x != y]
        per_pair = [exact_values(_order_after(w, x, y), core) for x, y in pairs]
        known = exact_values(w, core)
        for key, v in got.items():
            assert v == pytest.approx(sum(vals[key] for vals in per_pair) / len(pairs), abs=1e-9)
            differs += v != pytest.approx(known[key], abs=1e-9)
        checked += 1
    assert checked >= 3 and differs > 0


def test_first_draw_with_given_outcomes_counts_only_those(core):
    """With the outcomes given, the draw averages over them alone: the sample's own draw alone
    gives the known-order values exactly; two pairs give the mean of their two orders (every
    legal move, leads too)."""
    stages = set()
    for w in open_positions(45, 16, (6, 8)):
        down = w.stock[:-1]
        own = exact_values(w, core, chance=FIRST_DRAW, first_draws=[(down[0], down[1])])
        assert own == pytest.approx(exact_values(w, core), abs=1e-9)
        two = [(down[0], down[1]), (down[2], down[1])]
        got = exact_values(w, core, chance=FIRST_DRAW, first_draws=two)
        each = [exact_values(_order_after(w, x, y), core) for x, y in two]
        if w.stage == "follow":
            for key, v in got.items():
                assert v == pytest.approx((each[0][key] + each[1][key]) / 2, abs=1e-9)
        else:  # a lead is worth its worst answer's average, at most the worst of the averages
            for key, v in got.items():
                assert min(each[0][key], each[1][key]) - 1e-9 <= v
        stages.add(w.stage)
    assert stages == {"lead", "follow"}


def test_the_expert_draws_its_first_draw_outcomes_from_the_sample():
    w = open_positions(46, 1, (8,))[0]
    pairs = schnapsen.first_draws(w)
    down = w.stock[:-1]
    assert pairs[0] == (down[0], down[1])
    assert len(pairs) == schnapsen.FIRST_DRAWS and len(set(pairs)) == len(pairs)
    assert all(x in down and y in down and x != y for x, y in pairs)
