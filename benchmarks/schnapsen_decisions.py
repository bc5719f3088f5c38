"""Log the open-stock decisions of an arena run of Schnapsen, with each bot's values and how the deal ended.

    python benchmarks/schnapsen_decisions.py --deals 600 --seed 225 --out decisions.jsonl
    python benchmarks/schnapsen_decisions.py --report decisions.jsonl [more.jsonl ...]

The first step towards a learned value for the open stock, where the expert and its sparring
partner run the same sampled search (PIMC: every sampled deal solved as if both seats saw every
card and the stock order) and the expert's edge is smallest.  It plays ``--a`` against ``--b``
exactly as ``ai.arena`` does (each deal twice, the seats swapped, the same randomness: the
arena's summary is printed as a plain run would print it) and writes one JSON line per decision
with two or more legal moves while the stock is open and not closed:

- where: ``seed``, ``deal`` (the arena's pair), ``game`` (0 or 1 in the pair), ``move`` (its
  number in the deal), ``bot`` ("A" or "B"), ``seat``;
- what the bot knew (``ai.schnapsen_knowledge``, card sets as bit masks of ``DECK``): ``trump``,
  ``hand``, ``played``, ``led``, ``opp_known``, ``unseen``, ``turnup``, ``stock``, ``card_pts``,
  ``meld_pts``, ``tricks`` (by seat), ``melded``;
- ``values``: the bot's own value of each legal move (game points, the mean over its samples);
- ``reference``: each legal move's value in the true position with both hands known (the
  next draw a chance node, ``benchmarks/decision_losses.py``'s reference);
- ``chosen``: the move played; ``gp``: the game points the deal gave this seat (negative: lost).

``--report`` reads such files and prints, by bot and stock size, how the values of the moves
chosen compare with what the deals gave: a sampled search that sees every card in each sample
expects more than a seat that sees only its own hand can make, and by how much at each stock
size is the bias a learned value would have to remove.  Needs the compiled core (a C compiler).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections import defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai import arena  # noqa: E402
from ai.schnapsen import ExpertAgent  # noqa: E402
from ai.schnapsen_exact import load_core  # noqa: E402
from ai.schnapsen_knowledge import schnapsen_knowledge  # noqa: E402
from ai.schnapsen_solver import DECK, world_from_state  # noqa: E402
from ai.sparring import SparringAgent  # noqa: E402
from benchmarks.decision_losses import reference_values  # noqa: E402

#: the game-point values of the last decision searched (set by the patched bots, taken by ``on_move``)
_last: dict[str, dict[str, float] | None] = {"values": None}


def _record_values() -> None:
    """Make both kinds of bot leave the values they chose by in ``_last`` (a copy: the partner
    lowers a false declaration's value in place after)."""
    expert_scored, sparring_values = ExpertAgent.scored, SparringAgent.values

    def scored(self: Any, *args: Any) -> Any:
        out = expert_scored(self, *args)
        _last["values"] = dict(out[0])
        return out

    def values(self: Any, *args: Any) -> Any:
        out = sparring_values(self, *args)
        _last["values"] = dict(out)
        return out

    ExpertAgent.scored = scored  # type: ignore[method-assign,assignment]
    SparringAgent.values = values  # type: ignore[method-assign,assignment]


def knowledge_fields(k: Any) -> dict[str, Any]:
    return {"trump": k.trump, "hand": k.hand, "played": k.played, "led": k.led, "opp_known": k.opp_known,
            "unseen": k.unseen, "turnup": k.turnup, "stock": k.stock_size, "card_pts": list(k.card_pts),
            "meld_pts": list(k.meld_pts), "tricks": list(k.tricks), "melded": k.melded}


class DecisionLog:
    """Collects a deal's open-stock decisions and writes them once the deal's result is known."""

    def __init__(self, out: IO[str], seed: int, rules: Any, core: Any) -> None:
        self.out, self.seed, self.rules, self.core = out, seed, rules, core
        self.pending: list[dict[str, Any]] = []
        self.moves = 0  # moves of the deal so far
        self.written = 0

    def on_move(self, state: Any, move: Any, legal: Sequence[Any], by_a: bool) -> None:
        values, _last["values"] = _last["values"], None
        number, self.moves = self.moves, self.moves + 1
        w = world_from_state(state)
        if len(legal) < 2 or w.ctx.closed_by >= 0 or not w.stock or values is None:
            return
        seat = self.rules.to_move(state)
        k = schnapsen_knowledge(self.rules.observe(state, seat))
        ref = reference_values(w, self.core)
        self.pending.append({"bot": "A" if by_a else "B", "seat": seat, "move": number,
                             **knowledge_fields(k), "values": values, "reference": ref, "chosen": str(move)})

    def finish(self, tag: Any, points: Sequence[int]) -> None:
        deal, game = tag
        for rec in self.pending:
            seat = rec["seat"]
            rec.update(seed=self.seed, deal=deal, game=game, gp=points[seat] - points[1 - seat])
            self.out.write(json.dumps(rec, separators=(",", ":")) + "\n")
        self.written += len(self.pending)
        self.pending, self.moves = [], 0
        self.out.flush()


def logging_round(log: DecisionLog, play_round: Callable[..., Any]) -> Callable[..., Any]:
    """``ai.arena.play_round`` with every decision offered to ``log`` and the result handed on."""

    def play(rules: Any, state: Any, agents: Any, seat_of: Any, mine: Any, seed: int, tag: Any, out: Any,
             a_seed: int | None = None, on_move: Any = None) -> Any:
        log.pending, log.moves = [], 0
        res = play_round(rules, state, agents, seat_of, mine, seed, tag, out, a_seed, on_move=log.on_move)
        log.finish(tag, res.points)
        return res

    return play


def generate(args: argparse.Namespace) -> int:
    core = load_core()
    if core is None:
        print("schnapsen_decisions: needs the compiled core (no C compiler found)", file=sys.stderr)
        return 2
    from game.rules import registry

    _record_values()
    with open(args.out, "w", encoding="utf-8") as out:
        log = DecisionLog(out, args.seed, registry.get("schnapsen"), core)
        arena.play_round = logging_round(log, arena.play_round)  # type: ignore[assignment]
        argv = ["--game", "schnapsen", "--a", args.a, "--b", args.b, "--deals", str(args.deals),
                "--seed", str(args.seed), "--workers", "1", "--progress", str(args.progress)]
        if args.log:
            argv += ["--log", args.log]
        rc = arena.main(argv)
    print(f"decisions_logged={log.written} file={args.out}")
    return rc


def mean_se(xs: Sequence[float]) -> tuple[float, float]:
    n = len(xs)
    m = sum(xs) / n
    var = sum((x - m) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
    return m, math.sqrt(var / n)


_INDEX = {str(c): i for i, c in enumerate(DECK)}


def move_class(rec: dict[str, Any], key: str) -> str:
    """A coarse name for a move: a lead by kind, trump or not and rank (A/T, K/Q, J); an answer
    by whether it takes the trick, and how (in the suit led, or with a trump)."""
    kind, _, card = key.partition(" ")
    if kind != "play":
        return kind
    c, trump = _INDEX[card], rec["trump"]
    rank = ("AT", "AT", "KQ", "KQ", "J")[c % 5]
    if rec["led"] < 0:
        return f"lead {'trump' if c // 5 == trump else 'plain'} {rank}"
    led = rec["led"]
    if c // 5 == led // 5:
        return "answer takes in suit" if c % 5 < led % 5 else "answer under in suit"
    return "answer trumps" if c // 5 == trump else "answer discards"


def read_records(paths: Sequence[str]) -> list[dict[str, Any]]:
    """Every JSON line of the files, in order."""
    recs: list[dict[str, Any]] = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            recs.extend(json.loads(line) for line in f)
    return recs


def _slope_r2(xs: Sequence[float], ys: Sequence[float]) -> tuple[float, float]:
    """Least squares of ys on xs: the slope and the share of the variance of ys explained."""
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    if n < 3 or sxx == 0 or syy == 0:
        return math.nan, math.nan
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    return sxy / sxx, sxy * sxy / (sxx * syy)


def report(paths: Sequence[str]) -> int:
    """Print, by bot and stock size: decisions, the mean value the bot gave the move it chose,
    the reference's value of that move (both hands known), the game points the deals gave, and
    the bot's excess expectation (its value less the outcome, with its standard error)."""
    recs = read_records(paths)
    cells: dict[tuple[str, int], list[tuple[float, float, float]]] = defaultdict(list)
    classes: dict[tuple[int, str], list[tuple[float, float, float]]] = defaultdict(list)
    for rec in recs:
        chosen = rec["chosen"]
        row = (rec["values"][chosen], rec["reference"].get(chosen, math.nan), float(rec["gp"]))
        cells[(rec["bot"], rec["stock"])].append(row)
        classes[(rec["stock"], move_class(rec, chosen))].append(row)
    print("by bot and stock size: the mean value of the move chosen (the bot's, the reference's), the mean game")
    print("points, the bot's excess expectation, and how the game points follow the bot's value (slope, R2)")
    print(f"{'bot':<4}{'stock':>6}{'n':>7}{'value':>8}{'ref':>8}{'gp':>8}{'value-gp':>10}{'+-':>7}{'slope':>7}{'R2':>6}")
    for (bot, stock) in sorted(cells, key=lambda c: (c[0], -c[1])):
        rows = cells[(bot, stock)]
        value = sum(r[0] for r in rows) / len(rows)
        ref = sum(r[1] for r in rows) / len(rows)
        gp = sum(r[2] for r in rows) / len(rows)
        excess, se = mean_se([r[0] - r[2] for r in rows])
        slope, r2 = _slope_r2([r[0] for r in rows], [r[2] for r in rows])
        print(f"{bot:<4}{stock:>6}{len(rows):>7}{value:>8.3f}{ref:>8.3f}{gp:>8.3f}{excess:>10.3f}{se:>7.3f}"
              f"{slope:>7.2f}{r2:>6.2f}")
    print("\nby the kind of move chosen (both bots): value-gp the bot's excess expectation, ref-gp the"
          " reference's (what seeing both hands promises and play without that sight does not make)")
    print(f"{'stock':>5}  {'move':<22}{'n':>6}{'value-gp':>10}{'+-':>7}{'ref-gp':>8}{'+-':>7}")
    for (stock, name) in sorted(classes, key=lambda c: (-c[0], c[1])):
        rows = classes[(stock, name)]
        if len(rows) < 20:
            continue
        excess, se = mean_se([r[0] - r[2] for r in rows])
        ref_excess, ref_se = mean_se([r[1] - r[2] for r in rows])
        print(f"{stock:>5}  {name:<22}{len(rows):>6}{excess:>10.3f}{se:>7.3f}{ref_excess:>8.3f}{ref_se:>7.3f}")
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--a", default="expert-fixed", help="bot A's level (ai.arena's names)")
    p.add_argument("--b", default="sparring-firm", help="bot B's level")
    p.add_argument("--deals", type=int, default=40, help="deals (an even number: each is played both ways)")
    p.add_argument("--seed", type=int, default=225)
    p.add_argument("--out", default="decisions.jsonl", help="the decisions, one JSON line each")
    p.add_argument("--log", default=None, help="also write the arena's own log here")
    p.add_argument("--progress", type=int, default=0, metavar="PAIRS")
    p.add_argument("--report", nargs="+", metavar="FILE", help="summarise decision files instead of playing")
    args = p.parse_args(argv)
    return report(args.report) if args.report else generate(args)


if __name__ == "__main__":
    raise SystemExit(main())
