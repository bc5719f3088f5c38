"""Small immediate-style widgets: text drawing that fits, buttons, panels, status line, toasts.

Buttons are plain values the scene lays out every frame (so they follow window resizes); a
button knows its rectangle, label, action id, shortcut and whether it is enabled, and draws
itself.  Hit-testing uses the position carried by the mouse event, never ``mouse.get_pos``
(tests post events with positions).  All text goes through :mod:`game.ui.fonts` (the bundled
font; pygame's default font cannot draw Japanese and breaks in bundles).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.ui.style import BRASS, CREAM, FELT, MUTED, RED, snap, type_px  # noqa: F401  (the palette, one place)

# Colours of the widgets (the table's palette is game.ui.style's).
FELT_DARK = (14, 58, 36)
PANEL = (12, 34, 23, 235)  # nearly opaque: nothing of the table runs through text
BUTTON = (46, 110, 74)
BUTTON_HOVER = (64, 140, 96)
BUTTON_DEFAULT = (150, 112, 40)
BUTTON_DISABLED = (60, 70, 64)


def font(size: int, bold: bool = False, exact: bool = False) -> pygame.font.Font:
    """The UI font at ``size`` put on the type scale (game.ui.style.snap); ``exact`` skips the
    scale (only for text shrinking to fit a box that the scale's smallest size overflows)."""
    from game.ui.fonts import get_font

    return get_font(quantize(size if exact else snap(size)), bold)


def quantize(size: float) -> int:
    """Font sizes on a short ladder (even pixels, then steps of 4 and 8): every distinct size
    costs a font open, and the first frame must come quickly."""
    s = max(8, int(size))
    if s <= 24:
        return s - s % 2
    if s <= 48:
        return s - s % 4
    return s - s % 8


_TEXT_CACHE: dict[tuple[str, int, bool, tuple[int, ...]], pygame.Surface] = {}


def render_text(text: str, size: int, color: Sequence[int] = CREAM, bold: bool = False,
                exact: bool = False) -> pygame.Surface:
    """A cached text surface (the same labels are drawn every frame), on the type scale."""
    size = quantize(size if exact else snap(size))
    key = (text, size, bold, tuple(color))
    surf = _TEXT_CACHE.get(key)
    if surf is None:
        if len(_TEXT_CACHE) > 2000:
            _TEXT_CACHE.clear()
        surf = font(size, bold, exact=True).render(text, True, tuple(color))
        _TEXT_CACHE[key] = surf
    return surf


def fit_text(text: str, size: int, max_width: int, color: Sequence[int] = CREAM, bold: bool = False,
             exact: bool = False) -> pygame.Surface:
    """Render ``text`` at ``size`` (on the type scale) or smaller so that it fits ``max_width``
    (never clipped)."""
    s = quantize(size if exact else snap(size))
    surf = render_text(text, s, color, bold, exact=True)
    while surf.get_width() > max_width and s > 10:
        s = max(10, quantize(s * 0.9) if s > 12 else s - 1)
        surf = render_text(text, s, color, bold, exact=True)
    return surf


def draw_text(surface: pygame.Surface, text: str, pos: tuple[int, int], size: int, color: Sequence[int] = CREAM,
              bold: bool = False, anchor: str = "topleft", max_width: int | None = None) -> pygame.Rect:
    surf = fit_text(text, size, max_width, color, bold) if max_width else render_text(text, size, color, bold)
    rect = surf.get_rect(**{anchor: pos})
    surface.blit(surf, rect)
    return rect


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, color: Sequence[int] = PANEL, radius: int = 12,
               border: Sequence[int] | None = None) -> None:
    """A translucent rounded panel (cached per size and colour: drawn every frame)."""
    key = (rect.size, tuple(color), radius, tuple(border) if border is not None else None)
    layer = _PANELS.get(key)
    if layer is None:
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, tuple(color), layer.get_rect(), border_radius=radius)
        if border is not None:
            pygame.draw.rect(layer, tuple(border), layer.get_rect(), width=2, border_radius=radius)
        if len(_PANELS) > 64:
            _PANELS.clear()
        _PANELS[key] = layer
    surface.blit(layer, rect)


_PANELS: dict[tuple[object, ...], pygame.Surface] = {}


def shade(size: tuple[int, int], alpha: int = 120) -> pygame.Surface:
    """A cached translucent black layer for dimming what lies under an overlay."""
    key = ("shade", size, alpha)
    layer = _PANELS.get(key)  # type: ignore[arg-type]
    if layer is None:
        layer = pygame.Surface(size, pygame.SRCALPHA)
        layer.fill((0, 0, 0, alpha))
        _PANELS[key] = layer  # type: ignore[index]
    return layer


