"""The player's settings: one frozen value, stored as JSON in the user's config folder.

``load()`` never raises: a missing file gives the defaults.  Every field is checked against
the schema below (type, choice or range; the window size within ``MIN_WINDOW``..``MAX_WINDOW``).
A field with an invalid value falls back to its default and the other fields are kept; a file
that is unreadable or not a JSON object gives the defaults.  In both cases the original file is
moved aside as ``settings.json.corrupt-<timestamp>`` so the player can still recover it, the
repaired settings are written in its place, and :func:`load_checked` returns a
:class:`SettingsProblem` that the app shows once on the menu, in the player's language.  Unknown
keys (a newer version's settings) are only logged.  ``save()`` writes atomically
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
#: Games with a guided first deal (game.ui.tour): the values ``tours_seen`` may hold.
TOUR_GAMES = ("schnapsen", "bauernschnapsen", "dreierschnapsen", "schwimmen")
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
    #: Offer the guided first deal (game.ui.tour) on the first game of each kind.
    tour: bool = True
    #: Games whose first deal was already offered with the guide (each game is offered once).
    tours_seen: tuple[str, ...] = ()

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
_BOOLS = ("german_terms", "sound", "highlight_legal", "show_own_points", "confirm_claims", "fullscreen", "tour")


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
    if name == "tours_seen":
        # a list of distinct known game ids; anything else is a damaged file, not a wish
        if not isinstance(value, list | tuple) or not all(isinstance(v, str) and v in TOUR_GAMES for v in value):
            return _INVALID
        return tuple(value) if len(set(value)) == len(value) else _INVALID
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


def window_size_or_none(value: Any) -> tuple[int, int] | None:
    """``value`` as a valid stored window size, or None (the app then uses its default)."""
    checked = _validate("window_size", value)
    return None if checked is _INVALID else checked


@dataclass(frozen=True, slots=True)
class SettingsProblem:
    """What was wrong with the settings file: the fields reset to their defaults (empty when the
    whole file was unusable) and where the original went (None: it could not be moved)."""

    fields: tuple[str, ...]
    moved_to: Path | None


def from_dict(data: dict[str, Any]) -> Settings:
    """Settings from stored data; each bad or unknown field is logged and left at its default."""
    return _from_dict(data, [])


def _from_dict(data: dict[str, Any], bad: list[str]) -> Settings:
    """As :func:`from_dict`; appends the name of each field with an invalid value to ``bad``."""
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
            bad.append(key)
            continue
        values[key] = checked
    return replace(defaults, **values)


def to_dict(s: Settings) -> dict[str, Any]:
    data = asdict(s)
    data["window_size"] = list(s.window_size)
    data["tours_seen"] = list(s.tours_seen)
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
    except OSError as e:
        log.warning("settings: could not move the corrupt file %s aside: %s", path, e)
        return None
    from game.persistence import sync_folder

    sync_folder(path.parent)
    return target


def load(path: Path | None = None) -> Settings:
    """The stored settings, or the defaults; never raises."""
    return load_checked(path)[0]


def load_checked(path: Path | None = None) -> tuple[Settings, SettingsProblem | None]:
    """The stored settings and what was wrong with the file (None: nothing); never raises.

    A bad file is moved aside and the repaired settings are written in its place, so the next
    start reads a good file and the player is told only once."""
    path = path or default_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings(), None
    except OSError as exc:  # locked or unreadable now: not bad, so left exactly where it is
        log.warning("settings: cannot read %s (%s); using the defaults for this run", path, exc)
        return Settings(), SettingsProblem((), None)
    except UnicodeDecodeError as exc:
        log.warning("settings: %s is not text (%s); using the defaults", path, exc)
        return _repair(path, Settings(), ())
    try:
        data = json.loads(text)
        if not isinstance(data, dict):
            raise ValueError("settings file is not a JSON object")
    except (ValueError, RecursionError) as exc:
        log.warning("settings: corrupt file %s (%s); using the defaults", path, exc)
        return _repair(path, Settings(), ())
    bad: list[str] = []
    settings = _from_dict(data, bad)
    if not bad:
        return settings, None
    return _repair(path, settings, tuple(bad))


def _repair(path: Path, settings: Settings, bad: tuple[str, ...]) -> tuple[Settings, SettingsProblem]:
    aside = _set_aside(path)
    log.warning("settings: the original file was moved to %s", aside)
    if aside is not None:
        save(settings, path)  # a good file in its place: the next start says nothing
    return settings, SettingsProblem(bad, aside)


def save(settings: Settings, path: Path | None = None) -> None:
    """Write the settings atomically; an I/O error is logged, never raised (the game goes on)."""
    from game.persistence import atomic_write_text

    path = path or default_path()
    try:
        atomic_write_text(path, json.dumps(to_dict(settings), indent=2, ensure_ascii=False) + "\n")
    except OSError as exc:  # an expected fault (locked, read-only, full): a line, not a traceback
        log.error("settings: could not write %s (%s)", path, exc)
