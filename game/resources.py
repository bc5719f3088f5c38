"""Where the program finds its bundled assets and keeps the user's files.

Assets (fonts, sounds) always go through :func:`resource_path`, which works both from a source
checkout and from a PyInstaller bundle, where the files are unpacked below ``sys._MEIPASS``.

User folders come from platformdirs (``~/.config/Kartenstube`` and friends on Linux; on Windows
settings, saves and statistics in the roaming ``%APPDATA%\\Kartenstube``, which follows the
player to another PC of a domain, and the logs and the crash marker in the machine's own
``%LOCALAPPDATA%\\Kartenstube``).  Portable mode: a file named ``portable.txt``
next to the executable (or next to ``main.py`` when run from source) keeps everything in a
``userdata`` folder beside it instead, for a copy carried on a USB stick.

A user folder that cannot be created or written (a file stands where the folder should be, no
permission, a read-only disk) never stops the start: that kind of folder falls back to a
temporary folder for this run, the reason is logged, and :func:`storage_problems` tells the app,
which says once on the menu that settings and saves will not be kept.
"""

from __future__ import annotations

import logging
import sys
import tempfile
from pathlib import Path

import platformdirs

log = logging.getLogger(__name__)

APP_NAME = "Kartenstube"
APP_AUTHOR = "Kartenstube"
#: The kinds of user folder kept in the roaming profile on Windows (``%APPDATA%``).
ROAMING_KINDS = frozenset({"config", "data"})
PORTABLE_MARKER = "portable.txt"

# The repository root when run from source (this file is game/resources.py).
_SOURCE_ROOT = Path(__file__).resolve().parent.parent


def base_dir() -> Path:
    """Root that asset paths are relative to: the bundle's unpack folder or the source checkout."""
    meipass = getattr(sys, "_MEIPASS", None)
    return Path(meipass) if meipass else _SOURCE_ROOT


def resource_path(*parts: str) -> Path:
    """Absolute path of a bundled asset, e.g. ``resource_path("assets", "fonts", "X.otf")``.

    Raises FileNotFoundError naming the file and where it was looked for, so a broken bundle
    says what is missing instead of failing later inside SDL.
    """
    path = base_dir().joinpath(*parts)
    if not path.exists():
        raise FileNotFoundError(f"asset {'/'.join(parts)!r} not found (looked at {path})")
    return path


def app_dir() -> Path:
    """Folder of the executable (frozen) or of main.py (source): where portable.txt may sit."""
    if getattr(sys, "frozen", False):
        return Path(sys.executable).resolve().parent
    return _SOURCE_ROOT


def is_portable() -> bool:
    return (app_dir() / PORTABLE_MARKER).is_file()


#: kind -> (the folder that could not be used, why); filled by :func:`_user_dir`.
_problems: dict[str, tuple[Path, str]] = {}
#: This run's temporary stand-in for unusable user folders (created on first need).
_fallback_root: Path | None = None


def _usable(path: Path) -> str | None:
    """None when ``path`` is a folder we can write to (created if missing), else the reason."""
    try:
        path.mkdir(parents=True, exist_ok=True)
        # mkdir succeeds on an existing read-only folder: only a real write proves it is usable
        with tempfile.TemporaryFile(dir=path, prefix=".write-test-"):
            pass
    except OSError as e:
        return e.strerror or str(e)
    return None


def _fallback(kind: str) -> Path:
    """This run's temporary folder for ``kind`` (one root per run, a subfolder per kind)."""
    global _fallback_root
    if _fallback_root is None or not _fallback_root.is_dir():
        _fallback_root = Path(tempfile.mkdtemp(prefix="kartenstube-"))
    path = _fallback_root / kind
    path.mkdir(exist_ok=True)
    return path


def _user_dir(kind: str) -> Path:
    if is_portable():
        path = app_dir() / "userdata" / kind
    else:
        getter = {
            "config": platformdirs.user_config_dir,
            "data": platformdirs.user_data_dir,
            "state": platformdirs.user_state_dir,
        }[kind]
        # roaming only matters on Windows (%APPDATA% instead of %LOCALAPPDATA%): the player's
        # things roam, the logs stay on the machine that wrote them.
        path = Path(getter(APP_NAME, APP_AUTHOR, roaming=kind in ROAMING_KINDS))
    why = _usable(path)
    if why is None:
        _problems.pop(kind, None)
        return path
    try:
        stand_in = _fallback(kind)
    except OSError as e:  # not even a temporary folder: writes below fail and are reported
        log.warning("user %s folder %s is unusable (%s) and no temporary folder either (%s)", kind, path, why, e)
        _problems[kind] = (path, why)
        return path
    if _problems.get(kind, (None,))[0] != path:
        log.warning("user %s folder %s cannot be written (%s); using %s for this run", kind, path, why, stand_in)
    _problems[kind] = (path, why)
    return stand_in


def storage_problems() -> dict[str, tuple[Path, str]]:
    """The user folders that could not be used in this run: kind -> (folder, reason)."""
    return dict(_problems)


def config_dir() -> Path:
    """Settings (window size, language, speed); created on first use."""
    return _user_dir("config")


def data_dir() -> Path:
    """Saved games and statistics; created on first use."""
    return _user_dir("data")


def state_dir() -> Path:
    """Logs and crash reports; created on first use."""
    return _user_dir("state")
