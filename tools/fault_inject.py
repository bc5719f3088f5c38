"""Fault injection inside the app's own process, for ``tools/faults.py`` (its child side).

The suite runs as root in CI containers, where file modes stop nobody, so "read-only",
"locked" and "disk full" are injected the way the operating system would report them to a
normal user: ``os.access`` says no, opening for writing raises ``PermissionError``, a write
raises ``OSError(ENOSPC)``.  SQLite opens its files itself; a full disk is made real there
with ``PRAGMA max_page_count``.  Each injection is installed before ``main.main`` runs.
"""

from __future__ import annotations

import builtins
import errno
import io
import logging.handlers
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

Match = Callable[[Path], bool]
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC


def _path(value: Any) -> Path | None:
    if isinstance(value, (str, os.PathLike)):
        return Path(os.path.abspath(os.fspath(value)))
    return None


def _error(code: int, path: Path) -> OSError:
    return OSError(code, os.strerror(code), str(path)) if code != errno.EACCES else PermissionError(
        code, os.strerror(code), str(path))


def refuse_writes(match: Match, code: int = errno.EACCES, renames: bool = True, reads: bool = False) -> None:
    """Writes to matching paths fail with ``code`` (and ``os.access`` says W_OK is refused).
    ``renames``: a rename onto a matching path fails too (a read-only folder; a read-only file
    alone does not stop a rename over it on POSIX).  ``reads``: opening for reading fails as well
    (a file locked by another program)."""
    real_open, real_os_open = builtins.open, os.open
    real_replace, real_rename, real_access = os.replace, os.rename, os.access
    real_unlink, real_mkdir = os.unlink, os.mkdir

    def open_(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        p = _path(file)
        if p is not None and match(p) and (reads or any(ch in mode for ch in "wax+")):
            raise _error(code, p)
        return real_open(file, mode, *args, **kwargs)

    def os_open(file: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        p = _path(file)
        if p is not None and match(p) and (reads or flags & _WRITE_FLAGS):
            raise _error(code, p)
        return real_os_open(file, flags, *args, **kwargs)

    def moved(real: Callable[..., Any]) -> Callable[..., Any]:
        def move(src: Any, dst: Any, *args: Any, **kwargs: Any) -> Any:
            for p in (_path(src), _path(dst)):
                if renames and p is not None and match(p):
                    raise _error(code, p)
            return real(src, dst, *args, **kwargs)
        return move

    def gone(real: Callable[..., Any]) -> Callable[..., Any]:
        def remove(path: Any, *args: Any, **kwargs: Any) -> Any:
            p = _path(path)
            if renames and p is not None and match(p):
                raise _error(code, p)
            return real(path, *args, **kwargs)
        return remove

    def access(path: Any, mode: int, *args: Any, **kwargs: Any) -> bool:
        p = _path(path)
        if mode & os.W_OK and p is not None and match(p):
            return False
        return real_access(path, mode, *args, **kwargs)

    builtins.open = io.open = open_  # type: ignore[assignment]
    os.open = os_open  # type: ignore[assignment]
    os.replace, os.rename = moved(real_replace), moved(real_rename)  # type: ignore[assignment]
    os.unlink = os.remove = gone(real_unlink)  # type: ignore[assignment]
    os.mkdir = gone(real_mkdir)  # type: ignore[assignment]
    os.access = access  # type: ignore[assignment]


def in_folder(folder: Path) -> Match:
    folder = Path(os.path.abspath(folder))
    return lambda p: p == folder or p.parent == folder


def named(path: Path, prefix: bool = False) -> Match:
    path = Path(os.path.abspath(path))
    if prefix:  # the file and its temporary siblings (current_match.json.x1y2.tmp)
        return lambda p: p.parent == path.parent and p.name.startswith(path.name)
    return lambda p: p == path


def sqlite_disk_full() -> None:
    """Every statistics connection may not grow the file: inserts fail with SQLITE_FULL."""
    from game import stats_db

    real = stats_db._connect

    def connect(path: Path, read_only: bool) -> Any:
        conn = real(path, read_only)
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
        conn.execute(f"PRAGMA max_page_count = {max(pages, 1)}")
        return conn

    stats_db._connect = connect  # type: ignore[assignment]


def log_disk_full() -> None:
    """The log file's writes fail with ENOSPC (after it was opened)."""
    def emit(self: Any, record: Any) -> None:
        try:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        except OSError:
            self.handleError(record)

    logging.handlers.RotatingFileHandler.emit = emit  # type: ignore[method-assign]
