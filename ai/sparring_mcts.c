/* Benchmark-only Schnapsen sparring partner of the public bots' kind: UCT with random play-outs
 * over one known (sampled) 2-player deal, for ai/sparring_mcts.py, which samples the deals (PIMC)
 * and sums the searches.  Never part of the app or the executable; compiled on first use like
 * the exact core (ai/schnapsen_exact.py), loaded through ctypes.
 *
 * The rules are those of ai/schnapsen_core.c (drawing, the trump-jack exchange, closing with the
 * other seat's points and tricks recorded, marriages, the 66 declaration after a won trick or a
 * marriage, and after the last trick with claim_last), written here as explicit moves on a state
 * so that a search can step through them; mc_exact solves a position by plain alpha-beta over
 * the same moves, and a test checks it equals the exact core, move by move.
 *
 * Card index i = suit * 5 + rank, ranks A 10 K Q J (lower = stronger).  Move codes: 0-19 play
 * the card (lead or answer), 20-39 lead card (code - 20) showing its marriage, 40 declare,
 * 41 exchange the trump jack, 42 close, 43-46 show the marriage of suit (code - 43) and declare.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#define KING 2
#define QUEEN 3
#define JACK 4
#define M_DECLARE 40
#define M_EXCHANGE 41
#define M_CLOSE 42
#define M_MELD_DECLARE 43
#define MAXMOVES 24

static int TRUMP, CLAIM_LAST = 1, MELD_FIRST = 1, CLOSE_TWO = 1, FALSE_PAGAT, CLOSED_PAGAT;
static int STOCK[12];
static int NSTOCK;
static const int RPTS[5] = {11, 10, 4, 3, 2};

typedef struct {
    uint32_t h[2];
    int c[2], m[2], t[2];
    int sp, tu, cb, cp, ct;
    int seat;    /* to move */
    int led;     /* the card led (the follower is to move), -1 at a lead */
    int hist;    /* a trick has been played: the leader may declare */
    int may_ex;  /* the exchange is still allowed in this lead */
    int melded;  /* the suit of a marriage just shown whose card is still to be led, -1 none */
    int over;    /* the deal has ended: value0 game points for seat 0 */
    int value0;
} St;

/* The scoring below is a copy of schnapsen_core.c's (RULES.md 2.6): the shipped core stays one
 * self-contained source file, cached by its hash; test_the_engine_plays_the_exact_cores_rules
 * keeps the two copies equal. */
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

static inline int score(const St *s, int x) { return s->c[x] + (s->t[x] ? s->m[x] : 0); }
static inline int phase1(const St *s) { return s->cb < 0 && s->sp < NSTOCK; }

static void end_with(St *s, int seat, int v) {
    s->over = 1;
    s->value0 = seat == 0 ? v : -v;
}

/* The legal moves of the seat to move (none once the deal is over). */
static int gen_moves(const St *s, int *out) {
    int n = 0, x = s->seat;
    uint32_t mine = s->h[x];
    if (s->over) return 0;
    if (s->led >= 0) {  /* answer: free while the stock is open, else follow suit and head, or trump */
        uint32_t other = mine, resp;
        if (phase1(s)) resp = other;
        else {
            int a = s->led;
            uint32_t same = other & suit_mask(a / 5), tm = other & suit_mask(TRUMP);
            if (same) resp = (same & higher(a)) ? (same & higher(a)) : same;
            else resp = tm ? tm : other;
        }
        for (uint32_t r = resp; r; r &= r - 1) out[n++] = __builtin_ctz(r);
        return n;
    }
    if (s->melded >= 0) {  /* the marriage is shown: lead its king or queen, or declare */
        out[n++] = M_DECLARE;
        out[n++] = 5 * s->melded + KING;
        out[n++] = 5 * s->melded + QUEEN;
        return n;
    }
    if (s->hist) out[n++] = M_DECLARE;
    int jack = 5 * TRUMP + JACK;
    if (phase1(s)) {
        if (s->may_ex && (mine >> jack & 1)) out[n++] = M_EXCHANGE;
        if (NSTOCK - s->sp > 2 || CLOSE_TWO) out[n++] = M_CLOSE;
    }
    if (s->hist || MELD_FIRST) {
        for (int su = 0; su < 4; su++) {
            int k = 5 * su + KING, q = 5 * su + QUEEN;
            if ((mine >> k & 1) && (mine >> q & 1)) {
                out[n++] = M_MELD_DECLARE + su;
                out[n++] = 20 + k;
                out[n++] = 20 + q;
            }
        }
    }
    for (uint32_t r = mine; r; r &= r - 1) out[n++] = __builtin_ctz(r);  /* a marriage's card too, unshown */
    return n;
}

