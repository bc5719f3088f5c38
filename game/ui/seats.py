"""How a seat shows who sits there and what it just did (docs/STYLE.md, "Seats").

- :func:`draw_avatar`: a round medallion with the player's initials at the left end of the seat's
  name plate, in a colour of its own per seat; the seat whose turn it is wears a brass ring (a
  still mark, not a pulse: the app rests while the player thinks, see benchmarks/idle.py).
- :func:`draw_call`: the seat's last action in a small bubble beside its plate ("Bot closes the
  stock."), shown until the next move is made, so a close, an exchange or a marriage does not
  flash by in the status line only.

Both are cached text and simple shapes, drawn every frame at no measurable cost.
"""

from __future__ import annotations

import pygame

from game.ui.style import BRASS, CREAM, INK, type_px
from game.ui.widgets import fit_text

#: Medallion colours by seat (seat 0 is usually the player).
SEAT_COLOURS = ((170, 120, 50), (60, 110, 170), (150, 60, 70), (70, 130, 90), (120, 80, 150),
                (170, 100, 60), (60, 140, 150), (140, 140, 60), (110, 110, 120))


def initials(name: str) -> str:
    """"Bot 3" -> "B3", "Anna Berger" -> "AB", "You" -> "Y", "あなた" -> "あ"."""
    parts = [p for p in name.replace("·", " ").split() if p]
    if not parts:
        return "?"
    if len(parts) == 1:
        return parts[0][:1].upper()
    second = parts[1] if parts[1].isdigit() else parts[1][:1]
    return (parts[0][:1] + second).upper()


def avatar_size(label: pygame.Rect) -> int:
    return max(18, min(label.height + 8, round(label.height * 1.3)))


def draw_avatar(surface: pygame.Surface, label: pygame.Rect, name: str, seat: int, turn: bool) -> pygame.Rect:
    """The medallion at the plate's left end; returns its rectangle (text starts right of it)."""
    d = avatar_size(label)
    rect = pygame.Rect(0, 0, d, d)
    rect.midleft = (label.left - d // 4, label.centery)
    rect.clamp_ip(surface.get_rect().inflate(-4, -4))
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    c = rect.center
    r = d // 2
    pygame.draw.circle(surface, (0, 0, 0), (c[0] + 1, c[1] + 2), r)  # a little depth
    pygame.draw.circle(surface, colour, c, r)
    pygame.draw.circle(surface, BRASS if turn else CREAM, c, r, width=max(2, d // 10) if turn else 1)
    if turn:
        pygame.draw.circle(surface, BRASS, c, r + max(3, d // 8), width=2)
    text = fit_text(initials(name), max(11, int(d * 0.42)), d - 6, CREAM, bold=True)
    surface.blit(text, text.get_rect(center=c))
    return rect


def draw_call(surface: pygame.Surface, beside: pygame.Rect, text: str, avoid_top: int = 0) -> pygame.Rect:
    """The seat's last action in a bubble right of ``beside`` (left of it when there is no room)."""
    h = surface.get_height()
    size = type_px("small", h)
    img = fit_text(text, size, max(160, surface.get_width() // 4), INK, bold=True)
    box = img.get_rect().inflate(18, 10)
    box.midleft = (beside.right + 12, beside.centery)
    if box.right > surface.get_width() - 8:
        box.midright = (beside.left - 12, beside.centery)
    box.top = max(box.top, avoid_top)
    box.clamp_ip(surface.get_rect().inflate(-8, -8))
    pygame.draw.rect(surface, (246, 236, 200), box, border_radius=9)
    pygame.draw.rect(surface, BRASS, box, width=2, border_radius=9)
    surface.blit(img, img.get_rect(center=box.center))
    return box

