"""Suit symbols as vector shapes: French (♠♥♦♣) and German (Herz, Schellen, Laub, Eichel).

Drawn with plain pygame.draw polygons and circles onto a supersampled surface; cardart.py
scales the result down with smoothscale, which gives clean antialiased edges at any size.
Font glyphs are never used for suits on cards (they blur when scaled and differ per font).

Every shape lives in a unit box (width and height at most 1, centred on 0,0, y down) and is
placed with ``size`` = its height in pixels.

Glossary: Herz = hearts, Schellen = bells (diamonds), Laub/Grün = leaves (spades),
Eichel = acorns (clubs) -- the German pack's suits, mapped as in game/cards.py.
"""

from __future__ import annotations

import math
from functools import cache

import pygame

from game.cards import Suit

Color = tuple[int, int, int]
Pts = list[tuple[float, float]]

STYLES = ("french", "french4", "german")

# Main colour per style and suit: pips, indices and court-card accents use it.
SUIT_COLORS: dict[str, dict[Suit, Color]] = {
    "french": {Suit.SPADES: (22, 22, 28), Suit.HEARTS: (200, 22, 36), Suit.DIAMONDS: (200, 22, 36),
               Suit.CLUBS: (22, 22, 28)},
    "french4": {Suit.SPADES: (22, 22, 28), Suit.HEARTS: (200, 22, 36), Suit.DIAMONDS: (24, 84, 196),
                Suit.CLUBS: (18, 128, 52)},
    "german": {Suit.SPADES: (40, 128, 44), Suit.HEARTS: (204, 30, 40), Suit.DIAMONDS: (196, 128, 8),
               Suit.CLUBS: (118, 72, 30)},
}
GERMAN_NAMES = {Suit.HEARTS: "Herz", Suit.DIAMONDS: "Schellen", Suit.SPADES: "Laub", Suit.CLUBS: "Eichel"}


def suit_color(suit: Suit, style: str) -> Color:
    return SUIT_COLORS[style][suit]


def _shade(c: Color, f: float) -> Color:
    """Darken (f < 1) or lighten (f > 1, towards white) a colour."""
    if f <= 1:
        return (int(c[0] * f), int(c[1] * f), int(c[2] * f))
    t = f - 1
    return (int(c[0] + (255 - c[0]) * t), int(c[1] + (255 - c[1]) * t), int(c[2] + (255 - c[2]) * t))


def _normalise(pts: Pts, height: float = 1.0) -> Pts:
    """Scale a point list so its height is ``height`` and centre it on 0,0."""
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    s = height / (max(ys) - min(ys))
    mx, my = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
    return [((x - mx) * s, (y - my) * s) for x, y in pts]


@cache
def _heart(steps: int = 96) -> tuple[tuple[float, float], ...]:
    pts = []
    for i in range(steps):
        t = 2 * math.pi * i / steps
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        pts.append((x, y))
    return tuple(_normalise(pts, 0.92))


def _stem(top_y: float, bottom_y: float, top_w: float, bottom_w: float) -> Pts:
    """A flared foot with concave sides (spade and club stems)."""
    left, right = [], []
    n = 10
    for i in range(n + 1):
        t = i / n
        w = top_w + (bottom_w - top_w) * t ** 2.2  # concave flare
        y = top_y + (bottom_y - top_y) * t
        left.append((-w / 2, y))
        right.append((w / 2, y))
    return left + right[::-1]


def _diamond() -> Pts:
    pts: Pts = []
    corners = [(0.0, -0.5), (0.38, 0.0), (0.0, 0.5), (-0.38, 0.0)]
    for i in range(4):
        (x0, y0), (x1, y1) = corners[i], corners[(i + 1) % 4]
        mx, my = (x0 + x1) / 2 * 0.86, (y0 + y1) / 2 * 0.86  # control point pulled inwards
        for k in range(12):
            t = k / 12
            x = (1 - t) ** 2 * x0 + 2 * (1 - t) * t * mx + t * t * x1
            y = (1 - t) ** 2 * y0 + 2 * (1 - t) * t * my + t * t * y1
            pts.append((x, y))
    return pts


