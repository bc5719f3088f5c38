"""Named Schnapsen heuristics for the "player" level (cpatrasciuc's HeuristicPlayer, FreeDoko).

Each heuristic looks at the card-counting knowledge (``ai.schnapsen_knowledge``) and the legal moves and
returns ``(move, reason)`` or ``None``; ``PLAYER_HEURISTICS`` tries them in order and the first
answer wins.  The reason is a structured message (``game.rules.messages.Reason``) for hints.

Glossary: stock = Talon; close = zudrehen; exchange = Atout-Unter tauschen; marriage =
Zwanziger/Vierziger; declare = ausmelden; Schmieren = giving points to a trick one's side wins.
"""

from __future__ import annotations

from collections.abc import Callable

from ai.schnapsen_knowledge import SchnapsenKnowledge, count
from ai.schnapsen_solver import DECK, HIGHER, KING, POINTS, QUEEN, SUIT, SUIT_MASK, bits, declare_value, pass_value
from game.rules.base import Move
from game.rules.messages import Reason

Legal = dict[str, Move]
Answer = tuple[Move, Reason] | None
Heuristic = Callable[[SchnapsenKnowledge, Legal], Answer]


def play_key(c: int) -> str:
    return f"play {DECK[c]}"


def legal_cards(legal: Legal) -> list[int]:
    from ai.schnapsen_solver import IDX

    return [IDX[id(m.cards[0])] for m in legal.values() if m.kind == "play"]


def beats(a: int, b: int, trump: int) -> bool:
    """Whether ``b`` played to the lead ``a`` wins the trick."""
    if SUIT[a] == SUIT[b]:
        return b < a
    return SUIT[b] == trump


def marriage_cards(hand: int) -> int:
    m = 0
    for s in range(4):
        k, q = 1 << (5 * s + KING), 1 << (5 * s + QUEEN)
        if hand & k and hand & q:
            m |= k | q
    return m


def sure_winner(k: SchnapsenKnowledge, c: int) -> bool:
    """Whether a lead of ``c`` wins whatever the opponent may hold (phase 2)."""
    opp = k.opp_possible
    if opp & HIGHER[c]:
        return False
    if SUIT[c] == k.trump:
        return True
    if not opp & SUIT_MASK[k.trump]:
        return True
    # the opponent may trump only if it may be void in the suit
    return k.perfect and bool(opp & SUIT_MASK[SUIT[c]])


def trump_words(k: SchnapsenKnowledge) -> Reason:
    """The trumps in hand as a clause of a hint: "A/10/K of trumps" or "no trumps"."""
    ranks = "".join(DECK[c].rank.value for c in bits(k.hand & SUIT_MASK[k.trump]))
    return Reason("trumps.some", ranks=ranks) if ranks else Reason("trumps.none")


def cheap_key(c: int, k: SchnapsenKnowledge, keep: int = 0) -> tuple[int, int, int]:
    """Sort key for throwing a card away: not a trump, not part of a marriage, fewest points."""
    return (SUIT[c] == k.trump, bool(keep >> c & 1), POINTS[c])


# --- the heuristics ---------------------------------------------------------------------------
def claim_after_last_trick(k: SchnapsenKnowledge, legal: Legal) -> Answer:
    if "pass" not in legal:
        return None
    me, o = k.seat, k.opp
    d = declare_value(k.ctx, me, k.score(me), k.score(o), k.tricks[o])
    if d > pass_value(k.ctx, me):
        return legal["declare"], Reason("s.claim_declare", points=k.score(me), gp=d, gp2=pass_value(k.ctx, me))
    return legal["pass"], Reason("s.claim_pass")


def declare_at_66(k: SchnapsenKnowledge, legal: Legal) -> Answer:
    if "declare" in legal and k.score(k.seat) >= 66:
        return legal["declare"], Reason("s.declare_have", points=k.score(k.seat))
    return None


def exchange_jack(k: SchnapsenKnowledge, legal: Legal) -> Answer:
    if "exchange" in legal:
        return legal["exchange"], Reason("s.exchange_free")
    return None


def close_when_safe(k: SchnapsenKnowledge, legal: Legal) -> Answer:
    """Close when the points in hand that are sure to score reach 66 with the points won."""
    if "close" not in legal:
        return None
    hand = k.hand
    trumps = hand & SUIT_MASK[k.trump]
    sure = 0
    for c in bits(hand):
        if not (k.outstanding() & HIGHER[c]) and (SUIT[c] == k.trump or count(trumps) >= 2):
            sure += POINTS[c] + 3  # a won trick also brings the opponent's card
    meld = max((40 if s == k.trump else 20) for s in range(4) if marriage_cards(hand) & SUIT_MASK[s]) \
        if marriage_cards(hand) else 0
    mine = k.score(k.seat) + meld
    if mine + sure >= 66 and count(trumps) >= 2 and k.tricks[k.seat]:
        opp = k.score(k.opp)
        return legal["close"], Reason("s.close_now", points=mine, trumps=trump_words(k), opp=opp)
    return None


