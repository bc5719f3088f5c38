"""The benchmark-only partner of the public bots' kind (PIMC + UCT with random play-outs): its
engine plays the exact core's rules, its search finds the exact best move of small positions,
its moves are legal and reproducible, its rewards follow the match score, its names."""

from __future__ import annotations

import pytest

from ai.base import make_agent
from ai.match_equity import deal_equity
from ai.schnapsen_exact import exact_values
from ai.schnapsen_solver import DECK, world_from_state
from ai.sparring_mcts import (
    MctsSparringAgent,
    exact_move_values,
    load_mcts,
    move_key,
    rewards_for,
    search,
)
from game.rules.schnapsen import RULES as R
from tests.ai.test_sparring import played_deal, positions


@pytest.fixture(scope="module")
def engine(core):  # type: ignore[no-untyped-def]
    """The UCT engine, compiled beside the exact core of the ``core`` fixture (its cache folder)."""
    import ai.sparring_mcts as mod

    mod._lib, mod._tried = None, False
    lib = load_mcts()
    assert lib is not None, "the C compiler is part of the dev setup; the UCT engine must build"
    return lib


def test_the_engine_plays_the_exact_cores_rules(engine, core):
    """Plain alpha-beta over the engine's own moves gives the exact core's value for every legal
    move: its move generation, tricks, drawing, exchange, closing, marriages and scoring are the
    same (also right after a marriage is shown, when its king or queen must be led)."""
    stages, melded = set(), 0
    for s in positions(31, 150, 4) + positions(41, 25, 6):
        checks = [s]
        meld = next((m for m in R.legal_moves(s) if m.kind == "meld"), None)
        if meld is not None:
            checks.append(R.apply(s, meld)[0])
            melded += 1
        for st in checks:
            w = world_from_state(st)
            if w.stage == "final":
                continue
            got = exact_move_values(w, engine)
            assert set(got) == {str(m) for m in R.legal_moves(st)}
            assert got == exact_values(w, core), (w, got)
            stages.add((w.stage, bool(w.stock), w.ctx.closed_by >= 0, w.melded >= 0))
    assert melded >= 5 and len(stages) >= 6, (melded, stages)


def test_uct_finds_the_exact_best_move_of_small_positions(engine, core):
    """With 20,000 iterations on a known deal of at most two stock cards, the most visited move
    is an exact best move in nearly every position (UCT converges to the minimax value)."""
    agree = total = 0
    for s in positions(51, 60, 2):
        w = world_from_state(s)
        exact = exact_values(w, core) if w.stage != "final" else {}
        if len(exact) < 2 or len(set(exact.values())) < 2:
            continue
        res = search(w, engine, 20_000, 12345, rewards_for(w.to_act, None))
        assert set(res) == set(exact)
        best = max(res, key=lambda k: res[k][0])
        total += 1
        agree += exact[best] == max(exact.values())
    assert total >= 30 and agree >= 0.9 * total, (agree, total)


def test_more_iterations_find_more_exact_moves(engine, core):
    """The search is not a fixed rule: a tiny budget misses more exact best moves than a large one."""
    found = {100: 0, 20_000: 0}
    for s in positions(61, 80, 4):
        w = world_from_state(s)
        exact = exact_values(w, core) if w.stage != "final" else {}
        if len(set(exact.values())) < 2:
            continue
        for iters in found:
            res = search(w, engine, iters, 99, rewards_for(w.to_act, None))
            best = max(res, key=lambda k: res[k][0])
            found[iters] += exact[best] == max(exact.values())
    assert found[20_000] > found[100], found


def test_the_partner_plays_legal_and_reproducible_deals(engine):
    for deal in range(3):
        runs = [played_deal(MctsSparringAgent(0, samples=10, iterations=2000), deal) for _ in range(2)]
        assert runs[0] == runs[1]


def test_rewards_are_game_points_or_the_match_equity_of_the_deciding_seat():
    assert rewards_for(0, None) == [i / 6 for i in range(7)]
    # seat 0's reward of seat 0's game points, whoever decides (a zero-sum deal)
    assert rewards_for(1, None) == pytest.approx(rewards_for(0, None))
    needs = (2, 5)  # the deciding seat needs 2 more game points, the other 5
    for seat in (0, 1):
        r0 = rewards_for(seat, needs)
        for v0 in range(-3, 4):
            mine = v0 if seat == 0 else -v0
            mine_reward = r0[v0 + 3] if seat == 0 else 1 - r0[v0 + 3]
            assert mine_reward == pytest.approx(deal_equity(needs, mine))


def test_move_codes_name_the_legal_moves():
    assert move_key(0) == f"play {DECK[0]}" and move_key(19) == f"play {DECK[19]}"
    assert move_key(20 + 2) == move_key(43) == move_key(20 + 3) == "meld " + move_key(2)[-1]
    assert [move_key(c) for c in (40, 41, 42)] == ["declare", "exchange", "close"]


def test_names_reach_the_partner_only_for_schnapsen(engine):
    a = make_agent("schnapsen", "mcts", 1)
    assert isinstance(a, MctsSparringAgent) and (a.samples, a.iterations) == (150, 100_000)
    b = make_agent("schnapsen", "mcts-20-4000-140", 0)
    assert isinstance(b, MctsSparringAgent) and (b.samples, b.iterations, b.exploration) == (20, 4000, 1.4)
    with pytest.raises(ValueError, match="mcts-S-I"):
        make_agent("schnapsen", "mcts-x", 0)
    with pytest.raises(ValueError, match="Schnapsen only"):
        make_agent("schwimmen", "mcts", 0)


def test_greedy_play_outs_answer_as_the_rule_says_and_stay_legal(engine):
    """With greedy play-outs the partner still plays legal, reproducible deals, and its search on
    a known deal differs from the random play-outs' (the play-outs are really another policy)."""
    for deal in range(2):
        runs = [played_deal(MctsSparringAgent(0, samples=8, iterations=2000, greedy=1.0), deal) for _ in range(2)]
        assert runs[0] == runs[1]
    differ = 0
    for s in positions(71, 20, 8):
        w = world_from_state(s)
        if w.stage == "final":
            continue
        r = rewards_for(w.to_act, None)
        differ += search(w, engine, 3000, 5, r, greedy=0.0) != search(w, engine, 3000, 5, r, greedy=1.0)
    assert differ >= 10, differ
    g = make_agent("schnapsen", "mcts-150-100000-70-50", 0)
    assert isinstance(g, MctsSparringAgent) and g.greedy == 0.5
    with pytest.raises(ValueError):
        make_agent("schnapsen", "mcts-150-100000-70-150", 0)
