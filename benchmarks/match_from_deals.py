"""What deal results mean for matches to 7: matches simulated from the deals of arena logs.

    python benchmarks/match_from_deals.py run_207/log.jsonl run_208/log.jsonl [...]

A match to 7 (Bummerl) is a run of deals until one side has 7 game points.  If deals were
independent draws from what A made of the logged deals (``python -m ai.arena --deals N --log
FILE``: A's game points, +1..+3 won, -1..-3 lost), a match's chance follows from them alone.  The
tool draws ``--matches`` such matches (seeded) and prints A's share; then the same with a share of
A's lost deals turned into wins of the same size, to say what deal win rate a match target needs
at these deals' stakes.  It ignores what a match changes (the score changes how a side plays), so
it is an estimate to set beside a ``--matches`` run of the arena, not a replacement for one.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).resolve().parent))

from paired import load  # noqa: E402

MATCH_TARGET = 7
#: shares of A's lost deals turned into wins for the table
SHIFTS = (0.0, 0.02, 0.04, 0.06, 0.08, 0.10)


def deal_points(paths: Sequence[Path]) -> list[float]:
    """A's game points in every logged deal (one log line is one deal)."""
    return [float(g["gp"]) for path in paths for g in load(path).values()]


def match_share(points: Sequence[float], matches: int, rng: Random, target: int = MATCH_TARGET,
                shift: float = 0.0) -> float:
    """A's share of ``matches`` matches to ``target``, each deal drawn from ``points``; with
    ``shift`` that share of A's lost deals counts as a win of the same size."""
    if not any(points):
        raise ValueError("the deals have no winner: no match could end")
    won = 0
    for _ in range(matches):
        a = b = 0.0
        while a < target and b < target:
            gp = points[rng.randrange(len(points))]
            if gp < 0 and shift and rng.random() < shift:
                gp = -gp
            if gp > 0:
                a += gp
            else:
                b -= gp
        won += a >= target
    return won / matches


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("logs", nargs="+", type=Path, help="arena deal logs (--log)")
    ap.add_argument("--matches", type=int, default=100_000, help="matches simulated per line")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    missing = [str(p) for p in args.logs if not p.is_file()]
    if missing:
        print(f"no such log: {', '.join(missing)}", file=sys.stderr)
        return 2
    points = deal_points(args.logs)
    if not points or not any(points):
        print("the logs hold no decided deal", file=sys.stderr)
        return 2
    won = sum(gp > 0 for gp in points) / len(points)
    print(f"{len(points)} deals: A won {won:.4f}, {sum(points) / len(points):+.3f} game points a deal")
    print("A's game points:", ", ".join(f"{gp:+.0f}: {n}" for gp, n in sorted(Counter(points).items())))
    print(f"matches to {MATCH_TARGET}, {args.matches} simulated a line")
    print("  lost deals won instead   deal win   match win")
    for shift in SHIFTS:
        share = match_share(points, args.matches, Random(args.seed), shift=shift)
        print(f"  {shift:22.2f}   {won + shift * (1 - won):8.3f}   {share:9.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
