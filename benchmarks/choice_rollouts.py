"""Where the expert and its partner would decide otherwise, whose choice pays?  (a measurement)

    python benchmarks/choice_rollouts.py --deals 800 --seed 266 --out choices.jsonl [--max-seconds S]

The expert (``expert-fixed``) plays deals against the sparring partner (``sparring-firm``), its
seat alternating.  At each of its decisions with more than one legal move the partner is asked
too, in the expert's seat with the same observation.  Where the two choose otherwise, the real
deal (its real stock order) is played to the end after each of the two moves, the expert going on
against the partner in both branches with the same seeds; the expert's game points (its own less
the partner's) of each branch are recorded.  Over many such decisions the mean of "expert's move
less the partner's" by kind of decision says where the partner's choice would serve the expert
better (a negative mean), which is where the expert's search is worth a look.  One JSON line a
decision goes to ``--out``; the last lines printed are a table by stage (stock cards: 10, 8-6,
4-2, closed, end), lead or follow and the two kinds of move.  Not a test: about 5 s a deal.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from statistics import mean, stdev
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from close_rollouts import play_on  # noqa: E402

from ai.base import make_agent  # noqa: E402
from game.rules import registry  # noqa: E402
from game.rules.seeds import derive_rng  # noqa: E402


def stage_of(obs: Any) -> str:
    """The stage of a decision: the stock cards left in bands, ``closed``, or ``end``."""
    if obs.closed:
        return "closed"
    if not obs.stock_size:
        return "end"
    return {10: "10", 8: "8-6", 6: "8-6"}.get(obs.stock_size, "4-2")


def choices(deals: int, seed: int, rollouts: int, expert: str, partner: str,
            max_seconds: float | None) -> list[dict[str, Any]]:
    """Play ``deals`` deals; measure each decision where the partner would choose otherwise."""
    rules = registry.get("schnapsen")
    t0 = time.perf_counter()
    out: list[dict[str, Any]] = []
    for i in range(deals):
        if max_seconds is not None and time.perf_counter() - t0 > max_seconds:
            break
        ex = i % 2
        agents = {ex: make_agent("schnapsen", expert, ex), 1 - ex: make_agent("schnapsen", partner, 1 - ex)}
        shadow = make_agent("schnapsen", partner, ex)  # the partner in the expert's seat
        state = rules.new_round(2, (i // 2) % 2, derive_rng(seed, "deal", i))
        n = 0
        while not rules.is_over(state):
            seat = rules.to_move(state)
            legal = rules.legal_moves(state)
            obs = rules.observe(state, seat)
            move = agents[seat].choose(obs, legal, derive_rng(seed, "bot", i, seat, n))
            if seat == ex and len(legal) > 1:
                alt = shadow.choose(obs, legal, derive_rng(seed, "alt", i, seat, n))
                if str(alt) != str(move):
                    gp = {}
                    for name, mv in (("expert", move), ("partner", alt)):
                        after, _ = rules.apply(state, mv)
                        pts = [play_on(rules, after, agents, seed, (i, n, r)) for r in range(rollouts)]
                        gp[name] = [p[ex] - p[1 - ex] for p in pts]
                    out.append({"deal": i, "decision": n, "stage": stage_of(obs), "lead": not obs.trick,
                                "expert_move": str(move), "partner_move": str(alt),
                                "expert_gp": gp["expert"], "partner_gp": gp["partner"]})
            state, _ = rules.apply(state, move)
            n += 1
    return out


STAGES = ("10", "8-6", "4-2", "closed", "end")


def table(rows: Sequence[dict[str, Any]]) -> list[str]:
    """Lines by (stage, lead/follow, expert's kind of move / partner's): decisions, the mean of
    expert's less partner's game points with a 95 % interval, and a line for all."""
    groups: dict[tuple[str, str, str], list[float]] = {}
    for r in rows:
        kinds = f"{r['expert_move'].split()[0]}/{r['partner_move'].split()[0]}"
        key = (r["stage"], "lead" if r["lead"] else "follow", kinds)
        groups.setdefault(key, []).append(mean(r["expert_gp"]) - mean(r["partner_gp"]))
    lines = [f"{'stage':>6} {'decision':>8} {'moves':>14} {'n':>5} {'expert-partner':>14} {'+-':>6}"]

    def line(k: tuple[str, str, str], v: list[float]) -> str:
        half = 1.96 * stdev(v) / len(v) ** 0.5 if len(v) > 1 else 0.0
        return f"{k[0]:>6} {k[1]:>8} {k[2]:>14} {len(v):>5} {mean(v):>+14.3f} {half:>6.3f}"

    for k in sorted(groups, key=lambda k: (STAGES.index(k[0]), k[1], k[2])):
        lines.append(line(k, groups[k]))
    if rows:
        lines.append(line(("all", "", ""), [d for v in groups.values() for d in v]))
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python benchmarks/choice_rollouts.py", description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=800)
    ap.add_argument("--seed", type=int, default=266)
    ap.add_argument("--out", type=Path, required=True, help="one JSON line per decision where the two differ")
    ap.add_argument("--rollouts", type=int, default=1, help="play-outs per branch (the bots are nearly deterministic)")
    ap.add_argument("--expert", default="expert-fixed")
    ap.add_argument("--partner", default="sparring-firm")
    ap.add_argument("--max-seconds", type=float, default=None)
    args = ap.parse_args(argv)
    if args.deals < 1 or args.rollouts < 1:
        print("choice_rollouts: --deals and --rollouts must be at least 1")
        return 2
    for level in (args.expert, args.partner):
        try:
            make_agent("schnapsen", level, 0)
        except ValueError as exc:
            print(f"choice_rollouts: {exc}")
            return 2
    rows = choices(args.deals, args.seed, args.rollouts, args.expert, args.partner, args.max_seconds)
    with args.out.open("w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r) + "\n")
    print("\n".join(table(rows)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
