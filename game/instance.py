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
