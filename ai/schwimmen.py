"""Schwimmen (31) computer opponents: ``make(level, seat)`` for beginner, player and expert.

- beginner: greedy best immediate value; keeps packet A when it is at least average; knocks
  with 26 or more when no swap helps much.
- player: remembers every card it has seen (the middle, the cards others took, the set-aside
  middles) and values a hand by what it is worth now plus what it can still become from the
  unseen cards; does not leave the next seat a gift in the middle; knocks by a threshold that
  depends on its lives and on how many players are left; plays above 20 under the 20-or-less
  option.
- expert: evaluates every move by simulation: it samples the hidden cards, lets the others
  take their greedy turns, and counts how often it would lose a life (``ai.schwimmen_eval``);
  it knocks when knocking now is clearly safer than playing on.

Every decision is a pure function of (observation, legal moves, rng).

Glossary: schieben = shove; klopfen = knock; Schnauz = 31; Feuer = three aces; Mitte = middle;
schwimmen = playing on without lives.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Any

from ai.schwimmen_eval import loss_chance, middle_gift, others_in_order, potential, rollout_loss, unseen, value
from game.cards import Card
from game.rules.base import Move
from game.rules.messages import Reason
from game.rules.schwimmen_values import hand_value

#: The expert knocks when its simulated chance to lose a life is below this share of 1/players.
KNOCK_SHARE = 0.6
#: Simulated deals per expert decision: at most SAMPLES per move and SIMULATIONS for all moves
#: together (a turn has up to 12 moves), fewer with more than four players (a longer playout);
#: about 0.1-0.2 s per decision on this 2-core machine.  Four times the earlier 200 took the
#: expert's match wins at four players from 26.2 % to 31.2 % (600 paired matches, seed 21).
SAMPLES = 160
SIMULATIONS = 800


def _after(hand: Sequence[Card], middle: Sequence[Card], m: Move) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Hand and middle after a swap move (shove and knock leave both as they are)."""
    if m.kind == "swapall":
        return tuple(middle), tuple(hand)
    if m.kind == "swap":
        h, c = m.cards
        nh = list(hand)
        nh[nh.index(h)] = c
        nm = list(middle)
        nm[nm.index(c)] = h
        return tuple(nh), tuple(nm)
    return tuple(hand), tuple(middle)


def _label(m: Move) -> Reason:
    """The move as a clause of a reason ("swap QH for 7S")."""
    if m.kind == "swap":
        return Reason("label.swap", card=m.cards[0], card2=m.cards[1])
    return Reason(f"label.{m.kind}")


def grab_31(o: Any, legal: Sequence[Move]) -> tuple[Move, Reason] | None:
    """31 or Feuer ends the deal at once and cannot lose (Feuer) or lose only to Feuer: take it."""
    for m in legal:
        if m.kind in ("swap", "swapall"):
            v = hand_value(_after(o.hand, o.middle, m)[0], o.options)
            if v.is_31 or v.is_feuer:
                return m, Reason("w.grab", label=_label(m), val="feuer" if v.is_feuer else 31)
    return None


def wind_down(o: Any, legal: Sequence[Move]) -> tuple[Move, Reason] | None:
    """A deal that drags on (many swaps, nobody knocking) could cycle for ever between bots:
    knock when allowed, otherwise swap only for a real gain and shove, so that the all-shove
    rule exhausts the stock."""
    active = max(2, sum(o.active))
    if len(o.swaps) < 8 * active:
        return None
    knock = next((m for m in legal if m.kind == "knock"), None)
    now = value(o.hand, o.options)
    if knock is not None:
        return knock, Reason("w.knock_long", val=now)
    gains = [(value(_after(o.hand, o.middle, m)[0], o.options), str(m), m) for m in legal
             if m.kind in ("swap", "swapall")]
    best = max(gains, default=None)
    if best is not None and best[0] > now:
        return best[2], Reason("w.swap_gain", label=_label(best[2]), val=now, val2=best[0])
    shove = next((m for m in legal if m.kind == "shove"), None)
    if shove is not None:
        return shove, Reason("w.shove_nothing", val=now)
    return None


