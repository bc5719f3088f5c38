"""The contract ladder of Bauernschnapsen and Dreierschnapsen as ONE data table (RULES.md B7, D9).

The engines read every contract property from :data:`CONTRACTS`; they never branch on a
contract's name where a field will do (FreeDoko's rule tables, ARCHITECTURE.md style 3).

Roles: who may bid is stored in Bauernschnapsen roles, 0 = P1 (forehand), 1 = P2, 2 = P3
(forehand's partner), 3 = P4 (dealer).  Dreierschnapsen maps its roles F, M, D onto P1, P2, P4
(RULES.md D1): "P1 or P3" becomes F only, "P2 or P4" M or D, "anyone except forehand" M or D.

Glossary: Rufer = the Normal game; Bettler = lose every trick; Schnapser = win the first three
tricks with 66; Gang/Ring = win every trick without trumps; Zehnergang/Zehnerloch = Gang with
10 > K > Q > J > A; Farbengang/Farbenringerl = hold a whole suit; Herrenschnapser = forehand
holds all five trumps; Kontra/Rekontra/Subkontra = doubling x2/x4/x8.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from game.cards import NORMAL_ORDER, SUITS, ZEHNER_ORDER, Card, Rank, Suit


class Goal(Enum):
    """The declarer's win test."""

    NORMAL = "normal"  # a side reaches 66 and declares, or takes the last trick (B15-B16)
    LOSE_ALL = "lose_all"  # declarer personally loses every trick (Bettler)
    FIRST3_66 = "first3_66"  # declarer wins tricks 1-3 with >= 66 incl. own marriages (Schnapser)
    WIN_ALL = "win_all"  # declarer personally wins every trick


class Holding(Enum):
    """What the bidder must hold when bidding (and keep through a Dreier discard)."""

    NONE = "none"
    WHOLE_SUIT = "whole_suit"  # A, 10, K, Q, J of one suit (Farbengang)
    ALL_TRUMPS = "all_trumps"  # all five trumps (Herrenschnapser)


class Melds(Enum):
    """Who may declare marriages in the contract (B14, D11)."""

    NONE = "none"
    BOTH_SIDES = "both_sides"
    DECLARER = "declarer"


@dataclass(frozen=True, slots=True)
class Contract:
    id: str
    name: str
    rank: int  # bidding rank, row order of B7 (not the GP value)
    gp: int  # game points; the Normal game's 1 is its base tier (B16 gives 1-3)
    bidders: frozenset[int]  # Bauern roles (0 = P1 .. 3 = P4) allowed to bid it
    trumps: bool
    declarer_leads: bool  # first lead: declarer (no-trump contracts) or forehand (trump contracts)
    leader_option: bool  # schnapser_leader = "declarer" moves the first lead to the declarer
    partner_plays: bool  # False: the declarer's partner sits out (Bettler)
    melds: Melds
    goal: Goal
    holding: Holding
    zehner: bool  # rank order 10 > K > Q > J > A
    head_wikibooks: bool  # Stichzwang applies under follow_rules = "wikibooks" (B13 table)
    tricks_needed: int | None  # tricks the declarer must win (None: all; 0 for Bettler; 3 Schnapser)
    play_tricks: int | None  # tricks played at most (3 in Schnapser), None = all

    @property
    def order(self) -> dict[Rank, int]:
        return ZEHNER_ORDER if self.zehner else NORMAL_ORDER


_ANY = frozenset({0, 1, 2, 3})
_P1 = frozenset({0})
_P1_P3 = frozenset({0, 2})
_P2_P4 = frozenset({1, 3})
_NOT_P1 = frozenset({1, 2, 3})


def _c(id: str, name: str, rank: int, gp: int, bidders: frozenset[int], trumps: bool, *,
       partner_plays: bool = True, melds: Melds = Melds.NONE, goal: Goal = Goal.WIN_ALL,
       holding: Holding = Holding.NONE, zehner: bool = False, leader_option: bool = False,
       head_wikibooks: bool = True, tricks_needed: int | None = None, play_tricks: int | None = None) -> Contract:
    return Contract(id, name, rank, gp, bidders, trumps, declarer_leads=not trumps, leader_option=leader_option,
                    partner_plays=partner_plays, melds=melds, goal=goal, holding=holding, zehner=zehner,
                    head_wikibooks=head_wikibooks, tricks_needed=tricks_needed, play_tricks=play_tricks)


#: The ten contracts of B7, lowest first.
CONTRACTS: tuple[Contract, ...] = (
    _c("normal", "Normal game", 1, 1, _P1, True, melds=Melds.BOTH_SIDES, goal=Goal.NORMAL, head_wikibooks=False),
    _c("bettler", "Bettler", 2, 4, _ANY, False, partner_plays=False, goal=Goal.LOSE_ALL, head_wikibooks=False,
       tricks_needed=0),
    _c("schnapser", "Schnapser", 3, 6, _P1_P3, True, melds=Melds.DECLARER, goal=Goal.FIRST3_66,
       leader_option=True, tricks_needed=3, play_tricks=3),
    _c("gang", "Gang", 4, 9, _ANY, False),
    _c("zehnergang", "Zehnergang", 5, 10, _ANY, False, zehner=True),
    _c("kontraschnapser", "Kontra-Schnapser", 6, 12, _P2_P4, True, melds=Melds.DECLARER, goal=Goal.FIRST3_66,
       tricks_needed=3, play_tricks=3),
    _c("bauernschnapser", "Bauernschnapser", 7, 12, _P1_P3, True, leader_option=True),
    _c("farbengang", "Farbengang", 8, 18, _NOT_P1, False, holding=Holding.WHOLE_SUIT),
    _c("kontrabauernschnapser", "Kontra-Bauernschnapser", 9, 24, _P2_P4, True),
    _c("herrenschnapser", "Herrenschnapser", 10, 24, _P1, True, holding=Holding.ALL_TRUMPS),
)

BY_ID: dict[str, Contract] = {c.id: c for c in CONTRACTS}
IDS: tuple[str, ...] = tuple(c.id for c in CONTRACTS)

#: Bauernschnapsen role of each Dreierschnapsen role (F, M, D -> P1, P2, P4), RULES.md D1.
DREIER_ROLE_AS_BAUERN: tuple[int, ...] = (0, 1, 3)
BAUERN_ROLES: tuple[int, ...] = (0, 1, 2, 3)


def holds(contract: Contract, hand: Sequence[Card], trump: Suit | None) -> bool:
    """Whether ``hand`` meets the contract's holding requirement (B7, D6)."""
    if contract.holding is Holding.NONE:
        return True
    if contract.holding is Holding.ALL_TRUMPS:
        return trump is not None and sum(1 for c in hand if c.suit is trump) == 5
    return any(sum(1 for c in hand if c.suit is x) == 5 for x in SUITS)


def eligible(contract: Contract, bauern_role: int, hand: Sequence[Card], trump: Suit | None) -> bool:
    """Whether a player in ``bauern_role`` holding ``hand`` may bid ``contract``."""
    return bauern_role in contract.bidders and holds(contract, hand, trump)


def outbids(contract: Contract, priority: int, high: Contract | None, high_priority: int) -> bool:
    """B9: higher in row order, or equal against a bidder of lower priority.

    Priorities: smaller role number = higher priority (P1 > P2 > P3 > P4)."""
    if high is None:
        return True
    return contract.rank > high.rank or (contract.rank == high.rank and priority < high_priority)
