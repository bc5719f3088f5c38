"""Schwimmen's end-of-deal overlay and its lives table (split from :mod:`scoresheets`).

:class:`SchwimmenSummary`: every revealed hand with its value and who lost a life; the sheet is
the lives table (lives left per seat after each deal, ``†`` once out) and at the end of the
match the elimination order and the winner.  It shares :class:`scoresheets.SheetScene` with the
family games' summary; ``draw`` changes nothing.

Glossary: schwimmen = playing on with no lives left.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.i18n import tn
from game.rules.deal_result import SchwimmenDeal
from game.ui.app import App
from game.ui.scenes.scoresheets import SheetScene
from game.ui.scenes.table_family_text import t
from game.ui.text import deck_style_of
from game.ui.widgets import BRASS, CREAM, MUTED, RED, Button, draw_text, layout_row


class SchwimmenSummary(SheetScene):
    """Schwimmen: the revealed hands and lives, then the lives table.

    Once the player is out the bots' deals run by themselves (``schwimmen_watch``): the summary
    counts down to the next deal at the watching pace (− / + change it) and offers "Skip to the
    end" (E); the summary of the deal that put the player out waits for a click."""

    def __init__(self, app: App, table: Any, sheet: bool = False) -> None:
        super().__init__(app, table, sheet)
        from game.ui.scenes.schwimmen_watch import Watch
        from game.ui.scenes.table_schwimmen import SchwimmenTable

        helper = table.helper
        self.watch: Watch = helper.watch if isinstance(helper, SchwimmenTable) else Watch()
        self.countdown = -1.0

    def enter(self) -> None:
        from game.ui.scenes.schwimmen_watch import knocked_out_this_deal, watching

        super().enter()
        if self._auto < 0 and watching(self.controller) and not knocked_out_this_deal(self.controller):
            self.countdown = self.watch.deal_pause()

    def _build_buttons(self) -> None:
        from game.ui.scenes.schwimmen_watch import PACES, SKIP_KEY, watching

        if not watching(self.controller):
            super()._build_buttons()
            return
        rect = self.panel(self.app.size)
        bh = max(36, self.app.size[1] // 18)
        sheet = ("back", "btn.back") if self.sheet else ("sheet", "btn.score_sheet")
        self.buttons = [Button("skip", t("watch.btn.skip"), pygame.Rect(0, 0, 0, 0), key=SKIP_KEY),
                        Button("slower", t("watch.btn.slower"), pygame.Rect(0, 0, 0, 0), key=pygame.K_MINUS),
                        Button("faster", t("watch.btn.faster"), pygame.Rect(0, 0, 0, 0), key=pygame.K_PLUS),
                        Button(sheet[0], t(sheet[1]), pygame.Rect(0, 0, 0, 0)),
                        Button("next", t("watch.btn.watch" if self.countdown < 0 else "btn.next_deal"),
                               pygame.Rect(0, 0, 0, 0), default=True)]
        self.buttons[1].enabled = self.watch.pace > 0
        self.buttons[2].enabled = self.watch.pace < len(PACES) - 1
        layout_row(self.buttons, rect.centerx, rect.bottom - bh - 14, bh, max_width=rect.width - 40)

    def activate(self, action: str) -> None:
        from game.ui.scenes.schwimmen_watch import skip_to_end

        if action == "skip":
            self.app.pop()
            skip_to_end(self.table)
        elif action in ("slower", "faster"):
            self.watch.change(1 if action == "faster" else -1)
            self.watch.apply(self.table)
            if self.countdown > 0:
                self.countdown = min(self.countdown, self.watch.deal_pause())
        else:
            super().activate(action)

    def handle_event(self, event: pygame.event.Event) -> bool:
        from game.ui.scenes.schwimmen_watch import FASTER_KEYS, SKIP_KEY, SLOWER_KEYS, watching

        if event.type == pygame.KEYDOWN and watching(self.controller):
            action = {SKIP_KEY: "skip"}.get(event.key)
            action = "faster" if event.key in FASTER_KEYS else "slower" if event.key in SLOWER_KEYS else action
            if action is not None:
                self.activate(action)
                return True
        return super().handle_event(event)

    def busy(self) -> bool:
        return super().busy() or self.countdown > 0

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.countdown > 0 and self.app.scene is self:
            self.countdown -= dt
            if self.countdown <= 0:
                self.activate("next")

    def _watch_line(self, surface: pygame.Surface, rect: pygame.Rect, size: int) -> int:
        """The countdown (or, after the deal that put the player out, what happens next) above
        the buttons; returns the y where the line starts."""
        from game.ui.scenes.schwimmen_watch import watching

        if not watching(self.controller):
            return rect.bottom - 80
        bh = max(36, surface.get_height() // 18)
        y = rect.bottom - bh - 14 - int(size * 1.7)
        if self.countdown > 0:
            text = tn("watch.next_in", max(1, math.ceil(self.countdown)), pace=self.watch.pace_name())
        else:
            text = t("watch.you_are_out")
        draw_text(surface, text, (rect.centerx, y), size, BRASS, anchor="midtop", max_width=rect.width - 60)
        return y - 8

    def draw_summary(self, surface: pygame.Surface, rect: pygame.Rect, size: int) -> None:
        from game.ui.scenes.table_schwimmen import sticks_text

        c = self.controller
        y = self.title(surface, rect, t("summary.title"), size)
        y = self.sentence(surface, rect, y, size)
        d = c.round_result.details if c.round_result else None
        deal = d if isinstance(d, SchwimmenDeal) else None
        losers = set(deal.losers if deal else ())
        hands, values = (deal.hands, deal.values) if deal else ((), ())
        bottom = self._watch_line(surface, rect, size)
        step = min(int(size * 1.6), (bottom - y) // max(1, c.players))
        for s in range(c.players):
            out = c.match.out[s]
            color = MUTED if out and s not in losers else CREAM
            draw_text(surface, self.name(s), (rect.left + 30, y), size, color, bold=True, max_width=160)
            if s < len(hands) and hands[s]:
                draw_text(surface, _pretty(hands[s], deck_style_of(self.table)), (rect.left + 200, y), size, color, max_width=200)
                draw_text(surface, values[s], (rect.left + 420, y), size, BRASS, bold=True, max_width=80)
            if s in losers:
                draw_text(surface, t("swim.lost_life"), (rect.left + 520, y), size, RED, bold=True, max_width=170)
            draw_text(surface, sticks_text(c.match, s), (rect.left + 700, y), size, CREAM, max_width=rect.right - 720)
            y += step

    def draw_sheet(self, surface: pygame.Surface, rect: pygame.Rect, size: int) -> None:
        c = self.controller
        m = c.match
        me = c.human_seat if c.human_seat is not None else 0
        title = t("swim.lives_table")
        if c.match_over:
            title = t("summary.match_won") if me in m.winners else t("fam.match_lost", names=self.names(m.winners))
        y = self.title(surface, rect, title, size)
        self._watch_line(surface, rect, size)
        n = c.players
        x0 = rect.left + 24
        colw = (rect.width - 120) // n
        draw_text(surface, t("sheet.deal"), (x0, y), size, MUTED)
        for s in range(n):
            draw_text(surface, self.name(s), (x0 + 80 + s * colw, y), size, MUTED, max_width=colw - 4)
        y += int(size * 1.7)
        pygame.draw.line(surface, MUTED, (rect.left + 20, y - 5), (rect.right - 20, y - 5))
        bottom = rect.bottom - max(36, surface.get_height() // 18) - 90
        step = int(size * 1.4)
        for rec in list(m.history)[-max(1, (bottom - y) // step):]:
            draw_text(surface, str(rec.round_no + 1) + ("*" if rec.replayed else ""), (x0, y), size, CREAM)
            for s in range(n):
                lost = rec.lost[s] if s < len(rec.lost) else 0
                text = "†" if rec.out_after[s] else str(rec.lives_after[s]) + (" −1" if lost else "")
                color = RED if lost else (MUTED if rec.out_after[s] else CREAM)
                draw_text(surface, text, (x0 + 80 + s * colw, y), size, color, max_width=colw - 4)
            y += step
        pygame.draw.line(surface, MUTED, (rect.left + 20, y), (rect.right - 20, y))
        y += 10
        if m.elimination_order:
            order = ", ".join(self.name(s) for s in m.elimination_order)
            draw_text(surface, t("swim.elimination_order", names=order), (x0, y), size, MUTED,
                      max_width=rect.width - 48)
            y += int(size * 1.5)
        if c.match_over and m.winners:
            won = "schwimmen.winner.you" if m.winners[0] == self.controller.human_seat else "schwimmen.winner"
            draw_text(surface, t(won, name=self.name(m.winners[0])), (x0, y), size, BRASS, bold=True,
                      max_width=rect.width - 48)


def _pretty(cards: str, style: str = "french") -> str:
    from game.cards import parse_cards
    from game.ui.text import card_name

    try:
        return (", " if style == "german" else " ").join(card_name(c, style) for c in parse_cards(cards))
    except ValueError:
        return cards
