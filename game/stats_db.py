"""Opening the statistics database (``game.stats``): three kinds of trouble kept apart, a
schema version with migrations, and a table of the wrong shape repaired on its own.

- **corrupt**: not a database, or ``PRAGMA quick_check`` fails.  The file (and its journal) is
  moved aside as ``stats.sqlite3.corrupt-<time>`` and a fresh database is started.  Nothing
  else ever moves the file.
- **busy**: another process holds a lock.  Opening is retried ``BUSY_TRIES`` times (each
  waiting ``BUSY_TIMEOUT`` seconds inside SQLite); then the database is opened read-only and
  the player is told.  New results are kept in memory and written once the lock is gone.
- **read-only**: the file or its folder cannot be written.  The database is opened read-only
  (``mode=ro``), the statistics screen still shows it, and the player is told.  A database
  from a newer version of the app is treated the same way: shown, never written.

Schema versions live in ``PRAGMA user_version``; :data:`MIGRATIONS` lifts an older database
step by step inside one transaction.  A table whose columns do not fit (a damaged or foreign
table) gets the missing columns that have defaults; when a required column is missing, only
that table is renamed ``<table>_aside_<time>`` and a fresh one is created: the rows of the
other table stay where they are.

Journal mode: the default rollback journal (``DELETE``), not WAL.  The database is written a
few times per deal by a single process (one app per data folder, ``game.instance``), so WAL's
concurrent readers buy nothing; the rollback journal keeps the database one file (no ``-wal``
or ``-shm`` beside it to lose when the player copies or backs it up), and it can still be read
from a read-only folder or medium, which WAL cannot do without its ``-shm`` file.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

SCHEMA_VERSION = 2
#: How often opening is tried while another process holds the lock, and SQLite's wait per try.
BUSY_TRIES = 3
BUSY_TIMEOUT = 1.0

#: table -> (column, declaration); a declaration with NOT NULL needs a DEFAULT to be addable.
COLUMNS: dict[str, tuple[tuple[str, str], ...]] = {
    "deals": (
        ("id", "INTEGER PRIMARY KEY"), ("match_id", "INTEGER REFERENCES matches(id)"),
        ("match_seed", "INTEGER"), ("game", "TEXT NOT NULL"), ("level", "TEXT NOT NULL"),
        ("levels", "TEXT NOT NULL"), ("players", "INTEGER NOT NULL"), ("seat", "INTEGER NOT NULL"),
        ("round_no", "INTEGER NOT NULL"), ("result", "TEXT NOT NULL"), ("game_points", "INTEGER NOT NULL"),
        ("points", "TEXT NOT NULL"), ("contract", "TEXT"), ("declarer", "INTEGER NOT NULL DEFAULT 0"),
        ("made", "INTEGER"), ("closes", "INTEGER NOT NULL DEFAULT 0"), ("melds", "INTEGER NOT NULL DEFAULT 0"),
        ("lives_lost", "INTEGER NOT NULL DEFAULT 0"), ("undo_used", "INTEGER NOT NULL DEFAULT 0"),
        ("rule", "TEXT NOT NULL DEFAULT ''"), ("reason", "TEXT NOT NULL DEFAULT ''"),
        ("finished_at", "REAL NOT NULL"), ("match_uid", "TEXT"),
    ),
    "matches": (
        ("id", "INTEGER PRIMARY KEY"), ("match_seed", "INTEGER"), ("game", "TEXT NOT NULL"),
        ("level", "TEXT NOT NULL"), ("levels", "TEXT NOT NULL"), ("players", "INTEGER NOT NULL"),
        ("seat", "INTEGER NOT NULL"), ("won", "INTEGER NOT NULL"), ("scores", "TEXT NOT NULL"),
        ("bummerl", "INTEGER NOT NULL"), ("deals", "INTEGER NOT NULL"),
        ("undo_used", "INTEGER NOT NULL DEFAULT 0"), ("finished_at", "REAL NOT NULL"), ("match_uid", "TEXT"),
    ),
}
#: One row per deal of a match and one per match: recording twice is harmless (INSERT OR IGNORE).
INDEXES = (
    "CREATE INDEX IF NOT EXISTS deals_game_level ON deals(game, level)",
    "CREATE INDEX IF NOT EXISTS matches_game_level ON matches(game, level)",
    "CREATE UNIQUE INDEX IF NOT EXISTS deals_once ON deals(match_uid, round_no)",
    "CREATE UNIQUE INDEX IF NOT EXISTS matches_once ON matches(match_uid)",
)


def _v1_to_v2(conn: sqlite3.Connection) -> None:
    """Version 2 files each deal and match under the match's stable id (``match_uid``)."""
    for table in COLUMNS:
        if "match_uid" not in _columns(conn, table):
            conn.execute(f"ALTER TABLE {table} ADD COLUMN match_uid TEXT")


