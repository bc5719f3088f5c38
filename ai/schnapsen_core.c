/* Exact alpha-beta over a whole known 2-player Schnapsen deal (phase 1 and phase 2), for the
 * expert (ai/schnapsen.py) and the benchmark-only sparring partner (ai/sparring.py).  Built into
 * the executable by build_scripts/build_core.py, compiled on first use in a source checkout with
 * a C compiler, loaded through ctypes by ai/schnapsen_exact.py; the pure-Python path
 * (ai.schnapsen_search.DealSearch with unlimited depth) computes the same values ~100x slower.
 *
 * Card index i = suit * 5 + rank, ranks A 10 K Q J (lower = stronger), as in
 * ai/schnapsen_solver.py.  Values are game points (-3..3) for the seat to move; the rules are
 * those of Phase2Solver and DealSearch: drawing, the trump-jack exchange, closing (with the
 * non-closer's points and tricks recorded), marriages, the 66 declaration after a won trick or a
 * marriage, and after the last trick (claim_last).
 */
#include <stdint.h>
#include <string.h>

#define INF 99
/* 2^16 entries of 32 bytes (2 MB): a table that stays in the processor's cache.  Measured on 300
 * first-lead samples (scratch bench, same values): 2^19 entries (16 MB) 15.2 ms a sample, 2^16
 * 8.0 ms though it searches 9 % more nodes; 2^14 and 2^15 no faster. */
#define TTBITS 16
#define KING 2
#define QUEEN 3
#define JACK 4

static int TRUMP, CLAIM_LAST = 1, MELD_FIRST = 1, CLOSE_TWO = 1, FALSE_PAGAT, CLOSED_PAGAT;
/* 1: the order of the face-down stock is unknown to both seats, every draw a chance node
 * (values averaged over the cards the two seats may draw); 0: the stock order is known;
 * 2 (FIRST_DRAW): only the first draw from the position solved (sp 0) is a chance node, the
 * later ones follow the given order among the cards left face down (cheaper: the seats do not
 * know the next card, only the ones after it) */
static int CHANCE;
#define FIRST_DRAW 2
/* With FIRST_DRAW: the first draw's outcomes (card to the winner, card to the loser), equally
 * likely; none given: every ordered pair of face-down cards (sp_first_draws) */
static int NDRAWS;
static int DRAWS[64][2];
static int STOCK[12];
static int NSTOCK;
static const int RPTS[5] = {11, 10, 4, 3, 2};
static uint64_t NODES;
/* A charge on the closes of the seat that is not PROOT (the seat whose moves are valued): each
 * sampled search sees both hands and the stock order, so a closer there closes only where it
 * pays, which a real opponent cannot; PEN game points less for each such close (0: off).
 * OWNPEN is the same charge on PROOT's own closes below the root (its close at the root is
 * valued by the caller with a margin): in a sample PROOT too sees the opponent's hand and closes
 * later only where that pays, which makes playing on now look better than it is. */
static double PEN, LASTPEN, OWNPEN, LASTOWNPEN;
static int PROOT;
/* the table key's bits for the charges, set with them (sp_close_penalty), not per node */
static uint64_t CHARGE_KEY;
/* A charge on every lead at the open stock below the position solved (sp > 0), by the stock
 * cards left then: LEADPEN[n] game points off the leader's value (so off the root seat's own
 * later leads and onto the opponent's).  In a sampled deal the leader sees the other hand; a
 * real leader does not, and seeing it is worth far more to a leader than to a follower
 * (benchmarks/oracle_probe.py, session 53), so a search that sees everything overrates the
 * lines in which it leads.  0 everywhere: off. */
static double LEADPEN[13], LAST_LEADPEN[13];
/* the most a position's value can be from zero for Star1's bounds: 3 game points and every
 * lead charge still to come (values past 3 exist only with the charges) */
static double EXTREME = 3.0;
static uint64_t LEAD_KEY;

typedef struct {
    uint64_t k1, k2;
    uint32_t gen;
    float lo, hi;  /* bounds of the value (averages of chance nodes are fractions) */
    int8_t best;   /* the lead card of the best line (ordering), -1 none */
} Entry;

static Entry TT[1 << TTBITS];
static uint32_t GEN = 1;

