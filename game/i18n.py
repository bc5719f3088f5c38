"""Languages: English, German and Japanese through the standard library's ``gettext``.

Catalogues: ``locale/<lang>.po`` (source, msgids are stable keys such as ``"menu.start"``)
compiled by ``build_scripts/compile_catalogs.py`` to
``assets/locale/<lang>/LC_MESSAGES/kartenstube.mo``, found through ``resource_path`` so they
load from a PyInstaller bundle too.  Lookups fall back ja -> en and de -> en, and a key missing
everywhere is shown as the key itself (visible, never a crash).

German uses the Austrian game terms by default (Atout, Daus, zudrehen, Bummerl).  With
``german_terms=True`` the small ``de_DE`` catalogue is put in front of ``de``: it overrides just
the strings that contain those terms (Trumpf, Ass, zumachen).

    from game import i18n
    i18n.set_language(i18n.resolve_language(args.lang, settings.language), settings.german_terms)
    i18n.t("table.trump", suit=i18n.suit_name("H"))

``set_language`` applies live: every later ``t`` call uses the new catalogue, and listeners
registered with ``add_listener`` are called so screens can re-layout cached text.

Glossary: Atout = trumps (Trumpf); Daus = ace (Ass); zudrehen = close the stock (zumachen);
Bummerl = a lost match.  Japanese terms follow the source texts: 切り札, 勝利宣言, マリッジ,
クローズ, アウフシュラーゲン, コントラ, シュヴィメン.
"""

from __future__ import annotations

import gettext
import io
import locale
import logging
import os
import re
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)

DOMAIN = "kartenstube"
LANGUAGES = ("en", "de", "ja")
DEFAULT = "en"

_current = DEFAULT
_german_terms = False
_catalogue: gettext.NullTranslations = gettext.NullTranslations()
_cache: dict[str, bytes | None] = {}
_listeners: list[Callable[[str], None]] = []
_warned: set[str] = set()


# --- choosing the language ----------------------------------------------------------------------


def _language_of(name: str | None) -> str | None:
    """"de_AT.UTF-8", "German_Austria", "ja-JP" ... -> "de" / "ja" / "en", None if unknown."""
    if not name:
        return None
    low = name.lower()
    if low in ("c", "posix") or low.startswith(("c.", "posix.")):
        return None
    for code, windows_name in (("de", "german"), ("ja", "japanese"), ("en", "english")):
        if low.startswith((code + "_", code + "-", code + ".", windows_name)) or low == code:
            return code
    return None


def system_language() -> str:
    """The language of the user's system, or English if it is none of ours."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANGUAGE", "LANG"):
        value = os.environ.get(var)
        if value:
            # LANGUAGE may list several ("de_AT:de:en"); the first one we know wins
            for part in value.split(":"):
                code = _language_of(part)
                if code:
                    return code
    try:
        code = _language_of(locale.getlocale()[0])
    except (ValueError, TypeError):
        code = None
    return code or DEFAULT


def resolve_language(cli: str | None = None, configured: str | None = None) -> str:
    """``--lang`` beats the settings, which beat the system locale (first start: settings empty)."""
    for choice in (cli, configured):
        if choice in LANGUAGES:
            return str(choice)
    return system_language()


# --- catalogues ---------------------------------------------------------------------------------


def _load(lang: str) -> gettext.GNUTranslations | None:
    """A fresh catalogue object for ``lang`` (built from cached bytes: ``add_fallback`` mutates
    the object, so chains must not share them), or None if the catalogue is missing or bad."""
    if lang not in _cache:
        try:
            from game.resources import resource_path

            data: bytes | None = resource_path("assets", "locale", lang, "LC_MESSAGES", f"{DOMAIN}.mo").read_bytes()
        except OSError as exc:
            log.warning("i18n: no catalogue for %s (%s)", lang, exc)
            data = None
        _cache[lang] = data
    data = _cache[lang]
    if data is None:
        return None
    try:
        return gettext.GNUTranslations(io.BytesIO(data))
    except Exception:  # a damaged .mo must not stop the game: fall back to English
        log.exception("i18n: cannot read the catalogue for %s", lang)
        _cache[lang] = None
        return None


def _chain(lang: str, german_terms: bool) -> gettext.NullTranslations:
    """The lookup chain for ``lang``: [de_DE ->] lang -> en -> the key itself."""
    names = ([lang] if lang != DEFAULT else []) + [DEFAULT]
    if lang == "de" and german_terms:
        names.insert(0, "de_DE")
    head: gettext.NullTranslations | None = None
    for name in names:
        trans = _load(name)
        if trans is None:
            continue
        if head is None:
            head = trans
        else:
            head.add_fallback(trans)  # appends at the end of the chain
    return head or gettext.NullTranslations()


def set_language(lang: str, german_terms: bool | None = None) -> None:
    """Switch the language live ("en", "de", "ja"); an unknown code means English."""
    global _current, _german_terms, _catalogue
    if lang not in LANGUAGES:
        log.warning("i18n: unknown language %r, using English", lang)
        lang = DEFAULT
    if german_terms is not None:
        _german_terms = german_terms
    _current = lang
    _catalogue = _chain(lang, _german_terms)
    for fn in list(_listeners):
        try:
            fn(lang)
        except Exception:
            log.exception("i18n: language listener failed")


def set_german_terms(on: bool) -> None:
    set_language(_current, on)


def current_language() -> str:
    return _current


def german_terms() -> bool:
    return _german_terms


def add_listener(fn: Callable[[str], None]) -> None:
    """Call ``fn(lang)`` after every language change (e.g. to drop cached text surfaces)."""
    _listeners.append(fn)


def remove_listener(fn: Callable[[str], None]) -> None:
    if fn in _listeners:
        _listeners.remove(fn)


# --- lookups ------------------------------------------------------------------------------------


def has(msgid: str) -> bool:
    """Whether ``msgid`` has a text in the current chain (English included)."""
    return _catalogue.gettext(msgid) != msgid


def t(msgid: str, **kw: Any) -> str:
    """The text of ``msgid`` in the current language, formatted with ``str.format(**kw)``."""
    text = _catalogue.gettext(msgid)
    if text == msgid and msgid not in _warned and "." in msgid and " " not in msgid:
        _warned.add(msgid)
        log.warning("i18n: missing string %r", msgid)
    if not kw:
        return text
    try:
        return text.format(**kw)
    except (KeyError, IndexError, ValueError):
        log.warning("i18n: bad arguments for %r: %r", msgid, sorted(kw))
        return text


def tn(msgid: str, n: int, **kw: Any) -> str:
    """The plural-aware text of ``msgid`` for the number ``n`` (gettext ``ngettext``: English
    and German "1 trick" / "2 tricks", Japanese one form), formatted with ``n`` and ``kw``."""
    text = _catalogue.ngettext(msgid, msgid, n)
    if text == msgid and msgid not in _warned:
        _warned.add(msgid)
        log.warning("i18n: missing plural string %r", msgid)
    try:
        return text.format(n=n, **kw)
    except (KeyError, IndexError, ValueError):
        log.warning("i18n: bad arguments for %r: %r", msgid, sorted(kw))
        return text


def suit_name(suit: Any, deck_style: str = "french") -> str:
    """A suit's name (Suit or its letter) for the deck in use: Pik/Laub, Karo/Schellen ..."""
    letter = getattr(suit, "value", suit)
    pack = "german" if deck_style == "german" else "french"
    return t(f"suit.{letter}.{pack}")


