"""The guided first deal's panel at the table (issue 23): one small tip at a time, never over the
player's cards.

:func:`maybe_start` is called when a table opens: the guide is offered on the player's first game
of each kind (the setting ``tours_seen`` remembers it, ``tour`` turns the offer off), never in a
demo, a smoke run or a game without a human seat.  The table then hands the overlay its frames,
drawing and events (three hooks in ``TableScene``); the game itself goes on underneath: the
player may play while a tip shows, and a move of the player puts the tip away (it was read).

Each tip (``game.ui.tour``) shows once, when its phase first occurs.  "Got it" puts the current
tip away; "Skip the guide" (F3) ends the guide for this game.  Turning the setting off ends it too.

Placement: the panel takes the first of a few places around the table that covers neither the
player's hand, its label and key help, nor the buttons, preferring places that cover the least of
the opponents' cards, the trick and the stock.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import tour
from game.ui.text import t
from game.ui.widgets import BRASS, CREAM, Button, draw_panel, draw_text, layout_row, pointer_action

SKIP_KEY = pygame.K_F3


def maybe_start(table: Any) -> TourOverlay | None:
    """The guide for this table if it is the player's first game of its kind (and marks it as
    offered in the settings at once: leaving the table early does not offer it again)."""
    app = table.app
    session = getattr(app, "session", None)
    c = table.controller
    if session is None or c is None or c.human_seat is None or app.config.demo or app.config.smoke_deals:
        return None
    s = session.settings
    game = table.game_id
    if not getattr(s, "tour", False) or game not in tour.TOUR_GAMES or game in s.tours_seen:
        return None
    session.change(tours_seen=tuple(s.tours_seen) + (game,))
    return TourOverlay(game)


class TourOverlay:
    """The tips of one guided deal: which is showing, which were seen, where the panel goes."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.seen: set[str] = set()
        self.current: str | None = None
        self.active = True
        self.buttons: list[Button] = []
        self.rect = pygame.Rect(0, 0, 0, 0)
        self._moves_at_tip = 0
        self._round: int | None = None
        self._key: tuple[Any, ...] | None = None
        self._lines: list[str] = []
        self._size = 14

    # --- state ------------------------------------------------------------------------------

    def _human_moves(self, table: Any) -> int:
        c = table.controller
        return sum(1 for _r, seat, _m in c.move_log if seat == c.human_seat)

    def update(self, table: Any) -> None:
        if not self.active:
            return
        session = getattr(table.app, "session", None)
        if session is not None and not getattr(session.settings, "tour", True):
            self.stop(table)  # turned off in the settings while playing
            return
        c = table.controller
        if self._round is None:
            self._round = c.round_no
        elif c.round_no != self._round:  # the guided deal is over: the guide ends with it
            self.stop(table)
            return
        if self.current is not None and self._human_moves(table) > self._moves_at_tip:
            self.current = None  # the player acted while the tip showed: it was read
        if self.current is None and not c.round_over:
            legal = table._legal if c.awaiting_human else ()
            tip = tour.next_tip(self.game_id, table._obs, legal, table.human_seat, self.seen)
            if tip is not None:
                self.current = tip
                self.seen.add(tip)
                self._moves_at_tip = self._human_moves(table)
                table.app._needs_frame = True  # a new tip is drawn even while the app rests
        self._layout(table, table.app.size)

    def dismiss(self, table: Any) -> None:
        self.current = None
        self.buttons = []
        self._key = None
        table.app._needs_frame = True

    def stop(self, table: Any) -> None:
        self.active = False
        self.current = None
        self.buttons = []
        self._key = None
        table.app._needs_frame = True

    # --- input ------------------------------------------------------------------------------

    def handle_event(self, table: Any, event: pygame.event.Event) -> bool:
        """True when the event was the guide's (its key, its buttons, a click on its panel)."""
        if not self.active or self.current is None:
            return False
        if event.type == pygame.KEYDOWN and event.key == SKIP_KEY:
            self.stop(table)
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            action = pointer_action(self.buttons, event)
            if action == "tour_skip":
                self.stop(table)
                return True
            if action == "tour_ok":
                self.dismiss(table)
                return True
            return event.type != pygame.MOUSEMOTION and self.rect.collidepoint(event.pos)
        return False

    # --- drawing ----------------------------------------------------------------------------

    def texts(self) -> tuple[str, str]:
        tip = self.current or ""
        return t(f"tour.{tip}.title"), t(f"tour.{tip}.body")

    def _layout(self, table: Any, size: tuple[int, int]) -> None:
        """The panel's place, its wrapped lines and its buttons for this tip and window size."""
        from game.ui.scenes.summary import _wrap

        if self.current is None:
            self.buttons = []
            return
        key = (self.current, size, len(table.buttons))
        if getattr(self, "_key", None) == key:
            return
        w, h = size
        fs = max(13, h // 50)
        pw = min(max(300, int(w * 0.30)), 520)
        title, body = self.texts()
        self._lines = _wrap(body, fs, pw - 28)
        bh = max(30, int(fs * 2.1))
        ph = 12 + int(fs * 1.5) + len(self._lines) * int(fs * 1.3) + 12 + bh + 12
        self.rect = place(table, pygame.Rect(0, 0, w, h), (pw, ph))
        old = {b.action: b.hover for b in self.buttons}
        self.buttons = [Button("tour_ok", t("tour.ok"), pygame.Rect(0, 0, 0, 0)),
                        Button("tour_skip", t("tour.skip"), pygame.Rect(0, 0, 0, 0))]
        layout_row(self.buttons, self.rect.centerx, self.rect.bottom - bh - 10, bh, max_width=pw - 24)
        for b in self.buttons:
            b.hover = old.get(b.action, False)
        self._size = fs
        self._key = key

    def draw(self, table: Any, surface: pygame.Surface) -> None:
        """The panel as laid out by the last update (drawing changes nothing)."""
        if not self.active or self.current is None or not self.buttons:
            return
        r, fs = self.rect, self._size
        title, _body = self.texts()
        draw_panel(surface, r, (16, 44, 30, 238), border=BRASS)
        y = r.top + 12
        draw_text(surface, t("tour.label", title=title), (r.left + 14, y), int(fs * 1.1), BRASS, bold=True,
                  max_width=r.width - 28)
        y += int(fs * 1.5)
        for line in self._lines:
            draw_text(surface, line, (r.left + 14, y), fs, CREAM)
            y += int(fs * 1.3)
        for b in self.buttons:
            b.draw(surface)


def _rects(obj: Any, name: str) -> list[pygame.Rect]:
    v = getattr(obj, name, None)
    if isinstance(v, pygame.Rect):
        return [v]
    if isinstance(v, dict):
        return [r for r in v.values() if isinstance(r, pygame.Rect)]
    return []


def place(table: Any, screen: pygame.Rect, size: tuple[int, int]) -> pygame.Rect:
    """Where the panel goes: never over the player's hand, label, key help or buttons."""
    geo = getattr(getattr(table, "presenter", None), "geometry", None)
    pw, ph = size
    margin = max(8, screen.width // 120)
    top = margin
    hard: list[pygame.Rect] = []
    soft: list[pygame.Rect] = []
    if geo is not None:
        top = geo.status_rect.bottom + margin
        me = table.human_seat
        hand, label = geo.hand_rect.get(me), geo.label.get(me)
        if hand is not None:
            hard.append(hand.inflate(margin * 2, margin * 2))
        if label is not None:  # the label and the key help drawn just above it
            hard.append(pygame.Rect(label.left, label.top - max(40, screen.height // 14), label.width,
                                    label.height + max(40, screen.height // 14)))
        hard += [b.rect for b in getattr(table, "buttons", []) if b.rect.width]
        hard += _rects(geo, "buttons_rect") if getattr(table, "buttons", []) else []
        for name in ("hand_rect", "label", "trick_rect", "pile_rect"):
            soft += [r for k, r in getattr(geo, name, {}).items() if k != me]
        soft += _rects(geo, "stock_rect") + _rects(geo, "middle_rect") + _rects(geo, "info_rect")
    right, bottom = screen.right - margin - pw, screen.bottom - margin - ph
    mid = (top + bottom) // 2
    spots = [(screen.right - margin - pw, top), (margin, top), (right, mid), (margin, mid),
             ((screen.width - pw) // 2, top), (right, bottom), (margin, bottom)]
    best: tuple[int, pygame.Rect] | None = None
    for x, y in spots:
        r = pygame.Rect(x, max(top, y), pw, ph)
        if not screen.contains(r) or any(r.colliderect(x) for x in hard):
            continue
        cost = sum(r.clip(s).width * r.clip(s).height for s in soft)
        if best is None or cost < best[0]:
            best = (cost, r)
    if best is not None:
        return best[1]
    return pygame.Rect(screen.right - margin - pw, top, pw, ph)  # a very small window: the top right
