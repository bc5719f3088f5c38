""""Could I have won?": replay a finished Schnapsen deal with all cards open and find the first
decision of one seat where its choice lost game points against best play.

After the deal every card is known, the order of the stock included, so the whole deal is a
perfect-information game from its first move.  At each decision of the seat (the human) the
exact search (``ai.schnapsen_search.DealSearch`` deep enough to reach the end of the stock,
handing over to ``ai.schnapsen_solver.Phase2Solver``, with closing considered at every node)
values every legal move in game points, both sides playing perfectly from there with the cards
as they lay.  The first decision where the move played is worth less than the best move is the
finding; :func:`better_line` then plays the best move and best play for both seats to the end.

Values are game points from the deciding seat's point of view: +2 means it wins 2 game points,
-1 that the opponent wins 1.  "Lost" is best minus played: a move from +1 to -2 lost 3.

The early decisions are the costly ones (several seconds each in CPython with a full stock), so
callers that must stay responsive walk :func:`decisions` and call :func:`judge` one decision at a
time in a worker; :func:`analyse` does it all in one call (tests, tools).

Pure: no pygame, no I/O; states and moves come from ``game.rules.schnapsen``.

Glossary: stock = Talon; close = zudrehen; exchange = Atout-Unter tauschen; declare = ausmelden.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ai.schnapsen_search import DealSearch, world_values
from ai.schnapsen_solver import world_from_state
from game.rules.base import Move, parse_move


@dataclass(frozen=True, slots=True)
class Judgement:
    """One decision valued with all cards open."""

    index: int  # position of the move in the deal's move list
    seat: int
    played: str
    values: dict[str, int] = field(hash=False)  # every legal move -> game points for ``seat``
    best: str

    @property
    def lost(self) -> int:
        return self.values[self.best] - self.values[self.played]


@dataclass(frozen=True, slots=True)
class Finding:
    """The first decision that cost game points, and the better line from it."""

    judgement: Judgement
    line: tuple[tuple[int, str], ...]  # (seat, move) from the better move to the end of the deal
    points_best: tuple[int, int]  # the deal's game points per seat along the better line

    @property
    def index(self) -> int:
        return self.judgement.index

    @property
    def played(self) -> str:
        return self.judgement.played

    @property
    def best(self) -> str:
        return self.judgement.best

    @property
    def lost(self) -> int:
        return self.judgement.lost


@dataclass(frozen=True, slots=True)
class Report:
    """The answer for one seat and one deal: ``finding`` is None when every choice was best."""

    seat: int
    checked: int  # decisions of the seat that had a choice and were valued
    finding: Finding | None
    points_actual: tuple[int, int]


class Solver:
    """Exact move values for any position of one deal; keeps the search tables between calls."""

    def __init__(self) -> None:
        self._search: DealSearch | None = None

    def values(self, rules: Any, state: Any) -> dict[str, int]:
        """Game points of every legal move for the seat to move (keys: move notation)."""
        legal = rules.legal_moves(state)
        w = world_from_state(state)
        if self._search is None or self._search.ctx != w.ctx:
            self._search = DealSearch(w.ctx, depth=12, inner_close_min=0)
        depth = len(w.stock) // 2 + 1  # deep enough to reach the end of the stock: exact
        raw = world_values(w, depth, self._search)
        out: dict[str, int] = {}
        for m in legal:
            key = str(m)
            out[key] = round(raw[key]) if key in raw else self._after(rules, state, m)
        return out

    def _after(self, rules: Any, state: Any, move: Move) -> int:
        """A legal move the root search does not list (e.g. a "pass"): value the position after it."""
        seat = rules.to_move(state)
        nxt, _ = rules.apply(state, move)
        if rules.is_over(nxt):
            return deal_value(rules.result(nxt).points, seat)
        v = max(self.values(rules, nxt).values())
        return v if rules.to_move(nxt) == seat else -v


def deal_value(points: Sequence[int], seat: int) -> int:
    """A finished deal's game points from ``seat``'s point of view."""
    return int(points[seat]) - int(points[1 - seat])


def replay(rules: Any, start: Any, moves: Sequence[str | Move]) -> Iterator[tuple[int, Any, Move]]:
    """(index, state before, move) for every move of the deal, applying them in order (any game:
    the family hindsight replays its deals with it too)."""
    state = start
    for i, m in enumerate(moves):
        move = m if isinstance(m, Move) else parse_move(m)
        yield i, state, move
        state, _ = rules.apply(state, move)


def final_state(rules: Any, start: Any, moves: Sequence[str | Move]) -> Any:
    state = start
    for _i, before, move in replay(rules, start, moves):
        state, _ = rules.apply(before, move)
    return state


def decisions(rules: Any, start: Any, moves: Sequence[str | Move], seat: int) -> list[tuple[int, Any, Move]]:
    """The seat's decisions that had more than one legal move: (index, state, move played)."""
    return [(i, s, m) for i, s, m in replay(rules, start, moves)
            if rules.to_move(s) == seat and len(rules.legal_moves(s)) > 1]


