"""The state of one deal of 2-player Schnapsen (RULES.md section 2) and its fast lookup tables.

The state is split by how often its parts change, because bots search through this engine and
building a frozen dataclass costs per field: ``SchnapsenState`` changes on every move, ``Tally``
once per trick, ``Specials`` on the rare actions (exchange, close, marriage, declaration) and
``Setup`` never within a deal.

Cards in a state are always the canonical instances of ``game.cards`` (``new_round``
canonicalises a stacked deck), so the hot paths look cards up by ``id()``: hashing a ``Card``
goes through two Python-level ``Enum.__hash__`` calls and is ~10x slower.

Glossary: stock = Talon; close = zudrehen; turn-up = Atout-Karte; marriage = Zwanziger (20) /
Vierziger (40, trumps); declare = ausmelden ("I have 66"); trump jack = Atout-Unter/Bube.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, fields
from enum import IntEnum
from typing import Any, TypeVar

from game.cards import NORMAL_ORDER, SCHNAPSEN_POINTS, SUITS, Card, Rank, Suit, deck20, make
from game.rules.base import Move
from game.rules.options import SchnapsenOptions
from game.rules.tricks import legal_follow


class Phase(IntEnum):
    LEAD = 0  # the seat on lead may exchange, close, meld, then lead or declare
    FOLLOW = 1  # the other seat plays to the led card
    FINAL = 2  # all tricks played: the last-trick winner may declare or pass (A-S4)
    OVER = 3


LEAD, FOLLOW, FINAL, OVER = Phase.LEAD, Phase.FOLLOW, Phase.FINAL, Phase.OVER
PHASE_NAMES = {LEAD: "lead", FOLLOW: "follow", FINAL: "final", OVER: "over"}

WIN = 66  # the declaration threshold (S12)
SCHNEIDER = 33  # below this the loser is Schneider (2.6 rows 1, 2)

# --- per-card tables keyed by id(card) (see the module docstring) ----------------------------
DECK: tuple[Card, ...] = deck20()
SUIT_INDEX: dict[Suit, int] = {s: i for i, s in enumerate(SUITS)}
PTS: dict[int, int] = {id(c): SCHNAPSEN_POINTS[c.rank] for c in DECK}
SI: dict[int, int] = {id(c): SUIT_INDEX[c.suit] for c in DECK}
STR: dict[int, int] = {id(c): NORMAL_ORDER[c.rank] for c in DECK}
#: bit (1 << suit) for a king, (16 << suit) for a queen: marriages = kings & (queens >> 4).
KQ_BIT: dict[int, int] = {
    id(c): (1 << SUIT_INDEX[c.suit]) if c.rank is Rank.KING else (16 << SUIT_INDEX[c.suit]) if c.rank is Rank.QUEEN else 0
    for c in DECK
}
PLAY: dict[int, Move] = {id(c): Move("play", (c,)) for c in DECK}
#: Suits in suit-index order.
MELD_SUITS: tuple[Suit, ...] = SUITS
MELD: tuple[Move, ...] = tuple(Move("meld", (), s.value) for s in SUITS)
#: mask of suits with a full marriage -> the meld moves, in suit order.
MELDS_BY_MASK: tuple[tuple[Move, ...], ...] = tuple(
    tuple(MELD[i] for i in range(4) if mask >> i & 1) for mask in range(16)
)
EXCHANGE = Move("exchange")
CLOSE = Move("close")
DECLARE = Move("declare")
PASS = Move("pass")


#: The trump jack of each suit index.
JACKS: tuple[Card, ...] = tuple(make(Rank.JACK, s) for s in SUITS)

T = TypeVar("T")


def fast_new(cls: type[T]) -> Callable[..., T]:
    """A positional constructor for a frozen slots dataclass that fills the slots directly.

    The generated ``__init__`` of a frozen dataclass calls ``object.__setattr__`` per field,
    which doubles the cost of building the small values the engine makes on every move.  The
    result is an ordinary instance (equal and hashing like one built by ``cls(...)``); all
    arguments are required and positional, in field order.
    """
    names = [f.name for f in fields(cls)]  # type: ignore[arg-type]
    scope: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    for i, name in enumerate(names):
        scope[f"_set{i}"] = cls.__dict__[name].__set__
    body = "".join(f"    _set{i}(o, {name})\n" for i, name in enumerate(names))
    exec(f"def new({', '.join(names)}):\n    o = _new(_cls)\n{body}    return o\n", scope)  # noqa: S102
    return scope["new"]  # type: ignore[no-any-return]


def marriage_value(suit_i: int, trump_i: int) -> int:
    return 40 if suit_i == trump_i else 20


def canonical(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(make(c.rank, c.suit) for c in cards)


def holds(hand: tuple[Card, ...], c: Card) -> bool:
    """``c in hand`` by identity (``in`` would call the slow dataclass ``__eq__``)."""
    for x in hand:
        if x is c:
            return True
    return False


def without(hand: tuple[Card, ...], c: Card) -> tuple[Card, ...]:
    return tuple([x for x in hand if x is not c])


@dataclass(frozen=True, slots=True)
class Setup:
    """What never changes within a deal."""

    options: SchnapsenOptions
    dealer: int
    trump: Suit
    trump_i: int
    trump_jack: Card
    #: game points each seat still needs to win the match (seen on the score sheet by both
    #: players); None for a deal played on its own
    match_needs: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class TrickRecord:
    """A completed trick: who led, the two cards in playing order, who won it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int


