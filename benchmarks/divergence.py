"""Where two Schnapsen bots first decide otherwise in the same position (a diagnostic).

    python benchmarks/divergence.py --a expert-fixed --b sparring --seed 200 --log base/log_200.jsonl
    python benchmarks/divergence.py --a expert-fixed --b sparring --seed 200 --pairs 40

An arena pair (``ai.arena``, deals) plays one deal twice with the seats swapped, so its two games
run move for move alike until, in one position, A decides in one game and B in the other and
they decide otherwise: the pair's first divergence (the same cards, the same seat, the same
history).  Where A won both games of a pair, or lost both, the cards did not decide it, the play
did, and the first divergence is the likeliest decision to have done it.  The tool replays pairs
exactly as the arena played them (the bots must be reproducible: ``expert-fixed``, ``sparring``,
``player``; not the clocked ``expert``): with ``--log`` the decisive pairs of that run, each
game's outcome checked against the log; else the first ``--pairs`` pairs.  It prints every
pair's divergence (stage: stock cards left, ``closed`` or ``end`` once the stock is gone; lead or
follow; A's move and B's) and a table by stage and kind of decision: pairs A won twice, lost
twice, split.  It measures nothing by itself (the divergence of a pair won twice may be noise
of both searches); it says where to look.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from random import Random
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.arena import run_pair  # noqa: E402
from ai.base import make_agent  # noqa: E402
from game.rules.base import Move  # noqa: E402


@dataclass(frozen=True)
class Step:
    """One decision of a traced game."""

    seat: int
    move: str
    stage: str  # stock cards left, "closed", or "end" (the stock gone)
    lead: bool  # no card on the table


@dataclass(frozen=True)
class Divergence:
    """A pair's first decision that A and B made otherwise (None where the games never differ)."""

    pair: int
    a_wins: float  # A's wins in the pair: 2.0 both, 0.0 neither
    step: int
    stage: str
    lead: bool
    a_move: str
    b_move: str


class _Tracer:
    """Chooses as ``agent`` and writes each decision into ``trace``."""

    def __init__(self, agent: Any, trace: list[Step]) -> None:
        self.agent = agent
        self.trace = trace

    def choose(self, observation: Any, legal_moves: Sequence[Move], rng: Random) -> Move:
        move = self.agent.choose(observation, legal_moves, rng)
        o = observation
        stage = "closed" if o.closed else str(o.stock_size) if o.stock_size else "end"
        self.trace.append(Step(o.seat, str(move), stage, not o.trick))
        return move


def replay(a_level: str, b_level: str, seed: int, pair: int) -> tuple[list[list[Step]], list[int], list[float]]:
    """Both games of arena pair ``pair`` (deals, two players): their decisions, A's seat in each,
    A's wins in each."""
    traces: list[list[Step]] = [[], []]

    def wrap(agent: Any, game: int, seat: int) -> Any:
        return _Tracer(agent, traces[game])

    outs = run_pair(("schnapsen", 2, a_level, b_level, "deals", seed, pair), wrap)
    return traces, [o.a_seat for o in outs], [o.wins for o in outs]


def first_divergence(pair: int, traces: list[list[Step]], a_seats: list[int], wins: list[float]) -> Divergence | None:
    """Where the two games of a pair first differ, with A's and B's move there."""
    g0, g1 = traces
    for i, (s0, s1) in enumerate(zip(g0, g1, strict=False)):
        if s0.move != s1.move:
            a_first = s0.seat == a_seats[0]  # in game 0 A sits at that seat, else B does
            a_move, b_move = (s0.move, s1.move) if a_first else (s1.move, s0.move)
            return Divergence(pair, sum(wins), i, s0.stage, s0.lead, a_move, b_move)
    return None


