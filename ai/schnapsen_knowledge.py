"""Card tracking for Schnapsen bots: everything a seat can deduce from its observation.

A seat that counts cards knows every card played (``observation.tricks``), its own hand, the
turn-up while it lies face up (and, once a close turned it down, that it lies in the stock), the
opponent's shown marriage cards and the old turn-up the opponent took by exchanging the trump
jack.  In phase 2 (strict rules) the opponent's follows also reveal voids: a card of another
suit means no card of the led suit, a plain card means no trump either, and a lower card of the
led suit means no card that would have headed the trick.
Nothing is drawn in phase 2, so those facts stay true to the end of the deal.

The opponent's points are not in the observation, but they follow from the tricks it won and
the marriages it showed, and so do the values the engine records at a closing (S10).

All card sets are 20-bit masks over ``ai.schnapsen_solver.DECK``.

Glossary: stock = Talon; turn-up = Atout-Karte; close = zudrehen; marriage =
Zwanziger/Vierziger; void = blank in a suit (Farbe frei).
"""

from __future__ import annotations

from dataclasses import dataclass

from ai.schnapsen_solver import (
    HIGHER,
    IDX,
    KING,
    POINTS,
    QUEEN,
    SUIT,
    SUIT_MASK,
    Context,
    World,
    bits,
    mask_of,
)
from game.cards import SUITS

SUIT_I = {s: i for i, s in enumerate(SUITS)}
FULL = (1 << 20) - 1


@dataclass(frozen=True, slots=True)
class ClosingView:
    """What a seat knows of the moment the stock was closed (S10): the turn-up turned down then,
    the cards each seat has played since (a seat's hand then = its hand now + these), and the
    card points, announced marriages and tricks of both seats then."""

    turnup: int
    played_since: tuple[int, int]
    card_pts: tuple[int, int]
    meld_pts: tuple[int, int]
    tricks: tuple[int, int]


@dataclass(frozen=True, slots=True)
class SchnapsenKnowledge:
    seat: int
    trump: int
    hand: int
    played: int  # every card in a completed trick or on the table
    led: int  # the card on the table, -1 if none
    opp_known: int  # opponent hand cards this seat has seen
    unseen: int  # opponent's unknown hand cards + the face-down stock
    opp_cannot: int  # unseen cards the opponent cannot hold (phase-2 voids and refusals)
    turnup: int  # visible turn-up, -1 if none
    stock_size: int
    opp_hand_size: int
    card_pts: tuple[int, int]  # by seat
    meld_pts: tuple[int, int]  # announced marriage points by seat (credited once it has a trick)
    tricks: tuple[int, int]
    ctx: Context
    history: bool
    stage: str
    melded: int
    phase2: bool
    #: the opponent's latest lead, if this seat can still read something from it: the card it
    #: led (-1: nothing to read), how many cards it drew since, whether it could have shown a
    #: marriage and whether it could have exchanged the trump jack then but did not, and the
    #: cards it has answered with since (in its hand at the lead unless drawn after it)
    read_lead: int = -1
    drawn_since: int = 0
    could_meld: bool = False
    could_exchange: bool = False
    read_answers: int = 0
    #: suits whose marriage the opponent has shown (it cannot show them again)
    opp_melded_suits: int = 0
    #: the card on the table was led with a marriage just shown (so it tells nothing more)
    led_with_meld: bool = False
    #: the last completed trick, if this seat led it and nothing since blurs the opponent's
    #: answer (``_read_last_answer``): the card this seat led, the opponent's answer (-1:
    #: nothing to read), whether both drew after it, the card this seat drew then, and the
    #: seat that won the trick
    ans_lead: int = -1
    ans_card: int = -1
    ans_drawn: bool = False
    ans_my_draw: int = -1
    ans_winner: int = -1
    #: cards of this seat's hand the opponent has seen (its shown marriages, the turn-up it took)
    my_shown: int = 0
    #: the moment of the close, once the stock is closed (None while open or exhausted)
    closing: ClosingView | None = None

    @property
    def opp(self) -> int:
        return 1 - self.seat

    def score(self, seat: int) -> int:
        return self.card_pts[seat] + (self.meld_pts[seat] if self.tricks[seat] else 0)

    @property
    def opp_possible(self) -> int:
        """Cards the opponent may hold: the known ones and the unseen ones it is not barred from."""
        return self.opp_known | (self.unseen & ~self.opp_cannot)

    @property
    def perfect(self) -> bool:
        """Whether the opponent's hand is fully determined (e.g. once the stock is exhausted)."""
        possible = self.opp_possible
        return bin(possible).count("1") == self.opp_hand_size

    def outstanding(self) -> int:
        """Cards not in this hand and not yet played (the opponent's hand plus the stock)."""
        return FULL & ~self.hand & ~self.played

    def world(self, opp_hand: int, stock: tuple[int, ...]) -> World:
        hands = (self.hand, opp_hand) if self.seat == 0 else (opp_hand, self.hand)
        return World(self.ctx, self.seat, self.stage if self.stage != "over" else "lead", hands, self.led,
                     self.melded, self.card_pts, self.meld_pts, self.tricks, self.history, stock)


