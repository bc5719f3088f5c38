"""A crash is never silent: what the app leaves for the next start after an unexpected error.

When the app stops on an error it could not recover from, :func:`write_marker` leaves a small
JSON file beside the log (the error's last line, the time, the log's path).  The next start
takes it (:func:`take_marker`, which also removes it) and says what happened and that the match,
saved before the failing action, can be continued.  A marker that is not what we wrote (garbage,
wrong types) is removed and ignored: it can only ever cost one message.
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
import time
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

MARKER = "last_crash.json"


def write_marker(folder: Path | None, error: str, log_path: Path | None = None) -> Path | None:
    """Leave the marker in ``folder`` (atomically); returns its path, None when it cannot."""
    if folder is None:
        return None
    data = {"time": time.strftime("%Y-%m-%d %H:%M:%S"), "error": error.strip().splitlines()[-1][:300] if error.strip() else "?",
            "log": str(log_path) if log_path else ""}
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=MARKER + ".", suffix=".tmp", dir=folder)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f)
        os.replace(tmp, folder / MARKER)
    except OSError:
        log.warning("could not leave the crash note in %s", folder, exc_info=True)
        return None
    return folder / MARKER


def take_marker(folder: Path | None) -> dict[str, str] | None:
    """The marker an earlier run left, removed from disk; None when there is none (or a bad one)."""
    if folder is None:
        return None
    path = folder / MARKER
    try:
        raw = path.read_text(encoding="utf-8")
    except OSError:
        return None
    try:
        path.unlink()
    except OSError:
        log.warning("could not remove the crash note %s", path)
    try:
        data: Any = json.loads(raw)
    except ValueError:
        return None
    if not isinstance(data, dict) or not all(isinstance(data.get(k), str) for k in ("time", "error", "log")):
        return None
    return {k: data[k] for k in ("time", "error", "log")}
