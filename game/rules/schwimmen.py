"""Schwimmen / Einunddreißig / 31 for 2-9 players (RULES.md section 5) on the shared protocol.

Deal (W5, n = number of ACTIVE seats, dealt in the direction of play): the i-th seat after the
dealer gets ``deck[3(i-1):3i]``; the dealer's packet A is ``deck[3(n-1):3n]``, packet B
``deck[3n:3n+3]``; the rest is the stock, top first.  The dealer answers ``keep`` or ``reject``;
then 31/Feuer is checked for every hand (Feuer first, W7/W8), then turns: ``swap QH 7S`` (hand
card, middle card), ``swapall``, ``shove``, ``knock``.  Eliminated seats (``active``) get no
cards and are skipped.  ``result(s).points`` are the lives each seat lost in this deal.

Closed game (``closed_game``, EXPERIMENTAL, RULES.md A-W5): no middle and no dealer choice.
Forehand is dealt 3 + 2 cards (the 2 extra are ``deck[3n:3n+2]``).  The seat to move holds its
3 cards plus the 2 passed to it (``pending``) and answers ``pass2 XX YY`` (keep the other three,
pass XX YY face down to the next seat) or ``knock XX YY`` (the same, then knock with the three
kept; needs 20 under ``knock_minimum_20``).  Final-round turns are ``pass2`` only.  When the
deal ends, the two cards in transit are set aside unscored, so only 3-card hands are scored.
There is no shove and so no all-shove rule in the closed game.

W12a: with ``no_passing`` and ``knock_minimum_20`` both on, the 20-point minimum for knocking
applies only to the first 3n turns of the deal (n = active seats); from turn 3n + 1 any hand may
knock, so a deal whose cards can never make 20 still ends.  ``turns`` counts every swap, swap-all,
shove and knock (the packet choice is not a turn); the change is announced once as
``Announced(seat to move, "any_knock")``.

Interpretations: a swap of a card for an identical one (two packs) is no move and is not
offered; ``knocker_loses_ties`` applies to the plain lowest-hand showdown; if several hands show
Feuer straight from the deal, everyone without Feuer loses a life.

Glossary: schieben = shove (pass), klopfen/zumachen = knock, Schnauz = 31, Feuer = three aces,
Mitte = middle, Talon = stock, Vorhand = forehand, schwimmen = playing on with no lives left.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from random import Random
from typing import Any

from game.cards import Card
from game.rules.base import Move, RoundResult, Seat, check_legal
from game.rules.base import parse_move as _parse_move
from game.rules.deal_result import SchwimmenDeal
from game.rules.events import Announced, HandRevealed, MiddleReplaced, RoundOver, Swapped
from game.rules.messages import Reason
from game.rules.options import SchwimmenOptions
from game.rules.schwimmen_showdown import losers_of
from game.rules.schwimmen_state import Phase, SchwimmenObservation, SchwimmenState, SwapRecord, replace
from game.rules.schwimmen_values import HandValue, hand_value, pack

__all__ = ["RULES", "SchwimmenRules", "SchwimmenState", "SchwimmenObservation", "Phase", "SwapRecord", "parse_move", "hand_value"]


def parse_move(text: str) -> Move:
    return _parse_move(text)


def _remove_one(cards: tuple[Card, ...], c: Card) -> tuple[Card, ...]:
    i = cards.index(c)
    return cards[:i] + cards[i + 1 :]


def _canon(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: c.index))


class SchwimmenRules:
    id = "schwimmen"
    min_players = 2
    max_players = 9

    # --- dealing ---------------------------------------------------------------------------

    def new_round(
        self,
        players: int,
        dealer: Seat,
        rng: Random,
        options: Any = None,
        deck: Sequence[Card] | None = None,
        active: Sequence[bool] | None = None,
        lives: Sequence[int] | None = None,
    ) -> SchwimmenState:
        opts: SchwimmenOptions = options if options is not None else SchwimmenOptions()
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"Schwimmen needs 2 to 9 players, got {players}")
        act = tuple(active) if active is not None else (True,) * players
        if len(act) != players or sum(act) < 2:
            raise ValueError("active must name every seat and at least two active seats")
        if not act[dealer]:
            raise ValueError(f"the dealer (seat {dealer}) is eliminated")
        lv = tuple(lives) if lives is not None else (opts.lives,) * players
        step = 1 if opts.direction == "clockwise" else -1
        order = tuple(s for s in ((dealer + step * k) % players for k in range(1, players + 1)) if act[s])
        n = len(order)
        if deck is None:
            cards = list(pack(opts))
            rng.shuffle(cards)
        else:
            cards = list(deck)
        need = 3 * n + 3 if not opts.closed_game else 3 * n + 2
        if len(cards) < need:
            raise ValueError(f"{n} players need at least {need} cards, the deck has {len(cards)}")
        hands: list[tuple[Card, ...]] = [()] * players
        for i, seat in enumerate(order):
            hands[seat] = tuple(cards[3 * i : 3 * i + 3])
        base = dict(
            players=players,
            dealer=dealer,
            options=opts,
            active=act,
            lives=lv,
            order=order,
            turn_i=0,
            middle=(),
            public=((),) * players,
        )
        if opts.closed_game:
            s = SchwimmenState(
                phase=Phase.TURN,
                hands=tuple(hands),
                packet_b=(),
                stock=tuple(cards[3 * n + 2 :]),
                pending=tuple(cards[3 * n : 3 * n + 2]),
                **base,  # type: ignore[arg-type]
            )
            return _check_deal_end(s)
        return SchwimmenState(
            phase=Phase.CHOOSE,
            turn_i=n - 1,
            hands=tuple(hands),
            packet_b=tuple(cards[3 * n : 3 * n + 3]),
            stock=tuple(cards[3 * n + 3 :]),
            **{k: v for k, v in base.items() if k != "turn_i"},  # type: ignore[arg-type]
        )

    # --- queries ---------------------------------------------------------------------------

    def to_move(self, s: SchwimmenState) -> Seat | None:
        return None if s.phase is Phase.OVER else s.order[s.turn_i]

    def is_over(self, s: SchwimmenState) -> bool:
        return s.phase is Phase.OVER

    def legal_moves(self, s: SchwimmenState) -> tuple[Move, ...]:
        if s.phase is Phase.OVER:
            return ()
        if s.phase is Phase.CHOOSE:
            return (Move("keep"), Move("reject"))
        seat = s.order[s.turn_i]
        opts = s.options
        can_knock = s.knocker is None and (not opts.knock_minimum_20 or minimum_lapsed(s))
        if s.options.closed_game:
            five = s.hands[seat] + s.pending
            moves: list[Move] = []
            knocks: list[Move] = []
            seen: set[tuple[Card, ...]] = set()
            for i, j in combinations(range(5), 2):
                given = _canon((five[i], five[j]))
                if given in seen:
                    continue
                seen.add(given)
                moves.append(Move("pass2", given))
                if s.knocker is None:
                    kept = tuple(c for k, c in enumerate(five) if k != i and k != j)
                    if can_knock or hand_value(kept, opts).key2 >= 40:
                        knocks.append(Move("knock", given))
            return tuple(moves + knocks)
        hand = s.hands[seat]
        out: list[Move]
        if opts.deck != "2x32":
            # One pack: all cards differ, so no duplicate swaps exist (and Card hashing is slow).
            out = [Move("swap", (h, m)) for h in hand for m in s.middle]
        else:
            out = []
            pairs: set[tuple[str, str]] = set()
            for h in hand:
                for m in s.middle:
                    key = (str(h), str(m))
                    if key[0] != key[1] and key not in pairs:
                        pairs.add(key)
                        out.append(Move("swap", (h, m)))
        out.append(Move("swapall"))
        if s.knocker is not None or not opts.no_passing:
            out.append(Move("shove"))
        if s.knocker is None and (can_knock or hand_value(hand, opts).key2 >= 40):
            out.append(Move("knock"))
        return tuple(out)

    def explain_illegal(self, s: SchwimmenState, m: Move) -> Reason | None:
        if s.phase is Phase.CHOOSE:
            return Reason("w.packet_first")
        seat = s.order[s.turn_i]
        if m.kind == "knock":
            if s.knocker is not None:
                return Reason("w.knocked")
            return Reason("w.knock_20")
        if m.kind == "shove" and s.options.no_passing:
            return Reason("w.no_shove")
        if m.kind == "swap":
            if len(m.cards) != 2:
                return Reason("w.swap_one")
            if m.cards[0] not in s.hands[seat]:
                return Reason("not_in_hand", card=m.cards[0])
            if m.cards[1] not in s.middle:
                return Reason("w.not_in_middle", card=m.cards[1])
        if m.kind in ("keep", "reject"):
            return Reason("w.packet_dealer")
        return None

    # --- moves -----------------------------------------------------------------------------

    def apply(self, s: SchwimmenState, m: Move) -> tuple[SchwimmenState, tuple[Any, ...]]:
        if s.options.closed_game and m.kind in ("pass2", "knock") and len(m.cards) == 2:
            m = Move(m.kind, _canon(m.cards))
        if not _quick_legal(s, m):
            check_legal(self, s, m)
        if s.phase is Phase.CHOOSE:
            return _apply_choose(s, m)
        s2, ev = _apply_closed(s, m) if s.options.closed_game else _apply_turn(s, m)
        if s2.phase is Phase.TURN and s2.knocker is None and minimum_lapsed(s2) and not minimum_lapsed(s):
            ev += (Announced(s2.order[s2.turn_i], "any_knock"),)  # W12a: said once, when it happens
        return s2, ev

    # --- information -----------------------------------------------------------------------

    def observe(self, s: SchwimmenState, seat: Seat) -> SchwimmenObservation:
        over = s.phase is Phase.OVER
        if over:
            revealed = tuple(h if s.active[i] else () for i, h in enumerate(s.hands))
        else:
            revealed = tuple(h if i in s.revealers else () for i, h in enumerate(s.hands))
        to_move = self.to_move(s)
        return SchwimmenObservation(
            seat=seat,
            players=s.players,
            dealer=s.dealer,
            phase=s.phase.value,
            to_move=to_move,
            active=s.active,
            lives=s.lives,
            hand=s.hands[seat],
            pending=s.pending if to_move == seat else (),
            middle=s.middle,
            stock_size=len(s.stock),
            knocker=s.knocker,
            final_round=s.knocker is not None and not over,
            final_left=s.final_left,
            shoves=s.shoves,
            choice=s.choice,
            swaps=s.swaps,
            set_aside=() if s.options.closed_game else s.discarded,
            known_hands=s.public,
            revealed=revealed,
            ended_by=s.ended_by,
            options=s.options,
        )

    def result(self, s: SchwimmenState) -> RoundResult:
        if s.phase is not Phase.OVER:
            raise ValueError("the deal is not over")
        return _result(s)


# --- phase implementations -------------------------------------------------------------------


def minimum_lapsed(s: SchwimmenState) -> bool:
    """W12a: under ``no_passing`` with ``knock_minimum_20`` the minimum lapses after 3n turns."""
    opts = s.options
    return opts.no_passing and opts.knock_minimum_20 and s.turns >= 3 * len(s.order)


def _quick_legal(s: SchwimmenState, m: Move) -> bool:
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


def _apply_choose(s: SchwimmenState, m: Move) -> tuple[SchwimmenState, tuple[Any, ...]]:
    d = s.dealer
    hands = list(s.hands)
    if m.kind == "keep":
        middle = s.packet_b
    else:
        middle = s.hands[d]
        hands[d] = s.packet_b
    s2 = replace(s, phase=Phase.TURN, turn_i=0, hands=tuple(hands), packet_b=(), middle=middle, choice=m.kind)
    ev: tuple[Any, ...] = (Announced(d, m.kind),)
    s3 = _check_deal_end(s2)
    return s3, ev + _end_events(s3)


def _check_deal_end(s: SchwimmenState) -> SchwimmenState:
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
    ev.append(RoundOver(_result(s)))
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


def _apply_turn(s: SchwimmenState, m: Move) -> tuple[SchwimmenState, tuple[Any, ...]]:
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


def _apply_closed(s: SchwimmenState, m: Move) -> tuple[SchwimmenState, tuple[Any, ...]]:
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


def _result(s: SchwimmenState) -> RoundResult:
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


RULES = SchwimmenRules()