#: from_version -> the step to from_version + 1 (version 0 = an empty, new file).
MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {1: _v1_to_v2}


@dataclass
class Opened:
    """An open database: ``writable`` False means read-only for this run; ``problem`` is the
    player's notice as (message id, params), or None; ``tables_aside`` names renamed tables."""

    conn: sqlite3.Connection | None
    writable: bool
    problem: tuple[str, dict[str, Any]] | None = None
    tables_aside: list[str] = field(default_factory=list)


class Busy(Exception):
    """Another process holds the database's lock."""


def _is_busy(exc: sqlite3.Error) -> bool:
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
    return "locked" in str(exc) or "busy" in str(exc)


def _columns(conn: sqlite3.Connection, table: str) -> list[str]:
    return [r[1] for r in conn.execute(f"PRAGMA table_info({table})")]


def _can_write(path: Path) -> bool:
    folder_ok = os.access(path.parent, os.W_OK | os.X_OK)
    return folder_ok and (not path.exists() or os.access(path, os.W_OK))


def open_db(path: Path, tries: int = 0) -> Opened:
    """Open (creating or migrating as needed) the database at ``path``; never raises."""
    tries = tries or BUSY_TRIES
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        log.warning("stats: no folder for %s (%s)", path, e)
    for attempt in range(tries):
        try:
            if not _can_write(path):
                return _read_only(path, ("notice.stats_read_only", {"path": str(path)}))
            return _open_rw(path)
        except Busy:
            log.warning("stats: %s is locked by another process (try %d of %d)", path, attempt + 1, tries)
            continue
        except sqlite3.DatabaseError as e:
            aside = set_aside(path, e)
            try:
                opened = _open_rw(path)
            except (Busy, sqlite3.Error, OSError) as again:
                log.warning("stats: no fresh database either (%s)", again)
                return Opened(None, False, ("notice.stats_corrupt", {"path": str(aside or path)}))
            opened.problem = ("notice.stats_corrupt", {"path": str(aside or path)})
            return opened
        except OSError as e:
            log.warning("stats: cannot open %s (%s)", path, e)
            return _read_only(path, ("notice.stats_read_only", {"path": str(path)}))
    return _read_only(path, ("notice.stats_busy", {}))


def _connect(path: Path, read_only: bool) -> sqlite3.Connection:
    if read_only:
        return sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True, timeout=BUSY_TIMEOUT)
    return sqlite3.connect(path, timeout=BUSY_TIMEOUT)


