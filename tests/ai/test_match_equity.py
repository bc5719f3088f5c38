"""Match equity: the table is a fair-game probability, and the expert weighs outcomes by it."""

from __future__ import annotations

from dataclasses import replace
from random import Random

import pytest

from ai.match_equity import deal_equity, gp_slope, win_chance
from ai.pimc_search import best_key
from ai.schnapsen import ExpertAgent, _preference, blended, with_margins
from ai.schnapsen_knowledge import schnapsen_knowledge
from ai.sparring import make as make_sparring
from game.rules.schnapsen import RULES as R
from game.rules.seeds import derive_rng


def test_win_chance_is_a_fair_probability():
    for a in range(1, 8):
        assert win_chance(a, a) == pytest.approx(0.5)
        for b in range(1, 8):
            assert win_chance(a, b) + win_chance(b, a) == pytest.approx(1.0)
            assert 0.0 < win_chance(a, b) < 1.0
            if a > 1:
                assert win_chance(a - 1, b) > win_chance(a, b)  # closer to 7 is better


def test_deal_equity_near_the_end_of_a_match():
    # needing one point, any win wins the match; a win by 3 is worth no more than a win by 1
    assert deal_equity((1, 5), 1) == deal_equity((1, 5), 3) == 1.0
    # the opponent needing one point: every lost deal loses the match, by 1 or by 3
    assert deal_equity((5, 1), -1) == deal_equity((5, 1), -3) == 0.0
    # far behind, three points are worth much more than one
    assert deal_equity((7, 2), 3) - deal_equity((7, 2), 1) > 2 * (deal_equity((7, 2), 1) - deal_equity((7, 2), -1)) / 2
    # estimates between whole points are interpolated, 0 is the score as it stands
    assert deal_equity((7, 7), 0) == pytest.approx(0.5)
    assert deal_equity((7, 7), 0.5) == pytest.approx((deal_equity((7, 7), 0) + deal_equity((7, 7), 1)) / 2)
    assert gp_slope((7, 7)) > 0


def _perfect_position(seed: int):
    """A position after the stock is exhausted where the seat to move knows the other hand."""
    rng = Random(seed)
    s = R.new_round(2, 0, derive_rng(seed, "deal"))
    while not R.is_over(s) and not (s.strict and schnapsen_knowledge(R.observe(s, R.to_move(s))).perfect):
        s, _ = R.apply(s, rng.choice(R.legal_moves(s)))
    return s


def test_expert_scores_moves_by_match_equity_only_in_a_match():
    """Same search, same rng: the game-point values do not change with the match score, and the
    equity of each move is the table's value of its outcome."""
    expert = ExpertAgent(budget_s=None)
    checked = 0
    for seed in range(400):
        if checked == 20:
            break
        s = _perfect_position(seed)
        if R.is_over(s):
            continue
        seat = R.to_move(s)
        lone = R.observe(s, seat)
        legal = R.legal_moves(s)
        gp, eq, _, exact = expert.scored(lone, legal, Random(1))
        assert exact and eq is None
        in_match = replace(lone, match_needs=(1, 6))
        gp2, eq2, _, _ = expert.scored(in_match, legal, Random(1))
        assert gp2 == gp and eq2 is not None
        for key, v in gp.items():
            assert eq2[key] == pytest.approx(1.0 if v > 0 else win_chance(1, 6 - int(-v)), abs=1e-3)
        checked += 1
    assert checked == 20


def test_expert_in_a_match_sampled_values_keep_game_points_for_the_hint():
    s = R.new_round(2, 0, derive_rng(3, "deal"))
    obs = replace(R.observe(s, R.to_move(s)), match_needs=(2, 1))
    expert = ExpertAgent(budget_s=None, max_samples=6)
    gp, eq, used, exact = expert.scored(obs, R.legal_moves(s), Random(5))
    assert not exact and used == 6 and eq is not None
    gp_lone, _, _, _ = expert.scored(replace(obs, match_needs=None), R.legal_moves(s), Random(5))
    assert gp == pytest.approx(gp_lone)  # the hint's "worth about x game points" is unchanged
    assert all(0.0 <= v <= 1.0 + 1e-3 for v in eq.values())
    move, reason = expert.explain(obs, R.legal_moves(s), Random(5))
    assert reason.get("detail").id == "how.match"  # the figure and the match chance


