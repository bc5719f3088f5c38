""""Could I have won?" after a Bauern- or Dreierschnapsen deal: the human's first costly card-play
choice and the better line, with all hands open.

The family summary offers the button (W) through :class:`FamilyHindsightSummary` (the family
table's ``summary_scene``).  The analysis is ``ai.family_hindsight`` (an exact search over the
card play; the measure is the contract's result and its game points, not trick points), run one
decision at a time in a worker process like the Schnapsen view (``hindsight_view``), whose
overlay, buttons and keys this scene shares: Left/Right step through the better line on an open
board of every hand (``family_hindsight_board``), Esc or Back returns to the summary.

What is judged: the human's card play from the first lead (leads, follows, marriages, declaring
66), whatever the human's role.  As declarer or in the declarer's team the question is whether the
contract could have been made (or made for more); as a defender it is whether the defence could
have beaten it (or lost less), and the panel says which of the two it answers.  The auction is
not judged.  A human who sits out (the Bettler declarer's partner) had no choice and is told so.

Glossary: Ausmelden = declare 66; Bettler = lose every trick.
"""

from __future__ import annotations

from typing import Any

import pygame

from ai import family_hindsight as fh
from game.i18n import tn
from game.rules.base import parse_move
from game.ui.scenes.hindsight_view import HindsightJob, HindsightScene, move_words
from game.ui.scenes.scoresheets import FamilySummary
from game.ui.scenes.table_family_text import contract_name
from game.ui.text import deck_style_of, t
from game.ui.widgets import BRASS, CREAM, MUTED, Button, layout_row

FAMILY = ("bauernschnapsen", "dreierschnapsen")


def round_start(controller: Any) -> tuple[Any, list[str]] | None:
    """The finished family deal's first state and its moves, or None when they cannot be rebuilt
    (a playoff deal of Schnapsen, a log that does not end where the controller ended)."""
    from game.rules import match as matches

    before = getattr(controller, "_match_before_result", None)  # kept by the controller for undo
    rules = controller.rules
    if getattr(rules, "id", "") not in FAMILY or before is None or controller.round_result is None:
        return None
    start = matches.start_round(before)
    moves = [m for r, _seat, m in controller.move_log if r == controller.round_no]
    try:
        final = fh.final_state(rules, start, moves)
    except Exception:  # an unexpected log: no analysis rather than a wrong one
        return None
    if not rules.is_over(final) or tuple(rules.result(final).points) != tuple(controller.round_result.points):
        return None
    return start, moves


class FamilyHindsightJob(HindsightJob):
    """The Schnapsen job's polling and worker handling, with the family analysis as its work."""

    def __init__(self, rules: Any, start: Any, moves: list[str], seat: int, use_processes: bool = True) -> None:
        self.rules = rules
        self.seat = seat
        self.todo = fh.decisions(rules, start, moves, seat)
        self.final = fh.final_state(rules, start, moves)
        self.points_actual = tuple(int(p) for p in rules.result(self.final).points)  # type: ignore[assignment]
        self.deal = " ".join(moves)
        self.done_count = 0
        self.judgement = None
        self.report = None
        self.failed = False
        self._future = None
        self._pool = None
        self._use_processes = use_processes
        self._solver = fh.Solver()  # type: ignore[assignment]
        if not self.todo:  # no choice at all (sat out, or every move forced)
            self.report = fh.Report(seat, 0, None, self.points_actual)  # type: ignore[arg-type]

    def _next_task(self) -> tuple[Any, ...]:
        gid = self.rules.id
        if self.judgement is None:
            index, state, played = self.todo[self.done_count]
            return (fh.judge_task, gid, self.deal, state, index, str(played))
        state = self.todo[self.done_count - 1][1]
        return (fh.line_task, gid, self.deal, state, self.judgement.best)

    def _work_inline(self) -> Any:
        fn, _gid, _deal, *args = self._next_task()
        solver: Any = self._solver
        if fn is fh.judge_task:
            state, index, played = args
            return fh.judge(self.rules, state, index, parse_move(played), solver)
        return fh.better_line(self.rules, args[0], args[1], solver)


