"""Card sprites: a card on the table with float position, rotation, scale and a flip.

A :class:`CardSprite` is plain data that tweens animate (``x``, ``y``, ``angle``, ``scale``,
``face``, ``z``); ``draw`` only reads it.  The flip is one number, ``face``: 0 shows the back,
1 the face; the drawn width is ``|cos(pi * face)|`` of the full width, so tweening ``face``
from 0 to 1 squeezes the back to nothing, swaps to the face at the midpoint and opens it
again, like a card turned over on the table.

Rendering goes through :class:`game.ui.cardart.CardArt` at the exact on-screen width (never
scaled up); the finished picture (glow, dimming, squeeze, rotation) is cached per look, so a
card lying still costs one blit per frame.

Angles are degrees counter-clockwise on screen, as pygame.transform.rotate uses them.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Hashable, Iterable, Iterator

import pygame

from game.cards import Card
from game.ui.cardart import CardArt, card_height

_RENDER_CACHE: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
_RENDER_CACHE_SIZE = 600


def _cached(key: Hashable) -> pygame.Surface | None:
    surf = _RENDER_CACHE.get(key)
    if surf is not None:
        _RENDER_CACHE.move_to_end(key)
    return surf


def _store(key: Hashable, surf: pygame.Surface) -> pygame.Surface:
    _RENDER_CACHE[key] = surf
    if len(_RENDER_CACHE) > _RENDER_CACHE_SIZE:
        _RENDER_CACHE.popitem(last=False)
    return surf


class CardSprite:
    """One card on the table.  ``card`` None means an unknown card: it can only show its back."""

    __slots__ = ("card", "x", "y", "angle", "scale", "face", "z", "width", "highlight", "dimmed",
                 "visible", "alpha", "tag")

    def __init__(self, card: Card | None, x: float = 0.0, y: float = 0.0, *, width: int = 80,
                 face_up: bool = False, angle: float = 0.0, scale: float = 1.0, z: float = 0.0,
                 tag: object = None) -> None:
        self.card = card
        self.x = float(x)  # centre, window pixels
        self.y = float(y)
        self.angle = float(angle)
        self.scale = float(scale)
        self.face = 1.0 if face_up and card is not None else 0.0  # flip progress, 0 back .. 1 face
        self.z = float(z)
        self.width = int(width)  # unscaled card width in pixels
        self.highlight = False  # glow around a legal card
        self.dimmed = False  # greyed, e.g. a card that may not be played
        self.visible = True
        self.alpha = 255
        self.tag = tag  # free for the presenter (e.g. which pile the sprite belongs to)

    def __repr__(self) -> str:
        return f"CardSprite({self.card}, x={self.x:.0f}, y={self.y:.0f}, face={self.face:.2f}, z={self.z:g})"

    # --- derived values ------------------------------------------------------------------

    @property
    def face_up(self) -> bool:
        """Whether the face side is the one showing now (true from the flip's midpoint on)."""
        return self.card is not None and self.face >= 0.5

    @property
    def squeeze(self) -> float:
        """Horizontal scale of the flip: 1 flat, 0 edge-on at the midpoint."""
        return abs(math.cos(math.pi * min(1.0, max(0.0, self.face))))

    def size(self) -> tuple[float, float]:
        """On-screen width and height before rotation (width includes the flip squeeze)."""
        w = self.width * self.scale
        return w * self.squeeze, card_height(max(1, round(w)))

    def contains(self, px: float, py: float) -> bool:
        """Hit test: is the point inside the rotated (and flip-squeezed) card rectangle?"""
        if not self.visible:
            return False
        w, h = self.size()
        dx, dy = px - self.x, py - self.y
        # Undo the rotation: screen y points down, pygame's angle turns counter-clockwise.
        a = math.radians(self.angle)
        lx = dx * math.cos(a) - dy * math.sin(a)
        ly = dx * math.sin(a) + dy * math.cos(a)
        return abs(lx) <= w / 2 and abs(ly) <= h / 2

    def bounds(self) -> pygame.Rect:
        """The axis-aligned box the rotated card covers on screen."""
        w, h = self.size()
        a = math.radians(self.angle)
        bw = abs(w * math.cos(a)) + abs(h * math.sin(a))
        bh = abs(w * math.sin(a)) + abs(h * math.cos(a))
        r = pygame.Rect(0, 0, math.ceil(bw - 1e-6), math.ceil(bh - 1e-6))
        r.center = (round(self.x), round(self.y))
        return r

    # --- drawing -------------------------------------------------------------------------

    def render(self, art: CardArt, style: str = "french", back: str = "classic_red") -> pygame.Surface | None:
        """The finished picture of this sprite as it looks now (cached); None when invisible."""
        if not self.visible or self.scale <= 0:
            return None
        w = max(8, round(self.width * self.scale))
        squeeze_w = round(w * self.squeeze)
        if squeeze_w < 1:
            return None
        showing_face = self.face_up
        angle = round(self.angle * 2) / 2  # half-degree steps keep the cache small
        key = (self.card if showing_face else None, style if showing_face else (back, style), w, squeeze_w, angle,
               self.highlight, self.dimmed)
        surf = _cached(key)
        if surf is not None:
            return surf
        # Render at the sprite's own width when it is at rest; while its scale animates, use a
        # cached render a little larger and reduce it, so a zooming card does not redraw its
        # art every frame (reducing a crisp picture keeps it crisp; nothing is enlarged).
        rw = self.width if w <= self.width else next(
            (round(self.width * f) for f in (1.25, 1.5, 2.0, 3.0) if round(self.width * f) >= w), w)
        if showing_face and self.card is not None:
            base = art.render_face(self.card, rw, style)
        else:
            base = art.render_back(rw, back, style)
        if rw != w:
            base = pygame.transform.smoothscale(base, (w, card_height(w)))
        if self.dimmed:
            base = base.copy()
            base.fill((150, 150, 150, 255), special_flags=pygame.BLEND_RGBA_MULT)
        if self.highlight:
            pad = art.glow_pad(w)
            glow = art.render_glow(w)
            comp = pygame.Surface(glow.get_size(), pygame.SRCALPHA)
            comp.blit(glow, (0, 0))
            comp.blit(base, (pad, pad))
            base = comp
        if squeeze_w != w:
            base = pygame.transform.smoothscale(base, (max(1, base.get_width() - (w - squeeze_w)), base.get_height()))
        if angle:
            base = pygame.transform.rotozoom(base, angle, 1.0)
        return _store(key, base)

    def draw(self, surface: pygame.Surface, art: CardArt, style: str = "french", back: str = "classic_red") -> None:
        """Blit the sprite centred at (x, y).  Reads the sprite, never changes it."""
        pic = self.render(art, style, back)
        if pic is None:
            return
        rect = pic.get_rect(center=(round(self.x), round(self.y)))
        if self.alpha < 255:
            pic.set_alpha(self.alpha)
            surface.blit(pic, rect)
            pic.set_alpha(None)
        else:
            surface.blit(pic, rect)


class SpriteGroup:
    """Card sprites drawn back to front by ``z`` (ties keep insertion order)."""

    def __init__(self, sprites: Iterable[CardSprite] = ()) -> None:
        self._sprites: list[CardSprite] = list(sprites)
        self.style = "french"
        self.back = "classic_red"

    def add(self, *sprites: CardSprite) -> None:
        for s in sprites:
            if s not in self._sprites:
                self._sprites.append(s)

    def remove(self, *sprites: CardSprite) -> None:
        for s in sprites:
            if s in self._sprites:
                self._sprites.remove(s)

    def clear(self) -> None:
        self._sprites.clear()

    def __iter__(self) -> Iterator[CardSprite]:
        return iter(self._sprites)

    def __len__(self) -> int:
        return len(self._sprites)

    def __contains__(self, s: object) -> bool:
        return s in self._sprites

    def ordered(self) -> list[CardSprite]:
        """Back to front."""
        return sorted(self._sprites, key=lambda s: s.z)  # sorted() is stable

    def draw(self, surface: pygame.Surface, art: CardArt) -> None:
        for s in self.ordered():
            s.draw(surface, art, self.style, self.back)

    def sprite_at(self, px: float, py: float) -> CardSprite | None:
        """The topmost visible sprite under the point, or None."""
        for s in reversed(self.ordered()):
            if s.contains(px, py):
                return s
        return None

    def find(self, card: Card) -> list[CardSprite]:
        return [s for s in self._sprites if s.card == card]


def clear_render_cache() -> None:
    _RENDER_CACHE.clear()