/* Whether the card a may be led showing its marriage. */
static inline int can_meld(const St *s, int a) {
    int r = a % 5;
    if ((r != KING && r != QUEEN) || !(s->hist || MELD_FIRST)) return 0;
    int partner = a - r + (r == KING ? QUEEN : KING);
    return s->h[s->seat] >> partner & 1;
}

static void apply_move(St *s, int mv) {
    int x = s->seat, y = 1 - x;
    if (s->led >= 0) {  /* the answer ends the trick */
        int a = s->led, b = mv, leader = y, w;
        s->h[x] &= ~(1u << b);
        if (a / 5 == b / 5) w = b < a ? x : leader;
        else w = (b / 5 == TRUMP) ? x : leader;
        s->c[w] += pts(a) + pts(b);
        s->t[w]++;
        if (phase1(s)) {  /* the winner draws first, then the loser; the last card is the turn-up */
            int cw = s->sp == NSTOCK - 1 ? s->tu : STOCK[s->sp];
            int cl = s->sp + 1 == NSTOCK - 1 ? s->tu : STOCK[s->sp + 1];
            s->h[w] |= 1u << cw;
            s->h[1 - w] |= 1u << cl;
            s->sp += 2;
        }
        s->led = -1; s->seat = w; s->hist = 1; s->may_ex = 1; s->melded = -1;
        if (!s->h[0] && !s->h[1]) {
            int v = pass_value(w, s->cb, s->ct);
            if (CLAIM_LAST) {
                int d = declare_value(w, score(s, w), score(s, 1 - w), s->t[1 - w], s->cb, s->cp, s->ct);
                if (d > v) v = d;
            }
            end_with(s, w, v);
        }
        return;
    }
    if (mv == M_DECLARE) {
        end_with(s, x, declare_value(x, score(s, x), score(s, y), s->t[y], s->cb, s->cp, s->ct));
    } else if (mv >= M_MELD_DECLARE) {
        int val = mv - M_MELD_DECLARE == TRUMP ? 40 : 20;
        int sx = score(s, x) + (s->t[x] ? val : 0);
        end_with(s, x, declare_value(x, sx, score(s, y), s->t[y], s->cb, s->cp, s->ct));
    } else if (mv == M_EXCHANGE) {
        int jack = 5 * TRUMP + JACK;
        s->h[x] = (s->h[x] & ~(1u << jack)) | (1u << s->tu);
        s->tu = jack;
        s->may_ex = 0;
    } else if (mv == M_CLOSE) {
        s->cp = score(s, y); s->ct = s->t[y]; s->cb = x; s->may_ex = 0;
    } else {
        int a = mv >= 20 ? mv - 20 : mv;
        if (mv >= 20) s->m[x] += a / 5 == TRUMP ? 40 : 20;
        s->h[x] &= ~(1u << a);
        s->led = a; s->seat = y; s->melded = -1;
    }
}

/* ---- random play-outs and UCT ---- */

static uint64_t RNG = 88172645463325252ull;
static inline uint64_t next_rand(void) {
    RNG ^= RNG << 13; RNG ^= RNG >> 7; RNG ^= RNG << 17;
    return RNG;
}
static inline int rand_below(int n) { return (int)((next_rand() >> 11) % (uint64_t)n); }

/* A play-out move: declare once the 66 are there, take the trump jack, show a marriage whose
 * card is led, never close or declare falsely; the card itself uniformly at random. */
static double GREEDY;  /* chance that a play-out answer is the greedy one (0: all at random) */

/* The greedy answer: win with the cheapest higher card of the suit led; else trump an ace or a
 * ten with the lowest trump; else throw the cheapest card, a plain one before a trump. */
