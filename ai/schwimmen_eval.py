"""Schwimmen bot helpers: what a seat knows, hand potential, and simulated showdowns.

- :func:`unseen` is every card of the pack whose place the seat does not know: not in its
  hand, not in the middle, not publicly known in another hand (cards taken from the middle),
  not set aside face up by the all-shove rule.  (The dealer also remembers a rejected packet
  A: it lies face up in the middle.)
- :func:`potential` rates how a hand can still grow: two cards of a suit with good cards of
  that suit still unseen are worth more than the bare value says.
- :func:`loss_chance` samples the others' hidden cards, lets every other seat take one greedy
  turn from the middle in order of play, and counts how often this seat would lose a life at
  the showdown (the rules' own :func:`losers_of`, so Feuer and the 20-or-less option count).

Glossary: Schnauz = 31; Feuer = three aces; Mitte = middle; schieben = shove; klopfen = knock.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Any

from game.cards import Card, Rank
from game.rules.schwimmen_showdown import losers_of
from game.rules.schwimmen_values import CARD_VALUE, HandValue, hand_value, pack


def unseen(obs: Any) -> list[Card]:
    """Cards whose place this seat does not know (the stock and the others' hidden cards)."""
    gone: list[Card] = list(obs.hand) + list(obs.middle) + list(getattr(obs, "set_aside", ()))
    for q, ks in enumerate(obs.known_hands):
        if q != obs.seat:
            gone += list(ks)
    rest = list(pack(obs.options))
    for c in gone:
        if c in rest:
            rest.remove(c)
    return rest


def value(cards: Sequence[Card], options: Any) -> float:
    """The hand value as a number (Feuer = 32); a fast path for the usual scoring rules."""
    if options is not None and options.mixed_rank_scoring:
        return hand_value(cards, options).value
    a, b, c = cards
    ra, rb, rc = a.rank, b.rank, c.rank
    if ra is rb is rc:
        return 32.0 if ra is Rank.ACE and (options is None or options.feuer) else 30.5
    va, vb, vc = CARD_VALUE[ra], CARD_VALUE[rb], CARD_VALUE[rc]
    sa, sb, sc = a.suit, b.suit, c.suit
    if sa is sb:
        if sa is sc:
            return float(min(31, va + vb + vc))
        return float(max(va + vb, vc))
    if sa is sc:
        return float(max(va + vc, vb))
    if sb is sc:
        return float(max(vb + vc, va))
    return float(max(va, vb, vc))


def potential(hand: Sequence[Card], pool: Sequence[Card], options: Any) -> float:
    """Average best value reachable by swapping one card for one card of ``pool``, minus the
    current value: how much the hand can still grow from cards that may yet appear."""
    if not pool:
        return 0.0
    now = value(hand, options)
    gain = 0.0
    for c in pool:
        best = now
        for i in range(3):
            h = list(hand)
            h[i] = c
            best = max(best, value(h, options))
        gain += best - now
    return gain / len(pool)


def best_swap(hand: Sequence[Card], middle: Sequence[Card], options: Any) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The greedy best hand reachable in one turn (swap one, swap all, or keep) and the middle
    it leaves."""
    best_h, best_m = tuple(hand), tuple(middle)
    best_v = hand_value(hand, options)
    for i in range(3):
        for j in range(len(middle)):
            h = list(hand)
            m = list(middle)
            h[i], m[j] = m[j], h[i]
            v = hand_value(h, options)
            if v > best_v:
                best_v, best_h, best_m = v, tuple(h), tuple(m)
    if len(middle) == 3:
        v = hand_value(middle, options)
        if v > best_v:
            best_h, best_m = tuple(middle), tuple(hand)
    return best_h, best_m


def others_in_order(obs: Any) -> list[int]:
    """Active seats after this one in the order of play."""
    n = obs.players
    step = 1 if getattr(obs.options, "direction", "clockwise") == "clockwise" else -1
    return [q for q in ((obs.seat + step * k) % n for k in range(1, n)) if obs.active[q]]


def sample_others(obs: Any, pool: list[Card], rng: Random) -> dict[int, tuple[Card, ...]]:
    """Hidden hands of the other active seats: their public cards plus unseen cards.  A seat
    that has had turns has been improving its hand, so its hidden cards are the best of a few
    random draws (one more per lap played, up to four)."""
    rng.shuffle(pool)
    out: dict[int, tuple[Card, ...]] = {}
    rest = list(pool)
    active = max(2, sum(obs.active))
    draws = 1 + min(3, len(obs.swaps) // active + (1 if obs.shoves else 0))
    opts = obs.options
    for q in others_in_order(obs):
        known = tuple(obs.known_hands[q])[:3]
        k = 3 - len(known)
        if k == 0:
            out[q] = known
            continue
        best: tuple[Card, ...] | None = None
        best_v = None
        for _ in range(draws if len(rest) >= k * draws else 1):
            idx = rng.sample(range(len(rest)), k)
            cand = known + tuple(rest[i] for i in idx)
            v = hand_value(cand, opts)
            if best_v is None or v > best_v:
                best, best_v = cand, v
        hand = best if best is not None else known + tuple(rest[:k])
        out[q] = hand
        for c in hand[len(known):]:
            rest.remove(c)
    return out


def loss_chance(obs: Any, hand: Sequence[Card], middle: Sequence[Card], rng: Random, samples: int,
                knocked: bool, turns_left: int | None = None) -> float:
    """Chance that this seat loses a life if it ends its turn with ``hand`` and ``middle``:
    each other seat still to move gets one greedy turn (the final round after a knock, or one
    lap of play otherwise), then a showdown."""
    pool = unseen(obs)
    order = others_in_order(obs)
    if turns_left is not None:
        order = order[:turns_left]
    opts = obs.options
    lost = 0
    for _ in range(samples):
        hands = sample_others(obs, pool, rng)
        mid = tuple(middle)
        ended = ""
        for q in order:
            h, mid = best_swap(hands[q], mid, opts)
            hands[q] = h
            v = hand_value(h, opts)
            if v.is_31 or v.is_feuer:
                ended = "feuer" if v.is_feuer else "31"
                break
        hands[obs.seat] = tuple(hand)
        seats = [obs.seat] + others_in_order(obs)
        values: dict[int, HandValue] = {q: hand_value(hands[q], opts) for q in seats}
        losers, _, _ = losers_of(seats, values, ended or ("knock" if knocked else "shoves"), (), None, opts)
        if obs.seat in losers:
            lost += 1
    return lost / max(samples, 1)


def middle_gift(middle: Sequence[Card], known_next: Sequence[Card], options: Any) -> float:
    """How much the middle we leave can help the next seat, judged by its public cards and by
    the raw value of the best card left (an ace lying in the middle is an invitation)."""
    top = max((CARD_VALUE[c.rank] for c in middle), default=0)
    gift = top / 11.0
    if known_next:
        for c in middle:
            same = [k for k in known_next if k.suit is c.suit]
            if same:
                gift += (CARD_VALUE[c.rank] + sum(CARD_VALUE[k.rank] for k in same)) / 31.0
    return gift


def _greedy(hand: tuple[Card, ...], middle: tuple[Card, ...], opts: Any) -> tuple[float, tuple[Card, ...],
                                                                                 tuple[Card, ...]]:
    best_v, best_h, best_m = value(hand, opts), hand, middle
    for i in range(3):
        for j in range(3):
            h = hand[:i] + (middle[j],) + hand[i + 1:]
            v = value(h, opts)
            if v > best_v:
                best_v, best_h, best_m = v, h, middle[:j] + (hand[i],) + middle[j + 1:]
    v = value(middle, opts)
    if v > best_v:
        best_v, best_h, best_m = v, middle, hand
    return best_v, best_h, best_m


def rollout_loss(obs: Any, hand: tuple[Card, ...], middle: tuple[Card, ...], knocks: bool, rng: Random,
                 samples: int, knock_at: float = 26.0) -> float:
    """Chance to lose a life when this turn ends with ``hand``/``middle`` (and a knock if
    ``knocks``): the rest of the deal is played out on sampled hidden cards by simple greedy
    players (swap when it gains, knock at ``knock_at`` when no swap gains 2, else shove)."""
    opts = obs.options
    pool = unseen(obs)
    order = [obs.seat] + others_in_order(obs)
    n = len(order)
    lost = 0
    for _ in range(samples):
        hands = sample_others(obs, pool, rng)
        hands[obs.seat] = hand
        rest = list(pool)
        for h in hands.values():
            for c in h:
                if c in rest:
                    rest.remove(c)
        rng.shuffle(rest)
        stock = rest[:obs.stock_size]
        mid = middle
        knocker = obs.knocker if obs.knocker is not None else (obs.seat if knocks else None)
        left = (obs.final_left - 1) if obs.knocker is not None else (n - 1 if knocks else 0)
        shoves = 0
        ended = ""
        i = 1
        for _turn in range(8 * n):
            if knocker is not None and left <= 0:
                ended = "knock"
                break
            q = order[i % n]
            i += 1
            if q == knocker:
                continue
            now = value(hands[q], opts)
            best_v, bh, bm = _greedy(hands[q], mid, opts)
            if knocker is None and now >= knock_at and best_v < now + 2 and now >= 20:
                knocker, left, shoves = q, n - 1, 0
                continue
            if best_v > now:
                hands[q], mid, shoves = bh, bm, 0
                if best_v >= 31:
                    ended = "31"
                    break
            else:
                shoves += 1
                if knocker is None and shoves >= n:
                    if len(stock) < 3 or not opts.all_shove_replaces_middle:
                        ended = "shoves"
                        break
                    mid, stock, shoves = tuple(stock[:3]), stock[3:], 0
            if knocker is not None:
                left -= 1
        values = {q: hand_value(hands[q], opts) for q in order}
        if ended == "31" and any(v.is_feuer for v in values.values()):
            ended = "feuer"
        losers, _, _ = losers_of(order, values, ended or "knock", (), knocker, opts)
        if obs.seat in losers:
            lost += 1
    return lost / max(samples, 1)
