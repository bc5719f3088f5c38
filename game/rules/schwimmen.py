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
from game.rules.events import Announced
from game.rules.messages import Reason
from game.rules.options import SchwimmenOptions
from game.rules.schwimmen_phases import (
    apply_choose,
    apply_closed,
    apply_turn,
    canon,
    check_deal_end,
    minimum_lapsed,
    quick_legal,
    round_result,
)
from game.rules.schwimmen_state import Phase, SchwimmenObservation, SchwimmenState, SwapRecord
from game.rules.schwimmen_values import hand_value, pack

__all__ = ["RULES", "SchwimmenRules", "SchwimmenState", "SchwimmenObservation", "Phase", "SwapRecord", "parse_move", "hand_value"]


def parse_move(text: str) -> Move:
    return _parse_move(text)


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
            return check_deal_end(s)
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
                given = canon((five[i], five[j]))
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
            m = Move(m.kind, canon(m.cards))
        if not quick_legal(s, m):
            check_legal(self, s, m)
        if s.phase is Phase.CHOOSE:
            return apply_choose(s, m)
        s2, ev = apply_closed(s, m) if s.options.closed_game else apply_turn(s, m)
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
        return round_result(s)


RULES = SchwimmenRules()