/* A new generation of the table: every stored position is forgotten (cleared outright once the
 * counter wraps). */
static void forget_positions(void) {
    GEN++;
    if (GEN == 0) { memset(TT, 0, sizeof TT); GEN = 1; }
}

static inline uint32_t suit_mask(int s) { return 0x1Fu << (5 * s); }
static inline int pts(int c) { return RPTS[c % 5]; }
static inline uint32_t higher(int c) { return ((1u << c) - 1) & suit_mask(c / 5); }

static int declare_value(int x, int sx, int sy, int ty, int cb, int cp, int ct) {
    if (sx >= 66) {
        if (cb < 0) return ty == 0 ? 3 : (sy < 33 ? 2 : 1);
        if (cb == x) return ct == 0 ? 3 : (cp < 33 ? 2 : 1);
        return ct == 0 ? 3 : 2;
    }
    int yt = (cb == x) ? ct : ty;
    return (FALSE_PAGAT && yt == 0) ? -3 : -2;
}

static int pass_value(int w, int cb, int ct) {
    if (cb < 0) return 1;
    int n = (CLOSED_PAGAT && ct == 0) ? 3 : 2;
    return w != cb ? n : -n;
}

static int final_value(int w, int c0, int c1, int m0, int m1, int t0, int t1, int cb, int cp, int ct) {
    int v = pass_value(w, cb, ct);
    if (CLAIM_LAST) {
        int s0 = c0 + (t0 ? m0 : 0), s1 = c1 + (t1 ? m1 : 0);
        int d = w == 0 ? declare_value(0, s0, s1, t1, cb, cp, ct) : declare_value(1, s1, s0, t0, cb, cp, ct);
        if (d > v) v = d;
    }
    return v;
}

static double lead(int seat, uint32_t h0, uint32_t h1, int c0, int c1, int m0, int m1, int t0, int t1,
                   int sp, int tu, int cb, int cp, int ct, int can_decl, int may_ex, uint32_t fd,
                   double alpha, double beta);

/* Value for seat f once the trick is taken by w and both have drawn; h0/h1 after the draw. */
static double go_on(int w, int f, uint32_t h0, uint32_t h1, int c0, int c1, int m0, int m1, int t0, int t1,
                    int sp, int tu, int cb, int cp, int ct, uint32_t fd, double alpha, double beta) {
    if (!h0 && !h1) {
        double v = final_value(w, c0, c1, m0, m1, t0, t1, cb, cp, ct);
        return w == f ? v : -v;
    }
    if (w == f) return lead(w, h0, h1, c0, c1, m0, m1, t0, t1, sp, tu, cb, cp, ct, 1, 1, fd, alpha, beta);
    return -lead(w, h0, h1, c0, c1, m0, m1, t0, t1, sp, tu, cb, cp, ct, 1, 1, fd, -beta, -alpha);
}

