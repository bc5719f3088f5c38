"""Statistics: every finished deal and match in an SQLite database in the user's data folder.

The store takes plain values, so it does not depend on the controller's classes.  What the app
has at hand when a deal ends (``game.controller.MatchController``):

- ``c.game_id``, ``c.players``, ``c.levels`` (one per match seat: "human" or a bot level),
  ``c.human_seat`` (match seat or None), ``c.undo_used``, ``c.master_seed``, ``c.round_no``;
- ``c.round_result``: ``RoundResult(points, reason, rule, details)`` of the deal just finished
  (points indexed by *round* seat; Schwimmen: lives lost);
- ``c.match``: ``scores``, ``winners``, ``bummerl``, ``history`` (and ``is_over``).

:func:`deal_from_controller` and :func:`match_from_controller` (in ``game.stats_record``) turn that into the plain values
of :meth:`Stats.record_deal` / :meth:`Stats.record_match`.  Call the first once per finished
deal (when ``c.round_over`` becomes true), the second once when ``c.match_over`` becomes true.

Each deal is filed under the match's stable id (``match_uid``, saved with the match by
``game.persistence``) and its round number, each match under its id; the database holds a
unique key on both and inserts with ``INSERT OR IGNORE``, so recording twice is harmless.  A
result that cannot be written (a locked or read-only database) is kept in memory and written
with the next one that can be.

Opening (``game.stats_db``) keeps a corrupt database (moved aside, a fresh one started), a busy
one (retried, then read-only) and a read-only one (shown, not written) apart, migrates older
schema versions and sets aside only a table of the wrong shape; :attr:`Stats.problem` is the
player's notice.  The journal mode and why: see ``game.stats_db``.  Nothing here raises into
the app (errors are logged).

Glossary: Bummerl = a lost match; zudrehen (close) = closing the stock in Schnapsen;
Zwanziger/Vierziger = marriage (meld) of 20/40.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import stats_db
from game.rules import registry
from game.stats_db import SCHEMA_VERSION  # noqa: F401  (re-exported)
from game.stats_record import deal_from_controller, match_from_controller, match_uid_of  # noqa: F401  (re-exported)

log = logging.getLogger(__name__)

FILE_NAME = "stats.sqlite3"
HUMAN = "human"
#: A busy database is tried again for writing at most this often.
RETRY_SECONDS = 30.0

def match_level(levels: Sequence[str]) -> str:
    """The bot level a match is filed under: the bots' common level, or "mixed"."""
    bots = {lv for lv in levels if lv != HUMAN}
    if len(bots) == 1:
        return bots.pop()
    return "mixed" if bots else HUMAN


@dataclass(frozen=True, slots=True)
class Summary:
    """One row of the statistics screen (per game and level)."""

    game: str
    level: str
    matches: int = 0
    matches_won: int = 0
    deals: int = 0
    deals_won: int = 0
    game_points: int = 0
    contracts_played: int = 0
    contracts_made: int = 0
    closes: int = 0
    melds: int = 0
    lives_lost: int = 0
    bummerl: int = 0
    matches_with_undo: int = 0

    @property
    def win_rate(self) -> float:
        return self.matches_won / self.matches if self.matches else 0.0

    @property
    def average_game_points(self) -> float:
        return self.game_points / self.deals if self.deals else 0.0