@dataclass
class Button:
    """A clickable label.  ``action`` is what the scene does when it is pressed."""

    action: str
    label: str
    rect: pygame.Rect
    enabled: bool = True
    default: bool = False
    key: int | None = None
    hover: bool = False

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.enabled and self.rect.collidepoint(pos)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.enabled:
            color: tuple[int, ...] = BUTTON_DISABLED
        elif self.hover:
            color = BUTTON_HOVER
        elif self.default:
            color = BUTTON_DEFAULT
        else:
            color = BUTTON
        pygame.draw.rect(surface, color, self.rect, border_radius=8)
        pygame.draw.rect(surface, BRASS if self.enabled else MUTED, self.rect, width=2, border_radius=8)
        # Every button speaks at the body size of the type scale (smaller only in a short button).
        size = min(type_px("body"), max(12, int(self.rect.height * 0.55)))
        text = fit_text(self.label, size, self.rect.width - 16, CREAM if self.enabled else MUTED)
        surface.blit(text, text.get_rect(center=self.rect.center))


def pointer_action(buttons: Sequence[Button], event: pygame.event.Event) -> str | None:
    """The pointer over a row of buttons: motion sets their hover, a left click returns the
    action of the button hit (None for anything else)."""
    if event.type == pygame.MOUSEMOTION:
        for b in buttons:
            b.hover = b.rect.collidepoint(event.pos)
    elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        for b in buttons:
            if b.hit(event.pos):
                return b.action
    return None


def button_width(label: str, height: int) -> int:
    """The width a button needs for ``label`` at ``height``."""
    return render_text(label, min(type_px("body"), max(12, int(height * 0.55)))).get_width() + 28


def layout_row(buttons: list[Button], center_x: int, y: int, height: int, gap: int = 10,
               max_width: int | None = None) -> None:
    """Place buttons side by side, centred on ``center_x``; shrink widths to ``max_width``."""
    widths = [button_width(b.label, height) for b in buttons]
    total = sum(widths) + gap * max(0, len(buttons) - 1)
    if max_width is not None and total > max_width and total > 0:
        scale = (max_width - gap * max(0, len(buttons) - 1)) / max(1, sum(widths))
        widths = [max(40, int(w * scale)) for w in widths]
        total = sum(widths) + gap * max(0, len(buttons) - 1)
    x = center_x - total // 2
    for b, w in zip(buttons, widths, strict=True):
        b.rect = pygame.Rect(x, y, w, height)
        x += w + gap


def layout_rows(buttons: list[Button], center_x: int, bottom_y: int, height: int, max_width: int,
                gap: int = 10) -> None:
    """Like :func:`layout_row`, but a row too wide for ``max_width`` wraps into more rows
    stacked upwards from ``bottom_y`` (the last row's top), so a long choice (Dreierschnapsen's
    raises) never runs over the seats beside the hand."""
    rows: list[list[Button]] = [[]]
    used = 0
    for b in buttons:
        bw = button_width(b.label, height)
        if rows[-1] and used + gap + bw > max_width:
            rows.append([])
            used = 0
        used += bw + (gap if rows[-1] else 0)
        rows[-1].append(b)
    for i, row in enumerate(reversed(rows)):
        layout_row(row, center_x, bottom_y - i * (height + gap), height, gap, max_width)


#: How long a notice about the app itself (a save that failed) stays on the table.
NOTICE_SECONDS = 8.0


def free_spot(bounds: pygame.Rect, size: tuple[int, int], obstacles: Sequence[pygame.Rect],
              prefer: tuple[int, int], step: int = 8) -> pygame.Rect | None:
    """The rectangle of ``size`` inside ``bounds`` that touches no obstacle and lies nearest to
    ``prefer`` (a top-centre point), or None when there is no room."""
    box = pygame.Rect((0, 0), size)
    best: tuple[int, pygame.Rect] | None = None
    for top in range(bounds.top, bounds.bottom - box.height + 1, step):
        for left in range(bounds.left, bounds.right - box.width + 1, step):
            box.topleft = (left, top)
            if box.collidelist(obstacles) != -1:  # type: ignore[arg-type]
                continue
            d = (box.centerx - prefer[0]) ** 2 + (box.top - prefer[1]) ** 2
            if best is None or d < best[0]:
                best = (d, box.copy())
    return best[1] if best else None


