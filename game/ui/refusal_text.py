"""Why a move was refused (``IllegalMove.reason``), in the player's language.

The rules raise ``IllegalMove`` with a structured message (:class:`game.rules.messages.Reason`);
its msgid is ``refusal.<id>``, worded by :func:`game.ui.hint_text.sentence` like the bots'
reasons, cards, suits, contracts and moves named in the player's language and deck style:

    translate_refusal(Reason("follow_suit", suit=Suit.HEARTS))  ->  "Du musst Farbe bedienen (Herz)"

``tests/ui/test_refusal_text.py`` tries every wrong move on seeded states of every game and fails
on any refusal id a catalogue lacks.

Glossary: bedienen = follow suit; stechen = head the trick; Atout = trumps; zudrehen = close;
ausmelden = declare 66; Ansage = a shown marriage; Päckchen = a Schwimmen packet.
"""

from __future__ import annotations

from game.rules.messages import Reason
from game.ui.hint_text import sentence

REFUSAL = "refusal."


def translate_refusal(reason: Reason | str, deck_style: str = "french") -> str:
    """Why the rules refused a move, in the current language (a plain string is shown as it is)."""
    if isinstance(reason, str):
        return reason
    return sentence(reason, REFUSAL, deck_style)