def meld_marriage(k: SchnapsenKnowledge, legal: Legal) -> Answer:
    melds = [m for m in legal.values() if m.kind == "meld"]
    if not melds:
        return None
    trump_suit = DECK[5 * k.trump].suit.value
    best = next((m for m in melds if m.arg == trump_suit), melds[0])
    value = 40 if best.arg == trump_suit else 20
    return best, Reason("marriage_for", suit=best.arg, worth=value)


def lead_marriage_card(k: SchnapsenKnowledge, legal: Legal) -> Answer:
    if k.melded < 0:
        return None
    q = play_key(5 * k.melded + QUEEN)
    kk = play_key(5 * k.melded + KING)
    # the queen is worth less if the opponent takes it; after the trump marriage keep the king
    return legal.get(q) or legal[kk], Reason("s.lead_marriage")


def cash_sure_winner(k: SchnapsenKnowledge, legal: Legal) -> Answer:
    """Phase 2 lead: the most valuable card that wins whatever the opponent holds."""
    if not k.phase2 or k.stage != "lead":
        return None
    wins = [c for c in legal_cards(legal) if sure_winner(k, c)]
    if not wins:
        return None
    # draw trumps first so the opponent cannot ruff the side aces later
    wins.sort(key=lambda c: (SUIT[c] != k.trump, -POINTS[c]))
    return legal[play_key(wins[0])], Reason("s.lead_sure", card=DECK[wins[0]])


def lead_low(k: SchnapsenKnowledge, legal: Legal) -> Answer:
    """Lead the cheapest card, keeping trumps and marriage halves."""
    if k.stage != "lead":
        return None
    cards = legal_cards(legal)
    keep = marriage_cards(k.hand)
    # a ten whose ace is still out is an invitation to the opponent; avoid it
    def key(c: int) -> tuple[int, int, int, int]:
        naked_ten = c % 5 == 1 and bool(k.outstanding() & HIGHER[c])
        return (*cheap_key(c, k, keep)[:2], naked_ten, POINTS[c])

    c = min(cards, key=key)
    return legal[play_key(c)], Reason("s.lead_low", card=DECK[c])


def win_to_66(k: SchnapsenKnowledge, legal: Legal) -> Answer:
    """Follow: win the trick if that brings the score to 66."""
    if k.stage != "follow":
        return None
    a = k.led
    winners = [b for b in legal_cards(legal) if beats(a, b, k.trump)]
    winners = [b for b in winners if k.score(k.seat) + POINTS[a] + POINTS[b] + (k.meld_pts[k.seat] if not k.tricks[k.seat] else 0) >= 66]
    if not winners:
        return None
    b = min(winners, key=lambda c: (SUIT[c] == k.trump, POINTS[c]))
    return legal[play_key(b)], Reason("s.win_to_66", card=DECK[b])


def take_valuable_lead(k: SchnapsenKnowledge, legal: Legal) -> Answer:
    """Follow: take an ace or ten (or any trick worth it) in suit, or trump it if it is rich."""
    if k.stage != "follow":
        return None
    a = k.led
    cards = legal_cards(legal)
    same = [b for b in cards if SUIT[b] == SUIT[a] and b < a]
    if same and (POINTS[a] >= 3 or k.phase2):
        b = max(same, key=lambda c: POINTS[c])  # win with the ace or ten: it scores too
        return legal[play_key(b)], Reason("s.take_with", card=DECK[a], card2=DECK[b])
    if SUIT[a] != k.trump and POINTS[a] >= 10:
        trumps = [b for b in cards if SUIT[b] == k.trump]
        if trumps:
            b = min(trumps, key=lambda c: (POINTS[c], c))
            return legal[play_key(b)], Reason("s.trump_with", card=DECK[a], card2=DECK[b], points=POINTS[a])
    return None


def throw_low(k: SchnapsenKnowledge, legal: Legal) -> Answer:
    """Follow without winning: give the cheapest card, keeping trumps and marriage halves."""
    if k.stage != "follow":
        return None
    cards = legal_cards(legal)
    keep = marriage_cards(k.hand)
    c = min(cards, key=lambda x: cheap_key(x, k, keep))
    return legal[play_key(c)], Reason("s.throw_low", card=DECK[c])


def anything(k: SchnapsenKnowledge, legal: Legal) -> Answer:
    m = next(iter(legal.values()))
    return m, Reason("only_sensible")


PLAYER_HEURISTICS: tuple[Heuristic, ...] = (
    claim_after_last_trick,
    declare_at_66,
    exchange_jack,
    close_when_safe,
    meld_marriage,
    lead_marriage_card,
    cash_sure_winner,
    lead_low,
    win_to_66,
    take_valuable_lead,
    throw_low,
    anything,
)


def run(heuristics: tuple[Heuristic, ...], k: SchnapsenKnowledge, legal: Legal) -> tuple[Move, Reason, str]:
    """The first heuristic's answer: (move, reason, heuristic name)."""
    for h in heuristics:
        ans = h(k, legal)
        if ans is not None and ans[0] in legal.values():
            return ans[0], ans[1], h.__name__
    m = next(iter(legal.values()))
    return m, Reason("first_legal"), "fallback"
