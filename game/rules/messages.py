"""Structured messages: why a move is refused, why a bot chose a move.

The rules and the bots say *what* happened as a message id with parameters, never as a sentence
in one language; the UI turns a :class:`Reason` into words through the catalogues
(``game.ui.hint_text``, ``game.ui.refusal_text``), naming cards, suits and contracts in the
player's language and deck style.  Nothing parses a sentence back.

    Reason("follow_suit", suit="H")            # a refusal: msgid "refusal.follow_suit"
    Reason("s.t.close", points=41, trumps=4,   # a bot's reason: msgid "why.s.t.close"
           detail=Reason("how.estimate", value=-1.5, used=30))

Parameter values are plain picklable values (numbers, strings, cards, suits, moves) or another
Reason (a clause, translated in its own group).  A hint's reason comes back from the bots' worker
process, so a Reason pickles.  ``str(reason)`` is a readable English fallback for logs and the
command line: the refusals' English sentences are kept here (:data:`ENGLISH`); any other id
prints as ``id(name=value, ...)``.
"""

from __future__ import annotations

import string
from dataclasses import dataclass
from typing import Any

#: The rules' refusals in English, for ``str(IllegalMove)`` in logs and on the command line.  The
#: player reads them through the catalogues (msgid ``refusal.<id>``), never through this table.
ENGLISH: dict[str, str] = {
    # every game (base.py, family_rules.py, the controller)
    "round_over": "the round is over",
    "not_now": "'{move}' is not allowed now",
    "not_your_turn": "it is not your turn",
    "no_decision": "there is no decision of yours to help with",
    # following to a trick (tricks.py)
    "not_in_hand": "{card} is not in your hand",
    "not_led_now": "{card} may not be led now",
    "follow_suit": "you must follow suit ({suit})",
    "head_trick": "you must head the trick: play a higher card of the suit led",
    "must_trump": "you cannot follow suit, so you must play a trump ({suit})",
    "overtrump": "you must overtrump: play a higher trump",
    "not_played_now": "{card} may not be played now",
    # Schnapsen (schnapsen_explain.py)
    "s.deal_over": "the deal is over",
    "s.one_card": "play exactly one card",
    "s.final": "all tricks are played: declare 66 or pass",
    "s.marriage_card": "you must play the king or queen of the marriage you showed",
    "s.lead_only_exchange": "only the player on lead may exchange the trump jack",
    "s.lead_only_close": "only the player on lead may close",
    "s.lead_only_meld": "only the player on lead may show a marriage",
    "s.one_marriage": "only one marriage per lead",
    "s.exchange_before_meld": "you must exchange the trump jack before showing a marriage",
    "s.close_before_meld": "you must close before showing a marriage",
    "s.meld_which": "say which marriage: meld S, H, D or C",
    "s.unknown_suit": "unknown suit {text}; use one of S H D C",
    "s.no_first_marriage": "no marriage before the first trick (house option)",
    "s.need_marriage": "you need both the king and the queen of {suit} in your hand",
    "s.closed_exchange": "the stock is closed: no exchange any more",
    "s.closed": "the stock is closed already",
    "s.exhausted": "the stock is exhausted",
    "s.no_jack": "you do not hold the trump jack ({card})",
    "s.no_close_two": "closing with only two cards in the stock is switched off",
    "s.declare_when": "you may declare 66 only right after winning a trick or showing a marriage",
    "s.pass_when": "'pass' only declines a claim after the final trick",
    "s.not_a_move": "'{move}' is not a Schnapsen move",
    # Bauern- and Dreierschnapsen (family_rules.py)
    "f.lead_marriage": "after showing a marriage you must lead its king or queen",
    "f.bid_seat": "you may not bid {contract} from your seat",
    "f.bid_holding": "{contract} needs a holding you do not have",
    "f.bid_low": "{contract} does not outbid the current bid",
    "f.open": "forehand must open the bidding",
    "f.discard": "discard two cards of your hand, keeping what your contract requires",
    "f.lead_only": "'{move}' is not allowed now (only the player on lead, in a contract that allows it)",
    # Schwimmen (schwimmen.py)
    "w.packet_first": "the dealer must first keep or reject packet A",
    "w.knocked": "somebody has already knocked",
    "w.knock_20": "knocking needs a hand worth at least 20",
    "w.no_shove": "shoving is not allowed in this game (no passing)",
    "w.swap_one": "swap exactly one hand card for one middle card (or swap all)",
    "w.not_in_middle": "{card} is not in the middle",
    "w.packet_dealer": "only the dealer chooses a packet, before the first turn",
}


@dataclass(frozen=True, init=False)
class Reason:
    """A message id and its parameters (sorted by name, so equal messages compare equal).

    ``Reason("follow_suit", suit="H")``; ``reason.get("suit")``; ``reason.kwargs``.
    """

    id: str
    params: tuple[tuple[str, Any], ...]

    def __init__(self, id: str, /, **params: Any) -> None:  # noqa: A002 - the message's id
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "params", tuple(sorted(params.items())))

    def __hash__(self) -> int:
        # by text: a parameter may be a value that does not hash (a move built with a list)
        return hash((self.id, repr(self.params)))

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.id, self.params))

    @property
    def kwargs(self) -> dict[str, Any]:
        return dict(self.params)

    def get(self, name: str, default: Any = None) -> Any:
        return self.kwargs.get(name, default)

    def with_params(self, **more: Any) -> Reason:
        """The same message with parameters added or replaced (e.g. a ``detail`` clause)."""
        return Reason(self.id, **{**self.kwargs, **more})

    def ids(self) -> list[str]:
        """This id and the ids of every nested clause, with the parameter ``name`` each sits
        under (``"how:how.estimate"``), for the catalogue tests."""
        out = [self.id]
        for name, value in self.params:
            if isinstance(value, Reason):
                out += [f"{name}:{i}" for i in value.ids()]
        return out

    def __str__(self) -> str:
        values = {k: _plain(v) for k, v in self.params}
        template = ENGLISH.get(self.id)
        if template is not None:
            try:
                return string.Formatter().vformat(template, (), values)
            except (KeyError, IndexError, ValueError):
                pass
        inner = ", ".join(f"{k}={v}" for k, v in values.items())
        return f"{self.id}({inner})" if inner else self.id


def _rebuild(id: str, params: tuple[tuple[str, Any], ...]) -> Reason:  # noqa: A002
    return Reason(id, **dict(params))


def _plain(value: Any) -> str:
    """A parameter for the English fallback: a suit by its symbol, anything else by ``str``."""
    symbol = getattr(value, "symbol", None)
    return symbol if isinstance(symbol, str) else str(value)
