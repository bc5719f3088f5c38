"""Turns rules events into timelines and keeps the card sprites true to the human's observation.

The presenter keeps a *model* of the table as zones (``hand0``, ``hand1``, ``trick``, ``stock``,
``turnup``, ``pile0``, ``pile1``, ``show1`` ...), each a list of cards.  For every event it
changes the model and appends tweens that move the affected sprites to their new places (deal in
the real order 3 / turn-up / 2, a card flying to the trick, the trick pausing and sweeping to the
winner's pile, both draws, the jack/turn-up swap, the turn-up turned onto the stock when
closing, a marriage shown face up for a moment, hands turned up at the end).

After each batch a final step re-syncs every zone from the human's observation: visible zones
come from it directly, hidden zones keep their count, and face-up is decided by the zone alone,
so a card the human may not know is never drawn face up.  Cards in hidden zones are
interchangeable: when an event names a hidden card (the bot plays it), the presenter swaps the
identity of two face-down sprites, which nobody can see.

The table calls ``controller.tick()`` only while :attr:`idle` is true.

The toolkit a game's helper uses in ``present_steps`` (its own deal, talon, swaps) is public:
``zones`` and ``sprites`` (the model: one :class:`CardSprite` per card), ``take`` (move a card out of a zone, swapping hidden
identities), ``moves`` (tweens bringing zones' cards to their places), ``to_top`` (a step that
lifts cards above the rest), ``restack`` (draw order from the zones), ``reveal`` (hands face up
at the deal's end), ``reset_to_stock`` (all cards face down on the stock) and ``geometry``.
"""

from __future__ import annotations

from typing import Any

from game.rules import events as ev
from game.ui.presenter_view import PresenterView
from game.ui.sprites import CardImages, CardSprite, SpriteLayers
from game.ui.tween import Animator, Call, Parallel, Sequence, Tween, Wait, ease_out_cubic

FLY = 0.32  # a card crossing the table
DEAL_STEP = 0.07  # between two dealt cards
TRICK_PAUSE = 0.8  # a finished trick stays before it is swept
MELD_SHOW = 1.2  # a marriage lies face up this long
SWAP_RISE = 0.22  # the turn-up rising off the table (exchange, close)
SWAP_HOLD = 0.12  # the jack in place before the old turn-up goes to the hand
REVEAL_PAUSE = 1.2  # hands face up at the end before the summary