/* Value for the follower (1 - leader) once it answers a with b; h0/h1 without both cards. */
static double after_trick(int leader, int a, int b, uint32_t h0, uint32_t h1, int c0, int c1, int m0, int m1,
                          int t0, int t1, int sp, int tu, int cb, int cp, int ct, uint32_t fd,
                          double alpha, double beta) {
    int f = 1 - leader, w;
    if (a / 5 == b / 5) w = b < a ? f : leader;
    else w = (b / 5 == TRUMP) ? f : leader;
    int p = pts(a) + pts(b);
    if (w == 0) { c0 += p; t0++; } else { c1 += p; t1++; }
    if (cb >= 0 || sp >= NSTOCK)
        return go_on(w, f, h0, h1, c0, c1, m0, m1, t0, t1, sp, tu, cb, cp, ct, fd, alpha, beta);
    /* the winner draws first, then the loser; the last card is the turn-up */
    uint32_t *hw = w == 0 ? &h0 : &h1, *hl = w == 0 ? &h1 : &h0;
    if (CHANCE == FIRST_DRAW && sp > 0 && NSTOCK - sp > 2) {
        /* after the first draw: the given order among the cards still face down (a function of
         * that set, so the table's keys, which hold it, stay right) */
        int x = -1, y = -1;
        for (int i = 0; i < NSTOCK - 1 && y < 0; i++) {
            if (!(fd >> STOCK[i] & 1)) continue;
            if (x < 0) x = STOCK[i]; else y = STOCK[i];
        }
        *hw |= 1u << x; *hl |= 1u << y;
        return go_on(w, f, h0, h1, c0, c1, m0, m1, t0, t1, sp + 2, tu, cb, cp, ct,
                     fd & ~(1u << x) & ~(1u << y), alpha, beta);
    }
    if (!CHANCE || NSTOCK - sp == 2) {
        int x = CHANCE ? __builtin_ctz(fd) : (sp == NSTOCK - 1 ? tu : STOCK[sp]);
        int y = sp + 1 == NSTOCK - 1 ? tu : STOCK[sp + 1];
        *hw |= 1u << x; *hl |= 1u << y;
        /* no face-down card is left: with chance the last one was just drawn, without none is tracked */
        return go_on(w, f, h0, h1, c0, c1, m0, m1, t0, t1, sp + 2, tu, cb, cp, ct, 0, alpha, beta);
    }
    /* A chance node: every ordered pair (x to the winner, y to the loser) of the face-down cards
     * (with FIRST_DRAW the pairs given, if any), equally likely.  Star1 pruning: each outcome is
     * searched in the window that would decide the average outside (alpha, beta) with the
     * outcomes still to come at their extremes (+-3). */
    int pairs[132][2], n = 0;
    if (CHANCE == FIRST_DRAW && NDRAWS > 0) {
        for (; n < NDRAWS; n++) { pairs[n][0] = DRAWS[n][0]; pairs[n][1] = DRAWS[n][1]; }
    } else {
        for (uint32_t xs = fd; xs; xs &= xs - 1)
            for (uint32_t ys = fd & ~(xs & -xs); ys; ys &= ys - 1, n++) {
                pairs[n][0] = __builtin_ctz(xs); pairs[n][1] = __builtin_ctz(ys);
            }
    }
    double sum = 0.0;
    uint32_t w0 = *hw, l0 = *hl;
    for (int i = 0; i < n; i++) {
        int x = pairs[i][0], y = pairs[i][1];
        double rest = n - 1 - i;
        double lo = n * alpha - sum - rest * EXTREME, hi = n * beta - sum + rest * EXTREME;
        *hw = w0 | 1u << x; *hl = l0 | 1u << y;
        double v = go_on(w, f, h0, h1, c0, c1, m0, m1, t0, t1, sp + 2, tu, cb, cp, ct,
                         fd & ~(1u << x) & ~(1u << y), lo, hi);
        if (v <= lo) return (sum + v + rest * EXTREME) / n;  /* an upper bound <= alpha */
        if (v >= hi) return (sum + v - rest * EXTREME) / n;  /* a lower bound >= beta */
        sum += v;
    }
    return sum / n;
}

/* The follower's answers to a, most promising first: win the trick with the same suit (the
 * cheapest winner first), then trump it (lowest trump first), then throw the cheapest card. */
static int order_responses(int a, uint32_t resp, int *out) {
    int key[10], n = 0;
    for (uint32_t r = resp; r; r &= r - 1) {
        int b = __builtin_ctz(r), k;
        if (b / 5 == a / 5) k = b < a ? 10 - pts(b) : 40 + pts(b);
        else if (b / 5 == TRUMP) k = 20 + (11 - pts(b));
        else k = 40 + pts(b);
        int j = n++;
        while (j > 0 && key[j - 1] > k) { key[j] = key[j - 1]; out[j] = out[j - 1]; j--; }
        key[j] = k; out[j] = b;
    }
    return n;
}

static inline Entry *slot(uint64_t k1, uint64_t k2) {
    uint64_t h = k1 * 0x9E3779B97F4A7C15ull ^ (k2 + 0x632BE59BD9B4E019ull) * 0xC2B2AE3D27D4EB4Full;
    return &TT[h >> (64 - TTBITS)];
}