def _check(conn: sqlite3.Connection) -> int:
    """The file's schema version once ``quick_check`` says it is sound; raises DatabaseError."""
    try:
        ok = conn.execute("PRAGMA quick_check").fetchone()
    except sqlite3.OperationalError as e:
        if _is_busy(e):
            raise Busy(str(e)) from e
        raise
    if not ok or ok[0] != "ok":
        raise sqlite3.DatabaseError(f"quick_check says {ok!r}")
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def _open_rw(path: Path) -> Opened:
    conn = _connect(path, read_only=False)
    try:
        version = _check(conn)
        if version > SCHEMA_VERSION:
            conn.close()
            log.warning("stats: %s comes from a newer version (%d): read only", path, version)
            return _read_only(path, ("notice.stats_newer", {}))
        conn.execute("PRAGMA journal_mode=DELETE")
        conn.execute("BEGIN IMMEDIATE")  # the write lock now, so a busy file fails here and not halfway
        aside = _prepare(conn, version)
        conn.execute("COMMIT")
    except sqlite3.OperationalError as e:
        conn.close()
        if _is_busy(e):
            raise Busy(str(e)) from e
        if "readonly" in str(e).replace(" ", "").lower():
            return _read_only(path, ("notice.stats_read_only", {"path": str(path)}))
        raise
    except BaseException:
        conn.close()
        raise
    problem = ("notice.stats_table_aside", {"tables": ", ".join(aside)}) if aside else None
    return Opened(conn, True, problem, aside)


def _prepare(conn: sqlite3.Connection, version: int) -> list[str]:
    """Migrate to SCHEMA_VERSION and make every table fit; returns the tables set aside."""
    existing = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    aside: list[str] = []
    if existing & set(COLUMNS):
        for v in range(max(version, 1), SCHEMA_VERSION):
            step = MIGRATIONS.get(v)
            if step is not None and all(t in existing for t in COLUMNS):
                step(conn)
    for table, columns in COLUMNS.items():
        if table in existing and not _fit(conn, table, columns):
            stamp = time.strftime("%Y%m%d_%H%M%S")
            new_name = f"{table}_aside_{stamp}"
            n = 1
            while new_name in existing:
                new_name, n = f"{table}_aside_{stamp}_{n}", n + 1
            conn.execute(f"ALTER TABLE {table} RENAME TO {new_name}")
            # the old table's indexes keep their names: free them for the fresh table
            for (index,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ?"
                                         " AND sql IS NOT NULL", (new_name,)).fetchall():
                conn.execute(f"DROP INDEX {index}")
            log.warning("stats: table %s had the wrong shape; kept as %s, the other tables untouched",
                        table, new_name)
            aside.append(new_name)
            existing.add(new_name)
            existing.discard(table)
        if table not in existing:
            body = ", ".join(f"{name} {decl}" for name, decl in columns)
            conn.execute(f"CREATE TABLE {table} ({body})")
    for sql in INDEXES:
        conn.execute(sql)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    return aside


def _fit(conn: sqlite3.Connection, table: str, columns: tuple[tuple[str, str], ...]) -> bool:
    """Add the missing columns that can be added; False when a required one cannot be."""
    have = set(_columns(conn, table))
    missing = [(n, d) for n, d in columns if n not in have]
    if any("NOT NULL" in d and "DEFAULT" not in d or "PRIMARY KEY" in d for _, d in missing):
        return False
    for name, decl in missing:
        conn.execute(f"ALTER TABLE {table} ADD COLUMN {name} {decl.replace(' REFERENCES matches(id)', '')}")
    return True


def _read_only(path: Path, problem: tuple[str, dict[str, Any]]) -> Opened:
    """Open for reading only (the statistics screen still shows everything)."""
    log.warning("stats: %s opened read-only (%s)", path, problem[0])
    if not path.exists():
        return Opened(None, False, problem)
    try:
        conn = _connect(path, read_only=True)
    except sqlite3.Error as e:
        log.warning("stats: cannot even read %s (%s)", path, e)
        return Opened(None, False, problem)
    return Opened(conn, False, problem)


def set_aside(path: Path, exc: Exception) -> Path | None:
    """Move a corrupt database and its journal aside; never overwrites another file."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while target.exists():
        target, n = path.with_name(f"{path.name}.corrupt-{stamp}-{n}"), n + 1
    log.warning("stats: database %s unusable (%s); moved to %s and starting afresh", path, exc, target)
    try:
        for suffix in ("", "-journal", "-wal", "-shm"):
            side = path.with_name(path.name + suffix)
            if side.exists():
                side.rename(target.with_name(target.name + suffix))
    except OSError as e:
        log.warning("stats: could not move %s aside (%s)", path, e)
        return None
    return target