@dataclass(frozen=True, slots=True)
class Tally:
    """Won cards and trick history; changes once per trick."""

    won: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())
    card_points: tuple[int, int] = (0, 0)
    tricks: tuple[int, int] = (0, 0)
    history: tuple[TrickRecord, ...] = ()


@dataclass(frozen=True, slots=True)
class Specials:
    """Exchange, closing (with the values recorded then, S10), marriages and the declaration."""

    closed_by: int = -1
    close_points: int = -1  # the non-closer's score (card points + credited marriages) at closing
    close_tricks: int = -1  # the non-closer's trick count at closing
    meld_points: tuple[int, int] = (0, 0)  # announced marriage values per seat (pending until a trick)
    marriages: tuple[tuple[Suit, int], ...] = ()  # (suit, seat) in announcement order
    exchanged_by: int = -1
    exchanged_turnup: Card | None = None  # the old turn-up that went into the exchanger's hand
    declared_by: int = -1


@dataclass(frozen=True, slots=True)
class SchnapsenState:
    """One deal.  ``stock`` is the face-down pile top first with the turn-up (or the exchanged
    jack) last; after closing it keeps its cards, which are never used.  ``melded`` is the suit
    index of the marriage just shown by the seat on lead (it must lead K/Q of it), else -1."""

    setup: Setup
    phase: Phase
    to_act: int
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    trick: tuple[Card, ...]
    stock: tuple[Card, ...]
    tally: Tally
    specials: Specials
    melded: int = -1

    # --- derived views (not on the hot path) ---------------------------------------------
    @property
    def options(self) -> SchnapsenOptions:
        return self.setup.options

    @property
    def dealer(self) -> int:
        return self.setup.dealer

    @property
    def trump(self) -> Suit:
        return self.setup.trump

    @property
    def closed(self) -> bool:
        return self.specials.closed_by >= 0

    @property
    def strict(self) -> bool:
        """Phase 2 rules (S8): the stock is closed or exhausted."""
        return self.specials.closed_by >= 0 or not self.stock

    @property
    def turnup(self) -> Card | None:
        """The face-up trump card under the stock while it is visible."""
        if self.specials.closed_by >= 0 or not self.stock:
            return None
        return self.stock[-1]

    @property
    def leader(self) -> int:
        return self.to_act if self.phase is not FOLLOW else 1 - self.to_act

    def score(self, seat: int) -> int:
        """Card points plus credited marriages (pending ones count only after a trick, S11)."""
        t = self.tally
        return t.card_points[seat] + (self.specials.meld_points[seat] if t.tricks[seat] else 0)

    def pending(self, seat: int) -> int:
        """Marriage points announced but not yet credited (no trick won yet)."""
        return 0 if self.tally.tricks[seat] else self.specials.meld_points[seat]

    def last_winner(self) -> int:
        h = self.tally.history
        return h[-1].winner if h else -1


def follow_cards(s: SchnapsenState, hand: tuple[Card, ...]) -> Sequence[Card]:
    """The cards of ``hand`` that may answer the led card (S5 in phase 1, S8/C6 in phase 2)."""
    if s.specials.closed_by < 0 and s.stock:
        return hand  # S5: no duty to follow in phase 1
    # S8 / C6: the strict rule every Schnapsen-family game shares (one card on the table)
    return legal_follow(hand, s.trick, s.setup.trump)


def known_to_opponent(s: SchnapsenState, seat: int) -> tuple[Card, ...]:
    """Cards in ``seat``'s hand that the other seat has seen: the cards of marriages ``seat``
    showed and the old turn-up it took by exchanging the trump jack."""
    hand = s.hands[seat]
    sp = s.specials
    known: list[Card] = []
    for suit, who in sp.marriages:
        if who == seat:
            for c in hand:
                if c.suit is suit and (c.rank is Rank.KING or c.rank is Rank.QUEEN):
                    known.append(c)
    if sp.exchanged_by == seat and sp.exchanged_turnup is not None and holds(hand, sp.exchanged_turnup):
        if not holds(tuple(known), sp.exchanged_turnup):
            known.append(sp.exchanged_turnup)
    return tuple(known)


def all_cards(s: SchnapsenState) -> tuple[Card, ...]:
    """Every card of the pack, wherever it is."""
    t = s.tally
    return s.hands[0] + s.hands[1] + s.trick + s.stock + t.won[0] + t.won[1]


def hidden_cards(s: SchnapsenState, seat: int) -> tuple[Card, ...]:
    """What ``seat`` may not know: the opponent's unrevealed hand cards and the face-down stock
    (not the turn-up at its bottom: both seats saw it, also once a close turned it down)."""
    opp = 1 - seat
    known = known_to_opponent(s, opp)
    hand = tuple(c for c in s.hands[opp] if not holds(known, c))
    up = s.stock[-1] if s.stock else None
    return hand + tuple(c for c in s.stock if c is not up)


new_state = fast_new(SchnapsenState)
new_tally = fast_new(Tally)
new_trick = fast_new(TrickRecord)
