"""Is the expert's close worth what its search says?  Play the deal on and see (a measurement).

    python benchmarks/close_rollouts.py --deals 600 --seed 400 --out closes.jsonl [--max-seconds S]

The expert (without its clock) plays deals against the sparring partner.  At each of its leads
where it may close and the search's edge of the close (its value less that of the best other
move, before ``CORE_CLOSE_MARGIN``) is above ``--min-edge``, the real deal is played on from
there twice: after the close and after the best other move, the same two bots deciding, with the
same seeds for both branches.  Over many such decisions the realised difference (close minus the
other move, in game points for the expert) against the search's edge shows how far PIMC
overrates a close, which is what the margin is for.  One JSON line per decision goes to
``--out``; the last lines printed are a table by edge band: decisions, mean edge, mean realised
difference with its 95 % interval.  Not a test: it takes about 15 s a decision.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from random import Random
from statistics import mean, stdev
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.schnapsen import ExpertAgent  # noqa: E402
from ai.sparring import SparringAgent  # noqa: E402
from game.rules import registry  # noqa: E402
from game.rules.seeds import derive_rng  # noqa: E402

#: edge bands of the table (game points)
BANDS = ((-9.0, 0.0), (0.0, 0.25), (0.25, 0.5), (0.5, 9.0))


def play_on(rules: Any, state: Any, agents: dict[int, Any], seed: int, tag: Any) -> tuple[int, ...]:
    """The game points of both seats once the deal is played to its end from ``state``."""
    n = 0
    while not rules.is_over(state):
        seat = rules.to_move(state)
        legal = rules.legal_moves(state)
        move = agents[seat].choose(rules.observe(state, seat), legal, derive_rng(seed, "roll", tag, n))
        state, _ = rules.apply(state, move)
        n += 1
    return tuple(rules.result(state).points)


def close_decisions(deals: int, seed: int, min_edge: float, rollouts: int, samples: int | None,
                    partner_samples: int, max_seconds: float | None) -> list[dict[str, Any]]:
    """Play ``deals`` deals (the expert's seat alternating); measure each close decision."""
    rules = registry.get("schnapsen")
    t0 = time.perf_counter()
    out: list[dict[str, Any]] = []
    for i in range(deals):
        if max_seconds is not None and time.perf_counter() - t0 > max_seconds:
            break
        ex = i % 2
        agents: dict[int, Any] = {ex: ExpertAgent(ex, budget_s=None, max_samples=samples),
                                  1 - ex: SparringAgent(1 - ex, partner_samples)}
        state = rules.new_round(2, (i // 2) % 2, derive_rng(seed, "deal", i))
        n = 0
        while not rules.is_over(state):
            seat = rules.to_move(state)
            legal = rules.legal_moves(state)
            obs = rules.observe(state, seat)
            keys = [str(m) for m in legal]
            if seat == ex and "close" in keys:
                gp, _used, exact = agents[ex].values(obs, legal, Random(n))
                others = {k: v for k, v in gp.items() if k != "close" and not (k == "declare" and obs.points < 66)}
                if others and not exact:
                    alt = max(others, key=lambda k: others[k])
                    edge = gp["close"] - others[alt]
                    if edge > min_edge:
                        realised = {}
                        for option in ("close", alt):
                            after, _ = rules.apply(state, next(m for m in legal if str(m) == option))
                            pts = [play_on(rules, after, agents, seed, (i, n, r)) for r in range(rollouts)]
                            realised[option] = [p[ex] - p[1 - ex] for p in pts]
                        out.append({"deal": i, "decision": n, "stock": obs.stock_size, "edge": edge, "alt": alt,
                                    "close_gp": realised["close"], "alt_gp": realised[alt]})
            move = agents[seat].choose(obs, legal, derive_rng(seed, "bot", i, seat, n))
            state, _ = rules.apply(state, move)
            n += 1
    return out


def table(rows: Sequence[dict[str, Any]]) -> list[str]:
    """Lines by edge band: decisions, mean edge, realised close-minus-other with a 95 % interval."""
    lines = [f"{'edge band':>14} {'decisions':>9} {'mean edge':>9} {'realised':>9} {'+-':>6}"]
    for lo, hi in BANDS:
        sel = [r for r in rows if lo <= r["edge"] < hi]
        if not sel:
            continue
        diffs = [mean(r["close_gp"]) - mean(r["alt_gp"]) for r in sel]
        half = 1.96 * stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else 0.0
        band = f"< {hi:+.2f}" if lo <= -9 else f">= {lo:+.2f}" if hi >= 9 else f"[{lo:+.2f}, {hi:+.2f})"
        lines.append(f"{band:>14} {len(sel):>9} {mean(r['edge'] for r in sel):>+9.3f} {mean(diffs):>+9.3f} {half:>6.3f}")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python benchmarks/close_rollouts.py", description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=600)
    ap.add_argument("--seed", type=int, default=400)
    ap.add_argument("--out", type=Path, required=True, help="one JSON line per close decision")
    ap.add_argument("--min-edge", type=float, default=-0.6, help="only decisions whose close edge is above this")
    ap.add_argument("--rollouts", type=int, default=2, help="play-outs per branch (the bots are nearly deterministic)")
    ap.add_argument("--samples", type=int, default=None, help="cap the expert's samples (tests)")
    ap.add_argument("--partner-samples", type=int, default=64)
    ap.add_argument("--max-seconds", type=float, default=None)
    args = ap.parse_args(argv)
    if args.deals < 1 or args.rollouts < 1:
        print("close_rollouts: --deals and --rollouts must be at least 1")
        return 2
    rows = close_decisions(args.deals, args.seed, args.min_edge, args.rollouts, args.samples,
                           args.partner_samples, args.max_seconds)
    with args.out.open("w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r) + "\n")
    print("\n".join(table(rows)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
