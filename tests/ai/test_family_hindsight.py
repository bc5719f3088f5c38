"""ai.family_hindsight: the first card-play decision that lost game points in Bauern- and
Dreierschnapsen, valued with all cards open.

Deals are dealt and bid by seeded "player" bots; from the first lead the seats play the solver's
best moves, except for one planted mistake.  The alpha-beta values are checked against a plain
minimax over the rules engine (no pruning, no table) from the middle of the deal.
"""

from __future__ import annotations

from functools import cache
from random import Random

import pytest

from ai import family_hindsight as fh
from ai.base import make_agent
from game.rules import registry
from game.rules.base import parse_move
from game.rules.family_state import Phase

GAMES = ["bauernschnapsen", "dreierschnapsen"]


def bid_out(game: str, seed: int) -> tuple[object, list[str], object]:
    """The deal from its start through the auction (bots): (start, moves, state at the first lead)."""
    rules = registry.get(game)
    rng = Random(seed)
    n = rules.shape.players
    start = rules.new_round(n, seed % n, rng)
    agents = [make_agent(game, "player", s) for s in range(n)]
    state, moves = start, []
    while state.phase not in (Phase.PLAY, Phase.OVER):
        seat = rules.to_move(state)
        move = agents[seat].choose(rules.observe(state, seat), rules.legal_moves(state), rng)
        moves.append(str(move))
        state, _ = rules.apply(state, move)
    return start, moves, state


def play_best(game: str, state, moves: list[str], plant_for: int | None) -> tuple[list[str], int | None]:
    """Best play for every seat to the end; with ``plant_for`` that seat plays its worst move at
    its first decision where the moves differ in value.  Returns the moves and the planted index."""
    rules = registry.get(game)
    solver = fh.Solver()
    planted = None
    while not rules.is_over(state):
        values = solver.values(rules, state)
        pick = max(values, key=lambda k: values[k])
        if planted is None and state.turn == plant_for and len(set(values.values())) > 1:
            pick, planted = min(values, key=lambda k: values[k]), len(moves)
        moves.append(pick)
        state, _ = rules.apply(state, parse_move(pick))
    return moves, planted


def brute(rules, state) -> dict[str, int]:
    """Every legal move's value for the mover's side by plain minimax over the rules engine."""
    @cache
    def best(s) -> int:  # for side 0
        vals = [after(s, m) for m in rules.legal_moves(s)]
        return max(vals) if s.side(s.turn) == 0 else min(vals)

    def after(s, m) -> int:
        n, _ = rules.apply(s, m)
        if rules.is_over(n):
            v = fh.side_value(n, 0) if n.side(0) == 0 else -fh.side_value(n, 0)
            return v
        return best(n)

    sign = 1 if state.side(state.turn) == 0 else -1
    return {str(m): sign * after(state, m) for m in rules.legal_moves(state)}


def deals_with_play(game: str, seeds: range):
    for seed in seeds:
        start, moves, state = bid_out(game, seed)
        if state.phase is Phase.PLAY:
            yield seed, start, moves, state


@pytest.mark.parametrize("game", GAMES)
def test_values_match_plain_minimax_from_the_middle_of_the_deal(game):
    rules = registry.get(game)
    checked = 0
    for seed, _start, _moves, state in deals_with_play(game, range(1, 12)):
        rng = Random(seed)
        # a trick or two at random, so the plain minimax stays small
        while len(state.tricks) < 2 and state.phase is Phase.PLAY:
            state, _ = rules.apply(state, rng.choice(rules.legal_moves(state)))
        if state.phase not in (Phase.PLAY, Phase.CLAIM) or len(rules.legal_moves(state)) < 2:
            continue
        assert fh.Solver().values(rules, state) == brute(rules, state), seed
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize("game", GAMES)
def test_a_planted_mistake_of_the_declarer_is_found_with_its_better_line(game):
    rules = registry.get(game)
    found = 0
    for _seed, start, moves, state in deals_with_play(game, range(1, 9)):
        declarer = state.declarer
        moves, planted = play_best(game, state, list(moves), plant_for=declarer)
        if planted is None:
            continue  # every move of the declarer was worth the same: nothing to plant
        report = fh.analyse(rules, start, moves, declarer)
        f = report.finding
        assert f is not None and f.index == planted and f.lost > 0
        assert f.played == moves[planted] and f.best != f.played
        # the better line starts with the better move and ends with the value the solver promised
        assert f.line[0] == (declarer, f.best)
        end = fh.final_state(rules, start, moves[:planted] + [m for _s, m in f.line])
        assert fh.side_value(end, declarer) == f.judgement.values[f.best]
        assert tuple(end.result.points) == f.points_best
        found += 1
    assert found >= 2


@pytest.mark.parametrize("game", GAMES)
def test_best_play_reports_no_costly_decision(game):
    rules = registry.get(game)
    checked = 0
    for _seed, start, moves, state in deals_with_play(game, range(1, 6)):
        moves, _ = play_best(game, state, list(moves), plant_for=None)
        for seat in range(rules.shape.players):
            report = fh.analyse(rules, start, moves, seat)
            assert report.finding is None
            checked += report.checked
    assert checked > 0


def test_a_defender_mistake_is_judged_from_the_defence_side():
    game = "bauernschnapsen"
    rules = registry.get(game)
    for _seed, start, moves, state in deals_with_play(game, range(1, 12)):
        defender = (state.declarer + 1) % 4
        moves, planted = play_best(game, state, list(moves), plant_for=defender)
        if planted is None:
            continue
        f = fh.analyse(rules, start, moves, defender).finding
        assert f is not None and f.index == planted
        assert f.judgement.values[f.best] > f.judgement.values[f.played]
        return
    pytest.fail("no deal with a defender decision that mattered")


def test_worker_tasks_answer_like_the_inline_calls():
    game = "dreierschnapsen"
    rules = registry.get(game)
    for _seed, first, moves0, state in deals_with_play(game, range(1, 12)):
        moves, planted = play_best(game, state, list(moves0), plant_for=state.declarer)
        start = first
        if planted is not None:
            break
    assert planted is not None
    st = next(s for i, s, _m in fh.decisions(rules, start, moves, state.declarer) if i == planted)
    j = fh.judge_task(game, " ".join(moves), st, planted, moves[planted])
    assert j.lost > 0
    line, pts = fh.line_task(game, " ".join(moves), st, j.best)
    assert line[0][1] == j.best and sum(pts) > 0
