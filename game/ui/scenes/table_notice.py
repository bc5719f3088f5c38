"""Text placement at the table: where a notice may go, and the key help above the hand.

A notice (a save that failed, a rule reminder) must cover no seat, name, callout bubble, card
in play, button or the turn line; :func:`notice_spot` finds the free spot nearest the status
line.  :func:`draw_key_help` writes the key help in one line or two beside the human's hand.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.ui.widgets import MUTED, draw_text, free_spot, render_text


def notice_spot(table: Any, surface: pygame.Surface, inner: pygame.Rect) -> tuple[tuple[int, int], int] | None:
    """Where a notice goes at ``table`` (top centre, wrapping width): the free spot nearest the
    status line that covers no seat, name, bubble, card in play, button or the turn line, trying
    narrower (taller) boxes when the wide one finds no room.  None: no room anywhere."""
    geo = table.presenter.geometry
    w, h = surface.get_size()
    gap = 6
    # Schwimmen hangs a bubble ("knocked", "shoves") under a seat; keep that readable too.
    below = table.helper.seat_bubble_height(h)
    obstacles: list[pygame.Rect] = []
    for seat, hand in geo.hand_rect.items():
        r = hand.union(geo.label[seat]).union(geo.seat_box(seat))
        r.height += below
        obstacles.append(r)
    obstacles += list(geo.trick_rect.values()) + [geo.stock_rect, geo.info_rect, geo.buttons_rect]
    if geo.middle_rect is not None:
        obstacles.append(geo.middle_rect)
    obstacles += table.helper.notice_obstacles((w, h))
    hl, hand = geo.label[table.human_seat], geo.hand_rect[table.human_seat]
    obstacles.append(pygame.Rect(hl.left, hl.top - h // 14, max(hl.width, hand.left - hl.left), h // 14))  # key help
    obstacles.append(pygame.Rect(w // 4, geo.turn_pos[1] - h // 30, w // 2, h // 15))  # the turn line
    obstacles = [o.inflate(2 * gap, 2 * gap) for o in obstacles]
    bounds = pygame.Rect(8, inner.bottom + 4, w - 16, geo.buttons_rect.top - inner.bottom - 4)
    prefer = (inner.centerx, inner.bottom + 12)
    for width in (max(inner.width - 40, w // 2), w // 3, w // 4):
        box = table.status.notice_box(surface, inner, (0, 0), width, measure_only=True)
        spot = free_spot(bounds, box.size, obstacles, prefer)
        if spot is not None:
            # notice_box frames the text block 7 px below the point it is given
            return (spot.centerx, spot.top + 7), width
    return None  # no room anywhere: under the status line, as before


def draw_key_help(surface: pygame.Surface, text: str, bottomleft: tuple[int, int], size: int, max_width: int) -> list[pygame.Rect]:
    """The key help above the human's label: one line, or two split at a " · " when one line
    would not fit beside the hand (German and Japanese run long), so it never runs under the
    cards.  Returns the drawn line rectangles, bottom line first."""
    lines = [text]
    if render_text(text, size, MUTED).get_width() > max_width and " · " in text:
        lines = _wrap_parts(text.split(" · "), size, max_width)
        if len(lines) == 2:  # two lines: balance them (the shorter first line reads better)
            parts = text.split(" · ")
            widths = [max(render_text(" · ".join(parts[:k]), size, MUTED).get_width(),
                          render_text(" · ".join(parts[k:]), size, MUTED).get_width()) for k in range(1, len(parts))]
            k = 1 + widths.index(min(widths))
            lines = [" · ".join(parts[:k]), " · ".join(parts[k:])]
    x, y = bottomleft
    rects = []
    for line in reversed(lines):
        r = draw_text(surface, line, (x, y), size, MUTED, anchor="bottomleft", max_width=max_width)
        rects.append(r)
        y = r.top - 1
    return rects


def _wrap_parts(parts: list[str], size: int, max_width: int) -> list[str]:
    """Greedy lines of " · "-joined parts that fit ``max_width`` (at most four; the text size
    stays on the type scale instead of shrinking to an unreadable size)."""
    lines: list[str] = []
    words: list[str] = []
    for part in parts:  # a part too long for a line of its own is broken between words
        if render_text(part, size, MUTED).get_width() > max_width and " " in part:
            line = ""
            for word in part.split(" "):
                if line and render_text(line + " " + word, size, MUTED).get_width() > max_width:
                    words.append(line)
                    line = word
                else:
                    line = f"{line} {word}" if line else word
            words.append(line)
        else:
            words.append(part)
    for part in words:
        if lines and render_text(lines[-1] + " · " + part, size, MUTED).get_width() <= max_width:
            lines[-1] += " · " + part
        else:
            lines.append(part)
    while len(lines) > 4:
        lines[-2:] = [lines[-2] + " · " + lines[-1]]
    return lines
