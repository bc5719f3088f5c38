"""Trick winner and which cards may be played, shared by the three Schnapsen-family games.

The "strict" rules of RULES.md C6: Farbzwang (must follow suit), Stichzwang (must head the
trick if able), Trumpfzwang (void: must trump, overtrump if able, otherwise still trump).
The Wikibooks profile of A-B1 is available through the keyword switches.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from game.cards import NORMAL_ORDER, Card, Rank, Suit
from game.rules.messages import Reason


def winning_index(trick: Sequence[Card], trump: Suit | None, order: Mapping[Rank, int] = NORMAL_ORDER) -> int:
    """Index in ``trick`` of the card that wins it so far (C5)."""
    best = 0
    for i in range(1, len(trick)):
        if beats(trick[i], trick[best], trump, order):
            best = i
    return best


def beats(challenger: Card, best: Card, trump: Suit | None, order: Mapping[Rank, int] = NORMAL_ORDER) -> bool:
    """Whether ``challenger`` played after ``best`` takes the lead of the trick."""
    if challenger.suit == best.suit:
        return order[challenger.rank] > order[best.rank]
    return trump is not None and challenger.suit == trump


def legal_follow(
    hand: Sequence[Card],
    trick: Sequence[Card],
    trump: Suit | None,
    order: Mapping[Rank, int] = NORMAL_ORDER,
    *,
    must_head: bool = True,
    trump_only_if_wins: bool = False,
    must_undertrump: bool = True,
) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played to ``trick`` under the strict rules (C6).

    ``must_head=False`` drops Stichzwang (Wikibooks profile, contracts without a trick goal);
    ``trump_only_if_wins=True`` makes trumping compulsory only with a trump that would win;
    ``must_undertrump=False`` frees a void player who cannot overtrump.
    """
    if not trick:
        return tuple(hand)
    led = trick[0].suit
    best = trick[winning_index(trick, trump, order)]
    same = [c for c in hand if c.suit == led]
    if same:
        if best.suit == led and must_head:
            higher = [c for c in same if order[c.rank] > order[best.rank]]
            if higher:
                return tuple(higher)
        return tuple(same)
    if trump is not None:
        trumps = [c for c in hand if c.suit == trump]
        if trumps:
            if best.suit == trump:
                over = [c for c in trumps if order[c.rank] > order[best.rank]]
                if over:
                    return tuple(over)
                if must_undertrump and not trump_only_if_wins:
                    return tuple(trumps)
                return tuple(hand)
            return tuple(trumps)
    return tuple(hand)


def explain_refusal(
    card: Card,
    hand: Sequence[Card],
    trick: Sequence[Card],
    trump: Suit | None,
    legal: Sequence[Card],
) -> Reason:
    """Why ``card`` may not be played here (for IllegalMove)."""
    if card not in hand:
        return Reason("not_in_hand", card=card)
    if not trick:
        return Reason("not_led_now", card=card)
    led = trick[0].suit
    if any(c.suit == led for c in hand):
        if card.suit != led:
            return Reason("follow_suit", suit=led)
        return Reason("head_trick")
    if trump is not None and any(c.suit == trump for c in legal):
        if card.suit != trump:
            return Reason("must_trump", suit=trump)
        return Reason("overtrump")
    return Reason("not_played_now", card=card)
