"""The table scene: one scene for every game; a per-game helper adds that game's details.

Frame flow (ARCHITECTURE.md "The controller and the frame loop"): ``update`` advances the
presenter's timelines; only when they are idle does it call ``controller.tick`` and turn the
drained events into new timelines.  A click, drag or key becomes a move only through
``perform``, which submits it to the controller and shows the ``IllegalMove`` reason when it is
refused, in the player's language (``game.ui.refusal_text``).  At the end of a deal the summary overlay opens; at the end of the match the score
sheet.

Rooms: the game's details come from its helper (:mod:`game.ui.table_protocol`), the cards
from the presenter (:mod:`game.ui.presenter`), input from :mod:`table_input`, the match's
wiring from :mod:`table_setup`, notice placement and key help from :mod:`table_notice`.

Smoke mode (``main.py --smoke N``): a bot chooses the human seat's moves and they go through the
same ``perform`` path; the scene quits the app after N deals.
"""

from __future__ import annotations

import importlib
import logging
from random import Random
from typing import Any

import pygame

from game.ui.app import App, Scene
from game.ui.scenes import TABLE_HELPERS
from game.ui.scenes.table_input import TableInput
from game.ui.scenes.table_notice import draw_key_help, notice_spot
from game.ui.style import draw_cloth, type_px
from game.ui.table_protocol import TableHelper
from game.ui.text import t
from game.ui.widgets import (
    MUTED,
    Button,
    StatusLine,
    draw_text,
    layout_rows,
)

log = logging.getLogger(__name__)


