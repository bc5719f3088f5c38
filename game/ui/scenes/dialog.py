"""A modal message dialog: a title, a wrapped message and buttons, drawn over the scene below.

Enter, Space or Escape (or a click on OK) closes it; with a confirm action, Enter/the first
button confirms and Escape cancels.  A question whose "yes" gives something up (a match that
would be lost) is ``destructive``: there the keyboard's default is Cancel, and only a click on the
confirm button, or Left/Right/Tab to it and then Enter, confirms.  Text is wrapped with :func:`game.i18n.wrap` (Japanese has
no spaces; long paths without spaces are broken by character so nothing overflows the panel).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import t, wrap
from game.ui.app import App, Scene
from game.ui.widgets import BRASS, CREAM, Button, draw_panel, draw_text, font, layout_row, quantize, shade


def wrap_text(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Lines of ``text`` that fit ``width`` pixels at ``size``; overlong words are split."""
    f = font(size, bold)

    def measure(s: str) -> float:
        return float(f.size(s)[0])

    out: list[str] = []
    for line in wrap(text, width, measure):
        while line and measure(line) > width:
            n = len(line)
            while n > 1 and measure(line[:n]) > width:
                n -= 1
            out.append(line[:n])
            line = line[n:]
        out.append(line)
    return out


class DialogScene(Scene):
    """A message over the current scene; ``on_confirm`` makes it a yes/no question."""

    overlay = True

    def __init__(self, app: App, title: str, message: str, on_confirm: Callable[[], None] | None = None,
                 confirm_label: str | None = None, destructive: bool = False) -> None:
        super().__init__(app)
        self.destructive = destructive and on_confirm is not None
        #: The button Enter activates: Cancel first for a destructive question.
        self.focus = 1 if self.destructive else 0
        self.title = title
        self.message = message
        self.on_confirm = on_confirm
        self.confirm_label = confirm_label
        self.buttons: list[Button] = []
        self._lines: list[str] = []
        self._size: tuple[int, int] = (0, 0)
        self._panel = pygame.Rect(0, 0, 0, 0)
        self.closed_with: str | None = None

    def enter(self) -> None:
        self._layout(self.app.size)

    def relabel(self) -> None:
        self._layout(self.app.size)

    def _text_size(self, h: int) -> int:
        return quantize(max(16, h // 34))

    def _layout(self, size: tuple[int, int]) -> None:
        w, h = size
        self._size = size
        pw = min(760, w - 80)
        ts = self._text_size(h)
        self._lines = wrap_text(self.message, ts, pw - 48)
        line_h = int(ts * 1.45)
        bh = max(36, h // 18)
        ph = 70 + len(self._lines) * line_h + bh + 40
        ph = min(ph, h - 40)
        self._panel = pygame.Rect(0, 0, pw, ph)
        self._panel.center = (w // 2, h // 2)
        if self.on_confirm is not None:
            self.buttons = [Button("ok", self.confirm_label or t("dialog.ok"), pygame.Rect(0, 0, 0, 0)),
                            Button("cancel", t("dialog.cancel"), pygame.Rect(0, 0, 0, 0))]
            for i, b in enumerate(self.buttons):
                b.default = i == self.focus
        else:
            self.buttons = [Button("ok", t("dialog.ok"), pygame.Rect(0, 0, 0, 0), default=True)]
        layout_row(self.buttons, w // 2, self._panel.bottom - bh - 18, bh, max_width=pw - 40)

    def close(self, action: str) -> None:
        self.closed_with = action
        if self.app.scene is self:
            self.app.pop()
        if action == "ok" and self.on_confirm is not None:
            self.on_confirm()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.close(self.buttons[self.focus].action if self.on_confirm is not None else "ok")
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB) and len(self.buttons) > 1:
                self.focus = (self.focus + 1) % len(self.buttons)
                for i, b in enumerate(self.buttons):
                    b.default = i == self.focus
            elif event.key == pygame.K_ESCAPE:
                self.close("cancel" if self.on_confirm is not None else "ok")
            return True  # modal: nothing reaches the scene below
        if event.type == pygame.MOUSEMOTION:
            for b in self.buttons:
                b.hover = b.rect.collidepoint(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self.buttons:
                if b.hit(event.pos):
                    self.close(b.action)
                    return True
            return True
        return False

    def update(self, dt: float) -> None:
        if self.app.size != self._size:
            self._layout(self.app.size)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(shade((w, h), 140), (0, 0))
        p = self._panel
        draw_panel(surface, p, color=(16, 42, 28, 240), border=BRASS)
        draw_text(surface, self.title, (p.centerx, p.top + 16), max(20, h // 26), BRASS, bold=True, anchor="midtop",
                  max_width=p.width - 40)
        ts = self._text_size(h)
        line_h = int(ts * 1.45)
        y = p.top + 64
        for line in self._lines:
            if y + line_h > self.buttons[0].rect.top - 6:
                break
            draw_text(surface, line, (p.left + 24, y), ts, CREAM)
            y += line_h
        for b in self.buttons:
            b.draw(surface)
