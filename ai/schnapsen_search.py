"""Perfect-information search of a whole Schnapsen deal (phase 1 included) for one sample.

Perfect-information Monte Carlo (PIMC) deals the unseen cards several times (ai.schnapsen_determinize) and
scores every legal move in each sample with this search.  Inside a sample the stock order and the
opponent's hand are known, so the search plays phase 1 with drawing, the trump-jack exchange,
closing (which hands over to the exact ``Phase2Solver`` with the closing recorded), marriages and
the 66 declaration.  When the stock runs out the exact solver takes over; with more than
``depth`` phase-1 tricks to go the search stops and estimates the position (``estimate``).

Values are game points from the point of view of the seat to move, as in the solver.

Glossary: stock = Talon; close = zudrehen; exchange = Atout-Unter tauschen; marriage =
Zwanziger/Vierziger; declare = ausmelden.
"""

from __future__ import annotations

from dataclasses import replace
from typing import NamedTuple

from ai.schnapsen_solver import (
    DECK,
    INF,
    JACK,
    KING,
    POINTS,
    QUEEN,
    SUIT,
    SUIT_MASK,
    Context,
    Phase2Solver,
    World,
    bits,
    declare_value,
    phase2_values,
)

#: The phase-1 leaf estimate: expected game points for the seat on lead, a linear fit per stock
#: size (cards left) to the outcomes of 400,000 positions from 100,000 player-vs-player deals
#: (``python benchmarks/fit_schnapsen_leaf.py --deals 100000 --seed 7`` prints these weights, to
#: the last digit but for rounding; R^2 on held-out deals 0.44 / 0.40 / 0.34 / 0.28 at 2 / 4 / 6 /
#: 8 cards left, against 0.43 / 0.39 / 0.33 / 0.28 for the single fit over all stock sizes used
#: before).  Per stock size: (constant, own score, opponent's score, own cards trump A 10 K Q J,
#: plain A 10 K Q J, the opponent's cards likewise, own 20 and 40 marriages, the opponent's).  On
#: the same 3,000 deals against the player (seed 52) the expert won 58.97 % of deals and 0.442 GP
#: per deal with it, 57.60 % and 0.390 with the single fit.
LEAF_WEIGHTS: dict[int, tuple[float, ...]] = {
    2: (0.0514, 0.0371, -0.0342, 0.5892, 0.3555, 0.1796, 0.2032, 0.5078, -0.1020, -0.4119, -0.3827, -0.4257,
        -0.2560, -0.3520, -0.2323, -0.1476, -0.0938, 0.0621, 0.0349, 0.2482, 0.2407, 0.2517, 0.2449, 0.7981,
        0.6948, -0.0471, -0.0693),
    4: (0.0270, 0.0374, -0.0299, 0.5294, 0.2848, 0.1978, 0.2182, 0.5103, -0.1368, -0.4032, -0.3928, -0.4572,
        -0.2157, -0.3255, -0.1637, -0.2331, -0.1538, -0.0592, 0.0804, 0.2414, 0.2266, 0.2773, 0.2445, 0.7727,
        0.8481, 0.0700, -0.0060),
    6: (0.0151, 0.0368, -0.0255, 0.4954, 0.2393, 0.2503, 0.2567, 0.4519, -0.1399, -0.3993, -0.4064, -0.4661,
        -0.2064, -0.2822, -0.1088, -0.3128, -0.2105, -0.1394, 0.1285, 0.2650, 0.1980, 0.2852, 0.2527, 0.7491,
        0.7985, 0.1476, -0.0298),
    8: (0.0162, 0.0342, 0.0000, 0.4470, 0.2028, 0.3023, 0.3130, 0.4249, -0.1231, -0.3939, -0.3876, -0.4630,
        -0.2417, -0.2723, -0.0966, -0.3724, -0.2289, -0.1469, 0.1686, 0.2858, 0.2079, 0.2982, 0.2375, 0.6908,
        0.9265, 0.1063, -0.0376),
}
CLIP = 3.0