/* The card points of one suit's cards in a hand, by its 5 bits (A 10 K Q J). */
static const int SUIT_PTS[32] = {
#define P(m) (((m) & 1 ? 11 : 0) + ((m) & 2 ? 10 : 0) + ((m) & 4 ? 4 : 0) + ((m) & 8 ? 3 : 0) + ((m) & 16 ? 2 : 0))
    P(0), P(1), P(2), P(3), P(4), P(5), P(6), P(7), P(8), P(9), P(10), P(11), P(12), P(13), P(14), P(15),
    P(16), P(17), P(18), P(19), P(20), P(21), P(22), P(23), P(24), P(25), P(26), P(27), P(28), P(29), P(30), P(31)
#undef P
};

/* The most game points seat x can still win once the stock is closed or gone, when no close and
 * so no charge can come any more: the rows of declare_value and pass_value that x's points and
 * tricks, the other seat's and the cards left can still reach.  own: x's hand; rem: the card
 * points left in both hands; sy, ty: the other seat's score and tricks.  (The other seat never
 * declares falsely while anything better is left to it, so its false 66 adds nothing here.) */
static int best_possible(int x, uint32_t own, int rem, int cx, int mx, int sy, int ty, int cb, int cp, int ct) {
    int reach = cx + mx + rem;  /* every card point left and every marriage x holds or has shown */
    for (int s = 0; s < 4; s++)
        if ((own >> (5 * s + KING) & 1) && (own >> (5 * s + QUEEN) & 1)) reach += s == TRUMP ? 40 : 20;
    if (cb < 0) return reach < 66 ? 1 : (ty == 0 ? 3 : (sy < 33 ? 2 : 1));
    if (cb == x) return reach < 66 ? -2 : (ct == 0 ? 3 : (cp < 33 ? 2 : 1));
    return ct == 0 ? 3 : 2;
}

