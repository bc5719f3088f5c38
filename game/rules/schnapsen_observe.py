"""What one Schnapsen seat may know (ARCHITECTURE.md: bots see observations, never states).

A seat sees its own hand, the turn-up while it lies face up, the size of the stock, every card
played (both players saw each trick, so bots may count cards from ``tricks``), the marriages
shown and which of their cards are still in the opponent's hand, the old turn-up the opponent
took by exchanging the trump jack, its own won cards and points (S7, A-S11), and both trick
counts.  Never the opponent's other hand cards, the opponent's points, or the stock order.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.cards import Card, Suit
from game.rules.options import SchnapsenOptions
from game.rules.schnapsen_state import (
    DECK,
    FINAL,
    LEAD,
    OVER,
    PHASE_NAMES,
    SchnapsenState,
    TrickRecord,
    known_to_opponent,
)


@dataclass(frozen=True, slots=True)
class SchnapsenObservation:
    seat: int
    dealer: int
    options: SchnapsenOptions
    hand: tuple[Card, ...]
    trump: Suit
    turnup: Card | None  # only while face up (None once closed or drawn)
    stock_size: int  # cards left in the stock, the turn-up included
    closed: bool
    closed_by: int | None
    phase2: bool  # the strict rules of S8 apply to the next trick
    trick_leader: int
    trick: tuple[Card, ...]  # cards on the table in the current trick
    tricks: tuple[TrickRecord, ...]  # every completed trick of the deal
    marriages: tuple[tuple[Suit, int], ...]  # (suit, seat) shown by either seat
    opponent_known: tuple[Card, ...]  # opponent hand cards this seat has seen (melds, exchange)
    exchanged_by: int | None
    exchanged_turnup: Card | None  # the old turn-up the exchanger took into hand
    won: tuple[Card, ...]  # own captured cards
    points: int  # own card points + credited marriages
    pending: int  # own marriage points waiting for a first trick
    my_tricks: int
    opponent_tricks: int
    opponent_hand_size: int
    to_move: int | None
    stage: str  # "lead", "follow", "final" (may declare after the last trick) or "over"
    melded: Suit | None  # marriage just shown by the seat on lead: it must lead K/Q or declare
    may_declare: bool  # the seat to move may declare 66 now
    #: (own, opponent's) game points still needed to win the match, from the score sheet;
    #: None for a deal played on its own
    match_needs: tuple[int, int] | None = None
    #: the turn-up a close turned face down onto the stock (S10): both seats saw it, so it is
    #: out of play, not in the opponent's hand; None while the stock is open or exhausted
    closed_turnup: Card | None = None


def observe(s: SchnapsenState, seat: int) -> SchnapsenObservation:
    opp = 1 - seat
    sp = s.specials
    t = s.tally
    to_move = None if s.phase is OVER else s.to_act
    may_declare = s.phase is FINAL or (s.phase is LEAD and (bool(t.history) or s.melded >= 0))
    return SchnapsenObservation(
        seat=seat,
        dealer=s.setup.dealer,
        options=s.setup.options,
        hand=s.hands[seat],
        trump=s.setup.trump,
        turnup=s.turnup,
        stock_size=len(s.stock),
        closed=sp.closed_by >= 0,
        closed_by=sp.closed_by if sp.closed_by >= 0 else None,
        phase2=s.strict,
        trick_leader=s.leader,
        trick=s.trick,
        tricks=t.history,
        marriages=sp.marriages,
        opponent_known=known_to_opponent(s, opp),
        exchanged_by=sp.exchanged_by if sp.exchanged_by >= 0 else None,
        exchanged_turnup=sp.exchanged_turnup,
        won=t.won[seat],
        points=s.score(seat),
        pending=s.pending(seat),
        my_tricks=t.tricks[seat],
        opponent_tricks=t.tricks[opp],
        opponent_hand_size=len(s.hands[opp]),
        to_move=to_move,
        stage=PHASE_NAMES[s.phase],
        melded=_suit(s.melded),
        may_declare=may_declare and to_move == seat,
        match_needs=_needs(s.setup.match_needs, seat),
        closed_turnup=s.stock[-1] if sp.closed_by >= 0 and s.stock else None,
    )


def _needs(needs: tuple[int, int] | None, seat: int) -> tuple[int, int] | None:
    return None if needs is None else (needs[seat], needs[1 - seat])


def _suit(i: int) -> Suit | None:
    from game.cards import SUITS

    return SUITS[i] if i >= 0 else None


def unseen_cards(obs: SchnapsenObservation) -> tuple[Card, ...]:
    """Cards this seat has not located: the opponent's unknown hand cards plus the face-down
    stock (and, once closed, the turned-down stock but for the turn-up both seats saw).  Bots
    sample hidden states from these."""
    seen = {str(c) for c in obs.hand}
    seen.update(str(c) for tr in obs.tricks for c in tr.cards)
    seen.update(str(c) for c in obs.trick)
    seen.update(str(c) for c in obs.opponent_known)
    for up in (obs.turnup, obs.closed_turnup):
        if up is not None:
            seen.add(str(up))
    return tuple(c for c in DECK if str(c) not in seen)
