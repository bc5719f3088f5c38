"""PIMC that leaves clearly worse moves out of its settling samples (``ai.pimc_search.pimc``'s
``drop_z``, the expert's ``DROP_Z``): a move far behind the best is no longer searched, keeps the
average it had, and the search goes on between the moves still in doubt; the compiled search
values only the moves it is asked for, each exactly as when it values all."""

from __future__ import annotations

from random import Random

from ai.base import make_agent
from ai.pimc_search import pimc, trailing
from ai.schnapsen_exact import exact_values
from ai.schnapsen_solver import World
from tests.ai.test_core_options import positions


def test_trailing_names_the_columns_far_behind_the_best():
    rng = Random(2)
    rows = [(1.0, [x + 1.0, x + rng.gauss(0, 0.2), x - 1.0 + rng.gauss(0, 0.2), x + 1.0 - 1e-3])
            for x in (rng.gauss(0, 1) for _ in range(40))]
    # column 2 is a point behind with little noise; 1 is behind too; 3 trails by the same tiny
    # difference in every row, which is certain, so it goes as well
    assert trailing(rows, 3.0) == {1, 2, 3}
    close = [(1.0, [rng.choice((-1.0, 1.0)), rng.choice((-1.0, 1.0))]) for _ in range(40)]
    assert trailing(close, 3.0) == set()


def test_a_dropped_move_is_no_longer_evaluated_and_keeps_its_average():
    asked: list[frozenset[str]] = []
    focus_now: list[frozenset[str] | None] = [None]

    def evaluate(w: float) -> dict[str, float]:
        keys = focus_now[0] or frozenset("abc")
        asked.append(keys)
        # a and b are close (a noisy tie), c is far behind
        vals = {"a": 1.0 if w < 0.5 else -1.0, "b": -1.0 if w < 0.5 else 1.0, "c": -3.0 + w}
        return {k: v for k, v in vals.items() if k in keys}

    def focus(keys: frozenset[str]) -> None:
        focus_now[0] = keys

    values, used = pimc(["a", "b", "c"], lambda r: r.random(), evaluate, Random(1), 16,
                        settle_limit=64, drop_z=3.0, focus=focus)
    assert used == 64  # a and b stay in doubt to the limit
    assert asked[:16] == [frozenset("abc")] * 16
    assert set(asked[16:]) == {frozenset("ab")}
    # c's average is that of the 16 samples it was valued on, not pulled to -10 by the others
    first16 = Random(1)
    ws = [first16.random() for _ in range(16)]
    assert abs(values["c"] - sum(-3.0 + w for w in ws) / 16) < 1e-12


def test_dropping_keeps_the_choice_and_the_values_of_the_moves_left():
    """The same samples with and without dropping: the moves never dropped have the same averages,
    and the best is the same."""
    def evaluate(w: float) -> dict[str, float]:
        return {"a": 0.3 + w, "b": w + (1.0 if w > 0.7 else 0.0), "c": w - 2.0, "d": -w}

    plain, n1 = pimc(list("abcd"), lambda r: r.random(), evaluate, Random(9), 16, settle_limit=128)
    dropped, n2 = pimc(list("abcd"), lambda r: r.random(), evaluate, Random(9), 16, settle_limit=128,
                       drop_z=3.0)
    assert n1 == n2
    assert max(plain, key=plain.__getitem__) == max(dropped, key=dropped.__getitem__)
    for k in "ab":
        assert abs(plain[k] - dropped[k]) < 1e-12


def test_the_core_values_only_the_moves_asked_for_each_as_before(core):
    worlds: list[World] = []
    for size in (10, 8, 6, 4, 2):
        worlds += positions(70 + size, 3, lambda w, s=size: w.ctx.closed_by < 0 and len(w.stock) == s)
    worlds += positions(79, 3, lambda w: w.ctx.closed_by >= 0)
    rng = Random(4)
    for w in worlds:
        # the whole stock order a chance node only where the expert asks for it (4 cards or fewer)
        for chance in (0, 1) if len(w.stock) <= 4 else (0,):
            full = exact_values(w, core, chance)
            some = frozenset(k for k in full if rng.random() < 0.5) or frozenset(list(full)[:1])
            part = exact_values(w, core, chance, only=some)
            assert part == {k: v for k, v in full.items() if k in some}, (w, chance, some)


def test_the_benchmark_level_sets_the_drop():
    assert make_agent("schnapsen", "expert-fixed-dz30", 0).drop_z == 3.0
    assert make_agent("schnapsen", "expert-fixed-dz30-sf16", 0).settle_factor == 16


def test_the_expert_with_dropping_plays_its_deals_through(core):
    """A few whole deals of the expert dropping moves against the partner: every move legal (the
    arena refuses others), the same moves from the same randomness."""
    from ai.arena import run_pair

    first = run_pair(("schnapsen", 2, "expert-fixed-dz30-sf2", "sparring-8", "deals", 5, 0))
    again = run_pair(("schnapsen", 2, "expert-fixed-dz30-sf2", "sparring-8", "deals", 5, 0))
    assert [o.gp for o in first] == [o.gp for o in again]
    assert all(o.deals == 1 for o in first)
