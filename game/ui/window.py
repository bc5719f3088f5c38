"""The window's size and the app's settings file (split from :mod:`game.ui.app`).

The window is resizable with a minimum size; the last windowed size is remembered in
``settings.json`` in the user's config folder (written atomically, read through
``game.settings``' schema so a bad value is never written back) and fitted to the display.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from game.ui.app import AppConfig

log = logging.getLogger("game.ui.app")

MIN_SIZE = (960, 600)
DEFAULT_SIZE = (1280, 720)


def _settings_dir(config: AppConfig) -> Path:
    if config.settings_dir is not None:
        return config.settings_dir
    from game import resources

    return resources.config_dir()


def load_settings(config: AppConfig) -> dict[str, Any]:
    """The settings file as checked values (``game.settings``' schema; a bad field is left at its
    default), so that remembering the window size never writes a bad value back.  Reading only:
    the session sets a bad file aside and tells the player."""
    import json  # lazy: start-up time matters (first frame <= 1 s)

    from game import settings as settings_mod

    path = _settings_dir(config) / "settings.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return {}
    if not isinstance(data, dict):
        return {}
    return settings_mod.to_dict(settings_mod.from_dict(data))


def save_settings(config: AppConfig, data: dict[str, Any]) -> None:
    """Write settings atomically (``game.persistence.atomic_write_text``: no temporary file is
    left behind when the write fails)."""
    import json

    from game.persistence import atomic_write_text

    folder = _settings_dir(config)
    try:
        atomic_write_text(folder / "settings.json", json.dumps(data, indent=2, sort_keys=True))
    except OSError:
        log.warning("could not save settings in %s", folder, exc_info=True)


#: Room left for the title bar and the task bar when the window must fit the screen.
_DESKTOP_MARGIN = (0, 80)


def _stored_size(settings: dict[str, Any]) -> tuple[int, int]:
    """The remembered window size if it is valid (``game.settings`` has the schema), else the
    default; the session sets a bad settings file aside and tells the player."""
    from game.settings import window_size_or_none

    return window_size_or_none(settings.get("window_size")) or DEFAULT_SIZE


def _usable_display_size() -> tuple[int, int] | None:
    """The largest window the first display can show (its desktop size less the bars), or None
    when there is no real display (the dummy and off-screen drivers of tests and smoke runs
    report a made-up 1024x768 and can hold a window of any size)."""
    try:
        if pygame.display.get_driver() in ("dummy", "offscreen"):
            return None
        sizes = pygame.display.get_desktop_sizes()
    except (AttributeError, pygame.error):
        return None
    if not sizes or sizes[0][0] <= 0 or sizes[0][1] <= 0:
        return None
    w, h = sizes[0]
    return max(1, w - _DESKTOP_MARGIN[0]), max(1, h - _DESKTOP_MARGIN[1])


def fit_window(size: tuple[int, int], usable: tuple[int, int] | None) -> tuple[int, int]:
    """``size`` raised to the minimum window and lowered to what the display can show (the
    display wins when it is smaller than the minimum)."""
    w, h = max(MIN_SIZE[0], int(size[0])), max(MIN_SIZE[1], int(size[1]))
    if usable is not None:
        w, h = min(w, usable[0]), min(h, usable[1])
    return w, h
