"""Benchmark of the Bauernschnapsen, Dreierschnapsen and Schwimmen bots.

    python benchmarks/bots_family.py --game bauernschnapsen --levels beginner player expert --deals 200
    python benchmarks/bots_family.py --game schwimmen --players 4 --levels beginner player expert --deals 50

For each level, every seat is played by that level for ``--deals`` deals (Schwimmen: rounds).
Prints the time per decision (median, p95, max) and, for the Schnapsen family, a table of how
often the level bid (ended up declaring) each contract and how often it made it.  Deals run in
``--workers`` processes; decision times are measured inside the workers.

With ``--others LEVEL`` the level under test holds one seat (Bauernschnapsen: one team of two)
and LEVEL the rest, the tested seat moving on by one every deal; the table then counts only
the contracts the tested level declared, so it shows how sound its bids are against opponents
of that level (the default, every seat alike, pits it against itself).
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from multiprocessing import get_context
from random import Random

from ai.arena import wilson
from ai.base import make_agent
from game.rules import registry
from game.rules.contracts import IDS
from game.rules.deal_result import FamilyDeal


def tested_seats(game: str, players: int, i: int, others: str | None) -> set[int]:
    """Seats the level under test holds in deal ``i`` (all of them without ``others``)."""
    if others is None:
        return set(range(players))
    # The dealer is seat i % players; shifting by i // players walks the tested seat through
    # every position relative to the dealer (forehand, middle hand, dealer) in turn.
    t = (i + i // players) % players
    if game == "bauernschnapsen":
        return {t % 2, t % 2 + 2}
    return {t}


def play_deal(task: tuple[str, int, str, int, int, str | None]) -> tuple[list[float], str | None, bool]:
    game, players, level, seed, i, others = task
    rules = registry.get(game)
    s = rules.new_round(players, i % players, Random(seed * 1_000_003 + i))
    mine = tested_seats(game, players, i, others)
    agents = [make_agent(game, level if q in mine or others is None else others, q) for q in range(players)]
    times: list[float] = []
    k = 0
    while not rules.is_over(s):
        q = rules.to_move(s)
        legal = rules.legal_moves(s)
        obs = rules.observe(s, q)
        t0 = time.perf_counter()
        m = agents[q].choose(obs, legal, Random(seed * 7919 + i * 131 + k))
        if q in mine:
            times.append(time.perf_counter() - t0)
        s, _ = rules.apply(s, m)
        k += 1
    res = rules.result(s)
    d = res.details
    if not isinstance(d, FamilyDeal) or d.declarer not in mine:  # Schwimmen has no contract
        return times, None, False
    return times, d.contract, d.made


def pct(xs: list[float], q: float) -> float:
    ys = sorted(xs)
    return ys[min(len(ys) - 1, int(q * len(ys)))] if ys else 0.0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="bauernschnapsen", choices=["bauernschnapsen", "dreierschnapsen", "schwimmen"])
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--levels", nargs="+", default=["beginner", "player", "expert"])
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--others", default=None, help="level of the other seats (default: the level under test)")
    args = ap.parse_args(argv)
    info = registry.GAMES[args.game]
    players = args.players or info.min_players
    for level in args.levels:
        tasks = [(args.game, players, level, args.seed, i, args.others) for i in range(args.deals)]
        t0 = time.perf_counter()
        if args.workers > 1:
            with get_context("spawn").Pool(args.workers) as pool:
                outs = list(pool.imap_unordered(play_deal, tasks, chunksize=2))
        else:
            outs = [play_deal(t) for t in tasks]
        wall = time.perf_counter() - t0
        times = [x for o in outs for x in o[0]]
        against = f" against {args.others}" if args.others else ""
        print(f"{info.name} {players}p, level {level}{against}: {args.deals} deals in {wall:.0f} s, {len(times)} decisions; "
              f"ms per decision median {pct(times, 0.5) * 1000:.2f} p95 {pct(times, 0.95) * 1000:.2f} "
              f"max {max(times) * 1000:.1f}")
        if args.game == "schwimmen":
            continue
        bids: Counter[str] = Counter(o[1] for o in outs if o[1])
        made: Counter[str] = Counter(o[1] for o in outs if o[1] and o[2])
        print(f"  {'contract':<24}{'declared':>9}{'share':>8}{'made':>7}{'rate':>7}{'95% interval':>15}")
        for cid in IDS:
            if bids[cid]:
                lo, hi = wilson(made[cid], bids[cid])
                print(f"  {cid:<24}{bids[cid]:>9}{bids[cid] / len(outs):>8.3f}{made[cid]:>7}"
                      f"{made[cid] / bids[cid]:>7.3f}{lo:>9.3f}-{hi:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
