"""State, phases, seat roles and deal layouts shared by Bauernschnapsen and Dreierschnapsen.

One phase machine serves both games (RULES.md sections 3 and 4); what differs is data in a
:class:`Shape`: number of players and tricks, the deal layouts of B4/B5/D3/D4, the talon, and how
roles map onto the contract table's bidder sets.

Seats are absolute (0..n-1, clockwise).  A seat's *role* is its place after the dealer:
role 0 = forehand (P1 / F), role 1 = P2 / M, role 2 = P3 (Dreier: D, the dealer), role 3 = P4
(Bauern dealer).  Smaller role = higher bidding priority.

Glossary: Vorhand = forehand; Abheben = cut; Klopfen = knock (no cut); Aufschlagen = trumps
from a blind card turned face up; Talon = the 2-card widow (Dreier); Kontra/Rekontra/Subkontra.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from game.cards import Card, Suit
from game.rules.base import RoundResult
from game.rules.contracts import BY_ID, Contract

TALON = -1  # packet owner in a layout: the talon, not a seat


class Phase(Enum):
    CUT = "cut"  # seat right of the dealer: cut K or knock
    TRUMP = "trump"  # forehand: trump X or turn N
    BID = "bid"  # auction (B9, D5)
    DISCARD = "discard"  # Dreier: declarer discards two after taking the talon (D6)
    RAISE = "raise"  # Dreier: stay or raise (D7)
    KONTRA = "kontra"  # Kontra / Rekontra / Subkontra questions (B11)
    PLAY = "play"
    CLAIM = "claim"  # claim_after_last_trick: last-trick winner may declare (Normal game)
    OVER = "over"

    # Members are singletons compared by identity; the C-level identity hash keeps the phase
    # dispatch (one dict lookup per move) off Enum's Python-level __hash__.
    __hash__ = object.__hash__


@dataclass(frozen=True, slots=True)
class Shape:
    """What distinguishes the 4-player game from the 3-player one: data, not branches."""

    game_id: str
    players: int
    tricks: int  # tricks per deal when all play
    cut_layout: tuple[tuple[int, int], ...]  # (role or TALON, count) packets in dealing order
    knock_layout: tuple[tuple[int, int], ...]
    role_as_bauern: tuple[int, ...]  # role -> Bauern role for the contract table's bidder sets
    teams: bool  # Bauern: fixed partnerships P1+P3 / P2+P4; Dreier: declarer against the rest
    has_talon: bool

    def blind_count(self) -> int:
        return sum(n for r, n in self.cut_layout if r == 0) - 3


@dataclass(frozen=True, slots=True)
class TrickRecord:
    winner: int
    seats: tuple[int, ...]
    cards: tuple[Card, ...]
    points: int


@dataclass(frozen=True, slots=True)
class Setup:
    """What is fixed once the cards are dealt and trumps named (rarely copied)."""

    shape: Shape
    options: Any
    dealer: int
    deck: tuple[Card, ...]  # the pack before the cut (index 0 on top)
    mode: str = ""  # "cut" or "knock" once chosen
    talon: tuple[Card, ...] = ()
    trump: Suit | None = None
    turned: Card | None = None  # the Aufschlagen card, face up while in forehand's hand


@dataclass(frozen=True, slots=True)
class Auction:
    """Bidding, exchange and Kontra: settled before the first card is played."""

    high: str | None = None  # contract id of the current high bid
    high_seat: int = -1
    passed: tuple[bool, ...] = ()
    calls: tuple[tuple[int, str], ...] = ()  # every spoken decision, in order: (seat, move text)
    contract: str | None = None
    declarer: int = -1
    talon_taken: bool = False
    discard: tuple[Card, ...] = ()
    multiplier: int = 1
    asks: tuple[int, ...] = ()  # seats still to be asked in the current Kontra stage


@dataclass(frozen=True, slots=True)
class FamilyState:
    """One deal.  Setup and auction fields live in two sub-records (so the per-card copy stays
    small) and are read through the properties below; :func:`evolve` writes any of them."""

    setup: Setup
    auction: Auction
    phase: Phase
    turn: int  # seat to move; -1 when over
    hands: tuple[tuple[Card, ...], ...] = ()
    leader: int = -1
    trick: tuple[Card, ...] = ()
    trick_seats: tuple[int, ...] = ()
    tricks: tuple[TrickRecord, ...] = ()
    melds: tuple[tuple[int, Suit, int], ...] = ()  # (seat, suit, points)
    meld_pending: Suit | None = None  # a marriage just shown: lead K/Q of it or declare
    declared_by: int = -1
    result: RoundResult | None = None

    # -- read access to the sub-records ----------------------------------------------------------
    @property
    def shape(self) -> Shape:
        return self.setup.shape

    @property
    def options(self) -> Any:
        return self.setup.options

    @property
    def dealer(self) -> int:
        return self.setup.dealer

    @property
    def deck(self) -> tuple[Card, ...]:
        return self.setup.deck

    @property
    def mode(self) -> str:
        return self.setup.mode

    @property
    def talon(self) -> tuple[Card, ...]:
        return self.setup.talon

    @property
    def trump(self) -> Suit | None:
        return self.setup.trump

    @property
    def turned(self) -> Card | None:
        return self.setup.turned

    @property
    def high(self) -> str | None:
        return self.auction.high

    @property
    def high_seat(self) -> int:
        return self.auction.high_seat

    @property
    def passed(self) -> tuple[bool, ...]:
        return self.auction.passed

    @property
    def calls(self) -> tuple[tuple[int, str], ...]:
        return self.auction.calls

    @property
    def contract(self) -> str | None:
        return self.auction.contract

    @property
    def declarer(self) -> int:
        return self.auction.declarer

    @property
    def talon_taken(self) -> bool:
        return self.auction.talon_taken

    @property
    def discard(self) -> tuple[Card, ...]:
        return self.auction.discard

    @property
    def multiplier(self) -> int:
        return self.auction.multiplier

    @property
    def asks(self) -> tuple[int, ...]:
        return self.auction.asks

    # -- roles ------------------------------------------------------------------------------
    def role(self, seat: int) -> int:
        return (seat - self.dealer - 1) % self.shape.players

    def seat_of(self, role: int) -> int:
        return (self.dealer + 1 + role) % self.shape.players

    @property
    def forehand(self) -> int:
        return (self.dealer + 1) % self.shape.players

    @property
    def cutter(self) -> int:
        """The seat right of the dealer (B3)."""
        return (self.dealer - 1) % self.shape.players

    @property
    def contract_row(self) -> Contract | None:
        return BY_ID[self.contract] if self.contract else None

    def side(self, seat: int) -> int:
        """Side of a seat: Bauern team A (P1+P3) = 0, team B = 1; Dreier declarer = 0, defenders 1."""
        if self.shape.teams:
            return self.role(seat) % 2
        return 0 if seat == self.declarer else 1

    def partner(self, seat: int) -> int | None:
        return (seat + 2) % 4 if self.shape.teams else None

    def sitting_out(self) -> int | None:
        """The declarer's partner in a contract the partner does not play (Bettler, B13)."""
        row = self.contract_row
        if row is None or row.partner_plays or self.phase in (Phase.BID, Phase.CUT, Phase.TRUMP):
            return None
        return self.partner(self.declarer)

    def next_active(self, seat: int) -> int:
        n = self.shape.players
        out = self.sitting_out()
        nxt = (seat + 1) % n
        if nxt == out:
            nxt = (nxt + 1) % n
        return nxt

    def active_count(self) -> int:
        return self.shape.players - (1 if self.sitting_out() is not None else 0)

    def seen_count(self, seat: int) -> int:
        """How many of ``seat``'s hand cards the seat may look at (all but blind/undealt ones)."""
        if self.phase is not Phase.TRUMP:
            return len(self.hands[seat])
        if self.mode == "cut" or seat == self.forehand:
            return 3
        return len(self.hands[seat])


