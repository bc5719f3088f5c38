"""MatchController: owns the match, asks seats for moves, never blocks the frame loop.

cpatrasciuc's controller turned into polling (ARCHITECTURE.md "The controller and the frame loop"):
the table scene calls :meth:`tick` every frame while its animations are idle.  A bot seat's
decision is computed in a worker *process* (search is CPU-heavy; a thread would stall the frame
loop through the GIL) from the seat's observation only; later ticks poll the future and apply the
move once it is ready and the configured pause has passed.  A human seat sets ``awaiting_human``.

Every decision of a bot uses its own rng derived from the master seed, the round and the number of
moves made so far, so replaying a move list (load, undo) gives the same game.

Faults (issue 10): a worker that raises or dies is replaced, and a bot that exceeds its time
budget is answered by a simpler fallback agent for that decision; each is logged.  What runs in
the worker, the fallback and stopping the worker live in ``game.bot_worker``.
"""

from __future__ import annotations

import logging
import multiprocessing
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from random import Random
from typing import Any

from ai.base import Agent, make_agent
from game.bot_worker import explain, fallback_move, stop_pool, think
from game.rules import match as matches
from game.rules import registry
from game.rules.base import IllegalMove, Move, RoundResult
from game.rules.events import RoundOver, RoundStarted
from game.rules.messages import Reason
from game.rules.seeds import derive_seed
from game.seat_view import SeatView

log = logging.getLogger(__name__)

HUMAN = "human"
DEFAULT_BOT_LEVEL = "player"
#: Seconds a bot may think before its fallback answers; search keeps well inside this.
BOT_TIME_BUDGET = 8.0


