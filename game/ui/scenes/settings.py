"""The settings screen (F2): one row per setting, changed with the mouse or the keyboard and
applied live through :class:`game.ui.session.Session` (which also saves them).

Keyboard: Up/Down choose a row, Left/Right (or Enter) change its value, Esc goes back.  A click
on a row's value steps to the next choice, a click on its left arrow to the previous one.
"""

from __future__ import annotations

from typing import Any

import pygame

from game import i18n
from game.i18n import t
from game.settings import CARD_BACKS, DECK_STYLES, HAND_SORTINGS, LANGUAGES, UNTIL_CLICK, Settings
from game.ui.app import App, Scene
from game.ui.style import draw_cloth
from game.ui.widgets import BRASS, CREAM, MUTED, Button, draw_panel, draw_text

#: (field, choices) in screen order; numbers are stepped through a short list of values.
ROWS: tuple[tuple[str, tuple[Any, ...]], ...] = (
    ("language", LANGUAGES),
    ("german_terms", (False, True)),
    ("deck_style", DECK_STYLES),
    ("card_back", CARD_BACKS),
    ("animation_speed", (0.0, 0.5, 1.0, 2.0)),
    ("bot_pause", (0.0, 0.3, 0.6, 1.0, 1.5, 2.5)),
    ("trick_pause", (0.0, 0.5, 1.0, 2.0, 3.0, UNTIL_CLICK)),
    ("sound", (False, True)),
    ("volume", (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0)),
    ("hand_sorting", HAND_SORTINGS),
    ("highlight_legal", (False, True)),
    ("show_own_points", (False, True)),
    ("confirm_claims", (False, True)),
    ("tour", (False, True)),
    ("fullscreen", (False, True)),
)
_SPEEDS = {0.0: "speed.instant", 0.5: "speed.slow", 1.0: "speed.normal", 2.0: "speed.fast"}


def value_text(name: str, value: Any) -> str:
    """A setting's value in words."""
    if name == "language":
        return t(f"lang.{value}") if value else t("settings.language.system")
    if name == "deck_style":
        return t(f"deck.{value}")
    if name == "card_back":
        return t(f"back.{value}")
    if name == "hand_sorting":
        return t(f"sort.{value}")
    if name == "animation_speed":
        key = _SPEEDS.get(float(value))
        return t(key) if key else f"×{value:g}"
    if name == "trick_pause" and value == UNTIL_CLICK:
        return t("settings.until_click")
    if name in ("bot_pause", "trick_pause"):
        return t("settings.seconds", n=f"{value:g}")
    if name == "volume":
        return t("settings.percent", n=round(value * 100))
    return i18n.option_value(bool(value))


def step_value(name: str, current: Any, step: int) -> Any:
    """The next (or previous) choice of a row; a value off the list snaps to the nearest."""
    choices = dict(ROWS)[name]
    if name == "language" and current == "":
        current = i18n.current_language()
    if current in choices:
        i = choices.index(current)
    else:
        nums = [c for c in choices if isinstance(c, int | float) and not isinstance(c, bool)]
        i = choices.index(min(nums, key=lambda c: abs(c - current))) if nums else 0
    return choices[(i + step) % len(choices)]


