"""Stacked Schwimmen deals for scripted tests: name the hands, get the W5 deck and the state."""

from __future__ import annotations

from random import Random
from typing import Any

from game.cards import Card, deck32, parse_cards
from game.rules.base import Move, parse_move
from game.rules.schwimmen import RULES, SchwimmenState


def stacked(
    n: int,
    hands: dict[int, str],
    a: str,
    b: str,
    options: Any = None,
    stock: str | None = None,
    dealer: int | None = None,
) -> SchwimmenState:
    """Deal with seat ``dealer`` (default the last seat, so seat 0 = P1 = forehand).

    ``hands`` maps every non-dealer seat to its three cards; ``a``/``b`` are the dealer's packets;
    the stock is ``stock`` or the unused rest of the 32-card pack in pack order.
    """
    d = n - 1 if dealer is None else dealer
    order = [(d + k) % n for k in range(1, n)]
    top: list[Card] = []
    for seat in order:
        top += parse_cards(hands[seat])
    top += parse_cards(a) + parse_cards(b)
    if stock is None:
        rest = [c for c in deck32() if c not in top]
    else:
        rest = list(parse_cards(stock))
    return RULES.new_round(n, d, Random(0), options, deck=top + rest)


def play(s: SchwimmenState, *moves: str) -> tuple[SchwimmenState, list[Any]]:
    """Apply moves in notation; return the final state and all events."""
    events: list[Any] = []
    for text in moves:
        s, ev = RULES.apply(s, parse_move(text))
        events.extend(ev)
    return s, events


def mv(text: str) -> Move:
    return parse_move(text)
