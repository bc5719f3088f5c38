"""How far the expert's sampled search misjudges moves at the open stock, against play-outs.

    python benchmarks/schnapsen_playouts.py --deals 400 --seed 301 --out playouts.jsonl
    python benchmarks/schnapsen_playouts.py --report playouts.jsonl [more.jsonl ...]

The expert's search at 10 and 8 stock cards (PIMC) solves each sampled deal as if both seats saw
every card and the stock order, so it may like some kinds of move better than play without that
sight bears out.  This tool measures that move by move.  It reaches positions by self-play of
``sparring`` with 16 samples (deals ``derive_rng(seed, "deal", i)``); at every decision with two
or more legal moves while 10 or 8 cards are in the stock, it values each legal move three ways:

- ``values``: the expert's own search (``ai.schnapsen.ExpertAgent.values``, no clock);
- ``reference``: the true position with both hands known (``benchmarks/decision_losses.py``);
- ``playouts``: the game points the deal gives the seat when the move is made in the true
  position and the deal played out ``--playouts`` times by ``sparring`` with
  ``--playout-samples`` samples on both sides, which do not see the hidden cards (the same
  randomness for every move of the decision, so the moves are compared on equal terms).

``--report`` prints, by stock size and move class (``schnapsen_decisions.move_class``), the
search's value less the play-outs' mean, less that difference's mean over the decision's moves
(so the strength of the hand cancels): a positive figure is a kind of move the search likes
more than the play-outs do.  Then it tests a correction by class, cross-validated by deal parity:
fitted on one half, halved, subtracted from the values on the other half, how many choices
change and what the play-outs say the changes gain (game points a decision), over all moves and
over plays only (the plays re-ranked among themselves where the best move is a play).  The
play-outs' own bots are weaker than the expert (4 samples a decision by default), so a figure
here is a lead to test in the arena (``ai.arena``), not a result.  Needs the compiled core.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.schnapsen import ExpertAgent  # noqa: E402
from ai.schnapsen_exact import load_core  # noqa: E402
from ai.schnapsen_knowledge import schnapsen_knowledge  # noqa: E402
from ai.schnapsen_solver import world_from_state  # noqa: E402
from ai.sparring import SparringAgent  # noqa: E402
from benchmarks.decision_losses import reference_values  # noqa: E402
from benchmarks.schnapsen_decisions import knowledge_fields, mean_se, move_class, read_records  # noqa: E402
from game.rules import registry  # noqa: E402
from game.rules.seeds import derive_rng, derive_seed  # noqa: E402

#: stock sizes whose decisions are valued
STOCKS = (10, 8)
#: samples of the bots that reach the positions
WALK_SAMPLES = 16


def play_out(rules: Any, state: Any, samples: int, seed: int) -> tuple[int, ...]:
    """The deal's points after both seats play ``state`` out with ``samples``-sample sparring bots."""
    bots = {s: SparringAgent(s, samples=samples, give_up_margin=1.0) for s in (0, 1)}
    n = 0
    while not rules.is_over(state):
        seat = rules.to_move(state)
        move = bots[seat].choose(rules.observe(state, seat), rules.legal_moves(state), derive_rng(seed, "play", n))
        state, _ = rules.apply(state, move)
        n += 1
    return tuple(rules.result(state).points)


def generate(args: argparse.Namespace) -> int:
    core = load_core()
    if core is None:
        print("schnapsen_playouts: needs the compiled core (no C compiler found)", file=sys.stderr)
        return 2
    rules = registry.get("schnapsen")
    experts = {s: ExpertAgent(s, budget_s=None) for s in (0, 1)}
    walkers = {s: SparringAgent(s, samples=WALK_SAMPLES, give_up_margin=1.0) for s in (0, 1)}
    written = 0
    with open(args.out, "w", encoding="utf-8") as out:
        for deal in range(args.deals):
            state = rules.new_round(2, deal % 2, derive_rng(args.seed, "deal", deal))
            n = 0
            while not rules.is_over(state):
                w = world_from_state(state)
                if w.ctx.closed_by >= 0 or len(w.stock) not in STOCKS:
                    break  # the stock closed or down to 6: the rest of the deal is not studied
                seat = rules.to_move(state)
                legal = rules.legal_moves(state)
                obs = rules.observe(state, seat)
                if len(legal) >= 2:
                    values, _used, _exact = experts[seat].values(obs, legal, derive_rng(args.seed, "pimc", deal, n))
                    playouts = {}
                    for move in legal:
                        after, _ = rules.apply(state, move)
                        results = [play_out(rules, after, args.playout_samples, derive_seed(args.seed, deal, n, r))
                                   for r in range(args.playouts)]
                        playouts[str(move)] = [p[seat] - p[1 - seat] for p in results]
                    rec = {"seed": args.seed, "deal": deal, "move": n, "seat": seat,
                           **knowledge_fields(schnapsen_knowledge(obs)), "values": values,
                           "reference": reference_values(w, core), "playouts": playouts}
                    out.write(json.dumps(rec, separators=(",", ":")) + "\n")
                    out.flush()
                    written += 1
                move = walkers[seat].choose(obs, legal, derive_rng(args.seed, "walk", deal, n))
                state, _ = rules.apply(state, move)
                n += 1
    print(f"decisions={written} file={args.out}")
    return 0


