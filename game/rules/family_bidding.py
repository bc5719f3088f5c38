"""The phases before play: cut or knock, trump call or Aufschlagen, auction, Dreier talon
exchange and raise, and the Kontra questions (RULES.md B3-B6, B9-B11, D3-D8).

Each phase has one ``legal_<phase>(s)`` and one ``apply_<phase>(s, m)``; the rules object
dispatches on ``s.phase``.  Legality has already been checked when ``apply_*`` runs.

Glossary: Abheben = cut; Klopfen = knock; Aufschlagen = turn a blind card for trumps;
Rufer = Normal game; Talon = the Dreier widow; Drücken = discard; Kontra/Rekontra/Subkontra.
"""

from __future__ import annotations

from typing import Any

from game.cards import SUITS, Suit
from game.rules.base import Move
from game.rules.contracts import BY_ID, CONTRACTS, Holding, eligible, holds, outbids
from game.rules.events import Announced, Dealt, Discarded, TalonTaken, TrumpSet
from game.rules.family_state import FamilyState, Phase, deal, evolve

CUT_RANGE = range(3, 18)  # B4: a sensible cut leaves at least 3 cards on either side
PASS = Move("pass")
KNOCK = Move("knock")
STAY = Move("stay")
_CUT_MOVES = tuple(Move("cut", (), str(k)) for k in CUT_RANGE) + (KNOCK,)
_TRUMP_MOVES = {s: Move("trump", (), s.value) for s in SUITS}
_BID_MOVES = {c.id: Move("bid", (), c.id) for c in CONTRACTS}
_RAISE_MOVES = {c.id: Move("raise", (), c.id) for c in CONTRACTS}
_KONTRA_WORD = {1: "kontra", 2: "rekontra", 4: "subkontra"}
_KONTRA_MOVES = {k: Move(w) for k, w in _KONTRA_WORD.items()}

Step = tuple[FamilyState, tuple[Any, ...]]


# -- cut or knock (B3-B5, D3-D4) -------------------------------------------------------------------
def legal_cut(s: FamilyState) -> tuple[Move, ...]:
    return _CUT_MOVES


def apply_cut(s: FamilyState, m: Move) -> Step:
    deck = s.deck
    if m.kind == "cut":
        k = int(m.arg or 0)
        deck = deck[k:] + deck[:k]
    mode = "cut" if m.kind == "cut" else "knock"
    hands, talon, order = deal(s.shape, deck, mode, s.dealer)
    s2 = evolve(s, phase=Phase.TRUMP, turn=s.forehand, mode=mode, hands=hands, talon=talon,
                 calls=s.calls + ((s.turn, str(m)),))
    return s2, (Announced(s.turn, str(m)), Dealt(order))


# -- trumps (B6, D3) -------------------------------------------------------------------------------
def legal_trump(s: FamilyState) -> tuple[Move, ...]:
    first3 = s.hands[s.forehand][:3]
    suits = [x for x in SUITS if not s.options.trump_must_be_held or any(c.suit is x for c in first3)]
    turns = tuple(Move("turn", (), str(i)) for i in range(1, s.shape.blind_count() + 1))
    return tuple(_TRUMP_MOVES[x] for x in suits) + turns


def apply_trump(s: FamilyState, m: Move) -> Step:
    fh = s.forehand
    turned = None
    if m.kind == "turn":
        turned = s.hands[fh][2 + int(m.arg or 1)]
        trump = turned.suit
    else:
        trump = Suit.parse(m.arg or "")
    s2 = evolve(s, phase=Phase.BID, turn=fh, trump=trump, turned=turned,
                 passed=(False,) * s.shape.players, calls=s.calls + ((fh, str(m)),))
    return s2, (Announced(fh, str(m)), TrumpSet(fh, trump, turned))


# -- auction (B9, D5) ------------------------------------------------------------------------------
def legal_bid(s: FamilyState) -> tuple[Move, ...]:
    p = s.turn
    role = s.role(p)
    brole = s.shape.role_as_bauern[role]
    hand = s.hands[p]
    high = BY_ID[s.high] if s.high else None
    hprio = s.role(s.high_seat) if s.high_seat >= 0 else 99
    low = 0 if high is None else high.rank
    bids = tuple(_BID_MOVES[c.id] for c in CONTRACTS
                 if c.rank >= low and brole in c.bidders and outbids(c, role, high, hprio)
                 and holds(c, hand, s.trump))
    # Forehand opens and may not pass on the first turn (B9.2).
    return bids if high is None else bids + (PASS,)


def apply_bid(s: FamilyState, m: Move) -> Step:
    p = s.turn
    text = str(m)
    calls = s.calls + ((p, text),)
    events: tuple[Any, ...] = (Announced(p, text),)
    high, high_seat, passed = s.high, s.high_seat, s.passed
    if m.kind == "bid":
        high, high_seat = m.arg, p
    else:
        passed = passed[:p] + (True,) + passed[p + 1:]
    n = s.shape.players
    # Next seat still in, never the high bidder; none left means the auction is over (B9.6).
    for k in range(1, n):
        q = (p + k) % n
        if not passed[q] and q != high_seat:
            return evolve(s, high=high, high_seat=high_seat, passed=passed, calls=calls, turn=q), events
    return _auction_won(evolve(s, high=high, high_seat=high_seat, passed=passed, calls=calls), events)


