"""Frozen domain events that ``apply`` returns; the presenter turns them into animations.

Events describe what happened at the table in full.  They may name cards a given seat may not
see (a card drawn by the opponent); the presenter re-syncs every sprite from the human seat's
observation after each batch, so hidden faces are never drawn.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.cards import Card, Suit
from game.rules.base import RoundResult, Seat


@dataclass(frozen=True, slots=True)
class Dealt:
    """Cards were dealt: ``order`` is the seat each dealt card went to, in dealing order
    (seat -1 = turn-up/middle/talon, -2 = stock)."""

    order: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CardPlayed:
    seat: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class TrickTaken:
    seat: Seat
    cards: tuple[Card, ...]
    points: int


@dataclass(frozen=True, slots=True)
class CardDrawn:
    seat: Seat
    card: Card
    from_turnup: bool = False


@dataclass(frozen=True, slots=True)
class TrumpExchanged:
    """Schnapsen: the trump jack replaced the turn-up, which went to the hand."""

    seat: Seat
    jack: Card
    turnup: Card


@dataclass(frozen=True, slots=True)
class TalonClosed:
    """Schnapsen zudrehen."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class MarriageShown:
    """A marriage (Zwanziger/Vierziger) was announced; ``pending`` until a trick is won."""

    seat: Seat
    suit: Suit
    points: int
    pending: bool


@dataclass(frozen=True, slots=True)
class Declared:
    """A victory declaration (Ausmelden); ``correct`` whether the team had 66."""

    seat: Seat
    score: int
    correct: bool


@dataclass(frozen=True, slots=True)
class Announced:
    """Any spoken decision shown as a callout: a bid, pass, kontra, cut, knock, trump call,
    Aufschlagen, raise, stay, keep/reject, shove, knock in Schwimmen."""

    seat: Seat
    text: str


@dataclass(frozen=True, slots=True)
class TrumpSet:
    seat: Seat
    suit: Suit
    turned: Card | None = None


@dataclass(frozen=True, slots=True)
class TalonTaken:
    seat: Seat
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Discarded:
    seat: Seat
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Swapped:
    """Schwimmen: ``given`` went from the hand to the middle, ``taken`` the other way."""

    seat: Seat
    given: tuple[Card, ...]
    taken: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class MiddleReplaced:
    old: tuple[Card, ...]
    new: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class HandRevealed:
    seat: Seat
    cards: tuple[Card, ...]
    label: str = ""


@dataclass(frozen=True, slots=True)
class RoundOver:
    result: RoundResult


@dataclass(frozen=True, slots=True)
class RoundStarted:
    """The controller dealt a new round (the presenter animates the deal from the observation)."""

    round_no: int
    dealer: Seat
