"""The key help line of the deal summaries and score sheets (every summary screen says which
keys it takes: Enter for its default button, S for the sheet, Ctrl+Z to take the deal back,
Esc for the menu)."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui.text import t
from game.ui.widgets import draw_key_line


def summary_key_parts(buttons: list[Any], match_over: bool) -> list[str]:
    parts = []
    default = next((b for b in buttons if b.default), None)
    if default is not None:
        parts.append(f"Enter: {default.label}")
    sheet = next((b for b in buttons if b.action == "sheet"), None)
    if sheet is not None and not match_over:
        parts.append(f"S: {sheet.label}")
    if not match_over:
        parts.append(f"Ctrl+Z: {t('keys.undo_deal')}")
    parts.append(f"Esc: {t('btn.menu')}")
    return parts


def draw_summary_keys(surface: pygame.Surface, panel: pygame.Rect, buttons: list[Any], match_over: bool) -> None:
    """Centred in the panel just above its row of buttons."""
    shown = [b.rect for b in buttons if b.rect.width]
    bottom = min((r.top for r in shown), default=panel.bottom - 12) - 8
    draw_key_line(surface, summary_key_parts(buttons, match_over), panel.centerx, bottom, panel.width - 60)