def rank_name(rank: Any, deck_style: str = "french") -> str:
    """A rank's name (Rank or its letter): Daus/Ass, Ober/Dame, Unter/Bube ..."""
    letter = getattr(rank, "value", rank)
    if letter in ("A", "T", "K", "Q", "J"):
        pack = "german" if deck_style == "german" else "french"
        return t(f"rank.{letter}.{pack}")
    return t(f"rank.{letter}")


def card_name(card: Any, deck_style: str = "french") -> str:
    """A card in words, e.g. "ace of hearts", "Herz-Daus", "ハートのエース"."""
    return t("card.name", rank=rank_name(card.rank, deck_style), suit=suit_name(card.suit, deck_style))


def game_name(game_id: str) -> str:
    return t(f"game.{game_id}")


def level_name(level: str) -> str:
    return t(f"level.{level}")


def contract_name(contract_id: str) -> str:
    return t(f"contract.{contract_id}")


def option_label(name: str, game_id: str | None = None) -> str:
    """An option's name; a game may word it its own way (``option.<game>.<name>``), e.g.
    Dreierschnapsen's "after the sixth trick" where Bauernschnapsen has five."""
    if game_id and has(f"option.{game_id}.{name}"):
        return t(f"option.{game_id}.{name}")
    return t(f"option.{name}")


def option_description(name: str, game_id: str | None = None) -> str:
    """The translated line of ``game.rules.options.DESCRIBE[name]`` (or the game's own)."""
    if game_id and has(f"option.{game_id}.{name}.desc"):
        return t(f"option.{game_id}.{name}.desc")
    return t(f"option.{name}.desc")


def option_value(value: Any, name: str | None = None) -> str:
    """An option's value for display: on/off, a named choice, or the number itself.  A value
    may be worded for its option (``optval.<name>.<value>``: "2 game points" for the
    false-declaration penalty rather than a rule book's name)."""
    if name and has(f"optval.{name}.{value}"):
        return t(f"optval.{name}.{value}")
    if isinstance(value, bool):
        return t("optval.on" if value else "optval.off")
    key = f"optval.{value}"
    return t(key) if has(key) else str(value)


# --- rules screens (assets/rules/<lang>/<game>.md) ------------------------------------------------

