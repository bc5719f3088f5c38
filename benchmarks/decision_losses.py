"""Where do two Schnapsen bots give game points away?  Each decision scored against the hand known.

    python benchmarks/decision_losses.py [--a expert-fixed] [--b sparring-firm] [--deals 40] [--seed 904]

Plays ``--a`` against ``--b`` as ``ai.arena`` does (each deal twice, the seats swapped; the
same randomness).  At every decision with more than one legal move it solves the true position
with the compiled core, both hands known, and records what the chosen move gives away against
the best move there (game points, never negative), by bot, kind of decision (lead, answer,
close, the final claim) and stage (stock cards, "closed", "exhausted").  The loss is measured
against a player who sees the opponent's hand, so it is the price of not seeing it plus the
bot's own mistakes; the bots' figures side by side show where one of them plays better.

What the reference knows of the stock order: at 4 or 2 stock cards none (every draw a chance
node, ``exact_values(chance=True)``, as good as a player can know); at 10, 8 and 6 only the
next draw is a chance node (``FIRST_DRAW``: the order after it is known to the reference, which
then scores a little better than anyone could, so the losses there read a little high; a full
chance solve is too slow at those sizes).  The state is read only to score; the bots decide
from their observations as always.  Needs the compiled core (a C compiler).
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai import arena  # noqa: E402
from ai.schnapsen import first_draws  # noqa: E402
from ai.schnapsen_exact import FIRST_DRAW, exact_values, load_core  # noqa: E402
from ai.schnapsen_solver import World, world_from_state  # noqa: E402

#: (bot "A"/"B", kind, stage) -> [decisions, game points given away]
Tally = dict[tuple[str, str, str], list[float]]


def stage_of(w: World) -> str:
    if w.ctx.closed_by >= 0:
        return "closed"
    return str(len(w.stock)) if w.stock else "exhausted"


def kind_of(w: World, move: Any) -> str:
    if move.kind in ("close", "declare", "exchange", "meld"):
        return move.kind
    return {"lead": "lead", "follow": "answer"}.get(w.stage, w.stage)


def reference_values(w: World, core: Any) -> dict[str, float]:
    """Every legal move's value with both hands known and the stock order as the module says."""
    if w.ctx.closed_by >= 0 or not w.stock:
        return exact_values(w, core)
    if len(w.stock) <= 4:
        return exact_values(w, core, True)
    return exact_values(w, core, FIRST_DRAW, first_draws(w))


def loss(w: World, move: Any, core: Any) -> float | None:
    """What ``move`` gives away against the best move of the true position ``w`` (None if the
    reference does not list it, which a legal move never is)."""
    vals = reference_values(w, core)
    v = vals.get(str(move))
    return None if v is None else max(vals.values()) - v


def scorer(tally: Tally, core: Any) -> Callable[[Any, Any, Sequence[Any], bool], None]:
    """An ``on_move`` for ``ai.arena.play_round`` that scores each decision into ``tally``."""

    def on_move(state: Any, move: Any, legal: Sequence[Any], by_a: bool) -> None:
        if len(legal) < 2:
            return
        w = world_from_state(state)
        given = loss(w, move, core)
        if given is not None:
            cell = tally[("A" if by_a else "B", kind_of(w, move), stage_of(w))]
            cell[0] += 1
            cell[1] += given

    return on_move


STAGES = ("10", "8", "6", "4", "2", "closed", "exhausted")


def print_report(tally: Tally, deals: int) -> None:
    print(f"game points given away against the hand known, {deals} deals "
          "(per decision, and per deal: decisions x loss / deals)")
    print(f"{'kind':<9}{'stage':>10}  {'A n':>6} {'A /dec':>7} {'A /deal':>8}  {'B n':>6} {'B /dec':>7} {'B /deal':>8}")
    kinds = sorted({k for _, k, _ in tally})
    for kind in kinds:
        for stage in STAGES:
            cells = [tally.get((bot, kind, stage)) for bot in ("A", "B")]
            if not any(cells):
                continue
            row = f"{kind:<9}{stage:>10}"
            for cell in cells:
                n, given = cell if cell else (0, 0.0)
                row += f"  {int(n):>6} {given / n if n else 0.0:>7.3f} {given / deals:>8.4f}"
            print(row)
    per_deal = {bot: sum(c[1] for key, c in tally.items() if key[0] == bot) / deals for bot in ("A", "B")}
    print(f"a_loss_per_deal={per_deal['A']:.3f} b_loss_per_deal={per_deal['B']:.3f}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--a", default="expert-fixed", help="bot A's level (ai.arena's names)")
    p.add_argument("--b", default="sparring-firm", help="bot B's level")
    p.add_argument("--deals", type=int, default=40, help="deals (an even number: each is played both ways)")
    p.add_argument("--seed", type=int, default=904)
    args = p.parse_args(argv)
    core = load_core()
    if core is None:
        print("decision_losses: needs the compiled core (no C compiler found)", file=sys.stderr)
        return 2
    tally: Tally = defaultdict(lambda: [0, 0.0])
    arena.play_round = partial(arena.play_round, on_move=scorer(tally, core))  # type: ignore[assignment]
    rc = arena.main(["--game", "schnapsen", "--a", args.a, "--b", args.b, "--deals", str(args.deals),
                     "--seed", str(args.seed), "--workers", "1"])
    print_report(dict(tally), args.deals)
    return rc


if __name__ == "__main__":
    raise SystemExit(main())
