"""Text lookup for the Bauern/Dreier and Schwimmen tables, the new-game screen and the score sheets.

``t(key, **kw)`` asks the gettext catalogues of :mod:`game.i18n` first (they hold the game
vocabulary: contract names, option labels and descriptions, Kontra words), then the UI table of
:mod:`game.ui.text`, so one call works whichever of the two a string lives in.  The catalogues
are loaded lazily in the language :mod:`game.ui.text` was told.

Glossary: Kontra/Rekontra/Subkontra = doubling x2/x4/x8; Aufschlagen = trumps from a turned-up
blind card; Klopfen = knock; Abheben = cut; schwimmen = playing on with no lives left.
"""

from __future__ import annotations

from typing import Any

from game import i18n
from game.ui import text as ui_text

_loaded: str | None = None


def _ensure() -> None:
    global _loaded
    lang = ui_text.LANGUAGE
    if _loaded != lang:
        _loaded = lang
        if i18n.current_language() != lang or not i18n.has("menu.start"):
            i18n.set_language(lang)


def t(key: str, **kw: Any) -> str:
    """The text for ``key`` in the current language (catalogue first, then the UI table)."""
    _ensure()
    if i18n.has(key):
        return i18n.t(key, **kw)
    return ui_text.t(key, **kw)


def contract_name(contract_id: str | None) -> str:
    if not contract_id:
        return "–"
    _ensure()
    return i18n.contract_name(contract_id)


def option_label(name: str, game_id: str | None = None) -> str:
    _ensure()
    return i18n.option_label(name, game_id)


def option_description(name: str, game_id: str | None = None) -> str:
    _ensure()
    return i18n.option_description(name, game_id)


def option_value(value: Any, name: str | None = None) -> str:
    _ensure()
    return i18n.option_value(value, name)


SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def suit_symbol(letter: str | None, deck_style: str = "french") -> str:
    """A suit as its symbol (♠ ♥ ♦ ♣); the German pack has no such symbols, so with it the
    suit's German name (Laub, Herz, Schellen, Eichel, in the current language)."""
    if deck_style == "german" and letter in SUIT_SYMBOL:
        _ensure()
        return i18n.suit_name(letter, "german")
    return SUIT_SYMBOL.get(letter or "", "–")


def play_help_key(contract: str | None) -> str:
    """The key help while playing names only what the contract allows: marriages and the 66
    declaration in the Normal game, marriages alone in a Schnapser (declarer only), neither in
    Bettler, Gang and the other trick contracts (RULES.md B14, B15)."""
    from game.rules.contracts import BY_ID, Goal, Melds

    row = BY_ID.get(contract or "")
    if row is None or row.goal is Goal.NORMAL:
        return "fam.help.play"
    return "fam.help.play_meld" if row.melds is not Melds.NONE else "fam.help.play_plain"
