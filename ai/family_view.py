"""Card tracking for Bauern- and Dreierschnapsen bots, built from one seat's observation only.

:class:`View` is what a seat knows during play: its hand, the trump, the contract row, who
declared, the cards already played, the current trick, which seats are void in which suits
(C6: a seat that did not follow is void in the suit led; one that did not trump either is void
in trumps too), the cards known to sit in a hand (the Aufschlagen card, shown marriage cards)
and the unseen cards.  :func:`sample_world` deals the unseen cards to the other holders
consistently with all of that and rebuilds a full engine state for search.

Glossary: Vorhand = forehand; Aufschlagen card = the trump card turned face up; Talon = the
Dreier widow; Drücken = the Dreier discard; Farbzwang = must follow suit.
"""

from __future__ import annotations

from dataclasses import dataclass
from random import Random
from typing import Any

from game.cards import SCHNAPSEN_POINTS, SUITS, Card, Rank, Suit, deck20
from game.rules import registry
from game.rules.contracts import BY_ID, Contract
from game.rules.family_state import (
    BAUERN_SHAPE,
    DREIER_SHAPE,
    Auction,
    FamilyState,
    Phase,
    Setup,
    TrickRecord,
    evolve,
)
from game.rules.options import BauernOptions, DreierOptions
from game.rules.tricks import winning_index

DECK = deck20()
_SUIT_OF = {x.value: x for x in SUITS}


def pts(c: Card) -> int:
    return SCHNAPSEN_POINTS[c.rank]


@dataclass(frozen=True, slots=True)
class View:
    seat: int
    players: int
    trump: Suit | None  # the trump in force for card play (None in no-trump contracts)
    named_trump: Suit | None  # the deal's trump suit, whatever the contract
    row: Contract
    declarer: int
    hand: tuple[Card, ...]
    trick: tuple[tuple[int, Card], ...]
    played: frozenset[Card]
    voids: tuple[frozenset[Suit], ...]
    known: tuple[tuple[Card, ...], ...]  # cards known to be in each other seat's hand
    unseen: tuple[Card, ...]  # cards whose place this seat does not know
    teams: bool
    sitting_out: int | None
    forehand: int
    scores: tuple[int, int] = (0, 0)  # per side (0 = forehand's team / declarer): cards + credited melds
    side_tricks: tuple[int, int] = (0, 0)
    tricks_done: int = 0
    total_tricks: int = 5

    def side(self, seat: int) -> int:
        if self.teams:
            return (seat - self.forehand) % 2
        return 0 if seat == self.declarer else 1

    def my_side(self) -> int:
        return self.side(self.seat)

    def is_friend(self, seat: int) -> bool:
        return self.side(seat) == self.side(self.seat)

    @property
    def order(self) -> dict[Rank, int]:
        return self.row.order

    def out_cards(self, suit: Suit) -> list[Card]:
        """Cards of ``suit`` still out in other hands (unseen or known elsewhere)."""
        out = [c for c in self.unseen if c.suit is suit]
        for i, ks in enumerate(self.known):
            if i != self.seat:
                out += [c for c in ks if c.suit is suit]
        return out

    def is_top(self, c: Card) -> bool:
        """No card still out beats ``c`` in its own suit."""
        o = self.order
        return all(o[x.rank] < o[c.rank] for x in self.out_cards(c.suit))

    def trick_best(self) -> tuple[int, Card] | None:
        if not self.trick:
            return None
        cards = [c for _, c in self.trick]
        i = winning_index(cards, self.trump, self.order)
        return self.trick[i]

    def active_seats_after(self, seat: int) -> list[int]:
        """Seats still to play in the current trick after ``seat``."""
        n = self.players
        played = {s for s, _ in self.trick}
        out = []
        for k in range(1, n):
            q = (seat + k) % n
            if q != self.sitting_out and q not in played:
                out.append(q)
        return out


