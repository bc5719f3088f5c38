"""ai.hindsight: the first decision that lost game points, valued with all cards open.

Deals are built from seeded random openings (both seats playing cards, no closing) up to a
position late enough for the exact search to be quick; from there the seats play scripted or
best moves.  The search's values are checked against a brute-force minimax over the rules engine
itself, and for one step of self-consistency in phase 1 (where the stock order is known).
"""

from __future__ import annotations

from functools import cache
from random import Random

import pytest

from ai import hindsight
from ai.hindsight import Solver, analyse, better_line, deal_value, judge
from game.rules import registry
from game.rules.base import Move
from game.rules.schnapsen import parse_move

RULES = registry.get("schnapsen")


def opening(seed: int, stock_left: int) -> tuple[object, list[str]]:
    """A deal played at random (plays only) until the stock holds ``stock_left`` cards."""
    rng = Random(seed)
    state = RULES.new_round(2, seed % 2, rng)
    moves: list[str] = []
    while len(state.stock) > stock_left and not RULES.is_over(state):
        plays = [m for m in RULES.legal_moves(state) if m.kind == "play"]
        move = rng.choice(plays)
        moves.append(str(move))
        state, _ = RULES.apply(state, move)
    assert not RULES.is_over(state) and not state.closed
    return state, moves


def brute(state) -> dict[str, int]:
    """Every legal move's game points for the seat to move, by plain minimax over the engine."""
    @cache
    def best(s) -> int:
        seat = RULES.to_move(s)
        return max(after(s, m, seat) for m in RULES.legal_moves(s))

    def after(s, m: Move, seat: int) -> int:
        n, _ = RULES.apply(s, m)
        if RULES.is_over(n):
            return deal_value(RULES.result(n).points, seat)
        v = best(n)
        return v if RULES.to_move(n) == seat else -v

    seat = RULES.to_move(state)
    return {str(m): after(state, m, seat) for m in RULES.legal_moves(state)}


def play_out(state, policy) -> list[str]:
    """Moves from ``state`` to the end: ``policy(state, values) -> move text``."""
    solver = Solver()
    moves = []
    while not RULES.is_over(state):
        move = policy(state, solver.values(RULES, state))
        moves.append(move)
        state, _ = RULES.apply(state, parse_move(move))
    return moves


def best_move(state, values) -> str:
    return max(values, key=lambda k: values[k])


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_exact_values_match_a_brute_force_minimax_after_the_stock(seed):
    state, _ = opening(seed, 0)
    # three tricks more at random so the brute force stays small
    rng = Random(seed)
    for _ in range(4):
        state, _ = RULES.apply(state, rng.choice([m for m in RULES.legal_moves(state) if m.kind == "play"]))
        if RULES.is_over(state):
            pytest.skip("deal already decided")  # not reached for these seeds
    assert Solver().values(RULES, state) == brute(state)


@pytest.mark.parametrize("seed", [5, 6])
def test_phase_one_values_agree_with_the_values_one_move_later(seed):
    """With two cards left in the stock (known in hindsight) each move's value equals the best
    value of the position it leads to: the search is exact about drawing, closing and melding."""
    state, _ = opening(seed, 2)
    solver = Solver()
    seat = RULES.to_move(state)
    values = solver.values(RULES, state)
    assert "close" in values or state.options.allow_close_with_two_in_stock is False
    for key, v in values.items():
        nxt, _ = RULES.apply(state, parse_move(key))
        if RULES.is_over(nxt):
            assert v == deal_value(RULES.result(nxt).points, seat)
            continue
        later = max(solver.values(RULES, nxt).values())
        assert v == (later if RULES.to_move(nxt) == seat else -later), key


def test_perfect_play_has_no_finding():
    start, _ = opening(7, 2)
    moves = play_out(start, best_move)
    report = analyse(RULES, start, moves, seat=0)
    assert report.finding is None and report.checked >= 1


@pytest.mark.parametrize("seed", [8, 9, 10, 11])
def test_the_first_costly_decision_is_found_with_its_better_line(seed):
    start, _ = opening(seed, 4)  # two tricks before the stock runs out: phase 1 is judged too
    human = RULES.to_move(start)
    mistakes: list[int] = []

    def policy(state, values):
        # the human plays its worst move once, at its first decision that has a worse move
        if RULES.to_move(state) == human and not mistakes and len(set(values.values())) > 1:
            mistakes.append(len(moves_so_far))
            choice = min(values, key=lambda k: values[k])
        else:
            choice = best_move(state, values)
        moves_so_far.append(choice)
        return choice

    moves_so_far: list[str] = []
    moves = play_out(start, policy)
    assert mistakes, "this deal gave the human no choice that mattered"
    report = analyse(RULES, start, moves, seat=human)
    f = report.finding
    assert f is not None and f.index == mistakes[0] and f.played == moves[f.index]
    assert f.lost == f.judgement.values[f.best] - f.judgement.values[f.played] > 0
    # the better line starts with the better move and really earns what the search promised
    assert f.line[0] == (human, f.best)
    assert deal_value(f.points_best, human) == f.judgement.values[f.best]
    # and the deal as played ended as the worse value said (both sides best after the mistake)
    assert deal_value(report.points_actual, human) == f.judgement.values[f.played]


def test_a_decision_before_the_mistake_of_the_other_seat_is_not_blamed():
    """Only the chosen seat's decisions are judged: the opponent's blunder finds nothing."""
    start, _ = opening(12, 2)
    human = RULES.to_move(start)
    blundered = []

    def policy(state, values):
        if RULES.to_move(state) != human and not blundered and len(set(values.values())) > 1:
            blundered.append(True)
            return min(values, key=lambda k: values[k])
        return best_move(state, values)

    moves = play_out(start, policy)
    assert blundered
    assert analyse(RULES, start, moves, seat=human).finding is None
    assert analyse(RULES, start, moves, seat=1 - human).finding is not None


def test_judge_prefers_the_played_move_on_a_tie_and_better_line_ends_the_deal():
    start, _ = opening(13, 0)
    values = Solver().values(RULES, start)
    top = max(values.values())
    tied = [k for k, v in values.items() if v == top]
    j = judge(RULES, start, 0, parse_move(tied[-1]))
    assert j.best == tied[-1] and j.lost == 0
    line, pts = better_line(RULES, start, tied[0])
    assert line[0][1] == tied[0] and deal_value(pts, RULES.to_move(start)) == top
    assert hindsight.final_state(RULES, start, [m for _, m in line]) is not None
