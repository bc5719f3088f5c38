"""Fairness of the Bauernschnapsen, Dreierschnapsen and Schwimmen bots: two deals that differ
only in cards seat 0 cannot see must get the same move from every level for the same rng,
for as long as seat 0's observations stay equal."""

from __future__ import annotations

from random import Random

import pytest

from ai.base import make_agent
from ai.family_agent import FamilyAgent
from game.cards import deck20
from game.rules.base import Move
from game.rules.bauernschnapsen import RULES as BAUERN
from game.rules.dreierschnapsen import RULES as DREIER
from game.rules.schwimmen import RULES as SCHWIMMEN
from game.rules.schwimmen_values import pack

LEVELS = ("beginner", "player", "expert")


def _agent(game: str, level: str):
    if level == "expert" and game != "schwimmen":
        # No wall-clock safety net: the sample count alone decides, as the fairness claim needs.
        return FamilyAgent("expert", 0, samples=8, bid_samples=8, budget_s=None)
    return make_agent(game, level, 0)


def _twins(rules, game: str, players: int, deck_a, deck_b, dealer: int, first: Move | None, seed: int) -> int:
    """Play both deals with the same driver moves; compare seat 0's decisions while its
    observations agree.  Returns how many decisions were compared."""
    sa = rules.new_round(players, dealer, Random(seed), deck=deck_a)
    sb = rules.new_round(players, dealer, Random(seed), deck=deck_b)
    if first is not None:
        sa, _ = rules.apply(sa, first)
        sb, _ = rules.apply(sb, first)
    agents = {lv: _agent(game, lv) for lv in LEVELS}
    driver = [make_agent(game, "player", q) for q in range(players)]
    checked = 0
    ply = 0
    while not rules.is_over(sa) and not rules.is_over(sb):
        seat = rules.to_move(sa)
        if seat != rules.to_move(sb):
            break
        oa = rules.observe(sa, seat)
        legal = rules.legal_moves(sa)
        if seat == 0:
            ob = rules.observe(sb, 0)
            if oa != ob:
                break
            assert legal == rules.legal_moves(sb)
            for level, agent in agents.items():
                ma = agent.choose(oa, legal, Random(seed * 1000 + ply))
                mb = agent.choose(ob, legal, Random(seed * 1000 + ply))
                assert ma == mb, (game, level, seed, ply, str(ma), str(mb))
                checked += 1
        move = driver[seat].choose(oa, legal, Random(ply))
        if move not in rules.legal_moves(sb):
            break
        sa, _ = rules.apply(sa, move)
        sb, _ = rules.apply(sb, move)
        ply += 1
    return checked


@pytest.mark.parametrize("game", ["bauernschnapsen", "dreierschnapsen"])
def test_family_bots_ignore_hidden_cards(game):
    rules = BAUERN if game == "bauernschnapsen" else DREIER
    players = 4 if game == "bauernschnapsen" else 3
    dealer = players - 1  # seat 0 is forehand
    # Knock layout: Bauern 5 each from forehand (seat 0: 0-4, 1: 5-9, 2: 10-14, 3: 15-19);
    # Dreier 6 each (0: 0-5, 1: 6-11, 2: 12-17) and the talon 18-19.
    slots = (range(5, 10), range(15, 20)) if players == 4 else (range(6, 12), range(12, 20))
    total = 0
    for d in range(8):
        rng = Random(500 + d)
        deck = list(deck20())
        rng.shuffle(deck)
        other = list(deck)
        a, b = rng.choice(list(slots[0])), rng.choice(list(slots[1]))
        other[a], other[b] = other[b], other[a]
        total += _twins(rules, game, players, deck, other, dealer, Move("knock"), d)
    assert total >= 30, total


def test_schwimmen_bots_ignore_hidden_cards():
    total = 0
    for d in range(8):
        rng = Random(900 + d)
        deck = list(pack())
        rng.shuffle(deck)
        other = list(deck)
        # 4 players, dealer 3: seat 0 holds 0-2; seats 1, 2 hold 3-5, 6-8; the dealer's
        # packets 9-11 and 12-14; the stock from 15 on (deep cards stay hidden longest).
        a, b = rng.choice(range(3, 9)), rng.choice(range(24, 32))
        other[a], other[b] = other[b], other[a]
        total += _twins(SCHWIMMEN, "schwimmen", 4, deck, other, 3, None, d)
    assert total >= 30, total
