"""End-of-deal overlays and score sheets for Bauern-/Dreierschnapsen and Schwimmen.

:class:`FamilySummary`: the deal's sentence (``game.i18n_results.describe_result``), each side's
card points, score and tricks, the game points of the deal and the match; "Score sheet" (S)
shows the 24-point sheet, one row per deal with contract, declarer and multiplier, and at the
end of the match the winner and the Bummerl.

:class:`SchwimmenSummary` (in :mod:`game.ui.scenes.scoresheets_schwimmen`): every revealed
hand with its value and who lost a life, then the lives table.

The scenes share :class:`SheetScene` (buttons, keys, auto-continue in smoke and demo runs);
``draw`` changes nothing.

Glossary: Bummerl = a lost match; Schneider = a side with 0 game points; schwimmen = playing
on with no lives left.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

import pygame

from game.rules import registry
from game.rules.deal_result import FamilyDeal
from game.ui.app import App, Scene
from game.ui.scenes.table_family_text import contract_name, t
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
        from game.ui.scenes.summary_keys import draw_summary_keys

        draw_summary_keys(surface, rect, self.buttons, self.controller.match_over)

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

    def _deal(self) -> Any:
        """The finished deal's figures: a FamilyDeal, or the SchnapsenDeal of a playoff deal."""
        return self.controller.round_result.details if self.controller.round_result else None

    def _sides(self) -> list[str]:
        if registry.spec(self.controller.game_id).teams:
            # side 0 is forehand's team (RULES.md roles P1+P3), which depends on the dealer
            me = self.controller.human_seat or 0
            mine = self.controller.view.side(me)
            return [t("team.yours") if mine == 0 else t("team.theirs"),
                    t("team.theirs") if mine == 0 else t("team.yours")]
        d = self._deal()
        return [self.name(d.declarer if isinstance(d, FamilyDeal) else 0), _cap(t("side.defenders"))]

    def draw_summary(self, surface: pygame.Surface, rect: pygame.Rect, size: int) -> None:
        c = self.controller
        y = self.title(surface, rect, t("summary.title"), size)
        d = self._deal()
        fam = d if isinstance(d, FamilyDeal) else None
        mult = fam.multiplier if fam else 1
        decl = fam.declarer if fam else 0
        you = self.table.human_seat if c.human_seat is not None else None
        # "Bettler by you", "Bettler von dir": the human in the dative, other players by name
        head = t("sheet2.contract_line", contract=contract_name(fam.contract if fam else None),
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
            for i, v in enumerate(getattr(d, field, ("", ""))[:2]):  # a playoff's SchnapsenDeal has them too
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
            fam = rec.details if isinstance(rec.details, FamilyDeal) else None  # else a playoff deal
            made = fam.made if fam else None
            cells = [str(rec.round_no + 1), contract_name(fam.contract) if fam else "Schnapsen",
                     str(fam.multiplier if fam else 1), self.name(fam.declarer) if fam else "–"]
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


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]
