"""Zone placement for the presenter, built on the pure seat geometry of :mod:`game.ui.layout`.

``layout.compute_layout`` says where every seat's label, hand, won pile and trick slot lie and
where the stock, turn-up, buttons and status line go, for 2..9 seats.  This adapter answers the
presenter's one question, "where does the i-th of n cards of zone Z go, how big and at what
angle", and names the few points the HUD needs.  Zones: ``hand<seat>``, ``trick``, ``stock``,
``deck``, ``turnup``, ``pile<seat>``, ``show`` (a marriage shown by a bot).
"""

from __future__ import annotations

import pygame

from game.ui.layout import compute_layout


def _rect(r: object) -> pygame.Rect:
    return pygame.Rect(*r)  # type: ignore[misc]


class TableGeometry:
    def __init__(self, size: tuple[int, int], players: int, human: int) -> None:
        w, h = size
        self.size = size
        self.human = human
        self.players = players
        lay = compute_layout(w, h, players, human, focus="trick")
        self.layout = lay
        self.cw, self.ch = lay.card_w, lay.card_h
        self.stock_rect = _rect(lay.stock)
        self.stock = (float(self.stock_rect.centerx), float(self.stock_rect.centery))
        self.status_rect = _rect(lay.status)
        self.buttons_rect = _rect(lay.buttons)
        self.buttons_y = self.buttons_rect.y
        hand = _rect(lay.seat(human).hand)
        self.play_area = pygame.Rect(hand.x, self.status_rect.bottom, hand.w, self.buttons_rect.y - self.status_rect.bottom)
        self.label = {s.seat: _rect(s.label) for s in lay.seats}
        self.hand_rect = {s.seat: _rect(s.hand) for s in lay.seats}
        self.pile_rect = {s.seat: _rect(s.won_pile) for s in lay.seats}
        self.trick_rect = {s.seat: _rect(s.trick_slot) for s in lay.seats}
        #: The middle of the table a game keeps cards in (Schwimmen's; None: no such place).
        self.middle_rect: pygame.Rect | None = None
        # The trump badge sits left of the stock and turn-up; the turn line below the trick.
        self.info_rect = pygame.Rect(0, 0, max(150, int(lay.table_w * 2.0)), max(54, int(lay.table_h * 0.55)))
        self.info_rect.midright = (_rect(lay.turnup).left - 14, self.stock_rect.centery)
        self.info_rect.left = max(8, self.info_rect.left)
        trick_bottom = max(r.bottom for r in self.trick_rect.values())
        self.turn_pos = (w // 2, min(trick_bottom + 22, self.buttons_rect.y - 30))
        self.toast_pos = (w // 2, self.turn_pos[1] + max(14, h // 44))

    def seat_box(self, seat: int) -> pygame.Rect:
        """Everything drawn for a seat besides its hand: here its label."""
        return pygame.Rect(self.label[seat])

    def width_of(self, zone: str) -> int:
        lay = self.layout
        if zone == f"hand{self.human}":
            return lay.card_w
        if zone.startswith("hand") or zone.startswith("pile"):
            return lay.small_w
        if zone in ("trick", "show"):
            return lay.trick_w
        return lay.table_w

    def place(self, zone: str, i: int, n: int, seat_of: int | None = None) -> tuple[float, float, float, int]:
        """(x, y, angle, width) of the i-th of n cards in ``zone``."""
        lay = self.layout
        if zone.startswith("hand"):
            seat = int(zone[4:])
            if seat == self.human:
                p = lay.hand_fan(n)[i]
            else:
                p = lay.opponent_hand(seat, n)[i]
            return (p.x, p.y, p.angle, p.width)
        if zone == "trick":
            r = self.trick_rect.get(seat_of if seat_of is not None else self.human, self.trick_rect[self.human])
            tilt = 4.0 if seat_of == self.human else -5.0
            return (float(r.centerx), float(r.centery), tilt, lay.trick_w)
        if zone in ("stock", "deck"):
            return (self.stock[0] - i * 0.5, self.stock[1] - i * 0.7, 0.0, lay.table_w)
        if zone == "turnup":
            r = _rect(lay.turnup)
            return (float(r.centerx), float(r.centery), 90.0, lay.table_w)
        if zone.startswith("pile"):
            r = self.pile_rect[int(zone[4:])]
            return (r.centerx + (i // 2) * 0.8, r.centery - (i // 2) * 0.8, 6.0 if i % 2 else -5.0, lay.small_w)
        if zone == "show":
            seat = next((s for s in self.hand_rect if s != self.human), self.human)
            r = self.hand_rect[seat]
            y = r.bottom + lay.trick_h * 0.55 + 6
            return (r.centerx + (i - (n - 1) / 2) * lay.trick_w * 1.08, y, 0.0, lay.trick_w)
        return (self.size[0] / 2, self.size[1] / 2, 0.0, lay.table_w)
