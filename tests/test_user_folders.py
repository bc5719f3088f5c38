"""The test run never writes into the user's real folders (tests/conftest.py redirects them)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import platformdirs

from game import resources
from tests.conftest import REAL_HOME, TEST_HOME

ROOT = Path(__file__).resolve().parents[1]


def test_every_user_folder_of_the_app_lies_in_the_test_home() -> None:
    for folder in (resources.config_dir(), resources.data_dir(), resources.state_dir()):
        assert TEST_HOME in folder.parents, folder
    for getter in (platformdirs.user_config_dir, platformdirs.user_data_dir, platformdirs.user_state_dir,
                   platformdirs.user_log_dir, platformdirs.user_cache_dir):
        assert TEST_HOME in Path(getter("Kartenstube", "Kartenstube")).parents
    assert os.environ["HOME"] == str(TEST_HOME)
    if REAL_HOME:
        assert Path(REAL_HOME) != TEST_HOME


def test_a_real_start_of_the_app_in_a_subprocess_logs_into_the_test_home() -> None:
    """The environment the tests set reaches the app's own process: its log lands in the
    temporary home, so nothing of a test run can appear in the player's home folder."""
    env = dict(os.environ)
    logs_before = set(TEST_HOME.rglob("*.log"))
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "--smoke", "1", "--seed", "3"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    new_logs = set(TEST_HOME.rglob("*.log")) - logs_before or set(TEST_HOME.rglob("*.log"))
    assert new_logs, "the smoke run wrote no log into the test home"
    assert all(TEST_HOME in log.parents for log in new_logs)


def test_on_windows_the_players_things_roam_and_the_logs_stay_local(monkeypatch) -> None:  # noqa: ANN001
    """Issue 26: settings, saves and statistics under %APPDATA% (the roaming profile), the logs
    and the crash marker under %LOCALAPPDATA%.  platformdirs' Windows class is asked with the
    arguments the app passes, the folders given by its override variables (a user name with an
    umlaut, as on many Austrian and German PCs)."""
    from platformdirs.windows import Windows

    monkeypatch.setenv("WIN_PD_OVERRIDE_APPDATA", "C:\\Users\\Jürgen\\AppData\\Roaming")
    monkeypatch.setenv("WIN_PD_OVERRIDE_LOCAL_APPDATA", "C:\\Users\\Jürgen\\AppData\\Local")
    asked: dict[str, bool] = {}
    getters = {"config": "user_config_dir", "data": "user_data_dir", "state": "user_state_dir"}
    for kind, getter in getters.items():
        def windows_folder(appname, appauthor, *, roaming=False, _getter=getter, _kind=kind):  # noqa: ANN001, ANN202
            asked[_kind] = roaming
            return getattr(Windows(appname, appauthor, roaming=roaming), _getter)
        monkeypatch.setattr(platformdirs, getter, windows_folder)
    monkeypatch.setattr(resources, "_usable", lambda path: None)  # the C:\ paths cannot be made here
    monkeypatch.setattr(resources, "is_portable", lambda: False)
    # (joined with "/" by the PosixPath here; on Windows the separator is "\\")
    assert str(resources.config_dir()).startswith("C:\\Users\\Jürgen\\AppData\\Roaming/Kartenstube")
    assert str(resources.data_dir()).startswith("C:\\Users\\Jürgen\\AppData\\Roaming/Kartenstube")
    assert str(resources.state_dir()).startswith("C:\\Users\\Jürgen\\AppData\\Local/Kartenstube")
    assert asked == {"config": True, "data": True, "state": False}
