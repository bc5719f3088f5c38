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
from ai.schnapsen_exact import exact_values
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
    chance mode, larger stocks and closed deals with the sample's order."""
    seen: list[tuple[int, bool]] = []
    real = schnapsen.exact_values

    def spy(w, c=None, chance=False):  # type: ignore[no-untyped-def]
        seen.append((len(w.stock) if w.ctx.closed_by < 0 else 0, chance))
        return real(w, c, chance)

    monkeypatch.setattr(schnapsen, "exact_values", spy)
    agent = ExpertAgent(0, budget_s=None, max_samples=4)
    rng = Random(46)
    s = R.new_round(2, 0, rng)
    while not R.is_over(s):
        legal = R.legal_moves(s)
        if s.to_act == 0 and len(legal) > 1:
            agent.choose(R.observe(s, 0), legal, rng)
        s, _ = R.apply(s, rng.choice(tuple(x for x in legal if x.kind == "play") or legal))
    chance_sizes = {n for n, chance in seen if chance}
    plain_sizes = {n for n, chance in seen if not chance}
    assert chance_sizes and max(chance_sizes) <= schnapsen.CHANCE_STOCK
    assert any(n > schnapsen.CHANCE_STOCK for n in plain_sizes)