static int greedy_answer(const St *s, const int *mv, int n) {
    int a = s->led, win = -1, trump = -1, low = -1;
    for (int i = 0; i < n; i++) {
        int b = mv[i];
        if (b / 5 == a / 5 && b < a) { if (win < 0 || pts(b) < pts(win)) win = b; }
        else if (b / 5 == TRUMP && a / 5 != TRUMP) { if (trump < 0 || pts(b) < pts(trump)) trump = b; }
        int key = pts(b) + (b / 5 == TRUMP ? 20 : 0), lk = low < 0 ? 99 : pts(low) + (low / 5 == TRUMP ? 20 : 0);
        if (key < lk) low = b;
    }
    if (win >= 0) return win;
    if (trump >= 0 && pts(a) >= 10) return trump;
    return low;
}

static int playout_move(const St *s) {
    int mv[MAXMOVES], n = gen_moves(s, mv);
    if (s->led >= 0) {
        if (GREEDY > 0 && (double)(next_rand() >> 11) / 9007199254740992.0 < GREEDY) return greedy_answer(s, mv, n);
        return mv[rand_below(n)];
    }
    int x = s->seat, cards[MAXMOVES], nc = 0;
    for (int i = 0; i < n; i++) {
        int m = mv[i];
        if (m == M_DECLARE) { if (score(s, x) >= 66) return m; }
        else if (m >= M_MELD_DECLARE) {
            int val = m - M_MELD_DECLARE == TRUMP ? 40 : 20;
            if (s->t[x] && score(s, x) + val >= 66) return m;
        } else if (m == M_EXCHANGE) return m;
        else if (m < 20) cards[nc++] = m;
    }
    int a = cards[rand_below(nc)];
    return (s->melded < 0 && can_meld(s, a)) ? 20 + a : a;
}

static int playout(St s) {
    while (!s.over) apply_move(&s, playout_move(&s));
    return s.value0;
}

typedef struct {
    int first;     /* index of the first child, -1 not expanded */
    int16_t nchild;
    int8_t move;
    int8_t mover;  /* the seat that made the move into this node */
    int visits;
    double sum;    /* rewards for the mover */
} Node;

#define POOL (1 << 21)
static Node NODES_[POOL];
static int NUSED;
static double REWARD0[7];  /* reward in [0, 1] for seat 0 of an outcome of v game points, REWARD0[v + 3] */
static double UCT_C = 0.7;

static inline double reward(int value0, int mover) {
    double r = REWARD0[value0 + 3];
    return mover == 0 ? r : 1.0 - r;
}

static int expand(int node, const St *s) {
    int mv[MAXMOVES], n = gen_moves(s, mv);
    if (n == 0 || NUSED + n > POOL) return 0;
    Node *p = &NODES_[node];
    p->first = NUSED; p->nchild = (int16_t)n;
    for (int i = 0; i < n; i++) {
        Node *c = &NODES_[NUSED++];
        c->first = -1; c->nchild = 0; c->move = (int8_t)mv[i]; c->mover = (int8_t)s->seat;
        c->visits = 0; c->sum = 0.0;
    }
    return 1;
}

static void iterate(const St *root) {
    int path[64], depth = 0, node = 0;
    St s = *root;
    path[depth++] = 0;
    for (;;) {
        Node *p = &NODES_[node];
        if (s.over) break;
        if (p->first < 0 && !expand(node, &s)) break;
        p = &NODES_[node];
        int pick = -1, unvisited = 0;
        for (int i = 0; i < p->nchild; i++)
            if (NODES_[p->first + i].visits == 0 && rand_below(++unvisited) == 0) pick = p->first + i;
        if (pick < 0) {
            double lg = log((double)p->visits), best = -1e300;
            for (int i = 0; i < p->nchild; i++) {
                Node *c = &NODES_[p->first + i];
                double u = c->sum / c->visits + UCT_C * sqrt(lg / c->visits);
                if (u > best) { best = u; pick = p->first + i; }
            }
        }
        apply_move(&s, NODES_[pick].move);
        node = pick;
        if (depth < 64) path[depth++] = node;
        if (NODES_[pick].visits == 0) break;  /* a new node: play out from it */
    }
    int v0 = s.over ? s.value0 : playout(s);
    for (int i = 0; i < depth; i++) {
        Node *c = &NODES_[path[i]];
        c->visits++;
        c->sum += reward(v0, c->mover);
    }
}

/* ---- the interface ---- */

