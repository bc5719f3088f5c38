"""Alpha-mu search of a closed Schnapsen deal whose opponent hand is not known.

PIMC values each move by solving every sampled deal with the hands open, so in each sample it
plays its later moves knowing the opponent's hand (strategy fusion).  Alpha-mu (Cazenave and
Ventos, 2019) searches all samples together: this seat's next ``M`` moves are chosen once for
every sample that looks alike to it (it still sees the opponent's cards as they are played),
the opponent answers each sample as it likes (it is assumed to see all), and below that each
sample is solved exactly.  A node's value is a front: the set of vectors (one value per sample)
that a strategy of this seat can reach, dominated vectors dropped.  ``M = 1`` is PIMC, except
that the card led with a marriage just shown is chosen once for all samples too.

Only for closed deals (strict rules, the stock out of play): the samples then differ in the
opponent's hand alone.  The expert uses it where ``ALPHAMU_MOVES`` / ``CLOSE_ALPHAMU_MOVES``
(``ai.schnapsen``) say; measured against the sparring partner it won no more deals than PIMC,
so only the benchmark level ``expert-fixed-alphamuN`` turns it on.  Rules and AI never import
pygame.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any

from ai.schnapsen_exact import exact_values
from ai.schnapsen_solver import (
    DECK,
    KING,
    POINTS,
    QUEEN,
    SUIT,
    Context,
    Phase2Solver,
    World,
    bits,
    declare_value,
)

Vector = tuple[float, ...]
Front = list[Vector]

#: a front never keeps more vectors than this (the best by weighted mean are kept)
MAX_FRONT = 24
_INF = 1e9


@lru_cache(maxsize=64)
def _rules(ctx: Context) -> Phase2Solver:
    """One solver per deal's context for its rule helpers (what may follow, the last trick's
    scoring): building one per position would make a new table each time."""
    return Phase2Solver(ctx)


def moves(w: World) -> list[str]:
    """The keys of the legal moves of the seat to act in a closed deal's position ``w``."""
    s = w.to_act
    hand = w.hands[s]
    ctx = w.ctx
    if w.stage == "follow":
        return [f"play {DECK[b]}" for b in bits(_rules(ctx).follow_cards(hand, w.led))]
    out = ["declare"] if w.history or w.melded >= 0 else []
    if w.melded >= 0:
        return out + [f"play {DECK[5 * w.melded + KING]}", f"play {DECK[5 * w.melded + QUEEN]}"]
    if w.history or ctx.meld_first:
        for st in range(4):
            if hand >> (5 * st + KING) & 1 and hand >> (5 * st + QUEEN) & 1:
                out.append(f"meld {DECK[5 * st + KING].suit}")
    return out + [f"play {DECK[a]}" for a in bits(hand)]


def _scores(w: World, s: int) -> tuple[int, int]:
    o = 1 - s
    return (w.card_pts[s] + (w.meld_pts[s] if w.tricks[s] else 0),
            w.card_pts[o] + (w.meld_pts[o] if w.tricks[o] else 0))


_CARD = {f"play {DECK[i]}": i for i in range(20)}
_MELD = {f"meld {DECK[5 * st + KING].suit}": st for st in range(4)}


def play(w: World, key: str, me: int) -> World | float:
    """Position ``w`` after its seat to act makes move ``key``: the next position, or the deal's
    outcome in game points for seat ``me`` if it ends."""
    s, o, ctx = w.to_act, 1 - w.to_act, w.ctx
    if key == "declare":
        sm, so = _scores(w, s)
        v = declare_value(ctx, s, sm, so, w.tricks[o])
        return float(v if s == me else -v)
    if key in _MELD:
        st = _MELD[key]
        val = 40 if st == ctx.trump else 20
        mp = (w.meld_pts[0] + val, w.meld_pts[1]) if s == 0 else (w.meld_pts[0], w.meld_pts[1] + val)
        return replace(w, melded=st, meld_pts=mp)
    c = _CARD[key]
    hands = (w.hands[0] & ~(1 << c), w.hands[1]) if s == 0 else (w.hands[0], w.hands[1] & ~(1 << c))
    if w.stage == "lead":
        return replace(w, to_act=o, stage="follow", led=c, melded=-1, hands=hands)
    a, leader = w.led, o
    if SUIT[a] == SUIT[c]:
        win = s if c < a else leader
    else:
        win = s if SUIT[c] == ctx.trump else leader
    pts = list(w.card_pts)
    tricks = list(w.tricks)
    pts[win] += POINTS[a] + POINTS[c]
    tricks[win] += 1
    if not hands[0] and not hands[1]:
        v = _rules(ctx).final(win, pts[0], pts[1], w.meld_pts[0], w.meld_pts[1], tricks[0], tricks[1])
        return float(v if win == me else -v)
    return replace(w, to_act=win, stage="lead", led=-1, melded=-1, hands=hands,
                   card_pts=(pts[0], pts[1]), tricks=(tricks[0], tricks[1]), history=True)


