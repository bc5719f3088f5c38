"""The benchmark-only sparring partner: exact values, legal and reproducible moves, its registry name."""

from __future__ import annotations

from random import Random

import pytest

from ai import schnapsen_exact
from ai.base import make_agent
from ai.schnapsen_exact import exact_values, load_core
from ai.schnapsen_solver import Context, World, world_from_state
from ai.sparring import SparringAgent
from game.rules.schnapsen import RULES as R


@pytest.fixture(scope="module")
def core(tmp_path_factory):  # type: ignore[no-untyped-def]
    """The C core compiled into a test folder (not the shared cache)."""
    mp = pytest.MonkeyPatch()
    mp.setenv(schnapsen_exact.CACHE_ENV, str(tmp_path_factory.mktemp("core-cache")))
    mp.delenv(schnapsen_exact.SWITCH_ENV, raising=False)
    mp.setattr(schnapsen_exact, "_core", None)
    mp.setattr(schnapsen_exact, "_core_tried", False)
    c = load_core()
    if c is None and schnapsen_exact.find_compiler() is None:
        mp.undo()
        pytest.skip("no C compiler on this machine: the expert and the partner use the pure-Python "
                    "search (tests/ai/test_schnapsen_exact.py covers that fallback)")
    yield c
    mp.undo()


def positions(seed: int, count: int, max_stock: int) -> list:
    """Random positions (every stage, closed and open deals) with at most ``max_stock`` cards left."""
    rng = Random(seed)
    found = []
    while len(found) < count:
        s = R.new_round(2, rng.randrange(2), rng)
        while not R.is_over(s):
            if len(s.stock) <= max_stock and rng.random() < 0.35:
                found.append(s)
                break
            legal = R.legal_moves(s)
            if rng.random() < 0.85:  # close now and then, so both closed and exhausted stocks occur
                legal = tuple(x for x in legal if x.kind != "close") or legal
            s, _ = R.apply(s, rng.choice(legal))
    return found


def test_the_core_compiles_into_the_given_folder(core):
    assert core is not None, "the C compiler is part of the dev setup; the exact core must build"
    assert core.sp_nodes() >= 0


def test_c_core_equals_the_pure_python_exact_search(core):
    """The C search and the tested Python search (DealSearch with unlimited depth over the exact
    Phase2Solver) give the same value for every legal move, at every stage of the deal."""
    stages = set()
    for s in positions(21, 120, 6):
        w = world_from_state(s)
        got = exact_values(w, core)
        assert set(got) == {str(m) for m in R.legal_moves(s)}
        assert got == exact_values(w, None), (w, got)
        stages.add((w.stage, bool(w.stock), w.ctx.closed_by >= 0))
    assert len(stages) >= 5, stages  # lead and follow, open and closed stock, phase 2


def test_c_core_equals_python_at_the_start_of_a_deal(core):
    for s in positions(22, 2, 10)[:2]:
        w = world_from_state(s)
        assert exact_values(w, core) == exact_values(w, None)


def test_sparring_plays_legal_and_reproducible_deals(core):
    for deal in range(3):
        moves = []
        for _run in range(2):
            s = R.new_round(2, deal % 2, Random(deal))
            agents = [SparringAgent(0, samples=6), make_agent("schnapsen", "player", 1)]
            played = []
            n = 0
            while not R.is_over(s):
                seat = R.to_move(s)
                legal = R.legal_moves(s)
                m = agents[seat].choose(R.observe(s, seat), legal, Random(deal * 100 + n))
                assert m in legal
                played.append(str(m))
                s, _ = R.apply(s, m)
                n += 1
            moves.append(played)
        assert moves[0] == moves[1]


def test_the_python_fallback_chooses_the_same_moves(core):
    for s in positions(23, 12, 4):
        seat = R.to_move(s)
        obs, legal = R.observe(s, seat), R.legal_moves(s)
        fast = SparringAgent(seat, samples=5).values(obs, legal, Random(7))
        slow = SparringAgent(seat, samples=5, force_python=True).values(obs, legal, Random(7))
        assert fast == slow


def test_names_reach_the_sparring_partner_only_for_schnapsen(core):
    assert isinstance(make_agent("schnapsen", "sparring", 1), SparringAgent)
    a = make_agent("schnapsen", "sparring-12", 0)
    assert isinstance(a, SparringAgent) and a.samples == 12
    with pytest.raises(ValueError, match="sparring-N"):
        make_agent("schnapsen", "sparring-x", 0)
    with pytest.raises(ValueError, match="Schnapsen only"):
        make_agent("schwimmen", "sparring", 0)


