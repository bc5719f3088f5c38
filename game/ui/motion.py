"""Small marks of motion that are not cards: the knuckle of a knock (Schwimmen's klopfen).

A :class:`KnockMark` is a value a tween drives from 0 to 1 (``game.ui.tween``); while it runs,
:func:`draw_knock` draws a fist's knuckles rapping the table beside the seat: three bumps that
press in twice, with rings spreading on the cloth.  The knock sound itself is played by the
session for every knock move (``game.ui.session``: the "knock" effect).  Durations are in
docs/STYLE.md.
"""

from __future__ import annotations

import math

import pygame

from game.ui.style import BRASS, CREAM

#: How long the knock mark shows (seconds, before the animation speed factor).
KNOCK_SECONDS = 0.9


class KnockMark:
    """The knock being shown: which seat, and how far along (0..1)."""

    __slots__ = ("seat", "t")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.t = 0.0

    @property
    def showing(self) -> bool:
        return 0.0 < self.t < 1.0


def draw_knock(surface: pygame.Surface, mark: KnockMark | None, at: tuple[int, int], size: int) -> None:
    """The knuckles at ``at`` (a point beside the seat), ``size`` px across."""
    if mark is None or not mark.showing:
        return
    t = mark.t
    # Two raps: the fist dips at t = 0.2 and t = 0.5, rings spread from each.
    dip = max(0.0, math.sin(min(1.0, t / 0.6) * 2 * math.pi * 2)) * size * 0.08
    fade = 1.0 if t < 0.7 else max(0.0, (1.0 - t) / 0.3)
    layer = pygame.Surface((size * 3, size * 3), pygame.SRCALPHA)
    c = (size * 3 // 2, size * 3 // 2)
    for start in (0.2, 0.5):
        if t > start:
            k = min(1.0, (t - start) / 0.5)
            r = int(size * (0.5 + 1.0 * k))
            alpha = int(160 * (1 - k) * fade)
            pygame.draw.circle(layer, (*BRASS, alpha), c, r, width=max(2, size // 14))
    bump = max(3, size // 7)
    for i in range(3):  # three knuckles in a row
        x = c[0] + (i - 1) * bump * 2
        y = int(c[1] + dip)
        pygame.draw.circle(layer, (*CREAM, int(235 * fade)), (x, y), bump)
        pygame.draw.circle(layer, (120, 90, 60, int(235 * fade)), (x, y), bump, width=max(1, bump // 3))
    surface.blit(layer, layer.get_rect(center=at))
