"""Sampling hidden Schnapsen deals consistent with what a seat knows (rng in, world out).

The opponent's hand is its known cards (shown marriages, the exchanged turn-up) plus a uniform
choice of the unseen cards it is not barred from (``SchnapsenKnowledge.opp_cannot``: phase-2
voids and refusals); the rest of the unseen cards form the face-down stock in random order with
the turn-up at the bottom.  Every constraint is of the form "the opponent does not hold card x",
so choosing uniformly among the allowed cards samples uniformly among the consistent deals.
On top of that, what the opponent's last lead hints at (``lead_reading``: no marriage shown, no
trump jack exchanged) weighs the samples by rejection: a sample is kept with the probability
that its hand fits the lead, softened by ``READ_TRUST``.

The sample depends only on the knowledge (hence only on the observation) and the rng: two
states that look alike to the seat give the same samples for the same rng, which keeps the bots
fair.
"""

from __future__ import annotations

from itertools import combinations
from random import Random

from ai.schnapsen_knowledge import SchnapsenKnowledge, count
from ai.schnapsen_solver import JACK, KING, QUEEN, World, bits

#: how far a seat trusts the reading of the opponent's last lead (``lead_reading``): a sample
#: that contradicts it is still kept with probability 1 - READ_TRUST (people hold a marriage
#: back now and then)
READ_TRUST = 0.9
#: samples tried before one is kept regardless
READ_TRIES = 40
#: the oldest lead read, in the opponent's draws since it (0: only the card on the table; 1:
#: also the lead of the last trick)
READ_DRAWS = 1


def sample_world(k: SchnapsenKnowledge, rng: Random, read_draws: int = READ_DRAWS) -> World:
    """One fully known deal consistent with ``k``; where the opponent's latest lead (at most
    ``read_draws`` of its draws ago) says something about its hand, samples are kept in
    proportion to how well they fit it (rejection sampling)."""
    if k.read_lead < 0 or k.perfect or k.drawn_since > read_draws:  # nothing (left) to read, or one deal fits
        return sample_uniform(k, rng)
    for _ in range(READ_TRIES):
        w = sample_uniform(k, rng)
        keep = tell_weight(k, w.hands[k.opp])
        if keep >= 1.0 or rng.random() < keep:
            return w
    return w


def tell_weight(k: SchnapsenKnowledge, opp_hand: int) -> float:
    """How far an opponent hand fits its latest lead's tells (``lead_reading``), softened by
    ``READ_TRUST``: the chance a sample with that hand is kept, or its weight."""
    fit = lead_reading(k, opp_hand)
    return fit + (1.0 - fit) * (1.0 - READ_TRUST)


def lead_reading(k: SchnapsenKnowledge, opp_hand: int) -> float:
    """How well an opponent hand fits its latest lead: the share of the ways to choose the
    ``drawn_since`` cards it drew after that lead (among its unknown cards and those it has
    answered with since) with which its hand at the lead held no marriage it could have shown
    and no trump jack it could have exchanged."""
    lead = 1 << k.read_lead
    jack = 1 << (5 * k.trump + JACK)
    drawable = (opp_hand & ~k.opp_known) | k.read_answers
    if count(drawable) < k.drawn_since:  # not a hand it can hold: nothing to read
        return 1.0
    at_lead = opp_hand | k.read_answers | lead  # its hand then, with every card drawn since
    # each tell must have lost one of its cards to a draw after the lead
    tells: list[int] = []
    if k.could_exchange and at_lead & jack and lead != jack:
        tells.append(jack)
    if k.could_meld:
        for s in range(4):
            pair = 1 << (5 * s + KING) | 1 << (5 * s + QUEEN)
            if at_lead & pair == pair and not k.opp_melded_suits >> s & 1:
                tells.append(pair)
    if not tells:
        return 1.0
    if k.drawn_since == 0 or any(not t & drawable for t in tells):
        return 0.0
    ways = fits = 0
    for drawn in combinations([1 << c for c in bits(drawable)], k.drawn_since):
        d = sum(drawn)
        ways += 1
        fits += all(t & d for t in tells)
    return fits / ways


def sample_uniform(k: SchnapsenKnowledge, rng: Random) -> World:
    """One deal drawn uniformly among those consistent with ``k`` (no reading of the leads)."""
    need = k.opp_hand_size - count(k.opp_known)
    free = bits(k.unseen & ~k.opp_cannot)
    if need > len(free):  # cannot happen with a consistent observation; stay total anyway
        free = bits(k.unseen)
    chosen = rng.sample(free, need) if need > 0 else []
    opp = k.opp_known
    for c in chosen:
        opp |= 1 << c
    return world_with_hand(k, opp, rng)


def world_with_hand(k: SchnapsenKnowledge, hand: int, rng: Random) -> World:
    """The deal with the opponent holding ``hand`` and the rest of the unseen cards in the
    face-down stock in random order, the turn-up at its bottom.  (A stock is dealt only at the
    open stock, where the opponent is barred from no card: bars come from phase-2 tricks.)"""
    stock: tuple[int, ...] = ()
    if not k.phase2 and k.stock_size:
        rest = bits(k.unseen & ~hand)
        rng.shuffle(rest)
        stock = tuple(rest) + ((k.turnup,) if k.turnup >= 0 else ())
    return k.world(hand, stock)


def opponent_hands(k: SchnapsenKnowledge, rng: Random, n: int) -> list[int]:
    """``n`` sampled opponent hands (masks), for heuristics that only need the hand."""
    return [sample_world(k, rng).hands[k.opp] for _ in range(n)]
