"""Card play for Bauern- and Dreierschnapsen bots: named heuristics on a :class:`View`.

Each heuristic is a small function ``(view, moves) -> (move, reason) | None`` (the reason a
structured :class:`~game.rules.messages.Reason`); a policy tries
them in order (FreeDoko's named heuristics, cpatrasciuc's HeuristicPlayer).  The player level
uses :data:`PLAYER_PLAY` with full card counting; the beginner uses :func:`beginner_play`, which
looks only at its own hand and the trick on the table.

Roles: in the Normal game both sides race to 66 as teams; in every other contract the declarer
plays for its goal (win every trick, win the first three with 66, or lose every trick), the
declarer's partner must not take a trick from the declarer, and the defenders cooperate to sink
the contract.

Glossary: Schmieren = giving points to a partner's winning trick; Stechen = trumping;
Ausmelden = declaring 66; Zwanziger/Vierziger = marriage of 20/40.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ai.family_view import View, pts
from game.cards import Card, Rank
from game.rules.base import Move
from game.rules.contracts import Goal
from game.rules.messages import Reason
from game.rules.tricks import beats

Choice = tuple[Move, Reason] | None
Heuristic = Callable[[View, Sequence[Move]], Choice]


# -- helpers ---------------------------------------------------------------------------------------
def plays(moves: Sequence[Move]) -> list[Card]:
    return [m.cards[0] for m in moves if m.kind == "play"]


def pm(moves: Sequence[Move], c: Card) -> Move:
    return next(m for m in moves if m.kind == "play" and m.cards[0] == c)


def role(v: View) -> str:
    """'normal', 'declarer', 'partner' (of the declarer) or 'defender'."""
    if v.row.goal is Goal.NORMAL:
        return "normal"
    if v.seat == v.declarer:
        return "declarer"
    return "partner" if v.is_friend(v.declarer) else "defender"


def wins_now(v: View, c: Card) -> bool:
    best = v.trick_best()
    return best is None or beats(c, best[1], v.trump, v.order)


def beatable(v: View, c: Card) -> bool:
    """Whether a card still out could beat ``c`` (played after it in this trick)."""
    o = v.order
    for x in v.out_cards(c.suit):
        if o[x.rank] > o[c.rank]:
            return True
    if v.trump is not None and c.suit is not v.trump:
        # Someone void in the suit could trump it.
        return bool(v.out_cards(v.trump)) and len(v.out_cards(c.suit)) < 3
    return False


def cheap_key(v: View, c: Card) -> tuple[int, int, int]:
    """Smaller = cheaper to give away: plain before trump, few points, low rank."""
    return (1 if c.suit is v.trump else 0, pts(c), v.order[c.rank])


def strong_key(v: View, c: Card) -> tuple[int, int]:
    return (1 if c.suit is v.trump else 0, v.order[c.rank])


def last_to_play(v: View) -> bool:
    return not v.active_seats_after(v.seat)


def friend_holds(v: View) -> bool:
    """A friend is winning the trick and no card still out can take it from them."""
    best = v.trick_best()
    if best is None or not v.is_friend(best[0]):
        return False
    return last_to_play(v) or not beatable(v, best[1])


def _pick(moves: Sequence[Move], c: Card, why: Reason) -> Choice:
    return pm(moves, c), why


# -- announcements during play ---------------------------------------------------------------------
def declare_66(v: View, moves: Sequence[Move]) -> Choice:
    """Normal game: claim as soon as our side has 66 (cards + credited marriages)."""
    decl = next((m for m in moves if m.kind == "declare"), None)
    mine = v.scores[v.my_side()]
    if decl is not None and mine >= 66:
        return decl, Reason("f.declare", points=mine)
    if not plays(moves) and any(m.kind == "pass" for m in moves):
        return next(m for m in moves if m.kind == "pass"), Reason("f.no_declare", points=mine)
    return None


def meld_marriage(v: View, moves: Sequence[Move]) -> Choice:
    """Show a marriage when on lead (trump marriage first): 20 or 40 points for free."""
    melds = [m for m in moves if m.kind == "meld"]
    if role(v) == "declarer":
        # A trick contract: the marriage card led must hold the trick.
        melds = [m for m in melds if _meld_king_holds(v, m)]
    if not melds:
        return None
    best = max(melds, key=lambda m: (v.trump is not None and m.arg == v.trump.value, m.arg or ""))
    worth = 40 if v.trump is not None and best.arg == v.trump.value else 20
    return best, Reason("marriage_for", suit=best.arg, worth=worth)


def _meld_king_holds(v: View, m: Move) -> bool:
    k = next((c for c in v.hand if c.suit.value == m.arg and c.rank is Rank.KING), None)
    if k is None or not v.is_top(k):
        return False
    return v.trump is None or k.suit is v.trump or not v.out_cards(v.trump)


def lead_after_meld(v: View, moves: Sequence[Move]) -> Choice:
    cs = plays(moves)
    if v.trick or not cs or not all(c.rank in (Rank.KING, Rank.QUEEN) for c in cs) or len(cs) > 2:
        return None
    if len({c.suit for c in cs}) != 1 or len(cs) == len(v.hand):
        return None
    c = max(cs, key=lambda x: v.order[x.rank])
    return _pick(moves, c, Reason("f.lead_after_meld", card=c))


# -- Normal game -----------------------------------------------------------------------------------
def smear_partner(v: View, moves: Sequence[Move]) -> Choice:
    """Normal game: a friend holds the trick, so do not overtake; give it points (schmieren)."""
    if role(v) != "normal" or not v.trick or not friend_holds(v):
        return None
    cs = plays(moves)
    losing = [c for c in cs if not wins_now(v, c)]
    if losing:
        c = max(losing, key=lambda x: (x.suit is not v.trump, pts(x), -v.order[x.rank]))
        return _pick(moves, c, Reason("f.smear", card=c))
    c = min(cs, key=lambda x: cheap_key(v, x))
    return _pick(moves, c, Reason("f.head_partner", card=c))


def take_trick(v: View, moves: Sequence[Move]) -> Choice:
    """Normal game: take an opponent's trick when it is worth it and the card holds."""
    if role(v) != "normal" or not v.trick:
        return None
    cs = [c for c in plays(moves) if wins_now(v, c)]
    if not cs:
        return None
    on_table = sum(pts(c) for _, c in v.trick)
    safe = cs if last_to_play(v) else [c for c in cs if not beatable(v, c)]
    if not safe:
        return None
    c = min(safe, key=lambda x: cheap_key(v, x))
    if c.suit is v.trump and on_table < 10 and not last_to_play(v) and v.tricks_done < v.total_tricks - 1:
        return None
    return _pick(moves, c, Reason("f.take", points=on_table, card=c))


