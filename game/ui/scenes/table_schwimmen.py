"""What the table shows and accepts for Schwimmen / 31 (2 to 9 players).

- The dealer keeps or rejects packet A (Keep K, Reject R).
- The middle's three cards lie face up in the centre.  Swap one: click a hand card, then a
  middle card (either order), or drag a hand card onto a middle card; keyboard: Left/Right and
  Enter choose the hand card, M cycles the middle card, Enter swaps.
- Swap all (A) and Shove (S) buttons appear only when they are legal.  Knock (K) is offered on
  every turn before anybody has knocked; a knock the rules refuse (e.g. under 20 points) is
  answered with the reason, like any refused move.
- 31 and Feuer end the deal with a banner; after a knock every seat still to play its final
  turn is marked; lives are drawn as matchsticks by each seat, a swimming badge at 0 lives,
  eliminated seats greyed; at the end of a deal all hands lie face up with their values.
- I toggles the active rules overlay.

The closed game (house rule, RULES.md W16/A-W5): the player to move holds five cards (three plus
the two passed on to them); click two of them and press Pass two (G, "give") to pass them face down to
the next player, or Knock (K) to pass them and knock with the three kept.  Two identical cards
of the ``2x32`` pack share one sprite.

Glossary: schieben = shove (pass), klopfen = knock, Schnauz = 31, Feuer = three aces,
Mitte = the middle, schwimmen = playing on with no lives left.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game.cards import Card
from game.rules import events as ev
from game.rules.base import Move
from game.rules.schwimmen_values import TRIPLE_STRENGTH, pack
from game.ui.motion import KNOCK_SECONDS, KnockMark
from game.ui.presenter import DEAL_STEP, FLY
from game.ui.scenes import table_schwimmen_draw as draw
from game.ui.scenes.schwimmen_watch import Watch, watching
from game.ui.scenes.table_family_geometry import GameGeometry
from game.ui.scenes.table_family_text import t
from game.ui.table_protocol import TableHelperBase
from game.ui.text import card_name, deck_style_of
from game.ui.tween import Call, Parallel, Tween, Wait, linear
from game.ui.widgets import Button

SUITS = ("S", "H", "C", "D")


def sticks_text(match: Any, seat: int) -> str:
    """Lives as matchsticks for the score sheet ("|||"), or the swimming / out word."""
    if match.out[seat]:
        return t("term.eliminated")
    if match.lives[seat] == 0:
        return t("term.swimming")
    return "|" * match.lives[seat]


class SchwimmenTable(TableHelperBase):
    """The Schwimmen half of the table scene (a :class:`TableHelper`)."""

    game_id = "schwimmen"

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.obs: Any = None
        self.sel_hand: Card | None = None
        self.sel_middle: Card | None = None
        self.callouts: dict[int, str] = {}
        self.knock: KnockMark | None = None
        self.sel_pass: list[Card] = []  # closed game: the two cards chosen to pass on
        self.show_rules = False
        self._deck = pack(scene.controller.options)
        #: The pace of the bots' deals once the player is out (schwimmen_watch).
        self.watch = Watch()

    def seat_bubble_height(self, h: int) -> int:
        """Height of the bubble drawn under a seat (``table_schwimmen_draw._bubble``), with its gap."""
        return max(12, h // 52) + 8 + 4

    # --- zones ---------------------------------------------------------------------------------

    def name(self, seat: int) -> str:
        return self.scene.seat_name(seat)

    def deck(self) -> tuple[Card, ...]:
        return self._deck

    def make_geometry(self, size: tuple[int, int], human: int) -> GameGeometry:
        return GameGeometry(size, self.scene.controller.players, human, focus="middle")

    def game_sort(self, cards: Sequence[Card], obs: Any) -> list[Card]:
        return sorted(cards, key=lambda c: (SUITS.index(c.suit.value), -TRIPLE_STRENGTH[c.rank]))

    def game_hand_order(self, obs: Any) -> list[Card]:
        return self.sort_cards(tuple(obs.hand) + tuple(obs.pending), obs)

    @staticmethod
    def closed(obs: Any) -> bool:
        return obs is not None and bool(obs.options.closed_game)

    def deal_plan(self, obs: Any) -> list[tuple[str, int]]:
        return []

    def visible(self, obs: Any) -> dict[str, list[Card]]:
        self.obs = obs
        zones: dict[str, list[Card]] = {f"hand{obs.seat}": self.hand_order(obs), "middle": list(obs.middle)}
        for q, cards in enumerate(obs.revealed):
            if cards and q != obs.seat:
                zones[f"hand{q}"] = self.sort_cards(cards, obs)
        if obs.set_aside:
            zones["aside"] = list(obs.set_aside)
        return zones

    def counts(self, obs: Any) -> dict[str, int]:
        out = {f"hand{q}": 3 if obs.active[q] else 0 for q in range(obs.players) if q != obs.seat}
        if self.closed(obs) and obs.to_move is not None and obs.to_move != obs.seat and obs.phase != "over":
            out[f"hand{obs.to_move}"] = 5  # three plus the two passed on to the player to move
        out["stock"] = obs.stock_size
        out["packetb"] = 3 if obs.phase == "choose" else 0
        return out

    def face_up(self, zone: str) -> bool | None:
        if zone in ("middle", "aside"):
            return True
        if zone == "packetb":
            return False
        obs = self.obs
        if obs is not None and zone.startswith("hand") and zone[4:].isdigit():
            q = int(zone[4:])
            if q < len(obs.revealed) and obs.revealed[q]:
                return True
        return None

    # --- animations ----------------------------------------------------------------------------

    def present_steps(self, p: Any, e: Any, obs: Any) -> list[Any] | None:
        self.obs = obs
        human = self.scene.human_seat
        if isinstance(e, ev.RoundStarted):
            self.callouts = {}
            self._select(None, None)
            p.reset_to_stock()
            return self._deal(p, obs)
        if isinstance(e, ev.Announced):
            self.callouts[e.seat] = e.text
            if e.text in ("keep", "reject"):
                return self._choose(p, e, obs)
            if e.text == "knock":  # the knuckle raps beside the seat (game.ui.motion)
                self.knock = KnockMark(e.seat)
                return [Tween(self.knock, "t", 1.0, KNOCK_SECONDS, linear)]
            return [Wait(0.15)]
        if isinstance(e, ev.Swapped):
            hand = p.zones.setdefault(f"hand{e.seat}", [])
            given = [p.take(f"hand{e.seat}", c) for c in e.given]
            taken = [p.take("middle", c) for c in e.taken]
            hand.extend(taken)
            p.zones["middle"] = list(obs.middle) if len(obs.middle) == 3 else p.zones.get("middle", []) + given
            if e.seat == human:
                p.zones[f"hand{e.seat}"] = self.sort_cards(hand, obs)
            self.callouts[e.seat] = "swapall" if len(e.given) == 3 else "swap"
            return [p.to_top(given + taken), p.moves(["middle", f"hand{e.seat}"], FLY * 1.2), Wait(0.15)]
        if isinstance(e, ev.MiddleReplaced):
            old = [p.take("middle", c) for c in e.old]
            p.zones.setdefault("aside", []).extend(old)
            new = [p.take("stock", c) for c in e.new]
            p.zones["middle"] = new
            return [p.moves(["aside"], FLY), p.to_top(new), p.moves(["middle"], FLY * 1.2)]
        if isinstance(e, ev.HandRevealed):
            return []
        if isinstance(e, ev.RoundOver):  # hands turn face up, each fanned in its sorted order
            steps = p.reveal()
            return [Call(p.restack), *steps]
        return None

    def _deal(self, p: Any, obs: Any) -> list[Any]:
        human = self.scene.human_seat
        n = obs.players
        step = 1 if obs.options.direction == "clockwise" else -1
        order = [q for q in ((obs.dealer + step * k) % n for k in range(1, n + 1)) if obs.active[q]]
        stock = p.zones.setdefault("stock", [])
        steps: list[Any] = [Wait(0.1)]
        for q in order + [-1]:
            zone = "packetb" if q < 0 else f"hand{q}"
            cards = []
            for k in range(3):
                if q == human and k < len(obs.hand):
                    c = p.take("stock", obs.hand[k])
                elif stock:
                    c = p.take("stock", stock[0])
                else:
                    continue
                p.zones.setdefault(zone, []).append(c)
                cards.append(c)
            if q < 0 and obs.phase != "choose":
                continue
            steps += [p.to_top(cards), Parallel(p.moves([zone], FLY * 0.8), Wait(DEAL_STEP * 2))]
        if obs.phase != "choose":  # 31 or Feuer straight from the deal: the sync shows it
            p.zones.pop("packetb", None)
        return steps

    def _choose(self, p: Any, e: Any, obs: Any) -> list[Any]:
        d = e.seat
        human = self.scene.human_seat
        hand = p.zones.setdefault(f"hand{d}", [])
        if e.text == "keep":
            p.zones["middle"] = [p.take("packetb", c) for c in obs.middle]
        else:
            p.zones["middle"] = [p.take(f"hand{d}", c) for c in obs.middle]
            rest = list(p.zones.get("packetb", []))
            if d == human:
                rest = [p.take("packetb", c) for c in obs.hand]
            hand.extend(rest)
            p.zones["packetb"] = []
        p.zones.pop("packetb", None)
        if d == human:
            p.zones[f"hand{d}"] = self.sort_cards(hand, obs)
        return [p.to_top(p.zones["middle"]), p.moves(["middle", f"hand{d}"], FLY * 1.2)]

    # --- input ---------------------------------------------------------------------------------

    def _select(self, hand: Card | None, middle: Card | None) -> None:
        presenter = self.scene.presenter
        if presenter is not None:
            for c in {self.sel_hand, self.sel_middle, hand, middle} - {None}:
                presenter.sprites[c].lift = 0.5 if c in (hand, middle) else 0.0
        self.sel_hand, self.sel_middle = hand, middle

    def _swap(self, legal: Sequence[Move], hand: Card, middle: Card) -> Move | None:
        return next((m for m in legal if m.kind == "swap" and m.cards[0] == hand and m.cards[1] == middle), None)

    def _toggle_pass(self, card: Card) -> None:
        """Closed game: choose (or un-choose) a card to pass on; at most two are chosen."""
        chosen = [c for c in self.sel_pass if c != card]
        if len(chosen) == len(self.sel_pass):
            chosen = (chosen + [card])[-2:]
        presenter = self.scene.presenter
        if presenter is not None:
            for c in set(self.sel_pass) | set(chosen):
                if c in presenter.sprites:
                    presenter.sprites[c].lift = 0.5 if c in chosen else 0.0
        self.sel_pass = chosen

    def _closed_move(self, kind: str, legal: Sequence[Move]) -> Move | None:
        """Closed game: the pass2/knock move with the two chosen cards, or a refusal."""
        if len(self.sel_pass) != 2:
            self.scene.status.refuse(t("status.refused", reason=t("swim.refuse.choose_two")))
            return None
        given = tuple(sorted(self.sel_pass, key=lambda c: c.index))
        return next((m for m in legal if m.kind == kind and m.cards == given), Move(kind, given))

    def card_move(self, card: Card, legal: Sequence[Move], obs: Any) -> Move | None:
        if any(m.kind == "pass2" for m in legal):
            self._toggle_pass(card)
            return None
        if not any(m.kind == "swap" for m in legal):
            return None
        if self.sel_middle is not None:
            return self._swap(legal, card, self.sel_middle)
        self._select(None if self.sel_hand == card else card, None)
        return None

    def middle_card_at(self, pos: tuple[int, int]) -> Card | None:
        presenter = self.scene.presenter
        for c in presenter.zones.get("middle", []):
            if presenter.card_rect(c).collidepoint(pos):
                return c
        return None

    def on_press(self, pos: tuple[int, int]) -> bool:
        if self.watch.handle_press(pos, self.scene):
            return True
        legal = self.scene._legal
        c = self.middle_card_at(pos)
        if c is None or not any(m.kind == "swap" for m in legal):
            return False
        if self.sel_hand is not None:
            self.scene.perform(self._swap(legal, self.sel_hand, c))
        else:
            self._select(None, None if self.sel_middle == c else c)
        return True

    def drop_move(self, card: Card, pos: tuple[int, int], legal: Sequence[Move], obs: Any) -> Move | None:
        c = self.middle_card_at(pos)
        return self._swap(legal, card, c) if c is not None else None

    def buttons(self, legal: Sequence[Move], obs: Any) -> list[Button]:
        self.obs = obs
        self._select(None, None)
        self.sel_pass = []
        kinds = {m.kind for m in legal}
        if self._may_try_knock(legal, obs):
            kinds.add("knock")  # shown even when refused: pressing it says why (e.g. under 20)
        spec = [("keep", "swim.btn.keep", pygame.K_k), ("reject", "swim.btn.reject", pygame.K_r),
                ("pass2", "swim.btn.pass2", pygame.K_g),
                ("swapall", "swim.btn.swapall", pygame.K_a), ("shove", "swim.btn.shove", pygame.K_s),
                ("knock", "swim.btn.knock", pygame.K_k)]
        return [Button(kind, t(key), pygame.Rect(0, 0, 0, 0), key=k, default=kind == "keep")
                for kind, key, k in spec if kind in kinds]

    @staticmethod
    def _may_try_knock(legal: Sequence[Move], obs: Any) -> bool:
        """A turn on which knocking is the player's question (nobody has knocked yet)."""
        return bool(legal) and obs is not None and obs.phase == "turn" and obs.knocker is None

    def action_move(self, action: str, legal: Sequence[Move]) -> Move | None:
        if action in ("pass2", "knock") and any(m.kind == "pass2" for m in legal):
            return self._closed_move(action, legal)
        move = next((m for m in legal if m.kind == action), None)
        if move is None and action == "knock" and self._may_try_knock(legal, self.obs):
            return Move("knock")  # refused by the rules, which say why
        return move

    def key_move(self, key: int, legal: Sequence[Move], obs: Any) -> Move | None:
        if self.watch.handle_key(key, self.scene):
            return None
        if key == pygame.K_i:
            self.show_rules = not self.show_rules
            return None
        if key == pygame.K_m and obs is not None and obs.middle and any(m.kind == "swap" for m in legal):
            mid = list(obs.middle)
            i = (mid.index(self.sel_middle) + 1) % len(mid) if self.sel_middle in mid else 0
            self._select(self.sel_hand, mid[i])
            return None
        kind = {pygame.K_a: "swapall", pygame.K_s: "shove", pygame.K_r: "reject", pygame.K_g: "pass2"}.get(key)
        if key == pygame.K_k:
            kind = "keep" if any(m.kind == "keep" for m in legal) else "knock"
        return self.action_move(kind, legal) if kind else None

    def default_move(self, legal: Sequence[Move], obs: Any) -> Move | None:
        if any(m.kind == "pass2" for m in legal):
            return self._closed_move("pass2", legal)
        if self.sel_hand is not None and self.sel_middle is not None:
            return self._swap(legal, self.sel_hand, self.sel_middle)
        return self.action_move("keep", legal)

    # --- status, HUD and hooks -----------------------------------------------------------------

    def describe(self, event: Any, obs: Any) -> str | None:
        if isinstance(event, ev.RoundStarted):
            self.watch.apply(self.scene)  # each deal: the watching pace, or back to normal
            return self._say("deal", obs.dealer, obs)
        if isinstance(event, ev.Announced):
            return self._say(event.text, event.seat, obs)
        if isinstance(event, ev.Swapped):
            if len(event.given) == 3:
                return self._say("swapall", event.seat, obs)
            style = deck_style_of(self.scene)
            return self._say("swap", event.seat, obs, given=card_name(event.given[0], style),
                             taken=card_name(event.taken[0], style))
        if isinstance(event, ev.MiddleReplaced):
            return t("swim.status.new_middle")
        return None

    def _say(self, what: str, seat: int, obs: Any, **kw: Any) -> str:
        # Separate sentences for the human ("You shove", "Du schiebst") so every language conjugates.
        if seat == obs.seat and self.scene.controller.human_seat is not None:
            return t(f"swim.status.you.{what}", **kw)
        return t(f"swim.status.{what}", name=self.name(seat), **kw)

    def draw_hud(self, surface: pygame.Surface, obs: Any, geo: Any, to_move: int | None) -> None:
        draw.draw_hud(self, surface, obs, geo, to_move)
        if self.knock is not None and self.knock.showing:
            from game.ui.motion import draw_knock

            lab = geo.label[self.knock.seat]
            at = (lab.centerx, lab.bottom + geo.ch // 2) if self.knock.seat != geo.human else \
                (lab.centerx, lab.top - geo.ch // 3)
            draw_knock(surface, self.knock, at, max(24, geo.cw // 2))

    def draw_overlay(self, surface: pygame.Surface) -> None:
        draw.draw_banner(self, surface)
        self.watch.draw_strip(surface, self.scene)
        if self.show_rules:
            from game.ui.scenes.newgame import draw_rules_overlay

            draw_rules_overlay(surface, "schwimmen", self.scene.controller.options)

    def help_text(self) -> str:
        if watching(self.scene.controller):
            return t("swim.help.watch")
        return t("swim.help.closed") if self.closed(self.obs) else t("swim.help")

    def match_score_text(self) -> str:
        c = self.scene.controller
        me = c.human_seat if c.human_seat is not None else 0
        return t("swim.score", left=sum(c.match.active), n=c.players, lives=sticks_text(c.match, me))

    def summary_scene(self) -> Any:
        from game.ui.scenes.scoresheets_schwimmen import SchwimmenSummary

        return SchwimmenSummary(self.scene.app, self.scene)

    def settings_applied(self) -> None:
        # a settings change resets the bots' pause and the speed: keep the watching pace
        self.watch.apply(self.scene)


def make_helper(scene: Any) -> SchwimmenTable:
    return SchwimmenTable(scene)