class Stats:
    """The statistics store.  ``Stats()`` uses the user's data folder; tests pass a path."""

    def __init__(self, path: Path | None = None) -> None:
        if path is None:
            from game.resources import data_dir

            path = data_dir() / FILE_NAME
        self.path = Path(path)
        self._opened: stats_db.Opened | None = None
        #: The player's notice about this database (message id, params), or None.
        self.problem: tuple[str, dict[str, Any]] | None = None
        #: Results not yet written (a busy or read-only database), oldest first.
        self._pending: list[Callable[[sqlite3.Connection], Any]] = []
        self._retry_at = 0.0

    # --- connection -------------------------------------------------------------------------

    def _open(self) -> sqlite3.Connection:
        """The connection, opened on first use; raises sqlite3.Error when there is none."""
        if self._opened is None:
            self._opened = stats_db.open_db(self.path)
            if self._opened.problem is not None:
                self.problem = self._opened.problem
        if self._opened.conn is None:
            raise sqlite3.OperationalError("the statistics database is not available")
        return self._opened.conn

    @property
    def waiting(self) -> int:
        """Results that could not be written yet (kept in memory, written with the next that can)."""
        return len(self._pending)

    @property
    def writable(self) -> bool:
        self._try_open()
        return self._opened is not None and self._opened.writable

    def _try_open(self) -> None:
        try:
            self._open()
        except sqlite3.Error:
            pass

    def check(self) -> tuple[str, dict[str, Any]] | None:
        """Open now (at start) and return the player's notice, or None when all is well."""
        self._try_open()
        return self.problem

    def _write(self, op: Callable[[sqlite3.Connection], Any]) -> Any:
        """Run ``op`` in a transaction, after any earlier writes that are still waiting.  When it
        cannot be written now it waits in memory (returns None); a busy database is tried again."""
        self._pending.append(op)
        busy = self._opened is not None and not self._opened.writable and self._opened.problem == ("notice.stats_busy", {})
        if busy and time.monotonic() >= self._retry_at:
            # the other process may be done: try the lock again (once; each try may wait
            # BUSY_TIMEOUT in the frame loop, so not more often than every RETRY_SECONDS)
            self.close()
            self._opened = stats_db.open_db(self.path, tries=1)
            self._retry_at = time.monotonic() + RETRY_SECONDS
        self._try_open()
        if self._opened is None or not self._opened.writable or self._opened.conn is None:
            log.warning("stats: could not record now (%s); %d result(s) kept for later",
                        self.problem[0] if self.problem else "no database", len(self._pending))
            return None
        result = None
        try:
            with self._opened.conn as conn:
                for waiting in self._pending:
                    result = waiting(conn)
            self._pending.clear()
        except (sqlite3.Error, OSError):  # OSError: a read-only or blocked data folder
            log.exception("stats: could not record; %d result(s) kept for later", len(self._pending))
            return None
        return result

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        conn = self._open()
        with conn:
            yield conn

    def close(self) -> None:
        if self._opened is not None and self._opened.conn is not None:
            self._opened.conn.close()
        self._opened = None

    # --- recording --------------------------------------------------------------------------

    def record_deal(
        self,
        game: str,
        levels: Sequence[str],
        seat: int,
        points: Sequence[int],
        *,
        round_no: int = 0,
        side_of: Sequence[int] | None = None,
        contract: str | None = None,
        declarer: bool = False,
        made: bool | None = None,
        closes: int = 0,
        melds: int = 0,
        undo_used: bool = False,
        rule: str = "",
        reason: str = "",
        match_seed: int | None = None,
        match_uid: str | None = None,
    ) -> int | None:
        """Store one finished deal from the view of ``seat`` (the human; index into ``points``).

        ``points``: game points per seat (Schwimmen: lives lost per seat).  ``side_of``: the side
        of each seat (Bauernschnapsen partners share one), default one side per seat.  Returns
        the row id, or None when it was recorded before (``match_uid`` and ``round_no``) or
        could not be written yet (kept and written with the next result).
        """
        sides = list(side_of) if side_of is not None else list(range(len(points)))
        spec = registry.GAMES.get(game)
        if spec is not None and spec.lives:
            lives = int(points[seat])
            result, gp = ("lost" if lives else "won"), 0
        else:
            lives = 0
            # partners both carry the side's points in the rules; take the side's best to be safe
            gp = max(int(p) for i, p in enumerate(points) if sides[i] == sides[seat])
            others = any(p > 0 for i, p in enumerate(points) if sides[i] != sides[seat])
            result = "won" if gp > 0 else ("lost" if others else "none")
        row = (match_seed, game, match_level(levels), json.dumps(list(levels)), len(points), seat, round_no, result,
               gp, json.dumps(list(points)), contract, int(declarer), None if made is None else int(made),
               closes, melds, lives, int(undo_used), rule, reason, time.time(), match_uid)

        def insert(conn: sqlite3.Connection) -> int | None:
            cur = conn.execute(
                "INSERT OR IGNORE INTO deals (match_seed, game, level, levels, players, seat, round_no, result,"
                " game_points, points, contract, declarer, made, closes, melds, lives_lost, undo_used, rule, reason,"
                " finished_at, match_uid) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", row)
            return cur.lastrowid if cur.rowcount else None

        return self._write(insert)  # type: ignore[no-any-return]

    def forget_deal(self, match_uid: str, round_no: int) -> None:
        """Take back a deal recorded before: the player undid it at its summary (Ctrl+Z) and
        plays it again, and its new end is recorded in its place.  Queued behind any waiting
        writes, so it also takes back a deal that has not reached the database yet."""

        def delete(conn: sqlite3.Connection) -> None:
            conn.execute("DELETE FROM deals WHERE match_uid = ? AND round_no = ?", (match_uid, round_no))

        self._write(delete)

    def record_match(
        self,
        game: str,
        levels: Sequence[str],
        seat: int,
        scores: Sequence[int],
        winners: Sequence[int],
        bummerl: Sequence[int],
        *,
        deals: int,
        undo_used: bool = False,
        match_seed: int | None = None,
        match_uid: str | None = None,
    ) -> int | None:
        """Store a finished match; its deals (same ``match_uid``; without one, the same
        ``match_seed`` and no match yet) are linked to it.  ``winners``/``bummerl`` as in ``game.rules.match.MatchState``."""
        row = (match_seed, game, match_level(levels), json.dumps(list(levels)), len(scores), seat,
               int(seat in winners), json.dumps(list(scores)), int(bummerl[seat]) if bummerl else 0, deals,
               int(undo_used), time.time(), match_uid)

        def insert(conn: sqlite3.Connection) -> int | None:
            cur = conn.execute(
                "INSERT OR IGNORE INTO matches (match_seed, game, level, levels, players, seat, won, scores, bummerl,"
                " deals, undo_used, finished_at, match_uid) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)", row)
            if not cur.rowcount:
                return None  # recorded before
            match_id = cur.lastrowid
            if match_uid is not None:
                conn.execute("UPDATE deals SET match_id = ? WHERE match_uid = ?", (match_id, match_uid))
            elif match_seed is not None:
                conn.execute("UPDATE deals SET match_id = ? WHERE match_id IS NULL AND game = ? AND match_seed = ?",
                             (match_id, game, match_seed))
            return match_id

        return self._write(insert)  # type: ignore[no-any-return]

    # --- queries ----------------------------------------------------------------------------

    def summary(self, game: str | None = None) -> list[Summary]:
        """One Summary per (game, level) that has data, ordered by game and level."""
        try:
            conn = self._open()
            where, args = ("WHERE game = ?", (game,)) if game else ("", ())
            deal_rows = conn.execute(
                "SELECT game, level, COUNT(*), SUM(result = 'won'), SUM(game_points), SUM(declarer),"
                " SUM(declarer AND made), SUM(closes), SUM(melds), SUM(lives_lost)"
                f" FROM deals {where} GROUP BY game, level", args).fetchall()
            match_rows = conn.execute(
                "SELECT game, level, COUNT(*), SUM(won), SUM(bummerl), SUM(undo_used)"
                f" FROM matches {where} GROUP BY game, level", args).fetchall()
        except (sqlite3.Error, OSError):  # OSError: a read-only or blocked data folder
            log.exception("stats: could not read the summary")
            return []
        table: dict[tuple[str, str], dict[str, int]] = {}
        for g, lv, n, won, gp, played, made, closes, melds, lives in deal_rows:
            table.setdefault((g, lv), {}).update(
                deals=n, deals_won=won or 0, game_points=gp or 0, contracts_played=played or 0,
                contracts_made=made or 0, closes=closes or 0, melds=melds or 0, lives_lost=lives or 0)
        for g, lv, n, won, bummerl, undo in match_rows:
            table.setdefault((g, lv), {}).update(matches=n, matches_won=won or 0, bummerl=bummerl or 0,
                                                 matches_with_undo=undo or 0)
        return [Summary(g, lv, **vals) for (g, lv), vals in sorted(table.items())]

    def deals(self, game: str | None = None) -> list[dict[str, Any]]:
        """The recorded deals as dicts (newest last), e.g. for a history list or a test."""
        return self._rows("deals", game)

    def matches(self, game: str | None = None) -> list[dict[str, Any]]:
        return self._rows("matches", game)

    def _rows(self, table: str, game: str | None) -> list[dict[str, Any]]:
        try:
            conn = self._open()
            where, args = ("WHERE game = ?", (game,)) if game else ("", ())
            cur = conn.execute(f"SELECT * FROM {table} {where} ORDER BY id", args)
            names = [d[0] for d in cur.description]
            return [dict(zip(names, r, strict=True)) for r in cur.fetchall()]
        except (sqlite3.Error, OSError):  # OSError: a read-only or blocked data folder
            log.exception("stats: could not read %s", table)
            return []

    def reset(self, game: str | None = None) -> None:
        """Forget everything, or only one game's rows."""
        def delete(conn: sqlite3.Connection) -> None:
            for table in ("deals", "matches"):
                if game:
                    conn.execute(f"DELETE FROM {table} WHERE game = ?", (game,))
                else:
                    conn.execute(f"DELETE FROM {table}")

        self._write(delete)
