"""Fit the sharpness of the expert's reading of the opponent's play (``ai.schnapsen.READ_SHARPNESS``).

    python benchmarks/fit_reading.py [--deals 120] [--seed 555] [--views 4]

Plays the benchmark-only sparring partner against itself and records each of its leads and
answers late in the deal (8 stock cards or fewer, or a closed deal) together with the value of
every option it had (its cards, and closing before a lead), in two ways: solved with the true
hands and stock ("full"), and as the expert reads it, over fresh deals of the cards hidden from
the partner (``ai.schnapsen.opponent_view_values``, "view").  Then prints, for several
sharpness values, the mean log-likelihood per decision of the softmax model the expert reads
with (``ai.schnapsen.choice_probability``), beside a uniform choice: the best sharpness is the
one with the highest figure.  ``--views`` sets how many deals of the hidden cards the "view"
values average over (``ai.schnapsen.OPP_VIEWS`` by default): more views, less noise in them.
Needs the compiled core (a C compiler).
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from random import Random  # noqa: E402

from ai.schnapsen import OPP_VIEWS, opponent_view_values  # noqa: E402
from ai.schnapsen_exact import exact_values, load_core  # noqa: E402
from ai.schnapsen_knowledge import schnapsen_knowledge  # noqa: E402
from ai.schnapsen_solver import world_from_state  # noqa: E402
from ai.sparring import SparringAgent  # noqa: E402
from game.rules.schnapsen import RULES as R  # noqa: E402
from game.rules.seeds import derive_rng  # noqa: E402

SHARPNESS = (0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, 8.0, 12.0)


Row = tuple[str, list[float], float]


def _options(vals: dict[str, float]) -> list[float]:
    return [v for key, v in vals.items() if key.startswith(("play", "meld")) or key == "close"]


def collect(deals: int, seed: int, views: int = OPP_VIEWS) -> dict[str, list[Row]]:
    """Per way of valuing ("full", "view"): (stage, values of every option it had, value of the
    card it played) per decision."""
    core = load_core()
    if core is None:
        raise SystemExit("fit_reading: the compiled core is needed (no C compiler found)")
    rows: dict[str, list[Row]] = {"full": [], "view": []}
    view_rng = Random(seed)
    for i in range(deals):
        s = R.new_round(2, i % 2, derive_rng(seed, "deal", i))
        agents = [SparringAgent(0), SparringAgent(1)]
        j = 0
        while not R.is_over(s):
            seat = R.to_move(s)
            assert seat is not None  # the deal is not over
            legal = R.legal_moves(s)
            move = agents[seat].choose(R.observe(s, seat), legal, derive_rng(seed, "move", i, j))
            j += 1
            w = world_from_state(s)
            late = s.specials.closed_by >= 0 or 0 < len(s.stock) <= 8
            if late and move.kind == "play" and len(legal) > 1 and w.melded < 0:
                full = exact_values(w, core)
                rows["full"].append((w.stage, _options(full), full[str(move)]))
                reader = schnapsen_knowledge(R.observe(s, 1 - seat))
                view = opponent_view_values(reader, w, core, view_rng, views)
                rows["view"].append((w.stage, _options(view), view[str(move)]))
            s, _ = R.apply(s, move)
    return rows


def log_likelihood(rows: list[Row], sharpness: float) -> float:
    total = 0.0
    for _stage, cards, actual in rows:
        best = max(cards)
        z = sum(math.exp(-sharpness * (best - v)) for v in cards)
        total += -sharpness * (best - actual) - math.log(z)
    return total / len(rows)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=120)
    ap.add_argument("--seed", type=int, default=555)
    ap.add_argument("--views", type=int, default=OPP_VIEWS, help="deals of the hidden cards per view value")
    args = ap.parse_args(argv)
    if args.deals < 1 or args.views < 1:
        ap.error("--deals and --views must be at least 1")
    rows = collect(args.deals, args.seed, args.views)
    for way, found in rows.items():
        for stage in ("lead", "follow"):
            part = [r for r in found if r[0] == stage]
            if not part:
                continue
            best_share = sum(1 for _s, cards, a in part if a >= max(cards)) / len(part)
            uniform = -sum(math.log(len(cards)) for _s, cards, _a in part) / len(part)
            print(f"{way} {stage}: {len(part)} decisions, the best option played {best_share:.1%}, "
                  f"uniform {uniform:.4f}")
            for b in SHARPNESS:
                print(f"  sharpness {b:4.2f}  log-likelihood per decision {log_likelihood(part, b):.4f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
