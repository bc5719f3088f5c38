"""The player's settings: one frozen value, stored as JSON in the user's config folder.

``load()`` never raises: a missing file gives the defaults; a field with an unknown or invalid
value falls back to its default with a logged warning (the other fields are kept); a file that
is not JSON at all is moved aside as ``settings.json.corrupt-<timestamp>`` so the player can
still recover it, and the defaults are used.  ``save()`` writes atomically
(``game.persistence.atomic_write_text``), so a crash leaves either the old or the new file.

The app applies a new ``Settings`` live: language through ``game.i18n.set_language``, sound
through ``game.ui.sound``, speeds through the table scene.

Glossary: german_terms = use the German game words (Trumpf, Ass, zumachen) instead of the
Austrian ones (Atout, Daus, zudrehen) in the German interface.
"""

from __future__ import annotations

import json
import logging
import time
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

FILE_NAME = "settings.json"
SETTINGS_VERSION = 1

LANGUAGES = ("en", "de", "ja")
DECK_STYLES = ("french", "french4", "german")
#: Mirrors game.ui.cardart.BACKS (not imported: settings load before pygame starts).
CARD_BACKS = ("classic_red", "classic_blue", "forest_green")
HAND_SORTINGS = ("suit", "rank", "none")
#: Animation speed factor: 0 = instant, 1 = normal, 2 = twice as fast.
SPEED_RANGE = (0.0, 2.0)
BOT_PAUSE_RANGE = (0.0, 5.0)
#: Seconds a finished trick stays on the table; -1 means "until click".
TRICK_PAUSE_RANGE = (0.0, 10.0)
UNTIL_CLICK = -1.0
MIN_WINDOW = (800, 600)
MAX_WINDOW = (7680, 4320)


@dataclass(frozen=True, slots=True)
class Settings:
    #: "" means "not chosen yet": the app follows the system locale (game.i18n.system_language).
    language: str = ""
    german_terms: bool = False
    deck_style: str = "french"
    card_back: str = "classic_red"
    animation_speed: float = 1.0
    bot_pause: float = 0.6
    trick_pause: float = 1.0
    sound: bool = True
    volume: float = 0.7
    hand_sorting: str = "suit"
    highlight_legal: bool = True
    show_own_points: bool = True
    #: Ask before a claim of 66 that the player's own counted points cannot support.
    confirm_claims: bool = True
    fullscreen: bool = False
    window_size: tuple[int, int] = (1280, 720)

    def with_(self, **changes: Any) -> Settings:
        """A copy with ``changes`` validated field by field (invalid ones raise ValueError)."""
        for name, value in changes.items():
            if name not in _FIELD_NAMES:
                raise ValueError(f"unknown setting {name!r}")
            if _validate(name, value) is _INVALID:
                raise ValueError(f"invalid value for {name}: {value!r}")
        return replace(self, **{k: _validate(k, v) for k, v in changes.items()})


_FIELD_NAMES = tuple(f.name for f in fields(Settings))
_INVALID = object()
_CHOICES: dict[str, tuple[str, ...]] = {
    "deck_style": DECK_STYLES,
    "card_back": CARD_BACKS,
    "hand_sorting": HAND_SORTINGS,
}
_RANGES: dict[str, tuple[float, float]] = {
    "animation_speed": SPEED_RANGE,
    "bot_pause": BOT_PAUSE_RANGE,
    "trick_pause": TRICK_PAUSE_RANGE,
    "volume": (0.0, 1.0),
}
_BOOLS = ("german_terms", "sound", "highlight_legal", "show_own_points", "confirm_claims", "fullscreen")


def _validate(name: str, value: Any) -> Any:
    """The value normalised for field ``name``, or ``_INVALID``."""
    if name == "language":
        return value if value == "" or value in LANGUAGES else _INVALID
    if name in _CHOICES:
        return value if value in _CHOICES[name] else _INVALID
    if name in _BOOLS:
        return value if isinstance(value, bool) else _INVALID
    if name in _RANGES:
        # bool is an int subclass: true/false in a number field is a mistake, not 1.0/0.0
        if isinstance(value, bool) or not isinstance(value, int | float):
            return _INVALID
        lo, hi = _RANGES[name]
        if name == "trick_pause" and value == UNTIL_CLICK:
            return UNTIL_CLICK
        return float(value) if lo <= value <= hi else _INVALID
    if name == "window_size":
        if not isinstance(value, list | tuple) or len(value) != 2:
            return _INVALID
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            return _INVALID
        w, h = value
        if not (MIN_WINDOW[0] <= w <= MAX_WINDOW[0] and MIN_WINDOW[1] <= h <= MAX_WINDOW[1]):
            return _INVALID
        return (w, h)
    return _INVALID


def from_dict(data: dict[str, Any]) -> Settings:
    """Settings from stored data; each bad or unknown field is logged and left at its default."""
    defaults = Settings()
    values: dict[str, Any] = {}
    for key, value in data.items():
        if key == "version":
            continue
        if key not in _FIELD_NAMES:
            log.warning("settings: ignoring unknown setting %r", key)
            continue
        checked = _validate(key, value)
        if checked is _INVALID:
            log.warning("settings: invalid %s=%r, using the default %r", key, value, getattr(defaults, key))
            continue
        values[key] = checked
    return replace(defaults, **values)


def to_dict(s: Settings) -> dict[str, Any]:
    data = asdict(s)
    data["window_size"] = list(s.window_size)
    data["version"] = SETTINGS_VERSION
    return data


def default_path() -> Path:
    from game.resources import config_dir  # imported late: creates the folder on first use

    return config_dir() / FILE_NAME


def _set_aside(path: Path) -> Path | None:
    """Rename a corrupt file so it is kept for the player but no longer read."""
    target = path.with_name(f"{path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}-{n}")
        n += 1
    try:
        path.rename(target)
    except OSError:
        log.exception("settings: could not move the corrupt file %s aside", path)
        return None
    return target


def load(path: Path | None = None) -> Settings:
    """The stored settings, or the defaults; never raises."""
    path = path or default_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings()
    except (OSError, UnicodeDecodeError):
        log.exception("settings: cannot read %s; using the defaults", path)
        aside = _set_aside(path)
        log.warning("settings: unreadable file moved to %s", aside)
        return Settings()
    try:
        data = json.loads(text)
        if not isinstance(data, dict):
            raise ValueError("settings file is not a JSON object")
    except ValueError as exc:
        aside = _set_aside(path)
        log.warning("settings: corrupt file (%s) moved to %s; using the defaults", exc, aside)
        return Settings()
    return from_dict(data)


def save(settings: Settings, path: Path | None = None) -> None:
    """Write the settings atomically; an I/O error is logged, never raised (the game goes on)."""
    from game.persistence import atomic_write_text

    path = path or default_path()
    try:
        atomic_write_text(path, json.dumps(to_dict(settings), indent=2, ensure_ascii=False) + "\n")
    except OSError:
        log.exception("settings: could not write %s", path)