def duck(v: View, moves: Sequence[Move]) -> Choice:
    """Cannot or should not win: give away the cheapest card."""
    cs = plays(moves)
    if not v.trick or not cs:
        return None
    losing = [c for c in cs if not wins_now(v, c)] or cs
    c = min(losing, key=lambda x: cheap_key(v, x))
    return _pick(moves, c, Reason("f.duck", card=c))


def lead_top(v: View, moves: Sequence[Move]) -> Choice:
    """Lead a plain card that nobody can beat in its suit (an ace, or a ten after the ace)."""
    if v.trick or role(v) not in ("normal", "defender"):
        return None
    tops = [c for c in plays(moves) if c.suit is not v.trump and v.is_top(c) and v.out_cards(c.suit)]
    if not tops:
        return None
    c = max(tops, key=lambda x: (pts(x), len(v.out_cards(x.suit))))
    return _pick(moves, c, Reason("f.lead_top", card=c))


def pull_trumps(v: View, moves: Sequence[Move]) -> Choice:
    """Normal game: with the top trump and length, draw the opponents' trumps."""
    if v.trick or role(v) != "normal" or v.trump is None:
        return None
    trumps = [c for c in plays(moves) if c.suit is v.trump]
    out = v.out_cards(v.trump)
    if len(trumps) < 2 or not out:
        return None
    top = max(trumps, key=lambda x: v.order[x.rank])
    if not v.is_top(top):
        return None
    return _pick(moves, top, Reason("f.pull_trumps", card=top))


def lead_low(v: View, moves: Sequence[Move]) -> Choice:
    if v.trick:
        return None
    cs = plays(moves)
    if not cs:
        return None
    plain = [c for c in cs if c.suit is not v.trump] or cs
    c = min(plain, key=lambda x: cheap_key(v, x))
    return _pick(moves, c, Reason("f.lead_low", card=c))


