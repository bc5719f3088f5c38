"""Schwimmen's phases (RULES.md section 5): the dealer's packet choice, the open game's turns,
the closed game's passes, the end of a deal and its result.  ``game.rules.schwimmen`` holds the
rules object that calls them; the module docstring there explains the rules and interpretations."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.cards import Card
from game.rules.base import Move, RoundResult, Seat
from game.rules.deal_result import SchwimmenDeal
from game.rules.events import Announced, HandRevealed, MiddleReplaced, RoundOver, Swapped
from game.rules.schwimmen_showdown import losers_of
from game.rules.schwimmen_state import Phase, SchwimmenState, SwapRecord, replace
from game.rules.schwimmen_values import HandValue, hand_value


def _remove_one(cards: tuple[Card, ...], c: Card) -> tuple[Card, ...]:
    i = cards.index(c)
    return cards[:i] + cards[i + 1 :]


def canon(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: c.index))


# --- phase implementations -------------------------------------------------------------------


def minimum_lapsed(s: SchwimmenState) -> bool:
    """W12a: under ``no_passing`` with ``knock_minimum_20`` the minimum lapses after 3n turns."""
    opts = s.options
    return opts.no_passing and opts.knock_minimum_20 and s.turns >= 3 * len(s.order)


def quick_legal(s: SchwimmenState, m: Move) -> bool:
    """The common open-game moves checked directly (``legal_moves`` would build every move)."""
    if s.phase is not Phase.TURN or s.options.closed_game:
        return False
    k = m.kind
    if k == "swap":
        if len(m.cards) != 2 or m.arg is not None:
            return False
        h, c = m.cards
        return h in s.hands[s.order[s.turn_i]] and c in s.middle and h != c
    if k == "swapall":
        return not m.cards and m.arg is None
    if k == "shove":
        return not m.cards and m.arg is None and (s.knocker is not None or not s.options.no_passing)
    return False


def apply_choose(s: SchwimmenState, m: Move) -> tuple[SchwimmenState, tuple[Any, ...]]:
    d = s.dealer
    hands = list(s.hands)
    if m.kind == "keep":
        middle = s.packet_b
    else:
        middle = s.hands[d]
        hands[d] = s.packet_b
    s2 = replace(s, phase=Phase.TURN, turn_i=0, hands=tuple(hands), packet_b=(), middle=middle, choice=m.kind)
    ev: tuple[Any, ...] = (Announced(d, m.kind),)
    s3 = check_deal_end(s2)
    return s3, ev + _end_events(s3)


def check_deal_end(s: SchwimmenState) -> SchwimmenState:
    """W7/A-W13: 31 or Feuer straight from the deal (Feuer first)."""
    values = {seat: hand_value(s.hands[seat], s.options) for seat in s.order}
    feuer = tuple(seat for seat in s.order if values[seat].is_feuer)
    if feuer:
        return _over(s, "feuer", feuer)
    schnauz = tuple(seat for seat in s.order if values[seat].is_31)
    if schnauz:
        return _over(s, "31", schnauz)
    return s


def _over(s: SchwimmenState, why: str, revealers: tuple[Seat, ...] = ()) -> SchwimmenState:
    # Closed game: cards in transit are set aside unscored.
    return replace(
        s, phase=Phase.OVER, ended_by=why, revealers=revealers, discarded=s.discarded + s.pending, pending=()
    )


def _end_events(s: SchwimmenState) -> tuple[Any, ...]:
    if s.phase is not Phase.OVER:
        return ()
    ev: list[Any] = [HandRevealed(seat, s.hands[seat], hand_value(s.hands[seat], s.options).label) for seat in s.order]
    ev.append(RoundOver(round_result(s)))
    return tuple(ev)


def _advance(s: SchwimmenState, **changes: Any) -> SchwimmenState:
    """End the turn with ``changes``: count down the final round, then pass the turn on."""
    knocker = changes.get("knocker", s.knocker)
    final_left = changes.get("final_left", s.final_left)
    if knocker is not None and knocker != s.order[s.turn_i]:
        final_left -= 1
        if final_left <= 0:
            changes["final_left"] = 0
            return _over(replace(s, **changes), "knock")
    changes["final_left"] = final_left
    changes["turn_i"] = (s.turn_i + 1) % len(s.order)
    changes["turns"] = s.turns + 1
    return replace(s, **changes)


def apply_turn(s: SchwimmenState, m: Move) -> tuple[SchwimmenState, tuple[Any, ...]]:
    seat = s.order[s.turn_i]
    hand = s.hands[seat]
    opts = s.options
    if m.kind == "shove":
        shoves = s.shoves + 1
        ev: tuple[Any, ...] = (Announced(seat, "shove"),)
        if shoves >= len(s.order) and s.knocker is None:
            if opts.all_shove_replaces_middle and len(s.stock) >= 3:
                new = s.stock[:3]
                s2 = _advance(s, middle=new, stock=s.stock[3:], discarded=s.discarded + s.middle, shoves=0)
                return s2, ev + (MiddleReplaced(s.middle, new),)
            s2 = _over(replace(s, shoves=shoves), "shoves")
            return s2, ev + _end_events(s2)
        s2 = _advance(s, shoves=shoves)
        return s2, ev + _end_events(s2)
    if m.kind == "knock":
        s2 = _advance(s, knocker=seat, final_left=len(s.order) - 1, shoves=0)
        return s2, (Announced(seat, "knock"),)
    if m.kind == "swapall":
        given, taken = hand, s.middle
        new_hand, new_middle = taken, given
        new_public = taken
    else:  # swap
        given, taken = (m.cards[0],), (m.cards[1],)
        new_hand = _remove_one(hand, m.cards[0]) + taken
        new_middle = _remove_one(s.middle, m.cards[1]) + given
        pub = s.public[seat]
        if m.cards[0] in pub:
            pub = _remove_one(pub, m.cards[0])
        new_public = pub + taken
    hands = list(s.hands)
    hands[seat] = new_hand
    public = list(s.public)
    public[seat] = new_public
    rec = SwapRecord(seat, given, taken)
    changes = dict(hands=tuple(hands), middle=new_middle, public=tuple(public), swaps=s.swaps + (rec,), shoves=0)
    ev = (Swapped(seat, given, taken),)
    v = hand_value(new_hand, opts)
    if v.is_feuer or v.is_31:
        s2 = _over(replace(s, **changes), "feuer" if v.is_feuer else "31", (seat,))
        return s2, ev + _end_events(s2)
    s2 = _advance(s, **changes)
    return s2, ev + _end_events(s2)


def apply_closed(s: SchwimmenState, m: Move) -> tuple[SchwimmenState, tuple[Any, ...]]:
    seat = s.order[s.turn_i]
    five = list(s.hands[seat] + s.pending)
    for c in m.cards:
        five.remove(c)
    kept = tuple(five)
    hands = list(s.hands)
    hands[seat] = kept
    s1 = replace(s, hands=tuple(hands), pending=m.cards)
    ev: list[Any] = [Announced(seat, "pass")]
    v = hand_value(kept, s.options)
    if v.is_feuer or v.is_31:
        s2 = _over(s1, "feuer" if v.is_feuer else "31", (seat,))
        return s2, tuple(ev) + _end_events(s2)
    if m.kind == "knock":
        ev.append(Announced(seat, "knock"))
        s2 = _advance(s1, knocker=seat, final_left=len(s.order) - 1)
    else:
        s2 = _advance(s1)
    return s2, tuple(ev) + _end_events(s2)


def round_result(s: SchwimmenState) -> RoundResult:
    values: dict[Seat, HandValue] = {seat: hand_value(s.hands[seat], s.options) for seat in s.order}
    losers, reason, rule = losers_of(s.order, values, s.ended_by, s.revealers, s.knocker, s.options)
    points = tuple(1 if seat in losers else 0 for seat in range(s.players))
    details = SchwimmenDeal(
        hands=tuple(" ".join(str(c) for c in s.hands[i]) if s.active[i] else "" for i in range(s.players)),
        values=tuple(values[i].label if i in values else "" for i in range(s.players)),
        keys=tuple(values.get(i) for i in range(s.players)),
        knocker=s.knocker,
        ended_by=s.ended_by,
        revealers=s.revealers,
        losers=tuple(sorted(losers)),
    )
    return RoundResult(points, reason, rule, details)