static double lead(int seat, uint32_t h0, uint32_t h1, int c0, int c1, int m0, int m1, int t0, int t1,
                   int sp, int tu, int cb, int cp, int ct, int can_decl, int may_ex, uint32_t fd,
                   double alpha, double beta) {
    NODES++;
    int phase1 = cb < 0 && sp < NSTOCK;
    if (!phase1) {
        /* Quick bounds: on the coarse game-point scale what each seat can still win often
         * settles a position against the window before any search: 41 % fewer nodes and 37 %
         * less time a solve, the same values (benchmarks/core_speed.py, session 49). */
        uint32_t all = h0 | h1;
        int rem = SUIT_PTS[all & 31] + SUIT_PTS[all >> 5 & 31] + SUIT_PTS[all >> 10 & 31] + SUIT_PTS[all >> 15 & 31];
        int s0 = c0 + (t0 ? m0 : 0), s1 = c1 + (t1 ? m1 : 0);
        int ub0 = best_possible(0, h0, rem, c0, m0, s1, t1, cb, cp, ct);
        int ub1 = best_possible(1, h1, rem, c1, m1, s0, t0, cb, cp, ct);
        int ub = seat == 0 ? ub0 : ub1, lb = seat == 0 ? -ub1 : -ub0;
        if (ub <= alpha) return ub;  /* an upper bound at or below the window */
        if (lb >= beta) return lb;   /* a lower bound at or above it */
        if (lb == ub) return lb;
    }
    int jack = 5 * TRUMP + JACK;
    /* the key: only whether a seat has a trick matters (marriage credit, Schneider-free rows) */
    uint64_t k1 = (uint64_t)h0 | (uint64_t)h1 << 20 | (uint64_t)seat << 40 | (uint64_t)(t0 > 0) << 41 |
                  (uint64_t)(t1 > 0) << 42 | (uint64_t)can_decl << 43 | (uint64_t)may_ex << 44 |
                  (uint64_t)(cb + 1) << 45 | (uint64_t)(ct == 0) << 47 |
                  (uint64_t)(phase1 ? sp : 15) << 48 | (uint64_t)(phase1 && tu == jack) << 52 |
                  CHARGE_KEY | LEAD_KEY;
    uint64_t k2 = (uint64_t)c0 | (uint64_t)c1 << 8 | (uint64_t)m0 << 16 | (uint64_t)m1 << 24 |
                  (uint64_t)(cp + 1) << 32 | (uint64_t)(phase1 ? fd : 0) << 40;
    Entry *e = slot(k1, k2);
    int hint = -1;
    if (e->gen == GEN && e->k1 == k1 && e->k2 == k2) {
        double lo = e->lo, hi = e->hi;
        hint = e->best;
        if (lo >= beta) return lo;
        if (hi <= alpha) return hi;
        if (lo == hi) return lo;
        if (lo > alpha) alpha = lo;
        if (hi < beta) beta = hi;
    }
    double a0 = alpha;
    uint32_t mine = seat == 0 ? h0 : h1, other = seat == 0 ? h1 : h0;
    int sm = seat == 0 ? c0 + (t0 ? m0 : 0) : c1 + (t1 ? m1 : 0);
    int so = seat == 0 ? c1 + (t1 ? m1 : 0) : c0 + (t0 ? m0 : 0);
    int ty = seat == 0 ? t1 : t0, my_t = seat == 0 ? t0 : t1;
    double best = -INF, v;
    int best_card = -1;
    if (can_decl) {
        best = declare_value(seat, sm, so, ty, cb, cp, ct);
        if (best >= beta || best == 3) goto store;
        if (best > alpha) alpha = best;
    }
    if (phase1) {
        if (may_ex && (mine >> jack & 1)) {  /* take the turn-up for the trump jack */
            uint32_t nm = (mine & ~(1u << jack)) | (1u << tu);
            v = seat == 0 ? lead(0, nm, h1, c0, c1, m0, m1, t0, t1, sp, jack, cb, cp, ct, can_decl, 0, fd, alpha, beta)
                          : lead(1, h0, nm, c0, c1, m0, m1, t0, t1, sp, jack, cb, cp, ct, can_decl, 0, fd, alpha, beta);
            if (v > best) { best = v; if (best > alpha) { alpha = best; if (alpha >= beta) goto store; } }
        }
        if (NSTOCK - sp > 2 || CLOSE_TWO) {  /* close: record the other seat's points and tricks */
            double pen = seat != PROOT ? PEN : OWNPEN;
            if (pen > 0)
                v = lead(seat, h0, h1, c0, c1, m0, m1, t0, t1, sp, tu, seat, so, ty, can_decl, 0, 0,
                         alpha + pen, beta + pen) - pen;
            else
                v = lead(seat, h0, h1, c0, c1, m0, m1, t0, t1, sp, tu, seat, so, ty, can_decl, 0, 0, alpha, beta);
            if (v > best) { best = v; if (best > alpha) { alpha = best; if (alpha >= beta) goto store; } }
        }
    }
    int opt_c[12], opt_v[12], opt_k[12], n = 0;
    uint32_t melded = 0;
    if (can_decl || MELD_FIRST) {
        for (int s = 0; s < 4; s++) {
            int k = 5 * s + KING, q = 5 * s + QUEEN;
            if ((mine >> k & 1) && (mine >> q & 1)) {
                int val = s == TRUMP ? 40 : 20;
                double d = declare_value(seat, sm + (my_t ? val : 0), so, ty, cb, cp, ct);
                if (d > best) {
                    best = d;
                    if (best >= beta || best == 3) goto store;
                    if (best > alpha) alpha = best;
                }
                opt_c[n] = k; opt_v[n++] = val;
                opt_c[n] = q; opt_v[n++] = val;
                melded |= (1u << k) | (1u << q);
            }
        }
    }
    for (uint32_t r = mine & ~melded; r; r &= r - 1) {
        opt_c[n] = __builtin_ctz(r); opt_v[n++] = 0;
    }
    /* order: marriages (40 before 20), then aces and tens first, trumps before plain cards */
    for (int i = 0; i < n; i++)
        opt_k[i] = opt_c[i] == hint ? -1 : (100 - opt_v[i]) * 16 + (opt_c[i] % 5) * 2 + (opt_c[i] / 5 != TRUMP);
    for (int i = 1; i < n; i++) {
        int kc = opt_c[i], kv = opt_v[i], kk = opt_k[i], j = i - 1;
        while (j >= 0 && opt_k[j] > kk) { opt_c[j + 1] = opt_c[j]; opt_v[j + 1] = opt_v[j]; opt_k[j + 1] = opt_k[j]; j--; }
        opt_c[j + 1] = kc; opt_v[j + 1] = kv; opt_k[j + 1] = kk;
    }
    uint32_t tmask = suit_mask(TRUMP);
    /* the lead charge: the answers are searched on the uncharged scale, in the window shifted
     * by it, and the charge comes off the card's value */
    double lp = (phase1 && sp > 0) ? LEADPEN[NSTOCK - sp] : 0.0;
    for (int i = 0; i < n; i++) {
        int a = opt_c[i], val = opt_v[i];
        int nm0 = m0, nm1 = m1;
        uint32_t nh0 = h0, nh1 = h1;
        if (seat == 0) { nm0 += val; nh0 &= ~(1u << a); } else { nm1 += val; nh1 &= ~(1u << a); }
        uint32_t resp;
        if (phase1) resp = other;
        else {
            uint32_t same = other & suit_mask(a / 5);
            if (same) resp = (same & higher(a)) ? (same & higher(a)) : same;
            else resp = (other & tmask) ? (other & tmask) : other;
        }
        double worst = INF, la = alpha + lp, lb = beta + lp;
        int order[10], no = order_responses(a, resp, order);
        for (int j = 0; j < no; j++) {
            int b = order[j];
            double nb = worst < lb ? worst : lb;
            if (seat == 0)
                v = -after_trick(0, a, b, nh0, nh1 & ~(1u << b), c0, c1, nm0, nm1, t0, t1, sp, tu, cb, cp, ct, fd, -nb, -la);
            else
                v = -after_trick(1, a, b, nh0 & ~(1u << b), nh1, c0, c1, nm0, nm1, t0, t1, sp, tu, cb, cp, ct, fd, -nb, -la);
            if (v < worst) { worst = v; if (worst <= la) break; }
        }
        worst -= lp;
        if (worst > best) {
            best = worst; best_card = a;
            if (best > alpha) { alpha = best; if (alpha >= beta) break; }
        }
    }
store:
    e->k1 = k1; e->k2 = k2; e->gen = GEN; e->best = (int8_t)best_card;
    /* a fail-low 3 (the window opened at alpha >= 3) is only an upper bound, not the value */
    if (best <= a0) { e->lo = -INF; e->hi = (float)best; }
    else if (best == 3) { e->lo = 3; e->hi = 3; }
    else if (best >= beta) { e->lo = (float)best; e->hi = INF; }
    else { e->lo = (float)best; e->hi = (float)best; }
    return best;
}

