"""Compare two arena runs of the same seed game by game (``python -m ai.arena ... --log FILE``).

    python benchmarks/paired.py base.jsonl candidate.jsonl
    python benchmarks/paired.py base_1.jsonl cand_1.jsonl base_2.jsonl cand_2.jsonl ...

Both runs must have played the same deals (or matches) in the same seats: the same ``--seed``,
mode and opponent.  With reproducible bots (``expert-fixed``, ``sparring``) the two runs play the
same moves until a decision of the changed bot differs, so most games are identical and the
difference between the runs is measured far more precisely than by comparing their win rates:
the interval below is over the pairs' differences (each pair: the same cards, A in both seats).
Prints the games compared, how many ended differently, the change in win rate and in game points
per deal, each with a 95 % interval.  Several pairs of logs (the runs of several seeds) are
compared one by one and then pooled: the intervals of the pooled line are over all their pairs.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.arena import mean_ci  # noqa: E402


def load(path: Path) -> dict[tuple[int, int], dict[str, float]]:
    """The games of a log by (pair, A's seat)."""
    games = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            g = json.loads(line)
            games[(int(g["pair"]), int(g["a_seat"]))] = g
    return games


def compare(base: dict[tuple[Any, int], dict[str, float]],
            cand: dict[tuple[Any, int], dict[str, float]]) -> dict[str, float]:
    """Per-pair differences (candidate minus base) of wins per game and game points per deal."""
    pairs = sorted({p for p, _s in base} & {p for p, _s in cand})
    d_win, d_gp, games, changed = [], [], 0, 0
    for p in pairs:
        keys = [k for k in base if k[0] == p and k in cand]
        if not keys:
            continue
        b = [base[k] for k in keys]
        c = [cand[k] for k in keys]
        games += len(keys)
        changed += sum(x["win"] != y["win"] or x["gp"] != y["gp"] for x, y in zip(b, c, strict=True))
        d_win.append(sum(y["win"] - x["win"] for x, y in zip(b, c, strict=True)) / len(keys))
        deals = max(1.0, sum(x["deals"] for x in b)), max(1.0, sum(y["deals"] for y in c))
        d_gp.append(sum(y["gp"] for y in c) / deals[1] - sum(x["gp"] for x in b) / deals[0])
    win, win_ci = mean_ci(d_win)
    gp, gp_ci = mean_ci(d_gp)
    both = [k for p in pairs for k in ((p, 0), (p, 1)) if k in base and k in cand]
    base_rate = sum(base[k]["win"] for k in both) / max(1, games)
    cand_rate = sum(cand[k]["win"] for k in both) / max(1, games)
    return {"games": games, "changed": changed, "base_rate": base_rate, "cand_rate": cand_rate,
            "d_win": win, "d_win_ci": win_ci,
            "d_gp": gp, "d_gp_ci": gp_ci}


def pooled(logs: Sequence[dict[tuple[int, int], dict[str, float]]]) -> dict[tuple[Any, int], dict[str, float]]:
    """The games of several logs in one, each pair keyed by its log's place too (the pair numbers
    of two seeds' runs are the same numbers for other cards)."""
    return {((i, p), seat): g for i, log in enumerate(logs) for (p, seat), g in log.items()}


def compared_logs(prog: str, base: Path | Sequence[Path], candidate: Path | Sequence[Path],
                  by: Callable[[Any, Any], dict[str, float]], unit: str) -> dict[str, float] | None:
    """``by`` (a comparison such as ``compare``) of the logs at ``base`` and ``candidate`` (or of
    several such logs each, pooled in order), or None after one line saying why not: a log that
    cannot be read, or logs sharing no ``unit``."""
    bases = [base] if isinstance(base, Path) else list(base)
    cands = [candidate] if isinstance(candidate, Path) else list(candidate)
    try:
        r = by(pooled([load(b) for b in bases]), pooled([load(c) for c in cands]))
    except (OSError, ValueError, KeyError) as e:
        print(f"{prog}: cannot read the logs: {e}")
        return None
    if not r["games"]:
        print(f"{prog}: the two logs share no {unit}")
        return None
    return r


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python benchmarks/paired.py", description=__doc__.splitlines()[0])
    ap.add_argument("logs", type=Path, nargs="+", metavar="base candidate",
                    help="a base log and its candidate's log, one such pair per seed")
    args = ap.parse_args(argv)
    if len(args.logs) % 2:
        print("paired: give the logs in pairs, each base log followed by its candidate's")
        return 2
    bases, cands = args.logs[0::2], args.logs[1::2]
    rows = [(f"{c.name} - {b.name}", [b], [c]) for b, c in zip(bases, cands, strict=True)]
    if len(rows) > 1:
        rows.append((f"pooled over {len(rows)}", bases, cands))
    results = []
    for name, base, cand in rows:  # all compared before any is printed: a bad log gets one line
        r = compared_logs("paired", base, cand, compare, "games (same --seed and mode?)")
        if r is None:
            return 2
        results.append((name, r))
    for name, r in results:
        if len(rows) > 1:
            print(f"{name}:")
        print(f"{r['games']:.0f} games compared, {r['changed']:.0f} ended differently; "
              f"base wins {r['base_rate']:.3f}, candidate {r['cand_rate']:.3f}")
        print(f"candidate - base: win rate {r['d_win']:+.4f} +- {r['d_win_ci']:.4f}, "
              f"game points per deal {r['d_gp']:+.4f} +- {r['d_gp_ci']:.4f} (95 %)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
