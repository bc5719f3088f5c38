"""The deals inside matches to 7, by the score they were played at (a measurement).

    python benchmarks/match_states.py m_736.jsonl m_737.jsonl [...]

``python -m ai.arena --matches N --log FILE`` logs each match with A's game points deal by deal
(``deal_gp``: positive where A won the deal).  From them this tool rebuilds the score before
every deal and prints:

- the matches A won and the deals it won inside them, with their game points;
- the match share those same deals would give if deals were independent draws from them
  (computed exactly, not simulated as ``benchmarks/match_from_deals.py`` does for deal logs): where
  the measured share falls short of it, A loses matches by how the score changes play, not by
  the cards;
- A's deal win rate and game points at groups of scores (who needs how many game points), each
  with a 95 % interval, to show where such a shortfall comes from.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from match_from_deals import MATCH_TARGET  # noqa: E402
from paired import load  # noqa: E402

from ai.arena import mean_ci  # noqa: E402


class Deal(NamedTuple):
    """One deal of a match: the game points each side needed before it, and A's result."""

    a_needs: int
    b_needs: int
    gp: float


def load_matches(paths: Sequence[Path]) -> list[dict[str, Any]]:
    """Every match of the logs (one JSON line each)."""
    return [g for path in paths for g in load(path).values()]


def deals_of(match: dict[str, Any], target: int = MATCH_TARGET) -> list[Deal]:
    """The deals of one logged match with the score each was played at."""
    a = b = 0.0
    out = []
    for x in match["deal_gp"]:
        gp = float(x)
        out.append(Deal(int(target - a), int(target - b), gp))
        if gp > 0:
            a += gp
        else:
            b -= gp
    return out


def iid_match_share(points: Sequence[float], target: int = MATCH_TARGET) -> float:
    """A's chance to win a match to ``target`` if every deal were an independent draw from
    ``points`` (A's game points, negative for B's): exact, by recursion over the scores."""
    counts = Counter(points)
    n = sum(counts.values())
    table = [(gp, c / n) for gp, c in counts.items() if gp != 0]
    if not table:
        raise ValueError("the deals have no winner: no match could end")
    decided = sum(q for _gp, q in table)

    @cache
    def chance(a: float, b: float) -> float:
        if a >= target:
            return 1.0
        if b >= target:
            return 0.0
        return sum(q * (chance(a + gp, b) if gp > 0 else chance(a, b - gp)) for gp, q in table) / decided

    return chance(0.0, 0.0)


def summary(deals: Sequence[Deal]) -> tuple[int, float, float, float, float]:
    """n, A's deal win rate and its 95 % half-width, mean game points and their 95 % half-width."""
    n = len(deals)
    if n == 0:
        return 0, 0.0, 0.0, 0.0, 0.0
    won = sum(d.gp > 0 for d in deals) / n
    mean, half = mean_ci([d.gp for d in deals])
    return n, won, 1.96 * math.sqrt(won * (1 - won) / n), mean, half


#: the groups of scores the table shows (name, which deals)
GROUPS: tuple[tuple[str, Callable[[Deal], bool]], ...] = (
    ("every deal", lambda d: True),
    ("the first deal (7:7)", lambda d: d.a_needs == MATCH_TARGET and d.b_needs == MATCH_TARGET),
    ("both need 5 or more", lambda d: min(d.a_needs, d.b_needs) >= 5),
    ("both need 3 or more", lambda d: min(d.a_needs, d.b_needs) >= 3),
    ("A needs 1-2, B 3+", lambda d: d.a_needs <= 2 < d.b_needs),
    ("B needs 1-2, A 3+", lambda d: d.b_needs <= 2 < d.a_needs),
    ("both need 1-2", lambda d: max(d.a_needs, d.b_needs) <= 2),
    ("A ahead (needs fewer)", lambda d: d.a_needs < d.b_needs),
    ("B ahead (needs fewer)", lambda d: d.b_needs < d.a_needs),
    ("level", lambda d: d.a_needs == d.b_needs),
)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("logs", nargs="+", type=Path, help="arena match logs (--matches N --log FILE)")
    args = ap.parse_args(argv)
    missing = [str(p) for p in args.logs if not p.is_file()]
    if missing:
        print(f"no such log: {', '.join(missing)}", file=sys.stderr)
        return 2
    try:
        matches = load_matches(args.logs)
        deals = [d for m in matches for d in deals_of(m)]
    except (ValueError, KeyError, TypeError) as e:
        print(f"not an arena match log: {e}", file=sys.stderr)
        return 2
    if not deals or not any(d.gp for d in deals):
        print("the logs hold no decided deal", file=sys.stderr)
        return 2
    won = sum(float(m["win"]) for m in matches)
    n, rate, _h, gp, _g = summary(deals)
    print(f"{len(matches)} matches: A won {won:.0f} = {won / len(matches):.4f}")
    print(f"{n} deals in them: A won {rate:.4f}, {gp:+.3f} game points a deal")
    print("A's game points:", ", ".join(f"{k:+.0f}: {c}" for k, c in sorted(Counter(d.gp for d in deals).items())))
    print(f"matches to {MATCH_TARGET} from these deals drawn independently: {iid_match_share([d.gp for d in deals]):.4f}")
    print(f"{'score':24} {'deals':>6} {'A won':>14} {'A game points':>16}")
    for name, pick in GROUPS:
        n, rate, half, gp, gp_half = summary([d for d in deals if pick(d)])
        if n:
            print(f"{name:24} {n:6d} {rate:7.3f} +-{half:5.3f} {gp:+8.3f} +-{gp_half:5.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
