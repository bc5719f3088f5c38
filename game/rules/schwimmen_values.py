"""Schwimmen hand values (RULES.md W2-W4) and the packs of W16: a public API for rules, UI and bots.

``hand_value(cards, options)`` returns a :class:`HandValue`, a named tuple that compares like
the W4 key: Feuer > 31 > 30.5 (ordered by the triple's rank) > 30 > 29 > ...  Its first field
is twice the value (so 30.5 stays an int), its second the triple's rank strength (0 otherwise).
``.value`` gives the float (32.0 for Feuer) and ``.label`` the text the table shows.

Glossary: Feuer/Blitz = three aces; Schnauz = 31; Jass pack = the Swiss 36-card pack (6..A).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from game.cards import Card, Rank, deck32, deck36, deck52
from game.rules.options import SchwimmenOptions

#: Card values for hand scoring (W2): A 11, K Q J 10, 10..2 face value.
CARD_VALUE: dict[Rank, int] = {
    Rank.ACE: 11,
    Rank.KING: 10,
    Rank.QUEEN: 10,
    Rank.JACK: 10,
    Rank.TEN: 10,
    Rank.NINE: 9,
    Rank.EIGHT: 8,
    Rank.SEVEN: 7,
    Rank.SIX: 6,
    Rank.FIVE: 5,
    Rank.FOUR: 4,
    Rank.THREE: 3,
    Rank.TWO: 2,
}

#: Rank order used only to break ties between triples (W3): A > K > Q > J > 10 > 9 > ... > 2.
TRIPLE_STRENGTH: dict[Rank, int] = {
    Rank.ACE: 14,
    Rank.KING: 13,
    Rank.QUEEN: 12,
    Rank.JACK: 11,
    Rank.TEN: 10,
    Rank.NINE: 9,
    Rank.EIGHT: 8,
    Rank.SEVEN: 7,
    Rank.SIX: 6,
    Rank.FIVE: 5,
    Rank.FOUR: 4,
    Rank.THREE: 3,
    Rank.TWO: 2,
}

FEUER_KEY2 = 64  # 2 * 32
TRIPLE_KEY2 = 61  # 2 * 30.5
SCHNAUZ_KEY2 = 62  # 2 * 31

_DEFAULT = SchwimmenOptions()


class HandValue(NamedTuple):
    """The W4 comparison key: ``(2 * value, triple rank strength or 0)``."""

    key2: int
    tiebreak: int = 0

    @property
    def value(self) -> float:
        return self.key2 / 2

    @property
    def is_feuer(self) -> bool:
        return self.key2 == FEUER_KEY2

    @property
    def is_31(self) -> bool:
        return self.key2 == SCHNAUZ_KEY2

    @property
    def label(self) -> str:
        if self.key2 == FEUER_KEY2:
            return "Feuer"
        if self.key2 % 2:
            return f"{self.key2 // 2}.5"
        return str(self.key2 // 2)


def hand_value(cards: Sequence[Card], options: Any = None) -> HandValue:
    """The value of a 3-card hand under ``options`` (SchwimmenOptions; None = defaults).

    Two-pack note: two identical aces and a ten-valued card of their suit add up to 32; the
    hand counts as 31 (Schnauz), the highest suit hand there is.
    """
    opts = options if options is not None else _DEFAULT
    if len(cards) != 3:
        raise ValueError(f"a Schwimmen hand has 3 cards, got {len(cards)}")
    a, b, c = cards
    if a.rank is b.rank is c.rank:
        if a.rank is Rank.ACE and opts.feuer:
            return HandValue(FEUER_KEY2, 0)
        return HandValue(TRIPLE_KEY2, TRIPLE_STRENGTH[a.rank])
    va, vb, vc = CARD_VALUE[a.rank], CARD_VALUE[b.rank], CARD_VALUE[c.rank]
    best = max(va, vb, vc)
    # Pairs within a suit (or, in the "Hand" variant, within a rank) and the whole suit.
    if a.suit is b.suit:
        best = max(best, va + vb + (vc if c.suit is a.suit else 0))
    if a.suit is c.suit:
        best = max(best, va + vc)
    if b.suit is c.suit:
        best = max(best, vb + vc)
    if opts.mixed_rank_scoring:
        if a.rank is b.rank:
            best = max(best, va + vb)
        if a.rank is c.rank:
            best = max(best, va + vc)
        if b.rank is c.rank:
            best = max(best, vb + vc)
    return HandValue(2 * min(best, 31), 0)


def value_label(cards: Sequence[Card], options: Any = None) -> str:
    """The value as the table shows it: ``"Feuer"``, ``"30.5"``, ``"21"``."""
    return hand_value(cards, options).label


def pack(options: Any = None) -> tuple[Card, ...]:
    """The unshuffled pack of the ``deck`` option (W16)."""
    opts = options if options is not None else _DEFAULT
    if opts.deck == "32":
        return deck32()
    if opts.deck == "52":
        return deck52()
    if opts.deck == "36":
        return deck36()
    if opts.deck == "2x32":
        return deck32() + deck32()
    raise ValueError(f"unknown Schwimmen deck {opts.deck!r}")


def best_of(hands: Iterable[Sequence[Card]], options: Any = None) -> HandValue:
    return max(hand_value(h, options) for h in hands)
