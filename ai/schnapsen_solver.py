"""Exact perfect-information solver for 2-player Schnapsen on 20-bit card masks.

Once the stock is exhausted or closed no more cards are drawn; with both hands known (the stock
exhausted, or one determinized sample of a closed deal) the rest of the deal is a small
perfect-information game.  ``Phase2Solver`` plays it out with negamax alpha-beta, move ordering
and a transposition table whose keys are plain ints and tuples of ints: no Card objects, no
engine states and no copying in the inner loop.

Values are the game points of the deal outcome under RULES.md 2.6 (rows 1-6, with the options of
2.8), from the point of view of the seat to move: +n when that seat scores n, -n when the other
seat does.  Both the 66 declaration (after every won trick, after a marriage, and after the last
trick) and marriages are searched as moves, so "declare now or play on for Schneider" is decided
by the search too.

Card index i = suit * 5 + rank with suits in ``game.cards.SUITS`` order and ranks A, 10, K, Q, J
(the order of ``deck20()``), so a lower rank number is a stronger card.

Glossary: stock = Talon; close = zudrehen; marriage = Zwanziger/Vierziger; declare = ausmelden;
Schneider = below 33 points; Stichzwang = must head the trick; Trumpfzwang = must trump.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.cards import Card, deck20
from game.rules.schnapsen_scoring import declared, undeclared

DECK: tuple[Card, ...] = deck20()
#: id(card) -> index into DECK (canonical card instances only, see game.rules.schnapsen_state).
IDX: dict[int, int] = {id(c): i for i, c in enumerate(DECK)}
RANK_POINTS = (11, 10, 4, 3, 2)
POINTS: tuple[int, ...] = tuple(RANK_POINTS[i % 5] for i in range(20))
SUIT: tuple[int, ...] = tuple(i // 5 for i in range(20))
SUIT_MASK: tuple[int, ...] = tuple(0b11111 << (5 * s) for s in range(4))
#: cards of the same suit that beat card i (lower rank number = stronger).
HIGHER: tuple[int, ...] = tuple(((1 << i) - 1) & SUIT_MASK[i // 5] for i in range(20))
KING = 2
QUEEN = 3
JACK = 4
INF = 99


def mask_of(cards: object) -> int:
    m = 0
    for c in cards:  # type: ignore[attr-defined]
        m |= 1 << IDX[id(c)]
    return m


def bits(m: int) -> list[int]:
    """Indices of the set bits of ``m``, strongest card of each suit first."""
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


def card_points(m: int) -> int:
    return sum(POINTS[i] for i in bits(m))


@dataclass(frozen=True, slots=True)
class Context:
    """What stays fixed while a deal is solved: trumps, the closing record and the options."""

    trump: int
    closed_by: int = -1
    close_points: int = -1
    close_tricks: int = -1
    false_pagat: bool = False
    closed_pagat: bool = False
    claim_last: bool = True
    meld_first: bool = True  # a marriage before the first trick is allowed (A-S5)
    close_two: bool = True  # closing allowed with only two cards in the stock (A-S3)


def declare_value(ctx: Context, x: int, score_x: int, score_y: int, tricks_y: int) -> int:
    """Game points for seat ``x`` declaring 66 now, from x's point of view (2.6 rows 1-4; the
    rules' own scoring, ``game.rules.schnapsen_scoring.declared``)."""
    _row, n, x_scores = declared(x, ctx.closed_by, score_x, score_y, tricks_y, ctx.close_points,
                                 ctx.close_tricks, ctx.false_pagat)
    return n if x_scores else -n


def pass_value(ctx: Context, w: int) -> int:
    """All tricks played, no declaration, from the last-trick winner ``w``'s view (rows 5, 6;
    ``game.rules.schnapsen_scoring.undeclared``)."""
    _row, winner, n = undeclared(ctx.closed_by, w, ctx.close_tricks, ctx.closed_pagat)
    return n if winner == w else -n


