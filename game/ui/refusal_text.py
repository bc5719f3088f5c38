"""Why a move was refused (``IllegalMove.reason``), in the player's language.

The rules in ``game/rules`` stay free of the UI and its catalogues: a refused move raises
``IllegalMove`` with one English sentence (``schnapsen_explain.explain``, the shared follow rule
``tricks.explain_refusal``, ``explain_illegal`` of the Bauern/Dreier and Schwimmen rules, the
generic sentences of ``base.check_legal`` and the controller).  :data:`REFUSALS` lists those
sentences as templates under ``refusal.*`` message ids, and :func:`translate_refusal` reads a
reason back and rebuilds it through the catalogues with the same machinery as the bots' hint
reasons (:class:`game.ui.hint_text.Templates`), naming cards, suits, contracts and moves in the
player's language and deck style:

    translate_refusal("you must follow suit (♥)")  ->  "Du musst Farbe bedienen (Herz)"

A sentence no template knows is shown as it came (English) and logged once;
``tests/ui/test_refusal_text.py`` tries every wrong move on seeded states of every game and
fails on any reason that would stay English, so a new wording in the rules is added here too.

Glossary: bedienen = follow suit; stechen = head the trick; Atout = trumps; zudrehen = close;
ausmelden = declare 66; Ansage = a shown marriage; Päckchen = a Schwimmen packet.
"""

from __future__ import annotations

from game import i18n
from game.ui.hint_text import NoMatch, Templates

#: message id -> the rules' English sentence, placeholders typed by name: ``{card}`` (``AH``),
#: ``{suitsym}`` (``♥``), ``{contract}`` (a contract's name), ``{move}`` (move notation) and
#: ``{text}`` (anything, shown as it is).
REFUSALS: dict[str, str] = {
    # every game (game/rules/base.py, family_rules.py, controller.py)
    "refusal.round_over": "the round is over",
    "refusal.not_now": "'{move}' is not allowed now",
    "refusal.not_your_turn": "it is not your turn",
    "refusal.no_decision": "there is no decision of yours to help with",
    # following to a trick (game/rules/tricks.py explain_refusal)
    "refusal.not_in_hand": "{card} is not in your hand",
    "refusal.not_led_now": "{card} may not be led now",
    "refusal.follow_suit": "you must follow suit ({suitsym})",
    "refusal.head_trick": "you must head the trick: play a higher card of the suit led",
    "refusal.must_trump": "you cannot follow suit, so you must play a trump ({suitsym})",
    "refusal.overtrump": "you must overtrump: play a higher trump",
    "refusal.not_played_now": "{card} may not be played now",
    # Schnapsen (game/rules/schnapsen_explain.py)
    "refusal.s.deal_over": "the deal is over",
    "refusal.s.one_card": "play exactly one card",
    "refusal.s.final": "all tricks are played: declare 66 or pass",
    "refusal.s.marriage_card": "you must play the king or queen of the marriage you showed",
    "refusal.s.lead_only_exchange": "only the player on lead may exchange the trump jack",
    "refusal.s.lead_only_close": "only the player on lead may close",
    "refusal.s.lead_only_meld": "only the player on lead may show a marriage",
    "refusal.s.one_marriage": "only one marriage per lead",
    "refusal.s.exchange_before_meld": "you must exchange the trump jack before showing a marriage",
    "refusal.s.close_before_meld": "you must close before showing a marriage",
    "refusal.s.meld_which": "say which marriage: meld S, H, D or C",
    "refusal.s.unknown_suit": "unknown suit {text}; use one of S H D C",
    "refusal.s.no_first_marriage": "no marriage before the first trick (house option)",
    "refusal.s.need_marriage": "you need both the king and the queen of {suitsym} in your hand",
    "refusal.s.closed_exchange": "the stock is closed: no exchange any more",
    "refusal.s.closed": "the stock is closed already",
    "refusal.s.exhausted": "the stock is exhausted",
    "refusal.s.no_jack": "you do not hold the trump jack ({card})",
    "refusal.s.no_close_two": "closing with only two cards in the stock is switched off",
    "refusal.s.declare_when": "you may declare 66 only right after winning a trick or showing a marriage",
    "refusal.s.pass_when": "'pass' only declines a claim after the final trick",
    "refusal.s.not_a_move": "'{move}' is not a Schnapsen move",
    # Bauern- and Dreierschnapsen (game/rules/family_rules.py explain_illegal)
    "refusal.f.lead_marriage": "after showing a marriage you must lead its king or queen",
    "refusal.f.bid_seat": "you may not bid {contract} from your seat",
    "refusal.f.bid_holding": "{contract} needs a holding you do not have",
    "refusal.f.bid_low": "{contract} does not outbid the current bid",
    "refusal.f.open": "forehand must open the bidding",
    "refusal.f.discard": "discard two cards of your hand, keeping what your contract requires",
    "refusal.f.lead_only": "'{move}' is not allowed now (only the player on lead, in a contract that allows it)",
    # Schwimmen (game/rules/schwimmen.py explain_illegal)
    "refusal.w.packet_first": "the dealer must first keep or reject packet A",
    "refusal.w.knocked": "somebody has already knocked",
    "refusal.w.knock_20": "knocking needs a hand worth at least 20",
    "refusal.w.no_shove": "shoving is not allowed in this game (no passing)",
    "refusal.w.swap_one": "swap exactly one hand card for one middle card (or swap all)",
    "refusal.w.not_in_middle": "{card} is not in the middle",
    "refusal.w.packet_dealer": "only the dealer chooses a packet, before the first turn",
}

_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


def _suit_symbol(value: str, deck_style: str) -> str:
    return i18n.suit_name(_SYMBOLS[value], deck_style)


def _move(value: str, deck_style: str) -> str:
    """A move in the notation ("play QH", "bid bettler", "meld") in words: a single card says
    it ("Herz-Dame"); a verb without its argument is the verb alone."""
    from game.rules.base import parse_move
    from game.ui.session_helpers import describe_move

    try:
        move = parse_move(value)
    except ValueError:
        word = value.split()[0].lower() if value.split() else ""
        if word and i18n.has(f"move.{word}"):
            return i18n.t(f"move.{word}")
        raise NoMatch(value) from None
    if not i18n.has(f"move.{move.kind}"):
        raise NoMatch(value)
    if move.kind == "play" and len(move.cards) == 1:
        return i18n.card_name(move.cards[0], deck_style)
    return describe_move(move, deck_style)


REFUSAL_TEMPLATES = Templates(
    REFUSALS,
    kinds={"suitsym": ("[♠♥♦♣]", _suit_symbol), "move": (r".+?", _move), "text": (r".+?", lambda v, _s: v)},
    what="refusal",
)


def translate_refusal(reason: str, deck_style: str = "french") -> str:
    """A refused move's reason in the current language; as it came if no template reads it."""
    return REFUSAL_TEMPLATES.translate(reason, deck_style)


def known(reason: str) -> bool:
    """Whether a template reads ``reason`` (for the tests)."""
    return REFUSAL_TEMPLATES.known(reason)
