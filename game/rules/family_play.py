"""Card play of Bauernschnapsen and Dreierschnapsen: leading, following, marriages, the Normal
game's victory declaration and the early end of trick-count contracts (RULES.md B13-B17, D9-D11).

Glossary: Farbzwang/Stichzwang/Trumpfzwang = follow suit / head the trick / trump when void;
Zwanziger/Vierziger = marriage of 20/40; Ausmelden = declare 66 (``declare``).
"""

from __future__ import annotations

from typing import Any

from game.cards import SCHNAPSEN_POINTS, SUITS, Card, Rank
from game.rules.base import Move
from game.rules.contracts import BY_ID, Goal, Melds
from game.rules.events import CardPlayed, Declared, MarriageShown, TrickTaken
from game.rules.family_scoring import declarer_first3_score, finish, side_score, side_tricks
from game.rules.family_state import FamilyState, Phase, TrickRecord, evolve
from game.rules.tricks import legal_follow, winning_index

DECLARE = Move("declare")
PASS = Move("pass")
_MELD_MOVES = {x: Move("meld", (), x.value) for x in SUITS}
_PLAY: dict[Card, Move] = {}

Step = tuple[FamilyState, tuple[Any, ...]]


def play_move(c: Card) -> Move:
    m = _PLAY.get(c)
    if m is None:
        m = _PLAY[c] = Move("play", (c,))
    return m


def follow_flags(s: FamilyState) -> dict[str, bool]:
    """The keyword switches of tricks.legal_follow for this contract and options (B13 table)."""
    row = BY_ID[s.contract or ""]
    if s.options.follow_rules == "wikibooks":
        return {"must_head": row.head_wikibooks, "trump_only_if_wins": True, "must_undertrump": False}
    return {"must_head": True, "trump_only_if_wins": False, "must_undertrump": s.options.must_undertrump}


def legal_cards(s: FamilyState) -> tuple[Card, ...]:
    hand = s.hands[s.turn]
    if not s.trick:
        if s.meld_pending is not None:  # C4: lead one of the marriage cards
            return tuple(c for c in hand if c.suit is s.meld_pending and c.rank in (Rank.KING, Rank.QUEEN))
        return hand
    row = BY_ID[s.contract or ""]
    return legal_follow(hand, s.trick, s.trump if row.trumps else None, row.order, **follow_flags(s))


def may_meld(s: FamilyState, seat: int) -> bool:
    row = BY_ID[s.contract or ""]
    return row.melds is Melds.BOTH_SIDES or (row.melds is Melds.DECLARER and seat == s.declarer)


def legal_play(s: FamilyState) -> tuple[Move, ...]:
    p = s.turn
    moves = tuple(play_move(c) for c in legal_cards(s))
    if s.trick:
        return moves
    row = BY_ID[s.contract or ""]
    normal = row.goal is Goal.NORMAL
    if s.meld_pending is not None:
        return moves + ((DECLARE,) if normal else ())
    extra: tuple[Move, ...] = ()
    if may_meld(s, p):
        hand = s.hands[p]
        for x in SUITS:
            if _has_pair(hand, x):
                extra += (_MELD_MOVES[x],)
    # B15: only the seat that has just won a trick may declare before leading.
    if normal and s.tricks and s.tricks[-1].winner == p:
        extra += (DECLARE,)
    return moves + extra


def _has_pair(hand: tuple[Card, ...], suit: Any) -> bool:
    k = q = False
    for c in hand:
        if c.suit is suit:
            if c.rank is Rank.KING:
                k = True
            elif c.rank is Rank.QUEEN:
                q = True
    return k and q


def apply_play(s: FamilyState, m: Move) -> Step:
    p = s.turn
    if m.kind == "declare":
        score = side_score(s, s.side(p))
        s = evolve(s, declared_by=p, meld_pending=None)
        end, ev = finish(s, "declared")
        return end, (Declared(p, score, score >= 66),) + ev
    if m.kind == "meld":
        suit = next(x for x in SUITS if x.value == m.arg)
        pts = 40 if BY_ID[s.contract or ""].trumps and suit is s.trump else 20
        pending = s.options.marriage_needs_trick and side_tricks(s, s.side(p)) == 0
        s2 = evolve(s, melds=s.melds + ((p, suit, pts),), meld_pending=suit)
        return s2, (MarriageShown(p, suit, pts, pending),)
    c = m.cards[0]
    hand = tuple(x for x in s.hands[p] if x != c)
    hands = s.hands[:p] + (hand,) + s.hands[p + 1:]
    trick = s.trick + (c,)
    seats = s.trick_seats + (p,)
    played = (CardPlayed(p, c),)
    if len(trick) < s.active_count():
        return evolve(s, hands=hands, trick=trick, trick_seats=seats, meld_pending=None,
                       turn=s.next_active(p)), played
    row = BY_ID[s.contract or ""]
    w = seats[winning_index(trick, s.trump if row.trumps else None, row.order)]
    pts = sum(SCHNAPSEN_POINTS[x.rank] for x in trick)
    rec = TrickRecord(w, seats, trick, pts)
    s = evolve(s, hands=hands, trick=(), trick_seats=(), meld_pending=None, tricks=s.tricks + (rec,),
                leader=w, turn=w)
    events = played + (TrickTaken(w, trick, pts),)
    ending = _ending(s, row.goal, w)
    if ending is None:
        return s, events
    if ending == "claim":
        return evolve(s, phase=Phase.CLAIM), events
    end, ev = finish(s, ending)
    return end, events + ev


def _ending(s: FamilyState, goal: Goal, winner: int) -> str | None:
    """B17 / D9: whether the deal ends after this trick, and how."""
    n = len(s.tricks)
    last = n == s.shape.tricks
    d = s.declarer
    if goal is Goal.NORMAL:
        if not last:
            return None
        return "claim" if s.options.claim_after_last_trick else "last_trick"
    if goal is Goal.LOSE_ALL:
        return "failed" if winner == d else ("made" if last else None)
    if winner != d:
        return "failed"
    if goal is Goal.FIRST3_66 and n == 3:
        return "made" if declarer_first3_score(s) >= 66 else "failed"
    return "made" if last else None


def legal_claim(s: FamilyState) -> tuple[Move, ...]:
    return (DECLARE, PASS)


def apply_claim(s: FamilyState, m: Move) -> Step:
    if m.kind == "declare":
        return apply_play(s, m)
    return finish(s, "last_trick")
