"""Bot-vs-bot tournaments with confidence intervals (CLI), generic over the rules protocol.

    python -m ai.arena --game schnapsen --a expert --b player --deals 2000 --seed 1 [--workers 2]
    python -m ai.arena --game schnapsen --a expert --b player --matches 200 --seed 1

A plays one seat (in Bauernschnapsen one team: seats s and s+2), B every other seat.  Games come
in pairs that share the deck (deals) or the master seed (matches) with A moved one seat on, so
both sides get the same cards: that cuts the luck of the deal.  A's seat rotates from pair to
pair.  Pairs run in worker processes.  The last line printed is machine-readable:

    a_win_rate=... ci_low=... ci_high=... a_gp_per_deal=... a_p95_ms=... b_p95_ms=...

with a 95 % Wilson interval.  A deal is won by the side with the most game points (Schwimmen:
by not losing a life); a match by being among its winners.  ``a_gp_per_deal`` is A's game points
minus the mean of the other sides' per deal (Schwimmen: lives lost, negated).
"""

from __future__ import annotations

import argparse
import json
import math
import signal
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from multiprocessing import get_context
from typing import Any

from ai.base import make_agent
from game.rules import match as match_mod
from game.rules import registry
from game.rules.seeds import derive_rng

#: A round that runs longer than this is a bug (the longest legal rounds take a few hundred moves).
MAX_MOVES_PER_ROUND = 5000


@dataclass
class Outcome:
    a_seat: int
    wins: float = 0.0
    games: int = 0
    gp: float = 0.0
    deals: int = 0
    #: A's game points in each deal, in order (negative: the deal went to B), so a match's score
    #: before any deal can be rebuilt from the log
    deal_gp: list[float] = field(default_factory=list)
    a_ms: list[float] = field(default_factory=list)
    b_ms: list[float] = field(default_factory=list)


def a_seats(game: str, players: int, a_seat: int) -> frozenset[int]:
    spec = registry.spec(game)
    return frozenset(s for s in range(players) if spec.same_side(s, a_seat))


def _sides(game: str, players: int) -> int:
    return 2 if registry.spec(game).teams else players


def play_round(rules: Any, state: Any, agents: dict[int, Any], seat_of: Sequence[int], mine: frozenset[int],
               seed: int, tag: Any, out: Outcome, a_seed: int | None = None,
               on_move: Callable[[Any, Any, Sequence[Any], bool], None] | None = None) -> Any:
    """Play one round to the end; ``seat_of`` maps round seats to match seats.  The bots'
    randomness comes from ``seed``, A's from ``a_seed`` if given.  ``on_move(state, move, legal,
    by_a)`` sees each decision before it is applied (benchmarks that score the moves)."""
    n = 0
    while not rules.is_over(state):
        if n >= MAX_MOVES_PER_ROUND:
            raise RuntimeError(f"round {tag} of seed {seed} did not end after {n} moves")
        seat = rules.to_move(state)
        player = seat_of[seat]
        legal = rules.legal_moves(state)
        obs = rules.observe(state, seat)
        rng = derive_rng(a_seed if a_seed is not None and player in mine else seed, "bot", tag, player, n)
        t0 = time.perf_counter()
        move = agents[player].choose(obs, legal, rng)
        ms = (time.perf_counter() - t0) * 1000
        (out.a_ms if player in mine else out.b_ms).append(ms)
        if on_move is not None:
            on_move(state, move, legal, player in mine)
        state, _ = rules.apply(state, move)
        n += 1
    return rules.result(state)


def _score(game: str, points: Sequence[int], mine: frozenset[int], players: int) -> tuple[float, float]:
    """(win 1 / tie 0.5 / loss 0, A's game points minus the other sides' mean) for one deal."""
    if registry.spec(game).lives:
        a_lost = max(points[s] for s in mine)
        return (0.0 if a_lost else 1.0), -float(a_lost) + sum(points[s] for s in range(players) if s not in mine) / max(1, players - len(mine))
    a = sum(points[s] for s in mine) / len(mine)
    others: list[float] = [float(points[s]) for s in range(players) if s not in mine]
    if registry.spec(game).teams:
        others = [sum(others) / len(others)]
    best_other = max(others)
    win = 1.0 if a > best_other else 0.5 if a == best_other else 0.0
    return win, a - sum(others) / len(others)