class LeafTable(NamedTuple):
    """LEAF_WEIGHTS for one trump suit and stock size, laid out per card index for the hot path."""

    constant: float
    own_score: float
    opp_score: float
    own_card: tuple[float, ...]  # by card index
    opp_card: tuple[float, ...]
    own_marriage: tuple[float, ...]  # by suit
    opp_marriage: tuple[float, ...]


def _leaf_table(trump: int, stock: int) -> LeafTable:
    w = LEAF_WEIGHTS[min(LEAF_WEIGHTS, key=lambda s: (abs(s - stock), s))]

    def per_card(base: int) -> tuple[float, ...]:
        return tuple(w[base + (0 if SUIT[i] == trump else 5) + i % 5] for i in range(20))

    def per_suit(base: int) -> tuple[float, ...]:
        return tuple(w[base + (1 if s == trump else 0)] for s in range(4))

    return LeafTable(w[0], w[1], w[2], per_card(3), per_card(13), per_suit(23), per_suit(25))


LEAF_TABLES: dict[tuple[int, int], LeafTable] = {
    (trump, stock): _leaf_table(trump, stock) for trump in range(4) for stock in range(0, 11, 2)}

#: below this score a seat does not consider closing inside the phase-1 search (only at the root)
INNER_CLOSE_MIN = 40