def _position_at(seed: int, stock: int):
    """A phase-1 position with ``stock`` cards in the stock and a choice to make (random play)."""
    rng = Random(seed)
    s = R.new_round(2, seed % 2, derive_rng(seed, "deal"))
    while not R.is_over(s):
        k = schnapsen_knowledge(R.observe(s, R.to_move(s)))
        if k.phase2 or k.stock_size < stock:
            return None
        if k.stock_size == stock and len(R.legal_moves(s)) > 1:
            return s
        s, _ = R.apply(s, rng.choice(R.legal_moves(s)))
    return None


def _positions(stock: int, count: int):
    found = [s for s in (_position_at(seed, stock) for seed in range(60)) if s is not None]
    assert len(found) >= count
    return found[:count]


def test_which_decisions_of_a_match_are_chosen_by_match_equity():
    """"exact-equity" chooses by equity where each sample is one outcome of the deal (10 stock
    cards: the order known to the search; a closed deal) and by game points where the search
    averages over the draws (8 cards down); "equity" and "game-points" do one thing throughout."""
    equity, exact, points = (ExpertAgent(budget_s=None, match_play=p) for p in ("equity", "exact-equity", "game-points"))
    for stock in (10, 8, 6, 4, 2):
        s = _positions(stock, 1)[0]
        k = schnapsen_knowledge(R.observe(s, R.to_move(s)))
        assert equity.by_equity(k) and not points.by_equity(k)
        assert exact.by_equity(k) == (stock == 10)
    closed = next(s for s in map(_perfect_position, range(20)) if not R.is_over(s))
    assert exact.by_equity(schnapsen_knowledge(R.observe(closed, R.to_move(closed))))


def test_playing_a_match_for_game_points_chooses_as_a_lone_deal_and_still_shows_the_match_chance():
    """The same samples (same rng): a match decision chosen by game points is the lone deal's
    choice, whatever the score; its hint still gives the chance to win the match."""
    for stock in (10, 8, 4):
        for s in _positions(stock, 3):
            seat, legal = R.to_move(s), R.legal_moves(s)
            lone = R.observe(s, seat)
            alone, _ = ExpertAgent(seat, budget_s=None, max_samples=6).explain(lone, legal, Random(7))
            for needs in ((1, 6), (6, 1), (2, 2)):
                in_match = replace(lone, match_needs=needs)
                move, reason = ExpertAgent(seat, budget_s=None, max_samples=6,
                                           match_play="game-points").explain(in_match, legal, Random(7))
                assert move == alone
                assert reason.get("detail").id == "how.match"
                if stock < 10:  # a chance search: "exact-equity" chooses by game points as well
                    hybrid, _ = ExpertAgent(seat, budget_s=None, max_samples=6,
                                            match_play="exact-equity").explain(in_match, legal, Random(7))
                    assert hybrid == alone


def test_searching_a_match_by_its_choice_samples_as_a_lone_deal():
    """With ``search_by_choice`` a decision chosen by game points samples as in a lone deal, its
    adaptive sampling too (no ``max_samples`` cap: moves are left out and the samples go on
    until the best is settled), so the score changes neither the figures nor the move; the
    hint still has each move's match chance."""
    for stock in (8, 6):
        for s in _positions(stock, 2):
            seat, legal = R.to_move(s), R.legal_moves(s)
            lone = R.observe(s, seat)
            expert = ExpertAgent(seat, budget_s=None, search_by_choice=True)
            gp_lone, _, used_lone, _ = expert.scored(lone, legal, Random(7))
            alone, _ = expert.explain(lone, legal, Random(7))
            for needs in ((1, 6), (6, 1), (2, 2)):
                in_match = replace(lone, match_needs=needs)
                gp, eq, used, _ = expert.scored(in_match, legal, Random(7))
                assert used == used_lone and gp == pytest.approx(gp_lone)
                assert eq is not None and set(eq) == set(gp)
                assert all(-1e-3 <= v <= 1.0 + 1e-3 for v in eq.values())
                move, reason = expert.explain(in_match, legal, Random(7))
                assert move == alone and reason.get("detail").id == "how.match"