def _playout(rec: dict[str, Any], key: str) -> float:
    xs = rec["playouts"][key]
    return float(sum(xs)) / len(xs)


def _is_play(key: str) -> bool:
    return key.startswith("play ")


def class_gaps(recs: Sequence[dict[str, Any]], field: str = "values",
               plays_only: bool = False) -> dict[tuple[int, str], list[float]]:
    """(stock, move class) -> each move's value less its play-outs, less the decision's mean of that."""
    gaps: dict[tuple[int, str], list[float]] = defaultdict(list)
    for rec in recs:
        keys = [k for k in rec["playouts"] if _is_play(k) or not plays_only]
        if len(keys) < 2:
            continue
        gap = {k: rec[field][k] - _playout(rec, k) for k in keys}
        mean = sum(gap.values()) / len(gap)
        for k in keys:
            gaps[(rec["stock"], move_class(rec, k))].append(gap[k] - mean)
    return gaps


def corrections(recs: Sequence[dict[str, Any]], plays_only: bool, shrink: float = 0.5,
                min_moves: int = 30) -> dict[tuple[int, str], float]:
    return {key: shrink * sum(xs) / len(xs) for key, xs in class_gaps(recs, plays_only=plays_only).items()
            if len(xs) >= min_moves}


def corrected_choice(rec: dict[str, Any], corr: dict[tuple[int, str], float], plays_only: bool) -> str:
    """The move with the highest value less its class's correction; with ``plays_only`` the
    plays are re-ranked among themselves only where the plain choice is a play."""
    keys = list(rec["playouts"])
    plain = max(keys, key=lambda k: rec["values"][k])
    if plays_only:
        if not _is_play(plain):
            return plain
        keys = [k for k in keys if _is_play(k)]
    return max(keys, key=lambda k: rec["values"][k] - corr.get((rec["stock"], move_class(rec, k)), 0.0))


def cross_validated_gain(recs: Sequence[dict[str, Any]], plays_only: bool) -> tuple[int, float, float]:
    """(choices changed, play-out gain a decision, its standard error), fitting on one deal parity
    and testing on the other."""
    changed, gains = 0, []
    for fold in (0, 1):
        corr = corrections([r for r in recs if r["deal"] % 2 != fold], plays_only)
        for rec in (r for r in recs if r["deal"] % 2 == fold):
            plain = max(rec["playouts"], key=lambda k: rec["values"][k])
            chosen = corrected_choice(rec, corr, plays_only)
            changed += chosen != plain
            gains.append(_playout(rec, chosen) - _playout(rec, plain))
    mean, se = mean_se(gains)
    return changed, mean, se


def report(paths: Sequence[str]) -> int:
    recs = read_records(paths)
    if not recs:
        print("schnapsen_playouts: no decisions in the files given", file=sys.stderr)
        return 1
    print(f"{len(recs)} decisions; value less play-outs, less the decision's mean (game points)")
    print(f"{'stock':>5}  {'move':<22}{'n':>6}{'search':>8}{'+-':>7}{'ref':>8}{'+-':>7}")
    search, ref = class_gaps(recs), class_gaps(recs, "reference")
    for key in sorted(search, key=lambda c: (-c[0], c[1])):
        if len(search[key]) < 30:
            continue
        (m, se), (rm, rse) = mean_se(search[key]), mean_se(ref[key])
        print(f"{key[0]:>5}  {key[1]:<22}{len(search[key]):>6}{m:>8.3f}{se:>7.3f}{rm:>8.3f}{rse:>7.3f}")
    for plays_only in (False, True):
        changed, gain, se = cross_validated_gain(recs, plays_only)
        print(f"class correction ({'plays only' if plays_only else 'all moves'}), cross-validated: "
              f"changed {changed} of {len(recs)} choices, play-out gain {gain:+.4f} +- {se:.4f} GP a decision")
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--deals", type=int, default=20)
    p.add_argument("--seed", type=int, default=301)
    p.add_argument("--playouts", type=int, default=8, help="play-outs of each move")
    p.add_argument("--playout-samples", type=int, default=4, help="samples a decision of the play-outs' bots")
    p.add_argument("--out", default="playouts.jsonl")
    p.add_argument("--report", nargs="+", metavar="FILE", help="summarise files instead of playing")
    args = p.parse_args(argv)
    return report(args.report) if args.report else generate(args)


if __name__ == "__main__":
    raise SystemExit(main())
