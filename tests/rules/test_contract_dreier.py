"""Dreierschnapsen joins the shared contract test; coverage of all ten contracts is counted."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from game.rules.contracts import IDS
from game.rules.dreierschnapsen import RULES
from game.rules.options import DreierOptions
from tests.rules.contract import GameSpec, run_contract
from tests.rules.test_bauernschnapsen_helpers import (
    BOGUS,
    all_cards,
    biased_playout,
    hidden_cards,
    points_total,
    uniform_playout,
)


def _observation_checks(spec: GameSpec, s) -> None:
    for seat in range(3):
        obs = RULES.observe(s, seat)
        assert set(obs.hand) <= set(s.hands[seat]) if s.hands else obs.hand == ()
        if s.hands:
            others = {c for q in range(3) if q != seat for c in s.hands[q]}
            assert not set(obs.hand) & others
        if seat != s.declarer:
            assert obs.discard == ()


SPEC = GameSpec(rules=RULES, players=3, all_cards=all_cards, hidden_cards=hidden_cards,
                points_total=points_total, bogus_moves=BOGUS, extra_checks=[_observation_checks])


def test_contract_random_playouts():
    run_contract(SPEC, range(150))


def test_contract_with_alternative_options():
    opts = DreierOptions(follow_rules="wikibooks", must_undertrump=False, schnapser_leader="declarer",
                         marriage_needs_trick=False, claim_after_last_trick=True, first_trick_visible=False,
                         trump_must_be_held=False, allow_raise_after_exchange=False)
    run_contract(replace(SPEC, options=opts), range(1000, 1060))


def test_every_contract_is_played():
    counts: Counter = Counter()
    for seed in range(2000):  # uniform random moves, unchecked (the checked run is above)
        counts[RULES.result(uniform_playout(RULES, seed)).details["contract"]] += 1
    for seed in range(1000):
        s = biased_playout(RULES, seed, stacked=seed % 3 == 0)
        counts[RULES.result(s).details["contract"]] += 1
    missing = [c for c in IDS if counts[c] < 5]
    assert not missing, f"played fewer than 5 times: {missing}; counts {dict(counts)}"
    for s_ in range(20):  # the declarer alone scores, or each defender the same amount
        s = biased_playout(RULES, 77 + s_, stacked=False)
        pts = RULES.result(s).points
        d = s.declarer
        others = [pts[q] for q in range(3) if q != d]
        assert (pts[d] > 0 and others == [0, 0]) or (pts[d] == 0 and others[0] == others[1] > 0)
