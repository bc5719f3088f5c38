"""What the player sees of the presenter's table and points at: drawing and hit-testing.

:class:`PresenterView` is the half of :class:`game.ui.presenter.Presenter` that reads its
model (zones and sprites) and never changes it: which hand card, pile or area lies under the
pointer (a hovered legal card is raised, so hits follow the lift), the cards drawn back to
front with the ones that may not be played shaded, the last trick's panel, and warming the
card images' cache before a deal.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.ui.sprites import CardImages, CardSprite, SpriteLayers


class PresenterView:
    """Drawing and hit-testing over the presenter's model (a base of ``Presenter``)."""

    scene: Any
    geometry: Any
    zones: dict[str, list[Any]]
    sprites: dict[Any, CardSprite]
    layers: SpriteLayers
    art: CardImages

    # --- queries for input ---------------------------------------------------------------------

    def hand_cards(self) -> list[Any]:
        return list(self.zones.get(f"hand{self.scene.human_seat}", []))

    def _rect(self, v: CardSprite) -> pygame.Rect:
        return v.rect(self._lift_px(v))

    def _lift_px(self, v: CardSprite) -> float:
        h = v.w * 1.5
        lift = v.lift * h * 0.35
        if v.card == self.scene.hover_card and v.card in self.scene.legal_cards():
            lift += h * 0.15
        return lift

    def hand_card_at(self, pos: tuple[int, int]) -> Any:
        hit = self.layers.top_at(pos, [self.sprites[c] for c in self.hand_cards()], self._lift_px)
        return hit.card if hit is not None else None

    def pile_at(self, pos: tuple[int, int]) -> bool:
        for name in self.zones:
            if name.startswith("pile"):
                for c in self.zones[name]:
                    if self._rect(self.sprites[c]).inflate(10, 10).collidepoint(pos):
                        return True
        return False

    def in_play_area(self, pos: tuple[int, int]) -> bool:
        return bool(self.geometry.play_area.collidepoint(pos))

    def card_rect(self, card: Any) -> pygame.Rect:
        return self._rect(self.sprites[card])

    # --- drawing -------------------------------------------------------------------------------

    def warm_up(self) -> None:
        """Render the back and every face at the table's card width into the cache."""
        widths = {self.geometry.width_of(z) for z in ("hand0", "hand1", "trick", "stock", "pile0")}
        widths.add(self.geometry.width_of(f"hand{self.scene.human_seat}"))
        self.art.canonical = widths
        for w in widths:
            self.art.base(None, w)
            for c in self.sprites:
                self.art.base(c, w)

    def draw(self, surface: pygame.Surface) -> None:
        """The cards, back to front; a hand card that may not be played is shaded."""
        legal = self.scene.legal_cards()
        human_hand = set(self.zones.get(f"hand{self.scene.human_seat}", []))
        dim_illegal = bool(legal) and len(legal) < len(human_hand) and self.scene.highlight_legal
        gone = self.zones.get("gone", ())
        self.layers.draw(surface, self.art, hidden=lambda v: v.card in gone, lift_px=self._lift_px,
                         shaded=lambda v: dim_illegal and v.card in human_hand and v.card not in legal)

    def draw_last_trick(self, surface: pygame.Surface, obs: Any) -> None:
        from game.ui.text import t
        from game.ui.widgets import CREAM, draw_panel, draw_text

        g = self.geometry
        tricks = getattr(obs, "tricks", ())
        w, h = surface.get_size()
        box = pygame.Rect(0, 0, int(g.cw * 3.2), int(g.ch * 1.6))
        box.center = (w // 2, h // 2 - g.ch // 8)
        draw_panel(surface, box, border=(214, 176, 84))
        if not tricks:
            draw_text(surface, t("table.no_last_trick"), box.center, max(14, h // 40), CREAM, anchor="center")
            return
        last = tricks[-1]
        draw_text(surface, t("table.last_trick"), (box.centerx, box.top + 6), max(14, h // 44), CREAM,
                  anchor="midtop")
        for i, c in enumerate(last.cards):
            img = self.art.get(c, g.cw, 0.0, 1.0)
            surface.blit(img, img.get_rect(center=(box.centerx + int((i - 0.5) * g.cw * 1.15), box.centery + 12)))
