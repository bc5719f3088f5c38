"""What the statistics file from a finished deal or match: keyword arguments for
:meth:`game.stats.Stats.record_deal` and ``record_match`` read from a ``MatchController``.

The perspective seat is the human's (or seat 0 when bots play alone); a Dreierschnapsen playoff
deal's two round seats are mapped back to match seats.  The deal's figures come from its typed
result (``game.rules.deal_result``: a contract and whether it was made, Schnapsen's closes and
marriages); partnerships from the game's spec.  ``game.stats`` re-exports these functions.

Glossary: zudrehen = close the stock (a "close" in the statistics).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.rules import registry
from game.rules.deal_result import FamilyDeal, SchnapsenDeal


def deal_from_controller(c: Any) -> dict[str, Any]:
    """Keyword arguments for :meth:`Stats.record_deal` from a controller whose round is over.

    The perspective seat is the human's (or seat 0 when bots play alone).  Round seats are
    mapped to match seats so a Dreierschnapsen playoff deal is filed correctly.
    """
    res = c.round_result
    if res is None:
        raise ValueError("the round is not over")
    human = c.human_seat if c.human_seat is not None else 0
    mapping = _round_seats(c, len(res.points))
    points = [0] * c.players
    for round_seat, match_seat in enumerate(mapping):
        points[match_seat] = int(res.points[round_seat])
    rseat = mapping.index(human) if human in mapping else None
    d = res.details
    spec = registry.spec(c.game_id)
    kw: dict[str, Any] = dict(
        game=c.game_id, levels=list(c.levels), seat=human, points=points, round_no=c.round_no,
        undo_used=bool(c.undo_used), rule=res.rule, reason=res.reason, match_seed=c.master_seed,
        match_uid=match_uid_of(c),
    )
    if spec.teams:
        kw["side_of"] = [spec.side_of(i) for i in range(c.players)]
    if rseat is None:
        return kw
    if isinstance(d, FamilyDeal):
        kw["contract"] = d.contract
        kw["declarer"] = d.declarer == rseat
        kw["made"] = d.made
    kw["closes"] = kw["melds"] = 0
    if isinstance(d, SchnapsenDeal):
        kw["closes"] = int(d.closed_by == rseat)
        kw["melds"] = sum(1 for _suit, seat in d.marriages if seat == rseat)
    elif isinstance(d, Mapping):  # a hand-built result (tests) with the same figures as a mapping
        kw["closes"] = int(d.get("closed_by") == rseat)
        kw["melds"] = sum(1 for m in d.get("marriages", ()) if _meld_seat(m) == rseat)
    return kw


def _round_seats(c: Any, n: int) -> list[int]:
    """Match seat of each round seat of the round just finished.  Not ``c.match_seat``: once a
    round is booked the match may already have entered (or left) a Dreierschnapsen playoff."""
    if n == c.players:
        return list(range(n))
    # a 2-player playoff deal: the two seats tied on the top score (game.rules.match keeps
    # their scores unchanged and picks the first two tied seats in seat order)
    scores = list(c.match.scores)
    best = max(scores)
    return [i for i, sc in enumerate(scores) if sc == best][:n]


def _meld_seat(meld: Any) -> int | None:
    # Schnapsen details: (suit, seat); the family games keep (seat, suit, points) in their state.
    if isinstance(meld, tuple | list) and len(meld) >= 2:
        return meld[1] if isinstance(meld[1], int) else (meld[0] if isinstance(meld[0], int) else None)
    return None


def match_from_controller(c: Any) -> dict[str, Any]:
    """Keyword arguments for :meth:`Stats.record_match` from a controller whose match is over."""
    m = c.match
    human = c.human_seat if c.human_seat is not None else 0
    scores: Any = getattr(m, "scores", None) or getattr(m, "lives", ())
    return dict(
        game=c.game_id, levels=list(c.levels), seat=human, scores=list(scores), winners=list(m.winners),
        bummerl=list(getattr(m, "bummerl", ()) or ()), deals=len(getattr(m, "history", ())),
        undo_used=bool(c.undo_used), match_seed=c.master_seed, match_uid=match_uid_of(c),
    )


def match_uid_of(c: Any) -> str:
    """The controller's stable match id (``game.persistence.match_id_of``; saved with the match)."""
    from game.persistence import match_id_of

    return match_id_of(c)