class Phase2Solver:
    """Exact solver for the strict-rules part of a deal with both hands known.

    ``lead(seat, h0, h1, c0, c1, m0, m1, t0, t1, alpha, beta)`` is the value for ``seat``, which
    is on lead having just won a trick (so it may declare).  ``c`` are card points, ``m`` the
    announced marriage points (credited once the seat has a trick), ``t`` trick counts.
    """

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.tt: dict[tuple[int, ...], tuple[int, int]] = {}
        self.nodes = 0
        self._trump_mask = SUIT_MASK[ctx.trump]

    # --- helpers for the root --------------------------------------------------------------
    def follow_cards(self, hand: int, led: int) -> int:
        same = hand & SUIT_MASK[SUIT[led]]
        if same:
            return (same & HIGHER[led]) or same
        return (hand & self._trump_mask) or hand

    def after_trick(self, leader: int, a: int, b: int, h0: int, h1: int, c0: int, c1: int,
                    m0: int, m1: int, t0: int, t1: int, alpha: int, beta: int) -> int:
        """Value for the follower (seat 1 - leader) once it plays ``b`` to ``a``; h0/h1 are the
        hands without both cards."""
        sa, sb = SUIT[a], SUIT[b]
        if sa == sb:
            w = 1 - leader if b < a else leader
        else:
            w = 1 - leader if sb == self.ctx.trump else leader
        pts = POINTS[a] + POINTS[b]
        if w == 0:
            c0 += pts
            t0 += 1
        else:
            c1 += pts
            t1 += 1
        follower = 1 - leader
        if not h0 and not h1:
            v = self.final(w, c0, c1, m0, m1, t0, t1)
        else:
            if w == follower:
                return self.lead(w, h0, h1, c0, c1, m0, m1, t0, t1, alpha, beta)
            v = self.lead(w, h0, h1, c0, c1, m0, m1, t0, t1, -beta, -alpha)
        return v if w == follower else -v

    def final(self, w: int, c0: int, c1: int, m0: int, m1: int, t0: int, t1: int) -> int:
        """All tricks played: the winner of the last trick may declare or pass (A-S4)."""
        ctx = self.ctx
        v = pass_value(ctx, w)
        if ctx.claim_last:
            s0 = c0 + (m0 if t0 else 0)
            s1 = c1 + (m1 if t1 else 0)
            d = declare_value(ctx, w, s0, s1, t1) if w == 0 else declare_value(ctx, w, s1, s0, t0)
            if d > v:
                v = d
        return v

    # --- the search ----------------------------------------------------------------------------
    def lead(self, seat: int, h0: int, h1: int, c0: int, c1: int, m0: int, m1: int, t0: int, t1: int,
             alpha: int, beta: int, can_declare: bool = True) -> int:
        self.nodes += 1
        ctx = self.ctx
        key = (h0 | h1 << 20 | seat << 40 | (t0 > 0) << 41 | (t1 > 0) << 42 | can_declare << 43, c0, c1, m0, m1)
        tt = self.tt
        hit = tt.get(key)
        if hit is not None:
            lo, hi = hit
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        a0 = alpha
        if seat == 0:
            mine, other = h0, h1
            sm, so = c0 + (m0 if t0 else 0), c1 + (m1 if t1 else 0)
            ty = t1
        else:
            mine, other = h1, h0
            sm, so = c1 + (m1 if t1 else 0), c0 + (m0 if t0 else 0)
            ty = t0
        best = -INF
        if can_declare:
            best = declare_value(ctx, seat, sm, so, ty)
            if best >= beta or best == 3:
                tt[key] = (best, INF) if best < 3 else (3, 3)
                return best
            if best > alpha:
                alpha = best
        # marriages: K and Q of one suit in hand; the seat then leads one of them or declares.
        trump = ctx.trump
        my_t = t0 if seat == 0 else t1
        options: list[tuple[int, int]] = []  # (card, marriage points added)
        if can_declare or ctx.meld_first:
            for s in range(4):
                k = 1 << (5 * s + KING)
                q = 1 << (5 * s + QUEEN)
                if mine & k and mine & q:
                    val = 40 if s == trump else 20
                    d = declare_value(ctx, seat, sm + (val if my_t else 0), so, ty)
                    if d > best:
                        best = d
                        if best >= beta or best == 3:
                            tt[key] = (best, INF) if best < 3 else (3, 3)
                            return best
                        if best > alpha:
                            alpha = best
                    options.append((5 * s + KING, val))
                    options.append((5 * s + QUEEN, val))
        melded = {c for c, _ in options}
        for c in bits(mine):
            if c not in melded:
                options.append((c, 0))
        # order: aces and tens first, trumps before plain; marriages first (they add points).
        options.sort(key=lambda o: (-o[1], c_order(o[0], trump)))
        trump_mask = SUIT_MASK[trump]
        for a, val in options:
            if seat == 0:
                nm0, nm1 = m0 + val, m1
                nh0, nh1 = h0 & ~(1 << a), h1
            else:
                nm0, nm1 = m0, m1 + val
                nh0, nh1 = h0, h1 & ~(1 << a)
            same = other & SUIT_MASK[SUIT[a]]
            if same:
                resp = (same & HIGHER[a]) or same
            else:
                resp = (other & trump_mask) or other
            # the follower minimises the leader's value
            worst = INF
            for b in bits(resp):
                if seat == 0:
                    v = -self.after_trick(0, a, b, nh0, nh1 & ~(1 << b), c0, c1, nm0, nm1, t0, t1, -worst if worst < beta else -beta, -alpha)
                else:
                    v = -self.after_trick(1, a, b, nh0 & ~(1 << b), nh1, c0, c1, nm0, nm1, t0, t1, -worst if worst < beta else -beta, -alpha)
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
        if best <= a0:
            tt[key] = (-INF, best)
        elif best >= beta:
            tt[key] = (best, INF)
        else:
            tt[key] = (best, best)
        return best


