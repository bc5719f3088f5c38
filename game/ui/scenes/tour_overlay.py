"""The guided first deal's panel at the table (issue 23): one small tip at a time, never over the
player's cards.

:func:`maybe_start` is called when a table opens: the guide is offered on the player's first game
of each kind (the setting ``tours_seen`` remembers it, ``tour`` turns the offer off), at the first
deal of a new match; never in a demo, a smoke run, a resumed match or a game without a human seat.  The table then hands the overlay its frames,
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
from game.ui.widgets import BRASS, CREAM, Button, button_width, draw_panel, draw_text, layout_row, pointer_action

SKIP_KEY = pygame.K_F3


def maybe_start(table: Any) -> TourOverlay | None:
    """The guide for this table if it is the player's first game of its kind (and marks it as
    offered in the settings at once: leaving the table early does not offer it again)."""
    app = table.app
    session = getattr(app, "session", None)
    c = table.controller
    if session is None or c is None or c.human_seat is None or app.config.demo or app.config.smoke_deals:
        return None
    if c.round_no != 0 or c.round_over:  # a resumed match is not a first deal
        return None
    s = session.settings
    game = table.game_id
    if not getattr(s, "tour", False) or game not in tour.TOUR_GAMES or game in s.tours_seen:
        return None
    remember(session, s.with_(tours_seen=tuple(s.tours_seen) + (game,)))
    return TourOverlay(game)


def remember(session: Any, new: Any) -> None:
    """Keep and save a bookkeeping setting.  Not ``session.change``: that re-applies every setting
    (and would re-resolve a language given on the command line); nothing on screen changes here."""
    from game import settings as settings_mod

    session.settings = new
    settings_mod.save(new, session.settings_path)
    app_settings = getattr(session.app, "settings", None)  # the app's copy (window size) stays in step
    if isinstance(app_settings, dict):
        app_settings.update(settings_mod.to_dict(new))


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
        self._for_turn = False  # the tip appeared on the player's turn
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
        if c.round_over:
            self.current = None  # the summary speaks now
            return
        mine = c.awaiting_human
        legal = table._legal if mine else ()
        stale = (mine and not self._for_turn and self.current is not None
                 and self.current not in tour.due(self.game_id, table._obs, legal, table.human_seat))
        if self.current is None or stale:
            # a tip whose phase has passed gives way to the one about the player's decision
            tip = tour.next_tip(self.game_id, table._obs, legal, table.human_seat, self.seen)
            if tip is not None:
                self.current = tip
                self.seen.add(tip)
                self._for_turn = mine
                self._moves_at_tip = self._human_moves(table)
                table.app.request_frame()  # a new tip is drawn even while the app rests
        self._layout(table, table.app.size)

    def dismiss(self, table: Any) -> None:
        self.current = None
        self.buttons = []
        self._key = None
        table.app.request_frame()

    def stop(self, table: Any) -> None:
        self.active = False
        self.current = None
        self.buttons = []
        self._key = None
        table.app.request_frame()

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
        from game.ui.scenes.dialog import wrap_text as _wrap  # splits Japanese lines too

        if self.current is None:
            self.buttons = []
            return
        geo = getattr(getattr(table, "presenter", None), "geometry", None)
        phase = getattr(table._obs, "phase", None)
        # re-placed when the buttons or the game's own obstacles (a seat's last action) move
        key = (self.current, size, id(geo), phase, tuple(tuple(b.rect) for b in table.buttons),
               tuple(tuple(r) for r in table.helper.notice_obstacles(size)))
        if getattr(self, "_key", None) == key:
            return
        w, h = size
        fs = max(13, h // 50)
        _title, body = self.texts()
        bh = max(30, int(fs * 2.1))
        wide = min(max(300, int(w * 0.30)), 520)

        labels = (t("tour.ok"), t("tour.skip"))

        def stacked(pw: int) -> bool:
            """The two buttons one above the other when they do not fit side by side."""
            return sum(button_width(x, bh) for x in labels) + 10 > pw - 24

        def shape(pw: int) -> tuple[int, int]:
            lines = _wrap(body, fs, pw - 28)
            rows = 2 if stacked(pw) else 1
            return pw, 12 + int(fs * 1.5) + len(lines) * int(fs * 1.3) + 12 + rows * (bh + 6) + 6

        # narrower (and taller) panels are tried when the wide one would cover something
        self.rect = place(table, pygame.Rect(0, 0, w, h), [shape(int(wide * f)) for f in (1.0, 0.85, 0.7)])
        self._lines = _wrap(body, fs, self.rect.width - 28)
        pw = self.rect.width
        old = {b.action: b.hover for b in self.buttons}
        self.buttons = [Button("tour_ok", labels[0], pygame.Rect(0, 0, 0, 0)),
                        Button("tour_skip", labels[1], pygame.Rect(0, 0, 0, 0))]
        if stacked(pw):
            for i, b in enumerate(self.buttons):
                layout_row([b], self.rect.centerx, self.rect.bottom - (2 - i) * (bh + 6) - 6, bh, max_width=pw - 24)
        else:
            layout_row(self.buttons, self.rect.centerx, self.rect.bottom - bh - 12, bh, max_width=pw - 24)
        for b in self.buttons:
            b.hover = old.get(b.action, False)
        self._size = fs
        self._key = key

    def draw(self, table: Any, surface: pygame.Surface) -> None:
        """The panel as laid out by the last update (drawing changes nothing)."""
        if not self.active or self.current is None or not self.buttons:
            return
        self._layout(table, surface.get_size())  # the buttons may have moved since the update
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


def place(table: Any, screen: pygame.Rect, shapes: list[tuple[int, int]]) -> pygame.Rect:
    """Where the panel goes, and its size (the first of ``shapes`` that fits): never over the
    player's hand; if possible not over its label, key help, buttons or the game's panels (the
    bidding panel), and over as little as possible of the opponents' cards, trick and stock."""
    geo = getattr(getattr(table, "presenter", None), "geometry", None)
    margin = max(8, screen.width // 120)
    top = margin
    hand: pygame.Rect | None = None
    hard: list[pygame.Rect] = []
    soft: list[pygame.Rect] = []
    if geo is not None:
        top = geo.status_rect.bottom + margin
        me = table.human_seat
        hand = geo.hand_rect.get(me)
        if hand is not None:
            hand = hand.inflate(margin * 2, margin * 2)
        label = geo.label.get(me)
        if label is not None:  # the label and the key help drawn just above it
            extra = max(40, screen.height // 14)
            hard.append(pygame.Rect(label.left, label.top - extra, label.width, label.height + extra))
        hard += [b.rect.inflate(margin, margin) for b in getattr(table, "buttons", []) if b.rect.width]
        hard += list(table.helper.notice_obstacles(screen.size))
        for name in ("hand_rect", "label", "trick_rect", "pile_rect"):
            soft += [r for k, r in getattr(geo, name, {}).items() if k != me]
        soft += _rects(geo, "stock_rect") + _rects(geo, "middle_rect")
    best: tuple[int, int, pygame.Rect] | None = None
    for pw, ph in shapes:
        right, bottom = screen.right - margin - pw, screen.bottom - margin - ph
        xs = (right, margin, (screen.width - pw) // 2)
        ys = (top, (top + bottom) // 2, bottom, top + (bottom - top) // 4, top + 3 * (bottom - top) // 4)
        for y in ys:
            for x in xs:
                r = pygame.Rect(x, max(top, y), pw, ph)
                if not screen.contains(r) or (hand is not None and r.colliderect(hand)):
                    continue  # never over the player's own cards
                cost = (sum(_area(r, b) for b in hard), sum(_area(r, s) for s in soft))
                if best is None or cost < best[:2]:
                    best = (cost[0], cost[1], r)
        if best is not None and best[0] == 0:
            break  # this width covers nothing that matters: no need to go narrower
    if best is not None:
        return best[2]
    pw, ph = shapes[-1]
    return pygame.Rect(screen.right - margin - pw, top, pw, ph)  # a very small window: the top right


def _area(a: pygame.Rect, b: pygame.Rect) -> int:
    c = a.clip(b)
    return c.width * c.height
