"""Watching the bots in Schwimmen after the player is out: deals run by themselves.

Once the human seat is eliminated the match goes on among the bots.  Rather than waiting for a
click on "Next deal" after every deal, the summary counts down and deals on by itself; the pace
(slow, normal, fast, fastest) scales the card animations, the bots' pause and the summary's
countdown together and can be changed at the table and on the summary (− / +).  "Skip to the
end" (E) plays the rest of the match at once (:class:`FastForward`, a progress overlay that
advances the controller in frame-sized slices so the window stays responsive) and then the
table opens the final sheet.

The bots decide exactly as when watched (same agents, same per-decision seeds), so a skipped
match ends as the watched one would have, and its moves are saved and counted like any others.

Glossary: schwimmen = playing on with no lives left; ausgeschieden = out (eliminated).
"""

from __future__ import annotations

import time
from typing import Any

import pygame

from game.i18n import tn
from game.ui.app import App, Scene
from game.ui.scenes.table_family_text import t
from game.ui.widgets import BRASS, CREAM, Button, draw_panel, draw_text, layout_row, shade

#: (label key, factor): the factor multiplies the animation speed and divides the pauses.
PACES: tuple[tuple[str, float], ...] = (
    ("watch.pace.slow", 0.5), ("watch.pace.normal", 1.0), ("watch.pace.fast", 2.0), ("watch.pace.fastest", 4.0))
#: Seconds the summary stays between watched deals at normal pace.
DEAL_PAUSE = 3.0
#: Seconds of each frame the fast-forward may spend on the bots' decisions.
SLICE = 0.012

FASTER_KEYS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
SLOWER_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS)
SKIP_KEY = pygame.K_e


def watching(controller: Any) -> bool:
    """The human has a seat, is out, and the bots still play on."""
    seat = controller.human_seat
    return seat is not None and bool(controller.match.out[seat]) and not controller.match_over


def knocked_out_this_deal(controller: Any) -> bool:
    """The deal just finished is the one that put the human out (its summary waits for a click)."""
    seat = controller.human_seat
    history = controller.match.history
    if seat is None or not history or not controller.round_over:
        return False
    before = history[-2].out_after[seat] if len(history) > 1 else False
    return bool(history[-1].out_after[seat]) and not before