RULES_GAMES = ("schnapsen", "bauernschnapsen", "dreierschnapsen", "schwimmen")
OPTION_PLACEHOLDER = re.compile(r"\{\{option:([a-z0-9_]+)\}\}")
OPTIONS_BLOCK = "{{options}}"
#: ``[AH]`` or ``[AH KH QH]``: cards the rules screen draws as pictures.
CARD_TOKEN = re.compile(r"\[((?:[AKQJT2-9][SHDC])(?: [AKQJT2-9][SHDC])*)\]")
#: German terms for the rules prose (the catalogues use the de_DE overrides instead).
_GERMAN_TERMS = ((re.compile(r"Atout"), "Trumpf"), (re.compile(r"\bDaus\b"), "Ass"),
                 (re.compile(r"zudrehen"), "zumachen"), (re.compile(r"Zudrehen"), "Zumachen"),
                 (re.compile(r"zugedreht"), "zugemacht"), (re.compile(r"Zugedreht"), "Zugemacht"))


def rules_source(game_id: str, lang: str | None = None) -> str:
    """The raw Markdown of a game's rules in ``lang`` (default: current), English if missing."""
    from game.resources import resource_path

    for code in dict.fromkeys((lang or _current, DEFAULT)):
        try:
            return resource_path("assets", "rules", code, f"{game_id}.md").read_text(encoding="utf-8")
        except OSError:
            log.warning("i18n: no %s rules text for %s", code, game_id)
    return "# " + game_name(game_id) + "\n\n" + t("rules.missing") + "\n"


def rules_text(game_id: str, options: Any = None, lang: str | None = None) -> str:
    """The rules of ``game_id`` for the rules screen: placeholders filled from ``options``
    (the match's option set, or the defaults), German terms applied if chosen.  Card tokens
    like ``[AH]`` stay in the text; split lines with :func:`split_cards` to draw them."""
    from dataclasses import fields

    if options is None:
        from game.rules.options import defaults

        options = defaults(game_id)
    text = rules_source(game_id, lang)

    def one(m: re.Match[str]) -> str:
        name = m.group(1)
        return option_value(getattr(options, name), name) if hasattr(options, name) else m.group(0)

    text = OPTION_PLACEHOLDER.sub(one, text)
    if OPTIONS_BLOCK in text:
        block = "\n".join(f"- {option_label(f.name, game_id)}: {option_value(getattr(options, f.name), f.name)}"
                          for f in fields(options))
        text = text.replace(OPTIONS_BLOCK, block)
    if (lang or _current) == "de" and _german_terms:
        for pattern, word in _GERMAN_TERMS:
            text = pattern.sub(word, text)
    return text


def split_cards(line: str) -> list[str | tuple[str, ...]]:
    """A line as text pieces and card groups: "a [AH KH] b" -> ["a ", ("AH", "KH"), " b"]."""
    out: list[str | tuple[str, ...]] = []
    pos = 0
    for m in CARD_TOKEN.finditer(line):
        if m.start() > pos:
            out.append(line[pos:m.start()])
        out.append(tuple(m.group(1).split()))
        pos = m.end()
    if pos < len(line):
        out.append(line[pos:])
    return out


# --- line breaking (Japanese has no spaces) ------------------------------------------------------

#: Characters that may not start a line (Japanese kinsoku shori, simplified) ...
_NO_START = set("、。，．・：；？！ー）」』】〕〉》”’)]}.,:;!?%…―ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ")
#: ... and characters that may not end one.
_NO_END = set("（「『【〔〈《“‘([{")


def _is_wide(ch: str) -> bool:
    o = ord(ch)
    return 0x2E80 <= o <= 0x9FFF or 0xF900 <= o <= 0xFAFF or 0xFF00 <= o <= 0xFFEF or 0x3000 <= o <= 0x303F


def _units(text: str) -> list[str]:
    """Breakable pieces: a Latin word with its trailing spaces, or one CJK character; the
    kinsoku characters are glued to their neighbour so they never start or end a line."""
    units: list[str] = []
    word = ""
    for ch in text:
        if _is_wide(ch) or ch in _NO_START or ch in _NO_END:
            if ch in _NO_START and (word or units):
                if word:
                    word += ch
                else:
                    units[-1] += ch
                continue
            if word:
                units.append(word)
                word = ""
            if units and units[-1] and units[-1][-1] in _NO_END:
                units[-1] += ch
            else:
                units.append(ch)
        elif ch == " ":
            word += ch
            units.append(word)
            word = ""
        else:
            if units and units[-1] and units[-1][-1] in _NO_END and not word:
                word = units.pop()
            word += ch
    if word:
        units.append(word)
    return units


def wrap(text: str, max_width: float, measure: Callable[[str], float]) -> list[str]:
    """Break ``text`` into lines no wider than ``max_width`` (as far as a single word allows).
    ``measure(s)`` returns the width of ``s`` (e.g. ``lambda s: font.size(s)[0]``).  Breaks at
    spaces between Latin words and between any two Japanese characters, never before 。、 etc.
    Explicit newlines are kept."""
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for unit in _units(para):
            if line and measure((line + unit).rstrip()) > max_width:
                lines.append(line.rstrip())
                line = unit.lstrip() if unit.strip() else ""
            else:
                line += unit
        lines.append(line.rstrip())
    return lines


# English is ready from the first import; the app calls set_language once settings are read.
set_language(DEFAULT)
