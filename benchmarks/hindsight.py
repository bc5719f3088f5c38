"""How long "Could I have won?" takes: ai.hindsight on whole Schnapsen deals played by bots,
and ai.family_hindsight on whole Bauern-/Dreierschnapsen deals (``--game``).

Usage: ``python benchmarks/hindsight.py [--game schnapsen|bauernschnapsen|dreierschnapsen|all]
[--deals 3] [--seed 1]``; prints, per deal, the seconds for each of the analysed seat's decisions
(Schnapsen: stock size at that decision; family: cards left in its hand) and the total, and the
finding.  The early decisions dominate; the views run them in a worker process.  Family deals
analyse the declarer's seat (the human's contract), every decision until the first costly one.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai import hindsight  # noqa: E402
from ai.base import make_agent  # noqa: E402
from game.rules import registry  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--game", default="schnapsen",
                    choices=["schnapsen", "bauernschnapsen", "dreierschnapsen", "all"])
    args = ap.parse_args(argv)
    games = ["schnapsen", "bauernschnapsen", "dreierschnapsen"] if args.game == "all" else [args.game]
    for game in games:
        if game == "schnapsen":
            schnapsen(args)
        else:
            family(game, args.deals, args.seed)
    return 0


def schnapsen(args: argparse.Namespace) -> None:
    rules = registry.get("schnapsen")
    for d in range(args.deals):
        rng = Random(args.seed + d)
        start = rules.new_round(2, d % 2, rng)
        agents = [make_agent("schnapsen", "player", s) for s in (0, 1)]
        state, moves = start, []
        while not rules.is_over(state):
            seat = rules.to_move(state)
            move = agents[seat].choose(rules.observe(state, seat), rules.legal_moves(state), rng)
            moves.append(str(move))
            state, _ = rules.apply(state, move)
        solver = hindsight.Solver()
        total = 0.0
        times = []
        finding = None
        for index, st, played in hindsight.decisions(rules, start, moves, 0):
            t0 = time.perf_counter()
            j = hindsight.judge(rules, st, index, played, solver)
            dt = time.perf_counter() - t0
            total += dt
            times.append(f"{dt:.2f}s@{len(st.stock)}")
            if j.lost > 0:
                finding = j
                break
        print(f"deal {d}: {len(moves)} moves; decisions judged: {' '.join(times)}; total {total:.1f} s; "
              + (f"first costly: move {finding.index} {finding.played} (best {finding.best}, lost {finding.lost})"
                 if finding else "no costly decision"))


def family_deal(game: str, seed: int) -> tuple[object, list[str], int]:
    """A whole deal of ``game`` played by "player" bots: (start, moves, declarer)."""
    rules = registry.get(game)
    rng = Random(seed)
    n = rules.shape.players
    start = rules.new_round(n, seed % n, rng)
    agents = [make_agent(game, "player", s) for s in range(n)]
    state, moves = start, []
    while not rules.is_over(state):
        seat = rules.to_move(state)
        move = agents[seat].choose(rules.observe(state, seat), rules.legal_moves(state), rng)
        moves.append(str(move))
        state, _ = rules.apply(state, move)
    return start, moves, int(state.declarer)


def family(game: str, deals: int, seed: int) -> None:
    from ai import family_hindsight as fh

    rules = registry.get(game)
    worst = 0.0
    for d in range(deals):
        start, moves, declarer = family_deal(game, seed + d)
        solver = fh.Solver()
        times = []
        total = 0.0
        finding = None
        todo = fh.decisions(rules, start, moves, declarer)
        for index, st, played in todo:
            t0 = time.perf_counter()
            j = fh.judge(rules, st, index, played, solver)
            dt = time.perf_counter() - t0
            total += dt
            times.append(f"{dt:.2f}s@{len(st.hands[declarer])}")
            if j.lost > 0:
                finding = j
                break
        line_s = 0.0
        if finding is not None:
            t0 = time.perf_counter()
            state = next(s for i, s, _m in todo if i == finding.index)
            fh.better_line(rules, state, finding.best, solver)
            line_s = time.perf_counter() - t0
        worst = max(worst, total + line_s)
        final = fh.final_state(rules, start, moves)
        print(f"{game} deal {d}: contract {final.contract} x{final.multiplier}, declarer seat {declarer}; "
              f"decisions judged: {' '.join(times) or 'none'}; total {total:.2f} s, better line {line_s:.2f} s; "
              f"nodes {solver.nodes}; "
              + (f"first costly: move {finding.index} {finding.played} (best {finding.best}, lost {finding.lost})"
                 if finding else "no costly decision"))
    print(f"{game}: slowest deal {worst:.2f} s over {deals} deals")


if __name__ == "__main__":
    raise SystemExit(main())