# -- trick-count contracts -------------------------------------------------------------------------
def declarer_lead(v: View, moves: Sequence[Move]) -> Choice:
    """Declarer playing for tricks: trumps first while any are out, then sure winners."""
    if v.trick or role(v) != "declarer" or v.row.goal is Goal.LOSE_ALL:
        return None
    cs = plays(moves)
    if v.trump is not None:
        trumps = [c for c in cs if c.suit is v.trump]
        if trumps and v.out_cards(v.trump):
            c = max(trumps, key=lambda x: v.order[x.rank])
            return _pick(moves, c, Reason("f.pull_trumps", card=c))
    tops = [c for c in cs if v.is_top(c)]
    if tops:
        c = max(tops, key=lambda x: (pts(x), v.order[x.rank]))
        return _pick(moves, c, Reason("f.cash", card=c))
    c = max(cs, key=lambda x: (v.order[x.rank], -len(v.out_cards(x.suit))))
    return _pick(moves, c, Reason("f.best_chance", card=c))


def declarer_follow(v: View, moves: Sequence[Move]) -> Choice:
    if not v.trick or role(v) != "declarer" or v.row.goal is Goal.LOSE_ALL:
        return None
    cs = plays(moves)
    win = [c for c in cs if wins_now(v, c)]
    if not win:
        c = min(cs, key=lambda x: cheap_key(v, x))
        return _pick(moves, c, Reason("f.cannot_win", card=c))
    safe = win if last_to_play(v) else [c for c in win if not beatable(v, c)]
    c = min(safe, key=lambda x: cheap_key(v, x)) if safe else max(win, key=lambda x: strong_key(v, x))
    return _pick(moves, c, Reason("f.win", card=c))


def partner_stays_low(v: View, moves: Sequence[Move]) -> Choice:
    """The declarer's partner must not take a trick: play under, lead low."""
    if role(v) != "partner":
        return None
    cs = plays(moves)
    if v.trick:
        losing = [c for c in cs if not wins_now(v, c)]
        if losing:
            c = max(losing, key=lambda x: (x.suit is not v.trump, pts(x)))
            return _pick(moves, c, Reason("f.stay_under", card=c))
        c = min(cs, key=lambda x: (x.suit is v.trump, v.order[x.rank]))
        return _pick(moves, c, Reason("f.forced_lowest", card=c))
    c = min(cs, key=lambda x: (x.suit is v.trump, v.order[x.rank], -len(v.out_cards(x.suit))))
    return _pick(moves, c, Reason("f.lead_low_partner", card=c))


def defender_take(v: View, moves: Sequence[Move]) -> Choice:
    """Defending against a trick contract: one trick by our side sinks it."""
    if role(v) != "defender" or v.row.goal is Goal.LOSE_ALL or not v.trick:
        return None
    cs = plays(moves)
    if friend_holds(v):
        c = min(cs, key=lambda x: cheap_key(v, x))
        return _pick(moves, c, Reason("f.fellow_holds", card=c))
    win = [c for c in cs if wins_now(v, c)]
    if not win:
        return None
    safe = [c for c in win if last_to_play(v) or not beatable(v, c)]
    c = min(safe, key=lambda x: cheap_key(v, x)) if safe else max(win, key=lambda x: strong_key(v, x))
    return _pick(moves, c, Reason("f.sink", contract=v.row.id, card=c))


def bettler_declarer(v: View, moves: Sequence[Move]) -> Choice:
    """Bettler: never win.  Lead the card most cards still out can beat; under a trick, drop
    the highest card that does not win (a card that does not win now never wins later)."""
    if role(v) != "declarer" or v.row.goal is not Goal.LOSE_ALL:
        return None
    cs = plays(moves)
    o = v.order
    if not v.trick:
        def risk(c: Card) -> tuple[int, int]:
            higher = sum(1 for x in v.out_cards(c.suit) if o[x.rank] > o[c.rank])
            return (-higher, o[c.rank])
        c = min(cs, key=risk)
        return _pick(moves, c, Reason("f.bettler_lead", card=c))
    losing = [c for c in cs if not wins_now(v, c)]
    if losing:
        c = max(losing, key=lambda x: (o[x.rank], pts(x)))
        return _pick(moves, c, Reason("f.bettler_drop", card=c))
    c = min(cs, key=lambda x: o[x.rank])
    return _pick(moves, c, Reason("f.bettler_forced", card=c))


