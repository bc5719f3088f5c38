"""What seeing the opponent's hand is worth to the Schnapsen expert, by kind of decision (a probe).

    python benchmarks/oracle_probe.py --see answer --deals 600 --seed 297 --log oracle_answer_297.jsonl
    python benchmarks/paired.py base_297.jsonl oracle_answer_297.jsonl

Plays arena deals (``ai.arena.run_pair``: the same deck twice, seats swapped, the arena's seeds
and bot rngs) in which A, an expert level, is given the opponent's true hand at the decisions
``--see`` names: every PIMC sample of such a decision deals the opponent the hand it really holds
(the face-down stock is still dealt at random from the other unseen cards, as session 45's probe
did).  B never sees anything.  The kinds of decision:

- ``lead``: A leads at the open stock (a card, a marriage, the trump-jack exchange, the close);
- ``answer``: A answers the opponent's lead at the open stock;
- ``closed``: A plays in a closed deal whose opponent hand it does not yet know;
- ``close``: only the question whether to close, at A's leads where it may: A decides with the
  true hand, and if that is not a close, it chooses its lead again among the other moves
  without it (so its cards are led as ever; ``lead`` sees the whole decision).

``--stocks`` narrows ``lead``, ``answer`` and ``close`` to those stock sizes.  The log has the arena's form,
so ``benchmarks/paired.py`` compares it with an arena run of the same A, B and seed: with
``--see`` empty the probe plays exactly the arena's games (a check of the harness).  What each
kind gains, against what seeing every decision gains (+12.5 +- 3.3 points, session 45), says
where better inference would pay and where only better play under the same uncertainty can.

The probe breaks the bots' fairness on purpose and only inside its own process: it wraps the
rules' ``observe`` to keep the state of the decision and replaces ``ai.schnapsen.sample_world``
while A decides.  It is not a level of the app or of the arena.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from random import Random
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import ai.schnapsen as expert_module  # noqa: E402
from ai.arena import log_line, mean_ci, run_pair, wilson  # noqa: E402
from ai.schnapsen_determinize import READ_DRAWS, world_with_hand  # noqa: E402
from ai.schnapsen_knowledge import schnapsen_knowledge  # noqa: E402
from ai.schnapsen_solver import mask_of  # noqa: E402
from game.rules import registry  # noqa: E402
from game.rules.base import Move  # noqa: E402

KINDS = ("lead", "answer", "closed", "close")


def decision_kind(k: Any) -> str | None:
    """The kind of a decision (``KINDS``) from its knowledge, or None where the opponent's hand
    is already known (the expert then solves exactly and there is nothing to see)."""
    if k.perfect:
        return None
    if k.phase2:
        return "closed"
    if k.stage == "lead":
        return "lead"
    if k.stage == "follow":
        return "answer"
    return None


class Oracle:
    """The state behind the latest observation and the hand A's samples are given, if any."""

    def __init__(self) -> None:
        self.state: Any = None
        self.seat = -1
        self.hand: int | None = None

    def sample_world(self, original: Callable[..., Any]) -> Callable[..., Any]:
        """``original`` (``sample_world``), but with the true hand while one is given."""

        def sample(k: Any, rng: Random, read_draws: int = READ_DRAWS) -> Any:
            if self.hand is not None and not k.perfect:
                return world_with_hand(k, self.hand, rng)
            return original(k, rng, read_draws)

        return sample


class Seer:
    """Chooses as ``agent``, given the opponent's true hand at the decisions of the kinds in
    ``see`` (at the stock sizes in ``stocks``, if given); ``counts`` tallies them by kind."""

    def __init__(self, agent: Any, oracle: Oracle, see: frozenset[str], stocks: frozenset[int] | None,
                 counts: Counter[str]) -> None:
        self.agent = agent
        self.oracle = oracle
        self.see = see
        self.stocks = stocks
        self.counts = counts

    def choose(self, observation: Any, legal_moves: Sequence[Move], rng: Random) -> Move:
        k = schnapsen_knowledge(observation)
        kind = decision_kind(k)
        at_stock = kind == "closed" or self.stocks is None or k.stock_size in self.stocks
        if len(legal_moves) < 2 or not at_stock:
            return self.agent.choose(observation, legal_moves, rng)
        if kind == "lead" and "lead" not in self.see and "close" in self.see \
                and any(m.kind == "close" for m in legal_moves):
            move = self._seen(observation, legal_moves, Random(rng.random()), "close")
            if move.kind == "close":
                return move
            return self.agent.choose(observation, [m for m in legal_moves if m.kind != "close"], rng)
        if kind in self.see:
            return self._seen(observation, legal_moves, rng, str(kind))
        return self.agent.choose(observation, legal_moves, rng)

    def _seen(self, observation: Any, legal_moves: Sequence[Move], rng: Random, kind: str) -> Move:
        """A's choice with its samples given the opponent's true hand."""
        if self.oracle.state is None or self.oracle.seat != observation.seat:
            raise RuntimeError("the probe lost track of the state behind the observation")
        self.oracle.hand = mask_of(self.oracle.state.hands[1 - observation.seat])
        self.counts[kind] += 1
        try:
            return self.agent.choose(observation, legal_moves, rng)
        finally:
            self.oracle.hand = None


