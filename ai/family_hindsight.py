""""Could I have won?" for Bauernschnapsen and Dreierschnapsen: replay a finished deal with all
cards open and find the first card-play decision of one seat where its choice lost game points
against best play with the cards as they lay.

After the deal every hand is known, so the card play from the first lead is a perfect-information
game between two sides (Bauern: the two partnerships; Dreier: the declarer against both
defenders).  :class:`Solver` is an exact alpha-beta search over the rules engine itself
(``game.rules.family_play``: following rules, marriages, the Normal game's declaration, the early
end of trick contracts, Kontra multipliers), with a transposition table shared by every decision
of the deal.  The measure is the deal's result, not trick points: whether the contract is made
and how many game points change hands (the Normal game's 1-3 tiers, times Kontra).

Values are game points from the deciding seat's *side*: +2 means its side wins 2 game points,
-6 that the other side wins 6.  "Lost" is best minus played.

Only card play is judged (leads, follows, marriages, declaring 66, the claim after the last
trick); the auction is not (which contract to bid is a different question from how to play it).
The analysis works the same for a defender: it then asks whether the defence could have beaten
the contract (or cost fewer game points).  A seat that sits out (the Bettler declarer's partner)
has no decisions.

The early decisions are the costly ones (up to ~20 cards to play out), so callers that must stay
responsive walk :func:`decisions` and call :func:`judge` one decision at a time in a worker;
:func:`analyse` does it all in one call (tests, benchmarks).

Pure: no pygame, no I/O.  Glossary: Ausmelden = declare 66; Zwanziger/Vierziger = marriage.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ai.hindsight import Finding, Judgement, Report, final_state, replay
from game.cards import NORMAL_ORDER
from game.rules import family_play as fp
from game.rules.base import Move, parse_move
from game.rules.family_state import FamilyState, Phase

__all__ = ["Solver", "Judgement", "Finding", "Report", "decisions", "judge", "better_line", "analyse",
           "final_state", "replay", "side_value", "judge_task", "line_task"]

_INF = 10_000


def side_value(s: FamilyState, seat: int) -> int:
    """A finished deal's game points from ``seat``'s side: + when its side won, - when it lost."""
    d = s.result.details if s.result is not None else {}
    amount = int(d.get("amount", 0))
    return amount if d.get("winner_side") == s.side(seat) else -amount


def _key(s: FamilyState) -> tuple[Any, ...]:
    """Everything the rest of the deal depends on (not the order of the tricks already taken)."""
    pts = [0, 0]
    won = [0, 0]
    d = s.declarer
    first3 = 0
    d_won = False
    for i, t in enumerate(s.tricks):
        sd = s.side(t.winner)
        pts[sd] += t.points
        won[sd] += 1
        if t.winner == d:
            d_won = True
            if i < 3:
                first3 += t.points
    melds = [0, 0]
    own = 0
    for seat, _suit, p in s.melds:
        melds[s.side(seat)] += p
        if seat == d:
            own += p
    return (s.phase, s.hands, s.trick, s.turn, s.meld_pending, len(s.tricks), pts[0], pts[1], won[0], won[1],
            melds[0], melds[1], own, first3, d_won)


def _legal(s: FamilyState) -> tuple[Move, ...]:
    return fp.legal_claim(s) if s.phase is Phase.CLAIM else fp.legal_play(s)


def _apply(s: FamilyState, m: Move) -> FamilyState:
    return (fp.apply_claim(s, m) if s.phase is Phase.CLAIM else fp.apply_play(s, m))[0]


def _order(moves: tuple[Move, ...]) -> list[Move]:
    """Declarations and marriages first (they end or shape the deal), then high cards first: good
    moves early make the alpha-beta cut-offs come early."""
    def rank(m: Move) -> int:
        if m.kind == "declare":
            return -100
        if m.kind == "meld":
            return -50
        if m.kind == "play" and m.cards:
            return -NORMAL_ORDER[m.cards[0].rank]
        return 0

    return sorted(moves, key=rank)


class Solver:
    """Exact values for positions of one deal's card play; keeps its table between calls."""

    def __init__(self) -> None:
        self._table: dict[tuple[Any, ...], tuple[int, int]] = {}
        self.nodes = 0

    def _search(self, s: FamilyState, alpha: int, beta: int) -> int:
        """The value for side 0 (team A / the Dreier declarer) with both sides playing best."""
        if s.phase is Phase.OVER:
            d = s.result.details if s.result is not None else {}
            return int(d.get("amount", 0)) * (1 if d.get("winner_side") == 0 else -1)
        self.nodes += 1
        key = _key(s)
        lo, hi = self._table.get(key, (-_INF, _INF))
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        if lo == hi:
            return lo
        a0, b0 = alpha, beta
        alpha, beta = max(alpha, lo), min(beta, hi)
        maxing = s.side(s.turn) == 0
        best = -_INF if maxing else _INF
        for m in _order(_legal(s)):
            v = self._search(_apply(s, m), alpha, beta)
            if maxing:
                if v > best:
                    best = v
                alpha = max(alpha, v)
            else:
                if v < best:
                    best = v
                beta = min(beta, v)
            if alpha >= beta:
                break
        # store as a bound: fail-high is a lower bound, fail-low an upper bound, else exact
        a0, b0 = max(a0, lo), min(b0, hi)
        if best <= a0:
            self._table[key] = (lo, min(hi, best))
        elif best >= b0:
            self._table[key] = (max(lo, best), hi)
        else:
            self._table[key] = (best, best)
        return best

    def value(self, s: FamilyState, seat: int) -> int:
        """The exact value of position ``s`` for ``seat``'s side."""
        v = self._search(s, -_INF, _INF)
        return v if s.side(seat) == 0 else -v

    def values(self, rules: Any, state: FamilyState) -> dict[str, int]:
        """Game points of every legal move for the seat to move's side (keys: move notation)."""
        seat = state.turn
        return {str(m): self.value(_apply(state, m), seat) for m in _legal(state)}


