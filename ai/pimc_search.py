"""Game-independent search helpers: perfect-information Monte Carlo (PIMC) with a time budget.

PIMC samples hidden states consistent with what a seat knows (``sample(rng)``), scores every
candidate move in each sample with a perfect-information evaluator (``evaluate(world)``, e.g.
the Schnapsen alpha-beta solver of ``ai.schnapsen_solver``) and plays the move with the best
average.  The number of samples is fixed so that a decision depends only on the observation and
the rng (fairness); the time budget is a safety net that stops early on a slow machine.
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
) -> tuple[dict[str, float], int]:
    """Average value of each key over up to ``samples`` sampled worlds, and how many were used.

    With ``weigh`` each world counts by its weight (how likely it is given what the seat saw)
    in a weighted average.  Keys an evaluator does not report count as very bad (-10) in that
    sample."""
    start = time.perf_counter()
    totals = dict.fromkeys(keys, 0.0)
    n = 0
    weight_sum = 0.0
    for _ in range(samples):
        world = sample(rng)
        wt = 1.0 if weigh is None else weigh(world)
        vals = evaluate(world)
        for k in keys:
            totals[k] += wt * vals.get(k, -10.0)
        n += 1
        weight_sum += wt
        if budget_s is not None and n >= min_samples and time.perf_counter() - start > budget_s:
            break
    return {k: v / (weight_sum or 1.0) for k, v in totals.items()}, n


def best_key(values: dict[str, float], order: Sequence[str], eps: float = 1e-9) -> str:
    """The key with the highest value; ties go to the earliest key in ``order`` (deterministic)."""
    top = max(values[k] for k in order)
    for k in order:
        if values[k] >= top - eps:
            return k
    return order[0]
