"""Deals of a match to 7, each at a match score, scored by what they do for the match (a benchmark).

    python benchmarks/score_deals.py --a expert-fixed --b sparring-firm --deals 600 --seed 1 --log F
    python benchmarks/score_deals.py --compare base.jsonl candidate.jsonl

A run of ``--matches`` in ``ai.arena`` answers "who wins more matches", but a match is many deals
and its result one coin: telling two ways of playing a match apart by it takes thousands of
matches.  This tool plays single deals instead, each at a score a match reaches (drawn from the
scores at which the deals of simulated matches to 7 start, so common scores come up as often as
they do in play), with both bots told the score (``match_needs``), in pairs with the same cards
and the same score for A in both seats.  Each deal is scored by the change in A's match equity
(``ai.match_equity.deal_equity`` with the strong bots' table ``STRONG_DEAL_GP``): the chance to
win the match after the deal less the chance before.  Summed over the deals of a match those
changes are the match's result less one half, so a bot that gains ``x`` a deal gains about
``x`` times the deals of a match (about 5.5) in match win rate, if the table is right.

``--b-needs-max N`` draws only among the scores at which B needs N game points or fewer: a way of
playing that differs only there is measured on the deals it can change.  The run prints the share
of all deals of a match that start at such scores; the gain a deal times that share times the
deals of a match is the gain in match win rate.

Logs one JSON line per deal (pair, A's seat, win, game points, deals, A's needs, the equity
change ``eq``), so ``benchmarks/paired.py`` compares wins and game points of two runs with the
same seed, and ``--compare`` the equity changes (the pairs' differences with a 95 % interval).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from random import Random
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from paired import compared_logs  # noqa: E402

from ai.arena import Outcome, mean_ci, play_round  # noqa: E402
from ai.base import make_agent  # noqa: E402
from ai.match_equity import STRONG_DEAL_GP, deal_equity, win_chance  # noqa: E402
from game.rules import registry  # noqa: E402
from game.rules.seeds import derive_rng  # noqa: E402

TARGET = 7
#: simulated matches whose deals' starting scores are drawn from
SIMULATED_MATCHES = 20_000


def match_scores(matches: int = SIMULATED_MATCHES, seed: int = 0) -> list[tuple[int, int]]:
    """The score (my game points, the opponent's) at the start of every deal of ``matches``
    matches to 7 between equal players, each deal won by k game points with ``STRONG_DEAL_GP``'s
    chance: a common score is listed as often as matches reach it."""
    rng = Random(seed)
    ks = [k for k, _ in STRONG_DEAL_GP]
    ps = [p for _, p in STRONG_DEAL_GP]
    scores = []
    for _ in range(matches):
        a = b = 0
        while a < TARGET and b < TARGET:
            scores.append((a, b))
            k = rng.choices(ks, ps)[0]
            if rng.random() < 0.5:
                a += k
            else:
                b += k
    return scores


def scores_where_b_needs_at_most(scores: Sequence[tuple[int, int]], needs: int) -> list[tuple[int, int]]:
    """The scores (A's game points, B's) of ``scores`` at which B needs ``needs`` or fewer to win."""
    return [sc for sc in scores if TARGET - sc[1] <= needs]


def equity_change(needs: tuple[int, int], gp: float) -> float:
    """A's match equity after a deal that gave it ``gp`` game points, less its equity before."""
    return deal_equity(needs, gp, STRONG_DEAL_GP) - win_chance(needs[0], needs[1], STRONG_DEAL_GP)


def play_pair(a_level: str, b_level: str, seed: int, i: int, score: tuple[int, int]) -> list[dict[str, Any]]:
    """Deal ``i`` of ``seed`` played twice at A's ``score``, A in seat ``i % 2`` and then in the other."""
    rules = registry.get("schnapsen")
    mine, theirs = TARGET - score[0], TARGET - score[1]
    rows: list[dict[str, Any]] = []
    for j in range(2):
        a_seat = (i + j) % 2
        agents = {s: make_agent("schnapsen", a_level if s == a_seat else b_level, s) for s in range(2)}
        needs = (mine, theirs) if a_seat == 0 else (theirs, mine)
        state = rules.new_round(2, i % 2, derive_rng(seed, "deal", i), match_needs=needs)
        out = Outcome(a_seat)
        res = play_round(rules, state, agents, [0, 1], frozenset({a_seat}), seed, (i, j), out)
        gp = float(res.points[a_seat] - res.points[1 - a_seat])
        rows.append({"pair": i, "a_seat": a_seat, "win": 1.0 if gp > 0 else 0.0, "gp": gp, "deals": 1,
                     "needs": [mine, theirs], "eq": equity_change((mine, theirs), gp),
                     "a_ms": round(sum(out.a_ms), 1)})
    return rows


def compare(base: dict[tuple[int, int], dict[str, Any]],
            cand: dict[tuple[int, int], dict[str, Any]]) -> dict[str, float]:
    """The pairs' mean change of A's match equity a deal, candidate less base, and its interval."""
    pairs = sorted({p for p, _ in base} & {p for p, _ in cand})
    diffs, changed, games = [], 0, 0
    for p in pairs:
        keys = [k for k in ((p, 0), (p, 1)) if k in base and k in cand]
        if not keys:
            continue
        games += len(keys)
        changed += sum(base[k]["gp"] != cand[k]["gp"] for k in keys)
        diffs.append(sum(float(cand[k]["eq"]) - float(base[k]["eq"]) for k in keys) / len(keys))
    mu, half = mean_ci(diffs)
    return {"games": games, "changed": changed, "d_eq": mu, "d_eq_ci": half}


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python benchmarks/score_deals.py", description=__doc__.splitlines()[0])
    ap.add_argument("--a", default="expert-fixed")
    ap.add_argument("--b", default="sparring-firm")
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--log", type=Path, default=None)
    ap.add_argument("--max-seconds", type=float, default=None, help="start no new pair after S seconds")
    ap.add_argument("--b-needs-max", type=int, default=None, metavar="N",
                    help="only scores at which B needs N game points or fewer")
    ap.add_argument("--compare", nargs=2, type=Path, metavar=("BASE", "CANDIDATE"),
                    help="compare two logs of the same seed instead of playing")
    args = ap.parse_args(argv)
    if args.compare:
        r = compared_logs("score_deals", args.compare[0], args.compare[1], compare, "deals (same --seed?)")
        if r is None:
            return 2
        print(f"{r['games']:.0f} deals compared, {r['changed']:.0f} ended differently; candidate - base: "
              f"match equity {100 * r['d_eq']:+.3f} +- {100 * r['d_eq_ci']:.3f} points a deal (95 %)")
        return 0
    try:
        for name in (args.a, args.b):
            make_agent("schnapsen", name, 0)
    except ValueError as e:
        print(f"score_deals: {e}")
        return 2
    scores = match_scores()
    if args.b_needs_max is not None:
        kept = scores_where_b_needs_at_most(scores, args.b_needs_max)
        if not kept:
            print(f"score_deals: B never needs {args.b_needs_max} or fewer game points at the start of a deal")
            return 2
        print(f"deals where B needs {args.b_needs_max} or fewer: {len(kept) / len(scores):.3f} of all deals of a match")
        scores = kept
    log = open(args.log, "w", encoding="utf-8") if args.log else None
    rows: list[dict[str, Any]] = []
    t0 = time.perf_counter()
    try:
        for i in range((args.deals + 1) // 2):
            score = scores[derive_rng(args.seed, "score", i).randrange(len(scores))]
            pair = play_pair(args.a, args.b, args.seed, i, score)
            rows.extend(pair)
            if log is not None:
                log.write("".join(json.dumps(r) + "\n" for r in pair))
                log.flush()
            if args.max_seconds is not None and time.perf_counter() - t0 > args.max_seconds:
                break
    finally:
        if log is not None:
            log.close()
    n = len(rows)
    by_pair = [(float(rows[k]["eq"]) + float(rows[k + 1]["eq"])) / 2 for k in range(0, n - 1, 2)]
    eq, half = mean_ci(by_pair)
    wins = sum(float(r["win"]) for r in rows)
    gp = sum(float(r["gp"]) for r in rows) / max(1, n)
    print(f"schnapsen at match scores: A={args.a} vs B={args.b}, {n} deals, seed {args.seed}, "
          f"{time.perf_counter() - t0:.0f} s")
    print(f"A won {wins:.0f} ({wins / max(1, n):.3f}), {gp:+.3f} GP a deal; "
          f"match equity {100 * eq:+.3f} +- {100 * half:.3f} points a deal (95 %, {len(by_pair)} pairs)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