class DealSearch:
    """Depth-limited alpha-beta over phase 1 of one known deal, exact once the stock is gone."""

    def __init__(self, ctx: Context, depth: int, inner_close_min: int = INNER_CLOSE_MIN,
                 chance: bool = False) -> None:
        self.ctx = ctx
        self.depth = depth
        #: True: neither seat knows the order of the face-down stock, every draw is averaged over
        #: the cards the two seats may draw (the C core's chance mode; this is its reference)
        self.chance = chance
        #: 0 makes the search exact about closing at every node (ai.hindsight); bots keep the cut
        self.inner_close_min = inner_close_min
        self.solvers: dict[Context, Phase2Solver] = {}
        self.trump = ctx.trump
        self.jack = 5 * ctx.trump + JACK
        self.tmask = SUIT_MASK[ctx.trump]

    def solver(self, ctx: Context) -> Phase2Solver:
        s = self.solvers.get(ctx)
        if s is None:
            s = self.solvers[ctx] = Phase2Solver(ctx)
        return s

    def estimate(self, seat: int, h: tuple[int, int], c: tuple[int, int], m: tuple[int, int],
                 t: tuple[int, int], stock: int) -> float:
        """Expected game points of a phase-1 position for ``seat`` on lead (the fit of
        LEAF_WEIGHTS for this stock size); a seat that can declare 66 correctly gets at least that."""
        o = 1 - seat
        sm = c[seat] + (m[seat] if t[seat] else 0)
        so = c[o] + (m[o] if t[o] else 0)
        w = LEAF_TABLES[self.trump, stock]
        mine, other = h[seat], h[o]
        v = w.constant + w.own_score * sm + w.opp_score * so
        own, opp = w.own_card, w.opp_card
        for i in bits(mine):
            v += own[i]
        for i in bits(other):
            v += opp[i]
        for st in range(4):
            kq = (1 << (5 * st + KING)) | (1 << (5 * st + QUEEN))
            if mine & kq == kq:
                v += w.own_marriage[st]
            if other & kq == kq:
                v += w.opp_marriage[st]
        v = max(-CLIP, min(CLIP, v))
        if sm >= 66:
            v = max(v, float(declare_value(self.ctx, seat, sm, so, t[o])))
        return v

    # --- phase 1 ----------------------------------------------------------------------------
    def lead(self, seat: int, h: tuple[int, int], stock: tuple[int, ...], c: tuple[int, int],
             m: tuple[int, int], t: tuple[int, int], history: bool, depth: int,
             alpha: float, beta: float, may_exchange: bool = True) -> float:
        """Value for ``seat`` on lead in phase 1 (stock open and not empty)."""
        ctx = self.ctx
        o = 1 - seat
        mine = h[seat]
        best = -float(INF)
        sm = c[seat] + (m[seat] if t[seat] else 0)
        so = c[o] + (m[o] if t[o] else 0)
        if history:
            best = declare_value(ctx, seat, sm, so, t[o])
            if best >= beta or best >= 3:
                return best
            alpha = max(alpha, best)
        # exchange the trump jack for the turn-up (S9)
        if may_exchange and mine >> self.jack & 1 and len(stock) >= 2:
            nh = self._set(h, seat, (mine & ~(1 << self.jack)) | (1 << stock[-1]))
            v = self.lead(seat, nh, stock[:-1] + (self.jack,), c, m, t, history, depth, alpha, beta, False)
            if v > best:
                best = v
                if v >= beta:
                    return v
                alpha = max(alpha, v)
        # close the stock (S10): the exact solver plays the rest with the closing recorded
        # closing deep in the tree is costly to solve and rarely right below 40 points
        if (len(stock) > 2 or ctx.close_two) and (depth == self.depth or sm >= self.inner_close_min):
            cctx = replace(ctx, closed_by=seat, close_points=so, close_tricks=t[o])
            v = self.solver(cctx).lead(seat, h[0], h[1], c[0], c[1], m[0], m[1], t[0], t[1],
                                       alpha, beta, history)  # type: ignore[arg-type]
            if v > best:
                best = v
                if v >= beta:
                    return v
                alpha = max(alpha, v)
        options: list[tuple[int, int]] = []
        if history or ctx.meld_first:
            for s in range(4):
                k, q = 5 * s + KING, 5 * s + QUEEN
                if mine >> k & 1 and mine >> q & 1:
                    val = 40 if s == self.trump else 20
                    d = declare_value(ctx, seat, sm + (val if t[seat] else 0), so, t[o])
                    if d > best:
                        best = d
                        if d >= beta:
                            return d
                        alpha = max(alpha, d)
                    options.append((k, val))
                    options.append((q, val))
        melded = {x for x, _ in options}
        options.extend((x, 0) for x in bits(mine) if x not in melded)
        for a, val in options:
            nm = self._set(m, seat, m[seat] + val)
            worst = float(INF)
            other = h[o]
            for b in bits(other):
                v = self._trick(seat, a, b, h, stock, c, nm, t, depth, alpha, min(beta, worst))
                if v < worst:
                    worst = v
                    if worst <= alpha:
                        break
            if worst > best:
                best = worst
                if best > alpha:
                    alpha = best
                    if alpha >= beta:
                        break
        return best

    def _trick(self, leader: int, a: int, b: int, h: tuple[int, int], stock: tuple[int, ...],
               c: tuple[int, int], m: tuple[int, int], t: tuple[int, int], depth: int,
               alpha: float, beta: float) -> float:
        """Value for the leader after the follower answers ``a`` with ``b`` and both draw."""
        f = 1 - leader
        sa, sb = SUIT[a], SUIT[b]
        if sa == sb:
            w = f if b < a else leader
        else:
            w = f if sb == self.trump else leader
        pts = POINTS[a] + POINTS[b]
        nc = self._set(c, w, c[w] + pts)
        nt = self._set(t, w, t[w] + 1)
        hl = h[leader] & ~(1 << a)
        hf = h[f] & ~(1 << b)
        hw, hlo = (hl, hf) if w == leader else (hf, hl)
        if self.chance and len(stock) > 2:  # every ordered pair of face-down cards, equally likely
            down, turnup = stock[:-1], stock[-1]
            total, n = 0.0, 0
            for x in down:
                for y in down:
                    if y != x:
                        rest_x = tuple(z for z in down if z not in (x, y)) + (turnup,)
                        total += self._after_draw(leader, w, hw | 1 << x, hlo | 1 << y, rest_x, nc, m, nt, depth,
                                                  -INF, INF)
                        n += 1
            return total / n
        return self._after_draw(leader, w, hw | 1 << stock[0], hlo | 1 << stock[1], stock[2:], nc, m, nt, depth,
                                alpha, beta)

    def _after_draw(self, leader: int, w: int, hw: int, hlo: int, rest: tuple[int, ...], nc: tuple[int, int],
                    m: tuple[int, int], nt: tuple[int, int], depth: int, alpha: float, beta: float) -> float:
        """Value for the leader once ``w`` has won the trick and both have drawn (``hw`` the
        winner's hand, ``hlo`` the loser's), ``rest`` left in the stock."""
        nh = (hw, hlo) if w == 0 else (hlo, hw)
        v: float
        if not rest:  # the stock is exhausted: solve the rest exactly, in the caller's window
            lo, hi = (alpha, beta) if w == leader else (-beta, -alpha)
            v = self.solver(self.ctx).lead(w, nh[0], nh[1], nc[0], nc[1], m[0], m[1], nt[0], nt[1],
                                           lo, hi, True)  # type: ignore[arg-type]
        elif depth <= 1:
            v = self.estimate(w, nh, nc, m, nt, len(rest))
        elif w == leader:
            return self.lead(w, nh, rest, nc, m, nt, True, depth - 1, alpha, beta)
        else:
            return -self.lead(w, nh, rest, nc, m, nt, True, depth - 1, -beta, -alpha)
        return v if w == leader else -v

    @staticmethod
    def _set(pair: tuple[int, int], i: int, v: int) -> tuple[int, int]:
        return (v, pair[1]) if i == 0 else (pair[0], v)


