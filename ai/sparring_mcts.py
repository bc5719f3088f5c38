"""Benchmark-only Schnapsen sparring partner of the public bots' kind: PIMC + UCT with random play-outs.

Not a level of the app.  ``ai.arena`` and the benchmarks reach it as ``--b mcts`` (the issue's
description of the strongest public bot it was measured against: about 150 sampled deals and
about 100,000 UCT iterations with full random play-outs per decision) or ``mcts-S-I`` (S samples,
I iterations in all per decision, ``mcts-S-I-C`` with the exploration constant C/100, and
``mcts-S-I-C-G`` with a play-out answer greedy with chance G/100: the cheapest card that wins the
suit led, a low trump on an ace or a ten, else the cheapest card).

For every decision it deals the unseen cards ``samples`` times uniformly among the deals
consistent with its observation (``ai.schnapsen_determinize.sample_uniform``, the sampler of the
exact partner ``ai.sparring``) and runs UCT on each sampled deal, a perfect-information game,
for ``iterations / samples`` iterations (``sparring_mcts.c``): UCB1 selection, one node expanded
per iteration, then a random play-out (cards uniformly at random; the play-out declares once it
has 66, takes the trump jack, shows a marriage whose card it leads, and never closes or declares
falsely).  The root's visit counts are summed over the samples and the most visited move is
played.  Rewards are game points scaled to [0, 1], in a match the match equity of each outcome
(``ai.match_equity``), so the partner plays Bummerl scoring as the expert does.  The budget is a
number of iterations, never a clock.  Where no C compiler exists the partner cannot be built
(``load_mcts`` returns None, ``make`` raises).

Glossary: stock = Talon; close = zudrehen; exchange = Atout-Unter tauschen; marriage =
Zwanziger/Vierziger; declare = ausmelden.
"""

from __future__ import annotations

import ctypes
from collections.abc import Sequence
from pathlib import Path
from random import Random
from typing import Any

from ai.match_equity import deal_equity
from ai.pimc_search import best_key
from ai.schnapsen_determinize import sample_uniform
from ai.schnapsen_exact import cached_build
from ai.schnapsen_knowledge import schnapsen_knowledge
from ai.schnapsen_solver import DECK, World, phase2_values
from game.rules.base import Move
from game.rules.messages import Reason

SOURCE = Path(__file__).with_name("sparring_mcts.c")
ABI = 2
#: the issue's public bot: about 150 sampled deals, about 100,000 UCT iterations per decision
SAMPLES = 150
ITERATIONS = 100_000
#: UCB1's exploration constant for rewards in [0, 1]
EXPLORATION = 0.7
#: move codes of the C engine beyond the cards (0-19 plays, 20-39 a marriage's card led)
DECLARE, EXCHANGE, CLOSE, MELD_DECLARE = 40, 41, 42, 43

_lib: Any = None
_tried = False


def load_mcts() -> Any:
    """The compiled UCT engine (built from the source on first use), or None without a compiler."""
    global _lib, _tried
    if not _tried:
        _tried = True
        built = cached_build(SOURCE, prefix="mcts")
        _lib = _bind(built) if built is not None else None
    return _lib


def _bind(lib_path: Path) -> Any:
    try:
        lib = ctypes.CDLL(str(lib_path))
        lib.mc_abi.restype = ctypes.c_int
        if lib.mc_abi() != ABI:
            return None
    except (OSError, AttributeError):
        return None
    u32, i, d = ctypes.c_uint32, ctypes.c_int, ctypes.c_double
    ip, dp = ctypes.POINTER(i), ctypes.POINTER(d)
    lib.mc_setup.argtypes = [i] * 7 + [ip]
    lib.mc_setup.restype = None
    lib.mc_search.argtypes = [i, u32, u32] + [i] * 12 + [i, ctypes.c_uint64, d, d, dp, ip, ip, dp]
    lib.mc_search.restype = i
    lib.mc_exact.argtypes = [i, u32, u32] + [i] * 12 + [ip, ip]
    lib.mc_exact.restype = i
    return lib


def _position(w: World, lib: Any) -> list[int]:
    """Set the deal up in the engine; the position's arguments (seat, hands, scores, close record,
    the card led, whether a trick was played, the marriage shown)."""
    ctx = w.ctx
    open_stock = ctx.closed_by < 0 and bool(w.stock)
    stock = list(w.stock) if open_stock else []
    arr = (ctypes.c_int * max(1, len(stock)))(*stock)
    lib.mc_setup(ctx.trump, int(ctx.claim_last), int(ctx.meld_first), int(ctx.close_two),
                 int(ctx.false_pagat), int(ctx.closed_pagat), len(stock), arr)
    led = w.led if w.stage == "follow" else -1
    return [w.to_act, w.hands[0], w.hands[1], w.card_pts[0], w.card_pts[1], w.meld_pts[0], w.meld_pts[1],
            w.tricks[0], w.tricks[1], ctx.closed_by, ctx.close_points, ctx.close_tricks, led,
            int(w.history), w.melded]


def move_key(code: int) -> str:
    """The notation of the legal move an engine move code belongs to."""
    if code < 20:
        return f"play {DECK[code]}"
    if code < 40:
        return f"meld {DECK[code - 20].suit}"
    if code >= MELD_DECLARE:
        return f"meld {DECK[5 * (code - MELD_DECLARE)].suit}"
    return {DECLARE: "declare", EXCHANGE: "exchange", CLOSE: "close"}[code]


