"""Bauernschnapsen joins the shared contract test; coverage of all ten contracts is counted."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from game.rules.bauernschnapsen import RULES
from game.rules.contracts import IDS
from game.rules.options import BauernOptions
from tests.rules.test_bauernschnapsen_helpers import (
    biased_playout,
    uniform_playout,
)
from tools.contract import run_contract
from tools.contract_specs import BAUERN_SPEC as SPEC


def test_contract_random_playouts():
    run_contract(SPEC, range(150))


def test_contract_with_alternative_options():
    opts = BauernOptions(follow_rules="wikibooks", must_undertrump=False, schnapser_leader="declarer",
                         marriage_needs_trick=False, claim_after_last_trick=True, first_trick_visible=False,
                         trump_must_be_held=False)
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
    for s_ in range(3):  # points per seat: partners always score together, one team only
        r = RULES.result(biased_playout(RULES, 77 + s_, stacked=False))
        assert r.points[0] == r.points[2] and r.points[1] == r.points[3]
        assert (r.points[0] == 0) != (r.points[1] == 0)
