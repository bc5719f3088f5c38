"""A small open Schnapsen board for the "Could I have won?" view: both hands face up, the stock
with its count and the turn-up (or "closed"), the cards on the table, each side's points.

Drawn from an engine state (after the deal every card may be shown); changes nothing.

Glossary: stock = Talon; turn-up = the Atout card under the stock; zugedreht = closed.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.ui.cardart import CardArt, card_height
from game.ui.text import deck_style_of, t
from game.ui.widgets import BRASS, CREAM, MUTED, draw_text

_ART: CardArt | None = None


def _art() -> CardArt:
    global _ART
    if _ART is None:
        _ART = CardArt(max_entries=120)
    return _ART


def card_width(board: pygame.Rect) -> int:
    """Three rows of cards (two hands and the middle) fill the board's height; five cards and
    the labels fit its width."""
    by_height = board.height / (3 * 1.5 + 0.8)
    by_width = board.width / 9.5
    return max(28, int(min(by_height, by_width)))


def _score(state: Any, seat: int) -> int:
    tally, sp = state.tally, state.specials
    return int(tally.card_points[seat] + (sp.meld_points[seat] if tally.tricks[seat] else 0))


def _row(surface: pygame.Surface, cards: Any, x: int, y: int, w: int, style: str) -> None:
    art = _art()
    step = int(w * 1.08)
    for i, c in enumerate(cards):
        surface.blit(art.render_face(c, w, style), (x + i * step, y))


def draw_board(surface: pygame.Surface, board: pygame.Rect, state: Any, human: int, table: Any, size: int,
               show_last_trick: bool = False) -> None:
    """The open position; ``show_last_trick`` shows the trick just completed (the table is empty
    right after the second card, which would hide what the step did)."""
    style = deck_style_of(table)
    back = getattr(getattr(getattr(table, "presenter", None), "art", None), "back", "classic_red")
    w = card_width(board)
    h = card_height(w)
    gap = max(6, (board.height - 3 * h) // 2)
    label_w = int(w * 2.6)
    hands_x = board.left + label_w
    other = 1 - human
    rows = ((other, board.top), (human, board.top + 2 * (h + gap)))
    for seat, y in rows:
        hand = sorted(state.hands[seat], key=lambda c: (c.suit.value, "ATKQJ".index(c.rank.value)))
        _row(surface, hand, hands_x, y, w, style)
        name = str(table.seat_name(seat))
        draw_text(surface, name, (board.left, y + h // 2 - size), size, CREAM, bold=True, max_width=label_w - 10)
        pts = t("hindsight.board.points", points=_score(state, seat), tricks=state.tally.tricks[seat])
        draw_text(surface, pts, (board.left, y + h // 2 + 4), int(size * 0.9), MUTED, max_width=label_w - 10)
    # The middle: stock and turn-up on the left, the trick in the centre.
    y = board.top + h + gap
    art = _art()
    if state.stock and not state.closed:
        # the turn-up lies crosswise under the stock, its index showing, as on the table
        turn = pygame.transform.rotate(art.render_face(state.stock[-1], w, style), 90)
        surface.blit(turn, (hands_x, y + (h - turn.get_height()) // 2))
        if len(state.stock) > 1:
            surface.blit(art.render_back(w, back, style), (hands_x + int(w * 0.75), y))
        label = t("hindsight.board.stock", n=len(state.stock))
    else:
        label = t("hindsight.board.closed") if state.closed else t("hindsight.board.no_stock")
    draw_text(surface, label, (board.left, y + h // 2 - size // 2), int(size * 0.9), MUTED, max_width=label_w - 10)
    tx = hands_x + int(w * 3.0)
    trick = state.trick
    history = state.tally.history
    if not trick and show_last_trick and history:
        trick = history[-1].cards
        draw_text(surface, t("hindsight.board.last_trick", name=table.seat_name(history[-1].winner)),
                  (tx + int(w * 2.0), y + h // 2 - size // 2), int(size * 0.9), MUTED, max_width=int(w * 2.2))
    for i, c in enumerate(trick):
        surface.blit(art.render_face(c, w, style), (tx + i * int(w * 0.7), y + (0 if i else h // 10)))
    trump = t("table.trump", suit=_suit(state, style))
    draw_text(surface, trump, (board.right, y + h // 2 - size // 2), size, BRASS, anchor="topright",
              max_width=board.right - tx - 2 * w)


def _suit(state: Any, style: str) -> str:
    from game.ui.text import suit_name

    return str(suit_name(state.trump, style))
