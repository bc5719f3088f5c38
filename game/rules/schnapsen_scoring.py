"""Scoring of a finished Schnapsen deal (RULES.md 2.6, rows 1-6) and the match helpers of 2.7.

X is the seat that declared 66, Y the other.  "@close" values are recorded by ``close`` in
``Specials`` (the non-closer's score and trick count at that moment, S10):

1. X correct, nobody closed: 3 if Y has no trick, else 2 if Y < 33, else 1.
2. X correct, X closed: the same tiers with Y's values @close (A-S7).
3. X correct, Y closed: 2, or 3 if X (the non-closer) had no trick @close (A-S2).
4. X false: Y scores 2 (``false_claim_penalty = pagat``: 3 if Y had no trick, @close if X closed).
5. Closed, no declaration: the non-closer scores 2 (``closed_no_claim_penalty = pagat``: 3 if it
   had no trick @close).
6. Not closed, no declaration: the last-trick winner scores 1.

Glossary: Schneider = below 33; Schwarz = no trick; Bummerl = a lost match.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.base import RoundResult
from game.rules.deal_result import SchnapsenDeal
from game.rules.options import SchnapsenOptions
from game.rules.schnapsen_state import SCHNEIDER, WIN

if TYPE_CHECKING:
    from game.rules.schnapsen_state import SchnapsenState


def tier(tricks: int, points: int) -> int:
    """Game points for a correct declaration against a side with ``tricks`` and ``points``
    (rows 1 and 2): 3 without a trick (Schwarz), 2 below 33 (Schneider), else 1."""
    return 3 if tricks == 0 else 2 if points < SCHNEIDER else 1


def declared(x: int, closer: int, x_score: int, y_score: int, y_tricks: int, close_points: int,
             close_tricks: int, false_pagat: bool) -> tuple[int, int, bool]:
    """Rows 1-4 for seat ``x`` declaring with ``x_score``: (row, game points, whether x scores them).

    ``closer`` is the seat that closed (-1: nobody); ``close_points``/``close_tricks`` the
    non-closer's figures at the closing; ``false_pagat`` the option ``false_claim_penalty = pagat``.
    The one implementation of these rows: the rules' result and the AI's solver both call it."""
    if x_score >= WIN:
        if closer < 0:
            return 1, tier(y_tricks, y_score), True
        if closer == x:
            return 2, tier(close_tricks, close_points), True
        return 3, 3 if close_tricks == 0 else 2, True
    yt = close_tricks if closer == x else y_tricks
    return 4, 3 if false_pagat and yt == 0 else 2, False


def undeclared(closer: int, last_winner: int, close_tricks: int, closed_pagat: bool) -> tuple[int, int, int]:
    """Rows 5 and 6, all tricks played without a declaration: (row, seat that scores, game points).

    ``closed_pagat`` is the option ``closed_no_claim_penalty = pagat``."""
    if closer >= 0:
        return 5, 1 - closer, 3 if closed_pagat and close_tricks == 0 else 2
    return 6, last_winner, 1


def _tier_words(tricks: int, points: int) -> str:
    if tricks == 0:
        return "had taken no trick"
    if points < SCHNEIDER:
        return f"had only {points} points (below {SCHNEIDER})"
    return f"had {points} points"


def score_round(s: SchnapsenState) -> RoundResult:
    """The game points of a finished deal, the row of 2.6 that gave them, and why."""
    sp = s.specials
    opts = s.setup.options
    closer = sp.closed_by
    x = sp.declared_by
    gp = [0, 0]
    if x >= 0:
        y = 1 - x
        score = s.score(x)
        row, n, x_scores = declared(x, closer, score, s.score(y), s.tally.tricks[y], sp.close_points,
                                    sp.close_tricks, opts.false_claim_penalty == "pagat")
        winner = x if x_scores else y
        if row == 1:
            reason = f"seat {x} declared {score} correctly; seat {y} {_tier_words(s.tally.tricks[y], s.score(y))}"
        elif row == 2:
            why = _tier_words(sp.close_tricks, sp.close_points)
            reason = f"seat {x} closed and declared {score} correctly; at the closing seat {y} {why}"
        elif row == 3:
            why = "had no trick" if n == 3 else "had a trick"
            reason = f"seat {x} declared {score} correctly after seat {y} closed; seat {x} {why} at the closing"
        else:
            reason = f"seat {x} declared with only {score} (below {WIN}): a false declaration"
    else:
        row, winner, n = undeclared(closer, s.last_winner(), sp.close_tricks,
                                    opts.closed_no_claim_penalty == "pagat")
        if row == 5:
            reason = f"seat {closer} closed the stock and nobody declared 66"
        else:
            reason = f"all tricks were played without a declaration; seat {winner} won the last trick"
    gp[winner] = n
    plural = "s" if n != 1 else ""
    reason = f"{reason}: {n} game point{plural} to seat {winner} (2.6 row {row})."
    reason = reason[0].upper() + reason[1:]
    return RoundResult((gp[0], gp[1]), reason, f"2.6 row {row}", _details(s, row, winner, n))


def _details(s: SchnapsenState, row: int, winner: int, gp: int) -> SchnapsenDeal:
    sp = s.specials
    t = s.tally
    x = sp.declared_by
    closed = sp.closed_by >= 0
    return SchnapsenDeal(
        row=row,
        winner=winner,
        game_points=gp,
        card_points=t.card_points,
        scores=(s.score(0), s.score(1)),
        marriages=tuple((str(suit), seat) for suit, seat in sp.marriages),
        meld_points=sp.meld_points,
        credited_meld_points=(sp.meld_points[0] if t.tricks[0] else 0, sp.meld_points[1] if t.tricks[1] else 0),
        tricks=t.tricks,
        closed_by=sp.closed_by if closed else None,
        close_points=sp.close_points if closed else None,
        close_tricks=sp.close_tricks if closed else None,
        declared_by=x if x >= 0 else None,
        declared_score=s.score(x) if x >= 0 else None,
        correct=(s.score(x) >= WIN) if x >= 0 else None,
        last_trick_winner=s.last_winner() if len(t.history) and not s.hands[0] and not s.hands[1] else None,
        exchanged_by=sp.exchanged_by if sp.exchanged_by >= 0 else None,
        trump=str(s.setup.trump),
    )


def bummerl(loser_gp: int, options: SchnapsenOptions | None = None) -> int:
    """Bummerl the match loser receives (2.7): 2 with ``schneider_bummerl`` at 0 GP, else 1."""
    options = options if options is not None else SchnapsenOptions()
    return 2 if options.schneider_bummerl and loser_gp == 0 else 1


def match_winner(scores: tuple[int, int], options: SchnapsenOptions | None = None) -> int | None:
    """The seat that has won the match (S14: the first to ``match_target`` GP), else None.

    Only one seat scores per deal, so two seats never reach the target together."""
    options = options if options is not None else SchnapsenOptions()
    for seat, total in enumerate(scores):
        if total >= options.match_target:
            return seat
    return None