class SchwimmenAgent:
    def __init__(self, level: str, seat: int = 0, samples: int = SAMPLES) -> None:
        self.level = level
        self.seat = seat
        self.samples = samples

    def choose(self, observation: Any, legal_moves: Sequence[Move], rng: Random) -> Move:
        return self.explain(observation, legal_moves, rng)[0]

    def explain(self, observation: Any, legal_moves: Sequence[Move], rng: Random) -> tuple[Move, Reason]:
        o = observation
        if len(legal_moves) == 1:
            return legal_moves[0], Reason("only_legal")
        kinds = {m.kind for m in legal_moves}
        if "keep" in kinds:
            return self._packet(o, legal_moves, rng)
        if "pass2" in kinds:
            return self._closed(o, legal_moves)
        grab = grab_31(o, legal_moves)
        if grab is not None:
            return grab
        late = wind_down(o, legal_moves)
        if late is not None:
            return late
        if self.level == "expert":
            return self._expert_turn(o, legal_moves, rng)
        return self._turn(o, legal_moves)

    # -- the dealer's packet ----------------------------------------------------------------------
    def _packet(self, o: Any, legal: Sequence[Move], rng: Random) -> tuple[Move, Reason]:
        keep = next(m for m in legal if m.kind == "keep")
        reject = next(m for m in legal if m.kind == "reject")
        v = value(o.hand, o.options)
        if self.level == "beginner":
            need, grow = 17.0, 0.0
        else:
            # An unseen packet is worth about 16; a rejected packet A also feeds the others.
            need, grow = 18.0, 0.5 * potential(o.hand, unseen(o), o.options)
        if v + grow >= need:
            return keep, Reason("w.keep_packet", val=v)
        return reject, Reason("w.reject_packet", val=v)

    # -- closed game (experimental option) --------------------------------------------------------
    def _closed(self, o: Any, legal: Sequence[Move]) -> tuple[Move, Reason]:
        five = list(o.hand) + list(o.pending)

        def kept(m: Move) -> float:
            rest = list(five)
            for c in m.cards:
                rest.remove(c)
            return value(rest, o.options)

        best = max(legal, key=lambda m: (kept(m), m.kind == "knock" and kept(m) >= 26, str(m)))
        knocks = [m for m in legal if m.kind == "knock" and m.cards == best.cards]
        if knocks and kept(best) >= 26:
            return knocks[0], Reason("w.closed_knock", val=kept(best))
        pas = next((m for m in legal if m.kind == "pass2" and m.cards == best.cards), best)
        return pas, Reason("w.closed_pass", val=kept(pas))

    # -- beginner and player turns ----------------------------------------------------------------
    def knock_threshold(self, o: Any) -> float:
        active = sum(o.active)
        t = 26.0 - 0.7 * max(0, active - 3)
        if o.lives[o.seat] == 0:
            t += 1.5  # swimming: a lost showdown ends the match
        return max(22.0, min(29.0, t))

    def _turn(self, o: Any, legal: Sequence[Move], player_like: bool = False) -> tuple[Move, Reason]:
        opts = o.options
        now = value(o.hand, opts)
        final = o.knocker is not None
        counts = self.level == "player" or player_like
        pool = unseen(o) if counts else []
        nxt = others_in_order(o)
        known_next = o.known_hands[nxt[0]] if nxt else ()

        def score(m: Move) -> float:
            h, mid = _after(o.hand, o.middle, m)
            s = value(h, opts)
            if counts and not final:
                s += 0.5 * potential(h, pool, opts) - 1.5 * middle_gift(mid, known_next, opts)
            if opts.twenty_or_less_pays and s > 20:
                s += 4.0  # 20 or less pays: getting above 20 is what matters most
            return s

        moves = [m for m in legal if m.kind in ("swap", "swapall")]
        best = max(moves, key=lambda m: (score(m), str(m))) if moves else None
        best_v = value(_after(o.hand, o.middle, best)[0], opts) if best is not None else now
        knock = next((m for m in legal if m.kind == "knock"), None)
        thr = 26.0 if self.level == "beginner" else 99.0 if player_like else self.knock_threshold(o)
        if knock is not None and now >= thr and best_v < now + 2:
            return knock, Reason("w.knock_good", val=now)
        shove = next((m for m in legal if m.kind == "shove"), None)
        stay = score(shove) if shove is not None else -1.0
        if best is not None and (shove is None or score(best) > stay + 1e-9):
            return best, Reason("w.swap_gain", label=_label(best), val=now, val2=best_v)
        if shove is not None:
            return shove, Reason("w.shove_no_swap", val=now)
        return legal[0], Reason("first_legal")

    # -- expert -----------------------------------------------------------------------------------
    def _expert_turn(self, o: Any, legal: Sequence[Move], rng: Random) -> tuple[Move, Reason]:
        """Every move judged by simulation on the same sampled deals (common random numbers):
        in the final round after a knock by its chance to lose a life at the showdown; before
        that by playing the rest of the deal out with greedy players (knocking included);
        ties go to the player's valuation."""
        opts = o.options
        now = value(o.hand, opts)
        seed = rng.random()  # common random numbers: every move judged on the same deals
        sims = SIMULATIONS * 4 // max(4, sum(o.active))  # a playout's cost grows with the players
        k = max(12, min(self.samples, (sims * 6 // 5) // max(1, len(legal))))
        if o.knocker is not None:
            turns_left = max(0, o.final_left - 1)
            scored: list[tuple[float, float, str, Move]] = []
            for m in legal:
                h, mid = _after(o.hand, o.middle, m)
                p = loss_chance(o, h, mid, Random(seed), k, knocked=True, turns_left=turns_left)
                scored.append((p, -value(h, opts), str(m), m))
            scored.sort(key=lambda x: (x[0], x[1], x[2]))
            p, negv, _, best = scored[0]
            return best, Reason("w.final", label=_label(best), val=-negv, pct=p)
        # Every move judged by playing the rest of the deal out on the same sampled deals;
        # ties go to a knock, then to the player's valuation.
        pick, why = self._turn(o, [m for m in legal if m.kind != "knock"], player_like=True)
        n = max(8, min(self.samples, sims // max(1, len(legal))))
        results = []
        for m in legal:
            h, mid = _after(o.hand, o.middle, m)
            p = rollout_loss(o, h, mid, m.kind == "knock", Random(seed), n)
            # Ties: knocking ends the deal before the others improve; then the player's pick.
            results.append((p, 0 if m.kind == "knock" else 1 if m == pick else 2, str(m), m))
        results.sort(key=lambda x: (x[0], x[1], x[2]))
        p, _, _, best = results[0]
        if best == pick:
            return pick, Reason("w.risk", reason=why, pct=p)
        if best.kind == "knock":
            return best, Reason("w.knock_risk", val=now, pct=p)
        nv = value(_after(o.hand, o.middle, best)[0], opts)
        return best, Reason("w.risk", reason=Reason("w.swap_gain", label=_label(best), val=now, val2=nv), pct=p)


def make(level: str, seat: int = 0) -> SchwimmenAgent | None:
    if level not in ("beginner", "player", "expert"):
        return None
    return SchwimmenAgent(level, seat)