@contextmanager
def seeing(oracle: Oracle) -> Iterator[None]:
    """The rules' ``observe`` keeps each observed state in ``oracle``, and the expert's samples
    come through ``oracle``; both undone on leaving."""
    rules = registry.get("schnapsen")
    observe = rules.observe
    sample_world = expert_module.sample_world

    def keeping(state: Any, seat: int) -> Any:
        oracle.state, oracle.seat = state, seat
        return observe(state, seat)

    rules.observe = keeping
    expert_module.sample_world = oracle.sample_world(sample_world)
    try:
        yield
    finally:
        del rules.observe  # the instance attribute goes, the class's method is back
        expert_module.sample_world = sample_world


def play(a_level: str, b_level: str, seed: int, pairs: int, see: frozenset[str],
         stocks: frozenset[int] | None, on_pair: Callable[[int, list[Any]], None] | None = None,
         make: Callable[[Any], Any] | None = None,
         oracle: Oracle | None = None) -> tuple[list[Any], Counter[str]]:
    """The first ``pairs`` arena pairs of ``seed`` with A seeing as ``see`` says; the outcomes
    and the decisions seen by kind.  For tests: ``make(agent)`` stands in for A's agent, and
    ``oracle`` is the one the probe fills."""
    oracle = oracle or Oracle()
    counts: Counter[str] = Counter()
    outs: list[Any] = []
    with seeing(oracle):
        for i in range(pairs):

            def wrap(agent: Any, game: int, seat: int, i: int = i) -> Any:
                if seat != (i + game) % 2:  # B's seat (A sits at (i + game) % 2, as in run_pair)
                    return agent
                return Seer(make(agent) if make else agent, oracle, see, stocks, counts)

            res = run_pair(("schnapsen", 2, a_level, b_level, "deals", seed, i), wrap)
            outs.extend(res)
            if on_pair is not None:
                on_pair(i, res)
    return outs, counts


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python benchmarks/oracle_probe.py", description=__doc__.splitlines()[0])
    ap.add_argument("--a", default="expert-fixed", help="A's level, an expert (default expert-fixed)")
    ap.add_argument("--b", default="sparring-firm", help="B's level (default sparring-firm)")
    ap.add_argument("--see", default="", help=f"kinds of A's decisions given the true hand, comma-separated: "
                                              f"{', '.join(KINDS)} (empty: none, the arena's games)")
    ap.add_argument("--stocks", default="", help="only lead, answer and close decisions at these stock sizes (e.g. 10,8)")
    ap.add_argument("--deals", type=int, required=True)
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--log", type=Path, default=None, help="one JSON line per game, as ai.arena --log writes")
    ap.add_argument("--progress", type=int, default=0, metavar="PAIRS")
    args = ap.parse_args(argv)
    see = frozenset(s for s in args.see.split(",") if s)
    if not see <= set(KINDS):
        ap.error(f"--see takes {', '.join(KINDS)}, not {', '.join(sorted(see - set(KINDS)))}")
    try:
        stocks = frozenset(int(s) for s in args.stocks.split(",") if s) or None
    except ValueError:
        ap.error(f"--stocks takes stock sizes such as 10,8, not {args.stocks!r}")
    if args.deals < 2:
        ap.error("--deals must be at least 2 (one pair)")
    log = args.log.open("w", encoding="utf-8") if args.log else None
    t0 = time.perf_counter()
    done: list[Any] = []

    def on_pair(i: int, res: list[Any]) -> None:
        done.extend(res)
        if log is not None:
            for o in res:
                log.write(log_line(i, o))
            log.flush()
        if args.progress and (i + 1) % args.progress == 0:
            w = sum(o.wins for o in done)
            print(f"  {len(done)} deals: A wins {w:.1f} ({w / len(done):.3f}) after {time.perf_counter() - t0:.0f} s",
                  file=sys.stderr, flush=True)

    try:
        outs, counts = play(args.a, args.b, args.seed, args.deals // 2, see, stocks, on_pair)
    finally:
        if log is not None:
            log.close()
    n = len(outs)
    wins = sum(o.wins for o in outs)
    lo, hi = wilson(wins, n)
    gp, half = mean_ci([(outs[i].gp + outs[i + 1].gp) / 2 for i in range(0, n - 1, 2)])
    seen = ", ".join(f"{kind} {counts[kind]}" for kind in KINDS if kind in see) or "none"
    print(f"oracle probe: A={args.a} vs B={args.b}, seed {args.seed}, {n} deals, seeing {seen} "
          f"(stocks {args.stocks or 'all'}), {time.perf_counter() - t0:.0f} s")
    print(f"A won {wins:.1f} = {100 * wins / n:.2f} % [{100 * lo:.1f}, {100 * hi:.1f}]; "
          f"{gp:+.3f} +- {half:.3f} GP a deal (pairs)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
