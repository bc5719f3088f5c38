"""Expert search for Bauern- and Dreierschnapsen: determinized sampling plus playouts.

Card play: for each of a fixed number of deals sampled consistently with the observation
(``ai.family_view.sample_hands``), every candidate move is applied to the rebuilt engine state
and the deal is played to its end by the player-level heuristics for all seats; the move with
the best average result (own side's game points minus the opponents') is chosen.  The game has
at most 6 tricks and the heuristic players follow partner and contract goals, so a playout is a
cheap, reasonable stand-in for a perfect-information solve of the remaining tricks.

Bidding: :func:`bid_chance` plays a contract out on sampled deals to measure how often the hand
makes it, which calibrates the hand evaluator of ``ai.family_eval``.

The sample counts are fixed, so a decision depends only on (observation, legal moves, rng); the
time budget is a safety net for a slow machine.

Glossary: PIMC = perfect-information Monte Carlo; Drücken = the Dreier discard.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from random import Random
from typing import Any

from ai.family_cardplay import PLAYER_PLAY, run
from ai.family_eval import best_discard
from ai.family_view import DECK, sample_hands, view_from_state, view_of, world
from game.cards import Card, Suit
from game.rules import family_play as fp
from game.rules.base import Move
from game.rules.contracts import BY_ID, CONTRACTS, Holding, holds
from game.rules.deal_result import FamilyDeal
from game.rules.family_state import (
    BAUERN_SHAPE,
    DREIER_SHAPE,
    Auction,
    FamilyState,
    Phase,
    Setup,
    evolve,
)
from game.rules.options import BauernOptions, DreierOptions

_SUIT_OF = {x.value: x for x in Suit}


def playout(s: FamilyState, limit: int = 80) -> FamilyState:
    """Play ``s`` to its end with the player heuristics at every seat."""
    for _ in range(limit):
        if s.phase is Phase.OVER:
            return s
        seat = s.turn
        if s.phase is Phase.CLAIM:
            legal: tuple[Move, ...] = fp.legal_claim(s)
            move = run(PLAYER_PLAY, view_from_state(s, seat), legal)[0]
            s = fp.apply_claim(s, move)[0]
            continue
        legal = fp.legal_play(s)
        move = run(PLAYER_PLAY, view_from_state(s, seat), legal)[0]
        s = fp.apply_play(s, move)[0]
    return s


def side_value(s: FamilyState, seat: int) -> float:
    """Own game points minus the best opposing seat's, from a finished deal."""
    pts = s.result.points if s.result is not None else (0,) * s.shape.players
    me = s.side(seat)
    opp = [pts[q] for q in range(s.shape.players) if s.side(q) != me]
    return pts[seat] - (max(opp) if opp else 0)


def play_values(obs: Any, legal: Sequence[Move], rng: Random, samples: int,
                budget_s: float | None) -> tuple[dict[str, float], int]:
    """Average playout value of every legal move over sampled deals."""
    v = view_of(obs)
    keys = [str(m) for m in legal]
    totals = dict.fromkeys(keys, 0.0)
    start = time.perf_counter()
    n = 0
    for _ in range(samples):
        hands = sample_hands(obs, v, rng)
        s = world(obs, v, hands, legal)
        for m, k in zip(legal, keys, strict=True):
            if s.phase is Phase.CLAIM:
                s1 = fp.apply_claim(s, m)[0]
            else:
                s1 = fp.apply_play(s, m)[0]
            totals[k] += side_value(playout(s1), obs.seat)
        n += 1
        if budget_s is not None and n >= 4 and time.perf_counter() - start > budget_s:
            break
    return {k: t / max(n, 1) for k, t in totals.items()}, n


# -- bidding by playing the contract out ------------------------------------------------------------
def sim_state(game_id: str, dealer: int, hands: tuple[tuple[Card, ...], ...], trump: Suit | None,
              turned: Card | None, contract: str, declarer: int, discard: tuple[Card, ...]) -> FamilyState:
    """A state at the first lead of ``contract`` (the auction and exchange already settled)."""
    dreier = game_id == "dreierschnapsen"
    shape = DREIER_SHAPE if dreier else BAUERN_SHAPE
    opts = DreierOptions() if dreier else BauernOptions()
    n = shape.players
    setup = Setup(shape, opts, dealer, DECK, "cut", (), trump, turned)
    auction = Auction(high=contract, high_seat=declarer, passed=(True,) * n, contract=contract,
                      declarer=declarer, talon_taken=dreier, discard=discard)
    s = FamilyState(setup, auction, Phase.PLAY, declarer)
    row = BY_ID[contract]
    leader = declarer if row.declarer_leads else (dealer + 1) % n
    return evolve(s, hands=hands, leader=leader, turn=leader)


