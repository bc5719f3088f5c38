"""Court-card figures and card backs for cardart.py, drawn with pygame.draw on a supersampled canvas.

A court card is a framed panel, double-headed like a printed pack: the top half shows a
stylised bust (king with crown, sceptre and beard; queen / Ober with tiara or hat and a
flower; jack / Unter with a cap and halberd) and the bottom half is the same picture turned
180 degrees.  German courts put the suit symbol high for the Ober and low for the Unter, as
the printed German packs do.

Glossary: König = king, Ober = upper knave (queen's place), Unter = lower knave (jack's place).
"""

from __future__ import annotations

import math

import pygame

from game.cards import SUITS, Rank, Suit
from game.ui.cardart_personas import Persona, draw_beard, draw_item, persona
from game.ui.cardart_shapes import Color, _shade, draw_suit, suit_color

GOLD: Color = (222, 178, 62)
SKIN: Color = (246, 216, 184)
INK: Color = (38, 30, 28)
HAIR = {Rank.KING: (112, 110, 116), Rank.QUEEN: (150, 92, 40), Rank.JACK: (70, 44, 24)}

# back id -> (base colour, pattern)
BACKS: dict[str, tuple[Color, str]] = {
    "classic_red": ((150, 26, 38), "lattice"),
    "classic_blue": ((26, 58, 140), "lattice"),
    "forest_green": ((22, 94, 58), "diamonds"),
}


def _robe_colour(suit: Suit, style: str) -> Color:
    c = suit_color(suit, style)
    return (46, 56, 98) if sum(c) < 120 else c  # black robes look flat; use a deep navy instead


