"""PIMC that samples on while the best move is unsettled (``ai.pimc_search.settled``, the
expert's ``SETTLE_FACTOR``): it stops where one move is clearly best, goes on where two are
close, reads only the samples' values (reproducible, fair) and never passes its limit."""

from __future__ import annotations

from random import Random

from ai.base import make_agent
from ai.pimc_search import pimc, settled


def test_a_clear_lead_is_settled_and_a_noisy_tie_is_not():
    rng = Random(3)
    clear = [(1.0, [1.0 + rng.gauss(0, 0.3), rng.gauss(0, 0.3)]) for _ in range(40)]
    assert settled(clear, 2.0)
    noisy = [(1.0, [rng.choice((-1.0, 1.0)), rng.choice((-1.0, 1.0))]) for _ in range(40)]
    assert not settled(noisy, 2.0)


def test_moves_that_play_alike_are_settled():
    """Two cards of the same value in every sample (the nine and the ten of one suit, say) are no
    reason to sample on."""
    rows = [(1.0, [v, v, v - 1.0]) for v in (0.0, 1.0, 2.0, 3.0)]
    assert settled(rows, 2.0)


def test_weights_count_as_fewer_samples():
    """Rows weighted unevenly carry less evidence than as many even ones (the effective sample
    size), so a lead settled with even weights can be unsettled with skewed ones."""
    rng = Random(5)
    diffs = [0.35 + rng.gauss(0, 1.0) for _ in range(64)]
    even = [(1.0, [d, 0.0]) for d in diffs]
    skewed = [(100.0 if i < 4 else 0.01, [d, 0.0]) for i, d in enumerate(diffs)]
    assert settled(even, 2.0)
    assert not settled(skewed, 2.0)


def test_pimc_stops_at_its_count_when_the_best_is_clear():
    _values, used = pimc(["a", "b"], lambda r: r.random(), lambda w: {"a": 1.0 + w, "b": w},
                         Random(1), 16, settle_limit=64)
    assert used == 16


def test_pimc_samples_on_to_its_limit_while_two_moves_are_close():
    def evaluate(w: float) -> dict[str, float]:
        return {"a": 1.0 if w < 0.5 else -1.0, "b": -1.0 if w < 0.5 else 1.0}

    _values, used = pimc(["a", "b"], lambda r: r.random(), evaluate, Random(1), 16, settle_limit=64)
    assert used == 64
    # without a limit the count is all it takes, as before
    assert pimc(["a", "b"], lambda r: r.random(), evaluate, Random(1), 16)[1] == 16


def test_pimc_stops_between_the_count_and_the_limit_once_settled():
    """A lead too small to show after 16 samples shows after more: the search stops at one of the
    check points (every 8 samples past 16), before the limit."""
    def evaluate(w: float) -> dict[str, float]:
        return {"a": 0.45 + w, "b": w + (1.0 if w > 0.7 else 0.0)}

    values, used = pimc(["a", "b"], lambda r: r.random(), evaluate, Random(4), 16, settle_limit=400)
    assert 16 < used < 400 and (used - 16) % 8 == 0
    assert values["a"] > values["b"]


def test_the_same_rng_gives_the_same_samples_and_values():
    def evaluate(w: float) -> dict[str, float]:
        return {"a": w, "b": 1.0 - w, "c": 0.5}

    first = pimc(["a", "b", "c"], lambda r: r.random(), evaluate, Random(7), 8, settle_limit=32)
    again = pimc(["a", "b", "c"], lambda r: r.random(), evaluate, Random(7), 8, settle_limit=32)
    assert first == again


def test_the_benchmark_level_sets_the_factor_and_the_z():
    agent = make_agent("schnapsen", "expert-fixed-sf4-sz15", 0)
    assert agent.settle_factor == 4 and agent.settle_z == 1.5 and agent.budget_s is None
    assert make_agent("schnapsen", "expert-fixed", 0).settle_factor >= 1


def test_the_expert_samples_on_only_where_its_moves_are_close(core, monkeypatch):
    """The expert with ``settle_factor`` 4 uses its count where the best move is clear and up to
    four times it where it is not, stopping only at the check points; with factor 1 always
    exactly its count."""
    import ai.schnapsen as expert
    from ai.schnapsen import ExpertAgent
    from game.rules.schnapsen import RULES as R

    monkeypatch.setattr(expert, "CORE_SAMPLES", dict.fromkeys(range(11), 8))
    monkeypatch.setattr(expert, "CORE_CLOSED_SAMPLES", 8)
    rng = Random(41)
    used_by_factor: dict[int, list[int]] = {1: [], 4: []}
    while len(used_by_factor[4]) < 30:
        s = R.new_round(2, rng.randrange(2), rng)
        while not R.is_over(s):
            seat, legal = R.to_move(s), R.legal_moves(s)
            if len(legal) > 1 and rng.random() < 0.3:
                obs = R.observe(s, seat)
                for factor, used in used_by_factor.items():
                    agent = ExpertAgent(seat, budget_s=None, settle_factor=factor)
                    _gp, _eq, n, exact = agent.scored(obs, legal, Random(3))
                    if not exact:
                        used.append(n)
            s, _ = R.apply(s, rng.choice(legal))
    assert set(used_by_factor[1]) == {8}
    # checked after 8 samples, then every 4 more, up to 32
    assert set(used_by_factor[4]) <= {8, 12, 16, 20, 24, 28, 32}
    wide = [n for n in used_by_factor[4] if n > 8]
    assert wide and len(wide) < len(used_by_factor[4])
