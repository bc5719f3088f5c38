"""The one rules protocol all four games share, plus the move value and shared helpers.

Shape borrowed from OpenSpiel's State API (ARCHITECTURE.md "The rules protocol"): a rules object
is stateless; states, moves, observations and events are frozen values; ``apply`` is pure and
raises :class:`IllegalMove` with a reason (a structured message the UI translates).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Any, Generic, Protocol, TypeVar

from game.cards import Card, format_cards, parse_cards
from game.rules.deal_result import DealDetails
from game.rules.messages import Reason

Seat = int
"""Seats are numbered clockwise from 0."""


class IllegalMove(ValueError):
    """A move the rules do not allow now.  ``reason`` says why as a structured message
    (:class:`game.rules.messages.Reason`, translated by the UI); ``str(exc)`` is its English
    fallback for logs and the command line."""

    def __init__(self, reason: Reason, move: object | None = None) -> None:
        super().__init__(str(reason))
        self.reason = reason
        self.move = move


@dataclass(frozen=True, slots=True)
class Move:
    """Every decision of every game, as one value that prints in the shared notation.

    ``kind`` is the verb (``play``, ``exchange``, ``close``, ``meld``, ``declare``, ``pass``,
    ``cut``, ``knock``, ``trump``, ``turn``, ``bid``, ``kontra``, ``rekontra``, ``subkontra``,
    ``discard``, ``raise``, ``stay``, ``keep``, ``reject``, ``swap``, ``swapall``, ``shove``),
    ``cards`` the cards it names, ``arg`` a word or number it names (suit letter, contract id,
    cut depth, blind position).
    """

    kind: str
    cards: tuple[Card, ...] = ()
    arg: str | None = None

    def __str__(self) -> str:
        parts = [self.kind]
        if self.arg is not None:
            parts.append(self.arg)
        if self.cards:
            parts.append(format_cards(self.cards))
        return " ".join(parts)


# Verbs whose argument is a word rather than cards.
_ARG_VERBS = frozenset({"meld", "cut", "trump", "turn", "bid", "raise"})


def parse_move(text: str) -> Move:
    """Read a move back from its notation: ``parse_move("play QH")``, ``"bid bettler"``.

    Raises ValueError with a readable reason for text that is not a move at all; whether the
    move is legal is for ``legal_moves``/``apply`` to say.
    """
    words = text.strip().split()
    if not words:
        raise ValueError("empty move")
    kind = words[0].lower()
    rest = words[1:]
    if kind in _ARG_VERBS:
        if len(rest) != 1:
            raise ValueError(f"'{kind}' takes exactly one argument, got {text!r}")
        arg = rest[0].upper() if kind in ("meld", "trump") else rest[0].lower()
        return Move(kind, (), arg)
    return Move(kind, parse_cards(" ".join(rest)) if rest else (), None)


def play(c: Card) -> Move:
    return Move("play", (c,))


@dataclass(frozen=True, slots=True)
class RoundResult:
    """What a finished round gave each seat, and why (for the end-of-deal screen).

    ``points[seat]`` are the game points the seat won (Schwimmen: lives the seat lost).
    ``reason`` is one sentence; ``rule`` names the rule that applied (e.g. ``"2.6 row 1"``);
    ``details`` carries the game's typed figures (card points, melds, contract, multiplier): a
    :mod:`game.rules.deal_result` dataclass (``SchnapsenDeal``, ``FamilyDeal``, ``SchwimmenDeal``);
    a hand-built result may leave it empty.
    """

    points: tuple[int, ...]
    reason: str
    rule: str = ""
    details: DealDetails | Mapping[str, Any] = field(default_factory=dict, hash=False, compare=False)


S = TypeVar("S")
O_co = TypeVar("O_co", covariant=True)


class Event(Protocol):
    """Events are frozen dataclasses from ``game.rules.events``."""


class Rules(Protocol, Generic[S, O_co]):
    """The protocol every game implements (see ARCHITECTURE.md)."""

    id: str
    min_players: int
    max_players: int

    def new_round(
        self,
        players: int,
        dealer: Seat,
        rng: Random,
        options: Any = None,
        deck: Sequence[Card] | None = None,
    ) -> S: ...

    def to_move(self, s: S) -> Seat | None: ...

    def legal_moves(self, s: S) -> tuple[Move, ...]: ...

    def apply(self, s: S, m: Move) -> tuple[S, tuple[Any, ...]]: ...

    def observe(self, s: S, seat: Seat) -> O_co: ...

    def is_over(self, s: S) -> bool: ...

    def result(self, s: S) -> RoundResult: ...


def check_legal(rules: Any, s: Any, m: Move) -> None:
    """Raise IllegalMove unless ``m`` is among the legal moves, with the best reason we have.

    Rules modules call this first in ``apply``; they may override ``explain_illegal(s, m)``
    to give a more specific reason ("must follow suit").
    """
    if m in rules.legal_moves(s):
        return
    if rules.is_over(s):
        raise IllegalMove(Reason("round_over"), m)
    explain = getattr(rules, "explain_illegal", None)
    reason = explain(s, m) if explain is not None else None
    raise IllegalMove(reason or Reason("not_now", move=m), m)
