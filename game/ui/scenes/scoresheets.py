"""End-of-deal overlays and score sheets for Bauern-/Dreierschnapsen and Schwimmen.

:class:`FamilySummary`: the deal's sentence (``game.i18n_results.describe_result``), each side's
card points, score and tricks, the game points of the deal and the match; "Score sheet" (S)
shows the 24-point sheet, one row per deal with contract, declarer and multiplier, and at the
end of the match the winner and the Bummerl.

:class:`SchwimmenSummary`: every revealed hand with its value and who lost a life; the sheet is
the lives table (lives left per seat after each deal, ``†`` once out) and at the end of the
match the elimination order and the winner.

The scenes share :class:`SheetScene` (buttons, keys, auto-continue in smoke and demo runs);
``draw`` changes nothing.

Glossary: Bummerl = a lost match; Schneider = a side with 0 game points; schwimmen = playing
on with no lives left.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from typing import Any

import pygame

from game.i18n import tn
from game.ui.app import App, Scene
from game.ui.scenes.table_family_text import contract_name, t
from game.ui.text import deck_style_of
from game.ui.widgets import BRASS, CREAM, MUTED, RED, Button, draw_panel, draw_text, layout_row, pointer_action, shade


class SheetScene(Scene, ABC):
    """An overlay above the table after a deal: summary, or the sheet (S); Continue deals on."""

    overlay = True

    def __init__(self, app: App, table: Any, sheet: bool = False) -> None:
        super().__init__(app)
        self.table = table
        self.controller = table.controller
        self.sheet = sheet or self.controller.match_over
        self.buttons: list[Button] = []
        self._auto = -1.0

    def enter(self) -> None:
        if self.app.config.smoke_deals:
            self._auto = 1e-6
        elif self.app.config.demo:
            self._auto = 4.0
        self._build_buttons()

    def _build_buttons(self) -> None:
        rect = self.panel(self.app.size)
        bh = max(36, self.app.size[1] // 18)
        if self.controller.match_over:
            self.buttons = [Button("new", t("btn.new_match"), pygame.Rect(0, 0, 0, 0), default=True),
                            Button("menu", t("btn.menu"), pygame.Rect(0, 0, 0, 0))]
        elif self.sheet:
            self.buttons = [Button("back", t("btn.back"), pygame.Rect(0, 0, 0, 0)),
                            Button("next", t("btn.next_deal"), pygame.Rect(0, 0, 0, 0), default=True)]
        else:
            self.buttons = [Button("sheet", t("btn.score_sheet"), pygame.Rect(0, 0, 0, 0), key=pygame.K_s),
                            Button("next", t("btn.next_deal"), pygame.Rect(0, 0, 0, 0), default=True)]
        layout_row(self.buttons, rect.centerx, rect.bottom - bh - 14, bh, max_width=rect.width - 40)

    def activate(self, action: str) -> None:
        if action in ("next", "new"):
            self.app.pop()
            self.table.next_deal()
        elif action == "sheet":
            self.sheet = True
        elif action == "back":
            self.sheet = False
        elif action == "menu":
            self.table.back_to_menu()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            action = pointer_action(self.buttons, event)
            if action is not None:
                self.activate(action)
                return True
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
                default = next((b for b in self.buttons if b.default), None)
                if default is not None:
                    self.activate(default.action)
            elif event.key == pygame.K_s and not self.controller.match_over:
                self.sheet = not self.sheet
            elif event.key == pygame.K_ESCAPE:
                if self.sheet and not self.controller.match_over:
                    self.sheet = False
                else:
                    self.table.back_to_menu()
        return True

    def busy(self) -> bool:
        return self._auto > 0  # the next deal starts by itself (bots only, smoke runs)

    def update(self, dt: float) -> None:
        self._build_buttons()
        if self._auto > 0:
            self._auto -= dt
            if self._auto <= 0:
                self.activate("new" if self.controller.match_over else "next")

    def panel(self, size: tuple[int, int]) -> pygame.Rect:
        w, h = size
        rect = pygame.Rect(0, 0, min(1000, w - 60), h - 50)
        rect.center = (w // 2, h // 2)
        return rect

    def name(self, seat: int) -> str:
        return str(self.table.seat_name(seat))

    def names(self, seats: tuple[int, ...]) -> str:
        from game.i18n_results import join_names

        return join_names([self.name(s) for s in seats])

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(shade(surface.get_size()), (0, 0))
        rect = self.panel(surface.get_size())
        draw_panel(surface, rect, (12, 36, 24, 252), border=BRASS)  # opaque: no table text runs through
        size = max(13, surface.get_height() // 48)
        if self.sheet:
            self.draw_sheet(surface, rect, size)
        else:
            self.draw_summary(surface, rect, size)
        for b in self.buttons:
            b.draw(surface)

    def title(self, surface: pygame.Surface, rect: pygame.Rect, text: str, size: int) -> int:
        draw_text(surface, text, (rect.centerx, rect.top + 14), int(size * 1.6), BRASS, bold=True, anchor="midtop",
                  max_width=rect.width - 40)
        return rect.top + 14 + int(size * 1.6) + 14

    def sentence(self, surface: pygame.Surface, rect: pygame.Rect, y: int, size: int) -> int:
        from game.i18n_results import describe_result
        from game.ui.scenes.summary import _wrap

        result = self.controller.round_result
        if result is None:
            return y
        names = [self.name(s) for s in range(len(result.points))]
        you = self.table.human_seat if self.controller.human_seat is not None else None
        text = describe_result(self.controller.game_id, result, names, you)
        for line in _wrap(text, size, rect.width - 60)[:3]:
            draw_text(surface, line, (rect.left + 30, y), size, BRASS)
            y += int(size * 1.35)
        return y + 6

    @abstractmethod
    def draw_summary(self, surface: pygame.Surface, rect: pygame.Rect, size: int) -> None:
        """The deal just played (each game's own view: FamilySummary, SchwimmenSummary)."""

    @abstractmethod
    def draw_sheet(self, surface: pygame.Surface, rect: pygame.Rect, size: int) -> None:
        """The match's score sheet (each game's own table)."""


class FamilySummary(SheetScene):
    """Bauern-/Dreierschnapsen: the deal, then the 24-point sheet."""

    def _sides(self) -> list[str]:
        if self.controller.players == 4:
            # side 0 is forehand's team (RULES.md roles P1+P3), which depends on the dealer
            me = self.controller.human_seat or 0
            mine = self.controller.view.side(me)
            return [t("team.yours") if mine == 0 else t("team.theirs"),
                    t("team.theirs") if mine == 0 else t("team.yours")]
        d = (self.controller.round_result.details or {}) if self.controller.round_result else {}
        return [self.name(d.get("declarer", 0)), _cap(t("side.defenders"))]

    def draw_summary(self, surface: pygame.Surface, rect: pygame.Rect, size: int) -> None:
        c = self.controller
        y = self.title(surface, rect, t("summary.title"), size)
        d = (c.round_result.details or {}) if c.round_result else {}
        mult = d.get("multiplier", 1)
        decl = int(d.get("declarer", 0))
        you = self.table.human_seat if c.human_seat is not None else None
        # "Bettler by you", "Bettler von dir": the human in the dative, other players by name
        head = t("sheet2.contract_line", contract=contract_name(d.get("contract")),
                 declarer=t("seat.you.dat") if decl == you else self.name(decl), mult=mult)
        draw_text(surface, head, (rect.left + 30, y), size, CREAM, bold=True, max_width=rect.width - 60)
        y = self.sentence(surface, rect, y + int(size * 1.6), size)
        cols = [rect.left + int(rect.width * 0.5), rect.left + int(rect.width * 0.75)]
        for i, label in enumerate(self._sides()):
            draw_text(surface, label, (cols[i], y), size, MUTED, bold=True, anchor="midtop",
                      max_width=int(rect.width * 0.22))
        y += int(size * 1.5)
        rows = [("summary.points", "card_points"), ("summary.score", "scores"), ("summary.tricks", "tricks")]
        for key, field in rows:
            draw_text(surface, t(key), (rect.left + 30, y), size, MUTED, max_width=int(rect.width * 0.4))
            for i, v in enumerate(d.get(field, ("", ""))[:2]):
                draw_text(surface, str(v), (cols[i], y), size, CREAM, anchor="midtop")
            y += int(size * 1.45)
        y += 8
        self._seat_table(surface, rect, y, size)

    def _seat_table(self, surface: pygame.Surface, rect: pygame.Rect, y: int, size: int) -> None:
        c = self.controller
        n = c.players
        x0 = rect.left + 30
        colw = (rect.width - 260) // n
        draw_text(surface, t("summary.game_points"), (x0, y + int(size * 1.5)), size, MUTED, max_width=200)
        draw_text(surface, t("summary.total"), (x0, y + 3 * size), size, MUTED, max_width=200)
        for s in range(n):
            x = x0 + 220 + s * colw + colw // 2
            draw_text(surface, self.name(s), (x, y), size, CREAM, bold=True, anchor="midtop", max_width=colw - 6)
            pts = c.round_result.points[s] if c.round_result else 0
            draw_text(surface, f"+{pts}" if pts else "0", (x, y + int(size * 1.5)), size, CREAM, anchor="midtop")
            draw_text(surface, f"{c.match.scores[s]} / {c.match.target}", (x, y + 3 * size), size, BRASS, bold=True,
                      anchor="midtop")

    def draw_sheet(self, surface: pygame.Surface, rect: pygame.Rect, size: int) -> None:
        c = self.controller
        m = c.match
        me = c.human_seat if c.human_seat is not None else 0
        title = t("sheet.title")
        if c.match_over:
            title = t("summary.match_won") if me in m.winners else t("fam.match_lost", names=self.names(m.winners))
        y = self.title(surface, rect, title, size)
        n = c.players
        x = [rect.left + 24, rect.left + 84, rect.left + 290, rect.left + 340]
        seat_x0 = rect.left + 470
        colw = (rect.right - 24 - seat_x0) // n
        heads = [t("sheet.deal"), t("sheet2.contract"), "×", _cap(t("term.declarer"))]
        for xi, head in zip(x, heads, strict=True):
            draw_text(surface, head, (xi, y), size, MUTED, max_width=200)
        for s in range(n):
            draw_text(surface, self.name(s), (seat_x0 + s * colw, y), size, MUTED, max_width=colw - 6)
        y += int(size * 1.7)
        pygame.draw.line(surface, MUTED, (rect.left + 20, y - 5), (rect.right - 20, y - 5))
        bottom = rect.bottom - max(36, surface.get_height() // 18) - 70
        step = int(size * 1.45)
        for rec in list(m.history)[-max(1, (bottom - y) // step):]:
            d = rec.details or {}
            made = d.get("made")
            cells = [str(rec.round_no + 1), contract_name(d.get("contract")) if d.get("contract") else "Schnapsen",
                     str(d.get("multiplier", 1)), self.name(d["declarer"]) if "declarer" in d else "–"]
            for xi, cell in zip(x, cells, strict=True):
                draw_text(surface, cell, (xi, y), size, CREAM if made is not False else RED, max_width=200)
            for s in range(min(n, len(rec.scores_after))):
                gain = rec.points[s] if s < len(rec.points) else 0
                text = f"{rec.scores_after[s]}" + (f" (+{gain})" if gain else "")
                draw_text(surface, text, (seat_x0 + s * colw, y), size, BRASS if gain else CREAM, max_width=colw - 6)
            y += step
        pygame.draw.line(surface, MUTED, (rect.left + 20, y), (rect.right - 20, y))
        y += 8
        draw_text(surface, t("sheet.total"), (x[0], y), size, BRASS, bold=True)
        draw_text(surface, t("fam.score.target", target=m.target), (x[1], y), size, MUTED)
        for s in range(n):
            draw_text(surface, str(m.scores[s]), (seat_x0 + s * colw, y), size, BRASS, bold=True)
        if c.match_over:
            y += int(size * 1.6)
            draw_text(surface, t("sheet.bummerl"), (x[0], y), size, MUTED)
            for s in range(n):
                draw_text(surface, str(m.bummerl[s]), (seat_x0 + s * colw, y), size, CREAM)


class SchwimmenSummary(SheetScene):
    """Schwimmen: the revealed hands and lives, then the lives table.

    Once the player is out the bots' deals run by themselves (``schwimmen_watch``): the summary
    counts down to the next deal at the watching pace (− / + change it) and offers "Skip to the
    end" (E); the summary of the deal that put the player out waits for a click."""

    def __init__(self, app: App, table: Any, sheet: bool = False) -> None:
        super().__init__(app, table, sheet)
        from game.ui.scenes.schwimmen_watch import Watch

        self.watch: Any = getattr(table.helper, "watch", None) or Watch()
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
        d = (c.round_result.details or {}) if c.round_result else {}
        losers = set(d.get("losers", ()))
        hands, values = d.get("hands", ()), d.get("values", ())
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


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _pretty(cards: str, style: str = "french") -> str:
    from game.cards import parse_cards
    from game.ui.text import card_name

    try:
        return (", " if style == "german" else " ").join(card_name(c, style) for c in parse_cards(cards))
    except ValueError:
        return cards
