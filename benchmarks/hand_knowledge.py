"""How well does the expert know the opponent's hand?  Scores its weighted samples against the truth.

    python benchmarks/hand_knowledge.py [--deals 30] [--seed 7] [--samples 64] [--views 4]
                                        [--answer-sharpness 3]

Plays ``expert-fixed`` against ``sparring-firm`` (both seats of each deal, as ``ai.arena``
does).  At every decision of the expert where the opponent's hand is not yet known, it draws
``--samples`` deals of the hidden cards twice: uniformly among the deals consistent with what
the expert saw (``sample_uniform``, "uniform") and as the expert's search draws and weighs them
(``sample_world``, then the readings of the opponent's lead, answer and close that the expert
applies there, "expert").  From each set it estimates, for every card the expert cannot place,
the chance that the opponent holds it (the weighted share of samples that give it the card), and
scores that against the true hand: the mean Bernoulli log-likelihood per card (0 is certainty,
about -0.69 a coin flip; estimates are clipped to [0.01, 0.99]).  It also prints the effective
sample size of the weights (how many samples they are worth).  The figures are printed by stock
size ("closed": a closed deal); a reading that knows the hand better scores higher.

The state is read only to score; the expert decides from its observation as always.
``--views`` and ``--answer-sharpness`` set ``ai.schnapsen``'s reading for this run (the deals of
the hidden cards each option's value averages over, and the answers' softmax sharpness), so a
variant can be scored before it is played.  Needs the compiled core (a C compiler).
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable
from pathlib import Path
from random import Random
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import ai.schnapsen as expert  # noqa: E402
from ai.base import make_agent  # noqa: E402
from ai.schnapsen_determinize import sample_uniform, sample_world  # noqa: E402
from ai.schnapsen_exact import load_core  # noqa: E402
from ai.schnapsen_knowledge import SchnapsenKnowledge, schnapsen_knowledge  # noqa: E402
from ai.schnapsen_solver import bits, mask_of  # noqa: E402
from game.rules import registry  # noqa: E402
from game.rules.seeds import derive_rng  # noqa: E402

METHODS = ("uniform", "expert")
#: a probability estimate is clipped to this distance from 0 and 1 before its log is taken
CLIP = 0.01


def draw_samples(method: str, k: SchnapsenKnowledge, core: Any, rng: Random, n: int) -> list[tuple[int, float]]:
    """``n`` (opponent hand, weight) pairs drawn as ``method`` does."""
    if method == "uniform":
        return [(sample_uniform(k, rng).hands[k.opp], 1.0) for _ in range(n)]
    pick = Random(rng.random())
    reads = expert.readings(k)
    out = []
    for _ in range(n):
        w = sample_world(k, rng)
        out.append((w.hands[k.opp], expert.reading_weight(k, w, core, pick, reads)))
    return out


def hand_score(k: SchnapsenKnowledge, truth: int, samples: list[tuple[int, float]]) -> tuple[float, float, int]:
    """(mean log-likelihood per card of the true hand, effective sample size, cards scored)."""
    cards = bits(k.unseen & ~k.opp_known & ~k.opp_cannot)
    total = sum(wt for _, wt in samples) or 1.0
    ll = 0.0
    for c in cards:
        p = sum(wt for hand, wt in samples if hand >> c & 1) / total
        p = min(1.0 - CLIP, max(CLIP, p))
        ll += math.log(p if truth >> c & 1 else 1.0 - p)
    ess = total * total / (sum(wt * wt for _, wt in samples) or 1.0)
    return ll / max(1, len(cards)), ess, len(cards)


def run(deals: int, seed: int, n: int, report: Callable[[dict[tuple[str, str], list[float]], int], None]) -> None:
    rules = registry.get("schnapsen")
    core = load_core()
    if core is None:
        raise SystemExit("hand_knowledge.py needs the compiled core (a C compiler)")
    tally: dict[tuple[str, str], list[float]] = {}
    for i in range(deals):
        for j in range(2):
            a_seat = (i + j) % 2
            agents = {s: make_agent("schnapsen", "expert-fixed" if s == a_seat else "sparring-firm", s)
                      for s in range(2)}
            state = rules.new_round(2, i % 2, derive_rng(seed, "deal", i))
            m = 0
            while not rules.is_over(state):
                seat = rules.to_move(state)
                legal = rules.legal_moves(state)
                obs = rules.observe(state, seat)
                if seat == a_seat and len(legal) > 1:
                    k = schnapsen_knowledge(obs)
                    if not k.perfect:
                        stage = "closed" if k.phase2 else str(k.stock_size)
                        truth = mask_of(state.hands[1 - seat])  # to score only
                        for method in METHODS:
                            smp = draw_samples(method, k, core, Random(f"{seed}/{i}/{j}/{m}"), n)
                            ll, ess, _ = hand_score(k, truth, smp)
                            row = tally.setdefault((stage, method), [0.0, 0.0, 0.0])
                            row[0] += 1
                            row[1] += ll
                            row[2] += ess
                move = agents[seat].choose(obs, legal, derive_rng(seed, "bot", (i, j), seat, m))
                state, _ = rules.apply(state, move)
                m += 1
        report(tally, i + 1)


def print_report(tally: dict[tuple[str, str], list[float]], done: int) -> None:
    print(f"after {done} deals", flush=True)
    order = {s: n for n, s in enumerate(("10", "8", "6", "4", "2", "closed"))}
    for (stage, method), (count, ll, ess) in sorted(tally.items(), key=lambda kv: (order.get(kv[0][0], 9), kv[0][1])):
        print(f"  stock {stage:>6} {method:>8}: {int(count):4d} decisions, log-lik per card {ll / count:+.4f},"
              f" effective samples {ess / count:6.1f}", flush=True)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=30)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--samples", type=int, default=64)
    p.add_argument("--views", type=int, default=expert.OPP_VIEWS)
    p.add_argument("--answer-sharpness", type=float, default=expert.ANSWER_SHARPNESS)
    args = p.parse_args(argv)
    if args.deals < 1 or args.samples < 1 or args.views < 1:
        p.error("--deals, --samples and --views must be at least 1")
    views_of = expert.opponent_view_values

    def with_views(k: Any, before: Any, core: Any, rng: Random, views: int = args.views) -> dict[str, float]:
        return views_of(k, before, core, rng, views)

    expert.opponent_view_values = with_views  # type: ignore[assignment]
    expert.ANSWER_SHARPNESS = args.answer_sharpness

    def report(tally: dict[tuple[str, str], list[float]], done: int) -> None:
        if done % 5 == 0 or done == args.deals:
            print_report(tally, done)

    run(args.deals, args.seed, args.samples, report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
