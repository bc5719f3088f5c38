"""How long "Could I have won?" takes: ai.hindsight on whole Schnapsen deals played by bots.

Usage: ``python benchmarks/hindsight.py [--deals 3] [--seed 1]``; prints, per deal, the seconds
for each of seat 0's decisions (stock size at that decision) and the total, and the finding.
The early decisions (full stock) dominate; the view runs them in a worker process.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai import hindsight  # noqa: E402
from ai.base import make_agent  # noqa: E402
from game.rules import registry  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    rules = registry.get("schnapsen")
    for d in range(args.deals):
        rng = Random(args.seed + d)
        start = rules.new_round(2, d % 2, rng)
        agents = [make_agent("schnapsen", "player", s) for s in (0, 1)]
        state, moves = start, []
        while not rules.is_over(state):
            seat = rules.to_move(state)
            move = agents[seat].choose(rules.observe(state, seat), rules.legal_moves(state), rng)
            moves.append(str(move))
            state, _ = rules.apply(state, move)
        solver = hindsight.Solver()
        total = 0.0
        times = []
        finding = None
        for index, st, played in hindsight.decisions(rules, start, moves, 0):
            t0 = time.perf_counter()
            j = hindsight.judge(rules, st, index, played, solver)
            dt = time.perf_counter() - t0
            total += dt
            times.append(f"{dt:.2f}s@{len(st.stock)}")
            if j.lost > 0:
                finding = j
                break
        print(f"deal {d}: {len(moves)} moves; decisions judged: {' '.join(times)}; total {total:.1f} s; "
              + (f"first costly: move {finding.index} {finding.played} (best {finding.best}, lost {finding.lost})"
                 if finding else "no costly decision"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
