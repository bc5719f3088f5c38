"""Benchmark-only Schnapsen sparring partner: PIMC with every sampled deal solved to its end.

Not a level of the app (``ai.base.LEVELS`` does not list it); ``ai.arena`` and the benchmarks
reach it as ``--b sparring`` (or ``sparring-N`` for N samples per decision).  It stands for the
strongest public bots of its class: for every decision it deals the unseen cards ``samples``
times uniformly among the deals consistent with its observation (``ai.schnapsen_determinize``, without
the expert's reading of the opponent's last lead, so that it shares no inference with the bot
it measures) and solves each sampled deal exactly to the end with alpha-beta (phase 1 with
drawing, exchange, closing and marriages, then phase 2), not to a depth and a leaf estimate as
the expert does.  The budget is a fixed number of samples, never a clock, so its strength does
not depend on the machine.  In a match each outcome counts by its match equity.

The exact search runs in a small C core (``sparring_core.c``) compiled on first use with the
system compiler into a cache folder and loaded with ctypes; without a compiler the same values
come from the pure-Python ``DealSearch`` with unlimited depth (about a hundred times slower).

Glossary: stock = Talon; close = zudrehen; exchange = Atout-Unter tauschen; marriage =
Zwanziger/Vierziger; declare = ausmelden.
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import subprocess
import tempfile
from collections.abc import Sequence
from pathlib import Path
from random import Random
from typing import Any

from ai.match_equity import deal_equity
from ai.pimc_search import best_key
from ai.schnapsen_determinize import sample_uniform
from ai.schnapsen_knowledge import schnapsen_knowledge
from ai.schnapsen_search import world_values
from ai.schnapsen_solver import (
    DECK,
    JACK,
    KING,
    QUEEN,
    SUIT,
    World,
    bits,
    declare_value,
    phase2_values,
)
from game.rules.base import Move
from game.rules.messages import Reason

#: samples per decision (phase 1, and phase 2 while the opponent's hand is not known)
SAMPLES = 64
SOURCE = Path(__file__).with_name("sparring_core.c")
#: where the compiled core is kept (a test points it at its tmp_path)
CACHE_ENV = "KARTENSTUBE_SPARRING_CACHE"

_core: Any = None
_core_tried = False


def _compile(cache: Path) -> Path | None:
    src = SOURCE.read_bytes()
    lib = cache / f"sparring_{hashlib.sha256(src).hexdigest()[:16]}.so"
    if lib.exists():
        return lib
    cache.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(suffix=".so", dir=cache)
    os.close(fd)
    cc = os.environ.get("CC", "cc")
    try:
        subprocess.run([cc, "-O2", "-shared", "-fPIC", "-o", tmp, str(SOURCE)], check=True,
                       capture_output=True, timeout=120)
        os.replace(tmp, lib)  # atomic: a concurrent process sees the whole library or none
    except (OSError, subprocess.SubprocessError):
        Path(tmp).unlink(missing_ok=True)
        return None
    return lib


def load_core(force_python: bool = False) -> Any:
    """The compiled core, or None (then the pure-Python search is used)."""
    global _core, _core_tried
    if force_python:
        return None
    if not _core_tried:
        _core_tried = True
        cache = Path(os.environ.get(CACHE_ENV) or Path(tempfile.gettempdir()) / "kartenstube-sparring")
        try:
            lib = _compile(cache) if SOURCE.exists() else None
            core = ctypes.CDLL(str(lib)) if lib is not None else None
        except OSError:
            core = None
        if core is not None:
            u32, i = ctypes.c_uint32, ctypes.c_int
            core.sp_setup.argtypes = [i] * 7 + [ctypes.POINTER(i)]
            core.sp_setup.restype = None
            core.sp_lead.argtypes = [i, u32, u32] + [i] * 13
            core.sp_lead.restype = i
            core.sp_trick.argtypes = [i, i, i, u32, u32] + [i] * 11
            core.sp_trick.restype = i
            core.sp_trick_w.argtypes = [i, i, i, u32, u32] + [i] * 13
            core.sp_trick_w.restype = i
            core.sp_nodes.restype = ctypes.c_uint64
        _core = core
    return _core


def exact_values(w: World, core: Any = None) -> dict[str, float]:
    """The exact value (game points for the seat to move) of every legal move of a fully known
    position, searched to the end of the deal; the C core if given, else pure Python."""
    ctx = w.ctx
    open_stock = ctx.closed_by < 0 and bool(w.stock)
    if w.stage == "final" or not open_stock:
        if core is None or w.stage == "final":
            return {k: float(v) for k, v in phase2_values(w).items()}
    if core is None:
        return world_values(w, depth=99, inner_close_min=0)
    stock = list(w.stock) if open_stock else []
    arr = (ctypes.c_int * max(1, len(stock)))(*stock)
    core.sp_setup(ctx.trump, int(ctx.claim_last), int(ctx.meld_first), int(ctx.close_two),
                  int(ctx.false_pagat), int(ctx.closed_pagat), len(stock), arr)
    tu = stock[-1] if stock else 0
    seat, o = w.to_act, 1 - w.to_act
    h, c, m, t = w.hands, w.card_pts, w.meld_pts, w.tricks
    cb, cp, ct = ctx.closed_by, ctx.close_points, ctx.close_tricks

    def pair(x: tuple[int, int], i: int, v: int) -> tuple[int, int]:
        return (v, x[1]) if i == 0 else (x[0], v)

    def responses(other: int, a: int) -> list[int]:
        if open_stock:
            return bits(other)
        same = [b for b in bits(other) if SUIT[b] == SUIT[a]]
        if same:
            return [b for b in same if b < a] or same
        trumps = [b for b in bits(other) if SUIT[b] == ctx.trump]
        return trumps or bits(other)

    def card_value(a: int, mp: tuple[int, int]) -> float:
        """The leader's value of leading ``a`` (marriage points ``mp`` already added)."""
        nh = pair(h, seat, h[seat] & ~(1 << a))
        worst = 99
        for b in sorted(responses(h[o], a), key=lambda b: _answer_order(a, b, ctx.trump)):
            fh = pair(nh, o, nh[o] & ~(1 << b))
            # only answers that make the lead worse than the worst so far need an exact value:
            # the follower's search fails low (a bound) for the others
            v = -core.sp_trick_w(seat, a, b, fh[0], fh[1], c[0], c[1], mp[0], mp[1], t[0], t[1],
                                 0, tu, cb, cp, ct, -worst, 99)
            worst = min(worst, v)
        return float(worst)

    out: dict[str, float] = {}
    if w.stage == "follow":
        follow = bits(h[seat]) if open_stock else responses(h[seat], w.led)
        for b in follow:
            fh = pair(h, seat, h[seat] & ~(1 << b))
            out[f"play {DECK[b]}"] = float(core.sp_trick(o, w.led, b, fh[0], fh[1], c[0], c[1], m[0], m[1],
                                                         t[0], t[1], 0, tu, cb, cp, ct))
        return out
    mine = h[seat]
    sm = c[seat] + (m[seat] if t[seat] else 0)
    so = c[o] + (m[o] if t[o] else 0)
    if w.history or w.melded >= 0:
        out["declare"] = float(declare_value(ctx, seat, sm, so, t[o]))
    if w.melded >= 0:
        for a in (5 * w.melded + KING, 5 * w.melded + QUEEN):
            out[f"play {DECK[a]}"] = card_value(a, m)
        return out
    jack = 5 * ctx.trump + JACK
    if open_stock and mine >> jack & 1:
        nh = pair(h, seat, (mine & ~(1 << jack)) | (1 << tu))
        out["exchange"] = float(core.sp_lead(seat, nh[0], nh[1], c[0], c[1], m[0], m[1], t[0], t[1],
                                             0, jack, -1, -1, -1, int(w.history), 0))
    if open_stock and (len(stock) > 2 or ctx.close_two):
        out["close"] = float(core.sp_lead(seat, h[0], h[1], c[0], c[1], m[0], m[1], t[0], t[1],
                                          0, tu, seat, so, t[o], int(w.history), 0))
    if w.history or ctx.meld_first:
        for s in range(4):
            k, q = 5 * s + KING, 5 * s + QUEEN
            if mine >> k & 1 and mine >> q & 1:
                val = 40 if s == ctx.trump else 20
                mp = pair(m, seat, m[seat] + val)
                d = declare_value(ctx, seat, sm + (val if t[seat] else 0), so, t[o])
                out[f"meld {DECK[k].suit}"] = max(float(d), card_value(k, mp), card_value(q, mp))
    for a in bits(mine):
        out[f"play {DECK[a]}"] = card_value(a, m)
    return out


