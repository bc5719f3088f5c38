"""One app per data folder: an OS-level lock on ``kartenstube.lock`` in the user's data folder.

Two copies of the app on the same folders would write over each other's save file and
statistics.  The first copy holds the lock (``filelock``: ``fcntl.flock`` on POSIX,
``msvcrt.locking`` on Windows) for as long as it runs; the operating system drops it when the
process ends, however it ends, so a crash never leaves a stale lock behind.  A second copy finds
the lock held, says that Kartenstube is already running and exits before it opens a window,
writes a log line or reads a file of the player's (``main.py``).
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

LOCK_NAME = "kartenstube.lock"
#: Held for the life of the process (released by the OS at exit).
_held: Any = None


class AlreadyRunning(Exception):
    """Another Kartenstube holds the lock of this data folder."""

    def __init__(self, folder: Path) -> None:
        super().__init__(f"Kartenstube is already running (data folder {folder})")
        self.folder = folder


def acquire(folder: Path) -> bool:
    """Take the data folder's lock for this process.  True when held; False when the lock file
    cannot be made (an unwritable folder: nothing will be written there either, so nothing is
    at risk).  Raises AlreadyRunning when another process holds it."""
    global _held
    import filelock

    lock = filelock.FileLock(str(folder / LOCK_NAME), timeout=0)
    try:
        lock.acquire()
    except filelock.Timeout:
        raise AlreadyRunning(folder) from None
    except OSError as e:
        log.warning("no instance lock in %s (%s)", folder, e)
        return False
    _held = lock
    return True


def release() -> None:
    """Give the lock back (at the end of ``main``; the OS does it anyway at exit)."""
    global _held
    if _held is not None:
        _held.release()
        _held = None


#: Temporary files our atomic writes leave when the process is killed between write and rename.
TEMP_PATTERNS = ("current_match.json.*.tmp", "settings.json.*.tmp", "settings.*.tmp", "*.zip.tmp")
#: A stand-in folder (``game.resources``) without a lock file is removed once it is this old.
STALE_SECONDS = 3600.0


def clean_leftovers(folders: list[Path], temp_root: Path | None = None, keep: Path | None = None) -> list[Path]:
    """Remove what killed runs left behind: temporary files of atomic writes in our own folders
    (safe: we hold the lock, nobody else writes there) and ``kartenstube-*`` stand-in folders in
    the system's temporary folder whose run has ended (its lock is free, or it has none and is
    old).  ``keep`` is this run's own stand-in.  Returns what was removed; never raises."""
    import shutil
    import tempfile
    import time

    import filelock

    removed: list[Path] = []
    for folder in folders:
        for pattern in TEMP_PATTERNS:
            for leftover in _glob(folder, pattern) + _glob(folder / "diagnostics", pattern):
                try:
                    leftover.unlink()
                    removed.append(leftover)
                except OSError as e:
                    log.warning("could not remove the leftover %s (%s)", leftover, e)
    root = temp_root or Path(tempfile.gettempdir())
    for stand_in in _glob(root, "kartenstube-*"):
        if not stand_in.is_dir() or (keep is not None and stand_in == keep) or not _is_stand_in(stand_in):
            continue
        lock_path = stand_in / "data" / LOCK_NAME
        try:
            if lock_path.exists():
                lock = filelock.FileLock(str(lock_path), timeout=0)
                lock.acquire()  # raises Timeout while that run is still going
                lock.release()
            elif time.time() - stand_in.stat().st_mtime < STALE_SECONDS:
                continue  # perhaps a run that is just starting
            shutil.rmtree(stand_in)
            removed.append(stand_in)
        except (filelock.Timeout, OSError):
            continue
    if removed:
        log.info("removed %d leftover(s) of earlier runs: %s", len(removed), ", ".join(p.name for p in removed))
    return removed


def _glob(folder: Path, pattern: str) -> list[Path]:
    try:
        return sorted(folder.glob(pattern))
    except OSError:
        return []


#: What ``game.resources`` puts in a stand-in folder; a ``kartenstube-*`` folder holding
#: anything else belongs to someone else (a build, a benchmark) and is never touched.
STAND_IN_KINDS = frozenset({"config", "data", "state"})


def _is_stand_in(folder: Path) -> bool:
    try:
        return all(entry.is_dir() and entry.name in STAND_IN_KINDS for entry in folder.iterdir())
    except OSError:
        return False
