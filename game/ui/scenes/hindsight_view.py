""""Could I have won?" after a Schnapsen deal: the first costly choice and the better line.

The deal's summary offers the button (W).  This overlay replays the deal with all cards open
(``ai.hindsight``), one of the human's decisions at a time, in the bots' worker process so the
window stays responsive (the early decisions, with a full stock, take seconds each), and then
says in words which move cost game points, what was better, and what each line gives.  Left and
Right step through the better line on a small open board (both hands, the stock and its turn-up,
the trick); Esc or Back returns to the summary.

Glossary: stock = Talon; turn-up = the Atout card under the stock; close = zudrehen.
"""

from __future__ import annotations

import multiprocessing
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

import pygame

from ai import hindsight
from game import i18n
from game.i18n import tn
from game.rules import registry
from game.rules.base import Move
from game.rules.schnapsen import parse_move
from game.ui.app import App, Scene
from game.ui.text import deck_style_of, t
from game.ui.widgets import BRASS, CREAM, MUTED, Button, draw_panel, draw_text, layout_row, pointer_action, shade


def round_start(controller: Any) -> tuple[Any, list[str]] | None:
    """The finished deal's first state and its moves, or None when they cannot be rebuilt.

    The deal is dealt again from the match as it stood before the deal (the same seeded rng);
    replaying the logged moves must end where the controller ended, else we say nothing."""
    from game.rules import match as matches

    before = getattr(controller, "_match_before_result", None)  # kept by the controller for undo
    if not registry.spec(controller.game_id).hindsight or before is None or controller.round_result is None:
        return None
    start = matches.start_round(before)
    moves = [m for r, _seat, m in controller.move_log if r == controller.round_no]
    try:
        final = hindsight.final_state(controller.rules, start, moves)
    except Exception:  # an unexpected log: no analysis rather than a wrong one
        return None
    if not controller.rules.is_over(final) or controller.rules.result(final).points != controller.round_result.points:
        return None
    return start, moves


class HindsightJob:
    """Judges the seat's decisions in order (a worker process, or inline for tests and smoke
    runs) until the first one that lost game points, then computes the better line."""

    def __init__(self, rules: Any, start: Any, moves: list[str], seat: int, use_processes: bool = True) -> None:
        self.rules = rules
        self.seat = seat
        self.todo = hindsight.decisions(rules, start, moves, seat)
        final = hindsight.final_state(rules, start, moves)
        pts = rules.result(final).points
        self.points_actual = (int(pts[0]), int(pts[1]))
        self.deal = " ".join(moves)
        self.done_count = 0
        self.judgement: hindsight.Judgement | None = None
        self.report: hindsight.Report | None = None
        self.failed = False
        self._future: Future[Any] | None = None
        self._pool: ProcessPoolExecutor | None = None
        self._use_processes = use_processes
        self._solver = hindsight.Solver()

    @property
    def total(self) -> int:
        return len(self.todo)

    @property
    def finished(self) -> bool:
        return self.report is not None or self.failed

    def poll(self) -> None:
        """Advance by at most one piece of work; never blocks in process mode."""
        if self.finished:
            return
        try:
            if self._use_processes:
                self._poll_worker()
            else:
                self._take(self._work_inline())
        except Exception:  # a failing analysis must never take the summary down
            import logging

            logging.getLogger(__name__).exception("hindsight analysis failed")
            self.failed = True

    def _next_task(self) -> tuple[Any, ...]:
        if self.judgement is None:
            index, state, played = self.todo[self.done_count]
            return (hindsight.judge_task, self.deal, state, index, str(played))
        state = self.todo[self.done_count - 1][1]
        return (hindsight.line_task, self.deal, state, self.judgement.best)

    def _work_inline(self) -> Any:
        fn, _deal, *args = self._next_task()
        if fn is hindsight.judge_task:
            state, index, played = args
            return hindsight.judge(self.rules, state, index, parse_move(played), self._solver)
        return hindsight.better_line(self.rules, args[0], args[1], self._solver)

    def _poll_worker(self) -> None:
        if self._future is None:
            if self._pool is None:
                self._pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
            fn, *args = self._next_task()
            self._future = self._pool.submit(fn, *args)
            return
        if self._future.done():
            future, self._future = self._future, None
            self._take(future.result())

    def _take(self, result: Any) -> None:
        if self.judgement is None:
            self.done_count += 1
            if result.lost > 0:
                self.judgement = result
            elif self.done_count >= self.total:
                self.report = hindsight.Report(self.seat, self.done_count, None, self.points_actual)
                self.close()
            return
        line, pts = result
        finding = hindsight.Finding(self.judgement, line, pts)
        self.report = hindsight.Report(self.seat, self.done_count, finding, self.points_actual)
        self.close()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


