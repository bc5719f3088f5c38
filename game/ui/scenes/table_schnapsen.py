"""What the table shows and accepts for 2-player Schnapsen (the table scene itself is generic).

The helper turns the human's observation into zones for the presenter (hand, opponent hand,
stock, turn-up, trick, won piles), lists the buttons that are legal right now (Exchange, Close,
Meld 20/40 per suit, Declare 66, Pass after the last trick), maps keys to moves (1-9 the n-th
card, E, C, M, D, Space/Enter the default), writes the status line for each event and draws the
Schnapsen details: trump suit, stock count, own points (hideable), tricks, whose turn.

Glossary: stock = Talon; turn-up = Atout-Karte; close = zudrehen; marriage = Zwanziger (20) /
Vierziger (40, trumps); declare = ausmelden ("I have 66"); Bummerl = a lost match.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game.cards import NORMAL_ORDER, Card, Suit, deck20
from game.rules import events as ev
from game.rules.base import Move
from game.ui.text import card_name, suit_name, t
from game.ui.widgets import BRASS, CREAM, MUTED, RED, Button, draw_panel, draw_text

#: Suit order of the sorted hand after the trumps: alternating colours (S, H, C, D).
SUIT_ORDER: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)

DECK = deck20()


def sort_hand(cards: Sequence[Card], trump: Suit | None, trumps_first: bool = True) -> list[Card]:
    """Trumps first (an option), then the other suits in alternating colours, high to low."""
    order = list(SUIT_ORDER)
    if trumps_first and trump is not None:
        order.remove(trump)
        order.insert(0, trump)

    def key(c: Card) -> tuple[int, int]:
        return (order.index(c.suit), -NORMAL_ORDER[c.rank])

    return sorted(cards, key=key)


class TwoSeatGeometry:
    """Where everything lies on a two-player table; scales with the window.

    The human sits at the bottom, the opponent at the top; the stock with the turn-up crosswise
    beneath it on the left, the trick in the middle, the won piles on the right.
    """

    def __init__(self, size: tuple[int, int], human: int) -> None:
        w, h = size
        self.size = size
        self.human = human
        self.cw = int(min(w / 10.5, h / 5.6 / 1.5))
        self.ch = round(self.cw * 1.5)
        cw, ch = self.cw, self.ch
        self.hand_y = h - int(ch * 0.5) - max(34, h // 22) - 18
        self.opp_y = int(ch * 0.5) + 44
        self.stock = (int(w * 0.17), h // 2 - ch // 8)
        self.turnup = (self.stock[0] + int(cw * 0.55), self.stock[1])
        self.trick = (w // 2, h // 2 - ch // 8)
        self.piles = {human: (int(w * 0.86), self.hand_y - int(ch * 0.35)), 1 - human: (int(w * 0.86), self.opp_y)}
        self.show = (w // 2, self.opp_y + int(ch * 0.95))
        self.buttons_y = self.hand_y - int(ch * 0.5) - max(36, h // 18) - int(ch * 0.22)
        self.info_x = max(16, self.stock[0] - cw // 2 - 10)
        self.info_y = self.opp_y - ch // 2
        self.own_info = (w - 20, self.piles[human][1] - ch // 2 - 34)
        self.opp_info = (self.piles[1 - human][0] - cw // 2 - 16, self.opp_y - 6)
        self.turn_pos = (w // 2, self.trick[1] + int(ch * 0.85))
        self.play_area = pygame.Rect(int(w * 0.25), int(h * 0.2), int(w * 0.5), self.hand_y - ch // 2 - int(h * 0.2))

    def place(self, zone: str, i: int, n: int, seat_of: int | None = None) -> tuple[float, float, float]:
        """(x, y, angle) of the i-th of n cards in ``zone``."""
        cw, ch = self.cw, self.ch
        if zone.startswith("hand"):
            seat = int(zone[4:])
            gap = min(cw * (0.98 if seat == self.human else 0.7), (self.size[0] * 0.5) / max(1, n))
            x = self.size[0] / 2 + (i - (n - 1) / 2) * gap
            spread = (i - (n - 1) / 2)
            if seat == self.human:
                return (x, self.hand_y + abs(spread) * ch * 0.025, -spread * 3.0)
            return (x, self.opp_y - abs(spread) * ch * 0.02, spread * 3.0)
        if zone == "trick":
            mine = seat_of == self.human
            dx = cw * 0.28 * (1 if mine else -1)
            dy = ch * 0.16 * (1 if mine else -1)
            return (self.trick[0] + dx, self.trick[1] + dy, -4.0 if mine else 5.0)
        if zone in ("stock", "deck"):
            return (self.stock[0] - i * 0.6, self.stock[1] - i * 0.8, 0.0)
        if zone == "turnup":
            return (self.turnup[0], self.turnup[1], 90.0)
        if zone.startswith("pile"):
            px, py = self.piles[int(zone[4:])]
            return (px + (i // 2) * 1.2, py - (i // 2) * 1.2, 8.0 if i % 2 else -6.0)
        if zone.startswith("show"):
            return (self.show[0] + (i - (n - 1) / 2) * cw * 1.1, self.show[1], 0.0)
        return (self.size[0] / 2, self.size[1] / 2, 0.0)


class SchnapsenTable:
    """The Schnapsen-specific half of the table scene."""

    game_id = "schnapsen"

    def __init__(self, scene: Any) -> None:
        self.scene = scene

    # --- names ---------------------------------------------------------------------------------

    def name(self, seat: int) -> str:
        return self.scene.seat_name(seat)

    # --- zones for the presenter ---------------------------------------------------------------

    def deck(self) -> tuple[Card, ...]:
        return DECK

    def make_geometry(self, size: tuple[int, int], human: int) -> TwoSeatGeometry:
        return TwoSeatGeometry(size, human)

    def sort_cards(self, cards: Sequence[Card], obs: Any) -> list[Card]:
        return sort_hand(cards, getattr(obs, "trump", None), self.scene.trumps_first)

    def hand_order(self, obs: Any) -> list[Card]:
        return sort_hand(obs.hand, obs.trump, self.scene.trumps_first)

    def deal_plan(self, obs: Any) -> list[tuple[str, int]]:
        """RULES.md S3 in the real order: 3 to the non-dealer, 3 to the dealer, the turn-up,
        2 and 2, then the stock.  Returns (zone, count) steps."""
        dealer = obs.dealer
        forehand = 1 - dealer
        return [(f"hand{forehand}", 3), (f"hand{dealer}", 3), ("turnup", 1), (f"hand{forehand}", 2),
                (f"hand{dealer}", 2), ("stock", 9)]

    def visible(self, obs: Any) -> dict[str, list[Card]]:
        """The zones whose cards the human sees face up, from the observation alone."""
        zones: dict[str, list[Card]] = {
            f"hand{obs.seat}": self.hand_order(obs),
            "trick": list(obs.trick),
        }
        if obs.turnup is not None:
            zones["turnup"] = [obs.turnup]
        return zones

    def counts(self, obs: Any) -> dict[str, int]:
        """How many face-down cards each hidden zone holds."""
        opp = 1 - obs.seat
        stock = obs.stock_size - (1 if obs.turnup is not None else 0)
        won = {0: 0, 1: 0}
        for tr in obs.tricks:
            won[tr.winner] += len(tr.cards)
        return {f"hand{opp}": obs.opponent_hand_size, "stock": max(0, stock), "pile0": won[0], "pile1": won[1]}

    # --- buttons and keys ----------------------------------------------------------------------

    def buttons(self, legal: Sequence[Move], obs: Any) -> list[Button]:
        out: list[Button] = []
        kinds = {m.kind for m in legal}
        default = self.default_move(legal, obs)
        if "exchange" in kinds:
            out.append(Button("exchange", t("btn.exchange"), pygame.Rect(0, 0, 0, 0), key=pygame.K_e))
        if "close" in kinds:
            out.append(Button("close", t("btn.close"), pygame.Rect(0, 0, 0, 0), key=pygame.K_c))
        for m in legal:
            if m.kind == "meld" and m.arg:
                pts = 40 if obs.trump.value == m.arg else 20
                out.append(Button(f"meld:{m.arg}", t("btn.meld", points=pts, suit=Suit.parse(m.arg).symbol),
                                  pygame.Rect(0, 0, 0, 0), key=pygame.K_m))
        if "declare" in kinds:
            out.append(Button("declare", t("btn.declare"), pygame.Rect(0, 0, 0, 0), key=pygame.K_d,
                              default=default is not None and default.kind == "declare"))
        if "pass" in kinds:
            out.append(Button("pass", t("btn.pass"), pygame.Rect(0, 0, 0, 0),
                              default=default is not None and default.kind == "pass"))
        return out

    def action_move(self, action: str, legal: Sequence[Move]) -> Move | None:
        """The move a button action stands for, if it is legal."""
        kind, _, arg = action.partition(":")
        for m in legal:
            if m.kind == kind and (not arg or m.arg == arg):
                return m
        return None

    def key_move(self, key: int, legal: Sequence[Move], obs: Any) -> Move | None:
        """E, C, M, D: the move if legal (M melds the most valuable marriage)."""
        wanted = {pygame.K_e: "exchange", pygame.K_c: "close", pygame.K_m: "meld", pygame.K_d: "declare",
                  pygame.K_p: None}.get(key)
        if wanted is None:
            return None
        options = [m for m in legal if m.kind == wanted]
        if wanted == "meld" and options:
            options.sort(key=lambda m: 0 if m.arg == obs.trump.value else 1)
        return options[0] if options else None

    def default_move(self, legal: Sequence[Move], obs: Any) -> Move | None:
        """Space/Enter: declare with 66 or more, pass after the last trick without it, the only
        legal card if there is just one; otherwise nothing (the player must choose)."""
        kinds = {m.kind for m in legal}
        if "declare" in kinds and obs.points >= 66:
            return next(m for m in legal if m.kind == "declare")
        if "pass" in kinds:
            return next(m for m in legal if m.kind == "pass")
        plays = [m for m in legal if m.kind == "play"]
        if len(plays) == 1 and len(legal) <= 2:
            return plays[0]
        return None

    # --- status line ---------------------------------------------------------------------------

    def describe(self, event: Any, obs: Any) -> str | None:
        """The status line for ``event`` ("Bot melds 40 in hearts"); None for silent events."""
        if isinstance(event, ev.RoundStarted):
            return self._say("deal", obs.dealer, obs, suit=suit_name(obs.trump))
        if isinstance(event, ev.CardPlayed):
            return self._say("played", event.seat, obs, card=card_name(event.card))
        if isinstance(event, ev.TrickTaken):
            return self._say("took", event.seat, obs, points=event.points)
        if isinstance(event, ev.TrumpExchanged):
            return self._say("exchange", event.seat, obs, card=card_name(event.turnup))
        if isinstance(event, ev.TalonClosed):
            return self._say("close", event.seat, obs)
        if isinstance(event, ev.MarriageShown):
            key = "meld_pending" if event.pending else "meld"
            return self._say(key, event.seat, obs, points=event.points, suit=suit_name(event.suit))
        if isinstance(event, ev.Declared):
            return self._say("declare_ok" if event.correct else "declare_bad", event.seat, obs, score=event.score)
        if isinstance(event, ev.Announced) and event.text == "pass":
            return self._say("pass", event.seat, obs)
        return None

    def _say(self, what: str, seat: int, obs: Any, **kw: Any) -> str:
        # Separate sentences for the human ("You play") so every language can conjugate.
        if seat == obs.seat and self.scene.controller.human_seat is not None:
            return t(f"status.you.{what}", **kw)
        return t(f"status.{what}", name=self.name(seat), **kw)

    # --- drawing -------------------------------------------------------------------------------

    def draw_hud(self, surface: pygame.Surface, obs: Any, geo: Any, to_move: int | None) -> None:
        """Trump suit, stock count, own points and tricks, opponent tricks, whose turn."""
        w, h = surface.get_size()
        size = max(15, h // 40)
        # Trump badge beside the stock: always visible, even once closed or exhausted.
        box = pygame.Rect(0, 0, max(150, w // 8), int(size * 3.4))
        box.topleft = (geo.info_x, geo.info_y)
        draw_panel(surface, box)
        symbol_color = RED if obs.trump in (Suit.HEARTS, Suit.DIAMONDS) else CREAM
        draw_text(surface, t("table.trump", suit=""), (box.left + 12, box.top + 8), size, MUTED)
        draw_text(surface, obs.trump.symbol, (box.right - 14, box.centery), int(size * 2.4), symbol_color,
                  bold=True, anchor="midright")
        draw_text(surface, suit_name(obs.trump), (box.left + 12, box.top + 10 + size * 1.4), size, CREAM,
                  max_width=box.width - 60)
        # Stock state under the badge.
        if obs.closed:
            stock_text = t("table.stock_closed")
        elif obs.stock_size == 0:
            stock_text = t("table.stock_empty")
        else:
            stock_text = t("table.stock", n=obs.stock_size)
        draw_text(surface, stock_text, (box.left, box.bottom + 8), size, CREAM, max_width=box.width)
        # Own points and tricks near the own pile; hideable for "scharf" play.
        own = self.scene.show_points
        if own:
            pts = t("table.your_points", n=obs.points)
            if obs.pending:
                pts += f" (+{obs.pending})"
        else:
            pts = t("table.points_hidden")
        x, y = geo.own_info
        draw_text(surface, pts, (x, y), size, BRASS if own else MUTED, bold=own, anchor="bottomright")
        draw_text(surface, t("table.tricks", n=obs.my_tricks), (x, y + 4), size, CREAM, anchor="topright")
        ox, oy = geo.opp_info
        draw_text(surface, self.name(1 - obs.seat), (ox, oy), size, CREAM, bold=True, anchor="bottomright")
        draw_text(surface, t("table.tricks", n=obs.opponent_tricks), (ox, oy + 4), size, MUTED,
                  anchor="topright")
        # Whose turn.
        if to_move is not None:
            text = t("table.your_turn") if to_move == obs.seat else t("table.their_turn", name=self.name(to_move))
            color = BRASS if to_move == obs.seat else MUTED
            draw_text(surface, text, geo.turn_pos, int(size * 1.1), color, bold=True, anchor="center")
def make_helper(scene):
    return SchnapsenTable(scene)
