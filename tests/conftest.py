"""Test-wide setup, done before any test module imports the game.

- No display and no sound card in CI: SDL uses its dummy drivers.
- The user's folders are never touched: every folder the app could write to (config, data,
  state/logs, cache, and HOME itself for anything that derives from it) points into one
  temporary folder for the whole run.  The environment variables cover this process and every
  subprocess a test starts (``main.py --smoke``, the fault suite); platformdirs itself is
  patched too, because on Windows it asks the shell for the folders, not the environment.
  ``tests/test_user_folders.py`` proves it.
"""

import atexit
import importlib.util
import os
import shutil
import tempfile
from pathlib import Path
from types import ModuleType

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

#: The real home of whoever runs the tests (only read, by the test that proves isolation).
REAL_HOME = os.environ.get("HOME", "")
#: The one temporary root that stands in for every user folder during the run.
#: (Made once per run: this file may be imported twice, as ``conftest`` and as ``tests.conftest``.)
if "KARTENSTUBE_TEST_HOME" in os.environ:
    TEST_HOME = Path(os.environ["KARTENSTUBE_TEST_HOME"])
    REAL_HOME = os.environ.get("KARTENSTUBE_REAL_HOME", "")
else:
    TEST_HOME = Path(tempfile.mkdtemp(prefix="kartenstube-tests-home-"))
    os.environ["KARTENSTUBE_TEST_HOME"] = str(TEST_HOME)
    os.environ["KARTENSTUBE_REAL_HOME"] = REAL_HOME
    atexit.register(shutil.rmtree, TEST_HOME, ignore_errors=True)

_FOLDERS = {
    "XDG_CONFIG_HOME": TEST_HOME / ".config",
    "XDG_DATA_HOME": TEST_HOME / ".local" / "share",
    "XDG_STATE_HOME": TEST_HOME / ".local" / "state",
    "XDG_CACHE_HOME": TEST_HOME / ".cache",
    "APPDATA": TEST_HOME / "AppData" / "Roaming",
    "LOCALAPPDATA": TEST_HOME / "AppData" / "Local",
}
os.environ["HOME"] = str(TEST_HOME)
os.environ["USERPROFILE"] = str(TEST_HOME)
for _name, _path in _FOLDERS.items():
    os.environ[_name] = str(_path)


def _patch_platformdirs() -> None:
    """platformdirs answers from the environment above on every OS (read at call time, so a
    test that points XDG_DATA_HOME elsewhere with monkeypatch still moves the folder)."""
    import platformdirs

    kinds = {
        "user_config_dir": "XDG_CONFIG_HOME",
        "user_data_dir": "XDG_DATA_HOME",
        "user_state_dir": "XDG_STATE_HOME",
        "user_log_dir": "XDG_STATE_HOME",
        "user_cache_dir": "XDG_CACHE_HOME",
    }
    for func_name, variable in kinds.items():
        def folder(appname=None, appauthor=None, *args, _variable=variable, **kwargs):  # noqa: ANN001, ANN202
            return str(Path(os.environ[_variable]) / (appname or ""))
        setattr(platformdirs, func_name, folder)


_patch_platformdirs()


#: the project's root folder
ROOT = Path(__file__).resolve().parents[1]


def load_script(relative: str, name: str) -> ModuleType:
    """Import a script that is not in a package (``benchmarks/``, ``build_scripts/``) by its
    path under the project root, as module ``name``."""
    spec = importlib.util.spec_from_file_location(name, ROOT / relative)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