def exact_move_values(w: World, lib: Any) -> dict[str, float]:
    """Each legal move's exact value by plain alpha-beta over the engine's own moves (a marriage's
    value its best continuation), for the test that the engine plays the exact core's rules."""
    args = _position(w, lib)
    moves, values = (ctypes.c_int * 24)(), (ctypes.c_int * 24)()
    n = lib.mc_exact(*args, moves, values)
    out: dict[str, float] = {}
    for j in range(n):
        key = move_key(moves[j])
        out[key] = max(out.get(key, -99.0), float(values[j]))
    return out


def search(w: World, lib: Any, iterations: int, seed: int, rewards: Sequence[float],
           exploration: float = EXPLORATION, greedy: float = 0.0) -> dict[str, tuple[int, float]]:
    """UCT on one known deal: each legal move's visits and mean reward (for the seat to move);
    ``greedy`` the chance that a play-out answer is the greedy one (0: random play-outs)."""
    args = _position(w, lib)
    moves, visits = (ctypes.c_int * 24)(), (ctypes.c_int * 24)()
    means = (ctypes.c_double * 24)()
    r0 = (ctypes.c_double * 7)(*rewards)
    n = lib.mc_search(*args, max(1, iterations), seed, exploration, greedy, r0, moves, visits, means)
    out: dict[str, tuple[int, float]] = {}
    for j in range(n):
        key = move_key(moves[j])
        v0, m0 = out.get(key, (0, 0.0))
        out[key] = (v0 + visits[j], m0 + visits[j] * means[j])
    return {k: (v, (m / v if v else 0.0)) for k, (v, m) in out.items()}


def rewards_for(seat: int, needs: tuple[int, int] | None) -> list[float]:
    """Seat 0's reward in [0, 1] of each outcome -3..3 (game points for seat 0): game points
    scaled, or in a match the deciding seat's match equity (seat 0's is one minus seat 1's)."""
    out = []
    for v0 in range(-3, 4):
        mine = v0 if seat == 0 else -v0
        r = (mine + 3) / 6 if needs is None else deal_equity(needs, mine)
        out.append(r if seat == 0 else 1.0 - r)
    return out


class MctsSparringAgent:
    """PIMC over ``samples`` uniform samples, UCT with random play-outs on each."""

    level = "mcts"

    def __init__(self, seat: int = 0, samples: int = SAMPLES, iterations: int = ITERATIONS,
                 exploration: float = EXPLORATION, greedy: float = 0.0) -> None:
        self.seat = seat
        self.greedy = greedy
        self.samples = samples
        self.iterations = iterations
        self.exploration = exploration
        self.lib = load_mcts()
        if self.lib is None:
            raise RuntimeError("the mcts sparring partner needs a C compiler to build ai/sparring_mcts.c")

    def choose(self, observation: Any, legal_moves: Sequence[Move], rng: Random) -> Move:
        return self.explain(observation, legal_moves, rng)[0]

    def values(self, observation: Any, legal_moves: Sequence[Move], rng: Random) -> dict[str, tuple[int, float]]:
        """Each legal move's visits summed over the samples and its mean reward (0..1)."""
        keys = [str(mv) for mv in legal_moves]
        k = schnapsen_knowledge(observation)
        needs = getattr(observation, "match_needs", None)
        n = 1 if k.perfect else self.samples
        per_sample = max(1, self.iterations // n)
        totals = {key: [0, 0.0] for key in keys}
        for _ in range(n):
            w = sample_uniform(k, rng)
            if w.stage == "final":  # the last trick is played: declare or pass, nothing to search
                vals = phase2_values(w)
                return {key: (1, float(vals.get(key, -3))) for key in keys}
            res = search(w, self.lib, per_sample, rng.getrandbits(63) | 1, rewards_for(w.to_act, needs),
                         self.exploration, self.greedy)
            for key in keys:
                v, m = res.get(key, (0, 0.0))
                totals[key][0] += v
                totals[key][1] += v * m
        return {key: (int(v), (m / v if v else 0.0)) for key, (v, m) in totals.items()}

    def explain(self, observation: Any, legal_moves: Sequence[Move], rng: Random) -> tuple[Move, Reason]:
        if len(legal_moves) == 1:
            return legal_moves[0], Reason("only_legal")
        vals = self.values(observation, legal_moves, rng)
        order = [str(mv) for mv in legal_moves]
        score = {key: vals[key][0] + 1e-6 * vals[key][1] for key in order}
        key = best_key(score, order)
        return next(mv for mv in legal_moves if str(mv) == key), Reason("d.search", used=self.samples,
                                                                          value=vals[key][1])


def make(level: str, seat: int = 0) -> Any:
    """``mcts`` (the issue's public bot: SAMPLES samples, ITERATIONS iterations a decision),
    ``mcts-S-I`` (S samples, I iterations), ``mcts-S-I-C`` (exploration C / 100) or
    ``mcts-S-I-C-G`` (a play-out answer greedy with chance G / 100); None for other names."""
    if level == "mcts":
        return MctsSparringAgent(seat)
    parts = level.split("-")
    if parts[0] == "mcts" and len(parts) in (3, 4, 5) and all(p.isdigit() for p in parts[1:]) \
            and all(int(p) > 0 for p in parts[1:4]) and int(parts[-1]) <= (100 if len(parts) == 5 else 10**9):
        c = int(parts[3]) / 100 if len(parts) >= 4 else EXPLORATION
        greedy = int(parts[4]) / 100 if len(parts) == 5 else 0.0
        return MctsSparringAgent(seat, int(parts[1]), int(parts[2]), c, greedy)
    return None


__all__ = ["ITERATIONS", "MctsSparringAgent", "SAMPLES", "exact_move_values", "load_mcts", "make", "move_key",
           "rewards_for", "search"]
