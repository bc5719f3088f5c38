"""Hand evaluation for Bauern- and Dreierschnapsen: the chance to make each contract.

:func:`chance` estimates, from one hand, the trump and the seat's role, the probability that
the declarer makes a contract.  It counts what a player counts at the table: sure tricks (top
cards in sequence), stoppers the others hold above our cards, length that draws the missing
cards, low cards for a Bettler, high trumps and a marriage for a Schnapser.  Every level uses
it; the levels differ in their courage (:data:`COURAGE`) and the expert refines it by playing
sampled deals out (``ai.family_search``).  :func:`kontra_chance` estimates the same chance from
a defender's hand; :func:`best_discard` chooses the Dreier discard.

Glossary: Stich = trick; Blank = a void suit; Stopper = a card that must take a trick from the
declarer; Drücken = the Dreier discard; Vierziger = the trump marriage.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from ai.family_view import DECK, pts
from game.cards import NORMAL_ORDER, SUITS, Card, Rank, Suit
from game.rules.contracts import BY_ID, Contract, Goal, Holding, holds

#: Minimum estimated chance before a level bids a contract other than the Normal game.
COURAGE = {"beginner": 0.45, "player": 0.6, "expert": 0.68}
#: A defender says Kontra when the declarer's estimated chance is below this.
KONTRA_BELOW = {"beginner": 0.0, "player": 0.22, "expert": 0.25}
#: The declaring side says Rekontra when its chance is above this.
REKONTRA_ABOVE = {"beginner": 1.01, "player": 0.9, "expert": 0.88}


def _suit(hand: Sequence[Card], x: Suit) -> list[Card]:
    return [c for c in hand if c.suit is x]


def _missing_higher(c: Card, hand: Sequence[Card], order: dict[Rank, int]) -> int:
    mine = {h for h in hand}
    return sum(1 for x in DECK if x.suit is c.suit and order[x.rank] > order[c.rank] and x not in mine)


def _missing_lower(c: Card, hand: Sequence[Card], order: dict[Rank, int]) -> int:
    mine = {h for h in hand}
    return sum(1 for x in DECK if x.suit is c.suit and order[x.rank] < order[c.rank] and x not in mine)


def card_holds(c: Card, hand: Sequence[Card], order: dict[Rank, int], players: int) -> float:
    """Chance that ``c`` takes its trick when led or forced through: 1 for a top card, lower
    for every higher card out, better with length (each lead draws the others' cards)."""
    h = _missing_higher(c, hand, order)
    if h == 0:
        return 1.0
    above = sum(1 for x in hand if x.suit is c.suit and order[x.rank] > order[c.rank])
    # Our higher cards led first pull the missing ones when their holders must follow.
    drawn = min(1.0, above / h) if h else 1.0
    base = 0.45 if players == 3 else 0.3
    return max(0.02, (base ** h) * 0.5 + 0.5 * drawn * (0.55 ** h))


def no_trump_all(hand: Sequence[Card], order: dict[Rank, int], players: int) -> float:
    """Gang, Zehnergang, Farbengang: the declarer leads and must take every trick."""
    p = 1.0
    for c in hand:
        p *= card_holds(c, hand, order, players)
    return p


def trump_all(hand: Sequence[Card], trump: Suit, players: int, declarer_leads: bool) -> float:
    """Bauernschnapser family: take every trick with trumps; side cards must be top or ruffed."""
    order = NORMAL_ORDER
    trumps = _suit(hand, trump)
    p = 1.0
    for c in trumps:
        p *= card_holds(c, hand, order, players) ** 0.8
    for c in hand:
        if c.suit is trump:
            continue
        q = card_holds(c, hand, order, players)
        # A side card can be ruffed by a void opponent while trumps are out.
        out_trumps = 5 - len(trumps)
        q *= 0.93 ** max(0, out_trumps - len(trumps))
        p *= q
    if not trumps:
        p *= 0.2
    if not declarer_leads:
        p *= 0.75  # the first lead is an opponent's or the partner's choice
    return p


def schnapser(hand: Sequence[Card], trump: Suit, players: int, leads: bool, role_factor: float) -> float:
    """Win tricks 1-3 personally with 66 from them plus own marriages."""
    order = NORMAL_ORDER
    winners = sorted(hand, key=lambda c: (-card_holds(c, hand, order, players), -(c.suit is trump), -pts(c)))
    best3 = winners[:3]
    p = 1.0
    for c in best3:
        q = card_holds(c, hand, order, players)
        if c.suit is not trump:
            q *= 0.8 if players == 4 else 0.88  # ruffed by a void seat (the partner must trump too)
        p *= q
    meld = 0.0
    for x in SUITS:
        if any(c.suit is x and c.rank is Rank.KING for c in hand) and any(
                c.suit is x and c.rank is Rank.QUEEN for c in hand):
            # The marriage card must then be led and hold the trick: A and 10 must be gone.
            above = sum(1 for c in hand if c.suit is x and c.rank in (Rank.ACE, Rank.TEN))
            worth = (40 if x is trump else 20) * (1.0 if above == 2 else 0.5 if above == 1 and x is trump else 0.0)
            meld = max(meld, worth)
    others = 3 * (10 if players == 4 else 6)  # what the others give in three tricks
    total = sum(pts(c) for c in best3) + others + meld
    if total < 66:
        p *= max(0.05, 1 - (66 - total) / 25)
    if not leads:
        p *= role_factor
    return p


def bettler(hand: Sequence[Card], players: int) -> float:
    """Lose every trick: aces are fatal, every card is safer the more cards out above it and
    the more cards out below it... low cards in long suits are the strength."""
    order = NORMAL_ORDER
    p = 1.0
    for c in hand:
        h = _missing_higher(c, hand, order)
        low = _missing_lower(c, hand, order)
        q = 0.96 if low == 0 else 1 - 0.8 * (0.45 ** h)
        if players == 3:
            q = q ** 1.4  # two full defending hands follow every suit
        p *= q
    return p


def normal_strength(hand: Sequence[Card], trump: Suit | None) -> float:
    """A 0..1 rating of a hand for the Normal game: trumps, aces, tens, marriages."""
    if trump is None:
        return 0.0
    score = 0.0
    for c in hand:
        if c.suit is trump:
            score += 1.0 + NORMAL_ORDER[c.rank] * 0.35
        elif c.rank is Rank.ACE:
            score += 1.0
        elif c.rank is Rank.TEN:
            score += 0.45
    for x in SUITS:
        if any(c.suit is x and c.rank is Rank.KING for c in hand) and any(
                c.suit is x and c.rank is Rank.QUEEN for c in hand):
            score += 1.6 if x is trump else 0.8
    return min(1.0, score / (8.0 if len(hand) <= 5 else 9.0))


def chance(cid: str, hand: Sequence[Card], trump: Suit | None, players: int, bauern_role: int,
           talon_bonus: bool = False) -> float:
    """Estimated chance that a declarer in ``bauern_role`` holding ``hand`` makes ``cid``.

    ``talon_bonus``: a Dreier bidder will still take the talon and discard two, so weak cards
    can be shed; the estimate then uses the best six of the hand plus two low cards."""
    row = BY_ID[cid]
    if row.holding is not Holding.NONE and not holds(row, hand, trump):
        return 0.0
    h = list(hand)
    if talon_bonus and len(h) > 5:
        h = _best_subset(row, h, trump, players, len(h) - 1)
    if row.goal is Goal.NORMAL:
        return 0.35 + 0.5 * normal_strength(h, trump)
    if row.goal is Goal.LOSE_ALL:
        return bettler(h, players)
    if row.goal is Goal.FIRST3_66:
        leads = bauern_role == 0
        return schnapser(h, trump if trump is not None else SUITS[0], players, leads, 0.55 if cid == "kontraschnapser" else 0.75)
    if row.trumps:
        if trump is None:
            return 0.0
        if row.holding is Holding.ALL_TRUMPS:
            rest = [c for c in h if c.suit is not trump]
            return 1.0 if players == 4 else min((card_holds(c, h, NORMAL_ORDER, players) for c in rest), default=1.0)
        return trump_all(h, trump, players, bauern_role == 0)
    if row.holding is Holding.WHOLE_SUIT and players == 4:
        return 1.0
    return no_trump_all(h, row.order, players)


def _best_subset(row: Contract, hand: list[Card], trump: Suit | None, players: int, size: int) -> list[Card]:
    best, best_p = hand[:size], -1.0
    for drop in combinations(range(len(hand)), len(hand) - size):
        sub = [c for i, c in enumerate(hand) if i not in drop]
        p = chance(row.id, sub, trump, players, 0)
        if p > best_p:
            best, best_p = sub, p
    return best


def best_discard(cid: str, hand: Sequence[Card], trump: Suit | None, legal: Sequence[tuple[Card, Card]],
                 bauern_role: int, raises: Sequence[str] = ()) -> tuple[tuple[Card, Card], float, str]:
    """The discard (two cards) that gives the best chance for the contract or a raise; ties go
    to the discard with fewer points (points discarded are lost to everybody).  Returns the
    pair, its chance and the contract it was chosen for."""
    best: tuple[Card, Card] = legal[0]
    best_key: tuple[float, float] = (-9.0, 0.0)
    best_for = cid
    for pair in legal:
        keep = [c for c in hand if c not in pair]
        for target in (cid, *raises):
            p = chance(target, keep, trump, 3, bauern_role)
            gp = BY_ID[target].gp
            ev = gp * (2 * p - 1) if target != cid or BY_ID[cid].goal is not Goal.NORMAL else p
            if BY_ID[target].goal is Goal.NORMAL:
                # Normal game: keep trumps and aces; discard short low plain cards (voids to ruff).
                ev = normal_strength(keep, trump) + _void_bonus(keep, trump)
            key = (round(ev, 4), -sum(pts(c) for c in pair))
            if key > best_key:
                best, best_key, best_for = pair, key, target
    return best, best_key[0], best_for


def _void_bonus(keep: Sequence[Card], trump: Suit | None) -> float:
    if trump is None or not any(c.suit is trump for c in keep):
        return 0.0
    return 0.03 * sum(1 for x in SUITS if x is not trump and not _suit(keep, x))


def kontra_chance(cid: str, hand: Sequence[Card], trump: Suit | None, players: int) -> float:
    """A defender's estimate of the declarer's chance, judged by the stoppers in its own hand."""
    row = BY_ID[cid]
    if row.holding is not Holding.NONE and players == 4:
        return 1.0  # Farbengang / Herrenschnapser cannot be lost with four players
    base = {Goal.NORMAL: 0.5, Goal.LOSE_ALL: 0.7, Goal.FIRST3_66: 0.7, Goal.WIN_ALL: 0.75}[row.goal]
    order = row.order
    if row.goal is Goal.NORMAL:
        return max(0.05, 0.5 - 0.6 * (normal_strength(hand, trump) - 0.35))
    if row.goal is Goal.LOSE_ALL:
        # Low cards let us lead under the declarer's cards; every J/Q is a threat to him.
        lows = sum(1 for c in hand if c.rank in (Rank.JACK, Rank.QUEEN))
        suits = len({c.suit for c in hand if c.rank in (Rank.JACK, Rank.QUEEN)})
        return max(0.05, base - 0.07 * lows - 0.06 * suits)
    stoppers = 0.0
    for c in hand:
        if row.trumps and trump is not None and c.suit is trump:
            stoppers += {5: 0.9, 4: 0.6, 3: 0.35}.get(order[c.rank], 0.15)
        elif not row.trumps:
            length = len(_suit(hand, c.suit))
            top = order[c.rank]
            stoppers += {5: 0.7, 4: 0.35 + 0.1 * length, 3: 0.1 * length}.get(top, 0.0)
        elif c.rank is Rank.ACE:
            stoppers += 0.3
    return max(0.02, base * (0.45 ** stoppers))
