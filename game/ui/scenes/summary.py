"""End-of-deal summary overlay and the Bummerl score sheet.

The summary shows both sides' card points, marriages and tricks, which case of RULES.md 2.6
applied and why, in words (no rule numbers) (built from ``RoundResult.details`` so every word goes through ``t``), the game
points of the deal and the match score.  "Score sheet" (S) shows every deal of the match; at the
end of the match the sheet opens with the result and the Bummerl.

Glossary: Bummerl = a lost match (two when the loser is Schneider, with 0 game points).
"""

from __future__ import annotations

from typing import Any

import pygame

from game.i18n import tn
from game.rules import registry
from game.ui.app import App, Scene
from game.ui.text import t
from game.ui.widgets import BRASS, CREAM, MUTED, Button, draw_panel, draw_text, layout_row, pointer_action, shade

_RULE_KEYS = {1: "rule.row1", 2: "rule.row2", 3: "rule.row3", 4: "rule.row4", 5: "rule.row5", 6: "rule.row6"}


def explain(result: Any, name: Any, you: int | None = None) -> str:
    """One sentence for the scoring case that applied (RULES.md 2.6), from the result's details
    (or its reason).  Each case has a subject, the player who declared, closed or took the last
    trick, and an opponent; the sentence exists for "you" as the subject (``.you``), for "you"
    as the opponent (``.them``) and for two other players (a demo), so every language can
    conjugate; numbers go through plural forms ("1 trick", "2 game points")."""
    d = getattr(result, "details", {}) or {}
    row = d.get("row")
    if row not in _RULE_KEYS:
        return str(getattr(result, "reason", ""))
    winner = d.get("winner", 0)
    x = d.get("declared_by")
    closer = d.get("closed_by")
    if row in (1, 2, 3, 4):
        subject = x if x is not None else winner
    elif row == 5:
        subject = closer if closer is not None else 1 - winner
    else:
        subject = winner
    other = 1 - subject
    scores, tricks = d.get("scores", (0, 0)), d.get("tricks", (0, 0))
    kw: dict[str, Any] = {
        "p": name(subject), "o": name(other), "score": d.get("declared_score"),
        "gp": tn("count.game_points", int(d.get("game_points", 0))),
        "o_points": scores[other], "o_tricks": tn("count.tricks", int(tricks[other])),
        "c_points": d.get("close_points"), "c_tricks": tn("count.tricks", int(d.get("close_tricks") or 0)),
    }
    suffix = ".you" if subject == you else ".them" if other == you else ""
    return t(_RULE_KEYS[row] + suffix, **kw)