def deal(shape: Shape, deck: tuple[Card, ...], mode: str, dealer: int) -> tuple[tuple[tuple[Card, ...], ...],
                                                                               tuple[Card, ...], tuple[int, ...]]:
    """Deal ``deck`` (already cut) by the layout of ``mode``: hands per seat, talon, and the seat
    (or -1 for the talon) each dealt card went to, in dealing order."""
    n = shape.players
    hands: list[list[Card]] = [[] for _ in range(n)]
    talon: list[Card] = []
    order: list[int] = []
    i = 0
    for role, count in (shape.cut_layout if mode == "cut" else shape.knock_layout):
        seat = TALON if role == TALON else (dealer + 1 + role) % n
        for c in deck[i:i + count]:
            (talon if seat == TALON else hands[seat]).append(c)
            order.append(seat)
        i += count
    return tuple(tuple(h) for h in hands), tuple(talon), tuple(order)


BAUERN_SHAPE = Shape(
    game_id="bauernschnapsen", players=4, tricks=5,
    cut_layout=((0, 3), (1, 3), (2, 3), (3, 3), (0, 2), (1, 2), (2, 2), (3, 2)),
    knock_layout=((0, 5), (1, 5), (2, 5), (3, 5)),
    role_as_bauern=(0, 1, 2, 3), teams=True, has_talon=False,
)

