"""A small open board for the family "Could I have won?" view: every hand face up, one row per
seat (the human's name in brass), each side's points and tricks, the cards on the table with
who played them, and the contract with its trumps.

Drawn from an engine state (after the deal every card may be shown); changes nothing.

Glossary: Ausmelden = declare 66; Bettler = the declarer's partner sits out.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.rules.family_scoring import side_score, side_tricks
from game.ui.cardart import card_height
from game.ui.scenes.hindsight_board import _art
from game.ui.scenes.table_family_text import contract_name
from game.ui.text import deck_style_of, suit_name, t
from game.ui.widgets import BRASS, CREAM, MUTED, draw_text

_ORDER = "ATKQJ"


def card_width(board: pygame.Rect, rows: int, per_row: int) -> int:
    """Rows of cards fill the board's height; the longest hand, its label and the trick fit
    its width (label 2.6 widths, the hand, a gap, four trick cards at 0.75)."""
    by_height = board.height / (rows * 1.5 * 1.08)
    by_width = board.width / (2.6 + per_row * 1.08 + 0.6 + 4 * 0.8 + 0.4)
    return max(24, int(min(by_height, by_width)))


def draw_board(surface: pygame.Surface, board: pygame.Rect, state: Any, human: int, table: Any, size: int,
               show_last_trick: bool = False) -> None:
    """The open position; ``show_last_trick`` shows the trick just completed."""
    style = deck_style_of(table)
    n = state.shape.players
    per_row = max(5, max(len(h) for h in state.hands))
    w = card_width(board, n, per_row)
    h = card_height(w)
    row_h = max(h + 4, board.height // n)
    label_w = int(w * 2.6)
    hands_x = board.left + label_w
    art = _art()
    out = state.sitting_out()
    small = max(11, int(size * 0.85))
    # one row per seat, the human's first: the board reads from the player's own cards
    seats = [human] + [q for q in range(n) if q != human]
    for i, seat in enumerate(seats):
        y = board.top + i * row_h + (row_h - h) // 2
        hand = sorted(state.hands[seat], key=lambda c: (c.suit.value, _ORDER.index(c.rank.value)))
        for k, c in enumerate(hand):
            surface.blit(art.render_face(c, w, style), (hands_x + int(k * w * 1.08), y))
        name = str(table.seat_name(seat))
        if seat == state.declarer:
            name = t("fhind.board.declarer", name=name)
        draw_text(surface, name, (board.left, y + h // 2 - size), size, BRASS if seat == human else CREAM,
                  bold=True, max_width=label_w - 8)
        side = state.side(seat)
        info = (t("fhind.board.sits_out") if seat == out else
                t("hindsight.board.points", points=side_score(state, side), tricks=side_tricks(state, side)))
        draw_text(surface, info, (board.left, y + h // 2 + 3), small, MUTED, max_width=label_w - 8)
    # the middle column: contract and trumps on top, then the trick with who played each card
    tx = hands_x + int((per_row * 1.08 + 0.6) * w)
    right = board.right
    head = contract_name(state.contract)
    if state.trump is not None:
        head += " · " + t("table.trump", suit=suit_name(state.trump, style))
    draw_text(surface, head, (tx, board.top), size, BRASS, bold=True, max_width=right - tx)
    trick, seats_played = state.trick, state.trick_seats
    caption = ""
    if not trick and show_last_trick and state.tricks:
        last = state.tricks[-1]
        trick, seats_played = last.cards, last.seats
        caption = t("hindsight.board.last_trick", name=table.seat_name(last.winner))
    ty = board.top + int(size * 1.8)
    step = int(w * 0.8)
    for k, (c, seat) in enumerate(zip(trick, seats_played, strict=True)):
        x = tx + k * step
        surface.blit(art.render_face(c, w, style), (x, ty + int(size * 1.2)))
        label = str(table.seat_name(seat))
        draw_text(surface, label, (x, ty), small, MUTED, max_width=step - 2)
    if caption:
        draw_text(surface, caption, (tx, ty + int(size * 1.4) + h + 6), small, MUTED, max_width=right - tx)
