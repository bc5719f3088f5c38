"""Small helpers of :mod:`game.ui.session`: a move in words for the hint, and hand sorting
(by suit as the game sorts, by rank, or as dealt) wrapped around a table helper's own sort."""

from __future__ import annotations

from collections.abc import Sequence
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


def install_sorting(table: Any) -> None:
    """Hand sorting by suit (the game's own order), by rank, or as dealt: wraps the helper's
    sort so the presenter's re-syncs follow the setting."""
    helper = table.helper
    if helper is None or getattr(helper, "_session_sorting", False):
        return
    base_sort = getattr(helper, "sort_cards", None)
    base_order = getattr(helper, "hand_order", None)
    if base_sort is None:
        return
    helper._session_sorting = True

    def mode() -> str:
        return str(getattr(table, "hand_sorting", "suit"))

    def sort_cards(cards: Sequence[Any], obs: Any) -> list[Any]:
        if mode() == "rank":
            return _by_rank(cards)
        if mode() == "none":
            return _as_dealt(cards, obs)
        return list(base_sort(cards, obs))

    helper.sort_cards = sort_cards
    if base_order is not None:
        def hand_order(obs: Any) -> list[Any]:
            if mode() == "suit":
                return list(base_order(obs))
            return sort_cards(list(getattr(obs, "hand", ())), obs)

        helper.hand_order = hand_order


def _by_rank(cards: Sequence[Any]) -> list[Any]:
    order = "AT KQJ98765432".replace(" ", "")
    return sorted(cards, key=lambda c: (order.index(c.rank.value) if c.rank.value in order else 99, c.suit.value))


def _as_dealt(cards: Sequence[Any], obs: Any) -> list[Any]:
    hand = list(getattr(obs, "hand", ()))
    return sorted(cards, key=lambda c: hand.index(c) if c in hand else len(hand))