def c_order(c: int, trump: int) -> tuple[int, int]:
    return (c % 5, 0 if c // 5 == trump else 1)


@dataclass(frozen=True, slots=True)
class World:
    """A fully known Schnapsen position in masks: a real phase-2 position, or one determinized
    sample of a hidden one.  ``stage`` is "lead", "follow" or "final"; ``led`` the card on the
    table (-1 if none); ``melded`` the suit of a marriage just shown (-1 if none); ``stock`` the
    stock top first, turn-up last (empty once exhausted; ignored once closed)."""

    ctx: Context
    to_act: int
    stage: str
    hands: tuple[int, int]
    led: int
    melded: int
    card_pts: tuple[int, int]
    meld_pts: tuple[int, int]
    tricks: tuple[int, int]
    history: bool  # a trick has been played (so the leader may declare)
    stock: tuple[int, ...] = ()


def phase2_values(w: World, solver: Phase2Solver | None = None) -> dict[str, int]:
    """Exact value of every legal move at a strict-rules position (stock exhausted or closed),
    keyed by the move's notation, from the point of view of the seat to move."""
    ctx = w.ctx
    s = solver if solver is not None else Phase2Solver(ctx)
    seat = w.to_act
    h0, h1 = w.hands
    c0, c1 = w.card_pts
    m0, m1 = w.meld_pts
    t0, t1 = w.tricks
    out: dict[str, int] = {}
    sm = c0 + (m0 if t0 else 0) if seat == 0 else c1 + (m1 if t1 else 0)
    so = c1 + (m1 if t1 else 0) if seat == 0 else c0 + (m0 if t0 else 0)
    ty = t1 if seat == 0 else t0
    if w.stage == "final":
        out["declare"] = declare_value(ctx, seat, sm, so, ty)
        out["pass"] = pass_value(ctx, seat)
        return out
    if w.stage == "follow":
        a = w.led
        hand = h0 if seat == 0 else h1
        for b in bits(s.follow_cards(hand, a)):
            nh0, nh1 = (h0 & ~(1 << b), h1) if seat == 0 else (h0, h1 & ~(1 << b))
            out[f"play {DECK[b]}"] = s.after_trick(1 - seat, a, b, nh0, nh1, c0, c1, m0, m1, t0, t1, -INF, INF)
        return out
    hand = h0 if seat == 0 else h1
    if w.melded >= 0 or w.history:
        out["declare"] = declare_value(ctx, seat, sm, so, ty)
    if w.melded >= 0:
        leads = [5 * w.melded + KING, 5 * w.melded + QUEEN]
    else:
        leads = bits(hand)
        if w.history or ctx.meld_first:
            for st in range(4):
                k, q = 5 * st + KING, 5 * st + QUEEN
                if hand >> k & 1 and hand >> q & 1:
                    val = 40 if st == ctx.trump else 20
                    nm = (m0 + val, m1) if seat == 0 else (m0, m1 + val)
                    sub = World(ctx, seat, "lead", w.hands, -1, st, w.card_pts, nm, w.tricks, w.history)
                    out[f"meld {DECK[k].suit}"] = max(phase2_values(sub, s).values())
    for a in leads:
        nh0, nh1 = (h0 & ~(1 << a), h1) if seat == 0 else (h0, h1 & ~(1 << a))
        other = nh1 if seat == 0 else nh0
        worst = INF
        for b in bits(s.follow_cards(other, a)):
            fh0, fh1 = (nh0, nh1 & ~(1 << b)) if seat == 0 else (nh0 & ~(1 << b), nh1)
            v = -s.after_trick(seat, a, b, fh0, fh1, c0, c1, m0, m1, t0, t1, -INF, INF)
            worst = min(worst, v)
        out[f"play {DECK[a]}"] = worst
    return out


def world_from_state(st: object) -> World:
    """The World of an engine ``SchnapsenState`` (tests, benchmarks; bots never see states)."""
    from game.rules.schnapsen_state import FINAL, FOLLOW

    s = st  # typed loosely: ai must not depend on the engine's state for play
    sp = s.specials  # type: ignore[attr-defined]
    o = s.setup.options  # type: ignore[attr-defined]
    ctx = Context(
        s.setup.trump_i, sp.closed_by, sp.close_points, sp.close_tricks,  # type: ignore[attr-defined]
        o.false_claim_penalty == "pagat", o.closed_no_claim_penalty == "pagat",
        o.allow_claim_after_last_trick, o.allow_marriage_before_first_trick,
        o.allow_close_with_two_in_stock,
    )
    stage = "final" if s.phase is FINAL else "follow" if s.phase is FOLLOW else "lead"  # type: ignore[attr-defined]
    t = s.tally  # type: ignore[attr-defined]
    return World(
        ctx, s.to_act, stage, (mask_of(s.hands[0]), mask_of(s.hands[1])),  # type: ignore[attr-defined]
        IDX[id(s.trick[0])] if s.trick else -1, s.melded,  # type: ignore[attr-defined]
        t.card_points, sp.meld_points, t.tricks, bool(t.history),
        () if sp.closed_by >= 0 else tuple(IDX[id(c)] for c in s.stock),  # type: ignore[attr-defined]
    )
