"""Card sprites: the one picture of a card on the table, its cached art, and drawing in layers.

A :class:`CardSprite` is plain data that :mod:`game.ui.tween` animates (``pos``, ``angle``,
``flip``, ``w``, ``lift``) and that the presenter orders (``z``); drawing only reads it.  The
flip is one number: 0 shows the back, 1 the face; the picture is squeezed to ``|2 flip - 1|`` of
its width and shows the face from the midpoint on, like a card turned over on the table.  Every
table (all four games) draws its cards as these sprites; the presenter only decides where they
go (:mod:`game.ui.presenter`).

:class:`CardImages` renders the art of :mod:`game.ui.cardart` at the zone widths of the table
and caches each look (width, angle, squeeze), so a card lying still costs one blit a frame.
:class:`SpriteLayers` draws a set of sprites back to front by ``z`` and finds the topmost one
under a point.  Angles are degrees counter-clockwise on screen, as ``pygame.transform.rotate``
uses them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pygame

#: A card's height over its width.
ASPECT = 1.5


class CardSprite:
    """One card on the table: centre position, angle, flip (0 back .. 1 face), width, draw
    order ``z`` and ``lift`` (0 in the hand .. 1 raised: a marriage shown, a card selected)."""

    __slots__ = ("card", "pos", "angle", "flip", "z", "lift", "w")

    def __init__(self, card: Any, pos: tuple[float, float], w: float = 80.0) -> None:
        self.card = card
        self.pos = pos
        self.w = w
        self.angle = 0.0
        self.flip = 0.0
        self.z = 0
        self.lift = 0.0

    def __repr__(self) -> str:
        return f"CardSprite({self.card}, pos=({self.pos[0]:.0f}, {self.pos[1]:.0f}), flip={self.flip:.2f}, z={self.z})"

    @property
    def face_up(self) -> bool:
        """Whether the face is the side showing now (from the flip's midpoint on)."""
        return self.flip >= 0.5

    @property
    def squeeze(self) -> float:
        """Horizontal scale of the flip: 1 flat, 0 edge-on at the midpoint."""
        return abs(self.flip * 2 - 1)

    def rect(self, lift_px: float = 0.0) -> pygame.Rect:
        """The unrotated card's box on screen, raised by ``lift_px`` (hit tests)."""
        r = pygame.Rect(0, 0, int(self.w), int(self.w * ASPECT))
        r.center = (int(self.pos[0]), int(self.pos[1] - lift_px))
        return r

    def draw(self, surface: pygame.Surface, images: CardImages, lift_px: float = 0.0,
             shaded: bool = False, cast_shadow: bool = True) -> pygame.Rect:
        """Blit the sprite as it looks now (``shaded``: darkened, a card that may not be
        played).  Reads the sprite, never changes it; returns the covered rectangle."""
        img = images.get(self.card if self.face_up else None, self.w, self.angle, max(0.05, self.squeeze))
        x, y = self.pos
        rect = img.get_rect(center=(int(x), int(y - lift_px)))
        if cast_shadow:  # soft, below and to the right; a lifted card casts it further (it floats)
            shadow = images.shadow(self.w, self.angle, max(0.05, self.squeeze))
            off = self.w * (0.035 + 0.05 * min(1.0, lift_px / max(1.0, self.w)))
            surface.blit(shadow, shadow.get_rect(center=(int(x + off * 0.6), int(y - lift_px + off))))
        surface.blit(img, rect)
        if shaded:
            shade = images.shade(int(self.w), self.angle)
            surface.blit(shade, shade.get_rect(center=rect.center))
        return rect


class SpriteLayers:
    """Card sprites drawn back to front by ``z`` (ties keep insertion order)."""

    def __init__(self, sprites: Iterable[CardSprite] = ()) -> None:
        self.sprites: list[CardSprite] = list(sprites)

    def ordered(self) -> list[CardSprite]:
        """Back to front."""
        return sorted(self.sprites, key=lambda s: s.z)  # sorted() is stable

    def draw(self, surface: pygame.Surface, images: CardImages, *, hidden: Callable[[CardSprite], bool],
             lift_px: Callable[[CardSprite], float], shaded: Callable[[CardSprite], bool]) -> None:
        below: CardSprite | None = None
        for s in self.ordered():
            if not hidden(s):
                # A card lying squarely on the one below (a pile) casts no second shadow:
                # the pile's shadow would darken with every card.
                stacked = below is not None and abs(below.pos[0] - s.pos[0]) + abs(below.pos[1] - s.pos[1]) < s.w * 0.12
                s.draw(surface, images, lift_px(s), shaded(s) and s.face_up, cast_shadow=not stacked)
                below = s

    def top_at(self, pos: tuple[int, int], among: Iterable[CardSprite],
               lift_px: Callable[[CardSprite], float]) -> CardSprite | None:
        """The topmost of ``among`` whose box contains ``pos``."""
        for s in sorted(among, key=lambda s: -s.z):
            if s.rect(lift_px(s)).collidepoint(pos):
                return s
        return None


class CardImages:
    """Card images at the needed width, rotated and squashed (flip), cached."""

    def __init__(self) -> None:
        self.cache: dict[tuple[Any, ...], pygame.Surface] = {}
        self.style = "french"
        self.back = "classic_red"
        #: Widths the card art is drawn at (the layout's zone widths); cards in flight between
        #: two sizes are scaled down from the next larger one instead of drawn anew.
        self.canonical: set[int] = set()

    def base(self, card: Any, width: int) -> pygame.Surface:
        key = ("base", str(card) if card is not None else None, width)
        img = self.cache.get(key)
        if img is None:
            larger = [w for w in self.canonical if w > width]
            if width in self.canonical or not larger:
                img = _render(card, width, self.style, self.back)
            else:
                src = self.base(card, min(larger))
                img = pygame.transform.smoothscale(src, (width, round(width * src.get_height() / src.get_width())))
            self.cache[key] = img
        return img

    def get(self, card: Any, width: float, angle: float, squash: float) -> pygame.Surface:
        a = round(angle) % 360
        s = round(squash, 1)
        wi = int(round(width))
        if wi not in self.canonical:
            wi -= wi % 4  # sizes in flight: a few cached steps
        key = (str(card) if card is not None else None, wi, a, s)
        img = self.cache.get(key)
        if img is None:
            img = self.base(card, wi)
            if s < 1.0:
                img = pygame.transform.smoothscale(img, (max(1, int(img.get_width() * s)), img.get_height()))
            if a:
                img = pygame.transform.rotate(img, a)
            if len(self.cache) > 3000:
                self.cache.clear()
            self.cache[key] = img
        return img

    def shadow(self, width: float, angle: float, squash: float) -> pygame.Surface:
        """A soft shadow for a card of ``width``: a rounded dark shape blurred by drawing it
        small and scaling it up (cached like the cards; one blit a frame)."""
        wi = int(round(width))
        wi -= wi % 4
        a, s = round(angle) % 360, round(squash, 1)
        key = ("shadow", wi, a, s)
        img = self.cache.get(key)
        if img is None:
            w, h = max(4, int(wi * s)), int(wi * ASPECT)
            pad = max(3, wi // 10)
            k = 6  # the blur: a 1/6-size shape scaled up smoothly
            small = pygame.Surface((max(2, (w + 2 * pad) // k), max(2, (h + 2 * pad) // k)), pygame.SRCALPHA)
            inner = pygame.Rect(0, 0, max(1, w // k), max(1, h // k))
            inner.center = small.get_rect().center
            pygame.draw.rect(small, (0, 0, 0, 95), inner, border_radius=max(1, wi // (12 * k)))
            img = pygame.transform.smoothscale(small, (w + 2 * pad, h + 2 * pad))
            if a:
                img = pygame.transform.rotate(img, a)
            self.cache[key] = img
        return img

    def shade(self, width: int, angle: float) -> pygame.Surface:
        key = ("shade", width, round(angle) % 360)
        img = self.cache.get(key)
        if img is None:
            base = self.base(None, width)
            layer = pygame.Surface(base.get_size(), pygame.SRCALPHA)
            pygame.draw.rect(layer, (0, 0, 0, 110), layer.get_rect(), border_radius=max(4, width // 12))
            img = pygame.transform.rotate(layer, round(angle) % 360) if round(angle) % 360 else layer
            self.cache[key] = img
        return img


_CARD_ART: Any = None


def _render(card: Any, width: int, style: str, back: str = "classic_red") -> pygame.Surface:
    """The card art of :mod:`game.ui.cardart` (one shared LRU-cached renderer)."""
    global _CARD_ART
    if _CARD_ART is None:
        from game.ui.cardart import CardArt

        _CARD_ART = CardArt()
    if card is None:
        return _CARD_ART.render_back(width, back, style)
    return _CARD_ART.render_face(card, width, style)