def world_values(w: World, depth: int = 2, search: DealSearch | None = None,
                 inner_close_min: int = INNER_CLOSE_MIN, chance: bool = False) -> dict[str, float]:
    """The value of every legal move at ``w`` for the seat to move, keyed by move notation:
    exact in phase 2, searched ``depth`` phase-1 tricks deep (then estimated) in phase 1.
    ``search`` reuses a DealSearch (and its solvers' tables) made for ``w.ctx``.  With ``depth``
    above the phase-1 tricks left and ``inner_close_min`` 0 the search is exact.  ``chance``:
    the order of the face-down stock is unknown to both seats (``DealSearch.chance``)."""
    if w.ctx.closed_by >= 0 or not w.stock or w.stage == "final":
        solver = search.solver(w.ctx) if search is not None else None
        return {k: float(v) for k, v in phase2_values(w, solver).items()}
    ds = (search if search is not None and search.ctx == w.ctx and search.chance == chance
          else DealSearch(w.ctx, depth, inner_close_min, chance))
    seat = w.to_act
    o = 1 - seat
    h, c, m, t = w.hands, w.card_pts, w.meld_pts, w.tricks
    out: dict[str, float] = {}
    if w.stage == "follow":
        for b in bits(h[seat]):
            out[f"play {DECK[b]}"] = -ds._trick(o, w.led, b, h, w.stock, c, m, t, depth, -INF, INF)
        return out
    mine = h[seat]
    sm = c[seat] + (m[seat] if t[seat] else 0)
    so = c[o] + (m[o] if t[o] else 0)
    if w.history or w.melded >= 0:
        out["declare"] = float(declare_value(w.ctx, seat, sm, so, t[o]))
    if w.melded >= 0:
        leads = [5 * w.melded + KING, 5 * w.melded + QUEEN]
    else:
        leads = bits(mine)
        jack = 5 * w.ctx.trump + JACK
        if mine >> jack & 1:
            nh = ds._set(h, seat, (mine & ~(1 << jack)) | (1 << w.stock[-1]))
            out["exchange"] = ds.lead(seat, nh, w.stock[:-1] + (jack,), c, m, t, w.history, depth,
                                      -INF, INF, False)
        if len(w.stock) > 2 or w.ctx.close_two:
            cctx = replace(w.ctx, closed_by=seat, close_points=so, close_tricks=t[o])
            out["close"] = float(ds.solver(cctx).lead(seat, h[0], h[1], c[0], c[1], m[0], m[1], t[0], t[1],
                                                      -INF, INF, w.history))
        if w.history or w.ctx.meld_first:
            for s in range(4):
                k, q = 5 * s + KING, 5 * s + QUEEN
                if mine >> k & 1 and mine >> q & 1:
                    val = 40 if s == w.ctx.trump else 20
                    sub = replace(w, melded=s, meld_pts=ds._set(m, seat, m[seat] + val))
                    out[f"meld {DECK[k].suit}"] = max(world_values(sub, depth, ds, inner_close_min, chance).values())
    for a in leads:
        worst = float(INF)
        for b in bits(h[o]):
            worst = min(worst, ds._trick(seat, a, b, h, w.stock, c, m, t, depth, -INF, INF))
        out[f"play {DECK[a]}"] = worst
    return out