def move_words(move: str, style: str) -> str:
    """A move in the player's words: a played card by its name, other moves as in hints."""
    from game.ui.session_helpers import describe_move

    m: Move = parse_move(move)
    if m.kind == "play" and len(m.cards) == 1:  # in words ("ace of hearts"): a sentence, not the status line
        return i18n.card_name(m.cards[0], style)
    return describe_move(m, style)


def outcome_words(value: int, opponent: str) -> str:
    """A deal's result from the human's side: "you win 2 game points" / "Bot wins 1 game point"."""
    return tn("hindsight.wins.you", value) if value > 0 else tn("hindsight.wins", -value, name=opponent)


class HindsightScene(Scene):
    """The overlay: progress, then the finding and the better line to step through."""

    overlay = True

    def __init__(self, app: App, table: Any, job: HindsightJob) -> None:
        super().__init__(app)
        self.table = table
        self.job = job
        self.step = 0
        self.buttons: list[Button] = []
        self._positions: list[Any] = []

    # --- state ----------------------------------------------------------------------------------

    def busy(self) -> bool:
        return not self.job.finished

    def update(self, dt: float) -> None:
        self.job.poll()
        if self.job.report is not None and self.job.report.finding is not None and not self._positions:
            self._positions = self._line_positions()
        self._build_buttons()

    def _line_positions(self) -> list[Any]:
        """The states along the better line: before the better move, then after each move."""
        f = self.job.report.finding if self.job.report else None
        if f is None:
            return []
        state = next(s for i, s, _m in self.job.todo if i == f.index)
        out = [state]
        for _seat, move in f.line:
            state, _ = self.job.rules.apply(state, parse_move(move))
            out.append(state)
        return out

    def _build_buttons(self) -> None:
        w, h = self.app.size
        bh = max(34, h // 20)
        items = []
        if self._positions:
            items = [Button("prev", t("hindsight.prev"), pygame.Rect(0, 0, 0, 0), key=pygame.K_LEFT),
                     Button("next", t("hindsight.next"), pygame.Rect(0, 0, 0, 0), key=pygame.K_RIGHT, default=True)]
            items[0].enabled = self.step > 0
            items[1].enabled = self.step < len(self._positions) - 1
        items.append(Button("back", t("btn.back"), pygame.Rect(0, 0, 0, 0), key=pygame.K_ESCAPE,
                            default=not self._positions))
        rect = self.panel((w, h))
        layout_row(items, rect.centerx, rect.bottom - bh - 12, bh, max_width=rect.width - 40)
        self.buttons = items

    def activate(self, action: str) -> None:
        if action == "back":
            self.app.pop()
        elif action == "prev":
            self.step = max(0, self.step - 1)
        elif action == "next":
            self.step = min(len(self._positions) - 1, self.step + 1) if self._positions else 0

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            key = {pygame.K_ESCAPE: "back", pygame.K_LEFT: "prev", pygame.K_RIGHT: "next",
                   pygame.K_RETURN: "back", pygame.K_KP_ENTER: "back", pygame.K_w: "back"}.get(event.key)
            if key is not None:
                self.activate(key)
        else:
            action = pointer_action(self.buttons, event)
            if action is not None:
                self.activate(action)
        return True

    # --- words ------------------------------------------------------------------------------------

    def lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        """What the panel says (text, colour), without the step line."""
        job = self.job
        style = deck_style_of(self.table)
        opponent = str(self.table.seat_name(1 - job.seat))
        if job.failed:
            return [(t("hindsight.unavailable"), CREAM)]
        if job.report is None:
            return [(t("hindsight.working", k=min(job.done_count + 1, max(1, job.total)), n=max(1, job.total)), CREAM)]
        actual = hindsight.deal_value(job.points_actual, job.seat)
        f = job.report.finding
        if f is None:
            out = [(t("hindsight.none"), CREAM)]
            if actual < 0:
                out.append((t("hindsight.none.lost"), MUTED))
            return out
        state = self._positions[0] if self._positions else None
        trick = sum(state.tally.tricks) + 1 if state is not None else 1
        return [
            (t("hindsight.finding", trick=trick, played=move_words(f.played, style), best=move_words(f.best, style)),
             CREAM),
            (tn("hindsight.lost", f.lost), BRASS),
            (t("hindsight.as_played", outcome=outcome_words(f.judgement.values[f.played], opponent)), MUTED),
            (t("hindsight.better", outcome=outcome_words(f.judgement.values[f.best], opponent)), MUTED),
        ]

    def step_text(self) -> str:
        f = self.job.report.finding if self.job.report else None
        if f is None or not self._positions:
            return ""
        n = len(self._positions) - 1
        if self.step == 0:
            return tn("hindsight.step0", n)
        seat, move = f.line[self.step - 1]
        return t("hindsight.step", k=self.step, n=n, name=self.table.seat_name(seat),
                 move=move_words(move, deck_style_of(self.table)))

    # --- drawing ------------------------------------------------------------------------------------

    def panel(self, size: tuple[int, int]) -> pygame.Rect:
        w, h = size
        tall = bool(self._positions) or not self.job.finished  # words only: a smaller panel
        rect = pygame.Rect(0, 0, min(1000, w - 60), h - 40 if tall else min(h - 40, max(260, h // 2)))
        rect.center = (w // 2, h // 2)
        return rect

    def open_text(self) -> str:
        """The line under the title (the family view says what it opens)."""
        return t("hindsight.open")

    def draw_board(self, surface: pygame.Surface, board: pygame.Rect, size: int, played: str) -> None:
        """The open position of the current step (the family view draws every hand)."""
        from game.ui.scenes.hindsight_board import draw_board

        draw_board(surface, board, self._positions[self.step], self.job.seat, self.table, size,
                   show_last_trick=played.startswith("play"))

    def draw(self, surface: pygame.Surface) -> None:
        from game.ui.scenes.summary import _wrap

        surface.blit(shade(surface.get_size()), (0, 0))
        rect = self.panel(surface.get_size())
        draw_panel(surface, rect, (12, 36, 24, 255), border=BRASS)  # opaque: the summary is below
        h = surface.get_height()
        size = max(14, h // 44)
        y = rect.top + 12
        draw_text(surface, t("hindsight.title"), (rect.centerx, y), int(size * 1.5), BRASS, bold=True,
                  anchor="midtop", max_width=rect.width - 40)
        y += int(size * 1.5) + 6
        draw_text(surface, self.open_text(), (rect.centerx, y), int(size * 0.9), MUTED, anchor="midtop",
                  max_width=rect.width - 40)
        y += int(size * 1.5)
        for text, color in self.lines():
            for line in _wrap(text, size, rect.width - 60):
                draw_text(surface, line, (rect.left + 30, y), size, color)
                y += int(size * 1.3)
        bh = max(34, h // 20)
        bottom = rect.bottom - bh - 24
        if self._positions:
            step = self.step_text()
            draw_text(surface, step, (rect.centerx, bottom - size), size, BRASS, bold=True, anchor="midbottom",
                      max_width=rect.width - 40)
            board = pygame.Rect(rect.left + 20, y + 6, rect.width - 40, bottom - int(size * 2.3) - y - 6)
            f = self.job.report.finding if self.job.report else None
            played = f.line[self.step - 1][1] if f is not None and self.step > 0 else ""
            self.draw_board(surface, board, size, played)
        for b in self.buttons:
            b.draw(surface)
