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
from game.ui.scenes.table_family_text import suit_symbol
from game.ui.scenes.table_geometry import TableGeometry
from game.ui.seats import draw_avatar, draw_call
from game.ui.table_protocol import TableHelperBase
from game.ui.text import card_name, deck_style_of, suit_name, t
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


class SchnapsenTable(TableHelperBase):
    """The Schnapsen-specific half of the table scene (a :class:`TableHelper`)."""

    game_id = "schnapsen"

    # --- names ---------------------------------------------------------------------------------

    #: An opponent's last action shown beside its seat (seat, sentence); see describe().
    last_call: tuple[int, str] | None = None
    #: Where the opponent's last action was drawn (None: not shown).
    call_box: pygame.Rect | None = None

    def name(self, seat: int) -> str:
        return self.scene.seat_name(seat)

    # --- zones for the presenter ---------------------------------------------------------------

    def deck(self) -> tuple[Card, ...]:
        return DECK

    def make_geometry(self, size: tuple[int, int], human: int) -> TableGeometry:
        return TableGeometry(size, 2, human)

    def game_sort(self, cards: Sequence[Card], obs: Any) -> list[Card]:
        return sort_hand(cards, getattr(obs, "trump", None), self.scene.trumps_first)

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
                out.append(Button(f"meld:{m.arg}", t("btn.meld", points=pts, suit=suit_symbol(m.arg, self._style())),
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
        """The status line for ``event`` ("Bot melds 40 in hearts"); None for silent events.
        An opponent's exchange, close, marriage or pass also stays beside its seat
        (``last_call``, game.ui.seats.draw_call) until the player's next move."""
        text = self._describe(event, obs)
        seat = getattr(event, "seat", None)
        if isinstance(event, ev.RoundStarted) or (isinstance(event, ev.CardPlayed) and seat == obs.seat):
            self.last_call = None
        elif text and seat is not None and seat != obs.seat and not isinstance(event, (ev.CardPlayed, ev.TrickTaken)):
            self.last_call = (seat, text)
        return text

    def _describe(self, event: Any, obs: Any) -> str | None:
        if isinstance(event, ev.RoundStarted):
            return self._say("deal", obs.dealer, obs, suit=suit_name(obs.trump, self._style()))
        if isinstance(event, ev.CardPlayed):
            return self._say("played", event.seat, obs, card=card_name(event.card, self._style()))
        if isinstance(event, ev.TrickTaken):
            return self._say("took", event.seat, obs, points=event.points)
        if isinstance(event, ev.TrumpExchanged):
            return self._say("exchange", event.seat, obs, card=card_name(event.turnup, self._style()))
        if isinstance(event, ev.TalonClosed):
            return self._say("close", event.seat, obs)
        if isinstance(event, ev.MarriageShown):
            key = "meld_pending" if event.pending else "meld"
            return self._say(key, event.seat, obs, points=event.points, suit=suit_name(event.suit, self._style()))
        if isinstance(event, ev.Declared):
            return self._say("declare_ok" if event.correct else "declare_bad", event.seat, obs, score=event.score)
        if isinstance(event, ev.Announced) and event.text == "pass":
            return self._say("pass", event.seat, obs)
        return None

    def _style(self) -> str:
        return deck_style_of(self.scene)

    def _say(self, what: str, seat: int, obs: Any, **kw: Any) -> str:
        # Separate sentences for the human ("You play") so every language can conjugate.
        if seat == obs.seat and self.scene.controller.human_seat is not None:
            return t(f"status.you.{what}", **kw)
        return t(f"status.{what}", name=self.name(seat), **kw)

    # --- drawing -------------------------------------------------------------------------------

    def notice_obstacles(self, size: tuple[int, int]) -> list[pygame.Rect]:
        # the opponent's last action beside its seat (as drawn last frame): notices and the
        # guide's panel keep clear of it
        return [self.call_box] if self.call_box is not None else []

    def draw_hud(self, surface: pygame.Surface, obs: Any, geo: Any, to_move: int | None) -> None:
        """Trump suit, stock count, own points and tricks, opponent tricks, whose turn."""
        h = surface.get_height()
        size = max(14, h // 44)
        # Trump badge above the stock: always visible, even once closed or exhausted.
        box = geo.info_rect
        draw_panel(surface, box)
        symbol_color = RED if obs.trump in (Suit.HEARTS, Suit.DIAMONDS) else CREAM
        draw_text(surface, t("table.trump", suit=""), (box.left + 10, box.top + 6), size, MUTED,
                  max_width=box.width - 50)
        draw_text(surface, suit_name(obs.trump, self._style()), (box.left + 10, box.bottom - 6), size, CREAM,
                  anchor="bottomleft", max_width=box.width - 56)
        if self._style() == "german":  # the German pip (Laub, Herz, Schellen, Eichel), not a French ♦
            icon = _suit_icon(obs.trump, int(box.height * 0.62))
            surface.blit(icon, icon.get_rect(midright=(box.right - 10, box.centery)))
        else:
            draw_text(surface, obs.trump.symbol, (box.right - 10, box.centery), int(box.height * 0.7), symbol_color,
                      bold=True, anchor="midright")
        # Stock state under the stock.
        if obs.closed:
            stock_text = t("table.stock_closed")
        elif obs.stock_size == 0:
            stock_text = t("table.stock_empty")
        else:
            stock_text = t("table.stock", n=obs.stock_size)
        sr = geo.stock_rect
        draw_text(surface, stock_text, (sr.centerx, sr.bottom + 8), size, CREAM, anchor="midtop",
                  max_width=geo.info_rect.width)
        # Own points and tricks in the own label; points hideable for "scharf" play.
        own = self.scene.show_points
        if own:
            pts = t("table.your_points", n=obs.points)
            if obs.pending:
                pts += f" (+{obs.pending})"
        else:
            pts = t("table.points_hidden")
        lab = geo.label[obs.seat]
        draw_panel(surface, lab, border=BRASS if to_move == obs.seat else None)
        draw_text(surface, pts, (lab.left + 10, lab.top + 6), size, BRASS if own else MUTED, bold=own,
                  max_width=lab.width - 20)
        draw_text(surface, t("table.tricks", n=obs.my_tricks), (lab.left + 10, lab.bottom - 6), size, CREAM,
                  anchor="bottomleft", max_width=lab.width - 20)
        opp = 1 - obs.seat
        olab = geo.label[opp]
        text = f"{self.name(opp)} · {t('table.tricks', n=obs.opponent_tricks)}"
        plate = olab.inflate(-olab.width // 4, 0)
        draw_panel(surface, plate, border=BRASS if to_move == opp else None)
        badge = draw_avatar(surface, plate, self.name(opp), opp, to_move == opp)
        draw_text(surface, text, (plate.centerx + badge.width // 4, plate.centery), size, CREAM, anchor="center",
                  max_width=plate.right - badge.right - 8)
        call = self.last_call
        self.call_box = None
        if call is not None and call[0] == opp:
            self.call_box = draw_call(surface, geo.seat_box(opp), call[1])
        # Whose turn.
        if to_move is not None:
            text = t("table.your_turn") if to_move == obs.seat else t("table.their_turn", name=self.name(to_move))
            color = BRASS if to_move == obs.seat else MUTED
            draw_text(surface, text, geo.turn_pos, int(size * 1.15), color, bold=True, anchor="center")


def make_helper(scene: Any) -> SchnapsenTable:
    return SchnapsenTable(scene)


_ICON_ART: Any = None


def _suit_icon(suit: Suit, size: int) -> pygame.Surface:
    """The German suit pip for the trump badge (one shared, cached card-art renderer)."""
    global _ICON_ART
    if _ICON_ART is None:
        from game.ui.cardart import CardArt

        _ICON_ART = CardArt(max_entries=32)
    return _ICON_ART.render_suit_icon(suit, size, "german")