def _answer_order(a: int, b: int, trump: int) -> int:
    """The follower's likely best answers first (the C core's order): win with the same suit
    (cheapest first), trump it (lowest trump first), then the cheapest card."""
    pts = (11, 10, 4, 3, 2)[b % 5]
    if SUIT[b] == SUIT[a]:
        return 10 - pts if b < a else 40 + pts
    return 31 - pts if SUIT[b] == trump else 40 + pts


class SparringAgent:
    """PIMC over ``samples`` uniform samples, each solved exactly to the end of the deal."""

    level = "sparring"

    def __init__(self, seat: int = 0, samples: int = SAMPLES, force_python: bool = False) -> None:
        self.seat = seat
        self.samples = samples
        self.core = load_core(force_python)

    def choose(self, observation: Any, legal_moves: Sequence[Move], rng: Random) -> Move:
        return self.explain(observation, legal_moves, rng)[0]

    def values(self, observation: Any, legal_moves: Sequence[Move], rng: Random) -> dict[str, float]:
        """Each legal move's mean value over the samples (match equity in a match, else game points)."""
        keys = [str(mv) for mv in legal_moves]
        k = schnapsen_knowledge(observation)
        needs = getattr(observation, "match_needs", None)
        n = 1 if k.perfect else self.samples
        totals = dict.fromkeys(keys, 0.0)
        for _ in range(n):
            w = sample_uniform(k, rng)
            vals = exact_values(w, self.core)
            for key in keys:
                v = vals.get(key)
                if v is None:  # cannot happen for a legal move; count it as the worst outcome
                    v = -3.0
                totals[key] += v if needs is None else deal_equity(needs, v) + 1e-4 * v
        return {key: v / n for key, v in totals.items()}

    def explain(self, observation: Any, legal_moves: Sequence[Move], rng: Random) -> tuple[Move, Reason]:
        if len(legal_moves) == 1:
            return legal_moves[0], Reason("only_legal")
        vals = self.values(observation, legal_moves, rng)
        rank = {"declare": 0 if observation.points >= 66 else 9, "meld": 1, "exchange": 2, "play": 3,
                "pass": 4, "close": 5}
        order = [str(mv) for mv in sorted(legal_moves, key=lambda mv: rank.get(mv.kind, 8))]
        key = best_key(vals, order)
        return next(mv for mv in legal_moves if str(mv) == key), Reason("d.search", used=self.samples, value=vals[key])


def make(level: str, seat: int = 0) -> Any:
    """``sparring`` (SAMPLES samples) or ``sparring-N`` (N samples); ``expert-exact``, the expert
    with the compiled exact search from 8 stock cards on (a measured idea, not shipped); None
    for other names."""
    if level == "expert-exact":
        from ai.schnapsen import ExpertAgent

        return ExpertAgent(seat, exact_stock=8)
    if level == "sparring":
        return SparringAgent(seat)
    if level.startswith("sparring-") and level[9:].isdigit() and int(level[9:]) > 0:
        return SparringAgent(seat, int(level[9:]))
    return None


__all__ = ["SAMPLES", "SparringAgent", "exact_values", "load_core", "make"]
