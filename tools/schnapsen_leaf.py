"""Fit the Schnapsen expert's phase-1 leaf estimate (``ai.schnapsen_search.LEAF_WEIGHTS``).

    python benchmarks/fit_schnapsen_leaf.py [--deals 25000] [--seed 7]

Plays player-vs-player deals, records every phase-1 position where a seat is about to lead with
the stock open (2, 4, 6 or 8 cards left), and labels it with the game points that seat ended the
deal with (minus the other's).  Per stock size it fits, by least squares, the game points per
point of each seat's score, per card of each kind (trump or plain, A 10 K Q J) in each hand, and
per marriage (20 or 40) in each hand.  Prints R^2 on every fifth deal held out, then the weights
in the layout of ``LEAF_WEIGHTS``: (constant, own score, opponent's score, own cards T-A..T-J,
P-A..P-J, opponent's cards likewise, own 20, own 40, opponent's 20, opponent's 40).

Plain Python (normal equations with a tiny ridge, since right after the first trick the loser's
score is always 0 and that column is constant).
"""

from __future__ import annotations

import argparse
from random import Random

from ai.base import make_agent
from ai.schnapsen_solver import KING, QUEEN, SUIT, mask_of
from game.rules import registry
from game.rules.schnapsen_state import LEAD
from game.rules.seeds import derive_rng

STOCKS = (2, 4, 6, 8)
N_FEATURES = 27


def features(trump: int, mine: int, other: int, score_mine: int, score_other: int) -> list[float]:
    f = [0.0] * N_FEATURES
    f[0], f[1], f[2] = 1.0, float(score_mine), float(score_other)
    for base, hand in ((3, mine), (13, other)):
        for i in range(20):
            if hand >> i & 1:
                f[base + (0 if SUIT[i] == trump else 5) + i % 5] += 1.0
    for base, hand in ((23, mine), (25, other)):
        for s in range(4):
            if hand >> (5 * s + KING) & 1 and hand >> (5 * s + QUEEN) & 1:
                f[base + (1 if s == trump else 0)] += 1.0
    return f


def positions(deals: int, seed: int) -> list[tuple[int, int, list[float], float]]:
    """(deal number, stock size, features, game points of the seat on lead) for each position."""
    rules = registry.get("schnapsen")
    rows = []
    for i in range(deals):
        agents = [make_agent("schnapsen", "player", s) for s in range(2)]
        st = rules.new_round(2, i % 2, derive_rng(seed, "deal", i))
        found: list[tuple[int, int, list[float]]] = []
        n = 0
        while not rules.is_over(st):
            seat = rules.to_move(st)
            if (st.phase == LEAD and not st.trick and st.melded < 0 and st.specials.closed_by < 0
                    and len(st.stock) in STOCKS):
                o = 1 - seat
                ta, sp = st.tally, st.specials
                sm = ta.card_points[seat] + (sp.meld_points[seat] if ta.tricks[seat] else 0)
                so = ta.card_points[o] + (sp.meld_points[o] if ta.tricks[o] else 0)
                found.append((seat, len(st.stock), features(st.setup.trump_i, mask_of(st.hands[seat]),
                                                             mask_of(st.hands[o]), sm, so)))
            legal = rules.legal_moves(st)
            move = agents[seat].choose(rules.observe(st, seat), legal, Random(n))
            st, _ = rules.apply(st, move)
            n += 1
        points = rules.result(st).points
        rows.extend((i, stock, f, float(points[s] - points[1 - s])) for s, stock, f in found)
    return rows


def least_squares(rows: list[tuple[list[float], float]], ridge: float = 1e-6) -> list[float]:
    n = N_FEATURES
    a = [[0.0] * n for _ in range(n)]
    b = [0.0] * n
    for f, y in rows:
        nz = [(j, v) for j, v in enumerate(f) if v]
        for j, vj in nz:
            b[j] += vj * y
            row = a[j]
            for k, vk in nz:
                row[k] += vj * vk
    for j in range(n):
        a[j][j] += ridge * len(rows)
    # Gaussian elimination with partial pivoting
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(a[r][c]))
        a[c], a[p], b[c], b[p] = a[p], a[c], b[p], b[c]
        for r in range(c + 1, n):
            k = a[r][c] / a[c][c]
            if k:
                for j in range(c, n):
                    a[r][j] -= k * a[c][j]
                b[r] -= k * b[c]
    w = [0.0] * n
    for c in range(n - 1, -1, -1):
        w[c] = (b[c] - sum(a[c][j] * w[j] for j in range(c + 1, n))) / a[c][c]
    return w


def predict(w: list[float], f: list[float]) -> float:
    return max(-3.0, min(3.0, sum(x * y for x, y in zip(w, f, strict=True))))


def r_squared(w: list[float], rows: list[tuple[list[float], float]]) -> float:
    ys = [y for _, y in rows]
    mean = sum(ys) / len(ys)
    sse = sum((y - predict(w, f)) ** 2 for f, y in rows)
    sst = sum((y - mean) ** 2 for y in ys)
    return 1.0 - sse / sst


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=25000)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    rows = positions(args.deals, args.seed)
    print(f"{len(rows)} positions from {args.deals} player-vs-player deals (seed {args.seed})")
    fitted = {}
    for stock in STOCKS:
        train = [(f, y) for i, s, f, y in rows if s == stock and i % 5]
        test = [(f, y) for i, s, f, y in rows if s == stock and not i % 5]
        w = least_squares(train)
        print(f"stock {stock}: {len(train)} positions to fit, held-out R^2 {r_squared(w, test):.3f}")
        fitted[stock] = least_squares(train + test)
    print("LEAF_WEIGHTS = {")
    for stock, w in fitted.items():
        print(f"    {stock}: (" + ", ".join(f"{x:.4f}" for x in w) + "),")
    print("}")


if __name__ == "__main__":
    main()
