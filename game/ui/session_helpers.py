"""Small helpers of :mod:`game.ui.session`: a move in words for the hint.

(Hand sorting by the player's setting lives in :class:`game.ui.table_protocol.TableHelperBase`.)"""

from __future__ import annotations

from typing import Any

from game import i18n


def describe_move(move: Any, deck_style: str = "french") -> str:
    """A move in words for the hint ("play: queen of hearts", "bid: Bettler")."""
    from game.cards import Suit

    parts = [i18n.t(f"move.{move.kind}")]
    if move.cards:
        parts.append(", ".join(i18n.card_name(c, deck_style) for c in move.cards))
    if move.arg:
        arg = str(move.arg)
        if move.kind in ("meld", "trump") and arg in "SHDC":
            parts.append(i18n.suit_name(Suit.parse(arg), deck_style))
        elif move.kind in ("bid", "raise"):
            parts.append(i18n.contract_name(arg))
        else:
            parts.append(arg)
    return parts[0] + (": " + " ".join(parts[1:]) if len(parts) > 1 else "")
