"""Schwimmen joins the shared contract test (tools/contract.py) for 2, 3, 5 and 9 players."""

from __future__ import annotations

from collections import Counter

import pytest

from game.rules.options import SchwimmenOptions
from game.rules.schwimmen import RULES, SchwimmenObservation, SchwimmenState
from tools.contract import run_contract
from tools.contract_specs import schwimmen_spec as _spec


# Seeds per player count: the per-state checks observe every seat, so big tables cost more.
@pytest.mark.parametrize(("players", "seeds"), [(2, 10), (3, 6), (5, 5), (9, 4)])
def test_contract_default_options(players: int, seeds: int) -> None:
    seen = run_contract(_spec(players), range(seeds))
    assert sum(seen.values()) == seeds


@pytest.mark.parametrize(
    "options",
    [
        SchwimmenOptions(no_passing=True, knock_minimum_20=False),
        SchwimmenOptions(all_shove_replaces_middle=False, direction="anticlockwise"),
        # Low cards make 20 rare: without the knock minimum random deals stay short.
        SchwimmenOptions(deck="52", twenty_or_less_pays=True, knock_minimum_20=False),
        SchwimmenOptions(deck="36", mixed_rank_scoring=True, thirty_one_all_others_lose=True),
        SchwimmenOptions(closed_game=True),
    ],
    ids=["no_passing", "no_replace_anticlockwise", "deck52_20orless", "deck36_hand", "closed"],
)
def test_contract_variants(options: SchwimmenOptions) -> None:
    run_contract(_spec(3, options), range(4))
    run_contract(_spec(9, options), range(1))


@pytest.mark.parametrize("players", [2, 5, 9])
def test_contract_two_packs(players: int) -> None:
    """The full contract, hidden-card check included, with two 32-card packs."""
    run_contract(_spec(players, SchwimmenOptions(deck="2x32")), range(4))


def test_the_two_pack_check_still_catches_a_real_leak(monkeypatch) -> None:
    """An observe that shows the next seat's whole hand as "known" must fail the contract, with
    two packs as with one."""
    import dataclasses

    real = RULES.observe

    def leaky(s: SchwimmenState, seat: int) -> SchwimmenObservation:
        obs = real(s, seat)
        known = list(obs.known_hands)
        other = (seat + 1) % s.players
        known[other] = s.hands[other]
        return dataclasses.replace(obs, known_hands=tuple(known))

    monkeypatch.setattr(RULES, "observe", leaky)
    for deck in ("32", "2x32"):
        with pytest.raises(AssertionError, match="observes hidden cards"):
            run_contract(_spec(3, SchwimmenOptions(deck=deck)), range(2))


def test_the_two_pack_check_sees_a_hidden_copy_beside_an_open_one() -> None:
    """One copy of AH open in the middle, the other hidden in a hand: naming AH once is fine,
    showing two copies is a leak."""
    from game.cards import parse_cards
    from tools.contract import leaked_cards

    ah = parse_cards("AH")[0]
    total, hidden = Counter({ah: 2}), Counter({ah: 1})
    assert leaked_cards((ah,), hidden, total) == []
    assert leaked_cards((ah, ah), hidden, total) == [ah]
    assert leaked_cards((ah, ah, ah), hidden, total, lambda obs: Counter({ah: 1})) == []  # mentions, one copy
    assert leaked_cards((ah,), Counter({ah: 2}), total) == [ah]  # every copy hidden
