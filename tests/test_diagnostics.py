"""Log file per run (rotated) and the diagnostic bundle."""

from __future__ import annotations

import json
import logging
import zipfile
from pathlib import Path

from game.diagnostics import LOG_NAME, setup_logging, write_diagnostic_bundle


def _drop_file_handlers() -> None:
    root = logging.getLogger()
    for h in list(root.handlers):
        if isinstance(h, logging.FileHandler):
            root.removeHandler(h)
            h.close()


def test_each_run_gets_a_fresh_log_and_old_runs_are_kept(tmp_path: Path):
    try:
        for run in range(3):
            path = setup_logging(tmp_path)
            assert path == tmp_path / LOG_NAME
            logging.getLogger("test").warning("run %d", run)
            _drop_file_handlers()
        assert "run 2" in (tmp_path / LOG_NAME).read_text()
        assert "run 1" in (tmp_path / (LOG_NAME + ".1")).read_text()
        assert "run 0" in (tmp_path / (LOG_NAME + ".2")).read_text()
    finally:
        _drop_file_handlers()


def test_unwritable_log_folder_means_no_file_log_but_no_crash(tmp_path: Path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert setup_logging(blocker) is None


def test_bundle_holds_logs_settings_and_match(tmp_path: Path):
    (tmp_path / LOG_NAME).write_text("a log line\n")
    out = write_diagnostic_bundle(tmp_path / "out" / "bundle.zip", tmp_path, {"language": "ja"},
                                  {"game_id": "schnapsen", "moves": [[0, 1, "play AH"]]})
    with zipfile.ZipFile(out) as z:
        names = set(z.namelist())
        assert {"about.json", "settings.json", "match.json", f"logs/{LOG_NAME}"} <= names
        assert json.loads(z.read("match.json"))["moves"] == [[0, 1, "play AH"]]
        assert json.loads(z.read("settings.json")) == {"language": "ja"}