def judge(rules: Any, state: Any, index: int, played: Move, solver: Solver | None = None) -> Judgement:
    """Value one decision: every legal move, the best one (the played move wins ties)."""
    values = (solver or Solver()).values(rules, state)
    key = str(played)
    top = max(values.values())
    best = key if values[key] == top else next(k for k, v in values.items() if v == top)
    return Judgement(index, int(rules.to_move(state)), key, values, best)


def better_line(rules: Any, state: Any, first: str, solver: Solver | None = None,
                limit: int = 60) -> tuple[tuple[tuple[int, str], ...], tuple[int, int]]:
    """Play ``first`` at ``state``, then the best move for whichever seat is to move, to the end
    of the deal; returns the line as (seat, move) pairs and the deal's game points."""
    from game.rules.schnapsen import parse_move

    solver = solver or Solver()
    line: list[tuple[int, str]] = []
    move = first
    for _ in range(limit):
        seat = int(rules.to_move(state))
        line.append((seat, move))
        state, _ = rules.apply(state, parse_move(move))
        if rules.is_over(state):
            pts = rules.result(state).points
            return tuple(line), (int(pts[0]), int(pts[1]))
        values = solver.values(rules, state)
        move = max(values, key=lambda k: values[k])
    raise RuntimeError("the better line did not end")  # a Schnapsen deal has at most ~30 moves


def analyse(rules: Any, start: Any, moves: Sequence[str | Move], seat: int) -> Report:
    """Find the seat's first decision that lost game points, with the better line from it."""
    solver = Solver()
    checked = 0
    final = final_state(rules, start, moves)
    actual = rules.result(final).points if rules.is_over(final) else (0, 0)
    for index, state, played in decisions(rules, start, moves, seat):
        checked += 1
        j = judge(rules, state, index, played, solver)
        if j.lost > 0:
            line, pts = better_line(rules, state, j.best, solver)
            return Report(seat, checked, Finding(j, line, pts), (int(actual[0]), int(actual[1])))
    return Report(seat, checked, None, (int(actual[0]), int(actual[1])))


# --- worker-process entry points (module level so they pickle; one Solver per worker) ----------

_WORKER: dict[str, Any] = {}


def _worker_solver(deal: str) -> Solver:
    """The worker's Solver for this deal (its tables help the later decisions of the same deal)."""
    if _WORKER.get("deal") != deal:
        _WORKER["deal"] = deal
        _WORKER["solver"] = Solver()
    solver: Solver = _WORKER["solver"]
    return solver


def judge_task(deal: str, state: Any, index: int, played: str) -> Judgement:
    from game.rules import registry
    from game.rules.schnapsen import parse_move

    return judge(registry.get("schnapsen"), state, index, parse_move(played), _worker_solver(deal))


def line_task(deal: str, state: Any, first: str) -> tuple[tuple[tuple[int, str], ...], tuple[int, int]]:
    from game.rules import registry

    return better_line(registry.get("schnapsen"), state, first, _worker_solver(deal))
