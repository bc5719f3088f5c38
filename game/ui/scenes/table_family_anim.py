"""Animations of the Bauern/Dreier table: the deal by packets, the Aufschlagen card turned up,
the talon to the declarer's hand, the discard face down (hooks of :class:`Presenter`).

``present_steps(presenter, event, obs)`` returns the steps for the events this game animates
itself and ``None`` for the rest (cards played and tricks swept are the presenter's own).  The
presenter re-syncs every zone from the observation after each batch, so these steps only need
to move the right sprites, with the presenter's public toolkit (``take``, ``moves``, ``to_top``,
``restack``, ``reveal``, ``reset_to_stock``); identities of hidden cards are swapped the presenter's way.

Glossary: Abheben = cut; Klopfen = knock; Aufschlagen = trumps from a turned-up blind card;
Talon = Dreierschnapsen's two-card widow.
"""

from __future__ import annotations

from typing import Any

from game.rules import events as ev
from game.ui.presenter import DEAL_STEP, FLY
from game.ui.tween import Call, Parallel, Wait


def family_steps(p: Any, e: Any, obs: Any) -> list[Any] | None:
    human = p.scene.human_seat
    geo = p.geometry
    if isinstance(e, ev.RoundStarted):
        p.reset_to_stock()
        return [Wait(0.1)]
    if isinstance(e, ev.Dealt):
        return _deal(p, e.order, obs)
    if isinstance(e, ev.TrumpSet):
        steps: list[Any] = []
        geo._forehand = e.seat
        _unblind(p, obs)
        if e.turned is not None and e.seat != human:
            c = p.take(f"hand{e.seat}", e.turned)
            p.zones["turned"] = [c]
            steps += [p.to_top([c]), p.moves(["turned", f"hand{e.seat}"], FLY * 1.2)]
        steps.append(p.moves([f"hand{human}", "blind"], FLY))
        return steps
    if isinstance(e, ev.TalonTaken):
        hand = p.zones.setdefault(f"hand{e.seat}", [])
        moved = []
        for c in e.cards:
            moved.append(p.take("talon", c))
            hand.append(moved[-1])
        if e.seat == human:
            p.zones[f"hand{human}"] = p.scene.helper_sort(hand)
        return [p.to_top(moved), p.moves([f"hand{e.seat}"], FLY * 1.2), Wait(0.2)]
    if isinstance(e, ev.Discarded):
        gone = [p.take(f"hand{e.seat}", c) for c in e.cards]
        p.zones.setdefault("discard", []).extend(gone)
        return [p.to_top(gone), p.moves(["discard", f"hand{e.seat}"], FLY * 1.2)]
    if isinstance(e, ev.RoundOver):  # remaining hands turn face up, each fanned in order
        steps = p.reveal()
        return [Call(p.restack), *steps]
    if isinstance(e, ev.MarriageShown):
        if e.seat == human:
            return None  # the presenter lifts the human's pair
        # A bot's marriage: both cards come out of its hand and lie face up before it (the
        # sync keeps them there, zone meld<seat>, until one is played).
        from game.cards import Rank, make

        pair = [make(Rank.KING, e.suit), make(Rank.QUEEN, e.suit)]
        for c in pair:
            p.take(f"hand{e.seat}", c)
        p.zones.setdefault(f"meld{e.seat}", []).extend(pair)
        return [p.to_top(pair), p.moves([f"meld{e.seat}", f"hand{e.seat}"], FLY * 1.3), Wait(0.5)]
    if isinstance(e, (ev.Announced, ev.Declared)):
        return [Wait(0.05)]
    if isinstance(e, ev.CardPlayed) and e.card in p.zones.get("turned", []):
        p.zones["turned"].remove(e.card)  # the turned-up card is played from where it lies
        p.zones.setdefault(f"hand{e.seat}", []).append(e.card)
        return None
    if isinstance(e, ev.CardPlayed):
        zone = f"meld{e.seat}"
        if e.card in p.zones.get(zone, []):
            p.zones[zone].remove(e.card)
            p.zones.setdefault(f"hand{e.seat}", []).append(e.card)
        return None
    return None


def _deal(p: Any, order: tuple[int, ...], obs: Any) -> list[Any]:
    """Packets fly from the stock in the real order; the human's seen cards keep their identity."""
    human = p.scene.human_seat
    geo = p.geometry
    mine = list(obs.hand)
    geo.seen = len(mine)
    geo.blind = obs.blind
    stock = p.zones.setdefault("stock", [])
    steps: list[Any] = [Wait(0.1)]
    k_mine = 0
    i = 0
    while i < len(order):
        seat = order[i]
        j = i
        while j < len(order) and order[j] == seat:
            j += 1
        packet = []
        for _ in range(j - i):
            if seat == human and k_mine < len(mine):
                c = p.take("stock", mine[k_mine])
                zone = f"hand{human}"
            else:
                c = p.take("stock", stock[0]) if stock else None
                zone = "blind" if seat == human else ("talon" if seat < 0 else f"hand{seat}")
            if seat == human:
                k_mine += 1
            if c is None:
                continue
            p.zones.setdefault(zone, []).append(c)
            packet.append((zone, c))
        zones = sorted({z for z, _ in packet})
        steps.append(p.to_top([c for _, c in packet]))
        steps.append(Parallel(p.moves(zones, FLY * 0.8), Wait(DEAL_STEP * 3)))
        i = j
    p.zones[f"hand{human}"] = p.scene.helper_sort(p.zones.get(f"hand{human}", []))
    steps.append(Wait(0.15))
    steps.append(p.moves([f"hand{human}", "blind"], 0.25))
    return steps


def _unblind(p: Any, obs: Any) -> None:
    """Blind cards become seen (after the trump call): give the sprites their real identity."""
    human = p.scene.human_seat
    hand = p.zones.setdefault(f"hand{human}", [])
    for c in obs.hand:
        if c not in hand and p.zones.get("blind"):
            hand.append(p.take("blind", c))
    p.geometry.seen = len(obs.hand)
    p.geometry.blind = obs.blind
    p.zones[f"hand{human}"] = p.scene.helper_sort(hand)
