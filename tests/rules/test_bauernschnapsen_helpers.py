"""Helpers for the Bauern- and Dreierschnapsen tests: stacked decks, move scripts, built positions.

Deals use dealer = last seat, so seat numbers equal roles: Bauern P1..P4 = seats 0..3, Dreier
F, M, D = seats 0, 1, 2.  ``knock_deck`` lays hands out for the knock deal (B5 / D4), which
gives each seat its cards in one packet; ``cut_deck`` undoes a cut so that ``cut K`` produces a
given "deck after the cut".

``position`` builds a mid-deal PLAY state directly (for worked examples that state card points
after some tricks, which would need a long scripted deal); every assertion still goes through
``legal_moves``/``apply``/``result``.
"""

from __future__ import annotations

from collections.abc import Iterable
from random import Random
from typing import Any

import pytest

from game.cards import Card, Suit, deck20, parse_cards, schnapsen_points
from game.rules.base import IllegalMove, Move, parse_move
from game.rules.family_state import FamilyState, Phase, TrickRecord, build
from tools.contract_specs import BOGUS, all_cards, hidden_cards, points_total, visible_cards  # noqa: F401

RNG = Random(0)


def knock_deck(*hands: str, talon: str = "") -> tuple[Card, ...]:
    """Bauern: four 5-card hands (P1..P4); Dreier: three 6-card hands (F, M, D) and the talon."""
    deck = parse_cards(" ".join(hands) + " " + talon)
    assert sorted(map(str, deck)) == sorted(map(str, deck20())), "the hands must make up the pack"
    return deck


def cut_deck(after_cut: str, k: int) -> tuple[Card, ...]:
    """The deck that becomes ``after_cut`` when cut at ``k`` (new = old[k:] + old[:k])."""
    new = parse_cards(after_cut)
    return new[len(new) - k:] + new[:len(new) - k]


def start(rules: Any, deck: Iterable[Card], options: Any = None) -> FamilyState:
    n = rules.max_players
    return rules.new_round(n, n - 1, RNG, options, tuple(deck))


def do(rules: Any, s: FamilyState, *moves: str) -> FamilyState:
    for text in moves:
        s, _ = rules.apply(s, parse_move(text))
    return s


def do_events(rules: Any, s: FamilyState, text: str) -> tuple[FamilyState, tuple[Any, ...]]:
    return rules.apply(s, parse_move(text))


def refused(rules: Any, s: FamilyState, text: str) -> str:
    """Assert ``text`` is illegal now; return the reason."""
    assert parse_move(text) not in rules.legal_moves(s)
    with pytest.raises(IllegalMove) as e:
        rules.apply(s, parse_move(text))
    return str(e.value)  # the English fallback of the structured reason


def legal_cards(rules: Any, s: FamilyState) -> set[str]:
    return {str(m.cards[0]) for m in rules.legal_moves(s) if m.kind == "play"}


def legal_strs(rules: Any, s: FamilyState) -> set[str]:
    return {str(m) for m in rules.legal_moves(s)}


def autoplay(rules: Any, s: FamilyState, avoid: str = "", until_trick: int = 99) -> FamilyState:
    """Play the first legal card not in ``avoid`` until the deal ends or ``until_trick`` tricks."""
    keep = set(parse_cards(avoid))
    while s.phase is Phase.PLAY and len(s.tricks) < until_trick:
        cards = [m for m in rules.legal_moves(s) if m.kind == "play"]
        pick = next((m for m in cards if m.cards[0] not in keep), cards[0])
        s, _ = rules.apply(s, pick)
    return s


def position(rules: Any, *, contract: str, declarer: int, trump: str | None, hands: list[str],
             tricks: list[tuple[int, str]], turn: int, multiplier: int = 1,
             discard: str = "", options: Any = None) -> FamilyState:
    """A PLAY state after some tricks: ``hands`` per seat, ``tricks`` as (winner, cards)."""
    n = rules.max_players
    recs = []
    for winner, cards in tricks:
        cs = parse_cards(cards)
        seats = tuple((winner + i) % n for i in range(len(cs)))
        recs.append(TrickRecord(winner, seats, cs, schnapsen_points(cs)))
    s = rules.new_round(n, n - 1, RNG, options)
    return build(
        s.shape, s.options, n - 1, Phase.PLAY, turn, s.deck, mode="knock",
        hands=tuple(parse_cards(h) for h in hands), trump=Suit.parse(trump) if trump else None,
        passed=(False,) * n, contract=contract, high=contract, high_seat=declarer, declarer=declarer,
        discard=parse_cards(discard), multiplier=multiplier, leader=turn, tricks=tuple(recs),
        talon_taken=bool(discard),
    )


def moves_of(rules: Any, s: FamilyState, kind: str) -> set[str]:
    return {m.arg or "" for m in rules.legal_moves(s) if m.kind == kind}


__all__ = ["Move", "autoplay", "cut_deck", "do", "do_events", "knock_deck", "legal_cards", "legal_strs",
           "moves_of", "position", "refused", "start"]


# -- contract-test plumbing shared by test_contract_bauern.py and test_contract_dreier.py ---------
def stacked_whole_suit(n: int, rng: Random) -> tuple[Card, ...]:
    """A knock-layout deck in which one random role holds a whole suit (for the holding contracts)."""
    deck = list(deck20())
    rng.shuffle(deck)
    suit = rng.choice(list(Suit))
    role = rng.randrange(n)
    size = 20 // n if n == 4 else 6
    whole = [c for c in deck if c.suit is suit]
    rest = [c for c in deck if c.suit is not suit]
    packet = whole + rest[:size - 5]
    rng.shuffle(packet)
    rest = rest[size - 5:]
    return tuple(rest[:role * size] + packet + rest[role * size:])


def biased_playout(rules: Any, seed: int, stacked: bool) -> FamilyState:
    """A playout whose chooser is biased, openly, for coverage: it knocks on stacked decks (so the
    stacked hand survives), passes half the time in the auction (so low bids win), and bids the
    holding contracts whenever they are legal; everything else is uniform."""
    rng = Random(seed)
    n = rules.max_players
    deck = stacked_whole_suit(n, rng) if stacked else None
    s = rules.new_round(n, seed % n if not stacked else n - 1, rng, None, deck)
    while not rules.is_over(s):
        legal = rules.legal_moves(s)
        pick = legal[rng.randrange(len(legal))]
        if s.phase is Phase.CUT and stacked:
            pick = Move("knock")
        elif s.phase in (Phase.BID, Phase.RAISE):
            holding = [m for m in legal if m.arg in ("farbengang", "herrenschnapser")]
            if holding and rng.random() < 0.7:
                pick = holding[0]
            elif any(m.kind in ("pass", "stay") for m in legal) and rng.random() < 0.5:
                pick = next(m for m in legal if m.kind in ("pass", "stay"))
        s, _ = rules.apply(s, pick)
    return s


def uniform_playout(rules: Any, seed: int) -> FamilyState:
    """Uniformly random legal moves from a shuffled deck, without the harness's checks."""
    rng = Random(seed)
    n = rules.max_players
    s = rules.new_round(n, seed % n, rng)
    while not rules.is_over(s):
        legal = rules.legal_moves(s)
        s, _ = rules.apply(s, legal[rng.randrange(len(legal))])
    return s
