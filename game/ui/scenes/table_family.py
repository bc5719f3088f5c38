"""What the table shows and accepts for Bauernschnapsen (4 players) and Dreierschnapsen (3).

One helper serves both games (they share the engine's phase machine).  Per phase:

- cut: three cut depths (5, 10, 15) and Knock (C cuts at 10, K knocks);
- trump: a button per legal suit and one per blind position for Aufschlagen (S/H/D/C, T);
- bid: the bidding panel (:mod:`game.ui.bidding`), only legal bids enabled (Up/Down, Enter, N);
- discard (Dreier): click two hand cards, then Discard (Enter);
- raise (Dreier): Stay or raise to a higher contract (Enter stays);
- kontra: Kontra / Rekontra / Subkontra or No (K, N);
- play: click or drag a card (1-9), meld buttons (M) and the Normal game's declaration (D).

I toggles the active rules overlay.  The HUD (contract, declarer, trump, multiplier badge, seat
labels with callouts) is drawn by :mod:`table_family_draw`; the deal, talon and discard
animations live in :mod:`table_family_anim`.

Glossary: Abheben = cut; Klopfen = knock; Aufschlagen = turn up a blind card for trumps;
Kontra/Rekontra/Subkontra = x2/x4/x8; Talon = the widow; Bettler = lose every trick.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game.cards import NORMAL_ORDER, ZEHNER_ORDER, Card, Suit, deck20
from game.rules import events as ev
from game.rules import registry
from game.rules.base import Move
from game.rules.contracts import BY_ID
from game.ui import bidding
from game.ui.scenes import table_family_draw as draw
from game.ui.scenes import table_family_won as won
from game.ui.scenes.table_family_anim import family_steps
from game.ui.scenes.table_family_geometry import GameGeometry
from game.ui.scenes.table_family_text import contract_name, play_help_key, suit_symbol, t
from game.ui.table_protocol import TableHelperBase
from game.ui.text import card_name, deck_style_of
from game.ui.widgets import Button

DECK = deck20()
SUIT_ORDER = ("S", "H", "C", "D")
CUT_DEPTHS = (5, 10, 15)
SUIT_KEYS = {pygame.K_s: "S", pygame.K_h: "H", pygame.K_d: "D", pygame.K_c: "C"}


def _button(action: str, label: str, **kw: Any) -> Button:
    return Button(action, label, pygame.Rect(0, 0, 0, 0), **kw)


def call_text(text: str, style: str = "french") -> str:
    """A spoken decision ("bid gang", "turn 1", "kontra") as the callout shows it."""
    kind, _, arg = text.partition(" ")
    if kind == "bid":
        return contract_name(arg)
    if kind == "raise":
        return t("fam.call.raise", contract=contract_name(arg))
    if kind == "trump":
        return t("fam.call.trump", suit=suit_symbol(arg, style))
    if kind == "cut":
        return t("fam.call.cut", n=arg)
    if kind == "turn":
        return t("fam.call.turn", n=arg)
    if kind in ("kontra", "rekontra", "subkontra"):
        return t(f"kontra.{kind}")
    return t(f"fam.call.{kind}")


def event_seat(event: Any) -> int | None:
    return getattr(event, "seat", None)


class FamilyTable(TableHelperBase):
    """The Bauern/Dreier half of the table scene (a :class:`TableHelper`)."""

    def __init__(self, scene: Any, game_id: str) -> None:
        super().__init__(scene)
        self.game_id = game_id
        self.players = registry.spec(game_id).max_players
        self.obs: Any = None
        self.selected: list[Card] = []  # cards chosen for the Dreier discard
        self.cursor = -1  # keyboard choice in the bidding panel
        self.show_rules = False
        self.show_won = False  # the own side's won cards and card points (W, B13)

    # --- names and zones -----------------------------------------------------------------------

    def _style(self) -> str:
        return deck_style_of(self.scene)

    def name(self, seat: int) -> str:
        return self.scene.seat_name(seat)

    def deck(self) -> tuple[Card, ...]:
        return DECK

    def make_geometry(self, size: tuple[int, int], human: int) -> GameGeometry:
        geo = GameGeometry(size, self.players, human)
        if self.obs is not None:
            geo.seen, geo.blind, geo._forehand = len(self.obs.hand), self.obs.blind, self.obs.forehand
        return geo

    def game_sort(self, cards: Sequence[Card], obs: Any) -> list[Card]:
        trump = getattr(obs, "trump", None)
        row = BY_ID.get(getattr(obs, "contract", None) or "")
        order = ZEHNER_ORDER if row is not None and row.zehner else NORMAL_ORDER
        suits = list(SUIT_ORDER)
        if trump in suits and (row is None or row.trumps):
            suits.remove(trump)
            suits.insert(0, trump)
        return sorted(cards, key=lambda c: (suits.index(c.suit.value), -order[c.rank]))

    def visible(self, obs: Any) -> dict[str, list[Card]]:
        self.obs = obs
        me = obs.seat
        geo = self.scene.presenter.geometry if self.scene.presenter else None
        if geo is not None:
            geo.seen, geo.blind, geo._forehand = len(obs.hand), obs.blind, obs.forehand
        zones: dict[str, list[Card]] = {f"hand{me}": self.hand_order(obs), "trick": [c for _, c in obs.trick]}
        if obs.turned is not None and obs.forehand != me:
            zones["turned"] = [obs.turned]
        for q, cards in enumerate(obs.shown):
            if q != me and cards:
                zones[f"meld{q}"] = [c for c in cards if c != obs.turned]
        for tr in obs.first_tricks:
            zones[f"first{tr.winner}"] = list(tr.cards)
        if obs.discard:
            zones["discard"] = list(obs.discard)
        return zones

    def counts(self, obs: Any) -> dict[str, int]:
        me = obs.seat
        out: dict[str, int] = {"blind": obs.blind, "talon": obs.talon_size}
        for q in range(obs.players):
            if q == me:
                continue
            n = obs.hand_sizes[q] - len([c for c in obs.shown[q] if c != obs.turned])
            if obs.turned is not None and q == obs.forehand:
                n -= 1
            out[f"hand{q}"] = max(0, n)
        in_hands = sum(obs.hand_sizes)
        played = sum(len(tr.cards) for tr in obs.tricks) + len(obs.trick)
        out["stock"] = len(DECK) if in_hands == 0 and played == 0 else 0
        if in_hands or played:
            out["discard"] = max(0, len(DECK) - in_hands - played - obs.talon_size)
        return out

    def trick_seats(self, obs: Any) -> dict[Card, int]:
        return {c: s for s, c in obs.trick}

    def face_up(self, zone: str) -> bool | None:
        if zone == "turned" or zone.startswith("meld") or zone.startswith("first"):
            return True
        obs = self.obs
        if obs is not None and zone == f"hand{obs.seat}" and obs.sitting_out == obs.seat:
            return False  # the Bettler partner lays the cards face down
        return None

    def present_steps(self, presenter: Any, event: Any, obs: Any) -> list[Any] | None:
        self.obs = obs
        return family_steps(presenter, event, obs)

    # --- buttons -------------------------------------------------------------------------------

    def buttons(self, legal: Sequence[Move], obs: Any) -> list[Button]:
        self.obs = obs
        phase = obs.phase
        if phase != "discard":
            self._set_selection([])
        if phase != "bid":
            self.cursor = -1
        out: list[Button] = []
        if phase == "cut":
            for k in CUT_DEPTHS:
                out.append(_button(f"cut:{k}", t("fam.btn.cut", n=k), default=k == 10))
            out.append(_button("knock", t("fam.btn.knock"), key=pygame.K_k))
        elif phase == "trump":
            for m in legal:
                if m.kind == "trump":
                    out.append(_button(f"trump:{m.arg}", t("fam.btn.trump", suit=suit_symbol(m.arg, self._style()))))
                elif m.kind == "turn":
                    out.append(_button(f"turn:{m.arg}", t("fam.btn.turn", n=m.arg)))
            best = self.default_move(legal, obs)
            for b in out:
                b.default = best is not None and b.action == f"{best.kind}:{best.arg}"
        elif phase == "bid":
            out = bidding.bid_buttons(legal, self.cursor)
        elif phase == "discard":
            ok = self._discard_move(legal) is not None
            out.append(_button("discard", t("fam.btn.discard", n=len(self.selected)), enabled=ok, default=ok))
        elif phase == "raise":
            out.append(_button("stay", t("fam.btn.stay"), default=True))
            out += [_button(f"raise:{m.arg}", t("fam.btn.raise", contract=contract_name(m.arg)))
                    for m in legal if m.kind == "raise"]
        elif phase == "kontra":
            out += [_button(m.kind, t(f"kontra.{m.kind}"), key=pygame.K_k) for m in legal if m.kind != "pass"]
            out.append(_button("pass", t("fam.btn.no_kontra"), default=True, key=pygame.K_n))
        else:
            for m in legal:
                if m.kind == "meld" and m.arg:
                    pts = 40 if m.arg == obs.trump else 20
                    out.append(_button(f"meld:{m.arg}", t("btn.meld", points=pts, suit=suit_symbol(m.arg, self._style()))))
            if any(m.kind == "declare" for m in legal):
                out.append(_button("declare", t("fam.btn.declare"), key=pygame.K_d, default=phase == "claim"))
            if phase == "claim" and any(m.kind == "pass" for m in legal):
                out.append(_button("pass", t("fam.btn.no_declare")))
        return out

    def layout_buttons(self, buttons: list[Button], geo: Any, size: tuple[int, int]) -> bool:
        if self.obs is None or self.obs.phase != "bid" or not buttons:
            return False
        bidding.layout(buttons, bidding.panel_rect(geo, size))
        return True

    def action_move(self, action: str, legal: Sequence[Move]) -> Move | None:
        if action == "discard":
            return self._discard_move(legal)
        kind, _, arg = action.partition(":")
        for m in legal:
            if m.kind == kind and (not arg or m.arg == arg):
                return m
        return None

    def _discard_move(self, legal: Sequence[Move]) -> Move | None:
        if len(self.selected) != 2:
            return None
        want = set(self.selected)
        return next((m for m in legal if m.kind == "discard" and set(m.cards) == want), None)

    # --- cards and keys ------------------------------------------------------------------------

    def card_move(self, card: Card, legal: Sequence[Move], obs: Any) -> Move | None:
        if obs is not None and obs.phase == "discard":
            sel = list(self.selected)
            if card in sel:
                sel.remove(card)
            elif len(sel) < 2:
                sel.append(card)
            else:
                sel = [sel[1], card]
            self._set_selection(sel)
            self._relabel()
            return None
        return Move("play", (card,))

    def _set_selection(self, cards: list[Card]) -> None:
        presenter = self.scene.presenter
        if presenter is not None:
            for c in set(self.selected) | set(cards):
                presenter.sprites[c].lift = 0.5 if c in cards else 0.0
        self.selected = cards

    def _relabel(self) -> None:
        """Rebuild the buttons after a selection or cursor change (labels and enabled state)."""
        legal = self.scene._legal
        if legal and self.obs is not None:
            self.scene.buttons = self.buttons(legal, self.obs)
            self.scene._layout_buttons()

    def key_move(self, key: int, legal: Sequence[Move], obs: Any) -> Move | None:
        if key == pygame.K_i:
            self.show_rules = not self.show_rules
            return None
        if key == won.KEY:
            self.show_won = won.available(self.obs) and not self.show_won
            return None
        phase = obs.phase if obs is not None else ""
        want: tuple[str, str | None] | None = None
        if phase == "cut":
            want = {pygame.K_k: ("knock", None), pygame.K_c: ("cut", "10")}.get(key)
        elif phase == "trump":
            if key in SUIT_KEYS:
                want = ("trump", SUIT_KEYS[key])
            elif key == pygame.K_t:
                want = ("turn", "1")
        elif phase == "bid":
            if key in (pygame.K_UP, pygame.K_DOWN):
                enabled = [b for b in self.scene.buttons if b.enabled]
                n = len(enabled)
                cur = self.cursor if self.cursor >= 0 else next((i for i, b in enumerate(enabled) if b.default), 0)
                self.cursor = (cur + (1 if key == pygame.K_DOWN else -1)) % max(1, n)
                self._relabel()
                return None
            if key == pygame.K_n:
                want = ("pass", None)
        elif phase == "kontra":
            kind = {pygame.K_k: next((m.kind for m in legal if m.kind != "pass"), ""), pygame.K_n: "pass"}.get(key)
            want = (kind, None) if kind else None
        elif phase in ("play", "claim"):
            want = {pygame.K_m: ("meld", None), pygame.K_d: ("declare", None)}.get(key)
        if not want or not want[0]:
            return None
        options = [m for m in legal if m.kind == want[0] and (want[1] is None or m.arg == want[1])]
        if want[0] == "meld":
            options.sort(key=lambda m: 0 if m.arg == obs.trump else 1)
        return options[0] if options else None

    def default_move(self, legal: Sequence[Move], obs: Any) -> Move | None:
        phase = obs.phase if obs is not None else ""
        if phase == "cut":
            return next((m for m in legal if m.kind == "cut" and m.arg == "10"), None)
        if phase == "trump":
            counts = {m.arg: sum(1 for c in obs.hand if c.suit.value == m.arg) for m in legal if m.kind == "trump"}
            if counts:
                best = max(counts, key=lambda s: counts[s])
                return next(m for m in legal if m.kind == "trump" and m.arg == best)
            return legal[0] if legal else None
        if phase == "bid":
            b = next((b for b in self.scene.buttons if b.default and b.enabled), None)
            return self.action_move(b.action, legal) if b is not None else None
        if phase == "discard":
            return self._discard_move(legal)
        if phase in ("raise", "kontra"):
            return next((m for m in legal if m.kind in ("stay", "pass")), None)
        if phase == "claim":
            return next((m for m in legal if m.kind == "declare"), None)
        plays = [m for m in legal if m.kind == "play"]
        return plays[0] if len(plays) == 1 else None

    # --- status, HUD and hooks -----------------------------------------------------------------

    def describe(self, event: Any, obs: Any) -> str | None:
        name = self.name
        human = self.scene.controller.human_seat is not None
        if isinstance(event, ev.RoundStarted):
            if obs.dealer == obs.seat and human:
                return t("fam.status.you_deal")
            return t("fam.status.deal", name=name(obs.dealer))
        if isinstance(event, ev.Announced):
            return t("fam.status.call", name=name(event.seat), call=call_text(event.text, self._style()))
        mine = event_seat(event) == obs.seat and human
        if isinstance(event, ev.TalonTaken):
            return t("fam.status.you_talon") if mine else t("fam.status.talon", name=name(event.seat))
        if isinstance(event, ev.Discarded):
            return t("fam.status.you_discard") if mine else t("fam.status.discard", name=name(event.seat))
        who = "status.you." if mine else "status."
        if isinstance(event, ev.CardPlayed):
            return t(who + "played", name=name(event.seat), card=card_name(event.card, self._style()))
        if isinstance(event, ev.TrickTaken):
            return t(who + "took", name=name(event.seat), points=event.points)
        if isinstance(event, ev.MarriageShown):
            return t(who + "meld", name=name(event.seat), points=event.points,
                     suit=suit_symbol(event.suit.value, self._style()))
        if isinstance(event, ev.Declared):
            if mine:
                return t("fam.status.you_declare", score=event.score)
            return t("fam.status.declare", name=name(event.seat), score=event.score)
        return None

    def seat_bubble_height(self, h: int) -> int:
        """Height of a call bubble under a seat (``table_family_draw._bubble``), with its gap."""
        return max(13, h // 48) + 10 + 8

    def notice_obstacles(self, size: tuple[int, int]) -> list[pygame.Rect]:
        """What a notice must not cover besides seats and cards: the contract panel and, while
        bidding, the bidding panel."""
        geo = self.scene.presenter.geometry
        out = [draw.info_rect(geo, max(13, size[1] // 48))]
        if self.obs is not None and self.obs.phase == "bid":
            out.append(bidding.panel_rect(geo, size))
        return out

    def draw_hud(self, surface: pygame.Surface, obs: Any, geo: Any, to_move: int | None) -> None:
        draw.draw_hud(self, surface, obs, geo, to_move)

    def on_press(self, pos: tuple[int, int]) -> bool:
        return won.press(self, pos)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        won.draw(self, surface)
        if self.show_rules:
            from game.ui.scenes.newgame import draw_rules_overlay

            draw_rules_overlay(surface, self.game_id, self.scene.controller.options)

    def help_text(self) -> str:
        phase = self.obs.phase if self.obs is not None else ""
        if phase in ("cut", "trump", "bid", "discard", "raise", "kontra"):
            return t(f"fam.help.{phase}")
        return t(play_help_key(getattr(self.obs, "contract", None)))

    def match_score_text(self) -> str:
        return draw.match_score_text(self)

    def summary_scene(self) -> Any:
        from game.ui.scenes.family_hindsight import FamilyHindsightSummary  # FamilySummary + "Could I have won?"

        return FamilyHindsightSummary(self.scene.app, self.scene)


def make_helper(scene: Any) -> TableHelperBase:
    if registry.spec(scene.game_id).playoff_game is not None:  # Dreierschnapsen's tie-break deal
        from game.ui.scenes.table_playoff import PlayoffSwitch

        return PlayoffSwitch(scene)
    return FamilyTable(scene, scene.game_id)


__all__ = ["FamilyTable", "make_helper", "call_text", "Suit"]
