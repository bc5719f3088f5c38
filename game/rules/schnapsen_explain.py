"""Readable reasons for refused Schnapsen moves (``IllegalMove.reason``, shown by the UI)."""

from __future__ import annotations

from game.rules.base import IllegalMove, Move
from game.rules.schnapsen_state import FINAL, FOLLOW, LEAD, MELD_SUITS, OVER, SUIT_INDEX, SchnapsenState, follow_cards
from game.rules.tricks import explain_refusal


def suit_i(letter: str | None) -> int:
    """The suit index of a suit letter; IllegalMove for anything else."""
    for suit, i in SUIT_INDEX.items():
        if suit.value == letter:
            return i
    raise IllegalMove(f"unknown suit {letter!r}; use one of S H D C")


def explain(s: SchnapsenState, m: Move) -> str:
    """Why ``m`` is refused in ``s``, in words a player understands."""
    if s.phase is OVER:
        return "the deal is over"
    kind = m.kind
    seat = s.to_act
    hand = s.hands[seat]
    on_lead = s.phase is LEAD
    sp = s.specials
    if kind == "play":
        if len(m.cards) != 1:
            return "play exactly one card"
        c = m.cards[0]
        if s.phase is FINAL:
            return "all tricks are played: declare 66 or pass"
        if c not in hand:
            return f"{c} is not in your hand"
        if on_lead and s.melded >= 0:
            return "you must play the king or queen of the marriage you showed"
        if s.phase is FOLLOW:
            legal = follow_cards(s, hand)
            return explain_refusal(c, hand, s.trick, s.setup.trump, legal)
        return f"{c} may not be played now"
    if kind in ("exchange", "close", "meld"):
        what = {"exchange": "exchange the trump jack", "close": "close", "meld": "show a marriage"}[kind]
        if not on_lead:
            return f"only the player on lead may {what}"
        if s.melded >= 0:
            if kind == "meld":
                return "only one marriage per lead"
            return f"you must {what} before showing a marriage"
        if kind == "meld":
            if not m.arg:
                return "say which marriage: meld S, H, D or C"
            si = suit_i(m.arg)
            if not s.tally.history and not s.setup.options.allow_marriage_before_first_trick:
                return "no marriage before the first trick (house option)"
            suit = MELD_SUITS[si]
            return f"you need both the king and the queen of {suit.symbol} in your hand"
        if sp.closed_by >= 0:
            return "the stock is closed" + (": no exchange any more" if kind == "exchange" else " already")
        if not s.stock:
            return "the stock is exhausted"
        if kind == "exchange":
            return f"you do not hold the trump jack ({s.setup.trump_jack})"
        return "closing with only two cards in the stock is switched off"
    if kind == "declare":
        return "you may declare 66 only right after winning a trick or showing a marriage"
    if kind == "pass":
        return "'pass' only declines a claim after the final trick"
    return f"'{m}' is not a Schnapsen move"