def deal_others(obs: Any, mine: tuple[Card, ...], pool: Sequence[Card],
                known_fh: tuple[Card, ...] = ()) -> tuple[list[tuple[Card, ...]], int]:
    """Every seat's hand for one sampled deal: ``mine`` for the observing seat, the others filled
    in seat order from the shuffled ``pool`` (forehand keeps ``known_fh``, the Aufschlagen card
    everybody saw).  Returns the hands and how many pool cards they took."""
    hands: list[tuple[Card, ...]] = []
    i = 0
    for q in range(obs.players):
        if q == obs.seat:
            hands.append(mine)
            continue
        extra = known_fh if q == obs.forehand else ()
        k = obs.hand_sizes[q] - len(extra)
        hands.append(extra + tuple(pool[i:i + k]))
        i += k
    return hands, i


def bid_chance(obs: Any, cid: str, rng: Random, samples: int) -> float:
    """How often this seat makes ``cid`` as declarer over sampled deals (Dreier: after taking
    the talon and discarding by :func:`ai.family_eval.best_discard`)."""
    n = obs.players
    me = obs.seat
    trump = _SUIT_OF[obs.trump] if obs.trump else None
    hand = tuple(obs.hand)
    known_fh: tuple[Card, ...] = ()
    if obs.turned is not None and obs.forehand != me:
        known_fh = (obs.turned,)
    pool = [c for c in DECK if c not in hand and c not in known_fh]
    made = 0
    brole = (0, 1, 3)[(me - obs.dealer - 1) % n] if n == 3 else (me - obs.dealer - 1) % n
    for _ in range(samples):
        rng.shuffle(pool)
        hands, i = deal_others(obs, hand, pool, known_fh)
        discard: tuple[Card, ...] = ()
        if n == 3:
            talon = tuple(pool[i:i + 2])
            eight = hand + talon
            pairs = [(eight[a], eight[b]) for a in range(8) for b in range(a + 1, 8)]
            row = BY_ID[cid]
            if row.holding is not Holding.NONE:
                pairs = [p for p in pairs if holds(row, [c for c in eight if c not in p], trump)] or pairs
            discard = best_discard(cid, eight, trump, pairs, brole)[0]
            hands[me] = tuple(c for c in eight if c not in discard)
        s = sim_state(obs.game_id, obs.dealer, tuple(hands), trump, obs.turned, cid, me, discard)
        end = playout(s)
        if end.result is not None and isinstance(end.result.details, FamilyDeal) and end.result.details.made:
            made += 1
    return made / max(samples, 1)


def discard_values(obs: Any, pairs: Sequence[tuple[Card, Card]], rng: Random,
                   samples: int) -> dict[tuple[Card, Card], float]:
    """Average game points (own minus the best defender's) of playing ``obs.contract`` after each
    discard in ``pairs``, over the same sampled defender hands for every pair (common deals make
    the comparison fairer than independent ones).  The Dreier declarer holds eight cards here."""
    me = obs.seat
    trump = _SUIT_OF[obs.trump] if obs.trump else None
    hand = tuple(obs.hand)
    pool = [c for c in DECK if c not in hand]
    totals = dict.fromkeys(pairs, 0.0)
    for _ in range(samples):
        rng.shuffle(pool)
        hands = deal_others(obs, (), pool)[0]
        for pair in pairs:
            hands[me] = tuple(c for c in hand if c not in pair)
            s = sim_state(obs.game_id, obs.dealer, tuple(hands), trump, obs.turned, obs.contract, me, pair)
            totals[pair] += side_value(playout(s), me)
    return {p: t / max(samples, 1) for p, t in totals.items()}


def raise_ids(cid: str, brole: int) -> tuple[str, ...]:
    cur = BY_ID[cid]
    return tuple(c.id for c in CONTRACTS if c.rank > cur.rank and brole in c.bidders)