def _auction_won(s: FamilyState, events: tuple[Any, ...]) -> Step:
    d = s.high_seat
    s = evolve(s, contract=s.high, declarer=d)
    if s.shape.has_talon:
        # D6: the declarer takes the talon unseen by the others, then discards two.
        hands = s.hands[:d] + (s.hands[d] + s.talon,) + s.hands[d + 1:]
        s2 = evolve(s, hands=hands, talon=(), talon_taken=True, phase=Phase.DISCARD, turn=d)
        return s2, events + (TalonTaken(d, s.talon),)
    return start_kontra(s, events)


# -- Dreier talon exchange and raise (D6, D7) ------------------------------------------------------
def legal_discard(s: FamilyState) -> tuple[Move, ...]:
    hand = s.hands[s.turn]
    row = BY_ID[s.contract or ""]
    n = len(hand)
    out = []
    for i in range(n):
        for j in range(i + 1, n):
            # A discard may not break the holding the bid required (D6.2).
            if row.holding is Holding.NONE or holds(row, hand[:i] + hand[i + 1:j] + hand[j + 1:], s.trump):
                out.append(Move("discard", (hand[i], hand[j])))
    return tuple(out)


def apply_discard(s: FamilyState, m: Move) -> Step:
    d = s.turn
    gone = set(m.cards)
    hand = tuple(c for c in s.hands[d] if c not in gone)
    hands = s.hands[:d] + (hand,) + s.hands[d + 1:]
    s = evolve(s, hands=hands, discard=tuple(m.cards), calls=s.calls + ((d, "discard"),))
    events: tuple[Any, ...] = (Discarded(d, tuple(m.cards)),)
    if s.options.allow_raise_after_exchange:
        return evolve(s, phase=Phase.RAISE), events
    return start_kontra(s, events)


def legal_raise(s: FamilyState) -> tuple[Move, ...]:
    d = s.turn
    brole = s.shape.role_as_bauern[s.role(d)]
    cur = BY_ID[s.contract or ""]
    ups = tuple(_RAISE_MOVES[c.id] for c in CONTRACTS
                if c.rank > cur.rank and eligible(c, brole, s.hands[d], s.trump))
    return (STAY,) + ups


def apply_raise(s: FamilyState, m: Move) -> Step:
    d = s.turn
    s = evolve(s, calls=s.calls + ((d, str(m)),))
    if m.kind == "raise":
        s = evolve(s, contract=m.arg, high=m.arg)
    return start_kontra(s, (Announced(d, str(m)),))


# -- Kontra, Rekontra, Subkontra (B10-B12, D8) -----------------------------------------------------
def _defenders(s: FamilyState) -> tuple[int, ...]:
    """The defending seats, clockwise from the declarer's left (B11.1, A-B14)."""
    n = s.shape.players
    ds = s.side(s.declarer)
    return tuple(q for q in ((s.declarer + k) % n for k in range(1, n)) if s.side(q) != ds)


def _declaring(s: FamilyState) -> tuple[int, ...]:
    """Declarer first, then the partner (who may say Rekontra even when sitting out)."""
    partner = s.partner(s.declarer)
    return (s.declarer,) if partner is None else (s.declarer, partner)


def start_kontra(s: FamilyState, events: tuple[Any, ...]) -> Step:
    asks = _defenders(s)
    return evolve(s, phase=Phase.KONTRA, multiplier=1, asks=asks, turn=asks[0]), events


def legal_kontra(s: FamilyState) -> tuple[Move, ...]:
    return (_KONTRA_MOVES[s.multiplier], PASS)


def apply_kontra(s: FamilyState, m: Move) -> Step:
    p = s.turn
    text = str(m)
    calls = s.calls + ((p, text),)
    events: tuple[Any, ...] = (Announced(p, text),)
    mult = s.multiplier
    if m.kind == "pass":
        asks = s.asks[1:]
    else:
        mult *= 2
        # The first "yes" closes the stage; the other side is asked next (B11.2-B11.4).
        asks = () if mult == 8 else (_declaring(s) if mult == 2 else _defenders(s))
    if asks:
        return evolve(s, calls=calls, multiplier=mult, asks=asks, turn=asks[0]), events
    return start_play(evolve(s, calls=calls, multiplier=mult, asks=())), events


def start_play(s: FamilyState) -> FamilyState:
    row = BY_ID[s.contract or ""]
    leads_declarer = row.declarer_leads or (row.leader_option and s.options.schnapser_leader == "declarer")
    leader = s.declarer if leads_declarer else s.forehand
    return evolve(s, phase=Phase.PLAY, leader=leader, turn=leader)
