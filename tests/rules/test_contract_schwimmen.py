"""Schwimmen joins the shared contract test (tools/contract.py) for 2, 3, 5 and 9 players."""

from __future__ import annotations

import pytest

from game.rules.options import SchwimmenOptions
from game.rules.schwimmen import RULES, Phase, SchwimmenState
from tools.contract import GameSpec, run_contract
from tools.contract_specs import schwimmen_all_cards as all_cards
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


def _two_pack_observation_check(spec: GameSpec, s: SchwimmenState) -> None:
    """With two packs the harness cannot tell a seen copy (the swap log names cards many times)
    from a hidden one, so check the observation's hidden parts directly."""
    over = s.phase is Phase.OVER
    for seat in range(spec.players):
        obs = RULES.observe(s, seat)
        assert obs.hand == s.hands[seat]
        assert obs.stock_size == len(s.stock)
        for other, shown in enumerate(obs.revealed):
            assert shown == (s.hands[other] if over or other in s.revealers else ())


def test_contract_two_packs() -> None:
    for players in (9,):
        spec = GameSpec(
            RULES,
            players,
            all_cards,
            lambda s, seat: (),
            options=SchwimmenOptions(deck="2x32"),
            max_moves=3000,
            extra_checks=[_two_pack_observation_check],
        )
        run_contract(spec, range(4))
