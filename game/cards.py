"""The shared card model: suits, ranks, cards as frozen values, deck builders and point tables.

Notation (ARCHITECTURE.md "Move notation"): rank then suit, ranks ``A T K Q J 9 8 7 6 5 4 3 2``,
suits ``S H D C``; ``TH`` is the ten of hearts.  German packs map Laub=S, Herz=H, Schellen=D,
Eichel=C, so one model serves French and German decks; only the card art differs.

Glossary: Daus/Ass = ace, Zehner = ten, König = king, Ober = queen, Unter = jack.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum


class Suit(Enum):
    """A suit; the value is its one-letter notation."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    def __str__(self) -> str:
        return self.value

    @staticmethod
    def parse(text: str) -> Suit:
        try:
            return _SUIT_BY_LETTER[text.strip().upper()]
        except KeyError:
            raise ValueError(f"unknown suit {text!r}; use one of S H D C") from None


_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_BY_LETTER = {s.value: s for s in Suit}
SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


class Rank(Enum):
    """A rank; the value is its one-letter notation (T = ten)."""

    ACE = "A"
    TEN = "T"
    KING = "K"
    QUEEN = "Q"
    JACK = "J"
    NINE = "9"
    EIGHT = "8"
    SEVEN = "7"
    SIX = "6"
    FIVE = "5"
    FOUR = "4"
    THREE = "3"
    TWO = "2"

    def __str__(self) -> str:
        return self.value

    @staticmethod
    def parse(text: str) -> Rank:
        t = text.strip().upper()
        if t == "10":
            t = "T"
        try:
            return _RANK_BY_LETTER[t]
        except KeyError:
            raise ValueError(f"unknown rank {text!r}; use one of A T K Q J 9..2") from None


_RANK_BY_LETTER = {r.value: r for r in Rank}
_RANK_ORDINAL = {r: i for i, r in enumerate(Rank)}
_SUIT_ORDINAL = {s: i for i, s in enumerate(SUITS)}


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One card.  Equal cards compare equal (two-pack Schwimmen may hold two of them).

    Equality and hashing use a small precomputed integer: Enum hashing is a Python-level call
    and made card-set operations the hot spot of every engine and search.
    """

    rank: Rank
    suit: Suit
    _key: int = field(init=False, repr=False, compare=False)
    _text: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_key", _RANK_ORDINAL[self.rank] * 4 + _SUIT_ORDINAL[self.suit])
        object.__setattr__(self, "_text", self.rank.value + self.suit.value)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self._key == other._key
        return NotImplemented

    def __hash__(self) -> int:
        return self._key

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card({self})"

    @property
    def index(self) -> int:
        """A stable small integer (0..51) for bitmasks and sorting."""
        return self._key

    def __reduce__(self) -> tuple[object, tuple[int]]:
        # Unpickle (e.g. in the bot worker process) to the canonical instance, so identity-keyed
        # lookup tables in the engines keep working on cards that crossed a process boundary.
        return (card_from_index, (self._key,))


def card(text: str) -> Card:
    """Parse one card, e.g. ``card("TH")``; raises ValueError with a readable reason."""
    t = text.strip().upper()
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) != 2:
        raise ValueError(f"cannot read card {text!r}; write rank then suit, e.g. TH or QS")
    return _CARDS[(Rank.parse(t[0]), Suit.parse(t[1]))]


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse a space-separated list of cards: ``parse_cards("AH TS KC")``."""
    return tuple(card(t) for t in text.replace(",", " ").split())


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


_CARDS: dict[tuple[Rank, Suit], Card] = {(r, s): Card(r, s) for r in Rank for s in SUITS}
_BY_INDEX: dict[int, Card] = {c.index: c for c in _CARDS.values()}


def card_from_index(index: int) -> Card:
    """The canonical card with this ``index``."""
    return _BY_INDEX[index]


def make(rank: Rank, suit: Suit) -> Card:
    """The canonical Card instance for a rank and suit."""
    return _CARDS[(rank, suit)]


# --- decks -------------------------------------------------------------------------------------

SCHNAPSEN_RANKS: tuple[Rank, ...] = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)
PIQUET_RANKS: tuple[Rank, ...] = SCHNAPSEN_RANKS + (Rank.NINE, Rank.EIGHT, Rank.SEVEN)
JASS_RANKS: tuple[Rank, ...] = PIQUET_RANKS + (Rank.SIX,)
FULL_RANKS: tuple[Rank, ...] = tuple(Rank)


def _deck(ranks: Iterable[Rank]) -> tuple[Card, ...]:
    ranks = tuple(ranks)
    return tuple(_CARDS[(r, s)] for s in SUITS for r in ranks)


def deck20() -> tuple[Card, ...]:
    """The Schnapsen pack: A, 10, K, Q, J in four suits (RULES.md C1)."""
    return _deck(SCHNAPSEN_RANKS)


def deck32() -> tuple[Card, ...]:
    """The piquet pack, 7..A (Schwimmen default)."""
    return _deck(PIQUET_RANKS)


def deck36() -> tuple[Card, ...]:
    """The Swiss Jass pack, 6..A."""
    return _deck(JASS_RANKS)


def deck52() -> tuple[Card, ...]:
    """The full French pack, 2..A."""
    return _deck(FULL_RANKS)


# --- point tables ------------------------------------------------------------------------------

#: Card points (Augen) in the Schnapsen family (RULES.md C3); the deck holds 120.
SCHNAPSEN_POINTS: dict[Rank, int] = {
    Rank.ACE: 11,
    Rank.TEN: 10,
    Rank.KING: 4,
    Rank.QUEEN: 3,
    Rank.JACK: 2,
}

#: Normal rank strength in the Schnapsen family: A > 10 > K > Q > J (C2); higher is stronger.
NORMAL_ORDER: dict[Rank, int] = {Rank.ACE: 5, Rank.TEN: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}
#: Zehnergang order: 10 > K > Q > J > A (C2).
ZEHNER_ORDER: dict[Rank, int] = {Rank.TEN: 5, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2, Rank.ACE: 1}


def schnapsen_points(cards: Iterable[Card]) -> int:
    return sum(SCHNAPSEN_POINTS[c.rank] for c in cards)
