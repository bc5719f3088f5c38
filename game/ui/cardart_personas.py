"""Who each court card is: one persona per suit and rank, so no two court cards share a figure.

Printed French packs give every court card its own person (the Paris pattern names them:
David, Charlemagne, Caesar and Alexander for the kings; Pallas, Judith, Rachel and Argine for
the queens; Ogier, La Hire, Hector and Lancelot for the jacks).  We follow the idea rather than
the engravings: within one rank the four suits differ by robe colour, hair, beard and above all
by the thing the figure holds, which is a large shape and stays readable on the smallest cards.

The German pack keeps its robes in the suit colour (as printed), but its Könige, Ober and
Unter also carry the persona's item, so they too differ by more than the pip.

Glossary: König = king, Ober = queen's place, Unter = jack's place; court cards = Bildkarten.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.cards import Rank, Suit
from game.ui.cardart_shapes import Color

GOLD: Color = (222, 178, 62)
INK: Color = (38, 30, 28)
STEEL: Color = (200, 204, 212)
WOOD: Color = (110, 80, 50)
IVORY: Color = (240, 236, 220)

Point = tuple[float, float]
PointFn = Callable[[float, float], Point]


@dataclass(frozen=True, slots=True)
class Persona:
    """The look of one court card (French pack colours; German robes follow the suit)."""

    name: str  # the Paris-pattern name, for the reader of this file
    robe: Color
    accent: Color
    hair: Color
    item: str  # a key of ITEMS
    beard: str = "none"  # kings: "full", "short", "forked" or "none"


_P = Persona
PERSONAS: dict[tuple[Rank, Suit], Persona] = {
    (Rank.KING, Suit.SPADES): _P("David", (40, 50, 96), GOLD, (118, 116, 122), "harp", "full"),
    (Rank.KING, Suit.HEARTS): _P("Charlemagne", (178, 30, 40), (48, 84, 168), (232, 230, 224), "sword", "forked"),
    (Rank.KING, Suit.DIAMONDS): _P("Caesar", (196, 112, 28), (120, 30, 60), (58, 40, 30), "axe", "none"),
    (Rank.KING, Suit.CLUBS): _P("Alexander", (26, 104, 62), (180, 40, 44), (150, 96, 44), "orb", "short"),
    (Rank.QUEEN, Suit.SPADES): _P("Pallas", (34, 96, 116), GOLD, (34, 28, 26), "sceptre"),
    (Rank.QUEEN, Suit.HEARTS): _P("Judith", (196, 44, 76), (40, 120, 60), (150, 92, 40), "flower"),
    (Rank.QUEEN, Suit.DIAMONDS): _P("Rachel", (212, 150, 30), (150, 30, 40), (92, 54, 26), "mirror"),
    (Rank.QUEEN, Suit.CLUBS): _P("Argine", (104, 52, 140), (214, 70, 90), (226, 190, 110), "rose"),
    (Rank.JACK, Suit.SPADES): _P("Ogier", (58, 66, 84), (176, 40, 44), (70, 44, 24), "halberd"),
    (Rank.JACK, Suit.HEARTS): _P("La Hire", (186, 52, 30), (60, 70, 150), (222, 170, 80), "hand_axe"),
    (Rank.JACK, Suit.DIAMONDS): _P("Hector", (150, 90, 40), (40, 110, 130), (30, 26, 24), "pennant"),
    (Rank.JACK, Suit.CLUBS): _P("Lancelot", (34, 120, 90), GOLD, (120, 70, 36), "shield"),
}


def persona(rank: Rank, suit: Suit) -> Persona:
    return PERSONAS[(rank, suit)]


# --- held items: each draws into the half-figure surface, mostly on the right-hand side -----


def _harp(s: pygame.Surface, P: PointFn, pw: float, lw: int) -> None:
    frame = [P(0.7, 0.98), P(0.7, 0.5), P(0.76, 0.4), P(0.9, 0.36), P(0.94, 0.44), P(0.86, 0.52), P(0.92, 0.98)]
    pygame.draw.lines(s, GOLD, False, frame, lw * 3)
    for k in range(5):
        x = 0.74 + k * 0.035
        pygame.draw.line(s, IVORY, P(x, 0.5 - k * 0.02), P(x, 0.96), max(1, lw // 2 + 1))


def _sword(s: pygame.Surface, P: PointFn, pw: float, lw: int) -> None:
    # Raised behind the shoulder, point up, as Charlemagne holds it.
    blade = [P(0.8, 0.12), P(0.84, 0.2), P(0.84, 0.78), P(0.76, 0.78), P(0.76, 0.2)]
    pygame.draw.polygon(s, STEEL, blade)
    pygame.draw.polygon(s, INK, blade, lw)
    pygame.draw.line(s, GOLD, P(0.68, 0.8), P(0.92, 0.8), lw * 3)
    pygame.draw.line(s, WOOD, P(0.8, 0.8), P(0.8, 0.98), lw * 3)


def _axe(s: pygame.Surface, P: PointFn, pw: float, lw: int) -> None:
    pygame.draw.line(s, WOOD, P(0.8, 0.98), P(0.8, 0.22), lw * 2)
    head = [P(0.8, 0.24), P(0.95, 0.16), P(0.97, 0.44), P(0.8, 0.36)]
    pygame.draw.polygon(s, STEEL, head)
    pygame.draw.polygon(s, INK, head, lw)


def _orb(s: pygame.Surface, P: PointFn, pw: float, lw: int) -> None:
    c, r = P(0.8, 0.7), pw * 0.1
    pygame.draw.circle(s, GOLD, c, r)
    pygame.draw.circle(s, INK, c, r, lw)
    pygame.draw.line(s, INK, (c[0] - r, c[1]), (c[0] + r, c[1]), lw)
    pygame.draw.line(s, GOLD, (c[0], c[1] - r), (c[0], c[1] - r * 1.9), lw * 2)
    pygame.draw.line(s, GOLD, (c[0] - r * 0.4, c[1] - r * 1.5), (c[0] + r * 0.4, c[1] - r * 1.5), lw * 2)


def _sceptre(s: pygame.Surface, P: PointFn, pw: float, lw: int) -> None:
    pygame.draw.line(s, GOLD, P(0.82, 0.98), P(0.82, 0.36), lw * 2)
    lily = [P(0.82, 0.24), P(0.86, 0.33), P(0.92, 0.3), P(0.86, 0.38), P(0.78, 0.38), P(0.72, 0.3),
            P(0.78, 0.33)]
    pygame.draw.polygon(s, GOLD, lily)
    pygame.draw.polygon(s, INK, lily, lw)


def _flower(s: pygame.Surface, P: PointFn, pw: float, lw: int) -> None:
    pygame.draw.line(s, (40, 110, 50), P(0.8, 0.98), P(0.8, 0.5), lw * 2)
    cx, cy = P(0.8, 0.46)
    for a in range(5):
        ang = a * 2 * math.pi / 5
        pygame.draw.circle(s, (236, 200, 220), (cx + math.cos(ang) * pw * 0.04, cy + math.sin(ang) * pw * 0.04),
                           pw * 0.03)
    pygame.draw.circle(s, GOLD, (cx, cy), pw * 0.025)


def _mirror(s: pygame.Surface, P: PointFn, pw: float, lw: int) -> None:
    pygame.draw.line(s, WOOD, P(0.8, 0.98), P(0.8, 0.62), lw * 3)
    glass = pygame.Rect(0, 0, round(pw * 0.16), round(pw * 0.2))
    glass.center = (round(P(0.8, 0.5)[0]), round(P(0.8, 0.5)[1]))
    pygame.draw.ellipse(s, GOLD, glass.inflate(lw * 4, lw * 4))
    pygame.draw.ellipse(s, (196, 226, 240), glass)
    pygame.draw.ellipse(s, INK, glass.inflate(lw * 4, lw * 4), lw)


def _rose(s: pygame.Surface, P: PointFn, pw: float, lw: int) -> None:
    # A single red rose held low before the chest, with two leaves.
    pygame.draw.line(s, (40, 110, 50), P(0.7, 0.98), P(0.78, 0.62), lw * 2)
    for leaf in ([P(0.74, 0.8), P(0.64, 0.74), P(0.72, 0.86)], [P(0.76, 0.72), P(0.86, 0.68), P(0.78, 0.78)]):
        pygame.draw.polygon(s, (50, 130, 60), leaf)
    c = P(0.79, 0.56)
    pygame.draw.circle(s, (190, 24, 44), c, pw * 0.075)
    pygame.draw.circle(s, (120, 10, 26), c, pw * 0.075, lw)
    pygame.draw.circle(s, (120, 10, 26), c, pw * 0.035, lw)


def _halberd(s: pygame.Surface, P: PointFn, pw: float, lw: int) -> None:
    pygame.draw.line(s, WOOD, P(0.82, 0.98), P(0.82, 0.3), lw * 2)
    blade = [P(0.82, 0.16), P(0.86, 0.33), P(0.82, 0.37), P(0.72, 0.34), P(0.75, 0.29)]
    pygame.draw.polygon(s, STEEL, blade)
    pygame.draw.polygon(s, INK, blade, lw)


def _hand_axe(s: pygame.Surface, P: PointFn, pw: float, lw: int) -> None:
    # A short axe carried on the shoulder, blade to the left above the hand.
    pygame.draw.line(s, WOOD, P(0.9, 0.95), P(0.7, 0.44), lw * 3)
    head = [P(0.72, 0.48), P(0.6, 0.36), P(0.66, 0.3), P(0.76, 0.42)]
    pygame.draw.polygon(s, STEEL, head)
    pygame.draw.polygon(s, INK, head, lw)


def _pennant(s: pygame.Surface, P: PointFn, pw: float, lw: int, accent: Color = (40, 110, 130)) -> None:
    pygame.draw.line(s, WOOD, P(0.82, 0.98), P(0.82, 0.12), lw * 2)
    flag = [P(0.82, 0.13), P(0.98, 0.2), P(0.82, 0.3)]
    pygame.draw.polygon(s, accent, flag)
    pygame.draw.polygon(s, INK, flag, lw)


def _shield(s: pygame.Surface, P: PointFn, pw: float, lw: int, accent: Color = GOLD) -> None:
    shield = [P(0.7, 0.6), P(0.94, 0.6), P(0.94, 0.78), P(0.82, 0.94), P(0.7, 0.78)]
    pygame.draw.polygon(s, (170, 30, 40), shield)
    pygame.draw.line(s, accent, P(0.82, 0.62), P(0.82, 0.9), lw * 2)
    pygame.draw.line(s, accent, P(0.72, 0.72), P(0.92, 0.72), lw * 2)
    pygame.draw.polygon(s, INK, shield, lw)


ITEMS: dict[str, Callable[[pygame.Surface, PointFn, float, int], None]] = {
    "harp": _harp, "sword": _sword, "axe": _axe, "orb": _orb,
    "sceptre": _sceptre, "flower": _flower, "mirror": _mirror, "rose": _rose,
    "halberd": _halberd, "hand_axe": _hand_axe, "pennant": _pennant, "shield": _shield,
}


def draw_item(s: pygame.Surface, P: PointFn, pw: float, lw: int, who: Persona) -> None:
    ITEMS[who.item](s, P, pw, lw)


def draw_beard(s: pygame.Surface, P: PointFn, lw: int, who: Persona, hair: Color) -> bool:
    """Draw a king's beard in the persona's cut; False when clean-shaven (the caller draws lips)."""
    shape = {
        "full": [(0.36, 0.48), (0.42, 0.535), (0.58, 0.535), (0.64, 0.48), (0.61, 0.6), (0.5, 0.67), (0.39, 0.6)],
        "forked": [(0.37, 0.48), (0.42, 0.535), (0.58, 0.535), (0.63, 0.48), (0.6, 0.66), (0.53, 0.6),
                   (0.5, 0.64), (0.47, 0.6), (0.4, 0.66)],
        "short": [(0.39, 0.5), (0.44, 0.54), (0.56, 0.54), (0.61, 0.5), (0.58, 0.58), (0.5, 0.61), (0.42, 0.58)],
    }.get(who.beard)
    if shape is None:
        return False
    pts = [P(x, y) for x, y in shape]
    pygame.draw.polygon(s, hair, pts)
    pygame.draw.polygon(s, INK, pts, lw)
    return True