def _place(pts: Pts, cx: float, cy: float, size: float, flip: bool) -> Pts:
    f = -1.0 if flip else 1.0
    return [(cx + f * x * size, cy + f * y * size) for x, y in pts]


def _circle(surf: pygame.Surface, color: Color, cx: float, cy: float, ox: float, oy: float, r: float,
            size: float, flip: bool, width: int = 0) -> None:
    f = -1.0 if flip else 1.0
    pygame.draw.circle(surf, color, (cx + f * ox * size, cy + f * oy * size), r * size, width)


def draw_suit(surf: pygame.Surface, suit: Suit, style: str, cx: float, cy: float, size: float,
              flip: bool = False, color: Color | None = None) -> None:
    """Draw one suit symbol ``size`` pixels high centred at (cx, cy); ``flip`` turns it 180°.

    ``color`` draws a French-shaped symbol in one colour (card backs, monochrome icons).
    """
    if style == "german" and color is None:
        _GERMAN[suit](surf, cx, cy, size, flip)
        return
    color = color or suit_color(suit, style)
    if suit is Suit.HEARTS:
        pygame.draw.polygon(surf, color, _place(list(_heart()), cx, cy, size, flip))
    elif suit is Suit.DIAMONDS:
        pygame.draw.polygon(surf, color, _place(_diamond(), cx, cy, size, flip))
    elif suit is Suit.SPADES:
        body = [(x * 0.98, -y * 0.78 - 0.1) for x, y in _heart()]
        pygame.draw.polygon(surf, color, _place(body, cx, cy, size, flip))
        pygame.draw.polygon(surf, color, _place(_stem(0.05, 0.5, 0.07, 0.42), cx, cy, size, flip))
    else:  # clubs: three balls and a stem
        r = 0.215
        for ox, oy in ((0.0, -0.27), (-0.25, 0.08), (0.25, 0.08)):
            _circle(surf, color, cx, cy, ox, oy, r, size, flip)
        pygame.draw.polygon(surf, color, _place([(0, -0.2), (0.14, 0.05), (0, 0.15), (-0.14, 0.05)],
                                                cx, cy, size, flip))
        pygame.draw.polygon(surf, color, _place(_stem(0.05, 0.5, 0.07, 0.42), cx, cy, size, flip))


# --- German suits: filled shape, darker outline, a highlight; drawn like a printed pack ----


def _outline_w(size: float) -> int:
    return max(1, round(size * 0.045))


def _g_herz(surf: pygame.Surface, cx: float, cy: float, size: float, flip: bool) -> None:
    c = SUIT_COLORS["german"][Suit.HEARTS]
    pts = _place(list(_heart()), cx, cy, size, flip)
    pygame.draw.polygon(surf, c, pts)
    hl = [(x * 0.3 - 0.18, y * 0.3 - 0.16) for x, y in _heart()]
    pygame.draw.polygon(surf, _shade(c, 1.45), _place(hl, cx, cy, size, flip))
    pygame.draw.polygon(surf, _shade(c, 0.55), pts, _outline_w(size))


def _g_schellen(surf: pygame.Surface, cx: float, cy: float, size: float, flip: bool) -> None:
    gold = SUIT_COLORS["german"][Suit.DIAMONDS]
    dark = (92, 52, 10)
    ow = _outline_w(size)
    _circle(surf, gold, cx, cy, 0, -0.40, 0.085, size, flip)  # the knob on top
    _circle(surf, dark, cx, cy, 0, -0.40, 0.085, size, flip, ow)
    _circle(surf, gold, cx, cy, 0, 0.06, 0.42, size, flip)
    _circle(surf, _shade(gold, 1.35), cx, cy, -0.13, -0.1, 0.16, size, flip)  # shine
    # A red band around the middle, clipped to the ball.
    band: Pts = []
    r = 0.42
    for sgn in (1, -1):
        for k in range(13):
            a = math.radians(-25 + 50 * k / 12) if sgn == 1 else math.radians(205 - 50 * k / 12)
            band.append((r * math.cos(a), 0.06 + r * math.sin(a) * 0.38))
    pygame.draw.polygon(surf, (178, 34, 30), _place(band, cx, cy, size, flip))
    # The sound slit below the band: a dark bar with round ends.
    pygame.draw.polygon(surf, dark, _place([(-0.2, 0.27), (0.2, 0.27), (0.2, 0.31), (-0.2, 0.31)], cx, cy, size, flip))
    for ox in (-0.2, 0.2):
        _circle(surf, dark, cx, cy, ox, 0.29, 0.045, size, flip)
    _circle(surf, dark, cx, cy, 0, 0.06, 0.42, size, flip, ow)