def _meld_trick(obs: object, suit: int, who: int) -> int:
    """The index of the trick whose lead followed the marriage ``(suit, who)``: the first trick
    ``who`` led with its king or queen (a marriage must be led at once, S11)."""
    for i, tr in enumerate(obs.tricks):  # type: ignore[attr-defined]
        c = IDX[id(tr.cards[0])]
        if tr.leader == who and SUIT[c] == suit and c % 5 in (KING, QUEEN):
            return i
    return len(obs.tricks)  # type: ignore[attr-defined]


def schnapsen_knowledge(obs: object) -> SchnapsenKnowledge:
    """Everything the seat of ``obs`` (a SchnapsenObservation) can deduce."""
    o = obs
    seat = o.seat  # type: ignore[attr-defined]
    opp = 1 - seat
    trump = SUIT_I[o.trump]  # type: ignore[attr-defined]
    tmask = SUIT_MASK[trump]
    hand = mask_of(o.hand)  # type: ignore[attr-defined]
    history = o.tricks  # type: ignore[attr-defined]
    played = 0
    card_pts = [0, 0]
    tricks = [0, 0]
    for tr in history:
        for c in tr.cards:
            played |= 1 << IDX[id(c)]
            card_pts[tr.winner] += POINTS[IDX[id(c)]]
        tricks[tr.winner] += 1
    led = -1
    if o.trick:  # type: ignore[attr-defined]
        led = IDX[id(o.trick[0])]  # type: ignore[attr-defined]
        played |= 1 << led
    opp_known = mask_of(o.opponent_known)  # type: ignore[attr-defined]
    turnup = IDX[id(o.turnup)] if o.turnup is not None else -1  # type: ignore[attr-defined]
    seen = hand | played | opp_known | ((1 << turnup) if turnup >= 0 else 0)
    closed_turnup = o.closed_turnup  # type: ignore[attr-defined]
    if closed_turnup is not None:  # turned face down by a close: out of play, and both saw it
        seen |= 1 << IDX[id(closed_turnup)]
    unseen = FULL & ~seen
    # phase-2 tricks: from the closing (at 10 - 2k cards in the stock) or after trick 5
    closed_by = o.closed_by if o.closed_by is not None else -1  # type: ignore[attr-defined]
    first_strict = (10 - o.stock_size) // 2 if closed_by >= 0 else 5  # type: ignore[attr-defined]
    cannot = 0
    for i, tr in enumerate(history):
        if i < first_strict or tr.leader == opp:
            continue
        a, b = IDX[id(tr.cards[0])], IDX[id(tr.cards[1])]
        if SUIT[b] != SUIT[a]:
            cannot |= SUIT_MASK[SUIT[a]]
            if SUIT[b] != trump:
                cannot |= tmask
        elif b > a:  # followed low: held nothing that heads the trick
            cannot |= HIGHER[a]
    meld = [0, 0]
    close_meld = [0, 0]
    for suit, who in o.marriages:  # type: ignore[attr-defined]
        s = SUIT_I[suit]
        v = 40 if s == trump else 20
        meld[who] += v
        if closed_by >= 0 and _meld_trick(o, s, who) < first_strict:
            close_meld[who] += v
    close_points = close_tricks = -1
    closing = None
    if closed_by >= 0:
        nc = 1 - closed_by
        pts_then, tricks_then = [0, 0], [0, 0]
        for tr in history[:first_strict]:
            pts_then[tr.winner] += sum(POINTS[IDX[id(c)]] for c in tr.cards)
            tricks_then[tr.winner] += 1
        close_tricks = tricks_then[nc]
        close_points = pts_then[nc] + (close_meld[nc] if close_tricks else 0)
        if closed_turnup is not None:
            closing = ClosingView(IDX[id(closed_turnup)], _played_since(o, history[first_strict:]),
                                  (pts_then[0], pts_then[1]), (close_meld[0], close_meld[1]),
                                  (tricks_then[0], tricks_then[1]))
    opts = o.options  # type: ignore[attr-defined]
    ctx = Context(
        trump, closed_by, close_points, close_tricks,
        opts.false_claim_penalty == "pagat", opts.closed_no_claim_penalty == "pagat",
        opts.allow_claim_after_last_trick, opts.allow_marriage_before_first_trick,
        opts.allow_close_with_two_in_stock,
    )
    melded = SUIT_I[o.melded] if o.melded is not None else -1  # type: ignore[attr-defined]
    read = _read_last_lead(o, opp, closed_by, first_strict)
    opp_melded = 0
    for suit, who in o.marriages:  # type: ignore[attr-defined]
        if who == opp:
            opp_melded |= 1 << SUIT_I[suit]
    led_with_meld = led >= 0 and any(
        SUIT_I[suit] == SUIT[led] and who == opp and _meld_trick(o, SUIT_I[suit], who) >= len(history)
        for suit, who in o.marriages)  # type: ignore[attr-defined]
    ans_lead, ans_card, ans_drawn, ans_my_draw, ans_winner = _read_last_answer(o, seat, closed_by, first_strict)
    return SchnapsenKnowledge(
        seat, trump, hand, played, led, opp_known, unseen, cannot & unseen, turnup,
        o.stock_size, o.opponent_hand_size, (card_pts[0], card_pts[1]), (meld[0], meld[1]),  # type: ignore[attr-defined]
        (tricks[0], tricks[1]), ctx, bool(history), o.stage, melded, o.phase2,  # type: ignore[attr-defined]
        *read, opp_melded, led_with_meld, ans_lead, ans_card, ans_drawn, ans_my_draw, ans_winner,
        _shown_cards(o, seat, hand), closing,
    )