class MatchController:
    def __init__(
        self,
        game_id: str,
        players: int,
        *,
        human_seat: int | None = 0,
        levels: Sequence[str] | None = None,
        options: Any = None,
        master_seed: int | None = None,
        bot_pause: float = 0.6,
        use_processes: bool = True,
        first_dealer: int | None = None,
        think_fn: Callable[..., Move] = think,
    ) -> None:
        self.game_id = game_id
        self.players = players
        self.human_seat = human_seat
        self.master_seed = master_seed if master_seed is not None else int(time.time() * 1000) & 0xFFFFFFFF
        if first_dealer is None:
            first_dealer = derive_seed(self.master_seed, "first dealer") % players
        self.levels = self._levels(levels)
        self.bot_pause = bot_pause
        self.use_processes = use_processes
        self.think_fn = think_fn
        self.bot_time_budget = BOT_TIME_BUDGET
        self.match: Any = matches.new_match(game_id, players, options, self.master_seed, first_dealer)
        self.options = self.match.options
        self.move_log: list[tuple[int, int, str]] = []
        self.undo_used = False
        self.on_change: Callable[[MatchController], None] | None = None
        self._events: list[Any] = []
        #: The read-only view the user interface reads the match through.
        self.view = SeatView(self)
        self._executor: ProcessPoolExecutor | None = None
        self._future: Future[Move] | None = None
        self._future_seat = -1
        self._future_started = 0.0
        self._inline_move: Move | None = None
        self._agents: dict[tuple[int, str], Agent] = {}
        self._hint_future: Future[tuple[Move, Reason]] | None = None
        self._hint_for: tuple[int, int] | None = None
        self._hint_ready: tuple[Move, Reason] | None = None
        self._start_round()

    # --- seats ---------------------------------------------------------------------------------

    def _levels(self, levels: Sequence[str] | None) -> tuple[str, ...]:
        if levels is None:
            levels = [HUMAN if s == self.human_seat else DEFAULT_BOT_LEVEL for s in range(self.players)]
        if len(levels) != self.players:
            raise ValueError(f"need {self.players} seat levels, got {len(levels)}")
        return tuple(levels)

    def match_seat(self, round_seat: int) -> int:
        return matches.seat_map(self.match)[round_seat]

    def round_seat(self, match_seat: int | None) -> int | None:
        mapping = matches.seat_map(self.match)
        return mapping.index(match_seat) if match_seat in mapping else None

    def is_human(self, round_seat: int) -> bool:
        return self.levels[self.match_seat(round_seat)] == HUMAN

    # --- rounds --------------------------------------------------------------------------------

    def _start_round(self) -> None:
        self.rules = matches.round_rules(self.match)
        self.state = matches.start_round(self.match)
        self.round_no = self.match.round_no
        self.round_moves: list[Move] = []
        self.round_result: RoundResult | None = None
        self._match_before_result: Any = None
        self._cancel_thinking()
        self._events.append(RoundStarted(self.round_no, self._round_dealer()))

    def _round_dealer(self) -> int:
        return int(getattr(self.state, "dealer", getattr(self.match, "dealer", 0)))

    @property
    def round_over(self) -> bool:
        return self.round_result is not None

    @property
    def match_over(self) -> bool:
        return bool(self.match.is_over)

    def next_round(self) -> None:
        """After the summary: deal the next round (no-op once the match is over)."""
        if self.round_result is None or self.match_over:
            return
        self._start_round()

    def _finish_round_if_over(self) -> None:
        if self.round_result is None and self.rules.is_over(self.state):
            result = self.rules.result(self.state)
            self.round_result = result
            self._match_before_result = self.match  # for an undo at the deal's summary
            self.match = matches.finish_round(self.match, result)
            self._events.append(RoundOver(result))

    # --- the frame loop's entry point ----------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        return None if self.round_result is not None else self.rules.to_move(self.state)

    @property
    def awaiting_human(self) -> bool:
        seat = self.to_move
        return seat is not None and self.is_human(seat)

    def tick(self, now: float | None = None) -> None:
        """Advance bots without blocking; call every frame while the table is idle."""
        now = time.monotonic() if now is None else now
        seat = self.to_move
        if seat is None or self.is_human(seat):
            return
        if self._future is None and self._inline_move is None:
            self._start_thinking(seat, now)
        move = self._poll_thinking(seat, now)
        if move is not None and now - self._future_started >= self.bot_pause:
            self._future = None
            self._inline_move = None
            self._apply(seat, move)

    def _decision_seed(self, seat: int) -> int:
        return derive_seed(self.master_seed, "bot", self.match_seat(seat), self.round_no, len(self.round_moves))

    def _start_thinking(self, seat: int, now: float) -> None:
        level = self.levels[self.match_seat(seat)]
        obs = self.rules.observe(self.state, seat)
        legal = self.rules.legal_moves(self.state)
        seed = self._decision_seed(seat)
        game = self.rules.id
        self._future_seat = seat
        self._future_started = now
        if len(legal) == 1:
            self._inline_move = legal[0]  # nothing to think about
        elif not self.use_processes:
            self._inline_move = self._guarded(lambda: self.think_fn(game, level, seat, obs, legal, seed), seat)
        else:
            try:
                self._future = self._pool().submit(self.think_fn, game, level, seat, obs, legal, seed)
            except (BrokenProcessPool, RuntimeError):
                log.warning("bot worker unavailable; replacing it and using the fallback for seat %d", seat)
                self._reset_pool()
                self._inline_move = fallback_move(game, seat, obs, legal, seed)

    def _guarded(self, fn: Callable[[], Move], seat: int) -> Move:
        legal = self.rules.legal_moves(self.state)
        try:
            move = fn()
            if move in legal:
                return move
            log.warning("bot at seat %d proposed illegal move %s; using the fallback", seat, move)
        except Exception:
            log.exception("bot at seat %d raised; using the fallback", seat)
        return fallback_move(self.rules.id, seat, self.rules.observe(self.state, seat), legal, self._decision_seed(seat))

    def _poll_thinking(self, seat: int, now: float) -> Move | None:
        if self._inline_move is not None:
            return self._inline_move
        future = self._future
        if future is None:
            return None
        if future.done():
            if isinstance(future.exception(), BrokenProcessPool):
                log.warning("bot worker died; replacing it")
                self._reset_pool()
            self._inline_move = self._guarded(future.result, seat)
            return self._inline_move
        if now - self._future_started > self.bot_time_budget:
            log.warning("bot at seat %d exceeded %.1f s; the fallback answers", seat, self.bot_time_budget)
            future.cancel()
            self._reset_pool()  # the worker may be stuck in a long search
            self._inline_move = fallback_move(
                self.rules.id, seat, self.rules.observe(self.state, seat), self.rules.legal_moves(self.state),
                self._decision_seed(seat))
            return self._inline_move
        return None

    # --- the human seat ------------------------------------------------------------------------

    def legal_moves(self) -> tuple[Move, ...]:
        return self.rules.legal_moves(self.state) if self.awaiting_human else ()

    def explain_illegal(self, move: Move) -> Reason | None:
        """Why ``move`` would be refused now; None if it is legal."""
        if not self.awaiting_human:
            return Reason("not_your_turn")
        try:
            self.rules.apply(self.state, move)
        except IllegalMove as e:
            return e.reason
        return None

    def submit(self, move: Move) -> None:
        """The human's move; raises IllegalMove with a reason if it is not legal now."""
        if not self.awaiting_human:
            raise IllegalMove(Reason("not_your_turn"), move)
        seat = self.to_move
        assert seat is not None  # awaiting_human implies a seat to move
        self._apply(seat, move)

    def _apply(self, seat: int, move: Move) -> None:
        self.state, events = self.rules.apply(self.state, move)  # raises IllegalMove, state unchanged
        self.round_moves.append(move)
        self.move_log.append((self.round_no, self.match_seat(seat), str(move)))
        self._events.extend(e for e in events if not isinstance(e, RoundOver))
        self._finish_round_if_over()
        if self.on_change is not None:
            self.on_change(self)

    def observation(self, seat: int | None = None) -> Any:
        if seat is None:
            seat = self.round_seat(self.human_seat) if self.human_seat is not None else 0
            seat = 0 if seat is None else seat
        return self.rules.observe(self.state, seat)

    @property
    def pending_events(self) -> tuple[Any, ...]:
        """The events not drained yet (read-only; the table drains them)."""
        return tuple(self._events)

    def drain_events(self) -> list[Any]:
        events, self._events = self._events, []
        return events

    def hint(self) -> tuple[Move, Reason]:
        """The expert's suggestion for the human's current decision, with its reason (a structured message)."""
        seat = self.to_move
        if seat is None or not self.is_human(seat):
            raise IllegalMove(Reason("no_decision"))
        agent = make_agent(self.rules.id, "expert", seat)
        return agent.explain(self.rules.observe(self.state, seat), self.rules.legal_moves(self.state),
                             Random(self._decision_seed(seat)))

    def request_hint(self) -> None:
        """Start thinking about a hint without blocking (worker process); poll with
        :meth:`poll_hint`.  Raises IllegalMove when there is no decision of the human's."""
        seat = self.to_move
        if seat is None or not self.is_human(seat):
            raise IllegalMove(Reason("no_decision"))
        key = (self.round_no, len(self.round_moves))
        if self._hint_for == key and (self._hint_future is not None or self._hint_ready is not None):
            return
        self._hint_for, self._hint_ready, self._hint_future = key, None, None
        args = (self.rules.id, seat, self.rules.observe(self.state, seat), self.rules.legal_moves(self.state),
                self._decision_seed(seat))
        if self.use_processes:
            try:
                self._hint_future = self._pool().submit(explain, *args)
                return
            except (BrokenProcessPool, RuntimeError):
                self._reset_pool()
        self._hint_ready = explain(*args)

    def poll_hint(self) -> tuple[Move, Reason] | None:
        """The hint once it is ready (and still about the current decision), else None.
        Raises whatever the hint computation raised."""
        if self._hint_for != (self.round_no, len(self.round_moves)):
            self._hint_future, self._hint_ready, self._hint_for = None, None, None
            return None
        if self._hint_future is not None and self._hint_future.done():
            future, self._hint_future = self._hint_future, None
            self._hint_ready = future.result()
        return self._hint_ready

    @property
    def hint_pending(self) -> bool:
        return self._hint_future is not None

    def undo(self) -> bool:
        """Take back the human's last decision in this round by replaying the round's moves
        before it (same deal, same bot decisions).  Returns False when there is nothing to undo.

        At a deal's summary the deal is taken back too (the match's score as before it), as long
        as the match is not over: a finished match has been written to the statistics."""
        if self.round_result is not None:
            if self.match_over or self._match_before_result is None:
                return False
            if self.round_seat(self.human_seat) is None or not any(
                    e[0] == self.round_no and e[1] == self.human_seat for e in self.move_log):
                return False  # the human sat this deal out or made no decision in it
            self.match = self._match_before_result
            self._match_before_result = None
            self.round_result = None
        human_round_seat = self.round_seat(self.human_seat)
        entries = [e for e in self.move_log if e[0] == self.round_no]
        last = max((i for i, e in enumerate(entries) if e[1] == self.human_seat), default=None)
        if last is None or human_round_seat is None:
            return False
        keep = self.round_moves[:last]
        self._cancel_thinking()
        state = matches.start_round(self.match)
        for m in keep:
            state, _ = self.rules.apply(state, m)
        self.state = state
        self.round_moves = list(keep)
        drop = len(entries) - last
        del self.move_log[len(self.move_log) - drop:]
        self.undo_used = True
        self._events.append(RoundStarted(self.round_no, self._round_dealer()))
        if self.on_change is not None:
            self.on_change(self)
        return True

    # --- replay (load) -------------------------------------------------------------------------

    def replay(self, log_entries: Sequence[tuple[int, int, str]]) -> None:
        """Re-apply a saved move list on a fresh controller with the same seed and options.
        Raises IllegalMove/ValueError if the list does not fit (a corrupt or foreign save)."""
        for round_no, seat, text in log_entries:
            while self.round_result is not None and not self.match_over:
                self.next_round()
            if round_no != self.round_no:
                raise ValueError(f"save file moves for round {round_no} but the match is in round {self.round_no}")
            to_move = self.to_move
            if to_move is None or self.match_seat(to_move) != seat:
                raise ValueError(f"save file says seat {seat} moves, but it is seat {to_move}'s turn")
            self._apply(to_move, _parse(self.rules, text))
        self._events.clear()
        self._events.append(RoundStarted(self.round_no, self._round_dealer()))

    # --- worker process ------------------------------------------------------------------------

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            # spawn, not fork: the parent holds an SDL window, and spawn is what Windows/macOS use.
            self._executor = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
        return self._executor

    def _reset_pool(self) -> None:
        if self._executor is not None:
            executor, self._executor = self._executor, None
            stop_pool(executor)

    def _cancel_thinking(self) -> None:
        if self._future is not None:
            self._future.cancel()
        self._future = None
        self._inline_move = None

    def close(self) -> None:
        self._cancel_thinking()
        self._reset_pool()


def _parse(rules: Any, text: str) -> Move:
    move: Move = registry.parse_move(rules.id, text)
    return move