def _mix(a: Color, b: Color, t: float) -> Color:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def draw_court(big: pygame.Surface, panel: pygame.Rect, rank: Rank, suit: Suit, style: str, ss: int) -> None:
    """Draw the framed, double-headed court picture into ``panel`` (supersampled pixels)."""
    color = suit_color(suit, style)
    top_tint, bottom_tint = _mix(color, (255, 255, 255), 0.9), _mix(color, (255, 255, 255), 0.78)
    radius = max(2, panel.w // 14)
    bg = pygame.Surface(panel.size, pygame.SRCALPHA)
    bg.fill((0, 0, 0, 0))
    half_h = panel.h // 2
    pygame.draw.rect(bg, top_tint, (0, 0, panel.w, panel.h), border_radius=radius)
    pygame.draw.ellipse(bg, bottom_tint, (panel.w // 10, half_h - panel.h // 7, panel.w * 8 // 10, 2 * panel.h // 7))

    half = pygame.Surface((panel.w, half_h), pygame.SRCALPHA)
    half.fill((0, 0, 0, 0))
    _figure(half, rank, suit, style)
    bg.blit(half, (0, 0))
    bg.blit(pygame.transform.rotate(half, 180), (0, panel.h - half_h))
    big.blit(bg, panel.topleft)

    lw = max(1, round(panel.w * 0.02))
    pygame.draw.line(big, color, (panel.x + lw, panel.centery), (panel.right - lw, panel.centery), lw)
    pygame.draw.rect(big, color, panel, width=lw * 2, border_radius=radius)
    pygame.draw.rect(big, GOLD, panel.inflate(-lw * 5, -lw * 5), width=lw, border_radius=max(1, radius - lw * 2))


def draw_court_compact(big: pygame.Surface, box: pygame.Rect, rank: Rank, suit: Suit, style: str) -> None:
    """A small card's court: one large single-headed bust in a frame (no double head, no pip;
    the corner index carries the suit), so the figure stays readable on a 40-60 px card."""
    color = suit_color(suit, style)
    radius = max(2, box.w // 10)
    pygame.draw.rect(big, _mix(color, (255, 255, 255), 0.88), box, border_radius=radius)
    half = pygame.Surface(box.size, pygame.SRCALPHA)
    half.fill((0, 0, 0, 0))
    _figure(half, rank, suit, style, show_suit=False)
    big.blit(half, box.topleft)
    lw = max(1, round(box.w * 0.035))
    pygame.draw.rect(big, color, box, width=lw, border_radius=radius)


def _figure(s: pygame.Surface, rank: Rank, suit: Suit, style: str, show_suit: bool = True) -> None:
    pw, ph = s.get_size()

    def P(x: float, y: float) -> tuple[float, float]:
        return (x * pw, y * ph)

    lw = max(1, round(pw * 0.014))
    german = style == "german"
    who: Persona = persona(rank, suit)
    if german:  # the German pack dresses its courts in the suit colour, as printed
        robe = _robe_colour(suit, style)
        accent = (52, 92, 170) if robe[2] < 120 else (176, 40, 44)
        hair = HAIR[rank]
    else:
        robe, accent, hair = who.robe, who.accent, who.hair

    # Long hair behind the head (the French queen).
    if rank is Rank.QUEEN and not german:
        pygame.draw.polygon(s, hair, [P(0.33, 0.4), P(0.67, 0.4), P(0.72, 0.74), P(0.28, 0.74)])
    # Rounded shoulders and robe, cut by the divider like a printed double-headed card.
    robe_pts = [P(x, y) for x, y in ((0.06, 1.0), (0.07, 0.87), (0.12, 0.77), (0.22, 0.7), (0.36, 0.665),
                                      (0.64, 0.665), (0.78, 0.7), (0.88, 0.77), (0.93, 0.87), (0.94, 1.0))]
    pygame.draw.polygon(s, robe, robe_pts)
    pygame.draw.polygon(s, INK, robe_pts, lw)
    if rank is Rank.KING:  # ermine collar: white with black tails
        collar = [P(0.5 + 0.3 * math.cos(a), 0.74 - 0.1 * math.sin(a)) for a in (math.pi * k / 16 for k in range(17))]
        collar += [P(0.2, 0.8), P(0.8, 0.8)][::-1]
        pygame.draw.polygon(s, (246, 244, 238), collar)
        pygame.draw.polygon(s, INK, collar, lw)
        for x in (0.27, 0.37, 0.63, 0.73):
            pygame.draw.line(s, INK, P(x, 0.72), P(x, 0.77), lw * 2)
    elif rank is Rank.QUEEN:  # a necklace of gold beads
        for k in range(9):
            a = math.pi * (0.15 + 0.7 * k / 8)
            pygame.draw.circle(s, GOLD, P(0.5 + 0.16 * math.cos(a), 0.7 + 0.1 * math.sin(a)), pw * 0.017)
    else:  # a striped tunic
        for x in (0.3, 0.42, 0.58, 0.7):
            pygame.draw.line(s, accent, P(x, 0.76), P(x, 1.0), lw * 3)
    # A sash across the chest and the gold hem at the divider.
    pygame.draw.polygon(s, accent if rank is not Rank.JACK else GOLD,
                        [P(0.22, 0.8), P(0.3, 0.74), P(0.78, 1.0), P(0.64, 1.0)])
    pygame.draw.line(s, GOLD, P(0.07, 0.97), P(0.93, 0.97), lw * 2)
    # Neck and head.
    pygame.draw.rect(s, SKIN, _rect(P(0.45, 0.55), pw * 0.1, ph * 0.12))
    head_c, head_r = P(0.5, 0.47), pw * 0.15
    if rank is not Rank.QUEEN or german:
        pygame.draw.circle(s, hair, (head_c[0], head_c[1] - pw * 0.02), head_r * 1.06)
    pygame.draw.circle(s, SKIN, head_c, head_r)
    pygame.draw.circle(s, INK, head_c, head_r, lw)
    for ex in (0.445, 0.555):
        pygame.draw.circle(s, INK, P(ex, 0.455), pw * 0.014)
    pygame.draw.line(s, _shade(SKIN, 0.7), P(0.5, 0.47), P(0.49, 0.5), lw)  # nose
    bearded = rank is Rank.KING and draw_beard(s, P, lw, who if not german else Persona("", robe, accent, hair, "",
                                                                                       "full"), hair)
    if bearded:  # moustache over the beard
        pygame.draw.line(s, _shade(hair, 0.6), P(0.46, 0.54), P(0.54, 0.54), lw)
    else:
        pygame.draw.line(s, (176, 60, 60), P(0.47, 0.54), P(0.53, 0.54), lw)

    _headgear(s, P, pw, lw, rank, german, accent)
    draw_item(s, P, pw, lw, who)

    # The suit: top left; a German Unter carries it low, by the divider.
    if show_suit:
        low = german and rank is Rank.JACK
        draw_suit(s, suit, style, pw * 0.17, ph * (0.82 if low else 0.16), pw * 0.2)


def _rect(xy: tuple[float, float], w: float, h: float) -> pygame.Rect:
    return pygame.Rect(round(xy[0]), round(xy[1]), round(w), round(h))


def _headgear(s: pygame.Surface, P, pw: float, lw: int, rank: Rank, german: bool, accent: Color) -> None:  # type: ignore[no-untyped-def]
    if rank is Rank.KING:
        crown = [P(0.36, 0.37), P(0.35, 0.22), P(0.42, 0.29), P(0.46, 0.15), P(0.5, 0.26), P(0.54, 0.15),
                 P(0.58, 0.29), P(0.65, 0.22), P(0.64, 0.37)]
        pygame.draw.polygon(s, GOLD, crown)
        pygame.draw.polygon(s, INK, crown, lw)
        pygame.draw.line(s, accent, P(0.37, 0.345), P(0.63, 0.345), lw * 2)
        for x, y in ((0.35, 0.22), (0.46, 0.15), (0.54, 0.15), (0.65, 0.22)):
            pygame.draw.circle(s, (240, 236, 220), P(x, y), pw * 0.018)
        pygame.draw.circle(s, accent, P(0.5, 0.3), pw * 0.022)
    elif rank is Rank.QUEEN and german:  # the Ober's broad hat with a feather
        pygame.draw.ellipse(s, accent, _rect(P(0.27, 0.31), pw * 0.46, pw * 0.08))
        pygame.draw.rect(s, accent, _rect(P(0.38, 0.2), pw * 0.24, pw * 0.14), border_radius=round(pw * 0.04))
        pygame.draw.line(s, GOLD, P(0.38, 0.31), P(0.62, 0.31), lw * 2)
        feather = [P(0.6, 0.24), P(0.78, 0.06), P(0.83, 0.08), P(0.64, 0.28)]
        pygame.draw.polygon(s, (238, 236, 226), feather)
        pygame.draw.polygon(s, INK, feather, lw)
    elif rank is Rank.QUEEN:  # tiara
        tiara = [P(0.38, 0.36), P(0.4, 0.29), P(0.45, 0.32), P(0.5, 0.23), P(0.55, 0.32), P(0.6, 0.29), P(0.62, 0.36)]
        pygame.draw.polygon(s, GOLD, tiara)
        pygame.draw.polygon(s, INK, tiara, lw)
        pygame.draw.circle(s, accent, P(0.5, 0.3), pw * 0.02)
    else:  # jack / Unter: a soft cap with a feather
        cap = _rect(P(0.35, 0.26), pw * 0.3, pw * 0.13)
        pygame.draw.ellipse(s, accent, cap)
        pygame.draw.ellipse(s, INK, cap, lw)
        pygame.draw.line(s, GOLD, P(0.36, 0.345), P(0.64, 0.345), lw * 2)
        feather = [P(0.37, 0.3), P(0.22, 0.16), P(0.25, 0.13), P(0.4, 0.28)]
        pygame.draw.polygon(s, (238, 236, 226) if german else GOLD, feather)
        pygame.draw.polygon(s, INK, feather, lw)


def draw_back(big: pygame.Surface, back_id: str, W: int, H: int, ss: int, pips: str = "french") -> None:
    """Pattern a card back inside a cream border (supersampled pixels); the medallion shows the
    four suits of the deck in use (``pips``: "french" or "german")."""
    base, pattern = BACKS[back_id]
    light = _shade(base, 1.3)
    dark = _shade(base, 0.72)
    m = round(W * 0.065)
    inner = pygame.Rect(m, m, W - 2 * m, H - 2 * m)
    radius = round(W * 0.045)
    pygame.draw.rect(big, base, inner, border_radius=radius)
    big.set_clip(inner.inflate(-2 * ss, -2 * ss))
    step = W * 0.085
    lw = max(1, round(ss * 0.9))
    if pattern == "lattice":
        n = int((W + H) / step) + 2
        for i in range(-n, n):
            x = i * step
            pygame.draw.line(big, light, (x, 0), (x + H, H), lw)
            pygame.draw.line(big, light, (x, 0), (x - H, H), lw)
            pygame.draw.line(big, dark, (x + step / 2, 0), (x + step / 2 + H, H), lw)
    else:
        d = step * 0.5
        y = 0.0
        row = 0
        while y < H + step:
            x = (row % 2) * d
            while x < W + step:
                pygame.draw.polygon(big, light if row % 2 else dark, [(x, y - d), (x + d, y), (x, y + d), (x - d, y)])
                x += 2 * d
            y += d
            row += 1
    big.set_clip(None)
    # Inner frame and the central medallion with the four suits.
    pygame.draw.rect(big, (246, 240, 226), inner.inflate(-round(W * 0.06), -round(W * 0.06)), width=max(1, round(ss * 1.2)),
                     border_radius=radius)
    med = pygame.Rect(0, 0, round(W * 0.5), round(W * 0.62))
    med.center = (W // 2, H // 2)
    pygame.draw.ellipse(big, dark, med)
    pygame.draw.ellipse(big, (246, 240, 226), med, max(1, round(ss * 1.5)))
    pygame.draw.ellipse(big, GOLD, med.inflate(-round(W * 0.05), -round(W * 0.05)), max(1, ss))
    r = W * 0.12
    for suit, (dx, dy) in zip(SUITS, ((0, -1), (1, 0), (0, 1), (-1, 0)), strict=True):
        # German pips keep their own colours (their shapes are drawn only that way)
        draw_suit(big, suit, pips, W / 2 + dx * r * 0.9, H / 2 + dy * r * 1.15, W * 0.12,
                  color=None if pips == "german" else (246, 240, 226))
