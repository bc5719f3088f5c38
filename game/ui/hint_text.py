"""Structured messages in the player's language: the bots' hint reasons and the rules' refusals.

The rules and the bots never speak a language: a refused move carries a
:class:`~game.rules.messages.Reason` (``IllegalMove.reason``) and a bot's ``explain`` returns one
too.  A Reason is a message id and parameters; here it becomes a sentence through the catalogues
(``locale/*.po``): the msgid is a namespace plus the id (``why.`` for the bots, ``refusal.`` for
the rules, :mod:`game.ui.refusal_text`), and each parameter is worded for the player's language and deck style:

    translate_reason(Reason("s.lead_points", card=Card("A", "H")))  ->  "Herz-Daus ausspielen: ..."

Parameters are worded by value: a card by its name ("Herz-Daus"), a suit by its name, a move in
words, a nested Reason as a clause of the same namespace (``how``, ``trumps``, ``label``,
``reason``, ``facts``); and by name for plain values: ``suit``/``suitname`` (a suit letter),
``contract`` (a contract id), ``goal`` (a contract id: its goal), ``kontra`` (the verb),
``ranks`` (rank letters, "ATK" -> "A/10/K"), ``pct`` (a share 0..1), ``value`` (signed game
points), ``val`` (a Schwimmen hand value, or "feuer").  A trailing digit is ignored (``card2``).

A reason may carry a ``detail`` clause, the statistic behind it ("worth about -1.5 game points
over 30 possible deals"): it is not part of the sentence; :func:`reason_detail` words it for a
details line.  ``tests/ui/test_hint_text.py`` plays every game at every level and fails on any
reason id or refusal id a catalogue lacks, or whose placeholders differ from its parameters.

Glossary: Atout = trumps; zudrehen = close; ausmelden = declare 66; Schmieren = giving points
to a partner's trick; Aufschlagen = trumps from a blind card; schieben = shove.
"""

from __future__ import annotations

import logging
import re
from typing import Any

from game import i18n
from game.rules.messages import Reason

log = logging.getLogger(__name__)

WHY = "why."
#: The parameter holding a reason's statistic, shown on a line of its own.
DETAIL = "detail"
_DIGITS = re.compile(r"\d+$")
#: contract id -> its goal's msgid suffix (``contract.goal.*``)
_GOALS = {"normal": "normal", "bettler": "bettler", "zehnergang": "zehnergang"}
_warned: set[str] = set()


def _goal(contract_id: str) -> str:
    from game.rules.contracts import BY_ID

    if contract_id in _GOALS:
        return _GOALS[contract_id]
    goal = BY_ID[contract_id].goal.value
    return {"first3_66": "schnapser", "win_all": "all_tricks", "lose_all": "bettler"}.get(goal, "normal")


def _number(value: float, fmt: str) -> str:
    text = format(value, fmt)
    return text.replace(".", ",") if i18n.current_language() == "de" else text


def word(name: str, value: Any, namespace: str, deck_style: str = "french") -> str:
    """One parameter of a message in the current language (see the module docstring)."""
    from game.cards import Card, Suit
    from game.rules.base import Move

    kind = _DIGITS.sub("", name)
    if isinstance(value, Reason):
        return sentence(value, namespace, deck_style)
    if isinstance(value, Card):
        return i18n.card_name(value, deck_style)
    if isinstance(value, Suit):
        return i18n.suit_name(value, deck_style)
    if isinstance(value, Move):
        from game.ui.session_helpers import describe_move

        if value.kind == "play" and len(value.cards) == 1:
            return i18n.card_name(value.cards[0], deck_style)
        return describe_move(value, deck_style) if i18n.has(f"move.{value.kind}") else str(value)
    if kind in ("suit", "suitname") and isinstance(value, str):
        return i18n.suit_name(value.upper(), deck_style)
    if kind == "contract":
        return i18n.contract_name(str(value))
    if kind == "goal":
        return i18n.t(f"contract.goal.{_goal(str(value))}")
    if kind == "kontra":
        return i18n.t(f"move.{str(value).lower()}")
    if kind == "ranks":
        return "/".join(i18n.rank_name(r, deck_style) for r in str(value))
    if kind == "pct" and isinstance(value, float):
        return f"{round(value * 100)}%"
    if kind == "value" and isinstance(value, (int, float)):
        return _number(value, "+.2f" if abs(value) < 1 else "+.1f")  # +0.25, but +1.5
    if kind == "val":
        if str(value).lower() == "feuer":
            return i18n.t("value.feuer")
        return format(float(value), "g") if isinstance(value, (int, float)) else str(value)
    if isinstance(value, float):
        return _number(value, "g")
    return str(value)


def sentence(reason: Reason, namespace: str, deck_style: str = "french") -> str:
    """``reason`` worded through the catalogue under ``namespace`` (its ``detail`` left out);
    the English fallback ``str(reason)`` (logged once) if the catalogue lacks the id."""
    msgid = namespace + reason.id
    if not i18n.has(msgid):
        if msgid not in _warned:
            _warned.add(msgid)
            log.warning("no catalogue entry %r for %s", msgid, reason)
        return str(reason)
    values = {name: word(name, v, namespace, deck_style) for name, v in reason.params if name != DETAIL}
    return i18n.t(msgid, **values)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:] if text[:1].islower() else text


def translate_reason(reason: Reason | str, deck_style: str = "french") -> str:
    """A bot's reason in the current language, as a sentence (its statistic left out)."""
    if isinstance(reason, str):  # a reason from before structured messages: show it as it is
        return reason
    return _capital(sentence(reason, WHY, deck_style))


def reason_detail(reason: Reason | str, deck_style: str = "french") -> str | None:
    """The statistic behind a bot's reason ("worth about +0.4 game points over 30 possible
    deals"), or None if it has none."""
    detail = reason.get(DETAIL) if isinstance(reason, Reason) else None
    return _capital(sentence(detail, WHY, deck_style)) if isinstance(detail, Reason) else None


def msgids(reason: Reason, namespace: str) -> list[tuple[str, Reason]]:
    """Every (msgid, message) a reason needs, its nested clauses included (for the tests)."""
    out = [(namespace + reason.id, reason)]
    for _name, value in reason.params:
        if isinstance(value, Reason):
            out += msgids(value, namespace)
    return out