def _played_since(o: object, since: object) -> tuple[int, int]:
    """The cards each seat has played in the tricks ``since`` (those after the close) and, if it
    led it, the card on the table."""
    played = [0, 0]
    for tr in since:  # type: ignore[attr-defined]
        played[tr.leader] |= 1 << IDX[id(tr.cards[0])]
        played[1 - tr.leader] |= 1 << IDX[id(tr.cards[1])]
    if o.trick:  # type: ignore[attr-defined]
        played[o.trick_leader] |= 1 << IDX[id(o.trick[0])]  # type: ignore[attr-defined]
    return played[0], played[1]


def _shown_cards(o: object, seat: int, hand: int) -> int:
    """The cards of ``hand`` the opponent has seen: the king and queen of each marriage this seat
    showed, the old turn-up it took by exchanging the trump jack."""
    shown = 0
    for suit, who in o.marriages:  # type: ignore[attr-defined]
        if who == seat:
            shown |= 1 << (5 * SUIT_I[suit] + KING) | 1 << (5 * SUIT_I[suit] + QUEEN)
    if o.exchanged_by == seat and o.exchanged_turnup is not None:  # type: ignore[attr-defined]
        shown |= 1 << IDX[id(o.exchanged_turnup)]  # type: ignore[attr-defined]
    return shown & hand