class Watch:
    """The watching pace of one table, kept across deals (lives in the Schwimmen helper)."""

    def __init__(self) -> None:
        self.pace = 1

    @property
    def factor(self) -> float:
        return PACES[self.pace][1]

    def pace_name(self) -> str:
        return t(PACES[self.pace][0])

    def change(self, step: int) -> bool:
        new = max(0, min(len(PACES) - 1, self.pace + step))
        changed = new != self.pace
        self.pace = new
        return changed

    def deal_pause(self) -> float:
        return DEAL_PAUSE / self.factor

    def apply(self, table: Any) -> None:
        """Scale the table's animation speed and the bots' pause by the pace while watching;
        back to the settings' values otherwise (a new match)."""
        c, p = table.controller, getattr(table, "presenter", None)
        if c is None:
            return
        f = self.factor if watching(c) else 1.0
        cfg = table.app.config
        c.bot_pause = cfg.bot_pause / f
        if p is not None:
            p.anim.speed = cfg.speed * f

    def handle_key(self, key: int, table: Any) -> bool:
        """− / + change the pace, E skips to the end; only while watching."""
        if not watching(table.controller):
            return False
        if key in FASTER_KEYS or key in SLOWER_KEYS:
            self.change(1 if key in FASTER_KEYS else -1)
            self.apply(table)
            return True
        if key == SKIP_KEY:
            skip_to_end(table)
            return True
        return False

    # --- the strip at the table while a watched deal runs --------------------------------------

    def buttons(self, size: tuple[int, int]) -> tuple[pygame.Rect, list[Button]]:
        """The strip's panel and buttons at the bottom of the table (pure geometry)."""
        w, h = size
        bh = max(30, h // 22)
        panel = pygame.Rect(0, 0, min(w - 40, max(560, w // 2)), bh * 2 + 24)
        panel.midbottom = (w // 2, h - max(10, h // 60))
        items = [Button("slower", t("watch.btn.slower"), pygame.Rect(0, 0, 0, 0), key=pygame.K_MINUS),
                 Button("faster", t("watch.btn.faster"), pygame.Rect(0, 0, 0, 0), key=pygame.K_PLUS),
                 Button("skip", t("watch.btn.skip"), pygame.Rect(0, 0, 0, 0), key=SKIP_KEY, default=True)]
        items[0].enabled = self.pace > 0
        items[1].enabled = self.pace < len(PACES) - 1
        layout_row(items, panel.centerx, panel.bottom - bh - 8, bh, max_width=panel.width - 20)
        return panel, items

    def handle_press(self, pos: tuple[int, int], table: Any) -> bool:
        if not watching(table.controller):
            return False
        panel, items = self.buttons(table.app.size)
        for b in items:
            if b.hit(pos):
                if b.action == "skip":
                    skip_to_end(table)
                else:
                    self.change(1 if b.action == "faster" else -1)
                    self.apply(table)
                return True
        return panel.collidepoint(pos)

    def draw_strip(self, surface: pygame.Surface, table: Any) -> None:
        if not watching(table.controller) or table.summary_open:
            return
        panel, items = self.buttons(surface.get_size())
        draw_panel(surface, panel, (12, 36, 24, 225), border=BRASS)
        size = max(13, surface.get_height() // 46)
        draw_text(surface, t("watch.strip", pace=self.pace_name()), (panel.centerx, panel.top + 8), size, CREAM,
                  anchor="midtop", max_width=panel.width - 24)
        for b in items:
            b.draw(surface)


def skip_to_end(table: Any) -> None:
    """Finish the animations and play the rest of the match at once (a progress overlay)."""
    if table.presenter is not None:
        table.presenter.skip()
    table.app.push(FastForward(table.app, table))


class FastForward(Scene):
    """Plays the bots' remaining deals without animation, a slice of each frame at a time, then
    lets the table open the final sheet.  Esc leaves for the menu (the match is kept)."""

    overlay = True

    def __init__(self, app: App, table: Any) -> None:
        super().__init__(app)
        self.table = table
        self.controller = table.controller
        self.done = False
        self._processes = self.controller.use_processes

    def enter(self) -> None:
        # Inline decisions: no process round trip per move (the frame budget bounds the work).
        self.controller.use_processes = False
        self.controller.bot_pause = 0.0

    def busy(self) -> bool:
        return not self.done

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._restore()
            self.table.back_to_menu()
        return True  # nothing reaches the table meanwhile

    def update(self, dt: float) -> None:
        if self.done:
            return
        c = self.controller
        end = time.perf_counter() + SLICE
        while time.perf_counter() < end:
            if c.match_over or c.awaiting_human:  # awaiting_human: not out after all (never expected)
                self._finish()
                return
            if c.round_over:
                c.next_round()
                continue
            before = len(c.move_log)
            c.tick()
            if len(c.move_log) == before:
                break  # a worker still thinks about a decision started before the skip
        c.drain_events()

    def _restore(self) -> None:
        self.controller.use_processes = self._processes
        self.controller.bot_pause = self.table.app.config.bot_pause

    def _finish(self) -> None:
        """Re-sync the table's cards to the last deal, then let the table open the sheet."""
        self.done = True
        self._restore()
        c = self.controller
        c.drain_events()
        p = self.table.presenter
        if p is not None:
            p.anim.speed = self.table.app.config.speed
            p.sync(c.observation())
            p.skip()
        self.table.summary_open = False  # the table's next update opens the (final) summary
        if self.app.scene is self:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(shade(surface.get_size()), (0, 0))
        w, h = surface.get_size()
        size = max(15, h // 36)
        panel = pygame.Rect(0, 0, min(w - 60, 640), size * 6)
        panel.center = (w // 2, h // 2)
        draw_panel(surface, panel, (12, 36, 24, 240), border=BRASS)
        draw_text(surface, t("watch.skipping"), (panel.centerx, panel.top + size), int(size * 1.3), BRASS, bold=True,
                  anchor="midtop", max_width=panel.width - 40)
        deal = t("watch.deal_no", n=self.controller.match.round_no + 1)
        left = tn("watch.players_left", sum(self.controller.match.active))
        draw_text(surface, f"{deal} · {left}", (panel.centerx, panel.top + int(size * 3.4)), size, CREAM,
                  anchor="midtop", max_width=panel.width - 40)