def message_box(surface: pygame.Surface, text: str, size: int, max_width: int, pos: tuple[int, int],
                anchor: str, fill: Sequence[int], border: Sequence[int], bold: bool = False,
                max_lines: int = 2, measure_only: bool = False) -> pygame.Rect:
    """A framed message of up to ``max_lines`` lines: ``text`` wraps (at its own line breaks
    first) before it shrinks, so a long sentence stays readable; ``pos`` places the text block
    by ``anchor`` ("midbottom", ...).  Returns the frame; ``measure_only`` draws nothing."""
    from game.i18n import wrap

    def width_at(s: int) -> Callable[[str], float]:
        f = font(s, bold, exact=True)
        return lambda x: f.size(x)[0]

    s = quantize(snap(size))
    while True:
        lines = wrap(text, max_width, width_at(s))
        if len(lines) <= max_lines or s <= 10:
            break
        s = max(10, quantize(s * 0.85))
    surfs = [fit_text(line, s, max_width, CREAM, bold, exact=True) for line in lines]
    block = pygame.Rect(0, 0, max(x.get_width() for x in surfs), sum(x.get_height() for x in surfs))
    setattr(block, anchor, pos)
    box = block.inflate(28, 14)
    if measure_only:
        return box
    pygame.draw.rect(surface, fill, box, border_radius=10)
    pygame.draw.rect(surface, border, box, width=2, border_radius=10)
    y = block.top
    for x in surfs:
        surface.blit(x, x.get_rect(midtop=(block.centerx, y)))
        y += x.get_height()
    return box


class StatusLine:
    """What just happened at the table; a refusal shows as a red toast for a few seconds, and a
    notice about the app itself (a save that failed) as a dark box under the status line, or
    wherever the table finds room for it (``notice_at``)."""

    def __init__(self) -> None:
        self.text = ""
        self.toast = ""
        self.toast_left = 0.0
        self.notice = ""
        self.notice_left = 0.0

    def say(self, text: str) -> None:
        self.text = text

    def refuse(self, text: str, seconds: float = 3.0) -> None:
        self.toast = text
        self.toast_left = seconds

    def notify(self, text: str, seconds: float = NOTICE_SECONDS) -> None:
        """Show ``text`` for ``seconds`` without stopping anything (the table plays on)."""
        self.notice = text
        self.notice_left = seconds

    def update(self, dt: float) -> None:
        if self.toast_left > 0:
            self.toast_left = max(0.0, self.toast_left - dt)
            if self.toast_left == 0:
                self.toast = ""
        if self.notice_left > 0:
            self.notice_left = max(0.0, self.notice_left - dt)
            if self.notice_left == 0:
                self.notice = ""

    def notice_box(self, surface: pygame.Surface, rect: pygame.Rect, pos: tuple[int, int],
                   width: int | None = None, measure_only: bool = False) -> pygame.Rect:
        """The notice's frame with its top centre at ``pos``, wrapped to ``width`` (default: the
        status line's width); up to four lines, so a narrow spot still shows it whole."""
        size = max(14, int(rect.height * 0.6))
        w = width or max(rect.width - 40, surface.get_width() // 2)
        return message_box(surface, self.notice, max(13, size * 5 // 6), w, pos, "midtop", (16, 40, 28), BRASS,
                           max_lines=4, measure_only=measure_only)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, toast_at: tuple[int, int] | None = None,
             notice_at: tuple[tuple[int, int], int] | None = None) -> None:
        """``notice_at``: the notice's top centre and wrapping width (default: under ``rect``)."""
        size = max(14, int(rect.height * 0.6))
        if self.text:
            draw_text(surface, self.text, rect.center, size, CREAM, anchor="center", max_width=rect.width - 20)
        if self.notice:
            pos, width = notice_at or ((rect.centerx, rect.bottom + 12), 0)
            self.notice_box(surface, rect, pos, width or None)
        if self.toast:
            message_box(surface, self.toast, size, rect.width - 40, toast_at or (rect.centerx, rect.top - 8),
                        "midbottom", RED, CREAM, bold=True)


def draw_key_line(surface: pygame.Surface, parts: Sequence[str], center_x: int, bottom: int, max_width: int,
                  color: Sequence[int] = MUTED) -> list[pygame.Rect]:
    """A screen's own key help: ``parts`` joined by " · ", centred above ``bottom``, wrapped at
    the separators onto more lines (never shrunk below the type scale's small size)."""
    size = type_px("small", surface.get_height())
    lines: list[str] = []
    for part in parts:
        joined = f"{lines[-1]} · {part}" if lines else part
        if lines and render_text(joined, size, color).get_width() <= max_width:
            lines[-1] = joined
        else:
            lines.append(part)
    rects = []
    y = bottom
    for line in reversed(lines):
        r = draw_text(surface, line, (center_x, y), size, color, anchor="midbottom", max_width=max_width)
        rects.append(r)
        y = r.top - 1
    return rects