def decisions(rules: Any, start: Any, moves: Sequence[str | Move], seat: int) -> list[tuple[int, Any, Move]]:
    """The seat's card-play decisions that had more than one legal move: (index, state, move)."""
    return [(i, s, m) for i, s, m in replay(rules, start, moves)
            if s.phase in (Phase.PLAY, Phase.CLAIM) and s.turn == seat and len(rules.legal_moves(s)) > 1]


def judge(rules: Any, state: Any, index: int, played: Move, solver: Solver | None = None) -> Judgement:
    """Value one decision: every legal move, the best one (the played move wins ties)."""
    values = (solver or Solver()).values(rules, state)
    key = str(played)
    top = max(values.values())
    best = key if values[key] == top else next(k for k, v in values.items() if v == top)
    return Judgement(index, int(state.turn), key, values, best)


def better_line(rules: Any, state: Any, first: str, solver: Solver | None = None,
                limit: int = 60) -> tuple[tuple[tuple[int, str], ...], tuple[int, ...]]:
    """Play ``first`` at ``state``, then the best move for whichever seat is to move, to the end
    of the deal; returns the line as (seat, move) pairs and the deal's game points per seat."""
    solver = solver or Solver()
    line: list[tuple[int, str]] = []
    move = first
    for _ in range(limit):
        line.append((int(state.turn), move))
        state, _ = rules.apply(state, parse_move(move))
        if rules.is_over(state):
            return tuple(line), tuple(int(p) for p in rules.result(state).points)
        values = solver.values(rules, state)
        move = max(values, key=lambda k: values[k])
    raise RuntimeError("the better line did not end")  # a family deal has at most ~30 card moves


def analyse(rules: Any, start: Any, moves: Sequence[str | Move], seat: int) -> Report:
    """Find the seat's first card-play decision that lost game points, with the better line."""
    solver = Solver()
    checked = 0
    final = final_state(rules, start, moves)
    actual = tuple(int(p) for p in rules.result(final).points) if rules.is_over(final) else ()
    for index, state, played in decisions(rules, start, moves, seat):
        checked += 1
        j = judge(rules, state, index, played, solver)
        if j.lost > 0:
            line, pts = better_line(rules, state, j.best, solver)
            return Report(seat, checked, Finding(j, line, pts), actual)  # type: ignore[arg-type]
    return Report(seat, checked, None, actual)  # type: ignore[arg-type]


# --- worker-process entry points (module level so they pickle; one Solver per worker and deal) --

_WORKER: dict[str, Any] = {}


def _worker_solver(deal: str) -> Solver:
    if _WORKER.get("deal") != deal:
        _WORKER["deal"] = deal
        _WORKER["solver"] = Solver()
    solver: Solver = _WORKER["solver"]
    return solver


def judge_task(game_id: str, deal: str, state: Any, index: int, played: str) -> Judgement:
    from game.rules import registry

    return judge(registry.get(game_id), state, index, parse_move(played), _worker_solver(game_id + deal))


def line_task(game_id: str, deal: str, state: Any, first: str) -> tuple[tuple[tuple[int, str], ...], tuple[int, ...]]:
    from game.rules import registry

    return better_line(registry.get(game_id), state, first, _worker_solver(game_id + deal))