def _match_decisions():
    """Decisions at 8 and 6 stock cards (four each) at three match scores: (seat, legal moves,
    observation in the match, the game points each side needs)."""
    for stock in (8, 6):
        for s in _positions(stock, 4):
            seat, legal = R.to_move(s), R.legal_moves(s)
            for needs in ((1, 6), (6, 1), (2, 2)):
                yield seat, legal, replace(R.observe(s, seat), match_needs=needs), needs


def test_a_blended_match_decision_weighs_game_points_and_equity_alike():
    """"blend": half the game points, half the equity in game points (equity / slope); the move
    chosen is the best by that blend (with the close and give-up margins), whatever the score."""
    assert blended({"a": 1.0, "b": -2.0}, {"a": 0.7, "b": 0.2}, 0.2) == pytest.approx({"a": 2.25, "b": -0.5})
    assert blended({"a": 1.0}, {"a": 0.7}, 0.0) == {"a": 1.0}  # no slope: game points alone
    differs = 0
    for seat, legal, obs, needs in _match_decisions():
        # without the tie-break and the marriage margin, which this check does not recompute
        agent = ExpertAgent(seat, budget_s=None, max_samples=6, match_play="blend", heuristic_tie=0.0,
                            meld_close_margin=None)
        gp, eq, _used, exact = agent.scored(obs, legal, Random(7))
        assert eq is not None
        want = with_margins(blended(gp, eq, gp_slope(needs)), obs.points, exact,
                            close_margin=agent.close_margin, close_gp=gp.get("close"))
        move, _ = agent.explain(obs, legal, Random(7))
        assert str(move) == best_key(want, _preference(obs, legal))
        by_points, _ = ExpertAgent(seat, budget_s=None, max_samples=6,
                                   match_play="game-points").explain(obs, legal, Random(7))
        differs += move != by_points
    assert differs  # the score does count: some choices are not those of game points alone


def test_near_the_end_of_a_match_the_decisions_are_chosen_by_equity():
    """"near-end": by match equity where a side needs one game point (the choice "equity" makes
    on the same samples), by game points elsewhere (the choice "game-points" makes)."""
    near = ExpertAgent(budget_s=None, match_play="near-end")
    k = schnapsen_knowledge(R.observe(_positions(8, 1)[0], 0))
    assert near.by_equity(k, (1, 6)) and near.by_equity(k, (5, 1)) and near.by_equity(k, (1, 1))
    assert not near.by_equity(k, (2, 2)) and not near.by_equity(k, (6, 7)) and not near.by_equity(k, None)
    differs = 0
    for seat, legal, obs, needs in _match_decisions():
        choice = {p: ExpertAgent(seat, budget_s=None, max_samples=6, match_play=p).explain(obs, legal, Random(7))[0]
                  for p in ("near-end", "equity", "game-points")}
        assert choice["near-end"] == choice["equity" if min(needs) == 1 else "game-points"]
        differs += choice["equity"] != choice["game-points"]
    assert differs  # the two ways do part on these positions, so the test tells them apart


def test_where_the_opponent_is_near_the_end_the_decisions_are_chosen_by_equity():
    """``opp_equity_needs`` (level expert-fixed-oeqN): by match equity wherever the opponent needs
    that many game points or fewer, by game points elsewhere, on the same samples."""
    guard = make_sparring("expert-fixed-oeq2")
    assert guard.opp_equity_needs == 2 and guard.match_play == "game-points"
    k = schnapsen_knowledge(R.observe(_positions(8, 1)[0], 0))
    assert guard.by_equity(k, (5, 2)) and guard.by_equity(k, (1, 1)) and guard.by_equity(k, (7, 2))
    assert not guard.by_equity(k, (1, 3)) and not guard.by_equity(k, (2, 7)) and not guard.by_equity(k, None)
    assert not ExpertAgent(budget_s=None).by_equity(k, (5, 1))  # off by default
    for seat, legal, obs, needs in _match_decisions():
        choice = {p: ExpertAgent(seat, budget_s=None, max_samples=6, match_play=p).explain(obs, legal, Random(7))[0]
                  for p in ("equity", "game-points")}
        guarded = ExpertAgent(seat, budget_s=None, max_samples=6, opp_equity_needs=2).explain(obs, legal, Random(7))[0]
        assert guarded == choice["equity" if needs[1] <= 2 else "game-points"]


def test_an_unknown_way_of_playing_a_match_is_refused():
    with pytest.raises(ValueError, match="match_play"):
        ExpertAgent(match_play="bold")
