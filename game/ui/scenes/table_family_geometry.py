"""Zone placement for the Bauern/Dreier and Schwimmen tables (extends the Schnapsen geometry).

Extra zones on top of :class:`TableGeometry`'s ``hand<seat>``, ``trick``, ``stock``, ``pile<seat>``:

- ``blind``: the human's cards not yet seen (before the trump call), at the end of the hand fan;
- ``talon`` / ``discard``: Dreierschnapsen's two-card talon and the declarer's face-down discard;
- ``turned``: the Aufschlagen card, face up in front of forehand;
- ``meld<seat>``: a bot's shown marriage cards still in its hand, face up in front of it;
- ``first<seat>``: a side's first won trick, face up and fanned on its pile (``first_trick_visible``);
- ``middle`` / ``packetb`` / ``aside``: Schwimmen's three open cards, the dealer's second
  packet (face down on the middle slots) and middles set aside by the all-shove rule.

Glossary: Talon = the 2-card widow; Aufschlagen = turning up a blind card for trumps;
Mitte = the middle.
"""

from __future__ import annotations

import pygame

from game.ui.layout import compute_layout
from game.ui.scenes.table_geometry import TableGeometry


def _rect(r: object) -> pygame.Rect:
    return pygame.Rect(*r)  # type: ignore[misc]


class GameGeometry(TableGeometry):
    def __init__(self, size: tuple[int, int], players: int, human: int, focus: str = "trick") -> None:
        super().__init__(size, players, human)
        self.seen = 0  # the human's seen cards (blind cards come after them in the fan)
        self.blind = 0
        if focus != "trick":
            self._relayout(size, players, human, focus)

    def _relayout(self, size: tuple[int, int], players: int, human: int, focus: str) -> None:
        """The same derived rects as TableGeometry, for another layout focus (Schwimmen)."""
        w, h = size
        lay = compute_layout(w, h, players, human, focus=focus)
        self.layout = lay
        self.cw, self.ch = lay.card_w, lay.card_h
        self.stock_rect = _rect(lay.stock)
        self.stock = (float(self.stock_rect.centerx), float(self.stock_rect.centery))
        self.status_rect = _rect(lay.status)
        self.buttons_rect = _rect(lay.buttons)
        self.buttons_y = self.buttons_rect.y
        hand = _rect(lay.seat(human).hand)
        self.play_area = pygame.Rect(hand.x, self.status_rect.bottom, hand.w,
                                     self.buttons_rect.y - self.status_rect.bottom)
        self.label = {s.seat: _rect(s.label) for s in lay.seats}
        self.hand_rect = {s.seat: _rect(s.hand) for s in lay.seats}
        self.pile_rect = {s.seat: _rect(s.won_pile) for s in lay.seats}
        self.trick_rect = {s.seat: _rect(s.trick_slot) for s in lay.seats}
        mid = _rect(lay.middle)
        self.middle_rect = mid
        self.info_rect = pygame.Rect(0, 0, max(150, int(lay.table_w * 2.0)), max(54, int(lay.table_h * 0.55)))
        self.info_rect.midright = (self.stock_rect.left - 14, self.stock_rect.centery)
        self.info_rect.left = max(8, self.info_rect.left)
        self.turn_pos = (w // 2, min(mid.bottom + 22, self.buttons_rect.y - 30))
        self.toast_pos = (w // 2, self.turn_pos[1] + max(14, h // 44))

    # --- helpers -------------------------------------------------------------------------------

    def toward_centre(self, r: pygame.Rect, dist: float) -> tuple[float, float]:
        """A point ``dist`` pixels from the centre of ``r`` towards the table's centre."""
        cx, cy = self.layout.centre
        dx, dy = cx - r.centerx, cy - r.centery
        n = max(1.0, (dx * dx + dy * dy) ** 0.5)
        return (r.centerx + dx / n * dist, r.centery + dy / n * dist)

    def seat_box(self, seat: int) -> pygame.Rect:
        return _rect(self.layout.seat(seat).box)

    def width_of(self, zone: str) -> int:
        lay = self.layout
        if zone in ("blind",):
            return lay.card_w
        if zone in ("middle", "packetb", "talon", "discard", "aside"):
            return lay.table_w
        if zone.startswith("meld") or zone.startswith("first") or zone == "turned":
            return lay.small_w
        return super().width_of(zone)

    def place(self, zone: str, i: int, n: int, seat_of: int | None = None) -> tuple[float, float, float, int]:
        lay = self.layout
        if zone == f"hand{self.human}":
            p = lay.hand_fan(n + self.blind)[i]
            return (p.x, p.y, p.angle, p.width)
        if zone == "blind":
            p = lay.hand_fan(self.seen + n)[min(self.seen + i, self.seen + n - 1)]
            return (p.x, p.y, p.angle, p.width)
        if zone in ("middle", "packetb"):
            slot = lay.middle_places()[min(i, 2)]
            return (slot.x, slot.y, 0.0, slot.width)
        if zone == "aside":
            r = self.stock_rect
            return (r.centerx + 6 + i * 0.4, r.top - lay.table_h * 0.15, -8.0, lay.table_w)
        if zone in ("talon", "discard"):
            r = self.stock_rect
            dx = (i - (n - 1) / 2) * lay.table_w * 0.35
            dy = 0.0 if zone == "talon" else lay.table_h * 0.1
            return (r.centerx + dx, r.centery + dy, 0.0 if zone == "talon" else 8.0, lay.table_w)
        if zone == "turned" or zone.startswith("meld"):
            seat = self._forehand if zone == "turned" else int(zone[4:])
            r = self.hand_rect[seat]
            x, y = self.toward_centre(r, lay.small_h * 0.95)
            return (x + (i - (n - 1) / 2) * lay.small_w * 1.05, y, 0.0, lay.small_w)
        if zone.startswith("first"):
            # The first trick lies face up on the side's own won pile, fanned leftwards from the
            # pile's right edge: inside the seat's own region, so it covers no other seat, hand,
            # trick card or the contract box (it used to stand out towards the centre).
            r = self.pile_rect[int(zone[5:])]
            step = lay.small_w * 0.3
            x = r.right - lay.small_w / 2 - (n - 1 - i) * step
            return (x, r.centery + lay.small_h * 0.08, 0.0, lay.small_w)
        return super().place(zone, i, n, seat_of)

    _forehand = 0