def test_the_expert_solves_its_samples_to_the_end_with_the_core(core):
    """With the compiled core, each PIMC sample's values are the exact values of the sampled
    deal (the same samples the expert draws), at every stock size and in closed deals; when it
    follows the opponent's lead late in the deal each sample counts by ``lead_likelihood``."""
    from ai.schnapsen import ExpertAgent, _reads_the_lead, lead_likelihood
    from ai.schnapsen_determinize import sample_world
    from ai.schnapsen_knowledge import schnapsen_knowledge

    checked, sizes, read = 0, set(), 0
    for s in positions(24, 25, 10) + positions(25, 60, 4):
        seat = R.to_move(s)
        obs, legal = R.observe(s, seat), R.legal_moves(s)
        k = schnapsen_knowledge(obs)
        if k.perfect or len(legal) < 2:
            continue
        agent = ExpertAgent(seat, budget_s=None, max_samples=3)
        assert agent.core is core
        gp, _eq, used, exact = agent.scored(obs, legal, Random(5))
        rng = Random(5)
        want = dict.fromkeys(gp, 0.0)
        total = 0.0
        for _ in range(used):
            w = sample_world(k, rng)
            wt = lead_likelihood(k, w, core) if _reads_the_lead(k) else 1.0
            vals = exact_values(w, core)
            total += wt
            for key in want:
                want[key] += wt * vals[key]
        assert not exact and used == 3
        assert gp == pytest.approx({key: v / total for key, v in want.items()})
        checked += 1
        read += _reads_the_lead(k)
        sizes.add(len(s.stock) if s.specials.closed_by < 0 else -1)
    assert checked >= 40 and len(sizes) >= 5, (checked, sizes)  # 10..2 cards and closed
    assert read >= 5  # follow decisions weighed by the reading of the opponent's lead


def test_expert_python_is_the_expert_without_its_core(core):
    agent = make_agent("schnapsen", "expert-python", 0)
    assert agent.level == "expert" and agent.core is None
    assert make_agent("schnapsen", "expert", 0).core is core


def test_c_core_keeps_a_fail_low_three_as_a_bound(core):
    """A search that fails low at alpha = 3 returns 3 as an upper bound; the C core once stored
    it as the exact value, and a later root move of the same deal read a won deal where the
    true value was -1 (found in a sampled deal of a player-vs-player game, stock of six)."""
    w = World(ctx=Context(trump=3, closed_by=-1, close_points=-1, close_tricks=-1, false_pagat=False,
                          closed_pagat=False, claim_last=True, meld_first=True, close_two=True),
              to_act=1, stage="lead", hands=(659480, 32931), led=-1, melded=-1, card_pts=(0, 10),
              meld_pts=(0, 0), tricks=(0, 2), history=True, stock=(10, 6, 11, 18, 2, 16))
    want = exact_values(w, None)
    assert want["play AH"] == -1
    assert exact_values(w, core) == want


def test_the_lead_reading_weighs_hands_by_what_the_lead_gave_away(core):
    """``lead_likelihood``: the position before the opponent's lead, solved with the sample's
    hands, and the lead's loss against the best card it could have led; 1 for the best lead,
    exp(-READ_SHARPNESS * loss) below it, and never above 1."""
    import math

    from ai.schnapsen import READ_SHARPNESS, _reads_the_lead, lead_likelihood
    from ai.schnapsen_determinize import sample_world
    from ai.schnapsen_knowledge import schnapsen_knowledge
    from ai.schnapsen_solver import DECK

    seen = {"best": 0, "worse": 0}
    for s in positions(26, 80, 6):
        seat = R.to_move(s)
        k = schnapsen_knowledge(R.observe(s, seat))
        if not _reads_the_lead(k):
            continue
        rng = Random(3)
        for _ in range(4):
            w = sample_world(k, rng)
            hands = list(w.hands)
            hands[k.opp] |= 1 << k.led
            before = World(w.ctx, k.opp, "lead", (hands[0], hands[1]), -1, -1, w.card_pts, w.meld_pts,
                           w.tricks, w.history, w.stock)
            vals = exact_values(before, None)  # the pure-Python search as the reference
            best = max(v for key, v in vals.items() if key.startswith(("play", "meld")))
            loss = best - vals[f"play {DECK[k.led]}"]
            got = lead_likelihood(k, w, core)
            assert 0 < got <= 1 and got == pytest.approx(math.exp(-READ_SHARPNESS * loss))
            seen["best" if loss == 0 else "worse"] += 1
    assert seen["best"] >= 5 and seen["worse"] >= 5, seen
