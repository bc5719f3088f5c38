"""Schnapsen hints that teach: the expert's chosen move explained from the facts its seat knows.

The expert chooses by search (``ai.schnapsen``); a learner needs the reason in words, so this
module describes the chosen move from the card-counting knowledge (``ai.schnapsen_knowledge``) only: the
points won and still needed, the trumps in hand, what the opponent may still hold, what a trick
brings.  The search's figure ("worth about +0.4 game points over 30 possible deals") goes into a
``detail`` clause that the hint shows on a line of its own.

Every reason is a :class:`game.rules.messages.Reason`; the UI words it (msgids ``why.s.t.*``).

Glossary: close = zudrehen; declare = ausmelden; Schneider = the loser below 33 points.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ai.schnapsen_heuristics import beats, trump_words
from ai.schnapsen_knowledge import SchnapsenKnowledge, count, schnapsen_knowledge
from ai.schnapsen_solver import DECK, HIGHER, POINTS, SUIT, SUIT_MASK
from game.rules.base import Move
from game.rules.messages import Reason

WIN = 66
#: Below this the loser is Schneider and the winner scores more.
SCHNEIDER = 33


def _index(card: Any) -> int:
    return DECK.index(card)


def _opp_trumps(k: SchnapsenKnowledge) -> int:
    """Trumps the opponent may still hold (seen in its hand, or unseen and not ruled out)."""
    return count(k.opp_possible & SUIT_MASK[k.trump])


def teach(o: Any, move: Move, legal: Sequence[Move], detail: Reason | None = None) -> Reason:
    """Why ``move`` is good, in facts this seat can see; ``detail`` is the search's figure."""
    k = schnapsen_knowledge(o)
    why = why_from_knowledge(k, move, legal)
    return why if detail is None else why.with_params(detail=detail)


def why_from_knowledge(k: SchnapsenKnowledge, move: Move, legal: Sequence[Move]) -> Reason:
    """The reason for ``move`` from card-counting knowledge (no statistic)."""
    me, opp = k.score(k.seat), k.score(k.opp)
    if move.kind == "close":
        kind = "s.t.close_schneider" if opp < SCHNEIDER else "s.t.close"
        return Reason(kind, trumps=trump_words(k), points=me, opp=opp, need=max(0, WIN - me))
    if move.kind == "exchange":
        if k.turnup < 0:
            return Reason("s.exchange_free")
        return Reason("s.t.exchange", card=DECK[k.turnup], jack=DECK[5 * k.trump + 4])
    if move.kind == "meld":
        worth = 40 if move.arg == DECK[5 * k.trump].suit.value else 20
        if k.tricks[k.seat]:
            return Reason("s.t.meld", suit=move.arg, worth=worth, total=me + worth)
        return Reason("s.t.meld_later", suit=move.arg, worth=worth)
    if move.kind == "declare":
        if me < WIN:
            return Reason("s.t.give_up", points=me)
        return Reason("s.t.declare_schneider" if opp < SCHNEIDER else "s.t.declare", points=me, opp=opp)
    if move.kind == "pass":
        return Reason("s.t.pass", points=me)
    if move.kind != "play":
        return Reason("only_sensible")
    c = _index(move.cards[0])
    card = DECK[c]
    trump = k.trump
    if k.led < 0:  # on lead
        possible = k.opp_possible
        opp_trumps = _opp_trumps(k)
        if not possible & HIGHER[c] and (SUIT[c] == trump or not possible & SUIT_MASK[trump]):
            return Reason("s.t.lead_sure", card=card)
        if SUIT[c] == trump:
            return Reason("s.t.lead_trump", card=card, n=opp_trumps)
        higher = count(possible & HIGHER[c])
        if not higher:  # only a trump can take it
            return Reason("s.t.lead_top", card=card, pts=POINTS[c], n=opp_trumps)
        return Reason("s.t.lead", card=card, pts=POINTS[c], higher=higher, n=opp_trumps)
    led = k.led
    gain = POINTS[led] + POINTS[c]
    if beats(led, c, trump):
        total = me + gain + (k.meld_pts[k.seat] if not k.tricks[k.seat] else 0)
        if total >= WIN:
            return Reason("s.t.take_66", led=DECK[led], card=card, pts=gain, total=total)
        kind = "s.t.trump" if SUIT[c] == trump and SUIT[led] != trump else "s.t.take"
        return Reason(kind, led=DECK[led], card=card, pts=gain, total=total)
    could_win = any(m.kind == "play" and beats(led, _index(m.cards[0]), trump) for m in legal)
    return Reason("s.t.let_go" if could_win else "s.t.cannot_beat", led=DECK[led], card=card, pts=POINTS[c])