class SettingsScene(Scene):
    def __init__(self, app: App, session: Any) -> None:
        super().__init__(app)
        self.session = session
        self.focus = 0
        self.rows: list[tuple[str, pygame.Rect, pygame.Rect, pygame.Rect]] = []  # name, row, left, right
        self.back_button = Button("back", t("btn.back"), pygame.Rect(0, 0, 0, 0))
        self.reset_button = Button("reset", t("settings.reset"), pygame.Rect(0, 0, 0, 0))
        self._size: tuple[int, int] = (0, 0)

    def enter(self) -> None:
        self._layout(self.app.size)

    def relabel(self) -> None:
        self._layout(self.app.size)

    def _layout(self, size: tuple[int, int]) -> None:
        w, h = size
        self._size = size
        top = int(h * 0.14)
        bottom = h - max(60, h // 9)
        row_h = max(26, (bottom - top) // len(ROWS))
        pw = min(900, w - 80)
        x0 = (w - pw) // 2
        self.rows = []
        for i, (name, _choices) in enumerate(ROWS):
            r = pygame.Rect(x0, top + i * row_h, pw, row_h - 4)
            vw = int(pw * 0.42)
            value = pygame.Rect(r.right - vw, r.top, vw, r.height)
            left = pygame.Rect(value.left, r.top, r.height, r.height)
            right = pygame.Rect(value.right - r.height, r.top, r.height, r.height)
            self.rows.append((name, r, left, right))
        bh = max(36, h // 18)
        self.back_button.label = t("btn.back")
        self.reset_button.label = t("settings.reset")
        self.back_button.rect = pygame.Rect(w // 2 + 10, bottom + 8, min(260, pw // 2 - 20), bh)
        self.reset_button.rect = pygame.Rect(w // 2 - 10 - min(260, pw // 2 - 20), bottom + 8,
                                             min(260, pw // 2 - 20), bh)

    # --- changing values ---------------------------------------------------------------------

    @property
    def settings(self) -> Settings:
        return self.session.settings  # type: ignore[no-any-return]

    def step(self, row: int, step: int) -> None:
        name = ROWS[row][0]
        self.session.change(**{name: step_value(name, getattr(self.settings, name), step)})

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            key = event.key
            if key in (pygame.K_ESCAPE, pygame.K_F2):
                self.app.pop()
            elif key in (pygame.K_UP, pygame.K_w):
                self.focus = (self.focus - 1) % len(ROWS)
            elif key in (pygame.K_DOWN, pygame.K_s, pygame.K_TAB):
                self.focus = (self.focus + 1) % len(ROWS)
            elif key in (pygame.K_LEFT, pygame.K_a):
                self.step(self.focus, -1)
            elif key in (pygame.K_RIGHT, pygame.K_d, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.step(self.focus, 1)
            return True
        if event.type == pygame.MOUSEMOTION:
            for b in (self.back_button, self.reset_button):
                b.hover = b.rect.collidepoint(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 4, 5):
            if event.button == 1 and self.back_button.hit(event.pos):
                self.app.pop()
                return True
            if event.button == 1 and self.reset_button.hit(event.pos):
                self.session.apply(Settings(window_size=self.settings.window_size))
                return True
            for i, (_name, r, left, _right) in enumerate(self.rows):
                if r.collidepoint(event.pos):
                    self.focus = i
                    if event.button == 1:
                        self.step(i, -1 if left.collidepoint(event.pos) else 1)
                    return True
            return True
        return False

    def update(self, dt: float) -> None:
        if self.app.size != self._size:
            self._layout(self.app.size)

    # --- drawing -----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        draw_cloth(surface)  # the cached cloth (game.ui.style): one blit
        draw_text(surface, t("settings.title"), (w // 2, int(h * 0.03)), max(28, h // 16), BRASS, bold=True,
                  anchor="midtop", max_width=w - 40)
        size = max(14, int(self.rows[0][1].height * 0.5)) if self.rows else 16
        for i, (name, r, left, right) in enumerate(self.rows):
            focused = i == self.focus
            draw_panel(surface, r, color=(40, 100, 66, 230) if focused else (10, 30, 20, 170),
                       border=BRASS if focused else None, radius=8)
            label_w = r.width - (right.right - left.left) - 30
            draw_text(surface, t(f"settings.{name}"), (r.left + 14, r.centery), size, CREAM, anchor="midleft",
                      max_width=label_w)
            draw_text(surface, "◀", left.center, size, BRASS, anchor="center")
            draw_text(surface, "▶", right.center, size, BRASS, anchor="center")
            value = value_text(name, getattr(self.settings, name))
            mid = (left.right + right.left) // 2
            draw_text(surface, value, (mid, r.centery), size, BRASS if focused else CREAM, bold=focused,
                      anchor="center", max_width=right.left - left.right - 8)
        self.reset_button.draw(surface)
        self.back_button.draw(surface)
        draw_text(surface, t("settings.help"), (w // 2, h - 8), max(12, h // 56), MUTED, anchor="midbottom",
                  max_width=w - 40)
