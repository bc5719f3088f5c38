"""Bauern- and Dreierschnapsen: the cards one's own side has won, and their card points.

RULES.md B13 (seed 000): a player may look at the cards their own side has won at any time, and
may count them before declaring 66.  The observation carries exactly those cards
(``own_side_won``); this module adds the view: a small button beside the human's label and the
W key open a panel with the cards, their card points and the side's marriages (counted, or
waiting for a first trick under ``marriage_needs_trick``).  Nothing here changes the game.

Glossary: Augen = card points; Ansage = a shown marriage (20 or 40).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.cards import SCHNAPSEN_POINTS, Card
from game.ui.scenes.table_family_text import t
from game.ui.widgets import BRASS, CREAM, MUTED, draw_panel, draw_text

KEY = pygame.K_w


@dataclass(frozen=True)
class OwnSide:
    cards: tuple[Card, ...]
    card_points: int
    melds_counted: int
    melds_pending: int

    @property
    def total(self) -> int:
        return self.card_points + self.melds_counted


def own_seats(obs: Any) -> set[int]:
    """The human's side: the partnership in Bauernschnapsen; in Dreierschnapsen the declarer
    alone, or both defenders (before a declarer exists: oneself)."""
    me = obs.seat
    if obs.players == 4:
        return {me, (me + 2) % 4}
    if obs.declarer is None or obs.declarer < 0 or obs.declarer == me:
        return {me}
    return {q for q in range(obs.players) if q != obs.declarer}


def own_side(obs: Any, marriage_needs_trick: bool = True) -> OwnSide:
    """What the human's side has won so far (B13) and its marriages (B14, A-B8)."""
    seats = own_seats(obs)
    cards = tuple(obs.own_side_won)
    won_trick = any(tr.winner in seats for tr in obs.tricks)
    melds = sum(p for q, _, p in obs.melds if q in seats)
    counted = melds if (won_trick or not marriage_needs_trick) else 0
    return OwnSide(cards, sum(SCHNAPSEN_POINTS[c.rank] for c in cards), counted, melds - counted)


def available(obs: Any) -> bool:
    """The view makes sense once cards are being played."""
    return obs is not None and obs.phase in ("play", "claim", "over")


def button_rect(geo: Any, human: int, size: tuple[int, int]) -> pygame.Rect:
    """Beside the human's label, right of it (free table there at every player count)."""
    lab = geo.label[human]
    h = max(26, size[1] // 26)
    w = max(120, size[0] // 9)
    return pygame.Rect(lab.right + 8, lab.bottom - h, w, h)


def draw_button(surface: pygame.Surface, rect: pygame.Rect, active: bool) -> None:
    draw_panel(surface, rect, border=BRASS if active else MUTED)
    draw_text(surface, t("fam.won.button"), rect.center, max(11, rect.height // 2), CREAM, anchor="center",
              max_width=rect.width - 10)


def draw_panel_view(surface: pygame.Surface, obs: Any, options: Any, art: Any) -> None:
    """The panel: the won cards in rows, then the card points and marriages."""
    w, h = surface.get_size()
    info = own_side(obs, bool(getattr(options, "marriage_needs_trick", True)))
    size = max(13, h // 46)
    cw = max(40, w // 22)
    ch = round(cw * 1.5)
    per_row = 10
    rows = max(1, -(-len(info.cards) // per_row))
    box = pygame.Rect(0, 0, min(w - 80, per_row * (cw + 8) + 60), rows * (ch + 10) + 5 * size + 40)
    box.center = (w // 2, h // 2)
    draw_panel(surface, box, (10, 30, 20, 252), border=BRASS)
    draw_text(surface, t("fam.won.title"), (box.centerx, box.top + 10), int(size * 1.3), BRASS, bold=True,
              anchor="midtop", max_width=box.width - 30)
    y = box.top + 20 + int(size * 1.3)
    if not info.cards:
        draw_text(surface, t("fam.won.none"), (box.centerx, y + ch // 2), size, MUTED, anchor="center")
    for i, c in enumerate(info.cards):
        img = art.get(c, cw, 0.0, 1.0)
        x = box.left + 30 + (i % per_row) * (cw + 8)
        surface.blit(img, (x, y + (i // per_row) * (ch + 10)))
    y += rows * (ch + 10) + 8
    lines = [t("fam.won.card_points", n=info.card_points)]
    if info.melds_counted:
        lines.append(t("fam.won.melds", n=info.melds_counted))
    if info.melds_pending:
        lines.append(t("fam.won.melds_pending", n=info.melds_pending))
    lines.append(t("fam.won.total", n=info.total))
    for line in lines:
        draw_text(surface, line, (box.left + 30, y), size, CREAM, max_width=box.width - 60)
        y += int(size * 1.3)
    draw_text(surface, t("fam.won.close"), (box.right - 20, box.bottom - 8), max(11, int(size * 0.8)), MUTED,
              anchor="bottomright")


def _button(helper: Any) -> pygame.Rect | None:
    presenter = helper.scene.presenter
    if not available(helper.obs) or presenter is None or presenter.geometry is None:
        return None
    return button_rect(presenter.geometry, helper.obs.seat, helper.scene.app.size)


def press(helper: Any, pos: tuple[int, int]) -> bool:
    """The "our tricks" button opens the view; any click closes it again."""
    rect = _button(helper)
    if helper.show_won or (rect is not None and rect.collidepoint(pos)):
        helper.show_won = not helper.show_won and rect is not None
        return True
    return False


def draw(helper: Any, surface: pygame.Surface) -> None:
    """The button, and the panel while it is open (changes nothing)."""
    rect = _button(helper)
    if rect is None:
        return
    draw_button(surface, rect, helper.show_won)
    if helper.show_won:
        draw_panel_view(surface, helper.obs, helper.scene.controller.options, helper.scene.presenter.art)