DREIER_SHAPE = Shape(
    game_id="dreierschnapsen", players=3, tricks=6,
    cut_layout=((0, 3), (1, 3), (2, 3), (TALON, 2), (0, 3), (1, 3), (2, 3)),
    knock_layout=((0, 6), (1, 6), (2, 6), (TALON, 2)),
    role_as_bauern=(0, 1, 3), teams=False, has_talon=True,
)


def _make_evolve() -> Any:
    """Build ``evolve(s, **changes)``: ``dataclasses.replace`` for FamilyState, several times faster.

    Random playouts and bot search copy states on every move; ``replace`` goes through
    ``fields()`` and ``__init__``.  This generated straight-line copy sets each slot once and
    accepts the names of the Setup and Auction fields too, rebuilding a sub-record only when
    one of its fields changes.  The result is a new frozen value; the input is never touched."""
    from dataclasses import fields

    top = [f.name for f in fields(FamilyState) if f.name not in ("setup", "auction")]
    subs = {"setup": [f.name for f in fields(Setup)], "auction": [f.name for f in fields(Auction)]}
    names = top + subs["setup"] + subs["auction"]
    lines = [f"def evolve(s, *, {', '.join(f'{nm}=_M' for nm in names)}):", "    n = _new(_cls)"]
    for sub, cls in (("setup", "_Setup"), ("auction", "_Auction")):
        own = subs[sub]
        lines.append(f"    {sub} = s.{sub}")
        lines.append(f"    if {' or '.join(f'{nm} is not _M' for nm in own)}:")
        args = ", ".join(f"{sub}.{nm} if {nm} is _M else {nm}" for nm in own)
        lines.append(f"        {sub} = {cls}({args})")
        lines.append(f"    _set(n, {sub!r}, {sub})")
    lines += [f"    _set(n, {nm!r}, s.{nm} if {nm} is _M else {nm})" for nm in top]
    lines += ["    return n"]
    ns: dict[str, Any] = {"_new": object.__new__, "_set": object.__setattr__, "_cls": FamilyState,
                          "_Setup": Setup, "_Auction": Auction, "_M": object()}
    exec("\n".join(lines), ns)  # noqa: S102 - generated from our own field names only
    return ns["evolve"]


evolve: Any = _make_evolve()


def build(shape: Shape, options: Any, dealer: int, phase: Phase, turn: int, deck: tuple[Card, ...],
          **changes: Any) -> FamilyState:
    """A new state; ``changes`` may name any field, including those of Setup and Auction."""
    s = FamilyState(Setup(shape, options, dealer, deck), Auction(), phase, turn)
    return evolve(s, **changes) if changes else s
