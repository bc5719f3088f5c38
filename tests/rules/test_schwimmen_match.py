"""Schwimmen match: lives, swimming, elimination, replay (W14), dealer rotation, W-EX6/W-EX12,
and 1,000 seeded random matches played to the end."""

from __future__ import annotations

from dataclasses import replace
from random import Random

from game.rules import match as matches
from game.rules.base import RoundResult
from game.rules.options import SchwimmenOptions
from game.rules.schwimmen import RULES
from game.rules.schwimmen_match import finish_round, new_match, round_rules, start_round
from tests.rules.test_schwimmen_helpers import play, stacked


def res(*lost: int) -> RoundResult:
    return RoundResult(tuple(lost), "test deal", "test")


def test_w_ex6_feuer_costs_lives_swimming_and_elimination() -> None:
    s = stacked(4, {0: "QH JH 7S", 1: "KC 8D 9H", 2: "TS 9S 8S"}, a="AS AH 7C", b="AD 8H 9C")
    s, _ = play(s, "keep", "shove", "shove", "shove", "swap 7C AD")
    m = replace(new_match(4, first_dealer=3), lives=(3, 0, 1, 2))
    m = finish_round(m, RULES.result(s))
    assert m.lives == (2, 0, 0, 2)
    assert m.out == (False, True, False, False)
    assert m.swimming == (False, False, True, False)
    assert m.elimination_order == (1,) and not m.is_over
    assert m.dealer == 0  # passes to the left


def test_w_ex12_elimination_to_a_single_winner() -> None:
    m = replace(new_match(3), lives=(2, 0, 0))
    m = finish_round(m, res(0, 1, 1))
    assert m.is_over and m.winners == (0,)
    assert m.out == (False, True, True) and m.elimination_order == (1, 2)


def test_w_ex12_everyone_left_would_go_under_replays_with_the_same_dealer() -> None:
    m = replace(new_match(3, first_dealer=1), lives=(0, 0, 0), out=(True, False, False))
    before = m
    m = finish_round(m, res(0, 1, 1))
    assert not m.is_over and m.out == before.out and m.lives == before.lives
    assert m.dealer == 1 and m.round_no == before.round_no + 1
    assert m.history[-1].replayed


def test_swimming_is_a_fourth_life() -> None:
    m = new_match(2)
    for _ in range(3):
        m = finish_round(m, res(1, 0))
    assert m.lives == (0, 3) and m.swimming == (True, False) and not m.is_over
    m = finish_round(m, res(1, 0))
    assert m.winners == (1,)


def test_dealer_rotation_skips_eliminated_seats_and_loser_deals() -> None:
    m = replace(new_match(4, first_dealer=0), out=(False, True, False, False))
    assert finish_round(m, res(0, 0, 0, 1)).dealer == 2
    ld = replace(new_match(4, SchwimmenOptions(loser_deals=True), first_dealer=0))
    assert finish_round(ld, res(0, 0, 1, 0)).dealer == 2
    anti = new_match(4, SchwimmenOptions(direction="anticlockwise"), first_dealer=0)
    assert finish_round(anti, res(1, 0, 0, 0)).dealer == 3


def test_eliminated_seats_get_no_cards_and_no_turns() -> None:
    m = replace(new_match(4, master_seed=5, first_dealer=0), out=(False, True, False, False))
    s = start_round(m)
    assert s.hands[1] == () and 1 not in s.order and s.order == (2, 3, 0)
    assert len(s.stock) == 32 - 12


def test_lead_match_module_dispatches_here() -> None:
    m = matches.new_match("schwimmen", 3, master_seed=7)
    assert m.game_id == "schwimmen" and matches.round_rules(m) is RULES is round_rules(m)
    s = matches.start_round(m)
    assert s == start_round(m)  # the round's rng comes from the master seed
    assert matches.seat_map(m) == (0, 1, 2)


def _random_match(seed: int) -> tuple[object, int]:
    rng = Random(seed)
    players = rng.randint(2, 9)
    opts = SchwimmenOptions(
        lives=rng.randint(0, 3),
        loser_deals=rng.random() < 0.3,
        twenty_or_less_pays=rng.random() < 0.2,
        thirty_one_all_others_lose=rng.random() < 0.2,
        deck="52" if players > 7 and rng.random() < 0.5 else "32",
    )
    m = new_match(players, opts, master_seed=seed, first_dealer=rng.randrange(players))
    deals = 0
    while not m.is_over:
        s = start_round(m)
        while not RULES.is_over(s):
            legal = RULES.legal_moves(s)
            # Random play, knocking more often than 1 in 12 to keep the deals short.
            knock = [mv for mv in legal if mv.kind == "knock"]
            move = knock[0] if knock and rng.random() < 0.5 else legal[rng.randrange(len(legal))]
            s, _ = RULES.apply(s, move)
        result = RULES.result(s)
        assert all(result.points[i] == 0 for i in range(players) if m.out[i])
        m = finish_round(m, result)
        assert all(lv >= 0 for lv in m.lives)
        assert all(m.lives[i] == 0 for i in range(players) if m.out[i])
        deals += 1
        assert deals < 500, f"match {seed} does not end"
    return m, deals


def test_1000_random_matches_end_with_exactly_one_winner() -> None:
    for seed in range(1000):
        m, _ = _random_match(seed)
        assert len(m.winners) == 1  # type: ignore[attr-defined]
        winner = m.winners[0]  # type: ignore[attr-defined]
        assert m.out.count(False) == 1 and not m.out[winner]  # type: ignore[attr-defined]
        assert sorted(m.elimination_order + (winner,)) == list(range(m.players))  # type: ignore[attr-defined]
