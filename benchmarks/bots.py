"""Benchmark of the Schnapsen bots: decision time per level and the exact-solve time.

    python benchmarks/bots.py [--deals 20] [--seed 1] [--levels beginner,player,expert,sparring]

Prints, per level, the median and 95th percentile of the time per decision over whole deals
played against the same level, then the median and p95 time of an exact solve of positions with
five cards each right after the stock is exhausted (a fresh solver, no cached positions).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.base import make_agent  # noqa: E402
from ai.schnapsen_solver import INF, Phase2Solver, world_from_state  # noqa: E402
from game.rules.schnapsen import RULES as R  # noqa: E402


def p95(xs: list[float]) -> float:
    ys = sorted(xs)
    return ys[min(len(ys) - 1, int(0.95 * len(ys)))]


def decision_times(level: str, deals: int, seed: int) -> list[float]:
    rng = Random(seed)
    times = []
    for d in range(deals):
        s = R.new_round(2, d % 2, rng)
        agents = [make_agent("schnapsen", level, 0), make_agent("schnapsen", level, 1)]
        n = 0
        while not R.is_over(s):
            seat = R.to_move(s)
            obs, legal = R.observe(s, seat), R.legal_moves(s)
            t0 = time.perf_counter()
            move = agents[seat].choose(obs, legal, Random(seed * 7919 + d * 101 + n))
            times.append(time.perf_counter() - t0)
            s, _ = R.apply(s, move)
            n += 1
    return times


def solve_times(count: int, seed: int) -> list[float]:
    rng = Random(seed)
    times = []
    while len(times) < count:
        s = R.new_round(2, rng.randrange(2), rng)
        while not R.is_over(s) and not (not s.stock and s.phase.name == "LEAD" and len(s.hands[0]) == 5):
            legal = [m for m in R.legal_moves(s) if m.kind != "close"]
            s, _ = R.apply(s, rng.choice(legal))
        if R.is_over(s):
            continue
        w = world_from_state(s)
        t0 = time.perf_counter()
        Phase2Solver(w.ctx).lead(w.to_act, *w.hands, *w.card_pts, *w.meld_pts, *w.tricks, -INF, INF, w.history)
        times.append(time.perf_counter() - t0)
    return times


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--levels", default="beginner,player,expert",
                    help="comma-separated; may include the benchmark-only sparring or sparring-N")
    args = ap.parse_args()
    for level in args.levels.split(","):
        slow = level.startswith(("expert", "sparring"))
        ts = decision_times(level, args.deals if slow else args.deals * 10, args.seed)
        print(f"{level:>9}: {len(ts):5d} decisions  median {statistics.median(ts) * 1000:8.2f} ms  "
              f"p95 {p95(ts) * 1000:8.2f} ms  max {max(ts) * 1000:8.2f} ms")
    ts = solve_times(500, args.seed)
    print(f"exact solve, 5 cards each after the stock is gone: {len(ts)} positions  "
          f"median {statistics.median(ts) * 1000:.3f} ms  p95 {p95(ts) * 1000:.3f} ms")


if __name__ == "__main__":
    main()
