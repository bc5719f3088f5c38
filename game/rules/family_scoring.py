"""Deal results of Bauernschnapsen and Dreierschnapsen (RULES.md B8, B12, B16, B17, D9, D12).

Pure helpers over a finished (or finishing) :class:`FamilyState`.  Game points go to a *side*:
Bauern team A (P1+P3) or B (P2+P4), both partners receiving the team's GP; Dreier declarer alone,
or each defender the full amount.  Match-level rules (24, Bummerl, ties) live in match.py.

Glossary: Ausmelden = victory declaration; Augen = card points; Schneider tiers of B16
(1 GP; 2 GP under 33; 3 GP without a trick).
"""

from __future__ import annotations

from typing import Any

from game.cards import SCHNAPSEN_POINTS, Card
from game.rules.base import RoundResult
from game.rules.contracts import BY_ID, Goal
from game.rules.deal_result import FamilyDeal
from game.rules.events import RoundOver
from game.rules.family_state import FamilyState, Phase, evolve

_MULT_WORD = {1: "", 2: " with Kontra (x2)", 4: " with Rekontra (x4)", 8: " with Subkontra (x8)"}


def side_name(s: FamilyState, side: int) -> str:
    if s.shape.teams:
        return "team A" if side == 0 else "team B"
    return f"declarer (seat {s.declarer})" if side == 0 else "the defenders"


def side_tricks(s: FamilyState, side: int) -> int:
    return sum(1 for t in s.tricks if s.side(t.winner) == side)


def side_card_points(s: FamilyState, side: int) -> int:
    return sum(t.points for t in s.tricks if s.side(t.winner) == side)


def credited_melds(s: FamilyState, side: int) -> int:
    """Marriage points of a side, counted only once it has a trick (B14, A-B8)."""
    if s.options.marriage_needs_trick and side_tricks(s, side) == 0:
        return 0
    return sum(pts for seat, _, pts in s.melds if s.side(seat) == side)


def side_score(s: FamilyState, side: int) -> int:
    return side_card_points(s, side) + credited_melds(s, side)


def declarer_first3_score(s: FamilyState) -> int:
    """Schnapser: the declarer's card points from tricks 1-3 plus own credited marriages."""
    d = s.declarer
    pts = sum(t.points for t in s.tricks[:3] if t.winner == d)
    won = any(t.winner == d for t in s.tricks)
    melds = sum(p for seat, _, p in s.melds if seat == d)
    return pts + (melds if won or not s.options.marriage_needs_trick else 0)


def tier(score: int, tricks: int) -> int:
    """B16, in its own order: 1 GP if the other side has 33 or more, else 2 if it has a trick,
    else 3.  The order matters only with ``marriage_needs_trick`` off, where a side can hold a
    credited marriage without a trick: 40 without a trick is "33 or more" (1 GP), 20 without a
    trick is "no trick" (3 GP; A-B10 reads "no points" as "no tricks")."""
    if score >= 33:
        return 1
    return 2 if tricks > 0 else 3


def finish(s: FamilyState, why: str) -> tuple[FamilyState, tuple[Any, ...]]:
    """End the deal: compute the result and move to OVER.  ``why`` is the ending: "declared",
    "last_trick", "made" or "failed"."""
    row = BY_ID[s.contract or ""]
    mult = s.multiplier
    if row.goal is Goal.NORMAL:
        win_side, gp, text, rule = _normal(s, why)
    else:
        made = why == "made"
        ds = s.side(s.declarer)
        win_side = ds if made else 1 - ds
        gp = row.gp
        text = f"{row.name} by seat {s.declarer} {'made' if made else 'failed'}: {_goal_text(s, made)}"
        rule = "B8/B17"
    amount = gp * mult
    points = tuple(amount if s.side(q) == win_side else 0 for q in range(s.shape.players))
    details = FamilyDeal(
        contract=row.id, declarer=s.declarer, dealer=s.dealer, multiplier=mult, ending=why,
        card_points=(side_card_points(s, 0), side_card_points(s, 1)),
        scores=(side_score(s, 0), side_score(s, 1)),
        tricks=(side_tricks(s, 0), side_tricks(s, 1)),
        discard_points=sum(_pts(c) for c in s.discard),
        made=(win_side == s.side(s.declarer)), gp=gp, amount=amount, winner_side=win_side,
    )
    reason = f"{text}{_MULT_WORD[mult]}: {amount} GP to {side_name(s, win_side)}."
    res = RoundResult(points, reason, rule, details)
    return evolve(s, phase=Phase.OVER, turn=-1, result=res), (RoundOver(res),)


def _normal(s: FamilyState, why: str) -> tuple[int, int, str, str]:
    if why == "declared":
        x = s.side(s.declared_by)
        y = 1 - x
        xs, ys = side_score(s, x), side_score(s, y)
        if xs >= 66:
            gp = tier(ys, side_tricks(s, y))
            return x, gp, (f"Normal game: seat {s.declared_by} declared 66 correctly ({xs} against {ys}, "
                           f"{side_tricks(s, y)} tricks)"), "B16 correct"
        gp = tier(xs, side_tricks(s, x))
        return y, gp, (f"Normal game: seat {s.declared_by} declared falsely with {xs} "
                       f"({side_tricks(s, x)} tricks)"), "B16 false"
    last = s.tricks[-1].winner
    return s.side(last), 1, f"Normal game: nobody declared; seat {last} took the last trick", "B16 last trick"


def _goal_text(s: FamilyState, made: bool) -> str:
    row = BY_ID[s.contract or ""]
    d = s.declarer
    if row.goal is Goal.LOSE_ALL:
        return "lost every trick" if made else f"won trick {_first_trick(s, lambda w: w == d)}"
    if row.goal is Goal.FIRST3_66:
        lost = _first_trick(s, lambda w: w != d)
        if lost:
            return f"seat {s.tricks[lost - 1].winner} won trick {lost}"
        return f"won tricks 1-3 with {declarer_first3_score(s)} (66 needed)"
    lost = _first_trick(s, lambda w: w != d)
    return f"won all {len(s.tricks)} tricks" if made else f"seat {s.tricks[lost - 1].winner} won trick {lost}"


def _first_trick(s: FamilyState, test: Any) -> int:
    for i, t in enumerate(s.tricks, 1):
        if test(t.winner):
            return i
    return 0


def _pts(c: Card) -> int:
    return SCHNAPSEN_POINTS[c.rank]
