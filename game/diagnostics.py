"""Logging to a rotated file per run in the user's state folder, and the diagnostic bundle.

The bundle is one zip file a player can send with a bug report: the recent logs, the settings
and the current match record (game, options, master seed, move list), which replays the match
exactly.  Nothing is ever sent anywhere by the app.
"""

from __future__ import annotations

import json
import logging
import logging.handlers
import platform
import sys
import time
import zipfile
from pathlib import Path
from typing import Any

LOG_NAME = "kartenstube.log"
#: One file per run: the handler rolls the previous run's log over at start-up.
KEEP_RUNS = 5


def setup_logging(folder: Path | None, verbose: bool = False) -> Path | None:
    """Log to stderr and, when the folder is writable, to ``folder/kartenstube.log`` (the last
    ``KEEP_RUNS`` runs kept as .1 .. .5).  Returns the log path, or None without a file log."""
    root = logging.getLogger()
    root.setLevel(logging.DEBUG if verbose else logging.INFO)
    # a log that cannot be written (a full disk) loses lines, never prints tracebacks at the player
    logging.raiseExceptions = False
    fmt = logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s")
    if not any(isinstance(h, logging.StreamHandler) and not isinstance(h, logging.FileHandler)
               for h in root.handlers):
        stream = logging.StreamHandler()
        stream.setFormatter(fmt)
        stream.setLevel(logging.WARNING if not verbose else logging.DEBUG)
        root.addHandler(stream)
    if folder is None:
        return None
    path = folder / LOG_NAME
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handler = logging.handlers.RotatingFileHandler(path, maxBytes=2_000_000, backupCount=KEEP_RUNS,
                                                       encoding="utf-8", delay=False)
        if path.stat().st_size > 0:
            handler.doRollover()  # a fresh file for this run
    except OSError as e:
        logging.getLogger(__name__).warning("no log file (%s): %s", path, e)
        return None
    handler.setFormatter(fmt)
    root.addHandler(handler)
    logging.getLogger(__name__).info("Kartenstube started: Python %s on %s", sys.version.split()[0], platform.platform())
    return path


def write_diagnostic_bundle(target: Path, log_folder: Path | None, settings: dict[str, Any] | None,
                            match_record: dict[str, Any] | None) -> Path:
    """Write one zip with the logs, settings and match record; returns its path.

    Raises OSError when the target cannot be written (the caller reports it)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_suffix(target.suffix + ".tmp")
    try:
        _write_bundle(tmp, log_folder, settings, match_record)
        tmp.replace(target)
    except BaseException:
        tmp.unlink(missing_ok=True)  # a failed bundle leaves nothing behind
        raise
    return target


def _write_bundle(tmp: Path, log_folder: Path | None, settings: dict[str, Any] | None,
                  match_record: dict[str, Any] | None) -> None:
    with zipfile.ZipFile(tmp, "w", compression=zipfile.ZIP_DEFLATED) as z:
        info = {
            "created": time.strftime("%Y-%m-%dT%H:%M:%S"),
            "python": sys.version,
            "platform": platform.platform(),
            "frozen": bool(getattr(sys, "frozen", False)),
        }
        z.writestr("about.json", json.dumps(info, indent=1))
        z.writestr("settings.json", json.dumps(settings or {}, indent=1, ensure_ascii=False, default=str))
        z.writestr("match.json", json.dumps(match_record or {}, indent=1, ensure_ascii=False, default=str))
        if log_folder is not None and log_folder.is_dir():
            for log in sorted(log_folder.glob(LOG_NAME + "*")):
                try:
                    z.write(log, f"logs/{log.name}")
                except OSError:
                    continue