class AlphaMu:
    """One alpha-mu search over weighted samples of a closed deal for seat ``me``."""

    def __init__(self, core: Any, me: int, weights: Sequence[float]) -> None:
        self.core = core
        self.me = me
        self.weights = list(weights)
        self.leaf_cache: dict[World, float] = {}
        self.leaves = 0

    def leaf(self, w: World) -> float:
        """The exact value of ``w`` for ``me`` with both hands known (PIMC below the front)."""
        hit = self.leaf_cache.get(w)
        if hit is None:
            self.leaves += 1
            best = max(exact_values(w, self.core).values())
            hit = best if w.to_act == self.me else -best
            self.leaf_cache[w] = hit
        return hit

    def mean(self, v: Vector, idx: Sequence[int]) -> float:
        ws = self.weights
        tot = sum(ws[i] for i in idx) or 1.0
        return sum(ws[i] * x for i, x in zip(idx, v, strict=True)) / tot

    def prune(self, front: Front, idx: Sequence[int]) -> Front:
        """The front without dominated vectors (and at most ``MAX_FRONT`` of them)."""
        uniq = sorted(set(front), key=lambda v: -self.mean(v, idx))
        kept: Front = []
        for v in uniq:
            if not any(all(x >= y for x, y in zip(u, v, strict=True)) for u in kept):
                kept.append(v)
                if len(kept) >= MAX_FRONT:
                    break
        return kept

    def search(self, nodes: list[World | float], idx: list[int], m: int) -> Front:
        """The front of the position ``nodes`` (one per sample in ``idx``, all alike to ``me``)
        with ``m`` more moves of ``me`` searched together."""
        first = nodes[0]
        if not isinstance(first, World):  # the deal ended (the same way in every sample)
            return [tuple(float(x) for x in nodes)]  # type: ignore[arg-type]
        worlds: list[World] = nodes  # type: ignore[assignment]
        if m == 0:
            return [tuple(self.leaf(w) for w in worlds)]
        if first.to_act == self.me:
            front: Front = []
            for key in moves(first):
                nm = m if key in _MELD else m - 1  # showing a marriage is no decision of its own
                front.extend(self.search([play(w, key, self.me) for w in worlds], idx, nm))
            return self.prune(front, idx)
        groups: dict[str, list[int]] = {}
        for j, w in enumerate(worlds):
            for key in moves(w):
                groups.setdefault(key, []).append(j)
        result: Front | None = None
        n = len(worlds)
        for key, members in groups.items():
            sub = self.search([play(worlds[j], key, self.me) for j in members], [idx[j] for j in members], m)
            full: Front = []
            for v in sub:
                vec = [_INF] * n
                for j, x in zip(members, v, strict=True):
                    vec[j] = x
                full.append(tuple(vec))
            if result is None:
                result = full
            else:
                result = self.prune([tuple(min(x, y) for x, y in zip(a, b, strict=True)) for a in result for b in full], idx)
        return result or []

    def root(self, worlds: list[World], keys: Sequence[str], m: int) -> dict[str, float]:
        """Each root move's value: the best weighted mean of its front."""
        idx = list(range(len(worlds)))
        out: dict[str, float] = {}
        for key in keys:
            nm = m if key in _MELD else m - 1
            front = self.search([play(w, key, self.me) for w in worlds], idx, nm)
            out[key] = max(self.mean(v, idx) for v in front) if front else -10.0
        return out


def alphamu_values(worlds: Sequence[World], weights: Sequence[float], keys: Sequence[str],
                   core: Any, me: int, m: int = 2) -> tuple[dict[str, float], int]:
    """The value of each root move ``keys`` over the weighted samples (merged where the
    opponent's hand is the same), and the number of exact leaf solves."""
    merged: dict[int, int] = {}
    ws: list[World] = []
    wt: list[float] = []
    for w, x in zip(worlds, weights, strict=True):
        h = w.hands[1 - me]
        if h in merged:
            wt[merged[h]] += x
        else:
            merged[h] = len(ws)
            ws.append(replace(w, stock=()))
            wt.append(x)
    search = AlphaMu(core, me, wt)
    return search.root(ws, keys, m), search.leaves
