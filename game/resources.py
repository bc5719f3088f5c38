"""Where the program finds its bundled assets and keeps the user's files.

Assets (fonts, sounds) always go through :func:`resource_path`, which works both from a source
checkout and from a PyInstaller bundle, where the files are unpacked below ``sys._MEIPASS``.

User folders come from platformdirs (``~/.config/kartenstube`` and friends on Linux,
``%LOCALAPPDATA%\\Kartenstube`` on Windows).  Portable mode: a file named ``portable.txt``
next to the executable (or next to ``main.py`` when run from source) keeps everything in a
``userdata`` folder beside it instead, for a copy carried on a USB stick.
"""

from __future__ import annotations

import sys
from pathlib import Path

import platformdirs

APP_NAME = "Kartenstube"
APP_AUTHOR = "Kartenstube"
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


def _user_dir(kind: str) -> Path:
    if is_portable():
        path = app_dir() / "userdata" / kind
    else:
        getter = {
            "config": platformdirs.user_config_dir,
            "data": platformdirs.user_data_dir,
            "state": platformdirs.user_state_dir,
        }[kind]
        path = Path(getter(APP_NAME, APP_AUTHOR))
    path.mkdir(parents=True, exist_ok=True)
    return path


def config_dir() -> Path:
    """Settings (window size, language, speed); created on first use."""
    return _user_dir("config")


def data_dir() -> Path:
    """Saved games and statistics; created on first use."""
    return _user_dir("data")


def state_dir() -> Path:
    """Logs and crash reports; created on first use."""
    return _user_dir("state")