class FamilyHindsightScene(HindsightScene):
    """The Schnapsen overlay with the family's words and board."""

    def _final(self) -> Any:
        return getattr(self.job, "final", None)

    def role_line(self) -> str:
        """Whose contract it was and which question the analysis answers."""
        s = self._final()
        me = self.job.seat
        contract = contract_name(s.contract)
        if s.declarer == me:
            return t("fhind.role.declarer", contract=contract)
        if s.side(me) == s.side(s.declarer):
            return t("fhind.role.partner", contract=contract)
        return t("fhind.role.defender", contract=contract, name=self.table.seat_name(s.declarer))

    def outcome(self, value: int) -> str:
        """A line's result from the human's side: made or failed, and who wins how many points."""
        s = self._final()
        me = self.job.seat
        ours = s.side(me) == s.side(s.declarer)
        made = (value > 0) == ours
        result = t("fhind.made" if made else "fhind.failed", contract=contract_name(s.contract))
        alone = s.shape.players == 3 and s.declarer == me  # the Dreier declarer plays alone
        if value > 0:
            wins = tn("hindsight.wins.you", value) if alone else tn("fhind.wins.us", value)
        elif s.shape.players == 3 and not ours:
            wins = tn("hindsight.wins", -value, name=self.table.seat_name(s.declarer))
        else:
            wins = tn("fhind.wins.them", -value)
        return t("fhind.outcome", result=result, wins=wins)

    def lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        job = self.job
        if job.failed:
            return [(t("hindsight.unavailable"), CREAM)]
        out: list[tuple[str, tuple[int, int, int]]] = [(self.role_line(), MUTED)]
        if job.report is None:
            return out + [(t("hindsight.working", k=min(job.done_count + 1, max(1, job.total)),
                              n=max(1, job.total)), CREAM)]
        style = deck_style_of(self.table)
        f = job.report.finding
        if f is None:
            if job.report.checked == 0:
                return out + [(t("fhind.no_choice"), CREAM)]
            out.append((t("hindsight.none"), CREAM))
            actual = fh.side_value(self._final(), job.seat)
            if actual < 0:
                out.append((t("fhind.none.lost"), MUTED))
            return out
        state = self._positions[0] if self._positions else None
        trick = len(state.tricks) + 1 if state is not None else 1
        return out + [
            (t("hindsight.finding", trick=trick, played=move_words(f.played, style), best=move_words(f.best, style)),
             CREAM),
            (tn("hindsight.lost", f.lost), BRASS),
            (t("hindsight.as_played", outcome=self.outcome(f.judgement.values[f.played])), MUTED),
            (t("hindsight.better", outcome=self.outcome(f.judgement.values[f.best])), MUTED),
        ]

    def open_text(self) -> str:
        return t("fhind.open")

    def draw_board(self, surface: pygame.Surface, board: pygame.Rect, size: int, played: str) -> None:
        from game.ui.scenes.family_hindsight_board import draw_board

        draw_board(surface, board, self._positions[self.step], self.job.seat, self.table, size,
                   show_last_trick=played.startswith("play"))


class FamilyHindsightSummary(FamilySummary):
    """The family summary with the "Could I have won?" button (W) for a human seat."""

    def __init__(self, app: Any, table: Any, sheet: bool = False) -> None:
        super().__init__(app, table, sheet)
        self._hindsight: FamilyHindsightJob | None = None

    def offers_hindsight(self) -> bool:
        c = self.controller
        return (getattr(c.rules, "id", "") in FAMILY and c.human_seat is not None and c.round_result is not None
                and not self.app.config.demo and not self.app.config.smoke_deals and not self.sheet)

    def _build_buttons(self) -> None:
        super()._build_buttons()
        if not self.offers_hindsight():
            return
        self.buttons.insert(0, Button("hindsight", t("hindsight.button"), pygame.Rect(0, 0, 0, 0), key=pygame.K_w))
        rect = self.panel(self.app.size)
        bh = max(36, self.app.size[1] // 18)
        layout_row(self.buttons, rect.centerx, rect.bottom - bh - 14, bh, max_width=rect.width - 40)

    def activate(self, action: str) -> None:
        if action == "hindsight":
            self.open_hindsight()
        else:
            super().activate(action)

    def open_hindsight(self) -> None:
        if self._hindsight is None:
            found = round_start(self.controller)
            if found is None:
                return
            start, moves = found
            self._hindsight = FamilyHindsightJob(self.controller.rules, start, moves, self.table.human_seat,
                                                 use_processes=self.app.config.use_processes)
        self.app.push(FamilyHindsightScene(self.app, self.table, self._hindsight))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_w and self.offers_hindsight():
            self.activate("hindsight")
            return True
        return super().handle_event(event)

    def exit(self) -> None:
        if self._hindsight is not None:
            self._hindsight.close()