class Presenter(PresenterView):
    def __init__(self, scene: Any, speed: float = 1.0) -> None:
        self.scene = scene
        self.anim = Animator(speed)
        #: Seconds a finished trick stays (the settings may change it live).
        self.trick_pause = TRICK_PAUSE
        self.reset()

    def reset(self) -> None:
        self.anim.finish_all()
        helper = self.scene.helper
        self.geometry = helper.make_geometry(self.scene.app.size, self.scene.human_seat)
        self.sprites: dict[Any, CardSprite] = {c: CardSprite(c, self.geometry.stock, self.geometry.width_of("stock"))
                                               for c in helper.deck()}
        self.layers = SpriteLayers(self.sprites.values())
        self.zones: dict[str, list[Any]] = {"deck": list(helper.deck())}
        self.trick_seat: dict[Any, int] = {}
        self.revealed = False
        self._z = 0
        self.art = CardImages()

    # --- state ---------------------------------------------------------------------------------

    @property
    def idle(self) -> bool:
        return self.anim.is_idle()

    def update(self, dt: float) -> None:
        self.anim.update(dt)

    def skip(self) -> None:
        self.anim.finish_all()

    def reset_to_stock(self) -> None:
        """Every card face down on the stock, nothing dealt (a game's own deal starts here)."""
        self.anim.finish_all()
        self.revealed = False
        self.trick_seat.clear()
        self.zones = {"stock": list(self.scene.helper.deck())}
        for v in self.sprites.values():
            v.pos, v.angle, v.flip, v.lift = self.geometry.stock, 0.0, 0.0, 0.0
            v.w = float(self.geometry.width_of("stock"))
        self.restack()

    def relayout(self) -> None:
        """The window changed size: new geometry, everything snaps to its place."""
        self.anim.finish_all()
        self.geometry = self.scene.helper.make_geometry(self.scene.app.size, self.scene.human_seat)
        self._settle(instant=True)

    # --- the model -----------------------------------------------------------------------------

    def zone_of(self, card: Any) -> str | None:
        for name, cards in self.zones.items():
            if card in cards:
                return name
        return None

    def take(self, zone: str, card: Any, index: int = -1) -> Any:
        """Remove ``card`` from ``zone``; if the model has it elsewhere (a hidden card we guessed
        wrong), swap identities with a face-down card of ``zone`` first."""
        cards = self.zones.setdefault(zone, [])
        if card not in cards and cards:
            stand_in = cards[index]
            where = self.zone_of(card)
            if where is not None:
                other = self.zones[where]
                other[other.index(card)] = stand_in
                cards[cards.index(stand_in)] = card
                va, vb = self.sprites[card], self.sprites[stand_in]
                va.pos, vb.pos = vb.pos, va.pos
                va.angle, vb.angle = vb.angle, va.angle
                va.flip, vb.flip = vb.flip, va.flip
                va.z, vb.z = vb.z, va.z
        if card in cards:
            cards.remove(card)
        else:
            where = self.zone_of(card)
            if where is not None:
                self.zones[where].remove(card)
        return card

    def face_up(self, zone: str) -> bool:
        # A game's helper may say which of its own zones lie face up (Schwimmen's middle).
        answer = self.scene.helper.face_up(zone)
        if answer is not None:
            return bool(answer)
        human = self.scene.human_seat
        if zone in (f"hand{human}", "trick", "turnup") or zone.startswith("show"):
            return True
        return self.revealed and zone.startswith("hand")

    def _targets(self, zones: list[str] | None = None) -> list[tuple[CardSprite, tuple[float, float], float, float, int]]:
        out = []
        for name in zones or list(self.zones):
            cards = self.zones.get(name, [])
            n = len(cards)
            for i, c in enumerate(cards):
                x, y, a, w = self.geometry.place(name, i, n, self.trick_seat.get(c))
                out.append((self.sprites[c], (x, y), a, 1.0 if self.face_up(name) else 0.0, w))
        return out

    def moves(self, zones: list[str], duration: float = FLY, stagger: float = 0.0) -> Parallel:
        """Tweens that bring every card of ``zones`` to its place."""
        acts = []
        for k, (v, pos, angle, flip, width) in enumerate(self._targets(zones)):
            if v.pos == pos and v.angle == angle and v.flip == flip and v.w == width:
                continue
            delay = k * stagger
            acts.append(Tween(v, "pos", pos, duration, ease_out_cubic, delay))
            acts.append(Tween(v, "angle", angle, duration, ease_out_cubic, delay))
            if v.w != width:
                acts.append(Tween(v, "w", float(width), duration, ease_out_cubic, delay))
            if v.flip != flip:
                acts.append(Tween(v, "flip", flip, duration * 0.8, delay=delay))
        return Parallel(*acts)

    def to_top(self, cards: list[Any]) -> Call:
        def top() -> None:
            for c in cards:
                self._z += 1
                self.sprites[c].z = self._z
        return Call(top)

    # --- events -> timelines -------------------------------------------------------------------

    def present(self, events: list[Any], obs: Any) -> None:
        """Animate a batch of events, then re-sync from ``obs`` (the human's observation)."""
        steps: list[Any] = []
        for e in events:
            steps.extend(self._steps(e, obs))
        steps.append(Call(self.sync, obs))
        self.anim.add(Sequence(*steps))

    def _steps(self, e: Any, obs: Any) -> list[Any]:
        # A game's helper may animate an event itself (its deal, talon, swaps); None = default.
        steps = self.scene.helper.present_steps(self, e, obs)
        if steps is not None:
            return list(steps)
        human = self.scene.human_seat
        if isinstance(e, ev.RoundStarted):
            return self._deal(obs)
        if isinstance(e, ev.CardPlayed):
            c = self.take(f"hand{e.seat}", e.card)
            self.zones.setdefault("trick", []).append(c)
            self.trick_seat[c] = e.seat
            return [self.to_top([c]), self.moves(["trick", f"hand{e.seat}"])]
        if isinstance(e, ev.TrickTaken):
            cards = list(self.zones.get("trick", []))
            self.zones["trick"] = []
            self.zones.setdefault(f"pile{e.seat}", []).extend(cards)
            return [Wait(self.trick_pause), self.to_top(cards), self.moves([f"pile{e.seat}"], FLY * 1.1)]
        if isinstance(e, ev.CardDrawn):
            src = "turnup" if e.from_turnup and self.zones.get("turnup") else "stock"
            c = self.take(src, e.card, -1 if src == "stock" else 0)
            hand = self.zones.setdefault(f"hand{e.seat}", [])
            hand.append(c)
            if e.seat == human:
                self.zones[f"hand{e.seat}"] = self.scene.helper_sort(hand)
            return [self.to_top([c]), self.moves([f"hand{e.seat}"])]
        if isinstance(e, ev.TrumpExchanged):
            return self._exchange(e, human)
        if isinstance(e, ev.TalonClosed):
            return self._close()
        if isinstance(e, ev.MarriageShown):
            return self._meld(e)
        if isinstance(e, ev.RoundOver):
            return self.reveal()
        return []

    def _exchange(self, e: Any, human: int | None) -> list[Any]:
        """The trump exchange, readable as a swap (docs/STYLE.md, motion): the turn-up rises
        off the table, the jack slides into its place, then the turn-up goes to the hand."""
        jack = self.take(f"hand{e.seat}", e.jack)
        old = self.take("turnup", e.turnup)
        self.zones["turnup"] = [jack]
        self.zones[f"hand{e.seat}"].append(old)
        if e.seat == human:
            self.zones[f"hand{e.seat}"] = self.scene.helper_sort(self.zones[f"hand{e.seat}"])
        v = self.sprites[old]
        x, y = v.pos
        rise = Tween(v, "pos", (x, y - self.geometry.ch * 0.45), SWAP_RISE, ease_out_cubic)
        return [self.to_top([jack, old]), rise, self.moves(["turnup"], FLY * 1.1), Wait(SWAP_HOLD),
                self.moves([f"hand{e.seat}"], FLY * 1.1)]

    def _close(self) -> list[Any]:
        """Closing the stock: the turn-up is lifted, turned face down over the stock and laid
        on it, so the close reads as a card turned over (zudrehen)."""
        up = self.zones.get("turnup", [])
        self.zones["turnup"] = []
        self.zones.setdefault("stock", []).extend(up)
        lift = Parallel(*[Tween(self.sprites[c], "lift", 1.0, SWAP_RISE) for c in up])
        down = Parallel(*[Tween(self.sprites[c], "lift", 0.0, SWAP_RISE) for c in up])
        return [self.to_top(up), lift, self.moves(["stock"], FLY * 1.6), down]

    def _deal(self, obs: Any) -> list[Any]:
        helper = self.scene.helper
        self.revealed = False
        self.trick_seat.clear()
        fresh = not obs.tricks and not obs.trick and obs.stock_size == 10 and obs.turnup is not None
        if not fresh:  # a replayed or undone round: no deal animation, just settle
            return [Call(self.sync, obs)]
        human = self.scene.human_seat
        pool = [c for c in helper.deck() if c not in obs.hand and c != obs.turnup]
        dealt: dict[str, list[Any]] = {f"hand{human}": list(obs.hand), "turnup": [obs.turnup]}
        self.zones = {"deck": list(helper.deck())}
        for v in self.sprites.values():
            v.pos, v.angle, v.flip, v.lift = self.geometry.stock, 0.0, 0.0, 0.0
            v.w = float(self.geometry.width_of("stock"))
        steps: list[Any] = [Wait(0.15)]
        for zone, count in helper.deal_plan(obs):
            for _ in range(count):
                src = dealt.get(zone)
                c = src.pop(0) if src else pool.pop(0)
                self.take("deck", c)
                self.zones.setdefault(zone, []).append(c)
                if zone == "stock":
                    continue
                steps.append(self.to_top([c]))
                steps.append(Parallel(self.moves([zone], FLY * 0.8), Wait(DEAL_STEP)))
        self.zones["stock"] = self.zones.get("stock", []) + self.zones.pop("deck", [])
        steps.append(self.moves(["stock"], 0.15))
        steps.append(Wait(0.2))
        self.zones[f"hand{human}"] = helper.hand_order(obs)
        steps.append(self.moves([f"hand{human}"], 0.3))
        return steps

    def _meld(self, e: Any) -> list[Any]:
        from game.cards import Rank, make

        hand_zone = f"hand{e.seat}"
        pair = [make(Rank.KING, e.suit), make(Rank.QUEEN, e.suit)]
        if e.seat == self.scene.human_seat:
            views = [self.sprites[c] for c in pair if c in self.zones.get(hand_zone, [])]
            up = Parallel(*[Tween(v, "lift", 1.0, 0.25) for v in views])
            down = Parallel(*[Tween(v, "lift", 0.0, 0.25) for v in views])
            return [up, Wait(MELD_SHOW * 0.6), down]
        for c in pair:
            self.take(hand_zone, c)
        self.zones["show"] = pair
        show = [self.to_top(pair), self.moves(["show", hand_zone])]
        back: list[Any] = [Wait(MELD_SHOW)]
        self.zones.pop("show")
        self.zones[hand_zone].extend(pair)
        back.append(self._moves_later(hand_zone))
        return show + back

    def _moves_later(self, zone: str) -> Call:
        """Compute the tweens when the step is reached (the zone changed in between)."""
        return Call(lambda: self.anim.add(self.moves([zone])))

    def reveal(self) -> list[Any]:
        hands = self.scene.controller.view.final_hands()
        if hands is None:
            return [Wait(REVEAL_PAUSE)]
        self.revealed = True
        human = self.scene.human_seat
        for seat, cards in enumerate(hands):
            if seat == human:
                continue
            zone = f"hand{seat}"
            for c in cards:
                self.take(zone, c)
            self.zones[zone] = self.scene.helper_sort(list(cards))
        zones = [f"hand{s}" for s in range(len(hands)) if s != human]
        return [self.moves(zones, FLY * 1.2), Wait(REVEAL_PAUSE)]

    def refuse(self, move: Any) -> None:
        """Shake a refused card where it lies."""
        if not getattr(move, "cards", None):
            return
        v = self.sprites.get(move.cards[0])
        if v is None:
            return
        x, y = v.pos
        self.anim.add(Sequence(Tween(v, "pos", (x - 10, y), 0.05), Tween(v, "pos", (x + 10, y), 0.08),
                               Tween(v, "pos", (x, y), 0.05)))

    # --- re-sync from the observation ----------------------------------------------------------

    def sync(self, obs: Any) -> None:
        """Rebuild every zone from the human's observation and move sprites there."""
        helper = self.scene.helper
        zones: dict[str, list[Any]] = {k: list(v) for k, v in helper.visible(obs).items()}
        used = {c for cards in zones.values() for c in cards}
        for c in list(self.trick_seat):
            if c not in zones.get("trick", []):
                del self.trick_seat[c]
        leader = getattr(obs, "trick_leader", None)
        self.trick_seat.update(helper.trick_seats(obs))  # games with more than two seats
        for i, c in enumerate(zones.get("trick", [])):
            if c not in self.trick_seat and leader is not None:
                self.trick_seat[c] = leader if i == 0 else 1 - leader
        piles: dict[str, list[Any]] = {}
        for tr in getattr(obs, "tricks", ()):
            piles.setdefault(f"pile{tr.winner}", []).extend(tr.cards)
        for name, cards in piles.items():
            zones[name] = [c for c in cards if c not in used]
            used.update(zones[name])
        counts = helper.counts(obs)
        hidden = [z for z in counts if z not in zones]
        if self.revealed:
            for z in hidden:
                if z.startswith("hand"):
                    zones[z] = [c for c in self.zones.get(z, []) if c not in used]
                    used.update(zones[z])
        pool = [c for c in helper.deck() if c not in used]
        for z in hidden:
            if z in zones:
                continue
            keep = [c for c in self.zones.get(z, []) if c in pool][: counts[z]]
            for c in keep:
                pool.remove(c)
            zones[z] = keep
        for z in hidden:
            while len(zones[z]) < counts[z] and pool:
                zones[z].append(pool.pop(0))
        if self.revealed:
            for z in hidden:
                if z.startswith("hand"):
                    zones[z] = self.scene.helper_sort(zones[z])
        zones["gone"] = pool  # never used (stock cards after a closing are counted in "stock")
        self.zones = zones
        self._settle()

    def _settle(self, instant: bool = False) -> None:
        targets = self._targets([z for z in self.zones if z != "gone"])
        if instant or self.anim.speed <= 0:
            for v, pos, angle, flip, width in targets:
                v.pos, v.angle, v.flip, v.w = pos, angle, flip, float(width)
        else:
            moves = self.moves([z for z in self.zones if z != "gone"], 0.2)
            if moves.actions:
                self.anim.add(moves)
        self.restack()

    def restack(self) -> None:
        """Draw order: turn-up under the stock, piles, opponent, trick, own hand on top."""
        rank = {"gone": 0, "turnup": 1, "stock": 2, "pile0": 3, "pile1": 3}
        human = self.scene.human_seat
        z = 0
        for name in sorted(self.zones, key=lambda n: rank.get(n, 5 if n != f"hand{human}" else 7)):
            for c in self.zones[name]:
                z += 1
                self.sprites[c].z = z
        self._z = z

    # --- a card dragged by the player ---------------------------------------------------------

    def drag(self, card: Any, pos: tuple[int, int]) -> None:
        v = self.sprites[card]
        self.anim.cancel(v)
        v.pos = (float(pos[0]), float(pos[1]))
        self._z += 1
        v.z = self._z

    def drop(self, card: Any) -> None:
        """A drag ended: the card goes back to its place (unless a move moves it on)."""
        zone = self.zone_of(card)
        if zone is not None:
            self.anim.add(self.moves([zone], 0.15))
