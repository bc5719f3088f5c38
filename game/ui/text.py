"""Every user-visible string of the UI goes through :func:`t` (a placeholder for gettext).

The i18n issue replaces the English table with gettext catalogues (en/de/ja); until then the
keys below are the single place the app's wording lives, so nothing is hard-coded in scenes.
``t(key, **kw)`` formats with ``str.format``; an unknown key falls back to the key itself so a
missing string is visible but never crashes the app.

Glossary: Bummerl = a lost match; zudrehen = close the stock; Zwanziger/Vierziger = marriage
worth 20/40; Atout = trumps.
"""

from __future__ import annotations

import logging

log = logging.getLogger(__name__)

#: Chosen language ("en", "de", "ja"); stored now, used once catalogues exist.
LANGUAGE = "en"

_EN: dict[str, str] = {
    "app.title": "Kartenstube",
    # menu
    "menu.title": "Kartenstube",
    "menu.subtitle": "Austrian card games against the computer",
    "menu.game": "Game",
    "menu.difficulty": "Difficulty",
    "menu.start": "Start",
    "menu.quit": "Quit",
    "menu.coming_soon": "coming soon",
    "menu.hint": "Arrow keys choose, Enter starts, Esc quits",
    "game.schnapsen": "Schnapsen",
    "game.dreierschnapsen": "Dreierschnapsen",
    "game.bauernschnapsen": "Bauernschnapsen",
    "game.schwimmen": "Schwimmen (31)",
    "level.beginner": "Beginner",
    "level.player": "Player",
    "level.expert": "Expert",
    # seats
    "seat.you": "You",
    "seat.bot": "Bot",
    "seat.name": "{name}",
    # table buttons
    "btn.exchange": "Exchange (E)",
    "btn.close": "Close (C)",
    "btn.meld": "Meld {points} {suit} (M)",
    "btn.declare": "Declare 66 (D)",
    "btn.pass": "Pass (Space)",
    "btn.menu": "Menu",
    "btn.continue": "Continue",
    "btn.next_deal": "Next deal",
    "btn.score_sheet": "Score sheet",
    "btn.new_match": "New match",
    "btn.back": "Back",
    # table labels
    "table.trump": "Trumps: {suit}",
    "table.stock": "Stock: {n}",
    "table.stock_closed": "Stock closed",
    "table.stock_empty": "Stock empty",
    "table.your_points": "Your points: {n}",
    "table.points_hidden": "Points hidden (P)",
    "table.tricks": "Tricks: {n}",
    "table.your_turn": "Your turn",
    "table.their_turn": "{name} is thinking…",
    "table.last_trick": "Last trick",
    "table.no_last_trick": "No trick taken yet",
    "table.help": "1-9 play a card · E exchange · C close · M meld · D declare · L last trick · P points",
    "table.match_score": "Game points  You {you} : {bot} {name}",
    # status line
    "status.deal": "{name} deals. Trumps are {suit}.",
    "status.played": "{name} plays {card}.",
    "status.took": "{name} takes the trick ({points} points).",
    "status.exchange": "{name} exchanges the trump jack for {card}.",
    "status.close": "{name} closes the stock.",
    "status.meld": "{name} melds {points} in {suit}.",
    "status.meld_pending": "{name} melds {points} in {suit} (counts after a first trick).",
    "status.declare_ok": "{name} declares 66 with {score} points.",
    "status.declare_bad": "{name} declares 66 but has only {score} points.",
    "status.pass": "{name} does not declare.",
    "status.you.deal": "You deal. Trumps are {suit}.",
    "status.you.played": "You play {card}.",
    "status.you.took": "You take the trick ({points} points).",
    "status.you.exchange": "You exchange the trump jack for {card}.",
    "status.you.close": "You close the stock.",
    "status.you.meld": "You meld {points} in {suit}.",
    "status.you.meld_pending": "You meld {points} in {suit} (counts after your first trick).",
    "status.you.declare_ok": "You declare 66 with {score} points.",
    "status.you.declare_bad": "You declare 66 but have only {score} points.",
    "status.you.pass": "You do not declare.",
    "status.round_over": "The deal is over.",
    "status.refused": "Not allowed: {reason}",
    # summary
    "summary.title": "End of the deal",
    "summary.points": "Card points",
    "summary.melds": "Marriages",
    "summary.score": "Score (credited marriages included)",
    "summary.tricks": "Tricks",
    "summary.game_points": "Game points this deal",
    "summary.total": "Match score",
    "summary.match_won": "You win the match!",
    "summary.match_lost": "{name} wins the match.",
    "summary.bummerl": "Bummerl: {n}",
    "sheet.title": "Score sheet",
    "sheet.deal": "Deal",
    "sheet.reason": "How",
    "sheet.total": "Total",
    "sheet.match_over": "Match over",
    "sheet.bummerl": "Bummerl",
    # suits
    "suit.S": "spades",
    "suit.H": "hearts",
    "suit.D": "diamonds",
    "suit.C": "clubs",
    # misc
    "common.yes": "Yes",
    "common.no": "No",
}


def set_language(lang: str) -> None:
    """Switch the language live: the gettext catalogues of :mod:`game.i18n` answer ``t``."""
    global LANGUAGE
    LANGUAGE = lang
    from game import i18n

    if i18n.current_language() != lang:
        i18n.set_language(lang)


def t(key: str, **kw: object) -> str:
    """The user-visible text for ``key``, formatted with ``kw``: the catalogue of the current
    language first (game.i18n), then the English table above."""
    from game import i18n

    if i18n.has(key):
        return i18n.t(key, **kw)
    text = _EN.get(key)
    if text is None:
        log.warning("missing UI string %r", key)
        return key
    if kw:
        try:
            return text.format(**kw)
        except (KeyError, IndexError, ValueError):
            log.warning("bad arguments for UI string %r: %r", key, kw)
            return text
    return text


def suit_name(suit: object, deck_style: str = "french") -> str:
    """The suit's name from a Suit or its letter, for the deck in use (Karo / Schellen)."""
    from game import i18n

    return i18n.suit_name(suit, deck_style)


def deck_style_of(scene: object) -> str:
    """The deck style the table shows ("french", "french4", "german"), from the app's config."""
    return str(getattr(getattr(getattr(scene, "app", None), "config", None), "deck_style", "french"))


def card_name(card: object, deck_style: str = "french") -> str:
    """A card in the short symbol form ('10♥', 'Q♠') used in the status line; with the German
    deck its German name instead ("Herz-Ober", "ober of hearts"), since a German pack has no
    ♦ and no Q."""
    if deck_style == "german":
        from game import i18n

        return i18n.card_name(card, "german")
    rank = getattr(getattr(card, "rank", None), "value", "?")
    suit = getattr(card, "suit", None)
    symbol = getattr(suit, "symbol", "?")
    return ("10" if rank == "T" else rank) + symbol