def view_of(obs: Any) -> View:
    """The play-phase knowledge of the observing seat."""
    row = BY_ID[obs.contract]
    named = _SUIT_OF[obs.trump] if obs.trump else None
    trump = named if row.trumps else None
    n = obs.players
    played: set[Card] = set()
    voids: list[set[Suit]] = [set() for _ in range(n)]
    records = list(obs.tricks)
    if obs.trick:
        records.append(TrickRecord(-1, tuple(s for s, _ in obs.trick), tuple(c for _, c in obs.trick), 0))
    for t in records:
        led = t.cards[0].suit
        for k, (s, c) in enumerate(zip(t.seats, t.cards, strict=True)):
            played.add(c)
            if k and c.suit is not led:
                voids[s].add(led)
                if trump is not None and c.suit is not trump:
                    voids[s].add(trump)
    known: list[tuple[Card, ...]] = [() for _ in range(n)]
    for q in range(n):
        if q != obs.seat and obs.shown and obs.shown[q]:
            known[q] = tuple(obs.shown[q])
    if obs.turned is not None and obs.forehand != obs.seat and obs.turned not in played:
        known[obs.forehand] = tuple(set(known[obs.forehand]) | {obs.turned})
    teams = registry.spec(obs.game_id).teams
    scores, stricks = side_scores(obs.tricks, obs.melds, teams, obs.forehand, obs.declarer)
    mine = set(obs.hand)
    gone = mine | played | set(obs.discard) | {c for ks in known for c in ks}
    unseen = tuple(c for c in DECK if c not in gone)
    return View(seat=obs.seat, players=n, trump=trump, named_trump=named, row=row, declarer=obs.declarer,
                hand=tuple(obs.hand), trick=tuple(obs.trick), played=frozenset(played),
                voids=tuple(frozenset(v) for v in voids), known=tuple(known), unseen=unseen,
                teams=teams, sitting_out=obs.sitting_out, forehand=obs.forehand, scores=scores,
                side_tricks=stricks, tricks_done=len(obs.tricks), total_tricks=5 if teams else 6)


def side_scores(tricks: Any, melds: Any, teams: bool, forehand: int, declarer: int) -> tuple[tuple[int, int],
                                                                                            tuple[int, int]]:
    """Card points plus credited marriages per side, and tricks per side (B14, B16)."""
    def side(q: int) -> int:
        return (q - forehand) % 2 if teams else (0 if q == declarer else 1)

    p = [0, 0]
    k = [0, 0]
    for t in tricks:
        sd = side(t.winner)
        p[sd] += t.points
        k[sd] += 1
    for q, _, m in melds:
        sd = side(q)
        if k[sd]:
            p[sd] += m
    return (p[0], p[1]), (k[0], k[1])


def view_from_state(s: FamilyState, seat: int) -> View:
    """The same knowledge built straight from a (sampled) state, for fast rollouts: the policy
    only asks which cards are still out, which is the union of the other hands either way."""
    row = BY_ID[s.contract or ""]
    trump = s.trump if row.trumps else None
    played = frozenset(c for t in s.tricks for c in t.cards) | frozenset(s.trick)
    n = s.shape.players
    unseen = tuple(c for q in range(n) if q != seat for c in s.hands[q])
    teams = s.shape.teams
    melds = tuple((q, x, p) for q, x, p in s.melds)
    scores, stricks = side_scores(s.tricks, melds, teams, s.forehand, s.declarer)
    return View(seat=seat, players=n, trump=trump, named_trump=s.trump, row=row, declarer=s.declarer,
                hand=s.hands[seat], trick=tuple(zip(s.trick_seats, s.trick, strict=True)), played=played,
                voids=(frozenset(),) * n, known=((),) * n, unseen=unseen, teams=teams,
                sitting_out=s.sitting_out(), forehand=s.forehand, scores=scores, side_tricks=stricks,
                tricks_done=len(s.tricks), total_tricks=s.shape.tricks)


