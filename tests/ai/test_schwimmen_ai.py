"""Schwimmen bots: the packet choice, swaps, knocking, and legal moves over random rounds."""

from __future__ import annotations

from random import Random

import pytest

from ai.base import make_agent
from ai.schwimmen import SchwimmenAgent
from ai.schwimmen_eval import best_swap, loss_chance, potential, unseen
from game.cards import parse_cards
from game.rules.base import Move
from game.rules.options import SchwimmenOptions
from game.rules.schwimmen import RULES as R
from game.rules.schwimmen import SchwimmenObservation
from game.rules.schwimmen_values import pack

OPTS = SchwimmenOptions()


def obs(hand: str, middle: str, seat: int = 0, players: int = 4, knocker: int | None = None,
        lives: tuple[int, ...] | None = None, known: dict[int, str] | None = None, phase: str = "turn",
        final_left: int = 0, options: SchwimmenOptions = OPTS) -> SchwimmenObservation:
    kh = tuple(parse_cards(known[q]) if known and q in known else () for q in range(players))
    return SchwimmenObservation(
        seat=seat, players=players, dealer=players - 1, phase=phase, to_move=seat, active=(True,) * players,
        lives=lives or (3,) * players, hand=parse_cards(hand), pending=(), middle=parse_cards(middle),
        stock_size=10, knocker=knocker, final_round=knocker is not None, final_left=final_left, shoves=0,
        choice="keep", swaps=(), known_hands=kh, revealed=((),) * players, ended_by="", options=options,
        set_aside=())


def turn_moves(o: SchwimmenObservation, knock: bool = True, shove: bool = True) -> tuple[Move, ...]:
    ms = [Move("swap", (h, m)) for h in o.hand for m in o.middle] + [Move("swapall")]
    if shove:
        ms.append(Move("shove"))
    if knock:
        ms.append(Move("knock"))
    return tuple(ms)


@pytest.mark.parametrize("level", ["beginner", "player", "expert"])
def test_takes_31_when_it_is_there(level):
    o = obs("AS KS 7D", "TS 8H 9C")
    m = SchwimmenAgent(level, 0).choose(o, turn_moves(o), Random(1))
    assert m == Move("swap", parse_cards("7D TS"))


@pytest.mark.parametrize("level", ["beginner", "player", "expert"])
def test_knocks_with_a_strong_hand(level):
    o = obs("AS KS 9S", "7H 8D 9C")
    m = SchwimmenAgent(level, 0).choose(o, turn_moves(o), Random(1))
    assert m == Move("knock")


@pytest.mark.parametrize("level", ["beginner", "player", "expert"])
def test_does_not_knock_with_a_poor_hand(level):
    o = obs("AS 9H 7D", "KS QS 8C")
    m = SchwimmenAgent(level, 0).choose(o, turn_moves(o), Random(1))
    assert m.kind != "knock"
    assert m.kind in ("swap", "swapall")


def test_packet_choice():
    keep = Move("keep"), Move("reject")
    for level in ("beginner", "player", "expert"):
        a = SchwimmenAgent(level, 3)
        assert a.choose(obs("AS KS 9S", "", seat=3, phase="choose"), keep, Random(1)).kind == "keep"
        assert a.choose(obs("7S 8H 9D", "", seat=3, phase="choose"), keep, Random(1)).kind == "reject"


def test_final_round_takes_the_safest_hand():
    # After a knock with two turns left, the expert takes the best hand it can make.
    o = obs("7S 8H 9D", "AS KS QH", knocker=1, final_left=2)
    m = SchwimmenAgent("expert", 0).choose(o, turn_moves(o, knock=False), Random(2))
    assert m == Move("swapall") or m == Move("swap", parse_cards("9D AS"))


def test_twenty_or_less_player_climbs_above_20():
    opts = SchwimmenOptions(twenty_or_less_pays=True)
    o = obs("AH 9D 7C", "KH 9S QS", options=opts)
    m = SchwimmenAgent("player", 0).choose(o, turn_moves(o, knock=False), Random(1))
    assert m == Move("swap", parse_cards("9D KH"))


def test_helpers():
    o = obs("AS KS 7D", "TH 8H 9C", known={1: "QD"})
    u = unseen(o)
    assert len(u) == len(pack()) - 7 and parse_cards("QD")[0] not in u
    assert potential(parse_cards("AS KS 7D"), u, OPTS) > potential(parse_cards("AS KS QS"), u, OPTS)
    h, mid = best_swap(parse_cards("AS KS 7D"), parse_cards("TS 8H 9C"), OPTS)
    assert set(h) == set(parse_cards("AS KS TS"))
    strong = loss_chance(o, parse_cards("AS KS QS"), o.middle, Random(1), 30, knocked=True)
    weak = loss_chance(o, parse_cards("7S 8H 9D"), o.middle, Random(1), 30, knocked=True)
    assert strong < 0.1 < weak


@pytest.mark.parametrize("level", ["beginner", "player", "expert"])
@pytest.mark.parametrize("players", [2, 4, 7])
def test_only_legal_moves_over_random_rounds(level, players):
    rounds = (1 if players > 4 else 3) if level == "expert" else 12
    for d in range(rounds):
        s = R.new_round(players, d % players, Random(d))
        agents = [make_agent("schwimmen", level, q) for q in range(players)]
        k = 0
        while not R.is_over(s):
            q = R.to_move(s)
            legal = R.legal_moves(s)
            m, why = agents[q].explain(R.observe(s, q), legal, Random(d * 100 + k))
            assert m in legal and why
            s, _ = R.apply(s, m)
            k += 1
            assert k < 400


def test_fast_value_matches_the_rules():
    from itertools import combinations

    from ai.schwimmen_eval import value
    from game.rules.schwimmen_values import hand_value

    for opts in (OPTS, SchwimmenOptions(feuer=False), SchwimmenOptions(deck="2x32")):
        for h in combinations(pack(opts), 3):
            assert value(h, opts) == hand_value(h, opts).value, h


def test_wind_down_ends_a_dragging_deal():
    import dataclasses

    from ai.schwimmen import wind_down
    from game.rules.schwimmen_state import SwapRecord

    o = obs("AS 9H 7D", "KS QS 8C")
    assert wind_down(o, turn_moves(o)) is None
    rec = SwapRecord(1, parse_cards("7C"), parse_cards("8H"))
    long = dataclasses.replace(o, swaps=(rec,) * 40)
    m, _ = wind_down(long, turn_moves(long))
    assert m == Move("knock")
    m, _ = wind_down(long, turn_moves(long, knock=False))
    assert m.kind == "swap"  # a real gain: 11 becomes 21
