"""Why a Schnapsen move is refused (``IllegalMove.reason``, a structured message the UI translates)."""

from __future__ import annotations

from game.rules.base import IllegalMove, Move
from game.rules.messages import Reason
from game.rules.schnapsen_state import FINAL, FOLLOW, LEAD, MELD_SUITS, OVER, SUIT_INDEX, SchnapsenState, follow_cards
from game.rules.tricks import explain_refusal


def suit_i(letter: str | None) -> int:
    """The suit index of a suit letter; IllegalMove for anything else."""
    for suit, i in SUIT_INDEX.items():
        if suit.value == letter:
            return i
    raise IllegalMove(Reason("s.unknown_suit", text=repr(letter)))


def explain(s: SchnapsenState, m: Move) -> Reason:
    """Why ``m`` is refused in ``s``."""
    if s.phase is OVER:
        return Reason("s.deal_over")
    kind = m.kind
    seat = s.to_act
    hand = s.hands[seat]
    on_lead = s.phase is LEAD
    sp = s.specials
    if kind == "play":
        if len(m.cards) != 1:
            return Reason("s.one_card")
        c = m.cards[0]
        if s.phase is FINAL:
            return Reason("s.final")
        if c not in hand:
            return Reason("not_in_hand", card=c)
        if on_lead and s.melded >= 0:
            return Reason("s.marriage_card")
        if s.phase is FOLLOW:
            legal = follow_cards(s, hand)
            return explain_refusal(c, hand, s.trick, s.setup.trump, legal)
        return Reason("not_played_now", card=c)
    if kind in ("exchange", "close", "meld"):
        if not on_lead:
            return Reason(f"s.lead_only_{kind}")
        if s.melded >= 0:
            if kind == "meld":
                return Reason("s.one_marriage")
            return Reason(f"s.{kind}_before_meld")
        if kind == "meld":
            if not m.arg:
                return Reason("s.meld_which")
            si = suit_i(m.arg)
            if not s.tally.history and not s.setup.options.allow_marriage_before_first_trick:
                return Reason("s.no_first_marriage")
            suit = MELD_SUITS[si]
            return Reason("s.need_marriage", suit=suit)
        if sp.closed_by >= 0:
            return Reason("s.closed_exchange" if kind == "exchange" else "s.closed")
        if not s.stock:
            return Reason("s.exhausted")
        if kind == "exchange":
            return Reason("s.no_jack", card=s.setup.trump_jack)
        return Reason("s.no_close_two")
    if kind == "declare":
        return Reason("s.declare_when")
    if kind == "pass":
        return Reason("s.pass_when")
    return Reason("s.not_a_move", move=m)