class SummaryScene(Scene):
    """An overlay above the table after a deal; Continue deals the next one."""

    overlay = True

    def __init__(self, app: App, table: Any, sheet: bool = False) -> None:
        super().__init__(app)
        self.table = table
        self.controller = table.controller
        self.sheet = sheet or self.controller.match_over
        self.buttons: list[Button] = []
        self._mouse: tuple[int, int] = (-1, -1)
        #: "Could I have won?" (Schnapsen, a human seat): the analysis, kept while the summary is open
        self._hindsight: Any = None

    def enter(self) -> None:
        self._build_buttons(self._panel(self.app.size))
        if self.app.config.smoke_deals:
            self._auto = 1e-6
        elif self.app.config.demo:
            self._auto = 4.0
        else:
            self._auto = -1.0

    def _build_buttons(self, rect: pygame.Rect) -> None:
        h = self.app.size[1]
        bh = max(36, h // 18)
        over = self.controller.match_over
        if over:
            self.buttons = [Button("new", t("btn.new_match"), pygame.Rect(0, 0, 0, 0), default=True),
                            Button("menu", t("btn.menu"), pygame.Rect(0, 0, 0, 0))]
        elif self.sheet:
            self.buttons = [Button("back", t("btn.back"), pygame.Rect(0, 0, 0, 0)),
                            Button("next", t("btn.next_deal"), pygame.Rect(0, 0, 0, 0), default=True)]
        else:
            self.buttons = [Button("sheet", t("btn.score_sheet"), pygame.Rect(0, 0, 0, 0), key=pygame.K_s),
                            Button("next", t("btn.next_deal"), pygame.Rect(0, 0, 0, 0), default=True)]
        if self._offers_hindsight():
            self.buttons.insert(0, Button("hindsight", t("hindsight.button"), pygame.Rect(0, 0, 0, 0), key=pygame.K_w))
        layout_row(self.buttons, rect.centerx, rect.bottom - bh - 16, bh, max_width=rect.width - 40)
        for b in self.buttons:
            b.hover = b.rect.collidepoint(self._mouse)

    def activate(self, action: str) -> None:
        if action == "next":
            self.app.pop()
            self.table.next_deal()
        elif action == "new":
            self.app.pop()
            self.table.next_deal()
        elif action == "sheet":
            self.sheet = True
        elif action == "back":
            self.sheet = False
        elif action == "menu":
            self.table.back_to_menu()
        elif action == "hindsight":
            self._open_hindsight()

    # --- "Could I have won?" (game.ui.scenes.hindsight_view) -------------------------------------

    def _offers_hindsight(self) -> bool:
        c = self.controller
        return (registry.spec(c.game_id).hindsight and c.human_seat is not None and c.round_result is not None
                and not self.app.config.demo and not self.app.config.smoke_deals and not self.sheet)

    def _open_hindsight(self) -> None:
        from game.ui.scenes.hindsight_view import HindsightJob, HindsightScene, round_start

        if self._hindsight is None:
            found = round_start(self.controller)
            if found is None:
                return
            start, moves = found
            self._hindsight = HindsightJob(self.controller.rules, start, moves, self.controller.human_seat,
                                           use_processes=self.app.config.use_processes)
        self.app.push(HindsightScene(self.app, self.table, self._hindsight))

    def exit(self) -> None:
        if self._hindsight is not None:
            self._hindsight.close()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            if event.type == pygame.MOUSEMOTION:
                self._mouse = event.pos
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
            elif event.key == pygame.K_w and self._offers_hindsight():
                self.activate("hindsight")
            elif event.key == pygame.K_ESCAPE:
                if self.sheet and not self.controller.match_over:
                    self.sheet = False
                else:
                    self.table.back_to_menu()
            return True
        return True  # the table below gets nothing while the summary is open

    def busy(self) -> bool:
        return self._auto > 0  # the next deal starts by itself (bots only, smoke runs)

    def update(self, dt: float) -> None:
        self._build_buttons(self._panel(self.app.size))
        if self._auto > 0:
            self._auto -= dt
            if self._auto <= 0:
                self.activate("new" if self.controller.match_over else "next")

    # --- drawing (changes nothing: the buttons are laid out in update) --------------------------

    def relabel(self) -> None:
        self._build_buttons(self._panel(self.app.size))

    def _panel(self, size: tuple[int, int]) -> pygame.Rect:
        w, h = size
        rows = len(self.controller.match.history) if self.sheet else 0
        want = 440 if not self.sheet else 300 + rows * max(20, h // 30)
        rect = pygame.Rect(0, 0, min(900, w - 80), min(h - 60, max(420, want)))
        rect.center = (w // 2, h // 2)
        return rect

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(shade(surface.get_size()), (0, 0))
        rect = self._panel(surface.get_size())
        draw_panel(surface, rect, (12, 36, 24, 252), border=BRASS)  # opaque: no table text runs through
        if self.sheet:
            self._draw_sheet(surface, rect)
        else:
            self._draw_summary(surface, rect)
        for b in self.buttons:
            b.draw(surface)
        from game.ui.scenes.summary_keys import draw_summary_keys

        draw_summary_keys(surface, rect, self.buttons, self.controller.match_over)

    def _name(self, seat: int) -> str:
        return self.table.seat_name(seat)

    def _draw_summary(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        c = self.controller
        result = c.round_result
        d = getattr(result, "details", {}) or {}
        h = surface.get_height()
        size = max(15, h // 40)
        y = rect.top + 18
        draw_text(surface, t("summary.title"), (rect.centerx, y), int(size * 1.6), BRASS, bold=True,
                  anchor="midtop", max_width=rect.width - 40)
        y += int(size * 1.6) + 18
        seats = list(range(c.players))
        col = [rect.left + int(rect.width * 0.56), rect.left + int(rect.width * 0.8)]
        for i, s in enumerate(seats[:2]):
            draw_text(surface, self._name(s), (col[i], y), size, CREAM, bold=True, anchor="midtop")
        y += int(size * 1.6)
        marriages = d.get("marriages", ())
        rows = [
            (t("summary.points"), [str(x) for x in d.get("card_points", ("", ""))]),
            (t("summary.melds"), [", ".join(f"{20 if s != d.get('trump') else 40} {_sym(s)}"
                                            for s, who in marriages if who == seat) or "–" for seat in seats[:2]]),
            (t("summary.score"), [str(x) for x in d.get("scores", ("", ""))]),
            (t("summary.tricks"), [str(x) for x in d.get("tricks", ("", ""))]),
            (t("summary.game_points"), [str(p) for p in result.points] if result else ["", ""]),
            (t("summary.total"), [str(x) for x in c.match.scores]),
        ]
        for label, values in rows:
            draw_text(surface, label, (rect.left + 30, y), size, MUTED, max_width=int(rect.width * 0.4))
            for i, v in enumerate(values[:2]):
                draw_text(surface, v, (col[i], y), size, CREAM, anchor="midtop", max_width=int(rect.width * 0.2))
            y += int(size * 1.55)
        y += 8
        you = self.table.human_seat if c.human_seat is not None else None
        rule = explain(result, self._name, you) if result else ""
        for line in _wrap(rule, size, rect.width - 60):
            draw_text(surface, line, (rect.left + 30, y), size, BRASS)
            y += int(size * 1.35)

    def _draw_sheet(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        c = self.controller
        m = c.match
        h = surface.get_height()
        size = max(14, h // 44)
        y = rect.top + 18
        title = t("sheet.title")
        if c.match_over:
            me = c.human_seat if c.human_seat is not None else 0
            title = t("summary.match_won") if me in m.winners else t("summary.match_lost",
                                                                   name=self._name(m.winners[0]))
        draw_text(surface, title, (rect.centerx, y), int(size * 1.7), BRASS, bold=True, anchor="midtop",
                  max_width=rect.width - 40)
        y += int(size * 1.7) + 16
        cols = [rect.left + 30, rect.left + 140, rect.left + 230]
        reason_x = rect.left + 330
        draw_text(surface, t("sheet.deal"), (cols[0], y), size, MUTED)
        draw_text(surface, self._name(0), (cols[1], y), size, MUTED, max_width=80)
        draw_text(surface, self._name(1), (cols[2], y), size, MUTED, max_width=90)
        draw_text(surface, t("sheet.reason"), (reason_x, y), size, MUTED)
        y += int(size * 1.8)
        pygame.draw.line(surface, MUTED, (rect.left + 24, y - 5), (rect.right - 24, y - 5))
        bottom = rect.bottom - max(36, h // 18) - 80
        history = list(m.history)
        max_rows = max(1, (bottom - y) // int(size * 1.45))
        for rec in history[-max_rows:]:
            draw_text(surface, str(rec.round_no + 1), (cols[0], y), size, CREAM)
            for i in range(2):
                draw_text(surface, f"{rec.scores_after[i]}" + (f" (+{rec.points[i]})" if rec.points[i] else ""),
                          (cols[1 + i], y), size, CREAM)
            short = explain(_Rec(rec), self._name, self.table.human_seat if c.human_seat is not None else None)
            draw_text(surface, short, (reason_x, y), int(size * 0.85), MUTED, max_width=rect.right - reason_x - 24)
            y += int(size * 1.45)
        pygame.draw.line(surface, MUTED, (rect.left + 24, y), (rect.right - 24, y))
        y += 8
        draw_text(surface, t("sheet.total"), (cols[0], y), size, BRASS, bold=True)
        for i in range(2):
            draw_text(surface, str(m.scores[i]), (cols[1 + i], y), size, BRASS, bold=True)
        if c.match_over:
            y += int(size * 1.6)
            draw_text(surface, t("sheet.bummerl"), (cols[0], y), size, MUTED)
            for i in range(2):
                draw_text(surface, str(m.bummerl[i]), (cols[1 + i], y), size, CREAM)


def warm_fonts(size: tuple[int, int]) -> None:
    """Open the summary's font sizes ahead of time (called while the table opens)."""
    from game.ui.widgets import font

    h = size[1]
    for base in (max(15, h // 40), max(14, h // 44)):
        for k in (1.0, 0.85, 1.6, 1.7):
            font(int(base * k))
            font(int(base * k), True)
    font(max(12, int(max(36, h // 18) * 0.42)))


class _Rec:
    """A score-sheet row looks like a RoundResult to :func:`explain`."""

    def __init__(self, rec: Any) -> None:
        self.details = rec.details
        self.reason = rec.reason


def _sym(letter: str) -> str:
    from game.cards import Suit

    return Suit.parse(letter).symbol


def _wrap(text: str, size: int, width: int) -> list[str]:
    from game.ui.widgets import font

    f = font(size)
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if f.size(trial)[0] > width and line:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines
