"""Clean start and shutdown (issue 25): SIGTERM and SIGINT save and quit, leftovers of killed
runs are removed at start, and the folder is synced after each atomic rename."""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
import time

import filelock

from game import instance, persistence
from tests.test_instance import ROOT, env_for


def test_an_atomic_write_syncs_the_folder(tmp_path, monkeypatch):
    synced: list[str] = []
    real = os.fsync

    def spy(fd):
        synced.append("folder" if stat.S_ISDIR(os.fstat(fd).st_mode) else "file")
        return real(fd)

    monkeypatch.setattr(os, "fsync", spy)
    persistence.atomic_write_text(tmp_path / "x.json", "{}")
    assert synced == ["file", "folder"]  # the data first, then the rename


def test_leftovers_of_killed_runs_are_removed(tmp_path):
    data, config, tmp = tmp_path / "data", tmp_path / "config", tmp_path / "tmp"
    for folder in (data, config, tmp):
        folder.mkdir()
    killed = [data / "current_match.json.k3j2.tmp", config / "settings.json.a1.tmp", config / "settings.x9.tmp"]
    for f in killed:
        f.write_text("")
    keep_files = [data / "current_match.json", data / "notes.tmp", config / "settings.json"]
    for f in keep_files:
        f.write_text("mine")
    ended = tmp / "kartenstube-ended"
    (ended / "data").mkdir(parents=True)
    (ended / "data" / instance.LOCK_NAME).write_text("")
    old = tmp / "kartenstube-old"
    old.mkdir()
    os.utime(old, (time.time() - 2 * instance.STALE_SECONDS,) * 2)
    young = tmp / "kartenstube-young"  # perhaps a run that is starting right now
    young.mkdir()
    running = tmp / "kartenstube-running"
    (running / "data").mkdir(parents=True)
    held = filelock.FileLock(str(running / "data" / instance.LOCK_NAME), timeout=0)
    held.acquire()
    mine = tmp / "kartenstube-mine"
    mine.mkdir()
    other = tmp / "kartenstube-build"  # not a stand-in of ours: never touched, however old
    other.mkdir()
    (other / "module.so").write_text("")
    os.utime(other, (time.time() - 2 * instance.STALE_SECONDS,) * 2)
    try:
        removed = instance.clean_leftovers([config, data], temp_root=tmp, keep=mine)
    finally:
        held.release()
    assert sorted(removed) == sorted(killed + [ended, old])
    assert all(f.read_text() == "mine" for f in keep_files)
    assert young.is_dir() and running.is_dir() and mine.is_dir() and (other / "module.so").exists()


def test_sigterm_saves_and_quits(tmp_path):
    """The real app in a child process: SIGTERM ends it cleanly, the save file intact."""
    from tests.ui.test_startup_faults import _valid_save_text

    home = tmp_path / "home"
    env = env_for(home)
    data = home / "data" / "Kartenstube"
    data.mkdir(parents=True)
    save = _valid_save_text()
    (data / persistence.SAVE_NAME).write_text(save, encoding="utf-8")
    (data / "current_match.json.dead.tmp").write_text("")  # a killed autosave
    log = home / "state" / "Kartenstube" / "kartenstube.log"
    for signum in (signal.SIGTERM, signal.SIGINT):
        if log.exists():
            log.unlink()  # the line awaited below must come from this run
        child = subprocess.Popen([sys.executable, "main.py"], env=env, cwd=ROOT, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True)
        try:
            for _ in range(600):
                if log.exists() and "SIGTERM and SIGINT save and quit" in log.read_text(encoding="utf-8"):
                    break
                if child.poll() is not None:
                    break
                time.sleep(0.05)
            child.send_signal(signum)
            _, err = child.communicate(timeout=30)
        finally:
            if child.poll() is None:
                child.kill()
        assert child.returncode == 0, err
        assert "Traceback" not in err
        assert f"signal {int(signum)}: saving and quitting" in log.read_text(encoding="utf-8")
        assert json.loads((data / persistence.SAVE_NAME).read_text(encoding="utf-8"))["moves"] == json.loads(save)["moves"]
        assert not list(data.glob("*.tmp"))
        assert instance.acquire(data) and instance.release() is None  # the lock went with it
