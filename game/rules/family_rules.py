"""The phase machine shared by Bauernschnapsen and Dreierschnapsen: one dispatch table from
:class:`Phase` to its ``legal_<phase>`` / ``apply_<phase>``, plus observations.

The two games differ only by their :class:`Shape` (players, tricks, deal layouts, talon, teams)
and their option class; ``bauernschnapsen.RULES`` and ``dreierschnapsen.RULES`` are instances of
:class:`FamilyRules`.

Glossary: see family_state (Vorhand, Abheben, Klopfen, Aufschlagen, Talon).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any

from game.cards import Card, Rank, deck20
from game.rules import family_bidding as fb
from game.rules import family_play as fp
from game.rules.base import IllegalMove, Move, RoundResult, Seat
from game.rules.contracts import BY_ID, eligible
from game.rules.family_state import FamilyState, Phase, Shape, TrickRecord, build
from game.rules.messages import Reason
from game.rules.tricks import explain_refusal

_LEGAL: dict[Phase, Callable[[FamilyState], tuple[Move, ...]]] = {
    Phase.CUT: fb.legal_cut,
    Phase.TRUMP: fb.legal_trump,
    Phase.BID: fb.legal_bid,
    Phase.DISCARD: fb.legal_discard,
    Phase.RAISE: fb.legal_raise,
    Phase.KONTRA: fb.legal_kontra,
    Phase.PLAY: fp.legal_play,
    Phase.CLAIM: fp.legal_claim,
    Phase.OVER: lambda s: (),
}
_APPLY: dict[Phase, Callable[[FamilyState, Move], tuple[FamilyState, tuple[Any, ...]]]] = {
    Phase.CUT: fb.apply_cut,
    Phase.TRUMP: fb.apply_trump,
    Phase.BID: fb.apply_bid,
    Phase.DISCARD: fb.apply_discard,
    Phase.RAISE: fb.apply_raise,
    Phase.KONTRA: fb.apply_kontra,
    Phase.PLAY: fp.apply_play,
    Phase.CLAIM: fp.apply_claim,
}


@dataclass(frozen=True, slots=True)
class FamilyObservation:
    """What one seat may know (no other hand, no blind card, no talon, no foreign discard)."""

    game_id: str
    seat: Seat
    players: int
    dealer: Seat
    forehand: Seat
    phase: str
    to_move: Seat | None
    hand: tuple[Card, ...]  # the cards of the hand this seat may look at
    hand_sizes: tuple[int, ...]
    blind: int  # own cards not yet seen (forehand before the trump call; undealt packets)
    trump: str | None
    turned: Card | None  # the Aufschlagen card while still in forehand's hand (seen by all)
    calls: tuple[tuple[Seat, str], ...]  # cut/knock, trump, bids, passes, raise, kontra...
    contract: str | None
    declarer: Seat
    multiplier: int
    sitting_out: Seat | None
    leader: Seat
    trick: tuple[tuple[Seat, Card], ...]
    tricks: tuple[TrickRecord, ...]  # completed tricks: every played card was seen by all
    own_side_won: tuple[Card, ...]
    first_tricks: tuple[TrickRecord, ...]  # each side's first won trick, if first_trick_visible
    talon_size: int
    discard: tuple[Card, ...]  # only the declarer knows it
    melds: tuple[tuple[Seat, str, int], ...]
    shown: tuple[tuple[Card, ...], ...]  # per seat: marriage cards shown and still in hand
    declared_by: Seat


class FamilyRules:
    """Rules object (the ``Rules`` protocol) for one game of the family."""

    def __init__(self, shape: Shape, options_type: type) -> None:
        self.shape = shape
        self.id = shape.game_id
        self.min_players = self.max_players = shape.players
        self.options_type = options_type
        # The last (state, legal moves) pair: a chooser asks legal_moves and then apply checks
        # the same state; states are immutable, so identity makes the cache exact.
        self._last: tuple[FamilyState | None, tuple[Move, ...]] = (None, ())

    def new_round(self, players: int, dealer: Seat, rng: Random, options: Any = None,
                  deck: Sequence[Card] | None = None) -> FamilyState:
        if players != self.shape.players:
            raise ValueError(f"{self.id} is played by {self.shape.players} players, not {players}")
        if deck is None:
            cards = list(deck20())
            rng.shuffle(cards)
            deck = cards
        elif sorted(str(c) for c in deck) != sorted(str(c) for c in deck20()):
            raise ValueError("a stacked deck must be the 20-card Schnapsen pack")
        opts = options if options is not None else self.options_type()
        dealer %= players
        # B3: the seat right of the dealer cuts or knocks.
        return build(self.shape, opts, dealer, Phase.CUT, (dealer - 1) % players, tuple(deck))

    def to_move(self, s: FamilyState) -> Seat | None:
        return None if s.phase is Phase.OVER else s.turn

    def legal_moves(self, s: FamilyState) -> tuple[Move, ...]:
        last = self._last
        if last[0] is s:
            return last[1]
        legal = _LEGAL[s.phase](s)
        self._last = (s, legal)
        return legal

    def apply(self, s: FamilyState, m: Move) -> tuple[FamilyState, tuple[Any, ...]]:
        if s.phase is Phase.OVER:
            raise IllegalMove(Reason("round_over"), m)
        if m.kind == "discard" and s.phase is Phase.DISCARD and len(m.cards) == 2:
            # Either order of the two cards is the same discard.
            legal = self.legal_moves(s)
            match = next((x for x in legal if set(x.cards) == set(m.cards)), None)
            if match is None:
                raise IllegalMove(self.explain_illegal(s, m) or Reason("not_now", move=m), m)
            return _APPLY[s.phase](s, match)
        legal = self.legal_moves(s)
        # Moves taken from legal_moves are the very objects in the tuple: try identity first.
        if not any(x is m for x in legal) and m not in legal:
            raise IllegalMove(self.explain_illegal(s, m) or Reason("not_now", move=m), m)
        return _APPLY[s.phase](s, m)

    def is_over(self, s: FamilyState) -> bool:
        return s.phase is Phase.OVER

    def result(self, s: FamilyState) -> RoundResult:
        if s.result is None:
            raise ValueError("the round is not over")
        return s.result

    def explain_illegal(self, s: FamilyState, m: Move) -> Reason | None:
        """A specific reason for a refused move (shown by the UI)."""
        if s.phase is Phase.PLAY and m.kind == "play" and m.cards:
            if s.meld_pending is not None and not s.trick:
                return Reason("f.lead_marriage")
            row = BY_ID[s.contract or ""]
            return explain_refusal(m.cards[0], s.hands[s.turn], s.trick, s.trump if row.trumps else None,
                                   fp.legal_cards(s))
        if s.phase is Phase.BID and m.kind == "bid" and m.arg in BY_ID:
            row = BY_ID[m.arg]
            brole = s.shape.role_as_bauern[s.role(s.turn)]
            if brole not in row.bidders:
                return Reason("f.bid_seat", contract=row.id)
            if not eligible(row, brole, s.hands[s.turn], s.trump):
                return Reason("f.bid_holding", contract=row.id)
            return Reason("f.bid_low", contract=row.id)
        if s.phase is Phase.BID and m.kind == "pass" and s.high is None:
            return Reason("f.open")
        if s.phase is Phase.DISCARD and m.kind == "discard":
            return Reason("f.discard")
        if m.kind in ("meld", "declare") and s.phase is Phase.PLAY:
            return Reason("f.lead_only", move=m)
        return None

    def observe(self, s: FamilyState, seat: Seat) -> FamilyObservation:
        n = s.shape.players
        hand = s.hands[seat][:s.seen_count(seat)] if s.hands else ()
        # The Aufschlagen card is known to all while it is still in forehand's hand.
        turned = s.turned if s.turned is not None and s.hands and s.turned in s.hands[s.forehand] else None
        my_side = s.side(seat)
        own_won = tuple(c for t in s.tricks if s.side(t.winner) == my_side for c in t.cards)
        firsts: list[TrickRecord] = []
        if s.options.first_trick_visible:
            sides_seen: set[int] = set()
            for t in s.tricks:
                sd = s.side(t.winner)
                if sd not in sides_seen:
                    sides_seen.add(sd)
                    firsts.append(t)
        shown = tuple(tuple(c for c in s.hands[q] if any(m_seat == q and c.suit is suit and c.rank in
                                                          (Rank.KING, Rank.QUEEN) for m_seat, suit, _ in s.melds))
                      if s.hands else () for q in range(n))
        return FamilyObservation(
            game_id=s.shape.game_id, seat=seat, players=n, dealer=s.dealer, forehand=s.forehand,
            phase=s.phase.value, to_move=self.to_move(s), hand=hand,
            hand_sizes=tuple(len(h) for h in s.hands) if s.hands else (0,) * n,
            blind=(len(s.hands[seat]) - len(hand)) if s.hands else 0,
            trump=s.trump.value if s.trump else None, turned=turned, calls=s.calls,
            contract=s.contract, declarer=s.declarer, multiplier=s.multiplier,
            sitting_out=s.sitting_out(), leader=s.leader,
            trick=tuple(zip(s.trick_seats, s.trick, strict=True)), tricks=s.tricks,
            own_side_won=own_won, first_tricks=tuple(firsts), talon_size=len(s.talon),
            discard=s.discard if seat == s.declarer else (),
            melds=tuple((q, x.value, p) for q, x, p in s.melds), shown=shown, declared_by=s.declared_by,
        )