class TableScene(TableInput, Scene):
    def __init__(self, app: App, game_id: str = "schnapsen", level: str = "player", controller: Any = None) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.level = level
        self.controller = controller
        self.helper: TableHelper = None  # type: ignore[assignment]  # made in enter()
        self.presenter: Any = None
        self.status = StatusLine()
        self._notice_cache: tuple[tuple[str, tuple[int, int], str], tuple[tuple[int, int], int] | None] | None = None
        self.buttons: list[Button] = []
        self.menu_button = Button("menu", t("btn.menu"), pygame.Rect(0, 0, 0, 0))
        self.hover_card: Any = None
        self.selected = -1  # keyboard cursor in the hand
        self.press: tuple[Any, tuple[int, int]] | None = None  # (card, press position)
        self.dragging = False
        self.show_last_trick = False
        self.show_points = app.config.show_points
        self.trumps_first = True
        #: "suit" (the game's own order), "rank" or "none" (as dealt): a setting.
        self.hand_sorting = "suit"
        #: Dim the cards that may not be played (a setting; game.ui.session applies it).
        self.highlight_legal = True
        self.deals_done = 0
        self.summary_open = False
        self.autoplay = app.config.smoke_deals > 0
        self._auto_rng = Random(app.config.seed or 0)
        self._agent: Any = None
        self._obs: Any = None
        self._legal: tuple[Any, ...] = ()
        #: The match was handed to the session when the player left (the menu's Continue).
        self._kept = False
        #: The guided first deal's tips (game.ui.scenes.tour_overlay), None when not offered.
        self.tour: Any = None

    # --- lifecycle -----------------------------------------------------------------------------

    def enter(self) -> None:
        if self.controller is None:
            self.controller = self._make_controller()
        module = importlib.import_module(TABLE_HELPERS[self.game_id])
        self.helper = module.make_helper(self)
        from game.ui.presenter import Presenter

        self.presenter = Presenter(self, speed=self.app.config.speed)
        self._refresh()
        self._present(self.controller.drain_events())
        self._warm_up()
        from game.ui.scenes import tour_overlay

        if self.tour is None:
            self.tour = tour_overlay.maybe_start(self)

    def _warm_up(self) -> None:
        """Render every card face, the back and the table's text once, off screen, so the
        first frames of the deal do not stall on art and font loading."""
        from game.ui.scenes.summary import warm_fonts

        self.presenter.warm_up()
        self.draw(pygame.Surface(self.app.size))
        warm_fonts(self.app.size)

    def exit(self) -> None:
        if self.controller is not None and not self._kept:
            self.controller.close()

    def _make_controller(self) -> Any:
        from game.ui.scenes.table_setup import make_controller

        return make_controller(self.app.config, self.game_id, self.level)

    # --- seats ---------------------------------------------------------------------------------

    @property
    def human_seat(self) -> int:
        c = self.controller
        seat = c.round_seat(c.human_seat) if c.human_seat is not None else 0
        return 0 if seat is None else seat

    def seat_name(self, seat: int) -> str:
        if self.controller.human_seat is None:  # demo: bots only, numbered from 1
            return f"{t('seat.bot')} {seat + 1}"
        if seat == self.human_seat:
            return t("seat.you")
        return t("seat.bot") if self.controller.players == 2 else f"{t('seat.bot')} {seat + 1}"

    def helper_sort(self, cards: list[Any]) -> list[Any]:
        """The human's hand order (trumps first) for cards the presenter holds."""
        return self.helper.sort_cards(cards, self._obs)

    def relabel(self) -> None:
        """The language changed: the menu button and the game's buttons in the new words."""
        self.menu_button.label = t("btn.menu")
        if self.presenter is not None and self.controller is not None:
            self._refresh()

    # --- the frame loop ------------------------------------------------------------------------

    def _refresh(self) -> None:
        """Re-read the observation and the legal moves; rebuild the buttons."""
        self._obs = self.controller.observation()
        self._legal = self.controller.legal_moves() if self.controller.human_seat is not None else ()
        self.buttons = self.helper.buttons(self._legal, self._obs) if self._legal else []
        self._layout_buttons()

    def _layout_buttons(self) -> None:
        w, h = self.app.size
        geo = self.presenter.geometry if self.presenter else None
        y = geo.buttons_y if geo else h - 260
        bh = max(36, h // 18)
        if not self.helper.layout_buttons(self.buttons, geo, (w, h)):  # e.g. the bidding panel's grid
            room = geo.buttons_rect.width if geo is not None else w - 80
            layout_rows(self.buttons, w // 2, y, bh, max_width=room)
        if geo is not None:
            st = geo.status_rect
            self.menu_button.rect = pygame.Rect(st.right - 100, st.top, 100, st.height)

    def update(self, dt: float) -> None:
        self.status.update(dt)
        self.presenter.update(dt)
        if self.tour is not None:
            self.tour.update(self)
        if not self.presenter.idle:
            return
        c = self.controller
        if c.round_over:
            if not self.summary_open:
                self._open_summary()
            return
        c.tick(self.app.now)
        events = c.drain_events()
        if events:
            self._present(events)
        elif self.autoplay and c.awaiting_human:
            self._autoplay_move()

    def busy(self) -> bool:
        """Cards moving, a message fading, a bot's turn, the summary about to open: keep the
        frame rate.  Waiting for the player's click is not busy (the app rests)."""
        c, p = self.controller, self.presenter
        if c is None or p is None or not p.idle or self.autoplay:
            return True
        if self.status.toast_left > 0 or self.status.notice_left > 0:
            return True
        if c.round_over:
            return not self.summary_open
        return not c.awaiting_human

    def _present(self, events: list[Any]) -> None:
        self._refresh()
        for e in events:
            text = self.helper.describe(e, self._obs)
            if text:
                self.status.say(text)
        self.presenter.present(events, self._obs)
        self._layout_buttons()

    def perform(self, move: Any) -> bool:
        """Submit the human's move; a refused move shows its reason.  Returns True if applied."""

        if move is None or self.controller.round_over or not self.controller.awaiting_human:
            return False
        if not self.presenter.idle:
            self.presenter.skip()
        if self._claim_surely_false(move):
            self._ask_before_claim(move)
            return False
        return self._submit(move)

    def _claim_surely_false(self, move: Any) -> bool:
        """A claim of 66 that the player's own counted points cannot support (a Bummerl saved
        for a click); the setting ``confirm_claims`` turns the question off for purists."""
        if move.kind != "declare" or self.autoplay:
            return False
        session = getattr(self.app, "session", None)
        if session is not None and not getattr(session.settings, "confirm_claims", True):
            return False
        points = getattr(self._obs, "points", None)  # Schnapsen: own card points + marriages
        return isinstance(points, int) and points < 66

    def _ask_before_claim(self, move: Any) -> None:
        from game.ui.scenes.dialog import DialogScene

        if self.app.scene is not self:
            return  # a question (this one or another) is open: one at a time

        def claim() -> None:
            if self.controller.awaiting_human and move in self.controller.legal_moves():
                self._submit(move)

        self.app.push(DialogScene(self.app, t("claim.title"), t("claim.body", points=self._obs.points),
                                  on_confirm=claim, confirm_label=t("claim.yes"), destructive=True))

    def _submit(self, move: Any) -> bool:
        from game.rules.base import IllegalMove
        from game.ui.refusal_text import translate_refusal

        try:
            self.controller.submit(move)
        except IllegalMove as e:
            reason = translate_refusal(e.reason, str(getattr(self.app.config, "deck_style", "french")))
            self.status.refuse(t("status.refused", reason=reason))
            self.presenter.refuse(move)
            return False
        self.selected = -1
        self._present(self.controller.drain_events())
        return True

    def auto_agent(self) -> Any:
        """The bot that plays the human seat in smoke runs and benchmarks (made once)."""
        if self._agent is None:
            from ai.base import make_agent

            self._agent = make_agent(self.game_id, "beginner", self.human_seat)
        return self._agent

    def _autoplay_move(self) -> None:
        obs = self.controller.observation()
        legal = self.controller.legal_moves()
        self.perform(self.auto_agent().choose(obs, legal, self._auto_rng))

    def _open_summary(self) -> None:
        self.summary_open = True
        self.deals_done += 1
        smoke = self.app.config.smoke_deals
        if smoke and (self.deals_done >= smoke or self.controller.match_over):
            log.info("smoke: %d deal(s) played", self.deals_done)
            self.app.quit(0)
            return
        self.app.push(self.helper.summary_scene())

    def next_deal(self) -> None:
        """Called by the summary: deal the next round (or a new match after the last one)."""
        self.summary_open = False
        self.show_last_trick = False
        if self.controller.match_over:
            self.controller.close()
            self.controller = self._make_controller()
            # a new match may have other options (a Schwimmen pack of 52 instead of 32): the
            # game's helper is made for it anew, and the presenter's cards with it
            self.helper = importlib.import_module(TABLE_HELPERS[self.game_id]).make_helper(self)
            self.presenter.reset()
        else:
            self.controller.next_round()
        self._present(self.controller.drain_events())

    def back_to_menu(self) -> None:
        """Leave the table; a match in progress is kept, and the menu offers to continue it."""
        from game.ui.scenes.menu import MenuScene

        session = getattr(self.app, "session", None)
        if session is not None and self.controller is not None:
            self._kept = session.guard.keep(self.controller)
        self.app.replace(MenuScene(self.app))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.tour is not None and self.tour.handle_event(self, event):
            return True  # the guide's key or buttons
        return super().handle_event(event)

    # --- drawing -------------------------------------------------------------------------------

    def legal_cards(self) -> set[Any]:
        return {m.cards[0] for m in self._legal if m.kind == "play" and m.cards}

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        draw_cloth(surface)  # the cached cloth (game.ui.style): one blit
        geo = self.presenter.geometry
        self.presenter.draw(surface)
        # While a refusal toast shows, it takes the place of the "your turn" line.
        to_move = self.controller.to_move
        if self.controller.round_over or self.status.toast or (to_move == self.human_seat and not self.presenter.idle):
            to_move = None
        self.helper.draw_hud(surface, self._obs, geo, to_move)
        if self.show_last_trick:
            self.presenter.draw_last_trick(surface, self._obs)
        if self.presenter.idle:  # decisions appear once the table has come to rest
            for b in self.buttons:
                b.draw(surface)
        self.menu_button.draw(surface)
        self.helper.draw_overlay(surface)  # e.g. the active rules (R)
        status = geo.status_rect
        self._draw_match_score(surface, status)
        inner = pygame.Rect(status.left + status.width // 5, status.top, status.width * 3 // 5, status.height)
        self.status.draw(surface, inner, toast_at=geo.toast_pos, notice_at=self._notice_pos(surface, inner))
        hl = geo.label[self.human_seat]
        draw_key_help(surface, self.helper.help_text(), (hl.left, hl.top - 6), type_px("small", h),
                      max(hl.width, geo.hand_rect[self.human_seat].left - hl.left - 8))
        if self.tour is not None:  # the guide's tip, beside the player's cards, never over them
            self.tour.draw(self, surface)
        from game.ui.scenes import move_log  # the move log panel (Tab), over everything else

        move_log.draw(self, surface)

    def _notice_pos(self, surface: pygame.Surface, inner: pygame.Rect) -> tuple[tuple[int, int], int] | None:
        """Where a notice goes (cached per notice, size and phase): :func:`table_notice.notice_spot`."""
        if not self.status.notice:
            return None
        key = (self.status.notice, surface.get_size(), getattr(self._obs, "phase", ""))
        if self._notice_cache is not None and self._notice_cache[0] == key:
            return self._notice_cache[1]
        at = notice_spot(self, surface, inner)
        self._notice_cache = (key, at)
        return at

    def _draw_match_score(self, surface: pygame.Surface, status: pygame.Rect) -> None:
        h = surface.get_height()
        draw_text(surface, self.helper.match_score_text(), (status.left + 6, status.centery), max(13, h // 46), MUTED,
                  anchor="midleft", max_width=status.width // 5 - 8)