/* A new deal: trump, options and the stock (top first, turn-up last); chance: 1 if neither
 * seat knows the order of the face-down stock (only its cards matter then).  Forgets all
 * positions unless they still hold for the new deal. */
void sp_setup(int trump, int claim_last, int meld_first, int close_two, int false_pagat, int closed_pagat,
              int chance, int nstock, const int *stock) {
    if (nstock > 12) nstock = 12;
    /* Keep what was learnt while it still holds: the keys hold both hands, the scores, the stock
     * position and, with chance, the set of face-down cards, so with the same trump, options and
     * stock (with chance: only the same size and turn-up) every stored position is still right;
     * the expert solves many positions of one sampled deal in a row, and with chance the
     * positions of one sample serve every sample. */
    int same = GEN > 1 && trump == TRUMP && claim_last == CLAIM_LAST && meld_first == MELD_FIRST &&
               close_two == CLOSE_TWO && false_pagat == FALSE_PAGAT && closed_pagat == CLOSED_PAGAT &&
               chance == CHANCE && nstock == NSTOCK;
    if (same && nstock > 0) same = STOCK[nstock - 1] == stock[nstock - 1];
    for (int i = 0; same && chance != 1 && i < nstock; i++) same = STOCK[i] == stock[i];
    if (chance == FIRST_DRAW) same = 0;  /* the positions before the draw depend on its outcomes */
    NDRAWS = 0;
    for (int i = 0; i < nstock; i++) STOCK[i] = stock[i];
    if (same) return;
    TRUMP = trump; CLAIM_LAST = claim_last; MELD_FIRST = meld_first; CLOSE_TWO = close_two;
    FALSE_PAGAT = false_pagat; CLOSED_PAGAT = closed_pagat; CHANCE = chance;
    NSTOCK = nstock;
    forget_positions();
}