/* A new deal: trump, options and the stock (top first, turn-up last). */
void mc_setup(int trump, int claim_last, int meld_first, int close_two, int false_pagat, int closed_pagat,
              int nstock, const int *stock) {
    if (nstock > 12) nstock = 12;
    TRUMP = trump; CLAIM_LAST = claim_last; MELD_FIRST = meld_first; CLOSE_TWO = close_two;
    FALSE_PAGAT = false_pagat; CLOSED_PAGAT = closed_pagat;
    NSTOCK = nstock;
    for (int i = 0; i < nstock; i++) STOCK[i] = stock[i];
}

static St make_state(int seat, uint32_t h0, uint32_t h1, int c0, int c1, int m0, int m1, int t0, int t1,
                     int cb, int cp, int ct, int led, int hist, int melded) {
    St s;
    memset(&s, 0, sizeof s);
    s.h[0] = h0; s.h[1] = h1; s.c[0] = c0; s.c[1] = c1; s.m[0] = m0; s.m[1] = m1; s.t[0] = t0; s.t[1] = t1;
    s.sp = 0; s.tu = NSTOCK ? STOCK[NSTOCK - 1] : 0; s.cb = cb; s.cp = cp; s.ct = ct;
    s.seat = seat; s.led = led; s.hist = hist; s.may_ex = 1; s.melded = melded;
    return s;
}

/* UCT from the position given (the deal set up last) for ``iterations`` iterations; rewards:
 * seat 0's reward of each outcome -3..3 (reward0[v + 3]; seat 1's is 1 minus it); greedy: the
 * chance that a play-out answer is greedy_answer's instead of a random one.  Writes each
 * root move's code, visits and mean reward for the seat to move; returns how many there are. */
int mc_search(int seat, uint32_t h0, uint32_t h1, int c0, int c1, int m0, int m1, int t0, int t1,
              int cb, int cp, int ct, int led, int hist, int melded, int iterations, uint64_t seed,
              double c, double greedy, const double *reward0, int *moves, int *visits, double *means) {
    St root = make_state(seat, h0, h1, c0, c1, m0, m1, t0, t1, cb, cp, ct, led, hist, melded);
    RNG = seed ? seed : 88172645463325252ull;
    UCT_C = c;
    GREEDY = greedy;
    for (int i = 0; i < 7; i++) REWARD0[i] = reward0[i];
    NUSED = 1;
    NODES_[0].first = -1; NODES_[0].nchild = 0; NODES_[0].visits = 0; NODES_[0].sum = 0.0;
    NODES_[0].mover = (int8_t)(1 - seat); NODES_[0].move = -1;
    for (int i = 0; i < iterations; i++) iterate(&root);
    Node *r = &NODES_[0];
    if (r->first < 0) return 0;
    for (int i = 0; i < r->nchild; i++) {
        Node *ch = &NODES_[r->first + i];
        moves[i] = ch->move; visits[i] = ch->visits;
        means[i] = ch->visits ? ch->sum / ch->visits : 0.0;
    }
    return r->nchild;
}

static int exact(const St *s, int alpha, int beta) {
    int mv[MAXMOVES], n = gen_moves(s, mv), best = -99;
    for (int i = 0; i < n; i++) {
        St t = *s;
        apply_move(&t, mv[i]);
        int v;
        if (t.over) v = s->seat == 0 ? t.value0 : -t.value0;
        else v = t.seat == s->seat ? exact(&t, alpha, beta) : -exact(&t, -beta, -alpha);
        if (v > best) { best = v; if (best > alpha) { alpha = best; if (alpha >= beta) break; } }
    }
    return best;
}

/* Plain alpha-beta over the moves above, for the test that they are the exact core's rules:
 * each root move's exact value (game points for the seat to move). */
int mc_exact(int seat, uint32_t h0, uint32_t h1, int c0, int c1, int m0, int m1, int t0, int t1,
             int cb, int cp, int ct, int led, int hist, int melded, int *moves, int *values) {
    St root = make_state(seat, h0, h1, c0, c1, m0, m1, t0, t1, cb, cp, ct, led, hist, melded);
    int mv[MAXMOVES], n = gen_moves(&root, mv);
    for (int i = 0; i < n; i++) {
        St t = root;
        apply_move(&t, mv[i]);
        moves[i] = mv[i];
        if (t.over) values[i] = seat == 0 ? t.value0 : -t.value0;
        else values[i] = t.seat == seat ? exact(&t, -99, 99) : -exact(&t, -99, 99);
    }
    return n;
}

/* The interface version ai/sparring_mcts.py expects. */
int mc_abi(void) { return 2; }
