"""Helpers for the Schnapsen tests: stacked decks, built positions and short move scripts.

``position`` builds a mid-deal state directly (for the worked examples that are not full deals);
every assertion still goes through ``legal_moves``/``apply``/``result``.
"""

from __future__ import annotations

from random import Random

from game.cards import Card, Suit, card, deck20, parse_cards, schnapsen_points
from game.rules.options import SchnapsenOptions
from game.rules.schnapsen import RULES, parse_move
from game.rules.schnapsen_state import (
    FOLLOW,
    JACKS,
    LEAD,
    SUIT_INDEX,
    Phase,
    SchnapsenState,
    Setup,
    Specials,
    Tally,
    TrickRecord,
)


def stacked(nondealer: str, dealer: str, turnup: str, stock: str) -> tuple[Card, ...]:
    """A 20-card deck laid out per S3 (non-dealer 0,1,2,7,8; dealer 3,4,5,9,10; turn-up 6;
    stock 11..19 top first)."""
    n, d, s = parse_cards(nondealer), parse_cards(dealer), parse_cards(stock)
    deck: list[Card | None] = [None] * 20
    for i, c in zip((0, 1, 2, 7, 8), n, strict=True):
        deck[i] = c
    for i, c in zip((3, 4, 5, 9, 10), d, strict=True):
        deck[i] = c
    deck[6] = card(turnup)
    for i, c in zip(range(11, 20), s, strict=True):
        deck[i] = c
    out = tuple(c for c in deck if c is not None)
    assert sorted(map(str, out)) == sorted(map(str, deck20())), "not a full Schnapsen deck"
    return out


def deal(deck: tuple[Card, ...], dealer: int = 1, **options: object) -> SchnapsenState:
    return RULES.new_round(2, dealer, Random(0), SchnapsenOptions(**options), deck)  # type: ignore[arg-type]


def do(s: SchnapsenState, *moves: str) -> SchnapsenState:
    for text in moves:
        s, _ = RULES.apply(s, parse_move(text))
    return s


def legal(s: SchnapsenState) -> set[str]:
    return {str(m) for m in RULES.legal_moves(s)}


def legal_cards(s: SchnapsenState) -> set[str]:
    return {str(m.cards[0]) for m in RULES.legal_moves(s) if m.kind == "play"}


def hand(s: SchnapsenState, seat: int) -> set[str]:
    return {str(c) for c in s.hands[seat]}


def position(
    trump: str,
    hands: tuple[str, str],
    to_act: int,
    *,
    stock: str = "",
    won: tuple[str, str] = ("", ""),
    last_winner: int | None = None,
    meld_points: tuple[int, int] = (0, 0),
    marriages: tuple[tuple[str, int], ...] = (),
    closed_by: int = -1,
    close_points: int = -1,
    close_tricks: int = -1,
    dealer: int = 1,
    phase: Phase = LEAD,
    trick: str = "",
    full_deck: bool = True,
    **options: object,
) -> SchnapsenState:
    """A mid-deal state.  ``won`` are the seats' captured cards (pairs = tricks, in order);
    the trick history is rebuilt from them with ``last_winner`` (default: ``to_act``) last.
    With ``full_deck`` the position must hold each of the 20 cards exactly once."""
    suit = Suit.parse(trump)
    ti = SUIT_INDEX[suit]
    piles = tuple(parse_cards(w) for w in won)
    assert all(len(p) % 2 == 0 for p in piles)
    last = to_act if last_winner is None else last_winner
    history: list[TrickRecord] = []
    for seat in (1 - last, last):
        p = piles[seat]
        history += [TrickRecord(seat, p[i : i + 2], seat) for i in range(0, len(p), 2)]
    tally = Tally(
        (piles[0], piles[1]),
        (schnapsen_points(piles[0]), schnapsen_points(piles[1])),
        (len(piles[0]) // 2, len(piles[1]) // 2),
        tuple(history),
    )
    specials = Specials(
        closed_by=closed_by,
        close_points=close_points,
        close_tricks=close_tricks,
        meld_points=meld_points,
        marriages=tuple((Suit.parse(x), seat) for x, seat in marriages),
    )
    setup = Setup(SchnapsenOptions(**options), dealer, suit, ti, JACKS[ti])  # type: ignore[arg-type]
    s = SchnapsenState(
        setup, phase, to_act, (parse_cards(hands[0]), parse_cards(hands[1])), parse_cards(trick),
        parse_cards(stock), tally, specials,
    )
    assert phase in (LEAD, FOLLOW)
    if full_deck:
        cards = sorted(str(c) for c in s.hands[0] + s.hands[1] + s.trick + s.stock + piles[0] + piles[1])
        assert cards == sorted(map(str, deck20())), f"position does not hold the 20 cards: {cards}"
    return s
