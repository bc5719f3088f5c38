"""The visual style in one place (docs/STYLE.md): the palette, the type scale and the table cloth.

**Type scale.**  One font family (Kartenstube Sans) in four sizes that follow the window height:
``SMALL`` (key help, captions), ``BODY`` (labels, buttons, status), ``HEADING`` (panel titles,
the message of the moment) and ``TITLE`` (screen titles).  :func:`type_px` gives a role's size
for a window; :func:`snap` puts any requested size on the scale of the current window (the
widgets call it, so a scene that asks for ``h // 46`` still draws at a size of the scale).  Only
text that must shrink to fit a narrow box (widgets.fit_text, message_box) leaves the scale.

**The cloth.**  A felt of deep green with a soft light in the middle, a darker rim and a fine
woven grain, generated procedurally once per window size (:func:`cloth`) and cached: drawing it
is one blit, and an idle app draws nothing at all (app.py sleeps until input).

Glossary: Tuch = the table cloth.
"""

from __future__ import annotations

import math

import pygame

# --- palette --------------------------------------------------------------------------------------

FELT = (22, 84, 52)
FELT_LIGHT = (34, 108, 68)
FELT_DARK = (10, 46, 28)
CREAM = (244, 238, 220)
MUTED = (190, 200, 185)
BRASS = (214, 176, 84)
RED = (200, 60, 50)
INK = (16, 22, 18)
#: Panels are opaque where text sits over the table (nothing of the table runs through them).
PANEL_SOLID = (14, 38, 26)

# --- type scale -----------------------------------------------------------------------------------

#: Pixel sizes at a 720 px high window; every other height scales them (960x600 .. 3840x2160).
SCALE_720 = {"small": 15, "body": 19, "heading": 26, "title": 44}
ROLES = ("small", "body", "heading", "title")

_height = 720


def set_window_height(h: int) -> None:
    """Called by the app when the window opens or changes size."""
    global _height
    _height = max(600, int(h))


def type_px(role: str, height: int | None = None) -> int:
    """The pixel size of ``role`` ("small", "body", "heading", "title") for a window height."""
    h = _height if height is None else max(600, height)
    factor = h / 720
    if factor < 1:  # small windows lose less than in proportion: text must stay readable
        factor = 1 - (1 - factor) * 0.5
    return max(12, round(SCALE_720[role] * factor))


def scale_sizes(height: int | None = None) -> tuple[int, ...]:
    return tuple(type_px(r, height) for r in ROLES)


def snap(size: float) -> int:
    """``size`` put on the type scale of the current window: the nearest step (by ratio); a
    request below the smallest step gets the smallest step (the key help must not be 8 px).
    Text that must shrink to fit a box does so explicitly (widgets.fit_text)."""
    steps = scale_sizes()
    s = max(1, int(size))
    return min(steps, key=lambda v: abs(math.log(v / s)))


# --- the cloth ------------------------------------------------------------------------------------

_CLOTH: dict[tuple[int, int], pygame.Surface] = {}


def cloth(size: tuple[int, int]) -> pygame.Surface:
    """The table cloth for a window of ``size``: made once per size, then cached (a resize
    costs one build of a few tens of milliseconds; a frame costs one blit)."""
    surf = _CLOTH.get(size)
    if surf is None:
        if len(_CLOTH) > 4:
            _CLOTH.clear()
        surf = _make_cloth(size)
        _CLOTH[size] = surf
    return surf


def draw_cloth(surface: pygame.Surface) -> None:
    surface.blit(cloth(surface.get_size()), (0, 0))


def _make_cloth(size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    # The light: a radial gradient drawn small and smoothly scaled up (a gradient has no detail
    # to lose), so building it stays cheap at 3840x2160.
    gw, gh = 64, max(8, round(64 * h / max(1, w)))
    light = pygame.Surface((gw, gh))
    cx, cy = gw / 2, gh * 0.46
    for y in range(gh):
        for x in range(gw):
            d = math.hypot((x + 0.5 - cx) / (gw * 0.62), (y + 0.5 - cy) / (gh * 0.62))
            k = max(0.0, min(1.0, d)) ** 1.6
            light.set_at((x, y), tuple(round(a + (b - a) * k) for a, b in zip(FELT_LIGHT, FELT_DARK, strict=True)))
    surf = pygame.transform.smoothscale(light, (w, h)).convert() if pygame.display.get_surface() else \
        pygame.transform.smoothscale(light, (w, h))
    # The grain: a fine twill (diagonal threads), faint light and dark, in a small tile that is
    # repeated.  A regular weave rather than noise: it reads as cloth and keeps screenshots small.
    tile = pygame.Surface((96, 96), pygame.SRCALPHA)
    for y in range(96):
        for x in range(96):
            k = (x + 2 * y) % 6
            if k == 0:
                tile.set_at((x, y), (255, 255, 255, 9))
            elif k == 3:
                tile.set_at((x, y), (0, 0, 0, 14))
    for ty in range(0, h, 96):
        for tx in range(0, w, 96):
            surf.blit(tile, (tx, ty))
    # The rim: a dark wooden edge and a thin highlight inside it.
    edge = max(6, h // 110)
    pygame.draw.rect(surf, (36, 24, 14), surf.get_rect(), width=edge)
    pygame.draw.rect(surf, (84, 58, 32), surf.get_rect().inflate(-2 * edge, -2 * edge), width=max(1, edge // 4))
    return surf