def _g_laub(surf: pygame.Surface, cx: float, cy: float, size: float, flip: bool) -> None:
    green = SUIT_COLORS["german"][Suit.SPADES]
    dark = _shade(green, 0.45)
    body = [(x * 0.9, -y * 0.84 - 0.07) for x, y in _heart()]
    leaf = _place(body, cx, cy, size, flip)
    stem = _place([(-0.035, 0.28), (0.035, 0.28), (0.09, 0.5), (0.02, 0.5)], cx, cy, size, flip)
    pygame.draw.polygon(surf, dark, stem)
    pygame.draw.polygon(surf, green, leaf)
    ow = _outline_w(size)
    vein = _shade(green, 1.5)
    p = lambda x, y: _place([(x, y)], cx, cy, size, flip)[0]  # noqa: E731 - a tiny local helper
    pygame.draw.line(surf, vein, p(0, 0.33), p(0, -0.36), ow)
    for y in (-0.12, 0.06, 0.22):
        pygame.draw.line(surf, vein, p(0, y), p(-0.2, y - 0.14), ow)
        pygame.draw.line(surf, vein, p(0, y), p(0.2, y - 0.14), ow)
    pygame.draw.polygon(surf, dark, leaf, ow)


def _g_eichel(surf: pygame.Surface, cx: float, cy: float, size: float, flip: bool) -> None:
    nut_c = (212, 160, 58)
    cap_c = SUIT_COLORS["german"][Suit.CLUBS]
    dark = (64, 36, 12)
    ow = _outline_w(size)
    nut = [(0.25 * math.cos(a), 0.12 + 0.34 * math.sin(a)) for a in (2 * math.pi * k / 48 for k in range(48))]
    nut = [(x, y if y < 0.12 else 0.12 + (y - 0.12) * 1.05) for x, y in nut]
    pygame.draw.polygon(surf, nut_c, _place(nut, cx, cy, size, flip))
    pygame.draw.polygon(surf, _shade(nut_c, 1.35), _place([(x * 0.3 + 0.08, y * 0.45 + 0.17) for x, y in nut],
                                                          cx, cy, size, flip))
    pygame.draw.polygon(surf, dark, _place(nut, cx, cy, size, flip), ow)
    # The cup: a flattened dome covering the top of the nut, with a crosshatch of dots.
    cap = [(0.31 * math.cos(a), -0.02 + 0.22 * math.sin(a)) for a in (math.pi + math.pi * k / 24 for k in range(25))]
    cap += [(0.29, 0.02), (0.0, 0.07), (-0.29, 0.02)]
    cap_pts = _place(cap, cx, cy, size, flip)
    pygame.draw.polygon(surf, cap_c, cap_pts)
    for ox, oy in ((-0.16, -0.07), (0.0, -0.1), (0.16, -0.07), (-0.08, -0.17), (0.08, -0.17),
                   (-0.08, 0.0), (0.08, 0.0)):
        _circle(surf, _shade(cap_c, 1.4), cx, cy, ox, oy, 0.03, size, flip)
    pygame.draw.polygon(surf, dark, cap_pts, ow)
    stalk = _place([(-0.03, -0.22), (0.03, -0.22), (0.07, -0.5), (0.02, -0.5)], cx, cy, size, flip)
    pygame.draw.polygon(surf, dark, stalk)


_GERMAN = {Suit.HEARTS: _g_herz, Suit.DIAMONDS: _g_schellen, Suit.SPADES: _g_laub, Suit.CLUBS: _g_eichel}
