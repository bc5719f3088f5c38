"""How the two games of each arena pair ended, side by side (a diagnostic of deal runs).

    python benchmarks/pair_outcomes.py run_200.jsonl [run_201.jsonl ...]

An arena pair (``python -m ai.arena --deals N --log FILE``) plays the same cards twice, A in one
seat and then in the other, so a pair's two results say what A made of each seat's cards and,
negated, what B made of the same cards.  A pair ended -3/+2 when A lost 3 game points with one
seat's cards and won 2 with the other's: with the first seat's cards B lost only 2 (or, with the
second seat's, won 3 where A won 2).  Its mirror, -2/+3, is the same split the other way round.
The table counts the pairs of every outcome next to its mirror's, with A's net game points over
both: where A gains and where it gives back, by how much.  It says where to look (the games
themselves: ``benchmarks/divergence.py``); it measures nothing by itself.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from paired import load  # noqa: E402

Outcome = tuple[float, float]  # A's game points in the pair's two games, low first


def pair_outcomes(games: dict[tuple[int, int], dict[str, float]]) -> Counter[Outcome]:
    """Pairs by their two results (A's game points, the lower first), from a log's games by
    (pair, A's seat) (``paired.load``); pairs missing a game are left out."""
    by_pair: dict[int, list[float]] = {}
    for (pair, _seat), game in games.items():
        by_pair.setdefault(pair, []).append(float(game["gp"]))
    return Counter((min(r), max(r)) for r in by_pair.values() if len(r) == 2)


def table(counts: Counter[Outcome]) -> list[str]:
    """One line per outcome and its mirror (-high, -low): pairs each way and A's net game points,
    the largest losses first."""
    lines = [f"{'outcome':>9} {'pairs':>6} {'mirror':>9} {'pairs':>6} {'A net GP':>9}"]
    rows = []
    # each split shown from the side where A ends worse, so a negative net reads as a leak
    for low, high in {k if sum(k) <= 0 else (-k[1], -k[0]) for k in counts}:
        mirror = (-high, -low)
        n, m = counts[(low, high)], counts[mirror] if mirror != (low, high) else 0
        rows.append((n * (low + high) + m * (mirror[0] + mirror[1]), low, high, n, mirror, m))
    for net, low, high, n, mirror, m in sorted(rows):
        twin = "" if mirror == (low, high) else f"{mirror[0]:+.0f}/{mirror[1]:+.0f}"
        lines.append(f"{f'{low:+.0f}/{high:+.0f}':>9} {n:>6} {twin:>9} {m if twin else '':>6} {net:>+9.0f}")
    total = sum(counts.values())
    net_all = sum(n * (lo + hi) for (lo, hi), n in counts.items())
    lines.append(f"{'all':>9} {total:>6} {'':>9} {'':>6} {net_all:>+9.0f}  ({net_all / max(1, 2 * total):+.3f} GP per deal)")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python benchmarks/pair_outcomes.py", description=__doc__.splitlines()[0])
    ap.add_argument("logs", type=Path, nargs="+", help="arena --log files of deal runs")
    args = ap.parse_args(argv)
    counts: Counter[Outcome] = Counter()
    for log in args.logs:
        try:
            counts += pair_outcomes(load(log))
        except (OSError, ValueError, KeyError, TypeError) as exc:
            print(f"pair_outcomes: cannot read the log {log}: {exc}")
            return 2
    if not counts:
        print("pair_outcomes: no complete pairs in the logs (deal runs with --log?)")
        return 2
    print("\n".join(table(counts)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
