"""The bidding panel of Bauern- and Dreierschnapsen: the contract ladder with its values.

Every contract of :data:`game.rules.contracts.CONTRACTS` gets a button ``bid:<id>`` labelled
with its name and game points; only the bids in the seat's legal moves are enabled (outbidding,
bidder seats and holdings are the engine's business, the panel only reflects them).  A Pass
button closes the ladder.  The panel lays its buttons out in two columns in the middle of the
table and draws the current high bid above them.  ``cursor`` marks the keyboard choice
(Up/Down move it, Enter bids it).

Glossary: Rufer = the Normal game; Bettler = lose every trick; Kontra = doubling.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game.rules.base import Move
from game.rules.contracts import CONTRACTS
from game.ui.scenes.table_family_text import contract_name, t
from game.ui.style import PANEL_SOLID, type_px
from game.ui.widgets import BRASS, CREAM, MUTED, Button, draw_panel, draw_text


def value_text(contract_id: str, gp: int) -> str:
    return "1–3" if contract_id == "normal" else str(gp)


def bid_buttons(legal: Sequence[Move], cursor: int = -1) -> list[Button]:
    """One button per contract (enabled when legal) and Pass; ``cursor`` indexes the enabled ones."""
    legal_bids = {m.arg for m in legal if m.kind == "bid"}
    out: list[Button] = []
    for c in CONTRACTS:
        label = f"{contract_name(c.id)}  {value_text(c.id, c.gp)}"
        out.append(Button(f"bid:{c.id}", label, pygame.Rect(0, 0, 0, 0), enabled=c.id in legal_bids))
    out.append(Button("pass", t("btn.pass_bid"), pygame.Rect(0, 0, 0, 0), key=pygame.K_n,
                      enabled=any(m.kind == "pass" for m in legal)))
    enabled = [b for b in out if b.enabled]
    if enabled:  # without a cursor: Pass if allowed (Enter never overbids by accident), else the lowest bid
        start = len(enabled) - 1 if out[-1].enabled else 0
        enabled[cursor % len(enabled) if cursor >= 0 else start].default = True
    return out


def panel_rect(geo: Any, size: tuple[int, int]) -> pygame.Rect:
    """The middle of the table between the opponents' boxes and the human's buttons."""
    w, h = size
    top = geo.status_rect.bottom + 8
    for seat, box in geo.label.items():
        if seat != geo.human and abs(box.centerx - w / 2) < w * 0.2:
            # below the seat opposite and its callout bubble
            top = max(top, geo.seat_box(seat).bottom + max(34, h // 20))
    bottom = geo.buttons_y - 8
    u = h / 720  # the panel grows with the window (docs/STYLE.md), never a small box in a corner
    pw = min(int(w * 0.5), round(620 * u))
    bh, head = round(36 * u), title_height(type_px("heading", h))
    want = head + 6 * (bh + 6) + 24  # the title, five rows of contracts and Pass
    rect = pygame.Rect(0, top, pw, max(200, min(bottom - top, want)))
    rect.center = (w // 2, (top + bottom) // 2)
    return rect


def title_height(size: int) -> int:
    """The panel's title line: the heading's glyphs (ascenders to descenders, ~1.25 of its
    size) below an 8 px top margin, and a small gap to the first row."""
    return round(size * 1.25) + 14


def layout(buttons: list[Button], rect: pygame.Rect) -> None:
    """Two columns of contracts under a title line, Pass centred below them."""
    bids = [b for b in buttons if b.action.startswith("bid:")]
    rest = [b for b in buttons if not b.action.startswith("bid:")]
    head = max(26, title_height(type_px("heading")))  # the title line at the heading size
    rows = (len(bids) + 1) // 2
    gap = 6
    avail = rect.height - head - 16
    bh = max(22, (avail - gap * (rows + 1)) // (rows + 1))
    bw = (rect.width - 3 * 12) // 2
    y0 = rect.top + head + 8
    for i, b in enumerate(bids):
        col, row = i % 2, i // 2
        b.rect = pygame.Rect(rect.left + 12 + col * (bw + 12), y0 + row * (bh + gap), bw, bh)
    y = y0 + rows * (bh + gap)
    x = rect.centerx - (len(rest) * (bw // 2 + 12) - 12) // 2
    for b in rest:
        b.rect = pygame.Rect(x, y, bw // 2, bh)
        x += bw // 2 + 12


def draw(surface: pygame.Surface, rect: pygame.Rect, obs: Any, name: Callable[[int], str]) -> None:
    """The panel's background, its title and the current high bid (the buttons draw themselves)."""
    h = surface.get_height()
    draw_panel(surface, rect, (*PANEL_SOLID, 250), border=BRASS)
    size = type_px("heading", h)
    draw_text(surface, t("bid.title"), (rect.left + 14, rect.top + 8), size, BRASS, bold=True,
              max_width=rect.width // 2 - 20)
    high = high_bid(obs)
    text = t("bid.high", contract=contract_name(high[1]), name=name(high[0])) if high else t("bid.you_must_bid")
    draw_text(surface, text, (rect.right - 14, rect.top + 8), size, CREAM if high else MUTED, anchor="topright",
              max_width=rect.width // 2 - 10)


def high_bid(obs: Any) -> tuple[int, str] | None:
    """(seat, contract id) of the highest bid so far, from the spoken calls."""
    best = None
    for seat, text in getattr(obs, "calls", ()):
        if text.startswith("bid "):
            best = (seat, text[4:])
    return best
