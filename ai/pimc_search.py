"""Game-independent search helpers: perfect-information Monte Carlo (PIMC) with a time budget.

PIMC samples hidden states consistent with what a seat knows (``sample(rng)``), scores every
candidate move in each sample with a perfect-information evaluator (``evaluate(world)``, e.g.
the Schnapsen alpha-beta solver of ``ai.schnapsen_solver``) and plays the move with the best
average.  The number of samples is fixed so that a decision depends only on the observation and
the rng (fairness); the time budget is a safety net that stops early on a slow machine.

With ``settle_limit`` above ``samples`` the search goes on past ``samples`` while the best move
is not yet settled (``settled``): more samples where two moves are close, none wasted where
one move is clearly best.  The stopping rule reads only the samples' values, so the decision
still depends only on the observation and the rng.

With ``drop_z`` as well, a key that trails the best by ``drop_z`` standard errors at a check is
no longer evaluated (successive elimination): the settling samples go on only between the keys
still in doubt, and ``focus`` tells the evaluator which keys those are, so it can skip the rest.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from random import Random
from typing import TypeVar

W = TypeVar("W")


def pimc(
    keys: Sequence[str],
    sample: Callable[[Random], W],
    evaluate: Callable[[W], dict[str, float]],
    rng: Random,
    samples: int,
    budget_s: float | None = None,
    min_samples: int = 4,
    weigh: Callable[[W], float] | None = None,
    settle_limit: int = 0,
    settle_z: float = 2.0,
    drop_z: float = 0.0,
    focus: Callable[[frozenset[str]], None] | None = None,
) -> tuple[dict[str, float], int]:
    """Average value of each key over up to ``samples`` sampled worlds, and how many were used.

    With ``weigh`` each world counts by its weight (how likely it is given what the seat saw)
    in a weighted average.  Keys an evaluator does not report count as very bad (-10) in that
    sample.  With ``settle_limit`` > ``samples``, after ``samples`` worlds and then every half
    of ``samples`` more, it stops once the best key is settled (``settled`` with ``settle_z``),
    at ``settle_limit`` worlds at most.  With ``drop_z`` > 0 as well, at each of those checks
    the keys that trail the best by ``drop_z`` standard errors (``trailing``) are dropped: they
    keep the average of the worlds they were valued on, later worlds value only the keys left,
    and ``focus`` (if given) is told the keys left each time they change."""
    start = time.perf_counter()
    totals = dict.fromkeys(keys, 0.0)
    weights = dict.fromkeys(keys, 0.0)
    active = list(keys)
    n = 0
    limit = max(samples, settle_limit)
    step = max(1, samples // 2)
    rows: list[tuple[float, list[float]]] | None = [] if limit > samples and len(keys) > 1 else None
    while n < limit:
        world = sample(rng)
        wt = 1.0 if weigh is None else weigh(world)
        vals = evaluate(world)
        row = [vals.get(k, -10.0) for k in active]
        for k, v in zip(active, row, strict=True):
            totals[k] += wt * v
            weights[k] += wt
        n += 1
        if rows is not None:
            rows.append((wt, row))
        if budget_s is not None and n >= min_samples and time.perf_counter() - start > budget_s:
            break
        if n < samples:
            continue
        if rows is None:
            break
        if (n - samples) % step:
            continue
        # one pass over the rows for both tests: the keys left keep their gaps to the best
        gaps = _paired_gaps(rows)
        if drop_z > 0.0 and n < limit:
            dropped = _trailing(gaps, drop_z)
            if dropped:
                keep = [j for j in range(len(active)) if j not in dropped]
                active = [active[j] for j in keep]
                rows = [(w, [r[j] for j in keep]) for w, r in rows]
                gaps = [g for g in gaps if g[0] not in dropped]
                if focus is not None:
                    focus(frozenset(active))
        if _settled(gaps, settle_z):
            break
    return {k: v / (weights[k] or 1.0) for k, v in totals.items()}, n


def _paired_gaps(rows: Sequence[tuple[float, Sequence[float]]]) -> list[tuple[int, float, float, float]]:
    """For each column but the best of ``rows`` (weight, one value per key): its index, the
    weighted mean of the paired differences (best minus it), their weighted variance, and that
    over the effective sample size less one (the square of the standard error).  The effective sample
    size of weighted rows is (sum w)^2 / sum w^2.  Empty when the weights sum to nothing."""
    w_sum = sum(w for w, _ in rows)
    if w_sum <= 0.0:
        return []
    w_sq = sum(w * w for w, _ in rows)
    n_eff = w_sum * w_sum / w_sq
    width = len(rows[0][1])
    means = [sum(w * r[j] for w, r in rows) / w_sum for j in range(width)]
    best = max(range(width), key=lambda j: means[j])
    out = []
    for j in range(width):
        if j == best:
            continue
        gap = means[best] - means[j]
        var = sum(w * (r[best] - r[j] - gap) ** 2 for w, r in rows) / w_sum
        out.append((j, gap, var, var / max(n_eff - 1.0, 1.0)))
    return out


def _trailing(gaps: Sequence[tuple[int, float, float, float]], z: float) -> set[int]:
    """The columns of ``_paired_gaps``' answer at least ``z`` standard errors behind the best,
    or behind it by the same positive difference in every row."""
    return {j for j, gap, var, sq in gaps if gap > 0.0 and (var <= 1e-18 or gap >= z * sq ** 0.5)}


def _settled(gaps: Sequence[tuple[int, float, float, float]], z: float) -> bool:
    """Whether every column of ``_paired_gaps``' answer is ``z`` standard errors behind the best
    or plays alike with it (the same difference in every row: no doubt which is better)."""
    return all(var <= 1e-18 or gap >= z * sq ** 0.5 for _j, gap, var, sq in gaps)


def trailing(rows: Sequence[tuple[float, Sequence[float]]], z: float) -> set[int]:
    """The columns of ``rows`` that trail the best by at least ``z`` standard errors of the
    paired differences, or by the same positive difference in every row."""
    return _trailing(_paired_gaps(rows), z)


def settled(rows: Sequence[tuple[float, Sequence[float]]], z: float) -> bool:
    """Whether the best column of ``rows`` (weight, one value per key) is settled: for every
    other key, the weighted mean of the paired differences (best minus it) is at least ``z``
    standard errors above zero, or the two keys' values are the same in every row (two cards
    that play alike).  Paired differences, because the keys are valued on the same worlds: what
    the worlds share cancels out."""
    return _settled(_paired_gaps(rows), z)


def best_key(values: dict[str, float], order: Sequence[str], eps: float = 1e-9) -> str:
    """The key with the highest value; ties go to the earliest key in ``order`` (deterministic)."""
    top = max(values[k] for k in order)
    for k in order:
        if values[k] >= top - eps:
            return k
    return order[0]