def decisive_pairs(log: Path) -> tuple[list[int], dict[tuple[int, int], float]]:
    """The pairs of an arena ``--log`` that A won twice or lost twice, and every game's win."""
    wins: dict[tuple[int, int], float] = {}
    for line in log.read_text(encoding="utf-8").splitlines():
        if line.strip():
            row = json.loads(line)
            wins[(int(row["pair"]), int(row["a_seat"]))] = float(row["win"])
    by_pair: dict[int, list[float]] = {}
    for (pair, _seat), w in wins.items():
        by_pair.setdefault(pair, []).append(w)
    return sorted(p for p, ws in by_pair.items() if len(ws) == 2 and sum(ws) in (0.0, 2.0)), wins


def _kind(move: str) -> str:
    return move.split()[0]


def table(divs: Sequence[Divergence]) -> list[str]:
    """Lines: pairs by (stage, lead/follow, A's kind of move / B's), won twice, lost twice, split."""
    rows: Counter[tuple[str, str, str, float]] = Counter()
    for d in divs:
        rows[(d.stage, "lead" if d.lead else "follow", f"{_kind(d.a_move)}/{_kind(d.b_move)}", d.a_wins)] += 1
    keys = sorted({k[:3] for k in rows}, key=lambda k: (k[0].isdigit(), -int(k[0]) if k[0].isdigit() else 0, k))
    out = [f"{'stage':>6} {'decision':>8} {'A/B move':>16} {'A won 2':>8} {'A lost 2':>9} {'split':>6}"]
    for k in keys:
        out.append(f"{k[0]:>6} {k[1]:>8} {k[2]:>16} {rows[(*k, 2.0)]:>8} {rows[(*k, 0.0)]:>9} {rows[(*k, 1.0)]:>6}")
    won = sum(1 for d in divs if d.a_wins == 2.0)
    lost = sum(1 for d in divs if d.a_wins == 0.0)
    out.append(f"{'all':>6} {'':>8} {'':>16} {won:>8} {lost:>9} {len(divs) - won - lost:>6}")
    return out


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python benchmarks/divergence.py", description=__doc__.splitlines()[0])
    ap.add_argument("--a", required=True)
    ap.add_argument("--b", required=True)
    ap.add_argument("--seed", type=int, required=True)
    src = ap.add_mutually_exclusive_group(required=True)
    src.add_argument("--log", type=Path, help="an arena --log of these bots and seed: replay its decisive pairs")
    src.add_argument("--pairs", type=int, help="replay the first PAIRS pairs")
    args = ap.parse_args(argv)
    for level in (args.a, args.b):
        try:
            make_agent("schnapsen", level, 0)
        except ValueError as exc:
            print(f"divergence: {exc}")
            return 2
    logged: dict[tuple[int, int], float] = {}
    if args.log is not None:
        try:
            pairs, logged = decisive_pairs(args.log)
        except (OSError, ValueError, KeyError, TypeError) as exc:
            print(f"divergence: cannot read the log {args.log}: {exc}")
            return 2
    else:
        pairs = list(range(max(0, args.pairs)))
    divs: list[Divergence] = []
    mismatched = 0
    for pair in pairs:
        traces, seats, wins = replay(args.a, args.b, args.seed, pair)
        if logged and any(logged.get((pair, s)) != w for s, w in zip(seats, wins, strict=True)):
            mismatched += 1  # not the games of the log: the bots or the seed differ
            print(f"pair {pair}: replay differs from the log (bots not reproducible, or another seed)")
            continue
        d = first_divergence(pair, traces, seats, wins)
        if d is None:
            print(f"pair {pair}: A wins {sum(wins):.1f}, the games never differ")
            continue
        divs.append(d)
        where = f"{d.stage} {'lead' if d.lead else 'follow'}"
        print(f"pair {d.pair}: A wins {d.a_wins:.1f}, decision {d.step} ({where}): A {d.a_move}, B {d.b_move}")
    print("\n".join(table(divs)))
    return 1 if mismatched else 0


if __name__ == "__main__":
    raise SystemExit(main())
