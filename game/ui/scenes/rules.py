"""The rules screen (F1): a game's rules in the current language, with the match's active
options filled in and card groups drawn as pictures in the chosen deck style; scrollable.

The text comes from :func:`game.i18n.rules_text` (one Markdown source per language) and is parsed
by :func:`game.rules_markup.parse_blocks`.  Layout happens in ``_layout`` (on entry, on a resize,
a language or deck change) into a list of pieces with their y position; ``draw`` only blits the
visible ones.  Keys: Up/Down, PgUp/PgDn, Home/End and the mouse wheel scroll; Esc/F1 go back.
"""

from __future__ import annotations

from typing import Any

import pygame

from game import i18n
from game.i18n import t
from game.rules_markup import Cards, Span, parse_blocks
from game.ui.app import App, Scene
from game.ui.scenes.dialog import wrap_text
from game.ui.style import draw_cloth
from game.ui.widgets import BRASS, CREAM, MUTED, draw_panel, draw_text, render_text


class RulesScene(Scene):
    def __init__(self, app: App, game_id: str, options: Any = None) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.options = options
        self.scroll = 0.0
        #: (y, kind, payload): kind "text" (surface) or "cards" (tuple of card codes, width).
        self.pieces: list[tuple[int, str, Any]] = []
        self.content_height = 0
        self._key: tuple[Any, ...] = ()
        self._art: Any = None

    # --- layout ------------------------------------------------------------------------------

    def _deck_style(self) -> str:
        session = getattr(self.app, "session", None)
        if session is not None:
            return str(session.settings.deck_style)
        return str(getattr(self.app.config, "deck_style", "french"))

    def _view(self, size: tuple[int, int]) -> pygame.Rect:
        w, h = size
        pw = min(980, w - 60)
        return pygame.Rect((w - pw) // 2, int(h * 0.12), pw, h - int(h * 0.12) - max(40, h // 16))

    def enter(self) -> None:
        self._layout()

    def relabel(self) -> None:
        self._layout()

    def _layout(self) -> None:
        size = self.app.size
        style = self._deck_style()
        self._key = (size, i18n.current_language(), i18n.german_terms(), style)
        view = self._view(size)
        width = view.width - 48
        h = size[1]
        body = max(15, h // 40)
        sizes = {"title": int(body * 1.5), "section": int(body * 1.2), "bullet": body, "para": body}
        card_w = max(34, h // 16)
        self.pieces = []
        y = 0
        blocks = parse_blocks(i18n.rules_text(self.game_id, self.options))
        for block in blocks:
            if block.kind == "title":
                continue  # shown in the header
            size_px = sizes[block.kind]
            bold = block.kind == "section"
            color = BRASS if bold else CREAM
            if block.kind == "section":
                y += int(body * 0.8)
            indent = int(body * 1.2) if block.kind == "bullet" else 0
            first = True
            text = ""
            segments: list[Any] = []
            for span in block.spans:
                if isinstance(span, Span):
                    text += span.text
                elif isinstance(span, Cards):
                    segments.append(text)
                    segments.append(span.cards)
                    text = ""
            segments.append(text)
            for seg in segments:
                if isinstance(seg, tuple):
                    self.pieces.append((y, "cards", (seg, card_w, indent)))
                    y += int(card_w * 1.45) + 6
                    continue
                if not seg.strip(" .,;:。、"):
                    continue  # the punctuation after a card group would stand alone
                for line in wrap_text(seg.strip(), size_px, width - indent, bold):
                    prefix = "• " if block.kind == "bullet" and first else ""
                    surf = render_text(prefix + line, size_px, color, bold)
                    x = indent - (render_text("• ", size_px, color).get_width() if prefix else 0)
                    self.pieces.append((y, "text", (surf, max(0, x))))
                    y += int(size_px * 1.4)
                    first = False
            y += int(body * 0.45)
        self.content_height = y
        self._clamp()

    def _clamp(self) -> None:
        view = self._view(self.app.size)
        self.scroll = max(0.0, min(self.scroll, float(max(0, self.content_height - view.height + 24))))

    # --- input -------------------------------------------------------------------------------

    def scroll_by(self, dy: float) -> None:
        self.scroll += dy
        self._clamp()

    def handle_event(self, event: pygame.event.Event) -> bool:
        view = self._view(self.app.size)
        line = max(20, self.app.size[1] // 28)
        if event.type == pygame.KEYDOWN:
            k = event.key
            if k in (pygame.K_ESCAPE, pygame.K_F1, pygame.K_BACKSPACE):
                self.app.pop()
            elif k in (pygame.K_DOWN, pygame.K_s):
                self.scroll_by(line)
            elif k in (pygame.K_UP, pygame.K_w):
                self.scroll_by(-line)
            elif k in (pygame.K_PAGEDOWN, pygame.K_SPACE):
                self.scroll_by(view.height * 0.85)
            elif k == pygame.K_PAGEUP:
                self.scroll_by(-view.height * 0.85)
            elif k == pygame.K_HOME:
                self.scroll = 0.0
            elif k == pygame.K_END:
                self.scroll_by(self.content_height)
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * line * 2)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button in (4, 5):  # older wheel events
                self.scroll_by(line * 2 * (1 if event.button == 5 else -1))
            return True
        return False

    def update(self, dt: float) -> None:
        if self._key != (self.app.size, i18n.current_language(), i18n.german_terms(), self._deck_style()):
            self._layout()

    # --- drawing -----------------------------------------------------------------------------

    def _card(self, code: str, width: int) -> pygame.Surface:
        from game.cards import card
        from game.ui.cardart import CardArt

        if self._art is None:
            self._art = CardArt()
        return self._art.render_face(card(code), width, self._deck_style())

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        draw_cloth(surface)  # the cached cloth (game.ui.style): one blit
        draw_text(surface, t("rules.title", game=i18n.game_name(self.game_id)), (w // 2, int(h * 0.03)),
                  max(26, h // 18), BRASS, bold=True, anchor="midtop", max_width=w - 40)
        view = self._view((w, h))
        draw_panel(surface, view)
        inner = view.inflate(-48, -24)
        old_clip = surface.get_clip()
        surface.set_clip(inner)
        top = inner.top - int(self.scroll)
        for y, kind, payload in self.pieces:
            yy = top + y
            if yy > inner.bottom or yy < inner.top - 200:
                continue
            if kind == "text":
                surf, x = payload
                surface.blit(surf, (inner.left + x, yy))
            else:
                codes, cw, indent = payload
                for i, code in enumerate(codes):
                    img = self._card(code, cw)
                    surface.blit(img, (inner.left + indent + i * int(cw * 1.08), yy))
        surface.set_clip(old_clip)
        if self.content_height > inner.height:  # a scroll bar
            frac = inner.height / self.content_height
            bar_h = max(30, int(inner.height * frac))
            span = max(1, self.content_height - inner.height + 24)
            bar_y = inner.top + int((inner.height - bar_h) * min(1.0, self.scroll / span))
            pygame.draw.rect(surface, MUTED, pygame.Rect(view.right - 14, bar_y, 6, bar_h), border_radius=3)
        draw_text(surface, t("rules.scroll"), (w // 2, h - 8), max(12, h // 56), MUTED, anchor="midbottom",
                  max_width=w - 40)
