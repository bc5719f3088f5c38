"""Sampling hidden Schnapsen deals consistent with what a seat knows (rng in, world out).

The opponent's hand is its known cards (shown marriages, the exchanged turn-up) plus a uniform
choice of the unseen cards it is not barred from (``SchnapsenKnowledge.opp_cannot``: phase-2
voids and refusals); the rest of the unseen cards form the face-down stock in random order with
the turn-up at the bottom.  Every constraint is of the form "the opponent does not hold card x",
so choosing uniformly among the allowed cards samples uniformly among the consistent deals.

The sample depends only on the knowledge (hence only on the observation) and the rng: two
states that look alike to the seat give the same samples for the same rng, which keeps the bots
fair.
"""

from __future__ import annotations

from random import Random

from ai.knowledge import SchnapsenKnowledge, count
from ai.schnapsen_solver import World, bits


def sample_world(k: SchnapsenKnowledge, rng: Random) -> World:
    """One fully known deal consistent with ``k``."""
    need = k.opp_hand_size - count(k.opp_known)
    free = bits(k.unseen & ~k.opp_cannot)
    barred = bits(k.unseen & k.opp_cannot)
    if need > len(free):  # cannot happen with a consistent observation; stay total anyway
        free, barred = bits(k.unseen), []
    chosen = rng.sample(free, need) if need > 0 else []
    opp = k.opp_known
    for c in chosen:
        opp |= 1 << c
    stock: tuple[int, ...] = ()
    if not k.phase2 and k.stock_size:
        rest = [c for c in free if not opp >> c & 1] + barred
        rng.shuffle(rest)
        stock = tuple(rest) + ((k.turnup,) if k.turnup >= 0 else ())
    return k.world(opp, stock)


def opponent_hands(k: SchnapsenKnowledge, rng: Random, n: int) -> list[int]:
    """``n`` sampled opponent hands (masks), for heuristics that only need the hand."""
    return [sample_world(k, rng).hands[k.opp] for _ in range(n)]
