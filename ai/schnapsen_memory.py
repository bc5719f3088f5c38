"""What the expert remembers of the opponent's play through a deal: weighted opponent hands.

Without memory the expert reads only the opponent's latest decisions (its lead on the table, its
answer to the expert's last lead, the tells of its last lead): each decision's samples are drawn afresh and
weighed by how likely those few decisions are for the hand a sample gives the opponent, and
what earlier decisions said is forgotten once they are no longer the latest.

``DealMemory`` keeps a set of opponent hands ("particles") with weights for the whole deal.
Each opponent decision is read once, at the first decision of this seat that can read it: every
particle's weight is multiplied by how likely the decision is for the particle's hand (the same
likelihoods the fresh samples use, ``reading_weight``).  Between decisions each particle is
mended to fit what the seat has seen since (cards played, drawn, shown, suits the opponent
cannot hold): a card it can no longer hold leaves, a card it must hold enters, and draws are
filled at random from the cards it may hold.  A hand that what was seen since shows to be
wrong (the opponent played a card it lacks, say) goes back to the mean weight: what was read
was read of another hand.  When the weights crowd onto a few hands the
set is resampled.  The PIMC samples of a decision are then drawn from the particles by weight,
each with a fresh random order of the face-down stock.

Everything here is a function of the observations this seat had and its rng: the memory only
saves the work of reading a decision again, and the opponent's hidden cards are never looked at.
The expert uses it at the open stock only (``ai.schnapsen.MEMORY``, off: measured, it wins
nothing against sparring-firm).
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import Any

from ai.schnapsen_determinize import world_with_hand
from ai.schnapsen_knowledge import SchnapsenKnowledge, count
from ai.schnapsen_solver import World, bits

#: resample once the effective number of particles falls below this share of them
RESAMPLE_BELOW = 0.5


def _seen_by_me(k: SchnapsenKnowledge) -> int:
    """Cards whose place this seat knows (its hand, the played cards, the turn-up, the cards it
    has seen in the opponent's hand): within a deal this set only grows."""
    turnup = (1 << k.turnup) if k.turnup >= 0 else 0
    closed = (1 << k.closing.turnup) if k.closing is not None else 0
    return k.hand | k.played | turnup | closed | k.opp_known


class DealMemory:
    """Weighted opponent hands for one deal of one seat (see the module docstring)."""

    def __init__(self, k: SchnapsenKnowledge, size: int, rng: Random) -> None:
        self.seat = k.seat
        self.trump = k.trump
        self.seen = _seen_by_me(k)
        self.turnup = (1 << k.turnup) if k.turnup >= 0 else 0
        self.stock_size = k.stock_size
        self.unseen, self.played = k.unseen, k.played
        self.read: set[tuple[Any, ...]] = set()
        self.hands = [_uniform_hand(k, rng) for _ in range(size)]
        self.weights = [1.0] * size

    def same_deal(self, k: SchnapsenKnowledge) -> bool:
        """Whether ``k`` can be a later moment of the deal this memory was made in."""
        lost = self.seen & ~_seen_by_me(k)
        if k.stock_size == 0:  # the turn-up was drawn with the last card: no longer listed as seen
            lost &= ~self.turnup
        return k.seat == self.seat and k.trump == self.trump and k.stock_size <= self.stock_size and not lost

    @property
    def informed(self) -> bool:
        """Whether any decision of the opponent has been read into the weights."""
        return bool(self.read)

    def update(self, k: SchnapsenKnowledge, rng: Random,
               readings: list[tuple[tuple[Any, ...], Callable[[World], float]]]) -> None:
        """Mend every hand to fit ``k``, then read the decisions of ``readings`` not read yet:
        (a key naming the decision, the likelihood of it given a sampled deal)."""
        mean = sum(self.weights) / len(self.weights)
        opp_played = k.played & self.unseen & ~self.played  # what the opponent played since
        for i, h in enumerate(self.hands):
            if _refuted(k, h, opp_played):  # what it read was of another hand: back to the prior
                self.weights[i] = mean
            self.hands[i] = _mend(k, h, rng)
        self.seen = _seen_by_me(k)
        if k.turnup >= 0:
            self.turnup = 1 << k.turnup
        self.stock_size = k.stock_size
        self.unseen, self.played = k.unseen, k.played
        for key, likelihood in readings:
            if key in self.read:
                continue
            self.read.add(key)
            for i, h in enumerate(self.hands):
                if self.weights[i] > 0.0:
                    self.weights[i] *= likelihood(world_with_hand(k, h, rng))
        total = sum(self.weights)
        if total <= 0.0:  # nothing fits any more (cannot happen with positive likelihoods): start afresh
            self.hands = [_uniform_hand(k, rng) for _ in self.hands]
            self.weights = [1.0] * len(self.hands)
            return
        ess = total * total / sum(w * w for w in self.weights)
        if ess < RESAMPLE_BELOW * len(self.hands):
            self.hands = [self.hands[i] for i in systematic(self.weights, len(self.hands), rng)]
            self.weights = [1.0] * len(self.hands)

    def sampler(self, k: SchnapsenKnowledge, n: int, rng: Random) -> Callable[[Random], World]:
        """A sampler of ``n`` deals for PIMC: particles drawn by weight (systematic resampling,
        in random order), each dealt a fresh order of the face-down stock."""
        picks = systematic(self.weights, n, rng)
        rng.shuffle(picks)
        it = iter(picks)

        def sample(r: Random) -> World:
            i = next(it, None)
            if i is None:  # PIMC asked for more than n: draw by weight again
                i = systematic(self.weights, 1, r)[0]
            return world_with_hand(k, self.hands[i], r)

        return sample


def systematic(weights: list[float], n: int, rng: Random) -> list[int]:
    """``n`` indices drawn in proportion to ``weights`` with one uniform offset (systematic
    resampling: each index appears floor or ceil of its expected count times)."""
    total = sum(weights)
    step = total / n
    u = rng.random() * step
    out: list[int] = []
    acc = 0.0
    i = 0
    for j in range(n):
        target = u + j * step
        while i < len(weights) - 1 and acc + weights[i] <= target:
            acc += weights[i]
            i += 1
        out.append(i)
    return out


def _uniform_hand(k: SchnapsenKnowledge, rng: Random) -> int:
    """An opponent hand drawn uniformly among those ``k`` allows."""
    return _mend(k, k.opp_known, rng)


def _refuted(k: SchnapsenKnowledge, hand: int, opp_played: int) -> bool:
    """Whether what this seat has seen since shows the opponent never held ``hand``: it played
    a card the hand lacks, a card of the hand turned up elsewhere or is barred (a void), or a
    card it was seen to hold is missing."""
    allowed = k.unseen & ~k.opp_cannot
    return bool(opp_played & ~hand or hand & ~allowed & ~k.played or k.opp_known & ~hand)


def _mend(k: SchnapsenKnowledge, hand: int, rng: Random) -> int:
    """``hand`` made to fit ``k``: cards it cannot hold out, cards known to be in it in, then
    random cards it may hold added (or random unknown ones dropped) to its size."""
    allowed = k.unseen & ~k.opp_cannot
    h = (hand & allowed) | k.opp_known
    need = k.opp_hand_size - count(h)
    if need > 0:
        free = bits(allowed & ~h)
        if need > len(free):  # an inconsistent observation: stay total anyway
            free = bits(k.unseen & ~h)
        for c in rng.sample(free, min(need, len(free))):
            h |= 1 << c
    elif need < 0:
        for c in rng.sample(bits(h & ~k.opp_known), -need):
            h &= ~(1 << c)
    return h