def run_pair(task: tuple[str, int, str, str, str, int, int],
             wrap: Callable[[Any, int, int], Any] | None = None, a_seed: int | None = None) -> list[Outcome]:
    """Two games (deals or matches) with the same cards and A one seat on in the second.
    ``wrap(agent, game_in_pair, seat)``, if given, stands in for each agent (a tracer, as in
    ``benchmarks/divergence.py``); it must choose as the agent does.  ``a_seed``, if given,
    draws A's randomness apart from the task's seed, which still deals the cards and draws B's."""
    game, players, a_level, b_level, mode, seed, i = task
    rules = registry.get(game)
    results = []
    for j in range(2):
        a_seat = (i + j) % players
        mine = a_seats(game, players, a_seat)
        agents = {s: make_agent(game, a_level if s in mine else b_level, s) for s in range(players)}
        if wrap is not None:
            agents = {s: wrap(agent, j, s) for s, agent in agents.items()}
        out = Outcome(a_seat)
        if mode == "deals":
            dealer = i % players
            state = rules.new_round(players, dealer, derive_rng(seed, "deal", i))
            res = play_round(rules, state, agents, list(range(players)), mine, seed, (i, j), out, a_seed)
            out.wins, out.gp = _score(game, res.points, mine, players)
            out.games = out.deals = 1
            out.deal_gp.append(out.gp)
        else:
            m = match_mod.new_match(game, players, None, seed * 100003 + i, i % players)
            r = 0
            while not m.is_over:
                rr = match_mod.round_rules(m)
                state = match_mod.start_round(m)
                seat_of = match_mod.seat_map(m)
                res = play_round(rr, state, agents, seat_of, mine, seed, (i, j, r), out, a_seed)
                if len(res.points) == players:
                    gp = _score(game, res.points, mine, players)[1]
                    out.gp += gp
                    out.deal_gp.append(gp)
                    out.deals += 1
                m = match_mod.finish_round(m, res)
                r += 1
            winners = set(m.winners)
            out.wins = 1.0 if winners & mine and len(winners) == len(winners & mine) else 0.5 if winners & mine else 0.0
            out.games = 1
        results.append(out)
    return results


def log_line(pair: int, o: Outcome) -> str:
    """One game of pair ``pair`` as a line of the ``--log`` file (``benchmarks/paired.py`` reads it)."""
    return json.dumps({"pair": pair, "a_seat": o.a_seat, "win": o.wins, "gp": o.gp, "deals": o.deals,
                       "deal_gp": o.deal_gp}) + "\n"


def _numbered_pair(job: tuple[tuple[str, int, str, str, str, int, int], int | None]) -> tuple[int, list[Outcome]]:
    task, a_seed = job
    return task[-1], run_pair(task, a_seed=a_seed)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, centre - half), min(1.0, centre + half)


def p95(xs: list[float]) -> float:
    if not xs:
        return 0.0
    ys = sorted(xs)
    return ys[min(len(ys) - 1, int(0.95 * len(ys)))]


