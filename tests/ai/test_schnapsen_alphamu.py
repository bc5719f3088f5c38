"""Alpha-mu over the samples of a closed deal: its rules agree with the exact solver, one move
searched together is PIMC, more moves together never promise more than PIMC, and the expert uses it."""

from __future__ import annotations

from random import Random

from ai.base import make_agent
from ai.schnapsen import ExpertAgent
from ai.schnapsen_alphamu import alphamu_values
from ai.schnapsen_determinize import sample_world
from ai.schnapsen_exact import exact_values
from ai.schnapsen_knowledge import schnapsen_knowledge
from ai.schnapsen_solver import world_from_state
from game.rules.schnapsen import RULES as R
from tests.ai.test_sparring import closed_positions


def _closed_decisions(seed: int, count: int) -> list:
    """Closed deals at a decision (not after the last trick) of the seat that did not close."""
    return [s for s in closed_positions(seed, count) if "pass" not in {str(m) for m in R.legal_moves(s)}]


def test_with_the_hand_known_every_move_searched_together_is_the_exact_value(core):
    """One sample (the true deal) and all of this seat's moves in the front: a full minimax over
    alpha-mu's own moves, tricks and scoring, which must give the exact solver's value of every move."""
    checked = 0
    for s in _closed_decisions(41, 25):
        w = world_from_state(s)
        keys = [str(m) for m in R.legal_moves(s)]
        got, _ = alphamu_values([w], [1.0], keys, core, w.to_act, m=9)
        want = exact_values(w, core)
        assert got == {k: want[k] for k in keys}, (keys, got, want)
        checked += 1
    assert checked >= 20


def _samples(s, n: int, seed: int):  # type: ignore[no-untyped-def]
    k = schnapsen_knowledge(R.observe(s, R.to_move(s)))
    rng = Random(seed)
    worlds = [sample_world(k, rng) for _ in range(n)]
    weights = [0.5 + rng.random() for _ in worlds]  # any weights: readings weigh the samples
    return k, worlds, weights


def test_one_move_at_a_time_is_pimc_and_more_never_promise_more(core):
    """M = 1 is PIMC: the weighted mean of each sample's exact value (a marriage shown is worth
    less or the same: the card led with it is chosen once for all samples).  With two or three moves
    chosen together this seat can no longer fit its later moves to each sample, so no move is
    worth more than under PIMC; and somewhere in these deals it is worth less."""
    lower = 0
    for s in _closed_decisions(42, 20):
        k, worlds, weights = _samples(s, 24, 7)
        keys = [str(m) for m in R.legal_moves(s)]
        pimc = {key: sum(x * exact_values(w, core)[key] for w, x in zip(worlds, weights, strict=True)) / sum(weights)
                for key in keys}
        one, _ = alphamu_values(worlds, weights, keys, core, k.seat, m=1)
        assert all(abs(one[key] - pimc[key]) < 1e-9 for key in keys if not key.startswith("meld")), (one, pimc)
        assert all(one[key] <= pimc[key] + 1e-9 for key in keys), (one, pimc)
        two, _ = alphamu_values(worlds, weights, keys, core, k.seat, m=2)
        three, _ = alphamu_values(worlds, weights, keys, core, k.seat, m=3)
        for key in keys:
            assert three[key] <= two[key] + 1e-9 and two[key] <= one[key] + 1e-9, (key, one, two, three)
        lower += any(two[key] < one[key] - 1e-9 for key in keys)
    assert lower >= 1


def test_the_expert_with_alphamu_values_a_closed_deal_by_it(core):
    """With ``alphamu_moves`` the expert's values of a closed deal with the hand unknown are
    alpha-mu's, not PIMC's: they differ in some of these positions, and never exceed PIMC's over
    the same samples.  The benchmark level ``expert-fixed-alphamuN`` is that expert."""
    differ = 0
    for s in _closed_decisions(43, 20):
        obs, legal = R.observe(s, R.to_move(s)), R.legal_moves(s)
        if schnapsen_knowledge(obs).perfect:
            continue
        together = ExpertAgent(budget_s=None, max_samples=32, alphamu_moves=2).values(obs, legal, Random(5))[0]
        apart = ExpertAgent(budget_s=None, max_samples=32, alphamu_moves=0).values(obs, legal, Random(5))[0]
        assert all(together[key] <= apart[key] + 1e-9 for key in apart), (together, apart)
        differ += together != apart
    assert differ >= 1
    bench = make_agent("schnapsen", "expert-fixed-alphamu3", 1)
    assert (bench.alphamu_moves, bench.close_alphamu_moves, bench.budget_s, bench.seat) == (3, 3, None, 1)


def test_a_close_valued_with_two_moves_together_is_never_worth_more(core):
    """``_CloseLeads.together`` with one move is the first-lead correction (``value``; less where a
    marriage can be shown: the card led with it is chosen once for all samples); with the
    closer's first two moves of the closed deal chosen once for all samples the close is worth
    no more, and in some of these positions less (PIMC lets the closer see the hand after its lead)."""
    from ai.schnapsen import _CloseLeads
    from tests.ai.test_sparring import positions

    lower = checked = 0
    for s in positions(44, 60, 10):
        if R.to_move(s) is None or "close" not in {str(m) for m in R.legal_moves(s)}:
            continue
        k, worlds, weights = _samples(s, 24, 9)
        leads = _CloseLeads(core, None)
        for w, x in zip(worlds, weights, strict=True):
            leads.add(w, x)
        one = leads.together(1.0, 1)
        marriage = any(key.startswith("meld") for key in leads.gp)
        assert one <= leads.value(1.0) + 1e-9 and (marriage or abs(one - leads.value(1.0)) < 1e-9)
        two = leads.together(1.0, 2)
        assert two <= one + 1e-9
        lower += two < one - 1e-9
        checked += 1
    assert checked >= 10 and lower >= 1, (checked, lower)
