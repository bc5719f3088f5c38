"""Card faces and backs drawn by the program at any size, crisp after every resize.

Every surface is rendered at exactly the size asked for and cached (an LRU keyed by card,
width, style), never scaled up from a small bitmap.  Shapes are drawn supersampled
(3-4x) with pygame.draw and reduced with smoothscale, which antialiases the edges; the
corner indices are then rendered by the font at the final size so text stays sharp.

Styles: ``"french"`` (red hearts and diamonds, black spades and clubs), ``"french4"``
(four colours: spades black, hearts red, diamonds blue, clubs green) and ``"german"``
(Herz, Schellen, Laub, Eichel; indices A 10 K O U).  Backs: see :data:`BACKS`.

Usage::

    art = CardArt()
    face = art.render_face(card("QH"), 80, "french")   # 80 x 120 pygame.Surface
    back = art.render_back(80, "classic_blue")

Glossary: Daus/Ass = ace, König = king, Ober = queen (upper knave), Unter = jack (lower
knave); court cards = Bildkarten.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable

import pygame

from game.cards import Card, Rank, Suit
from game.ui import fonts
from game.ui.cardart_figures import BACKS, draw_back, draw_court, draw_court_compact
from game.ui.cardart_shapes import STYLES, draw_suit, suit_color

__all__ = ["BACKS", "STYLES", "CardArt", "card_height", "court_figure_box", "rank_label"]

ASPECT = 1.5
CREAM_TOP = (255, 253, 246)
CREAM_BOTTOM = (238, 232, 216)
BORDER = (120, 116, 108)
COMPACT_BELOW = 60  # narrower cards show a big index and one suit instead of pips

# Pip positions (column 0..1 across, row 0..1 down) for number cards, as on printed packs.
_COLS = {"L": 0.0, "C": 0.5, "R": 1.0}
_PIPS: dict[Rank, list[tuple[str, float]]] = {
    Rank.TWO: [("C", 0), ("C", 1)],
    Rank.THREE: [("C", 0), ("C", 0.5), ("C", 1)],
    Rank.FOUR: [("L", 0), ("R", 0), ("L", 1), ("R", 1)],
    Rank.FIVE: [("L", 0), ("R", 0), ("C", 0.5), ("L", 1), ("R", 1)],
    Rank.SIX: [("L", 0), ("R", 0), ("L", 0.5), ("R", 0.5), ("L", 1), ("R", 1)],
    Rank.SEVEN: [("L", 0), ("R", 0), ("C", 0.25), ("L", 0.5), ("R", 0.5), ("L", 1), ("R", 1)],
    Rank.EIGHT: [("L", 0), ("R", 0), ("C", 0.25), ("L", 0.5), ("R", 0.5), ("C", 0.75), ("L", 1), ("R", 1)],
    Rank.NINE: [(c, r) for r in (0, 1 / 3, 2 / 3, 1) for c in "LR"] + [("C", 0.5)],
    Rank.TEN: [(c, r) for r in (0, 1 / 3, 2 / 3, 1) for c in "LR"] + [("C", 1 / 6), ("C", 5 / 6)],
}
COURTS = (Rank.KING, Rank.QUEEN, Rank.JACK)
_GERMAN_LABELS = {Rank.ACE: "A", Rank.TEN: "10", Rank.KING: "K", Rank.QUEEN: "O", Rank.JACK: "U"}


def card_height(width: int) -> int:
    return round(width * ASPECT)


def rank_label(rank: Rank, style: str) -> str:
    """The corner index: ``10`` for tens, O and U for the German Ober and Unter."""
    if style == "german" and rank in _GERMAN_LABELS:
        return _GERMAN_LABELS[rank]
    return "10" if rank is Rank.TEN else rank.value


def court_figure_box(width: int, compact: bool | None = None) -> pygame.Rect:
    """Where a court card's picture sits on a face ``width`` px wide (final pixels).

    Full-size faces have a double-headed panel in the middle; compact faces (narrower than
    COMPACT_BELOW) a single bust right of the large corner index, clear of the bottom index.
    """
    w, h = width, card_height(width)
    if compact is None:
        compact = w < COMPACT_BELOW
    if compact:
        return pygame.Rect(round(w * 0.31), round(h * 0.06), round(w * 0.64), round(h * 0.47))
    return pygame.Rect(round(w * 0.2), round(h * 0.055), round(w * 0.6), round(h * 0.89))


def _scaled(r: pygame.Rect, ss: int) -> pygame.Rect:
    return pygame.Rect(r.x * ss, r.y * ss, r.w * ss, r.h * ss)


def _supersample(width: int) -> int:
    return 4 if width <= 100 else 3


def _rounded_card(w: int, h: int, radius: int, top: tuple[int, int, int], bottom: tuple[int, int, int]) -> pygame.Surface:
    """A rounded rectangle with a vertical gradient and transparent corners."""
    grad = pygame.Surface((1, 2), pygame.SRCALPHA)
    grad.set_at((0, 0), (*top, 255))
    grad.set_at((0, 1), (*bottom, 255))
    surf = pygame.transform.smoothscale(grad, (w, h)) if h > 2 else pygame.Surface((w, h), pygame.SRCALPHA)
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))
    pygame.draw.rect(mask, (255, 255, 255, 255), (0, 0, w, h), border_radius=radius)
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return surf


_MASKS: dict[tuple[int, int], pygame.Surface] = {}


def _corner_mask(w: int, h: int) -> pygame.Surface:
    """White with alpha 255 inside the rounded card outline, antialiased at the corners."""
    mask = _MASKS.get((w, h))
    if mask is None:
        ss = 4
        big = pygame.Surface((w * ss, h * ss), pygame.SRCALPHA)
        big.fill((255, 255, 255, 0))
        pygame.draw.rect(big, (255, 255, 255, 255), (0, 0, w * ss, h * ss), border_radius=round(w * 0.07 * ss))
        mask = pygame.transform.smoothscale(big, (w, h))
        _MASKS[(w, h)] = mask
    return mask


class CardArt:
    """Renders and caches card surfaces.  One instance per app; cheap to keep around."""

    def __init__(self, max_entries: int = 800) -> None:
        self._cache: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
        self.max_entries = max_entries

    # --- public API ------------------------------------------------------------------------

    @staticmethod
    def size(width_px: int) -> tuple[int, int]:
        w = max(16, int(width_px))
        return w, card_height(w)

    def render_face(self, card: Card, width_px: int, style: str = "french") -> pygame.Surface:
        if style not in STYLES:
            raise ValueError(f"unknown card style {style!r}; use one of {STYLES}")
        w, _ = self.size(width_px)
        return self._cached(("face", card, w, style), lambda: self._draw_face(card, w, style))

    def render_back(self, width_px: int, back_id: str = "classic_red", style: str = "french") -> pygame.Surface:
        """A card back; its medallion shows the four suits of the deck in use (German pips
        for the German pack)."""
        if back_id not in BACKS:
            raise ValueError(f"unknown card back {back_id!r}; use one of {tuple(BACKS)}")
        w, _ = self.size(width_px)
        pips = "german" if style == "german" else "french"
        return self._cached(("back", w, back_id, pips), lambda: self._draw_back(w, back_id, pips))

    def render_slot(self, width_px: int) -> pygame.Surface:
        """A faint outline marking an empty pile or card place."""
        w, h = self.size(width_px)
        return self._cached(("slot", w), lambda: self._draw_slot(w, h))

    def glow_pad(self, width_px: int) -> int:
        """How far the glow surface extends beyond the card on each side."""
        return max(4, round(self.size(width_px)[0] * 0.09))

    def render_glow(self, width_px: int, color: tuple[int, int, int] = (255, 214, 90)) -> pygame.Surface:
        """A soft halo to blit behind a card at (x - pad, y - pad), e.g. for legal cards."""
        w, h = self.size(width_px)
        return self._cached(("glow", w, color), lambda: self._draw_glow(w, h, self.glow_pad(w), color))

    def render_suit_icon(self, suit: Suit, size_px: int, style: str = "french") -> pygame.Surface:
        """A suit symbol on a transparent square, for trump indicators and buttons."""
        s = max(8, int(size_px))

        def draw() -> pygame.Surface:
            ss = 4
            big = pygame.Surface((s * ss, s * ss), pygame.SRCALPHA)
            big.fill((*suit_color(suit, style), 0))
            draw_suit(big, suit, style, s * ss / 2, s * ss / 2, s * ss * 0.92)
            return pygame.transform.smoothscale(big, (s, s))

        return self._cached(("icon", suit, s, style), draw)

    def clear(self) -> None:
        self._cache.clear()

    # --- internals ---------------------------------------------------------------------------

    def _cached(self, key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        surf = self._cache.get(key)
        if surf is None:
            surf = make()
            self._cache[key] = surf
            if len(self._cache) > self.max_entries:
                self._cache.popitem(last=False)
        else:
            self._cache.move_to_end(key)
        return surf

    def _blank(self, w: int, h: int, ss: int) -> pygame.Surface:
        """An opaque supersampled canvas with the cream gradient and border; corners cut later."""
        W, H = w * ss, h * ss
        surf = pygame.Surface((W, H))
        surf.fill(BORDER)
        surf.blit(_rounded_card(W, H, round(w * 0.07 * ss), CREAM_TOP, CREAM_BOTTOM), (0, 0))
        pygame.draw.rect(surf, BORDER, (0, 0, W, H), width=max(1, ss), border_radius=round(w * 0.07 * ss))
        return surf

    def _finish(self, big: pygame.Surface, w: int, h: int, ss: int) -> pygame.Surface:
        """Reduce the canvas to its final size and cut antialiased rounded corners into it.

        The canvas is opaque so that overlapping shapes never leave half-transparent pixels
        inside the card; only the corners get alpha, from a supersampled mask.
        """
        out = pygame.Surface((w, h), pygame.SRCALPHA)
        out.blit(pygame.transform.smoothscale(big, (w, h)), (0, 0))
        out.blit(_corner_mask(w, h), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        return out

    def _draw_face(self, card: Card, w: int, style: str) -> pygame.Surface:
        h = card_height(w)
        ss = _supersample(w)
        big = self._blank(w, h, ss)
        W, H = w * ss, h * ss
        compact = w < COMPACT_BELOW
        index = self._index_text(card, w, style, compact)
        # The small suit under each corner index, drawn as a shape with the rest.
        ix, iy_bottom, pip = index[1], index[2], index[3]
        draw_suit(big, card.suit, style, ix * ss, (iy_bottom + pip * 0.62) * ss, pip * ss)
        draw_suit(big, card.suit, style, (w - ix) * ss, (h - iy_bottom - pip * 0.62) * ss, pip * ss, flip=True)
        if compact and card.rank in COURTS:
            draw_court_compact(big, _scaled(court_figure_box(w, compact=True), ss), card.rank, card.suit, style)
        elif compact:
            draw_suit(big, card.suit, style, W * 0.53, H * 0.5, W * 0.44)
        elif card.rank is Rank.ACE:
            self._draw_ace(big, card.suit, style, W, H)
        elif card.rank in COURTS:
            panel = _scaled(court_figure_box(w, compact=False), ss)
            draw_court(big, panel, card.rank, card.suit, style, ss)
        else:
            self._draw_pips(big, card, style, W, H)
        surf = self._finish(big, w, h, ss)
        text = index[0]
        tx = round(ix - text.get_width() / 2)
        ty = round(iy_bottom - text.get_height())
        surf.blit(text, (tx, ty))
        surf.blit(pygame.transform.rotate(text, 180), (w - tx - text.get_width(), h - ty - text.get_height()))
        return surf

    def _index_text(self, card: Card, w: int, style: str, compact: bool) -> tuple[pygame.Surface, float, float, float]:
        """The rank text cropped to its ink, its centre x, the y of its bottom, and the pip size."""
        label = rank_label(card.rank, style)
        fs = max(9, round(w * (0.34 if compact else 0.2)))
        font = fonts.get_font(fs, bold=True)
        color = suit_color(card.suit, style)
        raw = font.render(label, True, color)
        ink = raw.get_bounding_rect(min_alpha=1)
        text = raw.subsurface(ink).copy() if ink.w and ink.h else raw
        max_w = w * (0.26 if compact else 0.16)
        if text.get_width() > max_w:  # "10" is wide: condense it a little rather than shrink it
            text = pygame.transform.smoothscale(text, (round(max_w), text.get_height()))
        ix = w * (0.15 if compact else 0.1)
        top = w * 0.07
        bottom = top + text.get_height()
        pip = w * (0.2 if compact else 0.115)
        return text, ix, bottom, pip

    def _draw_pips(self, big: pygame.Surface, card: Card, style: str, W: int, H: int) -> None:
        spots = _PIPS[card.rank]
        size = W * (0.19 if len(spots) >= 9 else 0.21)
        x0, x1 = W * 0.31, W * 0.69
        y0, y1 = H * 0.2, H * 0.8
        for col, row in spots:
            x = x0 + (x1 - x0) * _COLS[col]
            y = y0 + (y1 - y0) * row
            draw_suit(big, card.suit, style, x, y, size, flip=row > 0.5)

    def _draw_ace(self, big: pygame.Surface, suit: Suit, style: str, W: int, H: int) -> None:
        color = suit_color(suit, style)
        cx, cy = W / 2, H / 2
        ring = pygame.Rect(0, 0, round(W * 0.62), round(W * 0.72))
        ring.center = (round(cx), round(cy))
        tint = tuple(int(c + (255 - c) * 0.88) for c in color)
        pygame.draw.ellipse(big, tint, ring)
        pygame.draw.ellipse(big, color, ring, max(1, round(W * 0.012)))
        pygame.draw.ellipse(big, color, ring.inflate(-round(W * 0.05), -round(W * 0.05)), max(1, round(W * 0.006)))
        # Small flourishes above and below the ring.
        for sgn in (-1, 1):
            y = cy + sgn * (ring.h / 2 + W * 0.07)
            pygame.draw.line(big, color, (cx - W * 0.12, y), (cx + W * 0.12, y), max(1, round(W * 0.01)))
            pygame.draw.circle(big, color, (cx, y), W * 0.022)
        draw_suit(big, suit, style, cx, cy, W * 0.44)

    def _draw_back(self, w: int, back_id: str, pips: str = "french") -> pygame.Surface:
        h = card_height(w)
        ss = _supersample(w)
        big = pygame.Surface((w * ss, h * ss))
        big.fill(BORDER)
        big.blit(_rounded_card(w * ss, h * ss, round(w * 0.07 * ss), (250, 248, 242), (236, 232, 222)), (0, 0))
        draw_back(big, back_id, w * ss, h * ss, ss, pips)
        pygame.draw.rect(big, BORDER, (0, 0, w * ss, h * ss), width=max(1, ss), border_radius=round(w * 0.07 * ss))
        return self._finish(big, w, h, ss)

    def _draw_slot(self, w: int, h: int) -> pygame.Surface:
        ss = 4
        big = pygame.Surface((w * ss, h * ss), pygame.SRCALPHA)
        big.fill((255, 255, 255, 0))
        r = round(w * 0.07 * ss)
        pygame.draw.rect(big, (255, 255, 255, 26), (0, 0, w * ss, h * ss), border_radius=r)
        pygame.draw.rect(big, (255, 255, 255, 120), (0, 0, w * ss, h * ss), width=max(2, round(w * 0.025 * ss)),
                         border_radius=r)
        return pygame.transform.smoothscale(big, (w, h))

    def _draw_glow(self, w: int, h: int, pad: int, color: tuple[int, int, int]) -> pygame.Surface:
        surf = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
        surf.fill((*color, 0))
        r = round(w * 0.07)
        for i in range(pad, 0, -1):
            alpha = round(235 * (1 - i / (pad + 1)) ** 1.6)
            pygame.draw.rect(surf, (*color, alpha), (pad - i, pad - i, w + 2 * i, h + 2 * i), width=2,
                             border_radius=r + i)
        return surf
