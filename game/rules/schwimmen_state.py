"""Schwimmen state, observation and swap-record values (split from ``schwimmen`` for size).

See ``game.rules.schwimmen`` for the rules and the glossary.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import Enum
from typing import Any

from game.cards import Card
from game.rules.base import Seat
from game.rules.options import SchwimmenOptions


class Phase(Enum):
    CHOOSE = "choose"  # the dealer keeps or rejects packet A
    TURN = "turn"
    OVER = "over"


@dataclass(frozen=True, slots=True, repr=False)
class SwapRecord:
    """A swap everyone saw: ``given`` went into the middle, ``taken`` came out of it."""

    seat: Seat
    given: tuple[Card, ...]
    taken: tuple[Card, ...]
    text: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        # A compact repr computed once: long deals carry hundreds of records, and states are
        # repr'd by tests and logs (Card.__str__ goes through slow Enum attribute access).
        if not self.text:
            g = " ".join(map(str, self.given))
            object.__setattr__(self, "text", f"<{self.seat}:{g}>{' '.join(map(str, self.taken))}>")

    def __repr__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class SchwimmenState:
    players: int
    dealer: Seat
    options: SchwimmenOptions
    active: tuple[bool, ...]
    lives: tuple[int, ...]
    phase: Phase
    #: Active seats in the order of play, forehand first, dealer last.
    order: tuple[Seat, ...]
    turn_i: int
    hands: tuple[tuple[Card, ...], ...]
    packet_b: tuple[Card, ...]
    middle: tuple[Card, ...]
    stock: tuple[Card, ...]
    #: Middles set aside by the all-shove rule (face up) and, closed game, cards in transit at the end.
    discarded: tuple[Card, ...] = ()
    #: Closed game: the two cards passed face down to the seat to move.
    pending: tuple[Card, ...] = ()
    shoves: int = 0
    knocker: Seat | None = None
    final_left: int = 0
    #: "", "31", "feuer", "knock", "shoves" (everyone shoved, stock short or rule off).
    ended_by: str = ""
    revealers: tuple[Seat, ...] = ()
    #: Per seat, the cards of its hand everyone knows (taken from the middle).
    public: tuple[tuple[Card, ...], ...] = ()
    swaps: tuple[SwapRecord, ...] = ()
    #: The dealer's choice ("keep"/"reject"), "" before it.
    choice: str = ""
    #: Turns taken in this deal (the dealer's packet choice is not a turn); W12a counts them.
    turns: int = 0


_STATE_FIELDS = tuple(f.name for f in fields(SchwimmenState))


def replace(s: SchwimmenState, **changes: Any) -> SchwimmenState:
    """``dataclasses.replace`` for states, about four times faster (it is the playout hot spot)."""
    return SchwimmenState(*[changes[n] if n in changes else getattr(s, n) for n in _STATE_FIELDS])


@dataclass(frozen=True, slots=True)
class SchwimmenObservation:
    seat: Seat
    players: int
    dealer: Seat
    phase: str
    to_move: Seat | None
    active: tuple[bool, ...]
    lives: tuple[int, ...]
    hand: tuple[Card, ...]
    pending: tuple[Card, ...]
    middle: tuple[Card, ...]
    stock_size: int
    knocker: Seat | None
    final_round: bool
    final_left: int
    shoves: int
    choice: str
    swaps: tuple[SwapRecord, ...]
    #: Middles set aside face up by the all-shove rule (open game only).
    set_aside: tuple[Card, ...]
    known_hands: tuple[tuple[Card, ...], ...]
    #: Every active hand once the deal is over (and the 31/Feuer hands), else empty tuples.
    revealed: tuple[tuple[Card, ...], ...]
    ended_by: str
    options: SchwimmenOptions