/* The face-down cards still in the stock at position sp (the turn-up, last, not among them). */
static uint32_t face_down(int sp) {
    uint32_t fd = 0;
    for (int i = sp; i < NSTOCK - 1; i++) fd |= 1u << STOCK[i];
    return fd;
}

double sp_lead(int seat, uint32_t h0, uint32_t h1, int c0, int c1, int m0, int m1, int t0, int t1,
               int sp, int tu, int cb, int cp, int ct, int can_decl, int may_ex) {
    uint32_t fd = CHANCE && cb < 0 ? face_down(sp) : 0;
    return lead(seat, h0, h1, c0, c1, m0, m1, t0, t1, sp, tu, cb, cp, ct, can_decl, may_ex, fd, -INF, INF);
}

double sp_trick(int leader, int a, int b, uint32_t h0, uint32_t h1, int c0, int c1, int m0, int m1, int t0, int t1,
                int sp, int tu, int cb, int cp, int ct) {
    uint32_t fd = CHANCE && cb < 0 ? face_down(sp) : 0;
    return after_trick(leader, a, b, h0, h1, c0, c1, m0, m1, t0, t1, sp, tu, cb, cp, ct, fd, -INF, INF);
}

/* The same with a window for the follower's value: exact inside (alpha, beta), else a bound. */
double sp_trick_w(int leader, int a, int b, uint32_t h0, uint32_t h1, int c0, int c1, int m0, int m1, int t0,
                  int t1, int sp, int tu, int cb, int cp, int ct, double alpha, double beta) {
    uint32_t fd = CHANCE && cb < 0 ? face_down(sp) : 0;
    return after_trick(leader, a, b, h0, h1, c0, c1, m0, m1, t0, t1, sp, tu, cb, cp, ct, fd, alpha, beta);
}

/* The outcomes of the first draw for FIRST_DRAW (n pairs: winner's card, loser's card; 0: all
 * pairs), for the deal set up last; forgets the stored positions (those before the draw depend
 * on the outcomes). */
void sp_first_draws(int n, const int *pairs) {
    if (n > 64) n = 64;
    NDRAWS = n;
    for (int i = 0; i < n; i++) { DRAWS[i][0] = pairs[2 * i]; DRAWS[i][1] = pairs[2 * i + 1]; }
    forget_positions();
}

uint64_t sp_nodes(void) { return NODES; }

/* The charges on the other seat's closes (PEN) and on root's own closes below the root
 * (OWNPEN) for the solves that follow, root the seat whose moves they value.  The keys tell
 * charged positions from plain ones; a new pair of charges forgets the charged positions stored
 * under the old one. */
void sp_close_penalty(double p, double own, int root) {
    p = p > 0 ? p : 0;
    own = own > 0 ? own : 0;
    if ((p > 0 || own > 0) && (p != LASTPEN || own != LASTOWNPEN)) {
        LASTPEN = p;
        LASTOWNPEN = own;
        forget_positions();
    }
    PEN = p;
    OWNPEN = own;
    PROOT = root;
    CHARGE_KEY = (uint64_t)(p > 0 || own > 0) << 53 | (uint64_t)((p > 0 || own > 0) && root) << 54;
}

/* The lead charges (LEADPEN) for the solves that follow: pen[n] for a lead with n stock cards
 * left, n < count (the rest 0).  The key tells charged positions from plain ones; another set
 * of charges forgets the charged positions stored under the old one. */
void sp_lead_charge(int count, const double *pen) {
    double next[13] = {0};
    int any = 0;
    for (int i = 0; i < count && i < 13; i++) { next[i] = pen[i] > 0 ? pen[i] : 0; any |= next[i] > 0; }
    if (any && memcmp(next, LAST_LEADPEN, sizeof next) != 0) {
        memcpy(LAST_LEADPEN, next, sizeof next);
        forget_positions();
    }
    memcpy(LEADPEN, next, sizeof next);
    EXTREME = 3.0;
    for (int i = 0; i < 13; i++) EXTREME += next[i];
    LEAD_KEY = (uint64_t)any << 55;
}

/* The interface version: ai/schnapsen_exact.py refuses a library built from another one. */
int sp_abi(void) { return 7; }