def bettler_defender(v: View, moves: Sequence[Move]) -> Choice:
    """Sink a Bettler: lead low where the declarer still has cards; follow low while the
    declarer is to play after us, and stay under the declarer's card otherwise."""
    if role(v) != "defender" or v.row.goal is not Goal.LOSE_ALL:
        return None
    cs = plays(moves)
    o = v.order
    d = v.declarer
    if not v.trick:
        live = [c for c in cs if c.suit not in v.voids[d]] or cs
        c = min(live, key=lambda x: (o[x.rank], -len(v.out_cards(x.suit))))
        return _pick(moves, c, Reason("f.bettler_def_lead", card=c))
    declarer_played = any(q == d for q, _ in v.trick)
    if declarer_played:
        best = v.trick_best()
        if best is not None and best[0] == d:
            losing = [c for c in cs if not wins_now(v, c)]
            if losing:
                c = max(losing, key=lambda x: o[x.rank])
                return _pick(moves, c, Reason("f.bettler_def_leave", card=c))
        c = max(cs, key=lambda x: o[x.rank])
        return _pick(moves, c, Reason("f.bettler_def_high", card=c))
    c = min(cs, key=lambda x: o[x.rank])
    return _pick(moves, c, Reason("f.bettler_def_low", card=c))


def only_move(v: View, moves: Sequence[Move]) -> Choice:
    return (moves[0], Reason("only_legal")) if len(moves) == 1 else None


#: The player's card-play heuristics, tried in order.
PLAYER_PLAY: tuple[Heuristic, ...] = (
    only_move, declare_66, meld_marriage, lead_after_meld, bettler_declarer, bettler_defender,
    partner_stays_low, declarer_lead, declarer_follow, defender_take, smear_partner, take_trick,
    pull_trumps, lead_top, lead_low, duck,
)


def run(hs: Sequence[Heuristic], v: View, moves: Sequence[Move]) -> tuple[Move, Reason]:
    for h in hs:
        r = h(v, moves)
        if r is not None:
            return r
    return moves[0], Reason("no_rule")


def beginner_play(v: View, moves: Sequence[Move]) -> tuple[Move, Reason]:
    """Greedy on the table only: show marriages, claim at 66, win a trick when possible with
    the highest card, otherwise throw the lowest; a Bettler player always plays low."""
    for h in (only_move, declare_66, meld_marriage, lead_after_meld):
        r = h(v, moves)
        if r is not None:
            return r
    cs = plays(moves)
    o = v.order
    if v.row.goal is Goal.LOSE_ALL and v.seat == v.declarer:
        c = min(cs, key=lambda x: o[x.rank])
        return pm(moves, c), Reason("f.b.bettler_low", card=c)
    if not v.trick:
        c = max(cs, key=lambda x: (o[x.rank], pts(x)))
        return pm(moves, c), Reason("f.b.lead_high", card=c)
    win = [c for c in cs if wins_now(v, c)]
    if win and role(v) != "partner":
        c = max(win, key=lambda x: strong_key(v, x))
        return pm(moves, c), Reason("f.win", card=c)
    c = min(cs, key=lambda x: cheap_key(v, x))
    return pm(moves, c), Reason("f.b.cheapest", card=c)


def table_facts(v: View) -> Reason:
    """What the table says about the deal as a clause: both sides' points in the Normal game,
    the contract's goal in every other."""
    if v.row.goal is Goal.NORMAL:
        return Reason("f.t.score", mine=v.scores[v.my_side()], theirs=v.scores[1 - v.my_side()])
    return Reason("f.t.goal", contract=v.row.id, goal=v.row.id)


def teach_play(v: View, move: Move) -> Reason:
    """A card the search chose, explained from what this seat knows: the points on the table,
    the trumps still out and the score of both sides (the Normal game) or the contract's goal."""
    if move.kind == "meld":
        worth = 40 if v.trump is not None and move.arg == v.trump.value else 20
        return Reason("marriage_for", suit=move.arg, worth=worth)
    if move.kind in ("declare", "pass"):
        return Reason("f.declare" if move.kind == "declare" else "f.no_declare", points=v.scores[v.my_side()])
    if move.kind != "play":
        return Reason("only_sensible")
    c = move.cards[0]
    out = len(v.out_cards(v.trump)) if v.trump is not None else 0
    facts = table_facts(v)
    if not v.trick:
        if v.trump is not None and c.suit is v.trump:
            return Reason("f.t.lead_trump", card=c, n=out, facts=facts)
        return Reason("f.t.lead", card=c, n=out, facts=facts)
    on_table = sum(pts(x) for _, x in v.trick)
    if wins_now(v, c):
        return Reason("f.t.take", card=c, points=on_table + pts(c), facts=facts)
    return Reason("f.t.give", card=c, points=pts(c), facts=facts)
