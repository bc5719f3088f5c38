"""Bauern- and Dreierschnapsen agents: beginner, player and expert for every decision.

One agent class serves both games; it dispatches on the observation's phase:

- cut or knock (the cutter): cut; the odds are the same either way;
- trump call: name the strongest suit among the three seen cards, or turn a blind card
  (Aufschlagen) with a weak first packet; the blind position is picked at random (A-B7);
- auction: bid the contract with the best expected game points whose estimated chance
  (``ai.family_eval.chance``) passes the level's courage; the expert measures the chance by
  playing the contract out on sampled deals (``ai.family_search.bid_chance``);
- Dreier discard and raise: keep what the contract needs; discard low losers, never points
  without need (discarded points are lost to everybody);
- Kontra/Rekontra/Subkontra: from the stoppers in the hand against the contract;
- card play: beginner greedy rules, player named heuristics with card counting
  (``ai.family_cardplay``), expert determinized playouts (``ai.family_search``).

Glossary: Abheben = cut; Klopfen = knock; Aufschlagen = trumps from a blind card; Drücken =
discard; Kontra/Rekontra/Subkontra = x2/x4/x8.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from random import Random
from typing import Any

from ai.family_cardplay import PLAYER_PLAY, beginner_play, run, table_facts, teach_play
from ai.family_eval import COURAGE, KONTRA_BELOW, REKONTRA_ABOVE, best_discard, chance, kontra_chance
from ai.family_search import bid_chance, discard_values, play_values, raise_ids
from ai.family_view import pts, view_of
from ai.pimc_search import best_key
from game.cards import NORMAL_ORDER, SUITS, Card, Rank, Suit
from game.rules.base import Move
from game.rules.contracts import BY_ID
from game.rules.messages import Reason

_SUIT_OF = {x.value: x for x in SUITS}
#: the expert's Normal-game discard: how many of the evaluator's best discards are played out,
#: on how many sampled deals (8 x 24 playouts, about 0.3 s)
DISCARD_CANDIDATES = 8
DISCARD_SAMPLES = 24


def _brole(obs: Any, seat: int | None = None) -> int:
    q = obs.seat if seat is None else seat
    role = (q - obs.dealer - 1) % obs.players
    return (0, 1, 3)[role] if obs.players == 3 else role


def _high(obs: Any) -> int:
    """Aces and tens in hand: the cards that take tricks and points."""
    return sum(1 for c in obs.hand if c.rank in (Rank.ACE, Rank.TEN))


def _trumps(obs: Any) -> int:
    """Cards of the named trump suit in hand (0 before a trump is named)."""
    return sum(1 for c in obs.hand if obs.trump and c.suit.value == obs.trump)


def _trump(obs: Any) -> Suit | None:
    return _SUIT_OF[obs.trump] if obs.trump else None


class FamilyAgent:
    """A bot for Bauernschnapsen or Dreierschnapsen; ``level`` picks courage and card play."""

    def __init__(self, level: str, seat: int = 0, samples: int = 24, bid_samples: int = 24,
                 budget_s: float | None = 0.7) -> None:
        self.level = level
        self.seat = seat
        self.samples = samples
        self.bid_samples = bid_samples
        self.budget_s = budget_s

    def choose(self, observation: Any, legal_moves: Sequence[Move], rng: Random) -> Move:
        return self.explain(observation, legal_moves, rng)[0]

    def explain(self, observation: Any, legal_moves: Sequence[Move], rng: Random) -> tuple[Move, Reason]:
        if len(legal_moves) == 1:
            return legal_moves[0], Reason("only_legal")
        phase = observation.phase
        handler = getattr(self, f"_{phase}", None)
        if handler is None:
            return legal_moves[0], Reason("first_legal")
        move, why = handler(observation, legal_moves, rng)
        return move, why

    # -- before play ---------------------------------------------------------------------------
    def _cut(self, obs: Any, legal: Sequence[Move], rng: Random) -> tuple[Move, Reason]:
        cuts = [m for m in legal if m.kind == "cut"]
        if self.level == "expert" or not cuts:
            knock = next((m for m in legal if m.kind == "knock"), legal[0])
            return knock, Reason("f.knock")
        m = cuts[rng.randrange(len(cuts))]
        return m, Reason("f.cut", pos=m.arg)

    def _trump(self, obs: Any, legal: Sequence[Move], rng: Random) -> tuple[Move, Reason]:
        named = [m for m in legal if m.kind == "trump"]
        turns = [m for m in legal if m.kind == "turn"]

        def strength(m: Move) -> float:
            cs = [c for c in obs.hand if c.suit.value == m.arg]
            return len(cs) * 2.0 + sum(NORMAL_ORDER[c.rank] for c in cs) * 0.5

        if named:
            best = max(named, key=lambda m: (strength(m), m.arg or ""))
            cs = [c for c in obs.hand if c.suit.value == best.arg]
            weak = len(cs) == 1 and NORMAL_ORDER[cs[0].rank] <= 3
            if not (weak and turns and self.level != "beginner"):
                return best, Reason("f.name_trump", suitname=best.arg, n=len(cs))
        m = turns[rng.randrange(len(turns))]
        return m, Reason("f.turn")

    def _chance(self, obs: Any, cid: str, rng: Random, deadline: float | None = None) -> float:
        """Chance to make ``cid``: the hand evaluator's, for the expert blended with played-out
        samples unless ``deadline`` (a ``perf_counter`` time) has passed: the time budget is a
        safety net for a slow machine, as in the card-play search."""
        dreier = obs.players == 3
        p = chance(cid, obs.hand, _trump(obs), obs.players, _brole(obs), talon_bonus=dreier)
        late = deadline is not None and time.perf_counter() > deadline
        if self.level == "expert" and BY_ID[cid].goal.value != "normal" and p >= 0.2 and not late:
            if BY_ID[cid].holding.value != "none" and obs.players == 4:
                return p
            sim = bid_chance(obs, cid, rng, self.bid_samples)
            p = 0.75 * sim + 0.25 * p
        return p

    def _bid(self, obs: Any, legal: Sequence[Move], rng: Random) -> tuple[Move, Reason]:
        bids = [m for m in legal if m.kind == "bid"]
        courage = COURAGE[self.level]
        best: tuple[float, Move, float] | None = None
        deadline = None if self.budget_s is None else time.perf_counter() + self.budget_s
        for m in bids:
            cid = m.arg or ""
            row = BY_ID[cid]
            if row.goal.value == "normal":
                continue
            p = self._chance(obs, cid, rng, deadline)
            if p < courage:
                continue
            ev = row.gp * (2 * p - 1)
            if best is None or ev > best[0]:
                best = (ev, m, p)
        if best is not None:
            row = BY_ID[best[1].arg or ""]
            if row.goal.value == "lose_all":
                top = max(obs.hand, key=lambda c: (NORMAL_ORDER[c.rank], c.suit.value))
                return best[1], Reason("f.t.bid_bettler", contract=row.id, pct=best[2], gp=row.gp, card=top)
            return best[1], Reason("f.t.bid", contract=row.id, pct=best[2], gp=row.gp, high=_high(obs),
                                   goal=row.id)
        normal = next((m for m in bids if m.arg == "normal"), None)
        if normal is not None:
            return normal, Reason("f.t.open_normal", high=_high(obs), trumps=_trumps(obs))
        pas = next((m for m in legal if m.kind == "pass"), None)
        if pas is not None:
            return pas, Reason("f.t.pass_bid", high=_high(obs), trumps=_trumps(obs))
        return bids[0], Reason("f.lowest_bid")

    def _discard(self, obs: Any, legal: Sequence[Move], rng: Random) -> tuple[Move, Reason]:
        pairs = [(m.cards[0], m.cards[1]) for m in legal]
        ups = raise_ids(obs.contract, _brole(obs)) if self.level != "beginner" else ()
        if self.level == "beginner":
            # Greedy: throw away the two lowest cards.
            pair = min(pairs, key=lambda p: (pts(p[0]) + pts(p[1]), NORMAL_ORDER[p[0].rank] + NORMAL_ORDER[p[1].rank]))
            why = Reason("f.discard_low")
        else:
            pair, _, target = best_discard(obs.contract, obs.hand, _trump(obs), pairs, _brole(obs), ups)
            why = Reason("f.t.discard", card=pair[0], card2=pair[1], contract=target, points=pts(pair[0]) + pts(pair[1]))
            if self.level == "expert" and target == obs.contract and BY_ID[target].goal.value == "normal":
                pair, why = self._discard_by_play(obs, pairs, rng)
        move = next(m for m in legal if set(m.cards) == set(pair))
        return move, why

    def _discard_by_play(self, obs: Any, pairs: Sequence[tuple[Card, Card]],
                         rng: Random) -> tuple[tuple[Card, Card], Reason]:
        """Expert Normal-game discard: the hand evaluator picks the most promising discards, then
        each is played out on the same sampled deals and the best average result wins (the
        evaluator alone cannot see, for example, which void lets the declarer ruff)."""
        trump = _trump(obs)

        def key(p: tuple[Card, Card]) -> tuple[float, float]:
            ev = best_discard(obs.contract, obs.hand, trump, [p], _brole(obs))[1]
            return (ev, -float(pts(p[0]) + pts(p[1])))

        ranked = sorted(pairs, key=key, reverse=True)[:DISCARD_CANDIDATES]
        values = discard_values(obs, ranked, rng, DISCARD_SAMPLES)
        # Ties go to the evaluator's order (sorted() is stable, max() keeps the first).
        pair = max(ranked, key=lambda p: values[p])
        detail = Reason("d.discard_played", n=len(ranked), used=DISCARD_SAMPLES, value=values[pair])
        return pair, Reason("f.t.discard", card=pair[0], card2=pair[1], contract=obs.contract,
                            points=pts(pair[0]) + pts(pair[1]), detail=detail)

    def _raise(self, obs: Any, legal: Sequence[Move], rng: Random) -> tuple[Move, Reason]:
        stay = next(m for m in legal if m.kind == "stay")
        cur = BY_ID[obs.contract]
        trump = _trump(obs)
        p_cur = chance(cur.id, obs.hand, trump, 3, _brole(obs))
        ev_cur = cur.gp * (2 * p_cur - 1) if cur.goal.value != "normal" else 1.0 * (2 * p_cur - 1)
        best: tuple[float, Move, float] | None = None
        for m in legal:
            if m.kind != "raise":
                continue
            row = BY_ID[m.arg or ""]
            p = chance(row.id, obs.hand, trump, 3, _brole(obs))
            if p < max(COURAGE[self.level], 0.75):
                continue
            ev = row.gp * (2 * p - 1)
            if ev > ev_cur and (best is None or ev > best[0]):
                best = (ev, m, p)
        if best is not None and self.level != "beginner":
            return best[1], Reason("f.raise", contract=best[1].arg, pct=best[2])
        return stay, Reason("f.stay", contract=cur.id)

    def _kontra(self, obs: Any, legal: Sequence[Move], rng: Random) -> tuple[Move, Reason]:
        say = next(m for m in legal if m.kind != "pass")
        pas = next(m for m in legal if m.kind == "pass")
        row = BY_ID[obs.contract]
        trump = _trump(obs)
        if say.kind == "rekontra":
            if obs.seat != obs.declarer:
                return pas, Reason("f.leave_rekontra")
            p = chance(row.id, obs.hand, trump, obs.players, _brole(obs))
            if p > REKONTRA_ABOVE[self.level]:
                return say, Reason("f.rekontra", contract=row.id, pct=p)
            return pas, Reason("f.no_rekontra", contract=row.id, pct=p)
        p = kontra_chance(row.id, obs.hand, trump, obs.players)
        limit = KONTRA_BELOW[self.level] * (0.5 if say.kind == "subkontra" else 1.0)
        if p < limit:
            return say, Reason("f.t.kontra", kontra=say.kind, contract=row.id, pct=p, high=_high(obs),
                              trumps=_trumps(obs))
        return pas, Reason("f.t.no_kontra", kontra=say.kind, contract=row.id, pct=p, high=_high(obs),
                           trumps=_trumps(obs))

    # -- card play -----------------------------------------------------------------------------
    def _play(self, obs: Any, legal: Sequence[Move], rng: Random) -> tuple[Move, Reason]:
        v = view_of(obs)
        if self.level == "beginner":
            return beginner_play(v, legal)
        heur = run(PLAYER_PLAY, v, legal)
        if self.level == "player":
            return heur
        # Forced or obvious moves first: the claim of 66 and marriages need no search.
        if any(m.kind == "declare" for m in legal) and v.scores[v.my_side()] >= 66:
            return heur
        n = max(8, min(self.samples, 96 // max(1, len(legal))))
        values, used = play_values(obs, legal, rng, n, self.budget_s)
        keys = [str(m) for m in legal]
        # Ties go to the heuristic's choice, then to the legal order (deterministic).
        order = [str(heur[0])] + [k for k in keys if k != str(heur[0])]
        k = best_key(values, order, eps=1e-6)
        move = next(m for m in legal if str(m) == k)
        if move == heur[0]:
            why = heur[1] if heur[1].id == "only_legal" else Reason("f.t.with", reason=heur[1], facts=table_facts(v))
            return move, why.with_params(detail=Reason("d.confirmed", used=used))
        return move, teach_play(v, move).with_params(detail=Reason("d.search", used=used, value=values[k]))

    def _claim(self, obs: Any, legal: Sequence[Move], rng: Random) -> tuple[Move, Reason]:
        return run(PLAYER_PLAY, view_of(obs), legal)


def make_family(level: str, seat: int) -> FamilyAgent | None:
    if level not in ("beginner", "player", "expert"):
        return None
    return FamilyAgent(level, seat)