def _hidden_discard(obs: Any) -> int:
    """Cards a Dreier declarer put away that this seat has not seen (0 for the declarer)."""
    if obs.game_id != "dreierschnapsen" or obs.seat == obs.declarer:
        return 0
    return 2 if any(call == "discard" for _, call in obs.calls) else 0


def sample_hands(obs: Any, v: View, rng: Random) -> tuple[tuple[Card, ...], ...]:
    """Hands of every seat (own hand as is) with the unseen cards dealt consistently with the
    voids; the discard of a Dreier declarer takes what is left.  Falls back to ignoring the
    voids when a consistent deal is not found quickly (the engine's rules may differ from the
    strict rules the inference assumes)."""
    n = v.players
    need = [0] * n
    for q in range(n):
        if q != v.seat:
            need[q] = obs.hand_sizes[q] - len(v.known[q])
    pool = list(v.unseen)
    holders = [q for q in range(n) if q != v.seat and need[q] > 0]
    for attempt in range(40):
        rng.shuffle(pool)
        hands: dict[int, list[Card]] = {q: list(v.known[q]) for q in range(n)}
        rest: list[Card] = []
        # Deal most-constrained first: each card to a random holder that may hold it.
        room = {q: need[q] for q in holders}
        ok = True
        for c in pool:
            cands = [q for q in holders if room[q] > 0 and (attempt >= 30 or c.suit not in v.voids[q])]
            if not cands:
                rest.append(c)
                continue
            q = cands[rng.randrange(len(cands))]
            hands[q].append(c)
            room[q] -= 1
        if any(room[q] for q in holders):
            ok = False
        if ok:
            hands[v.seat] = list(v.hand)
            return tuple(tuple(hands[q]) for q in range(n))
    # Last resort: ignore every constraint.
    rng.shuffle(pool)
    out: list[tuple[Card, ...]] = []
    i = 0
    for q in range(n):
        if q == v.seat:
            out.append(tuple(v.hand))
        else:
            out.append(tuple(v.known[q]) + tuple(pool[i:i + need[q]]))
            i += need[q]
    return tuple(out)


def world(obs: Any, v: View, hands: tuple[tuple[Card, ...], ...], legal: Any = ()) -> FamilyState:
    """A full engine state in the PLAY phase matching the observation and the sampled hands."""
    dreier = obs.game_id == "dreierschnapsen"
    shape = DREIER_SHAPE if dreier else BAUERN_SHAPE
    opts = DreierOptions() if dreier else BauernOptions()
    melds = tuple((q, _SUIT_OF[x], p) for q, x, p in obs.melds)
    pending = None
    plays = [m for m in legal if m.kind == "play"]
    if not obs.trick and plays and all(m.kind in ("play", "declare") for m in legal):
        suits = {m.cards[0].suit for m in plays}
        ranks = {m.cards[0].rank for m in plays}
        if len(suits) == 1 and ranks <= {Rank.KING, Rank.QUEEN} and len(plays) < len(v.hand):
            x = next(iter(suits))
            if any(q == v.seat and s is x for q, s, _ in melds):
                pending = x
    used = set(c for h in hands for c in h) | v.played
    discard: tuple[Card, ...] = ()
    if dreier:
        discard = tuple(obs.discard) or tuple(c for c in DECK if c not in used)[:2]
    setup = Setup(shape, opts, obs.dealer, DECK, "cut", (), v.named_trump, obs.turned)
    auction = Auction(high=obs.contract, high_seat=obs.declarer, passed=(True,) * obs.players, calls=obs.calls,
                      contract=obs.contract, declarer=obs.declarer, talon_taken=dreier, discard=discard,
                      multiplier=obs.multiplier)
    s = FamilyState(setup, auction, Phase.PLAY, obs.seat)
    return evolve(s, hands=hands, leader=obs.leader, trick=tuple(c for _, c in obs.trick),
                  trick_seats=tuple(q for q, _ in obs.trick), tricks=tuple(obs.tricks), melds=melds,
                  meld_pending=pending, declared_by=-1)
