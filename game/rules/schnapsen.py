"""2-player Schnapsen (RULES.md section 2): the deal, phase 1 and 2, exchange, closing,
marriages, the 66 declaration and the scoring table 2.6, with every option of 2.8.

One deal is a phase machine (``Phase``): LEAD (the seat on lead acts in the order exchange ->
close -> meld -> play/declare, each optional), FOLLOW (the other seat plays a card), FINAL (all
tricks played: the last-trick winner may ``declare`` or ``pass``, A-S4) and OVER.  The state
lives in ``schnapsen_state``, the observation in ``schnapsen_observe``, scoring in
``schnapsen_scoring``.  Every decision is a ``Move``: ``play QH``, ``exchange``, ``close``,
``meld H``, ``declare``, ``pass``.

Glossary: stock = Talon; close = zudrehen; turn-up = Atout-Karte; marriage = Zwanziger (20) /
Vierziger (40, trumps); declare = ausmelden ("I have 66"); phase 2 = Farbzwang, Stichzwang and
Trumpfzwang once the stock is closed or exhausted; Schneider = the loser below 33; Bummerl = a
lost match.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Any

from game.cards import Card
from game.rules import events as ev
from game.rules.base import IllegalMove, Move, RoundResult, Seat
from game.rules.base import parse_move as _parse_move
from game.rules.messages import Reason
from game.rules.options import SchnapsenOptions
from game.rules.schnapsen_explain import explain, suit_i
from game.rules.schnapsen_observe import SchnapsenObservation, observe, unseen_cards
from game.rules.schnapsen_scoring import bummerl, match_winner, score_round
from game.rules.schnapsen_state import (
    CLOSE,
    DECK,
    DECLARE,
    EXCHANGE,
    FINAL,
    FOLLOW,
    JACKS,
    KQ_BIT,
    LEAD,
    MELD_SUITS,
    MELDS_BY_MASK,
    OVER,
    PASS,
    PLAY,
    PTS,
    SI,
    STR,
    WIN,
    SchnapsenState,
    Setup,
    Specials,
    Tally,
    canonical,
    fast_new,
    follow_cards,
    holds,
    marriage_value,
    new_state,
    new_tally,
    new_trick,
    without,
)

__all__ = [
    "RULES",
    "SchnapsenObservation",
    "SchnapsenRules",
    "SchnapsenState",
    "bummerl",
    "deal_layout",
    "match_winner",
    "parse_move",
    "unseen_cards",
]

#: S3: deck indices of the non-dealer's and the dealer's hand, the turn-up and the stock.
NON_DEALER_IDX = (0, 1, 2, 7, 8)
DEALER_IDX = (3, 4, 5, 9, 10)
TURNUP_IDX = 6
STOCK_IDX = tuple(range(11, 20))


def parse_move(text: str) -> Move:
    """Read a move in the ARCHITECTURE notation back (``"play QH"``, ``"meld H"``, ``"close"``)."""
    return _parse_move(text)


def deal_layout(deck: Sequence[Card]) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
    """(non-dealer hand, dealer hand, stock top first ending with the turn-up) for a 20-card deck."""
    return (
        tuple(deck[i] for i in NON_DEALER_IDX),
        tuple(deck[i] for i in DEALER_IDX),
        tuple(deck[i] for i in STOCK_IDX) + (deck[TURNUP_IDX],),
    )


class SchnapsenRules:
    """The rules object (stateless); ``RULES`` is the module-level instance the registry returns."""

    id = "schnapsen"
    min_players = 2
    max_players = 2

    # --- the deal ---------------------------------------------------------------------------
    def new_round(
        self,
        players: int,
        dealer: Seat,
        rng: Random,
        options: SchnapsenOptions | None = None,
        deck: Sequence[Card] | None = None,
        match_needs: tuple[int, int] | None = None,
    ) -> SchnapsenState:
        if players != 2:
            raise ValueError(f"Schnapsen is played by 2 players, not {players}")
        if dealer not in (0, 1):
            raise ValueError(f"dealer must be seat 0 or 1, not {dealer}")
        if deck is None:
            cards = list(DECK)
            rng.shuffle(cards)
            pack = tuple(cards)
        else:
            pack = canonical(deck)
            if len(pack) != 20 or len(set(map(str, pack))) != 20 or set(map(str, pack)) != set(map(str, DECK)):
                raise ValueError("a Schnapsen deck is exactly the 20 cards A, 10, K, Q, J of four suits")
        options = options if options is not None else SchnapsenOptions()
        non_dealer_hand, dealer_hand, stock = deal_layout(pack)
        hands = (non_dealer_hand, dealer_hand) if dealer == 1 else (dealer_hand, non_dealer_hand)
        trump_i = SI[id(stock[-1])]
        setup = Setup(options, dealer, stock[-1].suit, trump_i, JACKS[trump_i], match_needs)
        return new_state(setup, LEAD, 1 - dealer, hands, (), stock, _EMPTY_TALLY, _NO_SPECIALS, -1)

    def to_move(self, s: SchnapsenState) -> Seat | None:
        return None if s.phase is OVER else s.to_act

    def is_over(self, s: SchnapsenState) -> bool:
        return s.phase is OVER

    # --- legal moves ------------------------------------------------------------------------
    # A one-entry cache keyed by the state's identity: callers almost always ask for the legal
    # moves of a state and then apply one of them, and apply checks legality again.  States are
    # immutable, so a hit is always correct; it is only an optimisation.  The pair is one tuple
    # so that a thread switch can never pair one state with another state's moves.
    _cache: tuple[SchnapsenState | None, tuple[Move, ...]] = (None, ())

    def legal_moves(self, s: SchnapsenState) -> tuple[Move, ...]:
        cached = self._cache
        if cached[0] is s:
            return cached[1]
        phase = s.phase
        if phase is FOLLOW:
            moves = self._legal_follow(s)
        elif phase is LEAD:
            moves = self._legal_lead(s)
        elif phase is FINAL:
            moves = (DECLARE, PASS)
        else:
            moves = ()
        self._cache = (s, moves)
        return moves

    def _legal_lead(self, s: SchnapsenState) -> tuple[Move, ...]:
        hand = s.hands[s.to_act]
        if s.melded >= 0:  # S11: lead the king or queen just shown, or declare at once (S12)
            m = s.melded
            kq = [PLAY[id(c)] for c in hand if SI[id(c)] == m and KQ_BIT[id(c)]]
            kq.append(DECLARE)
            return tuple(kq)
        moves: list[Move] = []
        sp = s.specials
        stock = s.stock
        if sp.closed_by < 0 and stock:
            if holds(hand, s.setup.trump_jack):  # S9
                moves.append(EXCHANGE)
            if len(stock) > 2 or s.setup.options.allow_close_with_two_in_stock:  # S10, A-S3
                moves.append(CLOSE)
        history = s.tally.history
        if history or s.setup.options.allow_marriage_before_first_trick:  # A-S5
            bits = 0
            for c in hand:
                bits |= KQ_BIT[id(c)]
            mask = bits & (bits >> 4)
            if mask:
                moves.extend(MELDS_BY_MASK[mask])
        moves.extend([PLAY[id(c)] for c in hand])
        if history:  # the leader after trick 1 has just won a trick (S12)
            moves.append(DECLARE)
        return tuple(moves)

    def _legal_follow(self, s: SchnapsenState) -> tuple[Move, ...]:
        hand = s.hands[s.to_act]
        return tuple([PLAY[id(c)] for c in follow_cards(s, hand)])

    # --- applying moves ---------------------------------------------------------------------
    def apply(self, s: SchnapsenState, m: Move) -> tuple[SchnapsenState, tuple[Any, ...]]:
        legal = self.legal_moves(s)
        for x in legal:  # identity first: bots hand back the very objects legal_moves made
            if x is m:
                break
        else:
            if m not in legal:
                raise IllegalMove(self.explain_illegal(s, m), m)
            m = legal[legal.index(m)]
        kind = m.kind
        if kind == "play":
            if s.phase is LEAD:
                return self._apply_lead_card(s, m.cards[0])
            return self._apply_follow(s, m.cards[0])
        if kind == "exchange":
            return self._apply_exchange(s)
        if kind == "close":
            return self._apply_close(s)
        if kind == "meld":
            return self._apply_meld(s, suit_i(m.arg))
        if kind == "declare":
            return self._apply_declare(s)
        return self._apply_pass(s)

    def _apply_lead_card(self, s: SchnapsenState, c: Card) -> tuple[SchnapsenState, tuple[Any, ...]]:
        seat = s.to_act
        hands = (without(s.hands[0], c), s.hands[1]) if seat == 0 else (s.hands[0], without(s.hands[1], c))
        new = new_state(s.setup, FOLLOW, 1 - seat, hands, (c,), s.stock, s.tally, s.specials, -1)
        return new, (_card_played(seat, c),)

    def _apply_follow(self, s: SchnapsenState, c: Card) -> tuple[SchnapsenState, tuple[Any, ...]]:
        seat = s.to_act
        leader = 1 - seat
        led = s.trick[0]
        ls, fs = SI[id(led)], SI[id(c)]
        if fs == ls:
            winner = seat if STR[id(c)] > STR[id(led)] else leader
        else:
            winner = seat if fs == s.setup.trump_i else leader
        cards = (led, c)
        pts = PTS[id(led)] + PTS[id(c)]
        t = s.tally
        if winner == 0:
            won = (t.won[0] + cards, t.won[1])
            cp = (t.card_points[0] + pts, t.card_points[1])
            tr = (t.tricks[0] + 1, t.tricks[1])
        else:
            won = (t.won[0], t.won[1] + cards)
            cp = (t.card_points[0], t.card_points[1] + pts)
            tr = (t.tricks[0], t.tricks[1] + 1)
        tally = new_tally(won, cp, tr, t.history + (new_trick(leader, cards, winner),))
        h0, h1 = s.hands
        if seat == 0:
            h0 = without(h0, c)
        else:
            h1 = without(h1, c)
        events: list[Any] = [_card_played(seat, c), _trick_taken(winner, cards, pts)]
        stock = s.stock
        if stock and s.specials.closed_by < 0:  # S6: the winner draws first, then the loser
            a, b = stock[0], stock[1]
            if winner == 0:
                h0, h1 = h0 + (a,), h1 + (b,)
            else:
                h0, h1 = h0 + (b,), h1 + (a,)
            stock = stock[2:]
            events.append(_card_drawn(winner, a, False))
            events.append(_card_drawn(1 - winner, b, not stock))
        if h0 or h1:
            new = new_state(s.setup, LEAD, winner, (h0, h1), (), stock, tally, s.specials, -1)
            return new, tuple(events)
        if s.setup.options.allow_claim_after_last_trick:  # A-S4: the winner may still declare
            new = new_state(s.setup, FINAL, winner, (h0, h1), (), stock, tally, s.specials, -1)
            return new, tuple(events)
        new = new_state(s.setup, OVER, winner, (h0, h1), (), stock, tally, s.specials, -1)
        events.append(ev.RoundOver(self._score(new)))
        return new, tuple(events)

    def _apply_exchange(self, s: SchnapsenState) -> tuple[SchnapsenState, tuple[Any, ...]]:
        seat = s.to_act
        jack = s.setup.trump_jack
        turnup = s.stock[-1]
        hand = tuple(turnup if c is jack else c for c in s.hands[seat])
        hands = (hand, s.hands[1]) if seat == 0 else (s.hands[0], hand)
        sp = _specials(s.specials, exchanged_by=seat, exchanged_turnup=turnup)
        new = new_state(s.setup, LEAD, seat, hands, (), s.stock[:-1] + (jack,), s.tally, sp, -1)
        return new, (ev.TrumpExchanged(seat, jack, turnup),)

    def _apply_close(self, s: SchnapsenState) -> tuple[SchnapsenState, tuple[Any, ...]]:
        seat = s.to_act
        other = 1 - seat
        # S10: record the non-closer's score and tricks now; rows 2, 3 and 5 use them.
        sp = _specials(s.specials, closed_by=seat, close_points=s.score(other), close_tricks=s.tally.tricks[other])
        new = new_state(s.setup, LEAD, seat, s.hands, (), s.stock, s.tally, sp, -1)
        return new, (ev.TalonClosed(seat),)

    def _apply_meld(self, s: SchnapsenState, si: int) -> tuple[SchnapsenState, tuple[Any, ...]]:
        seat = s.to_act
        suit = MELD_SUITS[si]
        value = marriage_value(si, s.setup.trump_i)
        sp0 = s.specials
        mp = (sp0.meld_points[0] + value, sp0.meld_points[1]) if seat == 0 else (
            sp0.meld_points[0], sp0.meld_points[1] + value)
        sp = _specials(sp0, meld_points=mp, marriages=sp0.marriages + ((suit, seat),))
        new = new_state(s.setup, LEAD, seat, s.hands, (), s.stock, s.tally, sp, si)
        return new, (ev.MarriageShown(seat, suit, value, s.tally.tricks[seat] == 0),)

    def _apply_declare(self, s: SchnapsenState) -> tuple[SchnapsenState, tuple[Any, ...]]:
        seat = s.to_act
        score = s.score(seat)
        new = new_state(s.setup, OVER, seat, s.hands, (), s.stock, s.tally,
                             _specials(s.specials, declared_by=seat), -1)
        return new, (ev.Declared(seat, score, score >= WIN), ev.RoundOver(self._score(new)))

    def _apply_pass(self, s: SchnapsenState) -> tuple[SchnapsenState, tuple[Any, ...]]:
        seat = s.to_act
        new = new_state(s.setup, OVER, seat, s.hands, (), s.stock, s.tally, s.specials, -1)
        return new, (ev.Announced(seat, "pass"), ev.RoundOver(self._score(new)))

    # --- explanations, observation, result ------------------------------------------------
    def explain_illegal(self, s: SchnapsenState, m: Move) -> Reason:
        """Why ``m`` is refused here (a structured message the UI translates)."""
        return explain(s, m)

    def observe(self, s: SchnapsenState, seat: Seat) -> SchnapsenObservation:
        return observe(s, seat)

    _result_cache: tuple[SchnapsenState | None, RoundResult | None] = (None, None)

    def result(self, s: SchnapsenState) -> RoundResult:
        if s.phase is not OVER:
            raise ValueError("the deal is not over yet")
        cached = self._result_cache
        if cached[0] is s and cached[1] is not None:
            return cached[1]  # the RoundOver event of the final move already computed it
        return self._score(s)

    def _score(self, s: SchnapsenState) -> RoundResult:
        r = score_round(s)
        self._result_cache = (s, r)
        return r


_EMPTY_TALLY = Tally()
_NO_SPECIALS = Specials()
_card_played = fast_new(ev.CardPlayed)
_trick_taken = fast_new(ev.TrickTaken)
_card_drawn = fast_new(ev.CardDrawn)


def _specials(sp: Specials, **changes: Any) -> Specials:
    """A copy of ``sp`` with ``changes`` (rare actions only, so the generic path is fine)."""
    values = {name: getattr(sp, name) for name in Specials.__slots__}
    values.update(changes)
    return Specials(**values)


RULES = SchnapsenRules()