def median(xs: list[float]) -> float:
    return sorted(xs)[len(xs) // 2] if xs else 0.0


def mean(xs: list[float]) -> float:
    return sum(xs) / len(xs) if xs else 0.0


def mean_ci(xs: Sequence[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95 % interval (normal approximation; inf below 2 values)."""
    n = len(xs)
    mu = sum(xs) / n if n else 0.0
    if n < 2:
        return mu, float("inf")
    return mu, 1.96 * math.sqrt(sum((x - mu) ** 2 for x in xs) / (n - 1) / n)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m ai.arena", description=__doc__.splitlines()[0])
    ap.add_argument("--game", required=True, choices=sorted(registry.GAMES))
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--a", required=True)
    ap.add_argument("--b", required=True)
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--deals", type=int)
    g.add_argument("--matches", type=int)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--a-seed", type=int, default=None, metavar="N",
                    help="draw A's randomness from N instead of --seed (the cards and B's randomness "
                         "stay): a second run of an unchanged A, paired with the first, shows what A's "
                         "own randomness alone changes, the noise a paired comparison must beat")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--progress", type=int, default=0, metavar="PAIRS",
                    help="print the running rate to stderr every PAIRS pairs (0 = quiet)")
    ap.add_argument("--max-seconds", type=float, default=None, metavar="S",
                    help="with one worker: start no new pair after S seconds (or on SIGTERM) and "
                         "report the pairs played; pairs run in order, so two runs with the same "
                         "seed stopped early still share their first deals")
    ap.add_argument("--log", default=None, metavar="FILE",
                    help="write one JSON line per game (pair, A's seat, win, game points, deals) to FILE, "
                         "for comparing two runs of the same seed game by game (benchmarks/paired.py)")
    args = ap.parse_args(argv)
    info = registry.GAMES[args.game]
    players = args.players or info.min_players
    mode = "deals" if args.deals else "matches"
    total = args.deals or args.matches
    tasks = [(args.game, players, args.a, args.b, mode, args.seed, i) for i in range((total + 1) // 2)]
    outs: list[Outcome] = []
    t0 = time.perf_counter()
    log = open(args.log, "w", encoding="utf-8") if args.log else None  # closed after the last pair

    def record(i: int, res: list[Outcome]) -> None:
        if log is not None:
            for o in res:
                log.write(log_line(i, o))
            log.flush()

    def report(done: int) -> None:
        if args.progress and done % args.progress == 0:
            w = sum(o.wins for o in outs)
            g = sum(o.gp for o in outs) / max(1, sum(o.deals for o in outs))
            print(f"  {2 * done}/{2 * len(tasks)} {mode}: A wins {w:.1f}, rate {w / max(1, len(outs)):.3f}, "
                  f"gp/deal {g:+.3f} after {time.perf_counter() - t0:.0f} s", file=sys.stderr, flush=True)

    if args.workers <= 1:
        stop: list[int] = []
        previous = signal.signal(signal.SIGTERM, lambda *_: stop.append(1))
        try:
            for done, t in enumerate(tasks, 1):
                res = run_pair(t, a_seed=args.a_seed)
                outs.extend(res)
                record(t[-1], res)
                report(done)
                if stop or (args.max_seconds is not None and time.perf_counter() - t0 > args.max_seconds):
                    print(f"  stopped early after {done} of {len(tasks)} pairs", file=sys.stderr, flush=True)
                    break
        finally:
            signal.signal(signal.SIGTERM, previous)
    else:
        with get_context("spawn").Pool(args.workers) as pool:
            for done, (i, res) in enumerate(pool.imap_unordered(_numbered_pair, [(t, args.a_seed) for t in tasks], chunksize=1), 1):
                outs.extend(res)
                record(i, res)
                report(done)
    if log is not None:
        log.close()
    elapsed = time.perf_counter() - t0
    n = sum(o.games for o in outs)
    wins = sum(o.wins for o in outs)
    deals = sum(o.deals for o in outs)
    gp = sum(o.gp for o in outs)
    a_ms = [x for o in outs for x in o.a_ms]
    b_ms = [x for o in outs for x in o.b_ms]
    lo, hi = wilson(wins, n)
    a_seed = "" if args.a_seed is None else f", A's seed {args.a_seed}"
    print(f"{info.name}: A={args.a} vs B={args.b}, {players} players, {n} {mode}, seed {args.seed}{a_seed}, {elapsed:.0f} s")
    print(f"{'A seat':>8} {mode:>8} {'A wins':>8} {'rate':>7} {'A gp/deal':>10}")
    for seat in range(players):
        rows = [o for o in outs if o.a_seat == seat]
        if rows:
            ng = sum(o.games for o in rows)
            w = sum(o.wins for o in rows)
            d = sum(o.deals for o in rows) or 1
            print(f"{seat:>8} {ng:>8} {w:>8.1f} {w / ng:>7.3f} {sum(o.gp for o in rows) / d:>10.3f}")
    print(f"decision ms: A mean {mean(a_ms):.2f} median {median(a_ms):.2f} p95 {p95(a_ms):.2f}; "
          f"B mean {mean(b_ms):.2f} median {median(b_ms):.2f} p95 {p95(b_ms):.2f}")
    pair_gp = [sum(o.gp for o in outs[i:i + 2]) / max(1, sum(o.deals for o in outs[i:i + 2]))
               for i in range(0, len(outs) - 1, 2)]
    if len(pair_gp) > 1:
        mu, half = mean_ci(pair_gp)
        print(f"A gp/deal by pair: {mu:.3f} +- {half:.3f} (95 %, {len(pair_gp)} pairs)")
    print(f"a_win_rate={wins / max(n, 1):.4f} ci_low={lo:.4f} ci_high={hi:.4f} a_gp_per_deal={gp / max(deals, 1):.4f} "
          f"a_p95_ms={p95(a_ms):.2f} b_p95_ms={p95(b_ms):.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