def _read_last_answer(o: object, seat: int, closed_by: int, first_strict: int) -> tuple[int, int, bool, int, int]:
    """The opponent's answer in the last completed trick, if this seat led it: the position it
    answered in can be rebuilt from today's (take back the draws and the trick), so the answer
    can be read like a lead.  Left alone when something since changes more than the draws: a
    close after the trick (the samples then have no stock order to rebuild) or a marriage shown
    since (by the seat to move, this turn, or by the opponent leading now).  An exchange of the
    trump jack since (this turn) is not taken back: the rebuilt position then has the jack and
    the old turn-up swapped, close enough for a likelihood.  The card this seat drew is the last
    of its hand: the rules add drawn cards at the end."""
    tricks = o.tricks  # type: ignore[attr-defined]
    if not tricks or tricks[-1].leader != seat:
        return -1, -1, False, -1, -1
    j = len(tricks) - 1
    drawn = j < 5 and (closed_by < 0 or j < first_strict)
    if drawn and closed_by >= 0:  # closed after the trick: the stock order is gone from the samples
        return -1, -1, False, -1, -1
    if o.melded is not None:  # type: ignore[attr-defined]
        return -1, -1, False, -1, -1
    if o.trick and any(who != seat and _meld_trick(o, SUIT_I[suit], who) >= len(tricks)  # type: ignore[attr-defined]
                       for suit, who in o.marriages):  # type: ignore[attr-defined]
        return -1, -1, False, -1, -1
    hand = o.hand  # type: ignore[attr-defined]
    my_draw = IDX[id(hand[-1])] if drawn and hand else -1
    if drawn and my_draw < 0:
        return -1, -1, False, -1, -1
    return IDX[id(tricks[-1].cards[0])], IDX[id(tricks[-1].cards[1])], drawn, my_draw, tricks[-1].winner


def _read_last_lead(o: object, opp: int, closed_by: int, first_strict: int) -> tuple[int, int, bool, bool, int]:
    """What the opponent's latest lead says about its hand: a seat that leads shows a marriage it
    holds and exchanges the trump jack for the turn-up (both are almost always right, and every
    player level does so), so not doing it hints that it held neither.  The lead is the card on
    the table or the lead of the latest trick it led; since then it has drawn a card after each
    trick played at the open stock and answered this seat's leads with cards of its hand then
    (or drawn since).  How many draws may still be read is the sampler's choice
    (``ai.schnapsen_determinize``)."""
    tricks = o.tricks  # type: ignore[attr-defined]
    if o.trick and o.trick_leader == opp:  # type: ignore[attr-defined]
        j, lead = len(tricks), IDX[id(o.trick[0])]  # type: ignore[attr-defined]
    else:
        j = next((i for i in range(len(tricks) - 1, -1, -1) if tricks[i].leader == opp), -1)
        if j < 0:
            return -1, 0, False, False, 0
        lead = IDX[id(tricks[j].cards[0])]
    drawn = sum(1 for t in range(j, len(tricks)) if t < 5 and (closed_by < 0 or t < first_strict))
    answers = 0
    for tr in tricks[j + 1:]:  # led by this seat, answered by the opponent
        answers |= 1 << IDX[id(tr.cards[1])]
    may_meld_then = j > 0 or o.options.allow_marriage_before_first_trick  # type: ignore[attr-defined]
    melded_now = any(SUIT_I[suit] == SUIT[lead] and who == opp and lead % 5 in (KING, QUEEN)
                     and _meld_trick(o, SUIT_I[suit], who) >= j for suit, who in o.marriages)  # type: ignore[attr-defined]
    stock_open_then = j < 5 and (closed_by < 0 or j <= first_strict)
    return lead, drawn, may_meld_then and not melded_now, stock_open_then, answers


def count(m: int) -> int:
    return bin(m).count("1")


def top_of_suit(m: int, suit: int) -> int:
    """The strongest card of ``suit`` in mask ``m``, -1 if none."""
    s = m & SUIT_MASK[suit]
    return (s & -s).bit_length() - 1 if s else -1


__all__ = ["ClosingView", "SchnapsenKnowledge", "schnapsen_knowledge", "count", "top_of_suit", "bits"]
